import type { Messages } from '../../zh-CN';
import { home } from './home';
import { notice } from './notice';
import { param } from './param';
import { profile } from './profile';
import { selfCheck } from './selfCheck';

export const screens: Messages['screens'] = { param, notice, profile, home, selfCheck };
