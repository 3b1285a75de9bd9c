import type { FastifyInstance } from 'fastify';
import { type AppDeps, defineModule } from '../../platform/deps.js';
import { identityOf } from '../identity/services.js';
import { registerGuestRoutes } from './guest-routes.js';
import { registerLinkRoutes } from './link-routes.js';
import { registerProviderSettings } from './provider-settings.js';
import { registerSmsRoutes } from './sms-routes.js';
import { registerSocialRoutes } from './social-routes.js';

/**
 * Sign-in besides the password: third-party login (the providers screen, the authorize redirect and callback,
 * linking identities on the profile page), phone sign-in codes, and guest registration with its approval. The
 * token grants themselves (`grant_type=social`, `sms_code`) live with the other grants in modules/auth; both
 * use the app's one set of identity services.
 */
export const signinModule = defineModule('signin', (app: FastifyInstance, deps: AppDeps) => {
  const identity = identityOf(deps, app.log);
  registerProviderSettings(app, deps, identity);
  registerSocialRoutes(app, identity);
  registerSmsRoutes(app, identity);
  registerLinkRoutes(app, deps, identity);
  registerGuestRoutes(app, deps, identity);
});
