// Moved to platform/ (third-party login seals its client secrets the same way); kept for existing imports.
export { SecretBox } from '../../../platform/secret-box.js';
