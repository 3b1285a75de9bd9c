import type { FastifyInstance } from 'fastify';
import { type AppDeps, defineModule } from '../../platform/deps.js';
import { registerFollowRoutes } from './routes/follow.routes.js';
import { registerManagerRoutes } from './routes/manager.routes.js';
import { registerModelRoutes } from './routes/models.routes.js';
import { registerProcessRoutes } from './routes/process.routes.js';
import { registerWorkRoutes } from './routes/work.routes.js';
import { registerTimerJob } from './timers.js';

/**
 * The workflow module: process models and the designer's calls, deployed definitions, running-instance
 * administration, my work and the business pages' calls, under `/api/cube-flow/`, plus the timer poller. The
 * contract's flow-*.ts files list every endpoint with its permission and schemas; each facet registers its own.
 */
export const flowModule = defineModule('flow', (app: FastifyInstance, deps: AppDeps): void => {
  registerModelRoutes(app, deps);
  registerManagerRoutes(app, deps);
  registerFollowRoutes(app, deps);
  registerWorkRoutes(app, deps);
  registerProcessRoutes(app, deps);
  registerTimerJob(app, deps);
});
