// The patch algorithms of the embedded API server, as pure functions over JSON values. The server
// core picks the algorithm from the request's Content-Type and turns a thrown PatchError into a
// Kubernetes Status (`status` → HTTP code and `code`, `reason`, `message`, `causes` →
// `details.causes`).
//
// Signatures (every function is pure: inputs are never mutated, results share nothing with them):
//   patchTypeFromContentType(contentType: string): PatchType | undefined
//   applyMergePatch(target: unknown, patch: unknown): unknown
//   applyJsonPatch(target: unknown, operations: unknown): unknown
//   applyStrategicMergePatch(target: unknown, patch: unknown,
//     kind: { group: string; version: string; kind: string }): unknown
//   applyServerSideApply(live: Record<string, unknown> | undefined, applied: Record<string, unknown>,
//     options: { fieldManager: string; force: boolean; now: string; subresource?: string;
//                listMapKeys?: (path: string[]) => string[] | undefined })
//     : { object: Record<string, unknown>; created: boolean }
//   parseApplyBody(text: string): Record<string, unknown>
//   recordUpdateManagedFields(before: Record<string, unknown> | undefined, after: Record<string, unknown>,
//     options: { fieldManager: string; now: string; subresource?: string;
//                listMapKeys?: (path: string[]) => string[] | undefined }): Record<string, unknown>
//     (optional: call on create/update/non-apply patch so apply conflicts also see ordinary writers)
//   class PatchError extends Error { status: number; reason: PatchErrorReason;
//     causes?: { reason: string; message: string; field?: string }[]; detail?: string }
//     reason: 'BadRequest' | 'Invalid' | 'Conflict' | 'RequestEntityTooLarge' | 'InternalError' | ''
//     ('' is StatusReasonUnknown: kube-apiserver's 500 for a plain Go error; omit `reason` in the body).
//     message is the Status message; detail (JSON patch 422s) says what failed, for logs only.
//
// Fidelity: merge, JSON and strategic merge patches were compared with kubectl 1.32's own
// implementations (`kubectl patch --local`, the same libraries kube-apiserver runs) on thousands of
// random cases, and follow their quirks (merge patch prunes nulls inside copied values; JSON patch
// `replace` of a missing member adds it; SMP list order and error messages). One deliberate
// difference: JSON patch array indexes follow RFC 6902 (kube-apiserver also accepts `01` and `-1`).
//
// listMapKeys paths are field names from the object root with list items transparent:
// ['spec', 'template', 'spec', 'containers'], ['spec', 'items', 'subItems']. Return [] for
// `x-kubernetes-list-type: set`.

export { patchTypeFromContentType } from './contentType.js';
export type { PatchType } from './contentType.js';

export { applyMergePatch } from './mergePatch.js';

export { applyJsonPatch, MAX_JSON_PATCH_OPERATIONS, JSON_PATCH_FAILED_MESSAGE } from './jsonPatch.js';

export { applyStrategicMergePatch } from './strategicMergePatch.js';
export { MERGE_SCHEMAS, mergeSchemaFor } from './mergeSchemas.js';
export type { MergeSchema } from './mergeSchemas.js';

export { applyServerSideApply } from './serverSideApply.js';
export type { ServerSideApplyOptions } from './serverSideApply.js';
export { parseApplyBody } from './applyBody.js';
export { recordUpdateManagedFields } from './managedFields.js';
export type { UpdateManagedFieldsOptions } from './managedFields.js';

export { PatchError } from './patchError.js';
export type { PatchErrorCause, PatchErrorReason } from './patchError.js';
