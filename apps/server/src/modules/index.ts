import type { AppModule } from '../platform/deps.js';
import { authModule } from './auth/routes.js';
import { registerBusinessBindings } from './bindings.js';
import { chatModule } from './chat/routes.js';
import { dashboardModule } from './desk/dashboard/routes.js';
import { noticeModule } from './desk/notice/routes.js';
import { flowModule } from './flow/routes.js';
import { healthModule } from './health/routes.js';
import { apiLogModule } from './log/api/routes.js';
import { errorLogModule } from './log/error/routes.js';
import { usualLogModule } from './log/usual/routes.js';
import { wxModule } from './mp/wx/routes.js';
import { notifyModule } from './notify/routes.js';
import { agentCompanyModule } from './patent/company.js';
import { patentModule } from './patent/routes.js';
import { leadModule } from './portal/lead/routes.js';
import { portalSiteModule } from './portal/site/routes.js';
import { attachModule } from './resource/attach/routes.js';
import { ossConfigModule } from './resource/oss/config-routes.js';
import { ossModule } from './resource/oss/routes.js';
import { signinModule } from './signin/routes.js';
import { deptModule } from './system/authority/dept.js';
import { grantTreeModule } from './system/authority/grant-tree.js';
import { roleModule } from './system/authority/role.js';
import { scopeModule } from './system/authority/scope.js';
import { clientModule } from './system/client/routes.js';
import { datasourceModule } from './system/datasource/routes.js';
import { dictModule } from './system/dict/routes.js';
import { menuModule } from './system/menu/routes.js';
import { onlineModule } from './system/online/routes.js';
import { orgLookupModule } from './system/org/routes.js';
import { paramModule } from './system/param/routes.js';
import { postModule } from './system/post/routes.js';
import { regionModule } from './system/region/routes.js';
import { selfCheckModule } from './system/self-check/routes.js';
import { siteModule } from './system/site/routes.js';
import { tenantModule } from './system/tenant/routes.js';
import { topMenuModule } from './system/topmenu/routes.js';
import { userAdminModule } from './user/admin-routes.js';
import { userModule } from './user/routes.js';

/** The workflow's businesses (`bindings.ts`), registered once the modules are loaded. */
registerBusinessBindings();

/** Every feature module of the API, registered by `buildApp` in this order. A new module is one line here. */
export const appModules: readonly AppModule[] = [
  healthModule,
  authModule,
  siteModule,
  tenantModule,
  datasourceModule,
  paramModule,
  userModule,
  userAdminModule,
  onlineModule,
  postModule,
  menuModule,
  topMenuModule,
  noticeModule,
  notifyModule,
  errorLogModule,
  usualLogModule,
  apiLogModule,
  ossModule,
  ossConfigModule,
  attachModule,
  regionModule,
  dictModule,
  clientModule,
  orgLookupModule,
  roleModule,
  deptModule,
  scopeModule,
  grantTreeModule,
  selfCheckModule,
  dashboardModule,
  wxModule,
  leadModule,
  agentCompanyModule,
  patentModule,
  flowModule,
  chatModule,
  portalSiteModule,
  signinModule,
];
