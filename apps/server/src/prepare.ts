import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from './config.js';
import type { PrepareResult } from './prepare-worker.js';

/**
 * Brings the database up to date (migrations, seed, start-up refusals) in a child process and resolves once it is
 * done; the child reads the same environment as this process. A refusal rejects with a ConfigError. A process
 * rather than a worker thread: its memory goes back to the system when it exits, where a thread's native heap
 * stays with this process's allocator.
 */
export function prepareDatabase(): Promise<{ generatedAdminPassword?: string; warning?: string }> {
  // `.ts` under the development runner (tsx), `.js` in the build.
  const extension = path.extname(fileURLToPath(import.meta.url));
  const worker = fork(fileURLToPath(new URL(`./prepare-worker${extension}`, import.meta.url)), {
    execArgv: process.execArgv,
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    let answered = false;
    worker.once('message', (result: PrepareResult) => {
      answered = true;
      if (result.ok)
        resolve({ generatedAdminPassword: result.generatedAdminPassword, warning: result.warning });
      else if (result.configError !== undefined) reject(new ConfigError(result.configError));
      else reject(new Error(result.error ?? 'database preparation failed'));
    });
    worker.once('error', reject);
    worker.once('exit', (code, signal) => {
      if (!answered) reject(new Error(`database preparation stopped (${signal ?? `exit ${code}`})`));
    });
  });
}
