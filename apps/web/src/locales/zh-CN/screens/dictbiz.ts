import { dict } from './dict';

export const dictbiz = { ...dict, parentTitle: '业务字典' };
