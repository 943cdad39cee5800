// Indexing: two in-memory indices of every Pod — whether it runs, keyed by [namespace, name], and its
// name under each [label, value] — kept up to date from the Pods' watch and given to every handler as
// `indices`. Two probes report them at /healthz (`op run --liveness`), and a timer on each KopfExample
// writes the pods of `kube-system` and `default` into its status: every pod with an index entry, running
// or not, as Kopf's example does (its `if is_running` tests the entry, a list like [False], for being
// non-empty — not the pod's phase). Handlers wait until every pod listed at startup is indexed.
// OPKIT_EXAMPLE_TIME_SCALE shortens the timer's interval (the test uses it).
import { on } from '@opkit/core';
import type { Index } from '@opkit/core';

/** Seconds, scaled by OPKIT_EXAMPLE_TIME_SCALE (1 by default). */
function seconds(value: number): number {
  const scale = Number(process.env.OPKIT_EXAMPLE_TIME_SCALE ?? '1');
  return value * (Number.isFinite(scale) && scale > 0 ? scale : 1);
}

type PodKey = [namespace: string, name: string];

on.index('pods', function is_running({ namespace, name, status }) {
  return new Map([[[namespace, name], status.phase === 'Running']]);
});

on.index('pods', function by_label({ labels, name }) {
  return new Map(Object.entries(labels).map(([label, value]) => [[label, value], name]));
});

on.probe(function pod_count({ indices }) {
  return indices.is_running!.size;
});

on.probe(function pod_names({ indices }) {
  return [...(indices.is_running as Index<PodKey, boolean>).keys()].map(([, name]) => name);
});

on.timer('kex', function intervalled({ indices, patch, logger }) {
  const byLabel = indices.by_label as Index<[string, string], string>;
  logger.info(`Pods by label: ${JSON.stringify(Object.fromEntries([...byLabel].map(([[label, value], names]) => [`${label}=${value}`, names.toArray()])))}`);
  // Kopf's `if is_running`: the entry (the values stored for the key) is non-empty — true for every indexed pod.
  patch.status['running-pods'] = [...(indices.is_running as Index<PodKey, boolean>)]
    .filter(([[namespace], isRunning]) => ['kube-system', 'default'].includes(namespace) && isRunning.size > 0)
    .map(([[namespace, name]]) => `${namespace}::${name}`);
}, { interval: seconds(5) });
