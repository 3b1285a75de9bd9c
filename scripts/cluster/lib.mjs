// The multi-instance harness shared by `npm run cluster` and `npm run drills`: a PostgreSQL and a Redis
// of its own (never the machine's shared ones on 5432/6379), three application instances and Debian's nginx in
// front, all on 127.0.0.1, every file under one temporary directory. nginx renders deploy/nginx/cube.conf.template
// and the instances read deploy/cube.env: the same files compose.yaml ships.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startCommand } from '../bench/harness.mjs';

export const root = path.resolve(import.meta.dirname, '../..');
/** Each instance runs as `npm start` runs the server: its environment variables and V8 flags (package.json). */
const START = startCommand();
export const serverEntry = path.join(root, 'apps/server/dist/main.js');
const templateFile = path.join(root, 'deploy/nginx/cube.conf.template');
const envFile = path.join(root, 'deploy/cube.env');
const initScript = path.join(root, 'deploy/postgres/init-app-role.sh');

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** KEY=VALUE lines (comments and blank lines skipped), as compose's env_file reads them. */
export function readEnvFile(file = envFile) {
  const env = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const eq = trimmed.indexOf('=');
    if (eq > 0) env[trimmed.slice(0, eq)] = trimmed.slice(eq + 1);
  }
  return env;
}

/**
 * Fills the `${CUBE_…}` variables of the nginx template, as the nginx image's envsubst does with the variables
 * it is given; nginx's own `$variables` stay. A `${CUBE_…}` left unfilled is an error.
 */
export function renderTemplate(text, vars) {
  return text.replace(/\$\{(CUBE_[A-Z0-9_]+)\}/g, (_whole, name) => {
    if (!(name in vars)) throw new Error(`nginx template: ${name} is not set`);
    return vars[name];
  });
}

export const renderNginxConf = (vars) => renderTemplate(readFileSync(templateFile, 'utf8'), vars);

/**
 * Writes the rendered template and a main file of its own (pid, logs, temporary paths under `prefix`) and answers
 * nginx's command-line arguments for them. nginx's workers run as nobody when the master is root.
 */
export function writeNginxConf(prefix, vars, errorLog) {
  const temp = path.join(prefix, 'tmp');
  mkdirSync(temp, { recursive: true });
  chmodSync(prefix, 0o755);
  chmodSync(temp, 0o777);
  writeFileSync(path.join(prefix, 'cube.conf'), renderNginxConf(vars));
  const user = process.getuid?.() === 0 ? 'user nobody nogroup;\n' : '';
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `# The harness's main nginx file: its own pid, logs and temporary paths; the site is deploy/nginx's template.
${user}worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${errorLog} warn;
events { worker_connections 4096; }
http {
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  include ${prefix}/cube.conf;
}
`,
  );
  return ['-p', prefix, '-e', errorLog, '-c', path.join(prefix, 'nginx.conf')];
}

export { freePort };

const portFree = (port) =>
  new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** `preferred` when free, another free port otherwise. Never 5432 or 6379 (the machine's shared services). */
async function pickPort(preferred) {
  if (preferred !== 5432 && preferred !== 6379 && (await portFree(preferred))) return preferred;
  return freePort();
}

function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/postgres')))
    .sort((a, b) => Number(b) - Number(a));
  if (!versions.length) throw new Error('no PostgreSQL server under /usr/lib/postgresql/*/bin');
  return path.join(base, versions[0], 'bin');
}

function which(command) {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : '';
}

/** Debian's nginx, installed when missing (the harness needs root for that). */
export function ensureNginx(log = console.info) {
  let nginx = which('nginx') || (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : '');
  if (nginx) return nginx;
  log('nginx is missing: apt-get install -y nginx');
  const install = () => spawnSync('apt-get', ['install', '-y', 'nginx'], { stdio: 'inherit' });
  if (install().status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    if (install().status !== 0) throw new Error('apt-get install -y nginx failed');
  }
  nginx = which('nginx') || '/usr/sbin/nginx';
  return nginx;
}

/** uid/gid of the postgres account when this process is root (initdb and postgres refuse to run as root). */
function postgresAccount() {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/** Resolves when `child` has exited (at once if it already has), with its code and signal. */
export const exited = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      return resolve({ code: child.exitCode, signal: child.signalCode });
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });

async function waitUntil(what, check, timeoutMs = 60_000, everyMs = 100) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (error) {
      last = error;
    }
    await sleep(everyMs);
  }
  throw new Error(`${what} not ready after ${timeoutMs} ms${last ? ` (${last.message})` : ''}`);
}

export async function httpOk(url, headers = {}) {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(2000) });
  await res.arrayBuffer();
  return res.ok;
}

/**
 * Starts the cluster. Options: `instances` (3), `dir` (a new temporary directory), `log` (progress lines),
 * `ports` { postgres: 55432, redis: 56379, nginx: 58080, app: 58081 (first of consecutive ports) } — a taken
 * port is replaced by a free one.
 */
export async function startCluster(options = {}) {
  const log = options.log ?? ((line) => console.info(line));
  if (!existsSync(serverEntry))
    throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  const count = options.instances ?? 3;
  const dir = options.dir ?? mkdtempSync(path.join(tmpdir(), 'cube-cluster-'));
  chmodSync(dir, 0o755);
  const cluster = new Cluster(dir, count, log);
  try {
    await cluster.boot(options.ports ?? {});
  } catch (error) {
    // The logs say why: kept.
    await cluster.stop({ keep: true });
    error.message += ` (logs in ${dir})`;
    throw error;
  }
  return cluster;
}

export class Cluster {
  constructor(dir, count, log) {
    this.dir = dir;
    this.count = count;
    this.log = log;
    this.secrets = {
      jwt: randomBytes(48).toString('base64url'),
      webClient: randomBytes(24).toString('base64url'),
      metrics: randomBytes(24).toString('base64url'),
      db: randomBytes(16).toString('hex'),
    };
    this.instances = [];
    this.pgBin = findPostgresBin();
    this.pgAccount = postgresAccount();
    this.stopping = false;
  }

  async boot(ports) {
    this.ports = {
      postgres: await pickPort(ports.postgres ?? 55432),
      redis: await pickPort(ports.redis ?? 56379),
      nginx: await pickPort(ports.nginx ?? 58080),
    };
    const firstApp = ports.app ?? 58081;
    this.appPorts = [];
    for (let i = 0; i < this.count; i++) this.appPorts.push(await pickPort(firstApp + i));
    this.nginxBin = ensureNginx(this.log);

    this.dataDir = path.join(this.dir, 'data');
    mkdirSync(this.dataDir, { recursive: true });
    await this.initPostgres();
    await this.startPostgres();
    this.runInitScript();
    await this.startRedis();
    this.dbUrl = `postgres://cube_app:${this.secrets.db}@127.0.0.1:${this.ports.postgres}/cube`;
    this.adminUrl = `postgres://postgres@127.0.0.1:${this.ports.postgres}/cube`;
    this.redisUrl = `redis://127.0.0.1:${this.ports.redis}`;
    // The first instance migrates and seeds; the others then start together (migrations run under a lock anyway).
    await this.startInstance(0);
    await Promise.all(this.appPorts.slice(1).map((_, i) => this.startInstance(i + 1)));
    await this.startNginx();
    this.url = `http://127.0.0.1:${this.ports.nginx}`;
  }

  file(name) {
    return path.join(this.dir, name);
  }

  spawnLogged(name, command, args, options = {}) {
    const out = createWriteStream(this.file(`${name}.log`), { flags: 'a' });
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.once('exit', () => setTimeout(() => out.end(), 50));
    return child;
  }

  // ---- PostgreSQL ----

  async initPostgres() {
    this.pgData = path.join(this.dir, 'pg');
    mkdirSync(this.pgData, { mode: 0o700 });
    if (this.pgAccount.uid !== undefined) chownSync(this.pgData, this.pgAccount.uid, this.pgAccount.gid);
    const result = spawnSync(
      path.join(this.pgBin, 'initdb'),
      ['-D', this.pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'],
      { ...this.pgAccount, encoding: 'utf8', cwd: '/' },
    );
    if (result.status !== 0) throw new Error(`initdb failed: ${result.stderr || result.stdout}`);
  }

  async startPostgres() {
    this.postgres = this.spawnLogged(
      'postgres',
      path.join(this.pgBin, 'postgres'),
      [
        '-D',
        this.pgData,
        '-p',
        String(this.ports.postgres),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${this.pgData}`,
        '-c',
        'max_connections=100',
        '-c',
        'shared_buffers=64MB',
      ],
      { ...this.pgAccount, cwd: '/' },
    );
    const pg = (await import('pg')).default;
    await waitUntil('PostgreSQL', async () => {
      const client = new pg.Client({
        connectionString: `postgres://postgres@127.0.0.1:${this.ports.postgres}/postgres`,
        connectionTimeoutMillis: 1000,
      });
      try {
        await client.connect();
        await client.query('select 1');
        return true;
      } finally {
        await client.end().catch(() => {});
      }
    });
  }

  runInitScript() {
    const result = spawnSync('sh', [initScript], {
      encoding: 'utf8',
      env: {
        PATH: `${this.pgBin}:${process.env.PATH}`,
        PGHOST: '127.0.0.1',
        PGPORT: String(this.ports.postgres),
        POSTGRES_USER: 'postgres',
        CUBE_DB_PASSWORD: this.secrets.db,
      },
    });
    if (result.status !== 0) throw new Error(`deploy/postgres/init-app-role.sh failed: ${result.stderr}`);
  }

  /** Fast shutdown (SIGINT: sessions are cut, nothing committed is lost), then start again after `downMs`. */
  async restartPostgres(downMs = 0) {
    await this.stopPostgres();
    if (downMs) await sleep(downMs);
    await this.startPostgres();
  }

  async stopPostgres() {
    if (!this.postgres) return;
    const child = this.postgres;
    this.postgres = undefined;
    child.kill('SIGINT');
    await exited(child);
  }

  /** A superuser query on the app's database (row-level security does not bind a superuser). */
  async query(text, params = []) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: this.adminUrl, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      return (await client.query(text, params)).rows;
    } finally {
      await client.end().catch(() => {});
    }
  }

  // ---- Redis ----

  async startRedis() {
    this.redis = this.spawnLogged('redis', 'redis-server', [
      '--port',
      String(this.ports.redis),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      this.dir,
    ]);
    await waitUntil('Redis', () => this.redisCommand('PING').then((r) => r === '+PONG'));
  }

  async stopRedis() {
    if (!this.redis) return;
    const child = this.redis;
    this.redis = undefined;
    child.kill('SIGTERM');
    await exited(child);
  }

  async restartRedis(downMs = 0) {
    await this.stopRedis();
    if (downMs) await sleep(downMs);
    await this.startRedis();
  }

  /** One inline command to our Redis; resolves the first reply line. */
  redisCommand(...words) {
    return new Promise((resolve, reject) => {
      const socket = net.connect(this.ports.redis, '127.0.0.1');
      let data = '';
      socket.setTimeout(2000, () => socket.destroy(new Error('redis timeout')));
      socket.on('error', reject);
      socket.on('data', (chunk) => {
        data += chunk;
        if (data.includes('\r\n')) {
          socket.end();
          resolve(data.split('\r\n')[0]);
        }
      });
      socket.write(`${words.map((w) => JSON.stringify(String(w))).join(' ')}\r\n`);
    });
  }

  // ---- application instances ----

  instanceEnv(index) {
    return {
      PATH: process.env.PATH,
      HOME: process.env.HOME ?? '/root',
      ...START.env,
      ...readEnvFile(),
      HOST: '127.0.0.1',
      PORT: String(this.appPorts[index]),
      CUBE_WORKER_ID: String(index + 1),
      DATABASE_URL: this.dbUrl,
      REDIS_URL: this.redisUrl,
      // One data directory for every instance: uploaded files are shared as an NFS mount would share them.
      CUBE_DATA_DIR: this.dataDir,
      CUBE_JWT_SECRET: this.secrets.jwt,
      CUBE_WEB_CLIENT_SECRET: this.secrets.webClient,
      METRICS_TOKEN: this.secrets.metrics,
      // The drills sign in with the demo accounts, which production refuses (docs/operations.md).
      NODE_ENV: 'development',
      CUBE_DEMO: 'true',
    };
  }

  instanceUrl(index) {
    return `http://127.0.0.1:${this.appPorts[index]}`;
  }

  /** Starts instance `index` and waits until it is ready (`/api/ready`). */
  async startInstance(index) {
    const child = this.spawnLogged(`app-${index + 1}`, process.execPath, [...START.nodeFlags, serverEntry], {
      cwd: root,
      env: this.instanceEnv(index),
    });
    const exit = exited(child);
    this.instances[index] = { child, pid: child.pid, port: this.appPorts[index], exit };
    let gone = false;
    exit.then(() => {
      gone = true;
    });
    await waitUntil(
      `instance ${index + 1}`,
      async () => {
        if (gone) throw new Error(`exited early, see ${this.file(`app-${index + 1}.log`)}`);
        return httpOk(`${this.instanceUrl(index)}/api/ready`);
      },
      180_000,
    );
    return this.instances[index];
  }

  /** Sends `signal` to instance `index` and resolves when it has exited: { code, signal, ms }. */
  async signalInstance(index, signal = 'SIGTERM') {
    const instance = this.instances[index];
    if (!instance) return { code: null, signal: null, ms: 0 };
    const started = Date.now();
    instance.child.kill(signal);
    const result = await instance.exit;
    return { ...result, ms: Date.now() - started };
  }

  // ---- nginx ----

  async startNginx() {
    const prefix = path.join(this.dir, 'nginx');
    const vars = {
      CUBE_HTTP_PORT: `127.0.0.1:${this.ports.nginx}`,
      CUBE_NGINX_ACCESS_LOG: path.join(this.dir, 'nginx-access.log'),
      CUBE_NGINX_CACHE_DIR: path.join(prefix, 'tmp', 'pages'),
    };
    this.appPorts.forEach((port, i) => {
      vars[`CUBE_APP_${i + 1}`] = `127.0.0.1:${port}`;
    });
    const args = writeNginxConf(prefix, vars, path.join(this.dir, 'nginx-error.log'));
    const test = spawnSync(this.nginxBin, [...args, '-t'], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx -t failed: ${test.stderr}`);
    this.nginx = this.spawnLogged('nginx', this.nginxBin, [...args, '-g', 'daemon off;']);
    const nginx = this.nginx;
    await waitUntil('nginx', () => {
      if (nginx.exitCode !== null) throw new Error(`exited ${nginx.exitCode}, see nginx-error.log`);
      return httpOk(`http://127.0.0.1:${this.ports.nginx}/api/health`);
    });
  }

  // ---- everything ----

  /** Stops everything it started (instances first, gracefully) and removes the directory unless `keep`. */
  async stop({ keep = false } = {}) {
    if (this.stopping) return;
    this.stopping = true;
    await Promise.all(
      this.instances.map(async (instance) => {
        if (instance && instance.child.exitCode === null && instance.child.signalCode === null) {
          instance.child.kill('SIGTERM');
          await Promise.race([instance.exit, sleep(30_000)]);
        }
      }),
    );
    if (this.nginx && this.nginx.exitCode === null) {
      this.nginx.kill('SIGQUIT');
      await Promise.race([exited(this.nginx), sleep(10_000)]);
    }
    await this.stopRedis().catch(() => {});
    await this.stopPostgres().catch(() => {});
    if (!keep) rmSync(this.dir, { recursive: true, force: true });
  }

  /** Last resort on an abrupt exit of the harness: nothing it started may outlive it. */
  killAll() {
    const alive = (child) => child && child.exitCode === null && child.signalCode === null;
    for (const instance of this.instances) if (alive(instance?.child)) instance.child.kill('SIGKILL');
    // nginx's workers and PostgreSQL's backends outlive a SIGKILLed master: their own quick stops instead.
    if (alive(this.nginx)) this.nginx.kill('SIGTERM');
    if (alive(this.redis)) this.redis.kill('SIGKILL');
    if (alive(this.postgres)) this.postgres.kill('SIGQUIT');
  }
}
