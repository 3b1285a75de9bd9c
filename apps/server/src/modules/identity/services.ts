import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { IdentityLinker } from './links.js';
import { Sessions } from './sessions.js';
import { LogSmsSender, SmsLogin } from './sms.js';
import { SmsProviders } from './sms-providers.js';
import { SocialLogin } from './social.js';

/**
 * The identity services of one app, shared by the modules that use them (auth's token grants and
 * sign-in's routes): one session issuer, one third-party login (its guarded connection
 * pool), one SMS provider registry (its guarded agent keeps connections to the vendors alive), one phone login
 * and one identity linker.
 */
export interface IdentityServices {
  sessions: Sessions;
  social: SocialLogin;
  smsProviders: SmsProviders;
  /**
   * The tenant's SMS service sends; a tenant without one gets the development provider (codes in the server
   * log) outside production, and no phone sign-in in production.
   */
  sms: SmsLogin;
  links: IdentityLinker;
}

const made = new WeakMap<AppDeps, IdentityServices>();

/**
 * The app's identity services, made on the first call for these deps (the log of that first caller writes
 * their log lines) and the same object on every later call.
 */
export function identityOf(deps: AppDeps, log: FastifyBaseLogger): IdentityServices {
  let found = made.get(deps);
  if (!found) {
    const social = new SocialLogin(deps);
    const smsProviders = new SmsProviders(deps);
    found = {
      sessions: new Sessions({ ...deps, log: log }),
      social,
      smsProviders,
      sms: new SmsLogin(
        { ...deps, log: log },
        deps.config.production ? null : new LogSmsSender(log),
        (tenantId) => smsProviders.senderFor(tenantId),
      ),
      links: new IdentityLinker(deps, social),
    };
    made.set(deps, found);
  }
  return found;
}
