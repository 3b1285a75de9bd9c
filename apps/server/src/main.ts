// First: V8 settings must be in place before any other module runs (platform/runtime-flags.ts).
import './platform/runtime-flags.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { collectWhenIdle } from './platform/idle-collect.js';
import { configureIds } from './platform/ids.js';
import { asyncLogDestination, flushLogSync, loggerOptions } from './platform/logging.js';
import { openStore } from './platform/store.js';
import { prepareDatabase } from './prepare.js';

/** Process entry: config → database → migrate/seed → listen → graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  configureIds(config.workerId);
  // Before this process opens its own connections, so it never holds the seed's data (prepare-worker.ts).
  const prepared = await prepareDatabase();
  if (prepared.warning) console.warn(prepared.warning);
  const db = openDatabase(config.database);
  const store = openStore(config.redisUrl);
  // Standard output, written asynchronously in batches: logging a request does not wait for the write.
  const logDestination = asyncLogDestination(1);
  const { app, deps } = await buildApp({ config, db, store, logger: loggerOptions(config, logDestination) });

  if (prepared.generatedAdminPassword) {
    // Printed once, to the console only (never the log files); it must be changed at first login.
    console.info(
      `\n  首次安装：平台管理员 (租户 000000, 账号 admin) 的初始密码为 ${prepared.generatedAdminPassword}\n  登录后必须立即修改。\n`,
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    deps.lifecycle.shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const hardStop = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      flushLogSync(logDestination);
      process.exit(1);
    }, 25_000);
    hardStop.unref();
    // A connection that was serving a request when the stop began stays open after its answer (nginx keeps it
    // for reuse) and would hold the exit until nginx sends on it again: close such connections as they go idle.
    const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
    reaper.unref();
    try {
      await app.close();
      clearInterval(reaper);
      await store.close();
      await db.close();
      flushLogSync(logDestination);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      flushLogSync(logDestination);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // A full collection when the instance goes quiet after serving (idle RSS, docs/operations.md).
  // Its timer is unref'd: it never holds the process open.
  app.server.on('request', collectWhenIdle().served);

  await app.listen({ host: config.host, port: config.port });
  // Scheduled jobs (platform/jobs.ts) start once the instance serves; app.close() stops them.
  deps.jobs.start();
  const reach =
    config.host === '127.0.0.1' || config.host === 'localhost'
      ? 'this machine only; set HOST=0.0.0.0 to accept other machines'
      : `HOST ${config.host}`;
  app.log.info(
    `Cube Portal (${db.kind}${config.demo ? ', demo data' : ''}) listening on http://localhost:${config.port} (${reach})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Cube Portal refused to start: ${error.message}`);
  } else {
    console.error('Cube Portal failed to start:', error);
  }
  process.exit(1);
});
