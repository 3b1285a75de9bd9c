// The scrubber lives in platform/ since the log recorder (platform/log-recorder.ts) uses it too.
export { REDACTED, scrubSecrets } from '../../platform/log-secrets.js';
