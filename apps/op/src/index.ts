// @opkit/cli: the `op` command's parts, importable for tests and tools.
export { parseRunArgs, RUN_USAGE } from './runArgs.js';
export type { RunCliOptions, RunCliParse } from './runArgs.js';
export { runCommand } from './runCommand.js';
export type { CommandIo } from './runCommand.js';
export { OP_USAGE, OP_VERSION } from './usage.js';
