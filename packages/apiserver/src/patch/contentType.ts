// Maps a PATCH request's Content-Type to the patch algorithm. kube-apiserver checks this before
// anything else and answers 415 for anything it does not know; `undefined` here means exactly that.

/**
 * The four patch types kube-apiserver accepts.
 *
 * @example
 * ```ts
 * const type: PatchType = 'strategic';
 * ```
 */
export type PatchType = 'merge' | 'json' | 'strategic' | 'apply';

const PATCH_TYPES: Readonly<Record<string, PatchType>> = {
  'application/merge-patch+json': 'merge',
  'application/json-patch+json': 'json',
  'application/strategic-merge-patch+json': 'strategic',
  'application/apply-patch+yaml': 'apply',
};

/**
 * The patch type named by a Content-Type header value, ignoring parameters (`; charset=utf-8`) and
 * letter case; `undefined` for anything else (the server answers 415), including
 * `application/apply-patch+cbor`, which this server does not speak.
 *
 * @example
 * ```ts
 * patchTypeFromContentType('application/merge-patch+json; charset=utf-8'); // 'merge'
 * patchTypeFromContentType('application/json'); // undefined → 415
 * ```
 */
export function patchTypeFromContentType(contentType: string): PatchType | undefined {
  const mediaType = contentType.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return Object.hasOwn(PATCH_TYPES, mediaType) ? PATCH_TYPES[mediaType] : undefined;
}
