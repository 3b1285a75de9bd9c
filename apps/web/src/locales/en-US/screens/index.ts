import type { Messages } from '../../zh-CN';
import { apiScope } from './apiScope';
import { attach } from './attach';
import { client } from './client';
import { dataScope } from './dataScope';
import { datasource } from './datasource';
import { dept } from './dept';
import { dict } from './dict';
import { dictbiz } from './dictbiz';
import { flow, flowDeploy, flowDesigner, flowFollow, flowManager, flowModel } from './flow';
import { home } from './home';
import { lead } from './lead';
import { logApi } from './logApi';
import { logError } from './logError';
import { logUsual } from './logUsual';
import { menu } from './menu';
import { notice } from './notice';
import { notify } from './notify';
import { oauthProvider } from './oauthProvider';
import { online } from './online';
import { oss } from './oss';
import { param } from './param';
import {
  agentCompany,
  patentApplication,
  patentDashboard,
  patentDeadline,
  patentDeadlineRule,
  patentFee,
  patentHoliday,
  patentNotice,
} from './patent';
import { patentDocument } from './patentDocument';
import { portalArticle, portalBanner, portalCertification, portalProduct, portalSite } from './portal';
import { post } from './post';
import { profile } from './profile';
import { region } from './region';
import { richText } from './richText';
import { role } from './role';
import { selfCheck } from './selfCheck';
import { smsProvider } from './smsProvider';
import { tenant } from './tenant';
import { tenantPackage } from './tenantPackage';
import { topmenu } from './topmenu';
import { user } from './user';
import { work, workProcess } from './work';

export const screens: Messages['screens'] = {
  logUsual,
  logApi,
  logError,
  param,
  notice,
  notify,
  online,
  lead,
  agentCompany,
  patentApplication,
  patentDashboard,
  patentDeadline,
  patentDeadlineRule,
  patentDocument,
  patentFee,
  patentHoliday,
  patentNotice,
  profile,
  home,
  selfCheck,
  tenant,
  tenantPackage,
  menu,
  topmenu,
  role,
  dept,
  dataScope,
  apiScope,
  dict,
  dictbiz,
  client,
  portalArticle,
  portalProduct,
  portalCertification,
  portalBanner,
  portalSite,
  richText,
  user,
  post,
  attach,
  oss,
  datasource,
  region,
  oauthProvider,
  smsProvider,
  flow,
  flowModel,
  flowDesigner,
  flowDeploy,
  flowManager,
  flowFollow,
  work,
  workProcess,
};
