import type { AppModule } from '../platform/deps.js';
import { authModule } from './auth/routes.js';
import { dashboardModule } from './desk/dashboard/routes.js';
import { noticeModule } from './desk/notice/routes.js';
import { healthModule } from './health/routes.js';
import { errorLogModule } from './log/error/routes.js';
import { ossModule } from './resource/oss/routes.js';
import { dictModule } from './system/dict/routes.js';
import { menuModule } from './system/menu/routes.js';
import { orgLookupModule } from './system/org/routes.js';
import { paramModule } from './system/param/routes.js';
import { selfCheckModule } from './system/self-check/routes.js';
import { siteModule } from './system/site/routes.js';
import { userModule } from './user/routes.js';

/** Every feature module of the API, registered by `buildApp` in this order. A new module is one line here. */
export const appModules: readonly AppModule[] = [
  healthModule,
  authModule,
  siteModule,
  paramModule,
  userModule,
  menuModule,
  noticeModule,
  errorLogModule,
  ossModule,
  dictModule,
  orgLookupModule,
  selfCheckModule,
  dashboardModule,
];
