import { oauthProviderEntity, SECRET_MASK, smsProviderEntity } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud/index.js';
import type { AppDeps } from '../../platform/deps.js';
import type { IdentityServices } from '../identity/services.js';
import { oauthProviderBeforeSave, smsProviderBeforeSave } from './provider-hooks.js';

/**
 * The settings screens of sign-in: third-party providers and the tenant's SMS service (短信服务). Their
 * secrets are sealed when saved and read back as a mask; a save that sends the mask (or nothing) keeps the
 * stored secret.
 */
export function registerProviderSettings(
  app: FastifyInstance,
  deps: AppDeps,
  identity: IdentityServices,
): void {
  registerCrud(app, deps, oauthProviderEntity, {
    table: 'cubeOauthProvider',
    toRecord: (records) => records.map((r) => ({ ...r, clientSecret: r.clientSecret ? SECRET_MASK : '' })),
    hooks: { beforeSave: [oauthProviderBeforeSave(identity)] },
  });

  // At most one SMS service of a tenant is enabled: it sends the phone sign-in codes.
  registerCrud(app, deps, smsProviderEntity, {
    table: 'cubeSmsProvider',
    toRecord: (records) =>
      records.map((r) => ({ ...r, accessKeySecret: r.accessKeySecret ? SECRET_MASK : '' })),
    hooks: { beforeSave: [smsProviderBeforeSave(identity)] },
  });
}
