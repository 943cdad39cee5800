// The summary `op dev` prints when it ends, on the normal screen (after the terminal UI's alternate
// screen is gone): what ran, how it ended, and how to look at what is left.
import type { DevStore } from './model/store.js';
import { formatMs } from './model/store.js';
import { STATE_KINDS } from './model/objects.js';
import { p50 } from './ui/views.js';

/**
 * The summary lines.
 *
 * @example
 * ```ts
 * summaryLines(store, { startedAt, now: Date.now() }).join('\n');
 * ```
 */
export function summaryLines(store: DevStore, times: { readonly startedAt: number; readonly now: number }): string[] {
  const gens = [...store.gens.values()];
  const started = gens.filter((view) => view.phase !== 'loading' && view.phase !== 'failed');
  const crashed = gens.filter((view) => view.phase === 'crashed').length;
  const forced = gens.filter((view) => view.forced).length;
  const lines: string[] = [];
  const where = store.target ? (store.target.mode === 'embedded' ? `the embedded API server (${store.target.label.replace(/^embedded /, '').replace(/^\((.*)\)$/, '$1')})` : `the cluster of ${store.target.label}`) : 'no target';
  lines.push(`op dev: ${started.length} generation${started.length === 1 ? '' : 's'}${crashed ? `, ${crashed} crashed` : ''}${forced ? `, ${forced} forced to stop` : ''} in ${formatMs(times.now - times.startedAt)} on ${where}`);
  const counts = store.counts();
  const byState = STATE_KINDS.filter((kind) => counts[kind] > 0).map((kind) => `${counts[kind]} ${kind}`).join(', ');
  lines.push(`objects: ${store.objects.size}${byState ? ` (${byState})` : ''}`);
  if (store.handlers.size > 0) {
    const handlers = [...store.handlers.values()].map((stats) => {
      const median = p50(stats);
      return `${stats.id} ${stats.successes} succeeded, ${stats.retries} retried, ${stats.failures} failed${median !== undefined ? ` (p50 ${formatMs(median)})` : ''}`;
    });
    lines.push(`handlers: ${handlers.join('; ')}`);
  }
  const last = gens.filter((view) => view.phase === 'stopped').at(-1);
  if (last) {
    const interrupted = last.interrupted?.length ?? 0;
    lines.push(`last stop: gen ${last.gen} ${last.forced ? 'forced' : 'stopped'} in ${formatMs(last.stopMs ?? 0)}${last.graceful ? ', graceful' : ''}${interrupted ? `, ${interrupted} handler${interrupted > 1 ? 's' : ''} interrupted (they resume from the stored state)` : ''}`);
  }
  if (store.buildError) lines.push(`last load failed: ${store.buildError.message}`);
  if (store.target) lines.push(`to look around: ${store.target.kubectl}`);
  return lines;
}
