// Built-in resources: handlers on Pods (no CRD needed). Every pod outside kube-* namespaces gets a
// background timer that deletes it after a while ("pod killer"); deleting the pod first cancels it.
// The mandatory delete handler makes every pod carry the finalizer, as in Kopf's example. `pod_in_sight` is
// both the resume and the create handler, under that one id, as Kopf's stacked decorators make it.
import { on } from '@opkit/core';
import type { HandlerContext } from '@opkit/core';
import { connect } from '@opkit/kube';

/** Seconds before a pod is killed; OPKIT_EXAMPLE_KILL_DELAY overrides the 30 s of the original. */
function killDelay(): number {
  const value = Number(process.env.OPKIT_EXAMPLE_KILL_DELAY ?? '30');
  return Number.isFinite(value) && value >= 0 ? value : 30;
}

const timers = new Map<string, { timer: ReturnType<typeof setTimeout>; cancel: () => void }>();

async function killPod(namespace: string, name: string): Promise<void> {
  const client = await connect();
  try {
    const pods = await client.resolveOne({ group: '', version: 'v1', plural: 'pods' });
    await client.delete(pods, name, { namespace });
  } finally {
    client.close();
  }
}

/** Kopf's `pod_in_sight`, one function for resume and create, so both keep its id (and its progress record). */
function pod_in_sight({ namespace, name, logger }: HandlerContext): void {
  if (!namespace || !name || namespace.startsWith('kube-')) return;
  const key = `${namespace}/${name}`;
  if (timers.has(key)) return;
  const delay = killDelay();
  logger.info(`=== Pod killing happens in ${delay}s.`);
  const timer = setTimeout(() => {
    timers.delete(key);
    logger.info('=== Pod killing happens NOW!');
    killPod(namespace, name).catch((error: unknown) => logger.error(`=== Pod killing failed: ${(error as Error).message}`));
  }, delay * 1000);
  timers.set(key, { timer, cancel: () => logger.info('=== Pod killing is cancelled!') });
}

on.resume('pods', pod_in_sight);
on.create('pods', pod_in_sight);

on.delete('pods', function pod_deleted({ namespace, name }) {
  const key = `${namespace}/${name}`;
  const entry = timers.get(key);
  if (entry) {
    clearTimeout(entry.timer);
    timers.delete(key);
    entry.cancel();
  }
});
