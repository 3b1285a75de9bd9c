import { DictionaryScreen } from './DictionaryScreen';

/** 系统字典 (`/system/dict`): the platform's dictionaries. */
export default function DictPage() {
  return <DictionaryScreen variant="dict" />;
}
