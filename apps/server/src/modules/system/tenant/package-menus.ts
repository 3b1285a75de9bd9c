/**
 * What a tenant's package allows: `packageMenuIds(db, tenantId)` answers the menu
 * and button ids the tenant's package allows, or `undefined` when the tenant has no package (unrestricted; the
 * platform tenant 000000 always is). Menu routes, buttons, top menus and grant trees filter by it; the access hook
 * applies the same limit to permission codes.
 */
export {
  packageChoice,
  packageMenuIds,
  parseMenuIds,
  withAncestors,
} from '../../../platform/tenant-package.js';
