import { DictionaryScreen } from './DictionaryScreen';

/** 业务字典 (`/system/dictbiz`): the signed-in tenant's own dictionaries (the `flow` routes among them). */
export default function DictBizPage() {
  return <DictionaryScreen variant="dictbiz" />;
}
