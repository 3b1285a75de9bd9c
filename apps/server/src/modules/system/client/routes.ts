import { randomBytes } from 'node:crypto';
import { CLIENT_RESET_SECRET_CODE, clientEntity, WEB_CLIENT_GRANT_TYPES } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import { idSchema, registerCrud } from '../../../platform/crud/index.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';
import { BizError, NotFoundError } from '../../../platform/errors.js';
import { hashSecret } from '../../../platform/passwords.js';
import { clientAmong, setClientSecret } from './client.queries.js';

const messages = clientEntity.messages;

/** A generated client secret: 32 bytes of randomness, URL-safe, as long as any Basic header needs. */
const generateSecret = () => randomBytes(32).toString('base64url');

/**
 * OAuth clients. Secrets are kept as argon2id hashes, like passwords, and checked by the token
 * endpoint with the same verifier; a secret is shown once — in the answer of the submit that created the client
 * (generated unless the body chose one) and of `reset-secret`. The token endpoint reads the client row at every
 * sign-in, so a changed validity or grant type applies from the next login on.
 *
 * The console's own client (`CUBE_WEB_CLIENT_ID`) is what every browser signs in with: it cannot be removed,
 * renamed or stripped of the grant types the console uses, and its secret follows the server configuration
 * (the seed re-hashes it from there at start), so it is not reset here.
 */
export const clientModule = defineModule('system/client', (app: FastifyInstance, deps: AppDeps): void => {
  const webClientId = deps.config.webClient.clientId;

  registerCrud(app, deps, clientEntity, {
    table: 'cubeClient',
    hooks: {
      beforeSave: [
        async (event) => {
          const { id, values, rows } = event;
          if (id) {
            const current = (await rows()
              .select('cubeClient.clientId as clientId')
              .where('cubeClient.id', '=', id)
              .executeTakeFirstOrThrow()) as { clientId: string };
            if (current.clientId === webClientId) {
              if (values.clientId !== webClientId) throw new BizError(messages.webClientClientId);
              const granted = String(values.authorizedGrantTypes).split(',');
              if (!WEB_CLIENT_GRANT_TYPES.every((g) => granted.includes(g)))
                throw new BizError(messages.webClientGrantTypes);
              if (values.clientSecret !== undefined) throw new BizError(messages.webClientSecret);
            }
            if (values.clientSecret === undefined) {
              delete values.clientSecret;
              return;
            }
            const chosen = values.clientSecret as string;
            values.clientSecret = await hashSecret(chosen);
            return;
          }
          const secret = (values.clientSecret as string | undefined) ?? generateSecret();
          values.clientSecret = await hashSecret(secret);
          event.answer = { clientSecret: secret };
        },
      ],
      // The rows are marked deleted by now: refusing rolls the whole remove back, other ids included.
      afterRemove: [
        async ({ trx, ids }) => {
          if (await clientAmong(trx, ids, webClientId)) throw new BizError(messages.webClientRemove);
        },
      ],
    },
    routes: (_app, kit) => {
      const api = app.withTypeProvider<ZodTypeProvider>();
      api.post(
        `${kit.prefix}/reset-secret`,
        {
          config: { access: access.permission(CLIENT_RESET_SECRET_CODE, { platformOnly: true }) },
          schema: {
            summary: '应用管理-重置密钥',
            querystring: z.object({ id: idSchema }).loose(),
            response: { 200: rSchema(z.object({ id: z.string(), clientSecret: z.string() })) },
          },
        },
        async (request) => {
          const ctx = contextOf(request);
          const { id } = request.query;
          const row = (await kit
            .rows(deps.db.db, ctx)
            .select('cubeClient.clientId as clientId')
            .where('cubeClient.id', '=', id)
            .executeTakeFirst()) as { clientId: string } | undefined;
          if (!row) throw new NotFoundError();
          if (row.clientId === webClientId) throw new BizError(messages.webClientSecret);
          const secret = generateSecret();
          await setClientSecret(deps.db.db, ctx, id, await hashSecret(secret));
          return ok({ id, clientSecret: secret });
        },
      );
    },
  });
});
