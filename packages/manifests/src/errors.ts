// The errors of @opkit/manifests: a project whose configuration is missing or malformed, an operator
// that cannot be loaded, or a selector from which no RBAC rule can be derived offline. Each message
// names what was wrong and what is expected; only the `op manifests` command turns them into exit codes.

/** What failed: the project configuration, loading the operator, or resolving a selector offline. */
export type ManifestsErrorCode = 'config' | 'load' | 'selector';

/**
 * Why manifests could not be generated.
 *
 * @example
 * ```ts
 * try {
 *   await generateManifests({ dir: '.' });
 * } catch (error) {
 *   if (error instanceof ManifestsError && error.code === 'config') console.error(error.message);
 * }
 * ```
 */
export class ManifestsError extends Error {
  /** What failed. */
  readonly code: ManifestsErrorCode;

  constructor(code: ManifestsErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ManifestsError';
    this.code = code;
  }
}
