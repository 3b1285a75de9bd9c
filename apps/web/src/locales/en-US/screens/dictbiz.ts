import type { Messages } from '../../zh-CN';
import { dict } from './dict';

export const dictbiz: Messages['screens']['dictbiz'] = { ...dict, parentTitle: 'Business dictionaries' };
