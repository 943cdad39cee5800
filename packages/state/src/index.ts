// The public entry of @opkit/state: the memory of an operator on its objects (essence, diffs,
// diff-base and progress storage, finalizers, cause detection), byte-compatible with Kopf.
// Every export is listed by name, grouped by concept.

// Profiles
// First: on a too-old Node, importing Opkit stops with a clear message (see requireNode.ts).
import './requireNode.js';

export type { PersistenceProfile, PersistenceProfileName } from './profiles.js';
export { PERSISTENCE_PROFILES, DEFAULT_PERSISTENCE_PROFILE, resolveProfile } from './profiles.js';

// Persisted formats
export { encodeJson, encodeString, encodeNumber } from './pythonJson.js';
export type { AnnotationKeyOptions } from './annotationKeys.js';
export {
  annotationKeys, progressKeys, diffBaseKeys, makeSafeName, makeHashSuffix, makeV1Key, makeV2Key,
  isDeploymentReplicaSet, MAX_ANNOTATION_NAME_LENGTH,
} from './annotationKeys.js';
export type { EpochMicros, Clock } from './timestamps.js';
export { formatTimestamp, formatTouchValue, parseTimestamp, toEpochMicros } from './timestamps.js';

// Essence and diffs
export type { Essence } from './essence.js';
export {
  buildEssence, encodeDiffBase, detectStoragePrefixes, removeEmptyStanzas, removeAnnotations,
  KUBECTL_LAST_APPLIED, STORAGE_MARKERS, KNOWN_STORAGE_PREFIXES,
} from './essence.js';
export type { Diff, DiffItem, DiffOperation } from './diff.js';
export { diff, reduceDiff, mergePatchFromDiff, applyMergePatch } from './diff.js';
export type { FieldSpec, JsonObject } from './types.js';

// Patches
export type { PatchFn, PatchView, MetaPatchView } from './patch.js';
export { Patch } from './patch.js';
export type { JsonPatch, JsonPatchOperation } from './jsonPatch.js';
export { jsonPatchFromDiff, guardJsonPatch, splitJsonPatch, applyJsonPatch, toPointer, escapePointerToken } from './jsonPatch.js';
export type { PatchRequests } from './patchRequests.js';
export { planPatchRequests, fnsJsonPatches } from './patchRequests.js';

// Progress records and storages
export type { ProgressRecord } from './progressRecord.js';
export { PROGRESS_RECORD_FIELDS, encodeProgressRecord, decodeProgressRecord } from './progressRecord.js';
export type { ProgressStorage, StorageProfileOptions, MultiProgressStorageOptions } from './progressStorage.js';
export {
  AnnotationsProgressStorage, StatusProgressStorage, MultiProgressStorage, SmartProgressStorage, storeStorageMarker,
} from './progressStorage.js';
export type { DiffBaseStorage, EssenceOptions } from './diffBaseStorage.js';
export { essence, AnnotationsDiffBaseStorage, StatusDiffBaseStorage, ANNOTATIONS_SIZE_LIMIT, biggestFields } from './diffBaseStorage.js';
export { digestSecretEssence, digestSecretValue, isSecret, SECRET_DIGEST_PREFIX } from './secretDigests.js';
export { DualDiffBaseStorage } from './dualDiffBaseStorage.js';
export type { ResourceStorages, ResourceStoragesOptions } from './resourceStorages.js';
export { resourceStorages, versionedProfile, VersionedProgressStorage } from './resourceStorages.js';
export type { AdoptedRecordsInput } from './takeover.js';
export { AdoptingProgressStorage, AdoptingDiffBaseStorage, adoptedRecords, swapFinalizer } from './takeover.js';

// Handler-state bookkeeping and results
export type { HandlerOutcome, HandlerStateFields } from './handlerState.js';
export { HandlerState, SUBHANDLERS_PENDING_MESSAGE, deliverResults, subhandlersPendingOutcome } from './handlerState.js';
export type { HandlerCounters, HandlerStatesOptions } from './handlerStates.js';
export { HandlerStates } from './handlerStates.js';

// Finalizers
export type { FinalizerNeed, FinalizerPlan, Finalizers } from './finalizers.js';
export {
  finalizerNames, requiresFinalizer, isDeletionOngoing, isDeletionBlocked, blockDeletion, allowDeletion,
  addFinalizerPatch, removeFinalizerPatch, planFinalizer, shouldReleaseFinalizer,
} from './finalizers.js';

// Causes
export type { CauseReason, WatchEventType, DetectCauseInput, ChangingCause, SupersededCause } from './causes.js';
export { detectCause, detectChangingCause, startCause, HANDLER_REASONS, CAUSE_TITLES } from './causes.js';
export type { CauseFinish } from './finishCause.js';
export { finishCause } from './finishCause.js';

// A cycle's plan
export type { CycleStep, CycleLog, CyclePlan, CyclePlanInput } from './cyclePlan.js';
export { planCycle, planRelease, consistencyWait, reachedVersion } from './cyclePlan.js';

// Errors
export type { StateErrorCode, EssenceFieldSize } from './errors.js';
export {
  StateError, InvalidStateArgumentError, UnsupportedValueError, CorruptedStateError, DiffBaseTooLargeError,
} from './errors.js';
