import {
  OAUTH_SECRET_REQUIRED,
  oauthProviderEntity,
  oauthProviderProblem,
  SECRET_MASK,
  smsProviderEntity,
  smsProviderProblem,
} from '@cube/contract';
import type { SaveEvent } from '../../platform/crud/index.js';
import { BizError } from '../../platform/errors.js';
import type { IdentityServices } from '../identity/services.js';

const M = oauthProviderEntity.messages;
const SM = smsProviderEntity.messages;

/**
 * Saving a third-party provider: its addresses must fit its category; the client secret is sealed, and a save
 * that sends the mask (or nothing) keeps the stored one.
 */
export function oauthProviderBeforeSave(identity: IdentityServices) {
  return async ({ id, values, rows }: SaveEvent<'cubeOauthProvider'>) => {
    const problem = oauthProviderProblem(
      values as {
        category: number;
        issuer: string;
        authorizeUrl: string;
        tokenUrl: string;
        userinfoUrl: string;
      },
    );
    if (problem) throw new BizError(problem);
    const secret = String(values.clientSecret ?? '');
    if (secret === '' || secret === SECRET_MASK) {
      delete values.clientSecret;
      const stored = id
        ? ((await rows()
            .select('cubeOauthProvider.clientSecret')
            .where('cubeOauthProvider.id', '=', id)
            .executeTakeFirst()) as { clientSecret: string } | undefined)
        : undefined;
      // Gitee, DingTalk and WeChat always authenticate the client with its secret; the others may be public
      // clients (PKCE only).
      if (!stored?.clientSecret && OAUTH_SECRET_REQUIRED.includes(Number(values.category)))
        throw new BizError(M.clientSecretRequired);
    } else {
      values.clientSecret = identity.social.secrets.seal(secret);
    }
  };
}

/** Saving an SMS service: at most one enabled per tenant; the AccessKey secret is sealed as above. */
export function smsProviderBeforeSave(identity: IdentityServices) {
  return async ({ id, values, rows }: SaveEvent<'cubeSmsProvider'>) => {
    const problem = smsProviderProblem(values as { category: number; sdkAppId: string });
    if (problem) throw new BizError(problem);
    if (Number(values.enabled) === 1) {
      let others = rows().select('cubeSmsProvider.id').where('cubeSmsProvider.enabled', '=', 1);
      if (id) others = others.where('cubeSmsProvider.id', '!=', id);
      if (await others.executeTakeFirst()) throw new BizError(SM.oneEnabled);
    }
    const secret = String(values.accessKeySecret ?? '');
    if (secret === '' || secret === SECRET_MASK) {
      delete values.accessKeySecret;
      const stored = id
        ? ((await rows()
            .select('cubeSmsProvider.accessKeySecret')
            .where('cubeSmsProvider.id', '=', id)
            .executeTakeFirst()) as { accessKeySecret: string } | undefined)
        : undefined;
      if (!stored?.accessKeySecret) throw new BizError(SM.accessKeySecretRequired);
    } else {
      values.accessKeySecret = identity.smsProviders.secrets.seal(secret);
    }
  };
}
