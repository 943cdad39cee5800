// Errors raised by @opkit/labeled-config. Each says which input was wrong — a config set's index and
// the field inside it, both sources of a merge conflict, the missing node — and what was expected.

/** What went wrong, as a stable string. */
export type LabeledConfigErrorCode = 'invalid-config' | 'merge-conflict' | 'node-not-found' | 'no-instance';

/**
 * Base error of @opkit/labeled-config.
 *
 * @example
 * try { extractLabeledConfigs(sets, labels); } catch (error) { if (error instanceof LabeledConfigError) console.error(error.code, error.message); }
 */
export class LabeledConfigError extends Error {
  override readonly name: string = 'LabeledConfigError';
  constructor(
    readonly code: LabeledConfigErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A config set or one of its label selectors is malformed. `path` names the field, e.g.
 * `configSets[2].nodeSelectors[0].matchExpressions[1].operator`.
 *
 * @example
 * new InvalidConfigError('configSets[0].nodeSelectors', 'expected a list of label selectors, got a string');
 */
export class InvalidConfigError extends LabeledConfigError {
  override readonly name: string = 'InvalidConfigError';
  constructor(
    /** The field that is wrong, from the root of the input. */
    readonly path: string,
    /** What is wrong with it and what was expected. */
    readonly problem: string,
  ) {
    super('invalid-config', `${path}: ${problem}`);
  }
}

/**
 * Two values of different types met at the same place of a merge. Both sources are named with the
 * path inside them, e.g. `configSets[1].config.foo`.
 *
 * @example
 * new MergeConflictError({ source: 'configSets[0].config.foo', type: 'a map' }, { source: 'configSets[1].config.foo', type: 'a list' });
 */
export class MergeConflictError extends LabeledConfigError {
  override readonly name: string = 'MergeConflictError';
  constructor(
    /** The value merged so far at that place: where it came from and its type. */
    readonly earlier: { source: string; type: string },
    /** The value that was to be merged over it. */
    readonly later: { source: string; type: string },
  ) {
    super(
      'merge-conflict',
      `cannot merge ${later.source} (${later.type}) over ${earlier.source} (${earlier.type}): ` +
        'a value must keep its type across the merged configs (maps merge with maps, lists with lists, scalars replace scalars)',
    );
  }
}

/**
 * The Node whose labels were asked for does not exist.
 *
 * @example
 * new NodeNotFoundError('worker-9');
 */
export class NodeNotFoundError extends LabeledConfigError {
  override readonly name: string = 'NodeNotFoundError';
  constructor(
    /** The node name that was looked up. */
    readonly nodeName: string,
    options?: { cause?: unknown },
  ) {
    super('node-not-found', `node "${nodeName}" not found: expected the name of an existing Node (kubectl get nodes lists them)`, options);
  }
}

/**
 * An object carries no instance label to name its node by.
 *
 * @example
 * new NoInstanceError('NovaComputeNode default/x', 'state.yaook.cloud/instance');
 */
export class NoInstanceError extends LabeledConfigError {
  override readonly name: string = 'NoInstanceError';
  constructor(
    /** The object, as `Kind namespace/name`. */
    readonly object: string,
    /** The label that was looked for. */
    readonly label: string,
  ) {
    super('no-instance', `${object} has no label "${label}": expected the name of its node there (the object's instance)`);
  }
}
