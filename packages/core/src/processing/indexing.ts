// Indexing in the pipeline: @opkit/handlers' Indexer keeps the indices in line with the watched objects
// (beside the per-object queue, taking no worker slot); this is where core plugs into it — each index
// handler is invoked in the operator's scope, logged and reported on the feed like any handler, and its
// lines never become Kubernetes events (as in Kopf).
import type { EventSink, IndexerInvoke, OperatorIndices } from '@opkit/handlers';
import { Indexer, invokeHandler, runWithScope } from '@opkit/handlers';
import { resourceName } from '@opkit/kube';
import { Patch } from '@opkit/state';
import type { KubeObject, Resource } from '@opkit/kube';
import type { Clock, Logger } from '@opkit/tasks';
import type { FeedEventInput } from '../feed.js';
import type { OperatorSettings } from '../settings.js';
import { reportOutcome } from './outcomes.js';

/** What one run's indexer needs from the pipeline: the indices, logging, posting, the memo, and the operator's signal (handlers' `signal`, and no more indexing). */
export interface IndexerInput {
  readonly indices: OperatorIndices;
  readonly objectLogger: (body: KubeObject, resource: Resource, options?: { readonly spy?: boolean }) => Logger;
  readonly events: EventSink;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kopf's memo: handlers keep anything there and read it back without casts
  readonly memo: Record<string, any>;
  readonly signal: AbortSignal;
}

/** What indexing needs besides: the operator's settings, clock and feed (from the container). */
export interface IndexingDeps extends IndexerInput {
  readonly settings: OperatorSettings;
  readonly clock: Clock;
  readonly emit: (event: FeedEventInput) => void;
}

/**
 * The operator's Indexer: index handlers invoked like any handler (`Indexer 'x' succeeded.` at debug, the
 * feed's `handler` events with kind `index`).
 *
 * @example
 * ```ts
 * const indexer = createIndexer(deps);
 * indexer.offer(resource, handlers, { type: 'ADDED', object: body });
 * ```
 */
export function createIndexer(deps: IndexingDeps): Indexer {
  const invoke: IndexerInvoke = async (handler, context, { resource, body }) => {
    const ref = { resource: resourceName(resource), namespace: body.metadata?.namespace, name: body.metadata?.name ?? '', uid: body.metadata?.uid };
    const start = deps.clock.now();
    deps.emit({ type: 'handler', phase: 'started', id: handler.id, kind: 'index', retry: context.retry, ...ref });
    const outcome = await runWithScope({ events: deps.events }, () => invokeHandler(handler, context, { defaultBackoff: deps.settings.execution.defaultBackoff }));
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
    indices: deps.indices, memo: deps.memo, signal: deps.signal, clock: deps.clock, invoke, patch: () => new Patch(),
    logger: (body, resource) => deps.objectLogger(body, resource, { spy: true }),
  });
}
