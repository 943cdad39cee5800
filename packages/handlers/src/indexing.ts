// Indexing in an operator: the Indexer keeps the indices in line with the watched objects (beside the
// per-object queue, taking no worker slot); createIndexer is the Indexer an operator runs — each index
// handler is invoked in the operator's scope, logged and reported on the feed like any handler, and its
// lines never become Kubernetes events (as in Kopf). @opkit/core's INDEXER default.
import type { KubeObject, Resource } from '@opkit/kube';
import { resourceName } from '@opkit/kube';
import type { Clock, Logger } from '@opkit/tasks';
import type { FeedEventInput } from './feed.js';
import type { IndexerInvoke, OperatorIndices } from './indexer.js';
import { Indexer } from './indexer.js';
import { invokeHandler } from './invoke.js';
import { reportOutcome } from './outcomeReport.js';
import { runWithScope } from './scope.js';
import type { EventSink, HandlerPatch } from './types.js';

/** What one run's indexer needs from the pipeline: the indices, logging, posting, the memo, and the operator's signal (handlers' `signal`, and no more indexing). */
export interface IndexerInput {
  readonly indices: OperatorIndices;
  readonly objectLogger: (body: KubeObject, resource: Resource, options?: { readonly spy?: boolean }) => Logger;
  readonly events: EventSink;
  readonly memo: Record<string, any>;
  readonly signal: AbortSignal;
}

/** What indexing needs besides: the operator's default backoff (seconds), clock, feed and patch factory. */
export interface IndexingDeps extends IndexerInput {
  readonly defaultBackoff: number;
  readonly clock: Clock;
  readonly emit: (event: FeedEventInput) => void;
  /** A fresh patch for each invocation (dropped: index handlers do not patch, as in Kopf). */
  readonly patch: () => HandlerPatch;
}

/**
 * The operator's Indexer: index handlers invoked like any handler (`Indexer 'x' succeeded.` at debug, the
 * feed's `handler` events with kind `index`).
 *
 * @example
 * ```ts
 * const indexer = createIndexer({ ...input, defaultBackoff: 60, clock, emit, patch: () => new Patch() });
 * indexer.offer(resource, handlers, { type: 'ADDED', object: body });
 * ```
 */
export function createIndexer(deps: IndexingDeps): Indexer {
  const invoke: IndexerInvoke = async (handler, context, { resource, body }) => {
    const ref = { resource: resourceName(resource), namespace: body.metadata?.namespace, name: body.metadata?.name ?? '', uid: body.metadata?.uid };
    const start = deps.clock.now();
    deps.emit({ type: 'handler', phase: 'started', id: handler.id, kind: 'index', retry: context.retry, ...ref });
    const outcome = await runWithScope({ events: deps.events }, () => invokeHandler(handler, context, { defaultBackoff: deps.defaultBackoff }));
    const base = { type: 'handler' as const, id: handler.id, kind: 'index', retry: context.retry, durationMs: deps.clock.now() - start, ...ref };
    // Kopf's wording (`Indexer 'x' …`); success at debug, as Kopf's terse indexing logger shows it only when verbose.
    if (outcome.kind !== 'success') reportOutcome({ logger: context.logger, emit: deps.emit }, `Indexer '${handler.id}'`, base, outcome);
    else {
      context.logger.debug(`Indexer '${handler.id}' succeeded.`);
      deps.emit({ ...base, phase: 'succeeded', outcome: 'success' });
    }
    return outcome;
  };
  return new Indexer({
    indices: deps.indices, memo: deps.memo, signal: deps.signal, clock: deps.clock, invoke, patch: deps.patch,
    logger: (body, resource) => deps.objectLogger(body, resource, { spy: true }),
  });
}
