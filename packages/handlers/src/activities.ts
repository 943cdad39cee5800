// Activities: startup handlers (all must succeed before anything is watched; they are retried as
// their outcomes say), cleanup handlers (once, when the operator stops), probes (whenever a health
// endpoint asks; see Operator.probe) and login. All run "all at once", as in Kopf.
import { sleep } from '@opkit/tasks';
import type { Clock, Logger } from '@opkit/tasks';
import { HandlerClient } from './client.js';
import type { FeedEventInput } from './feed.js';
import type { Indices } from './indices.js';
import { invokeHandler } from './invoke.js';
import { OperatorError } from './operatorError.js';
import type { Registry } from './registry.js';
import type { ActivityContext, ActivityHandler, ActivityKind } from './types.js';

/** What running activities needs. */
export interface ActivityDeps {
  readonly registry: Registry;
  /** The operator's settings, as activities receive them; `execution.defaultBackoff` is the retry delay of plain errors. */
  readonly settings: { readonly execution: { readonly defaultBackoff: number } };
  readonly logger: Logger;
  readonly clock: Clock;
  readonly memo: Record<string, any>;
  readonly emit: (event: FeedEventInput) => void;
  /** The operator's indices (partial until the first listing is indexed). */
  readonly indices: Indices;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Run every activity of a kind until each succeeded or failed for good; with `retry: false`, once.
 *
 * @throws OperatorError (`startup-failed`) when a startup activity fails for good; (`probe-failed`) when a probe
 * does, after the others are done.
 * @example
 * ```ts
 * await runActivities(deps, 'startup', { signal });
 * ```
 */
export async function runActivities(deps: ActivityDeps, kind: ActivityKind, options: { readonly signal: AbortSignal; readonly retry?: boolean }): Promise<Map<string, unknown>> {
  const results = new Map<string, unknown>();
  const failures: string[] = [];
  const pending = new Map<string, { handler: ActivityHandler; retry: number; started: number; due: number }>();
  for (const handler of deps.registry.activityHandlers(kind)) pending.set(handler.id, { handler, retry: 0, started: deps.clock.now(), due: 0 });
  while (pending.size > 0 && !options.signal.aborted) {
    const now = deps.clock.now();
    const due = [...pending.values()].filter((item) => item.due <= now);
    await Promise.all(due.map(async (item) => {
      const { handler } = item;
      const context: ActivityContext = {
        id: handler.id, activity: kind, settings: deps.settings, memo: deps.memo, logger: deps.logger, retry: item.retry,
        started: new Date(item.started), runtime: (deps.clock.now() - item.started) / 1000, param: handler.param, signal: options.signal,
        indices: deps.indices, client: new HandlerClient(undefined, { signal: options.signal }),
      };
      const start = deps.clock.now();
      const outcome = await invokeHandler(handler, context, { defaultBackoff: deps.settings.execution.defaultBackoff });
      const durationMs = deps.clock.now() - start;
      const feed = { type: 'handler' as const, id: handler.id, kind, retry: item.retry, durationMs, resource: 'activities', name: kind };
      const name = `Activity '${handler.id}'`;
      if (outcome.kind === 'success' || outcome.kind === 'ignored') {
        if (outcome.kind === 'ignored') deps.logger.error(`${name} failed with an exception. Will ignore.`, { error: outcome.error });
        // Probes run on every liveness check: their success is no news worth a line at info.
        else if (kind === 'probe') deps.logger.debug(`${name} succeeded.`);
        else deps.logger.info(`${name} succeeded.`);
        deps.emit({ ...feed, phase: 'succeeded', outcome: outcome.kind });
        results.set(handler.id, outcome.kind === 'success' ? outcome.result : undefined);
        pending.delete(handler.id);
      } else if ((outcome.kind === 'temporary' || outcome.kind === 'exception') && options.retry !== false) {
        deps.logger.error(`${name} failed temporarily: ${messageOf(outcome.error)}`);
        deps.emit({ ...feed, phase: 'retrying', delay: outcome.delay, message: messageOf(outcome.error), outcome: outcome.kind });
        item.retry++;
        item.due = deps.clock.now() + outcome.delay * 1000;
      } else {
        deps.logger.error(`${name} failed permanently: ${messageOf(outcome.error)}`);
        deps.emit({ ...feed, phase: 'failed', message: messageOf(outcome.error), outcome: outcome.kind === 'timeout' ? 'timeout' : 'permanent' });
        pending.delete(handler.id);
        failures.push(`Probe '${handler.id}' failed: ${messageOf(outcome.error)}`);
        if (kind === 'startup') throw new OperatorError('startup-failed', `Startup activity '${handler.id}' failed: ${messageOf(outcome.error)}`, { cause: outcome.error });
      }
    }));
    if (pending.size === 0) break;
    const next = Math.min(...[...pending.values()].map((item) => item.due));
    await sleep(Math.max(0, next - deps.clock.now()), { signal: options.signal, clock: deps.clock }).catch(() => undefined);
  }
  if (kind === 'probe' && failures.length > 0) throw new OperatorError('probe-failed', failures.join('; '));
  return results;
}
