// Recorded and synthetic op dev sessions for the tests: the recorded ones are `op dev --json`
// output (test/fixtures/record.sh), read with the exact JSON codec; the synthetic one has any
// number of objects, so the 10,000-object case needs no 15 MB file.
import { readFileSync } from 'node:fs';
import { parseJson } from '@opkit/json';
import type { DevRecord, DevStore } from '../../src/index.js';

/** The records of a recorded session (`reload-mid-handler`, `forced-stop`, `build-error`). */
export function recorded(name: string): DevRecord[] {
  const text = readFileSync(new URL(`../fixtures/${name}.jsonl`, import.meta.url), 'utf8');
  return text.split('\n').filter(Boolean).map((line) => parseJson(line) as DevRecord);
}

/** The index of the first record matching, or throw. */
export function indexOf(records: readonly DevRecord[], predicate: (record: Record<string, any>) => boolean): number {
  const index = records.findIndex((record) => predicate(record));
  if (index < 0) throw new Error('no such record in the recording');
  return index;
}

/** Apply records [from, to) to a store. */
export function replay(store: DevStore, records: readonly DevRecord[], to = records.length, from = 0): DevStore {
  for (const record of records.slice(from, to)) store.apply(record);
  return store;
}

const RESOURCE = 'kopfexamples.kopf.dev/v1';

/** A synthetic object body: handled (diff-base stored), or with a retrying handler. */
export function syntheticObject(index: number, options: { readonly retrying?: boolean; readonly failedAt?: number } = {}): Record<string, any> {
  const name = `widget-${String(index).padStart(5, '0')}`;
  const spec = { size: index % 7, field: `value-${index}` };
  const annotations: Record<string, string> = {
    'opkit.dev/last-handled-configuration': `${JSON.stringify({ spec })}\n`,
  };
  if (options.retrying) {
    annotations['opkit.dev/create_fn'] = JSON.stringify({ started: '2026-11-25T10:00:00.000000+00:00', delayed: '2026-11-25T10:00:12.000000+00:00', purpose: 'create', retries: 3, success: false, failure: false, message: 'db not ready' });
    delete annotations['opkit.dev/last-handled-configuration'];
  }
  return {
    apiVersion: 'kopf.dev/v1', kind: 'KopfExample',
    metadata: { name, namespace: `team-${index % 10}`, uid: `uid-${index}`, resourceVersion: String(index + 1), generation: 1, annotations, finalizers: [] },
    spec,
  };
}

/** A session with `count` objects (every 97th retrying), a loaded generation and its registry. */
export function syntheticSession(count: number, ts = Date.parse('2026-11-25T10:00:00Z')): DevRecord[] {
  const records: Record<string, any>[] = [
    { v: 1, ts, type: 'dev.target', mode: 'embedded', label: 'embedded .opkit/apiserver', server: 'http://127.0.0.1:40123', kubectl: 'kubectl --kubeconfig .opkit/kubeconfig get kopfexamples.kopf.dev -A', project: 'src/operator.ts', reason: '--embedded' },
    { v: 1, ts, type: 'dev.gen', gen: 1, phase: 'loading', reason: 'start' },
    { v: 1, ts, type: 'dev.registry', gen: 1, handlers: [{ id: 'create_fn', kind: 'create', selector: 'kopfexamples', resources: [RESOURCE] }, { id: 'update_fn', kind: 'update', selector: 'kopfexamples', resources: [RESOURCE] }], files: ['/project/src/operator.ts'], resources: [RESOURCE], unserved: [] },
    { v: 1, ts, type: 'dev.gen', gen: 1, phase: 'started', pid: 4242, reason: 'start', loadMs: 120 },
  ];
  for (let index = 0; index < count; index++) {
    records.push({ v: 1, ts, type: 'dev.object', event: 'ADDED', resource: RESOURCE, kind: 'KopfExample', object: syntheticObject(index, { retrying: index % 97 === 0 }) });
  }
  records.push({ v: 1, ts, type: 'dev.synced', resource: RESOURCE });
  records.push({ v: 1, ts, gen: 1, type: 'watch', phase: 'synced', resource: RESOURCE });
  records.push({ v: 1, ts, gen: 1, type: 'operator', phase: 'ready' });
  records.push({ v: 1, ts, type: 'dev.gen', gen: 1, phase: 'ready', readyMs: 300 });
  return records as unknown as DevRecord[];
}

/**
 * Feed events of a busy operator over `count` objects: handler started/succeeded pairs with their
 * log lines and patches, in a fixed rotation (`n` events from `start`).
 */
export function syntheticEvents(count: number, n: number, start = 0, ts = Date.parse('2026-11-25T10:00:01Z')): DevRecord[] {
  const events: Record<string, any>[] = [];
  for (let i = start; i < start + n; i++) {
    const index = Math.floor(i / 4) % count;
    const ref = { resource: RESOURCE, namespace: `team-${index % 10}`, name: `widget-${String(index).padStart(5, '0')}`, uid: `uid-${index}` };
    const base = { v: 1, ts: ts + i * 2, gen: 1 };
    switch (i % 4) {
      case 0: events.push({ ...base, type: 'handler', phase: 'started', id: 'update_fn', kind: 'update', retry: 0, ...ref }); break;
      case 1: events.push({ ...base, type: 'log', level: 'info', message: `updating ${ref.name}`, object: ref }); break;
      case 2: events.push({ ...base, type: 'handler', phase: 'succeeded', id: 'update_fn', kind: 'update', retry: 0, durationMs: 3 + (i % 11), ...ref }); break;
      default: events.push({ ...base, type: 'patch', patchType: 'merge', code: 200, durationMs: 2, ...ref }); break;
    }
  }
  return events as unknown as DevRecord[];
}
