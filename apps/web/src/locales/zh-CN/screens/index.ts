import { home } from './home';
import { notice } from './notice';
import { param } from './param';
import { profile } from './profile';
import { selfCheck } from './selfCheck';

/** One file per console screen (`screens.<screen>.<key>`); a new screen adds its file here. */
export const screens = { param, notice, profile, home, selfCheck };
