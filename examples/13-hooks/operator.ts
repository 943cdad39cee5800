// Operator-level hooks: startup activities (one retried until it succeeds) gate all watching;
// a cleanup activity stops the background work when the operator stops; a login handler gives the
// operator its connection (called again after a 401 or once its credentials expire); probes report
// state (served at /healthz with `op run --liveness`); an event spy on Pods starts a background task per pod.
import { loginWithKubeconfig, on, TemporaryError } from '@opkit/core';
import type { ConnectionInfo } from '@opkit/core';

const stoppers = new Map<string, Map<string, AbortController>>(); // namespace → name → stopper
let lock: Promise<void> | undefined;

on.startup(async function startup_fn_simple({ logger }) {
  logger.info('Initialising the task-lock...');
  lock = Promise.resolve();
  await lock;
});

on.startup(function startup_fn_retried({ retry, logger }) {
  if (retry < 3) throw new TemporaryError(`Going to succeed in ${3 - retry}s`, { delay: 1 });
  logger.info('Starting retried...');
});

on.cleanup(function cleanup_fn({ logger }) {
  logger.info('Cleaning up...');
  for (const names of stoppers.values()) for (const stopper of names.values()) stopper.abort();
  logger.info('All pod-tasks are requested to stop...');
});

/** Seconds the login takes; OPKIT_EXAMPLE_LOGIN_DELAY overrides Kopf's 2 s. */
function loginDelay(): number {
  const value = Number(process.env.OPKIT_EXAMPLE_LOGIN_DELAY);
  return process.env.OPKIT_EXAMPLE_LOGIN_DELAY && Number.isFinite(value) && value >= 0 ? value : 2;
}

on.login(async function login_fn({ logger }): Promise<ConnectionInfo> {
  logger.info(`Logging in in ${loginDelay()}s...`);
  await new Promise((resolve) => { setTimeout(resolve, loginDelay() * 1000); });
  // The kubeconfig's cluster and user (KUBECONFIG, ~/.kube/config, or the pod's service account), valid for
  // 30 s: then the next request logs in again.
  return { ...loginWithKubeconfig(), expiration: new Date(Date.now() + 30_000) };
}, { errors: 'permanent' });

on.probe(function tasks_count() {
  return [...stoppers.values()].reduce((sum, names) => sum + names.size, 0);
});

on.probe(function monitored_objects() {
  return Object.fromEntries([...stoppers].map(([namespace, names]) => [namespace, [...names.keys()].sort()]));
});

/** Seconds between the background task's lines; OPKIT_EXAMPLE_TASK_PERIOD overrides the random 1–10 s. */
function period(): number {
  const value = Number(process.env.OPKIT_EXAMPLE_TASK_PERIOD);
  return Number.isFinite(value) && value > 0 ? value : 1 + Math.floor(Math.random() * 10);
}

on.event('pods', function pod_task({ namespace, name, logger }) {
  if (!namespace || !name) return;
  const names = stoppers.get(namespace) ?? new Map<string, AbortController>();
  stoppers.set(namespace, names);
  if (names.has(name)) return;
  const stopper = new AbortController();
  names.set(name, stopper);
  const tick = (): void => {
    if (stopper.signal.aborted) {
      logger.info('Serving is finished by request.');
      return;
    }
    logger.info('Served by the background task.');
    setTimeout(tick, period() * 1000).unref();
  };
  setTimeout(tick, period() * 1000).unref();
});
