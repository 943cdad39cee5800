// @opkit/cli: the `op` command's parts, importable for tests and tools.
// First: on a too-old Node, importing Opkit stops with a clear message (see requireNode.ts).
import './requireNode.js';

export { parseRunArgs, peeringSettingsOf, RUN_USAGE } from './runArgs.js';
export type { RunCliOptions, RunCliParse } from './runArgs.js';
export { runCommand } from './runCommand.js';
export type { CommandIo } from './runCommand.js';
export { OP_USAGE, OP_VERSION } from './usage.js';
export { manifestsCommand, MANIFESTS_USAGE } from './manifestsCommand.js';
export { devCommand } from './dev/devCommand.js';
export type { DevIo } from './dev/devCommand.js';
export { parseDevArgs, parseDuration, DEV_USAGE } from './dev/devArgs.js';
export type { DevCliOptions, DevCliParse } from './dev/devArgs.js';
export { DevStore } from './dev/model/store.js';
export type { DevRecord, DevRecordInput } from './dev/records.js';
export { freezeCommand, peeringCommand } from './peeringCommands.js';
export { parseFreezeArgs, parsePeeringArgs, FREEZE_USAGE, RESUME_USAGE, PEERING_USAGE } from './peeringArgs.js';
export type { FreezeCliOptions, PeeringInstallCliOptions, CliParse } from './peeringArgs.js';
export { migrateStorage, MigrateStorageError, CRDS_RESOURCE } from './migrateStorage.js';
export type { MigrateStorageErrorCode, MigrateStorageOptions, MigrateStorageProgress, MigrateStorageResult } from './migrateStorage.js';
export { migrateStorageCommand, parseMigrateStorageArgs, MIGRATE_STORAGE_USAGE } from './migrateStorageCommand.js';
export type { MigrateStorageCliOptions } from './migrateStorageCommand.js';
