#!/usr/bin/env node
// Checks what can be checked of the container set-up without Docker: compose.yaml parses and runs
// three instances on the harness's own files (deploy/cube.env, the nginx template, the PostgreSQL init script);
// the nginx template, rendered with compose's values, passes `nginx -t`; deploy/cube.env with production secrets
// passes the server's configuration checks; the Dockerfile is multi-stage, runs as a non-root user, has a health
// check, and copies only paths `npm run build` produces. Run by `npm run drills` and `npm run cluster -- --check`;
// standalone: `node scripts/cluster/deploy-check.mjs`.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { ensureNginx, readEnvFile, root, writeNginxConf } from './lib.mjs';

const ENV_FILE = 'deploy/cube.env';
const TEMPLATE = 'deploy/nginx/cube.conf.template';
const INIT_SCRIPT = 'deploy/postgres/init-app-role.sh';

/** Resolves [{ name, ok, detail }]. */
export async function checkDeployFiles() {
  const results = [];
  const check = async (name, run) => {
    try {
      results.push({ name, ok: true, detail: (await run()) ?? '' });
    } catch (error) {
      results.push({ name, ok: false, detail: error.message });
    }
  };
  const assert = (condition, message) => {
    if (!condition) throw new Error(message);
  };
  const compose = parse(readFileSync(path.join(root, 'compose.yaml'), 'utf8'), { merge: true });
  const template = readFileSync(path.join(root, TEMPLATE), 'utf8');
  const templateVars = [...new Set([...template.matchAll(/\$\{(CUBE_[A-Z0-9_]+)\}/g)].map((m) => m[1]))];

  await check('compose.yaml: three instances on deploy/cube.env, PostgreSQL, Redis, nginx', () => {
    const s = compose.services ?? {};
    const apps = ['app1', 'app2', 'app3'];
    for (const name of [...apps, 'postgres', 'redis', 'nginx']) assert(s[name], `service ${name} is missing`);
    const workers = new Set();
    for (const name of apps) {
      const app = s[name];
      const envFiles = [app.env_file].flat();
      assert(envFiles.includes(ENV_FILE), `${name} does not read ${ENV_FILE}`);
      assert(app.build === '.', `${name} is not built from the Dockerfile`);
      const env = app.environment ?? {};
      for (const key of [
        'DATABASE_URL',
        'REDIS_URL',
        'CUBE_JWT_SECRET',
        'CUBE_WEB_CLIENT_SECRET',
        'METRICS_TOKEN',
      ])
        assert(env[key], `${name} lacks ${key}`);
      assert(env.NODE_ENV === 'production', `${name} is not in production mode`);
      workers.add(env.CUBE_WORKER_ID);
    }
    assert(workers.size === 3, 'the instances need distinct CUBE_WORKER_IDs');
    const mounts = (s.postgres.volumes ?? []).join(' ');
    assert(mounts.includes(`./${INIT_SCRIPT}:`), `postgres does not run ${INIT_SCRIPT}`);
    return `services ${Object.keys(s).join(', ')}`;
  });

  await check('compose.yaml: nginx renders the harness’s template with every variable it needs', () => {
    const nginx = compose.services.nginx;
    assert(
      (nginx.volumes ?? []).some((v) => v.startsWith(`./${TEMPLATE}:/etc/nginx/templates/`)),
      `nginx does not mount ${TEMPLATE}`,
    );
    const missing = templateVars.filter((v) => !(v in (nginx.environment ?? {})));
    assert(!missing.length, `nginx lacks ${missing.join(', ')}`);
    return templateVars.join(', ');
  });

  await check('nginx -t on the template rendered with compose’s values', () => {
    const nginxBin = ensureNginx();
    const dir = mkdtempSync(path.join(tmpdir(), 'cube-deploy-check-'));
    try {
      const env = compose.services.nginx.environment;
      const vars = Object.fromEntries(templateVars.map((v) => [v, String(env[v])]));
      // Container names do not resolve here: the same servers on loopback; files under the temporary directory.
      for (const v of templateVars.filter((name) => /^CUBE_APP_\d+$/.test(name)))
        vars[v] = vars[v].replace(/^[^:]+/, '127.0.0.1');
      vars.CUBE_HTTP_PORT = '127.0.0.1:1';
      vars.CUBE_NGINX_ACCESS_LOG = path.join(dir, 'access.log');
      vars.CUBE_NGINX_CACHE_DIR = path.join(dir, 'cache');
      const args = writeNginxConf(path.join(dir, 'nginx'), vars, path.join(dir, 'error.log'));
      const test = spawnSync(nginxBin, [...args, '-t'], { encoding: 'utf8' });
      assert(test.status === 0, test.stderr.trim());
      return test.stderr.trim().split('\n').at(-1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  await check('deploy/cube.env passes the production configuration checks', async () => {
    const configModule = path.join(root, 'apps/server/dist/config.js');
    assert(existsSync(configModule), 'apps/server/dist is missing: npm run build');
    const { loadConfig } = await import(pathToFileURL(configModule).href);
    const dir = mkdtempSync(path.join(tmpdir(), 'cube-deploy-env-'));
    try {
      const config = loadConfig({
        ...readEnvFile(path.join(root, ENV_FILE)),
        // compose's own values, less what it interpolates from .env (set below, as .env would).
        ...Object.fromEntries(
          Object.entries(compose.services.app1.environment).filter(([, v]) => !String(v).includes('${')),
        ),
        NODE_ENV: 'production',
        CUBE_DATA_DIR: dir,
        DATABASE_URL: 'postgres://cube_app:x@postgres:5432/cube',
        CUBE_JWT_SECRET: randomBytes(48).toString('base64url'),
        CUBE_WEB_CLIENT_SECRET: randomBytes(24).toString('base64url'),
        METRICS_TOKEN: randomBytes(24).toString('base64url'),
      });
      assert(config.metrics.enabled, 'metrics are off');
      // The server listens on loopback unless HOST says otherwise; nginx reaches the containers over their network.
      assert(config.host === '0.0.0.0', `the instances listen on ${config.host}, which nginx cannot reach`);
      return `host ${config.host}, trust proxy ${config.trustProxy}, log level ${config.logLevel}, metrics on`;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  await check('Dockerfile: multi-stage, non-root, health check, copies what the build makes', () => {
    const text = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const stages = text.split(/^FROM /m).slice(1);
    assert(stages.length >= 2, 'one stage only');
    const runtime = stages.at(-1);
    const user = /^USER\s+(\S+)/m.exec(runtime)?.[1];
    assert(user && user !== 'root' && user !== '0', 'the runtime stage runs as root');
    assert(
      /^HEALTHCHECK\s/m.test(runtime) && runtime.includes('/api/ready'),
      'no health check on /api/ready',
    );
    assert(/^\s*HOST=0\.0\.0\.0\b/m.test(runtime), 'the runtime stage does not set HOST=0.0.0.0');
    assert(
      /^CMD .*apps\/server\/dist\/main\.js/m.test(runtime),
      'CMD does not start apps/server/dist/main.js',
    );
    const copied = [...runtime.matchAll(/^COPY --from=build \S+ \/src\/(\S+)/gm)].map((m) => m[1]);
    const missing = copied.filter((p) => !existsSync(path.join(root, p)));
    assert(!missing.length, `not produced by the build here: ${missing.join(', ')}`);
    return `${stages.length} stages, runs as ${user}, ${copied.length} paths copied`;
  });
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await checkDeployFiles();
  for (const r of results) console.info(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name}  ${r.detail}`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}
