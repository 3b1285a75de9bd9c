import { createCrudApi } from './crud';

/** A system parameter (spec §3); list filters `paramName`, `paramKey`, `paramValue`, create-time range. */
export interface Param {
  id: string;
  paramName: string;
  paramKey: string;
  /** Long text. */
  paramValue: string;
  remark: string;
  createTime?: string;
  updateTime?: string;
}

export const PARAM_API_PREFIX = '/api/cube-system/param';

/** `GET param/list|detail`, `POST param/submit|remove?ids=`. */
export const paramApi = createCrudApi<Param>(PARAM_API_PREFIX);
