// The errors of @opkit/schema. A schema that the API server would refuse, or a resource definition
// with an invalid name, fails where it is written (at import time of the module that defines it),
// with every problem listed by JSON path and the fix — not later, when a cluster rejects the CRD.

/** What went wrong: a schema that is not structural, a malformed resource definition, or misuse of a `k.*` builder. */
export type SchemaErrorCode = 'not-structural' | 'invalid-definition' | 'invalid-builder';

/** One problem of a schema or definition: where (a JSON path) and what to do about it. */
export interface SchemaIssue {
  /** The JSON path of the node, e.g. `spec.properties.tags` (`(root)` for the root itself). */
  readonly path: string;
  /** What is wrong and how to fix it. */
  readonly message: string;
}

/** Formats issues one per line: `path: message`. */
export function formatIssues(issues: readonly SchemaIssue[]): string {
  return issues.map((issue) => `  ${issue.path || '(root)'}: ${issue.message}`).join('\n');
}

/**
 * A schema or resource definition that cannot become a CRD; `issues` lists every problem.
 *
 * @example
 * ```ts
 * try {
 *   defineResource({ group: 'example.com', version: 'v1', kind: 'Widget', spec: k.raw({ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } } }) });
 * } catch (error) {
 *   if (error instanceof SchemaError) console.error(error.issues); // [{ path: 'spec.properties.tags', message: 'uniqueItems is not allowed …' }]
 * }
 * ```
 */
export class SchemaError extends Error {
  /** The kind of failure. */
  readonly code: SchemaErrorCode;
  /** Every problem found, by JSON path. */
  readonly issues: readonly SchemaIssue[];

  constructor(code: SchemaErrorCode, summary: string, issues: readonly SchemaIssue[] = [], options: { cause?: unknown } = {}) {
    super(issues.length > 0 ? `${summary}\n${formatIssues(issues)}` : summary, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SchemaError';
    this.code = code;
    this.issues = issues;
  }
}
