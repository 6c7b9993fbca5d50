// The server's configuration, read once from the environment (split by section: env.ts, the
// schema; config-types.ts, what the server uses; parse.ts, the reading; vendor-setup.ts, the safe start).
export type { Env } from './env';
export { DEFAULT_TIMINGS, type Config, type Timings } from './config-types';
export { ConfigError, loadConfig, loadConfigOrExit, parseConfig, type ParsedConfig } from './parse';
export { judgeVendorSetup, VENDOR_DEFAULT_URLS, type SetupVerdict } from './vendor-setup';
export { GPU_BASE_MODELS, type GpuBaseModel, type GpuConfig } from './gpu';
export { type BackupConfig, type BackupDestination } from './backup';
