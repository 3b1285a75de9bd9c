#!/usr/bin/env node
// `npm run cluster`: three instances on a PostgreSQL and a Redis of their own behind Debian's nginx, all on
// 127.0.0.1, until Ctrl-C. `npm run cluster -- --check` starts it, runs the cross-instance checks
// (scripts/cluster/checks.mjs), prints them and stops. Runs what `npm run build` produced.
// Options: --check, --keep (leave the temporary directory with the logs), --instances N.
import { printChecks, runClusterChecks } from './checks.mjs';
import { checkDeployFiles } from './deploy-check.mjs';
import { startCluster } from './lib.mjs';

const args = process.argv.slice(2);
const checkOnly = args.includes('--check');
const keep = args.includes('--keep');
const n = args.indexOf('--instances');
const instances = n >= 0 ? Number(args[n + 1]) : 3;

const started = Date.now();
const cluster = await startCluster({ instances, log: (line) => console.info(line) });
process.on('exit', () => cluster.killAll());
const stop = async (code) => {
  await cluster.stop({ keep });
  process.exit(code);
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

console.info(`cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s (files: ${cluster.dir})
  nginx        ${cluster.url}
${cluster.appPorts.map((p, i) => `  instance ${i + 1}   http://127.0.0.1:${p}   (log ${cluster.file(`app-${i + 1}.log`)})`).join('\n')}
  PostgreSQL   ${cluster.dbUrl.replace(/:[^:@/]+@/, ':…@')} (superuser: ${cluster.adminUrl})
  Redis        ${cluster.redisUrl}
  metrics      curl -H 'Authorization: Bearer ${cluster.secrets.metrics}' http://127.0.0.1:${cluster.appPorts[0]}/metrics
  web client   cube_web / ${cluster.secrets.webClient}`);

if (checkOnly) {
  const results = [...(await checkDeployFiles()), ...(await runClusterChecks(cluster))];
  printChecks(results);
  const failed = results.filter((r) => !r.ok).length;
  console.info(failed ? `\n${failed} check(s) failed` : '\nall checks passed');
  await stop(failed ? 1 : 0);
} else {
  console.info('\nCtrl-C stops everything.');
  setInterval(() => {}, 60_000);
}
