// The raw baseline: the best straightforward operator a user could write by hand on @kubernetes/client-node
// alone (an informer per resource + a merge-patch of status), doing the same work as the Opkit operator under
// test — the same handler effects written to the same status fields — so that the ratio of the two measures
// what the framework costs. It stands in for the limit set by the API server.
//
// What it does, per widget event from the informer (add or update):
// - no status.create_fn yet: run the create handler and merge-patch status {create_fn, observedGeneration};
// - metadata.generation above status.observedGeneration (a spec change): run the update handler and
//   merge-patch status {update_fn, observedGeneration};
// - otherwise, the first time this process sees the object: run the resume handler (no write).
// One patch per object is in flight at a time; an event arriving meanwhile is handled after it, from the
// newest copy. At most 64 objects are handled at once (Opkit's default worker limit): @kubernetes/client-node
// opens a connection per request, and ten thousand patches at once overrun any API server's bounds (the embedded
// one closes connections past 4,096; a kube-apiserver answers 429 past its max-requests-inflight). A failed
// patch is retried after a backoff (0.1 s doubling to 5 s) from the newest copy, and an informer whose watch
// failed is started again after a second, as client-node's documentation does it. Timer objects get a 1 s timer
// each, counted from the end of the previous run (as on.timer without `sharp`); its lateness is how long after
// that scheduled time the run started.
import * as k8s from '@kubernetes/client-node';
import { timerRun } from '../harness/benchOperator.js';
import type { BenchOperator, HandlerCounters } from '../harness/benchOperator.js';
import { GROUP, NAMESPACE, nowMs, TIMERS, VERSION, WIDGETS } from '../harness/protocol.js';

interface Widget extends k8s.KubernetesObject {
  spec?: { value?: unknown; sentAt?: unknown };
  status?: { create_fn?: unknown; observedGeneration?: number };
}

/**
 * Starts the raw operator against the API server at `url`, counting into `counters`.
 *
 * @example
 * const op = await startRawOperator('http://127.0.0.1:6443', newCounters()); await op.ready;
 */
export async function startRawOperator(url: string, counters: HandlerCounters): Promise<BenchOperator> {
  const kc = new k8s.KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'bench', server: url, skipTLSVerify: true }],
    users: [{ name: 'bench' }],
    contexts: [{ name: 'bench', cluster: 'bench', user: 'bench' }],
    currentContext: 'bench',
  });
  const api = kc.makeApiClient(k8s.CustomObjectsApi);
  const mergePatch = k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch);

  // Per object: its newest copy not yet handled, whether it is being handled, and its failures in a row.
  const newest = new Map<string, Widget>();
  const busy = new Set<string>();
  const failures = new Map<string, number>();
  const resumed = new Set<string>();
  // Objects waiting for one of the LIMIT slots, first come first served (a head index: no O(n) shift).
  const LIMIT = 64;
  let running = 0;
  let waiting: string[] = [];
  let head = 0;
  const queued = new Set<string>();
  let stopped = false;
  const retries = new Set<ReturnType<typeof setTimeout>>();

  const patchStatus = (widget: Widget, status: Record<string, unknown>): Promise<unknown> =>
    api.patchNamespacedCustomObjectStatus(
      { group: GROUP, version: VERSION, namespace: widget.metadata?.namespace ?? NAMESPACE, plural: WIDGETS, name: widget.metadata!.name!, body: { status } },
      mergePatch,
    );

  const handle = async (widget: Widget): Promise<void> => {
    const key = widget.metadata!.uid!;
    const generation = widget.metadata?.generation ?? 0;
    if (widget.status?.create_fn === undefined) {
      counters.created++;
      const result = { message: `created ${String(widget.spec?.value)}` };
      resumed.add(key);
      await patchStatus(widget, { create_fn: result, observedGeneration: generation });
    } else if (generation > (widget.status.observedGeneration ?? 0)) {
      const startedAt = nowMs();
      counters.updated++;
      if (typeof widget.spec?.sentAt === 'number') counters.updateLatencies.push(startedAt - widget.spec.sentAt);
      resumed.add(key);
      await patchStatus(widget, { update_fn: { startedAt }, observedGeneration: generation });
    } else if (!resumed.has(key)) {
      resumed.add(key);
      counters.resumed++;
      counters.lastResumeAt = nowMs();
    }
  };

  const enqueue = (key: string): void => {
    if (busy.has(key) || queued.has(key)) return;
    queued.add(key);
    waiting.push(key);
  };

  const pump = (): void => {
    while (!stopped && running < LIMIT && head < waiting.length) {
      const key = waiting[head++]!;
      queued.delete(key);
      const widget = newest.get(key);
      if (widget === undefined) continue;
      newest.delete(key);
      busy.add(key);
      running++;
      void handle(widget).then(
        () => { failures.delete(key); },
        () => {
          const count = (failures.get(key) ?? 0) + 1;
          failures.set(key, count);
          const retry = setTimeout(() => {
            retries.delete(retry);
            if (!failures.has(key)) return; // deleted meanwhile
            if (!newest.has(key)) newest.set(key, widget);
            enqueue(key);
            pump();
          }, Math.min(5000, 100 * 2 ** (count - 1)));
          retries.add(retry);
        },
      ).finally(() => {
        busy.delete(key);
        running--;
        if (newest.has(key)) enqueue(key);
        pump();
      });
    }
    if (head === waiting.length) {
      waiting = [];
      head = 0;
    }
  };

  const schedule = (widget: Widget): void => {
    const key = widget.metadata!.uid!;
    newest.set(key, widget);
    enqueue(key);
    pump();
  };

  // client-node's informer stops on a failed watch or list and reports it; it is started again after a second.
  const restartOnError = <T extends k8s.KubernetesObject>(informer: k8s.Informer<T>): void => {
    informer.on('error', () => {
      const again = setTimeout(() => {
        retries.delete(again);
        if (!stopped) void informer.start().catch(() => undefined);
      }, 1000);
      retries.add(again);
    });
  };

  const widgets = k8s.makeInformer<Widget>(kc, `/apis/${GROUP}/${VERSION}/${WIDGETS}`, () =>
    api.listClusterCustomObject({ group: GROUP, version: VERSION, plural: WIDGETS }) as Promise<k8s.KubernetesListObject<Widget>>);
  widgets.on('add', schedule);
  widgets.on('update', schedule);
  widgets.on('delete', (widget) => {
    const key = widget.metadata!.uid!;
    resumed.delete(key);
    newest.delete(key);
    failures.delete(key);
  });
  restartOnError(widgets);

  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  // The run itself: the same code as the Opkit operator's timer handler (and Kopf's, in Python), so they do the
  // same work per run and differ only in what runs it.
  const tick = timerRun(counters);
  const arm = (uid: string, name: string, scheduledAt: number): void => {
    timers.set(uid, setTimeout(() => {
      tick(name);
      if (timers.has(uid)) arm(uid, name, nowMs() + 1000);
    }, Math.max(0, scheduledAt - nowMs())));
  };
  const timerObjects = k8s.makeInformer<k8s.KubernetesObject>(kc, `/apis/${GROUP}/${VERSION}/${TIMERS}`, () =>
    api.listClusterCustomObject({ group: GROUP, version: VERSION, plural: TIMERS }) as Promise<k8s.KubernetesListObject<k8s.KubernetesObject>>);
  timerObjects.on('add', (object) => {
    const uid = object.metadata!.uid!;
    if (!timers.has(uid)) arm(uid, object.metadata!.name!, nowMs() + 1000);
  });
  timerObjects.on('delete', (object) => {
    clearTimeout(timers.get(object.metadata!.uid!));
    timers.delete(object.metadata!.uid!);
  });
  restartOnError(timerObjects);

  const ready = Promise.all([widgets.start(), timerObjects.start()]).then(() => undefined);
  return {
    ready,
    async stop() {
      stopped = true;
      for (const retry of retries) clearTimeout(retry);
      retries.clear();
      await Promise.all([widgets.stop(), timerObjects.stop()]);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
