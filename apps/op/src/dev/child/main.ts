// One generation of the operator under `op dev`: a child process, so that a reload starts from a
// clean module graph, the operator never shares an event loop with the terminal UI, and a crash or
// `process.exit` in user code cannot take op dev down. It loads the operator (reporting what it
// registered or where loading failed), runs it on `start` with op run's machinery, streams its feed
// to the parent in batches, and on `stop` drains handlers in flight within the grace period.
import { registerHooks } from 'node:module';
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FeedEvent } from '@opkit/core';
import { BehaviorSubject } from 'rxjs';
import { useOwnOpkit } from '../../hooks.js';
import type { HandlerInfo, InterruptedHandler } from '../records.js';
import { errorLocation } from './errorLocation.js';
import { FeedBatcher, LoopMonitor, sendToParent as send } from './feedBatcher.js';
import type { ChildConfig, ParentMessage } from './protocol.js';

// Messages are kept until someone waits for them: the parent may speak before a listener is ready.
const inbox: ParentMessage[] = [];
let delivered: ((message: ParentMessage) => void) | undefined;
process.on('message', (message: ParentMessage) => {
  if (delivered) delivered(message);
  else inbox.push(message);
});

// The parent went away (killed, or Ctrl+C twice) before anything ran: nothing to stop.
const orphaned = (): void => process.exit(0);
process.on('disconnect', orphaned);
process.on('SIGINT', () => undefined); // Ctrl+C reaches the whole process group; the parent decides.

// The operator's own files, as they are loaded: what op dev watches.
const loaded = new Set<string>();
let project = '';
let recording = false;
function isOwn(file: string): boolean {
  return project !== '' && (file === project || file.startsWith(project + sep)) && !file.split(sep).includes('node_modules');
}
registerHooks({
  load(url, context, nextLoad) {
    if (recording && url.startsWith('file:')) {
      const file = fileURLToPath(url.replace(/\?.*$/, ''));
      if (isOwn(file)) loaded.add(file);
    }
    return nextLoad(url, context);
  },
});

// Warm up: op's machinery is imported before there is anything to load, so that a reload only
// pays for the operator's own files (op dev keeps one warm child ready).
useOwnOpkit();
const core = await import('@opkit/core');
const { connect } = await import('@opkit/kube');
const { detectIdentity } = await import('@opkit/peering');
const firstLoad = inbox.findIndex((message) => message.type === 'load');
const config: ChildConfig = firstLoad >= 0
  ? (inbox.splice(firstLoad, 1)[0] as Extract<ParentMessage, { type: 'load' }>).config
  : await new Promise<ChildConfig>((resolveConfig) => {
    delivered = (message) => {
      if (message.type === 'load') {
        delivered = undefined;
        resolveConfig(message.config);
      } else {
        inbox.push(message);
      }
    };
    void send({ type: 'warm' });
  });
project = resolve(config.project);

const started = performance.now();
let registry: InstanceType<typeof core.Registry>;
try {
  recording = true;
  ({ registry } = await core.loadOperator(config.files));
  recording = false;
  if (registry.size === 0) throw new Error(`${config.files.join(', ')} registered no handlers: use on.create(…) and friends from '@opkit/core'`);
} catch (error) {
  recording = false;
  const message = error instanceof core.OperatorError ? error.message : (error as Error).message ?? String(error);
  for (const file of config.files) loaded.add(file);
  await send({ type: 'load-failed', message, location: errorLocation(error, (file) => loaded.has(file) || isOwn(file)), files: [...loaded] });
  process.exit(0);
}
for (const file of config.files) loaded.add(file);
const handlers: HandlerInfo[] = registry.resourceHandlers().map((handler) => ({
  id: handler.id, kind: handler.kind, selector: core.resolvableSelector(handler.selector),
  field: handler.field?.join('.'), retries: handler.retries, timeout: handler.timeout, requiresFinalizer: handler.requiresFinalizer,
}));
await send({ type: 'loaded', handlers, files: [...loaded], loadMs: Math.round(performance.now() - started) });

const batcher = new FeedBatcher(send, { batchMs: config.batchMs });
const flush = (): Promise<void> => batcher.flush();
// Handlers in flight (not daemons or timers). When the generation stops, the runtime lets them run for
// the grace period and then aborts them: one that ends after that deadline (or never) was interrupted.
const inFlight = new Map<string, InterruptedHandler>();
const interrupted: InterruptedHandler[] = [];
let deadline = Number.POSITIVE_INFINITY;
const onFeed = (event: FeedEvent): void => {
  batcher.push(event);
  if (event.type === 'handler' && event.kind !== 'daemon' && event.kind !== 'timer') {
    const key = `${event.uid ?? `${event.namespace ?? ''}/${event.name}`}|${event.id}`;
    if (event.phase === 'started') {
      inFlight.set(key, { resource: event.resource, namespace: event.namespace, name: event.name, uid: event.uid, id: event.id });
    } else {
      const ref = inFlight.get(key);
      inFlight.delete(key);
      if (ref && event.ts >= deadline - 5) interrupted.push(ref);
    }
  }
};

// Event-loop delay: what a slow handler (or a busy runtime) costs every other handler and timer.
const loop = new LoopMonitor();
const loopTimer = setInterval(() => void send({ type: 'loop', ...loop.take() }), config.loopReportMs ?? 1000);
loopTimer.unref();

const controller = new AbortController();
const paused$ = new BehaviorSubject<boolean>(false);

async function run(): Promise<void> {
  // Kopf's --dev on a cluster: priority 666 pauses the copies deployed there (they resume when we leave).
  const identity = detectIdentity({ env: process.env });
  const client = await connect({
    ...(config.kubeconfig ? { kubeconfig: config.kubeconfig } : {}), ...(config.context ? { context: config.context } : {}),
    userAgent: `opkit-dev (${identity})`,
  });
  const logger = core.createLogger({ format: 'plain', level: 'debug', write: () => undefined });
  const operator = new core.Operator({
    registry, client, logger, paused$: paused$.asObservable(), localApiServer: config.embedded === true,
    ...(config.namespaces.length > 0 ? { namespaces: config.namespaces } : { clusterwide: true }),
    settings: {
      persistence: { profile: config.persistence }, queueing: { exitTimeout: config.graceMs / 1000 },
      peering: config.peering === 'dev' ? { priority: 666, identity } : { standalone: true },
    },
  });
  const subscription = operator.feed$.subscribe(onFeed);
  try {
    await operator.run(controller.signal);
  } finally {
    subscription.unsubscribe();
    client.close();
  }
}

let running: Promise<void> | undefined;
const onMessage = (message: ParentMessage): void => {
  if (message.type === 'start' && !running) {
    running = run().then(
      async () => {
        await flush();
        await send({ type: 'stopped', interrupted: [...interrupted, ...inFlight.values()] });
        process.exit(0);
      },
      async (error: unknown) => {
        await flush();
        await send({ type: 'failed', message: (error as Error).message ?? String(error) });
        process.exit(1);
      },
    );
  } else if (message.type === 'stop') {
    if (!running) process.exit(0);
    if (controller.signal.aborted) return;
    deadline = Date.now() + config.graceMs;
    controller.abort(message.reason);
  } else if (message.type === 'pause') {
    paused$.next(message.paused);
  }
};
for (const message of inbox.splice(0)) onMessage(message);
delivered = onMessage;
// The parent went away (killed, or Ctrl+C twice): stop as if asked to.
process.off('disconnect', orphaned);
process.on('disconnect', () => {
  if (!running) process.exit(0);
  controller.abort('parent gone');
});
