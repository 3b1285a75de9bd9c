import { patentApplicationEntity } from '@cube/contract';
import type { DataScopeColumns } from '../../platform/data-scope.js';

/**
 * Which rows of a case the data scopes of the 专利案件 menu admit. "Own" is the case's agent (代理师), so an
 * agent sees the cases they handle; the department rules read the department the case was opened in.
 */
export const CASE_SCOPE: DataScopeColumns = { creator: 'agentUserId', dept: 'createDept' };

/**
 * A case's notices, deadlines and fees follow their case: the rules of the child's own screen apply through the
 * case's columns, and the rules of the 专利案件 screen (`menu`) narrow them as well, so a child row is never read
 * when its case is not.
 */
export const CASE_CHILD_SCOPE: DataScopeColumns = {
  parent: {
    column: 'applicationId',
    table: 'patApplication',
    columns: CASE_SCOPE,
    menu: patentApplicationEntity.permissions.read,
    filters: patentApplicationEntity.filters,
  },
};
