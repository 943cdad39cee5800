// One generation of the operator under `op dev`: a child process, so that a reload starts from a
// clean module graph, the operator never shares an event loop with the terminal UI, and a crash or
// `process.exit` in user code cannot take op dev down. It loads the operator (reporting what it
// registered or where loading failed), runs it on `start` with op run's machinery, streams its feed
// to the parent in batches, and on `stop` drains handlers in flight within the grace period.
import { registerHooks } from 'node:module';
import { resolve, sep } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { FeedEvent } from '@opkit/core';
import { BehaviorSubject } from 'rxjs';
import { useOwnOpkit } from '../../hooks.js';
import type { HandlerInfo, InterruptedHandler } from '../records.js';
import { errorLocation } from './errorLocation.js';
import type { ChildConfig, ChildMessage, ParentMessage } from './protocol.js';

const config = JSON.parse(process.argv[2] ?? '{}') as ChildConfig;
const project = resolve(config.project);

function send(message: ChildMessage): Promise<void> {
  return new Promise((done) => {
    if (!process.connected) return done();
    process.send!(message, undefined, undefined, () => done());
  });
}

function isOwn(file: string): boolean {
  return (file === project || file.startsWith(project + sep)) && !file.split(sep).includes('node_modules');
}

// The operator's own files, as they are loaded: what op dev watches.
const loaded = new Set<string>();
let recording = false;
registerHooks({
  load(url, context, nextLoad) {
    if (recording && url.startsWith('file:')) {
      const file = fileURLToPath(url.replace(/\?.*$/, ''));
      if (isOwn(file)) loaded.add(file);
    }
    return nextLoad(url, context);
  },
});

useOwnOpkit();
const core = await import('@opkit/core');
const { connect } = await import('@opkit/kube');

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
  id: handler.id, kind: handler.kind, selector: handler.selector,
  field: handler.field?.join('.'), retries: handler.retries, timeout: handler.timeout, requiresFinalizer: handler.requiresFinalizer,
}));
await send({ type: 'loaded', handlers, files: [...loaded], loadMs: Math.round(performance.now() - started) });

// The feed, in batches: every batchMs, or at once when 256 events are waiting.
const batchMs = config.batchMs ?? 50;
let batch: FeedEvent[] = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;
const flush = (): Promise<void> => {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = undefined;
  if (batch.length === 0) return Promise.resolve();
  const events = batch;
  batch = [];
  return send({ type: 'feed', events });
};
// Handlers in flight (not daemons or timers). When the generation stops, the runtime lets them run for
// the grace period and then aborts them: one that ends after that deadline (or never) was interrupted.
const inFlight = new Map<string, InterruptedHandler>();
const interrupted: InterruptedHandler[] = [];
let deadline = Number.POSITIVE_INFINITY;
const onFeed = (event: FeedEvent): void => {
  batch.push(event);
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
  if (batch.length >= 256) void flush();
  else flushTimer ??= setTimeout(() => void flush(), batchMs);
};

// Event-loop delay: what a slow handler (or a busy runtime) costs every other handler and timer.
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const loopTimer = setInterval(() => {
  void send({ type: 'loop', p50Ms: loop.percentile(50) / 1e6, p99Ms: loop.percentile(99) / 1e6, maxMs: loop.max / 1e6 });
  loop.reset();
}, config.loopReportMs ?? 1000);
loopTimer.unref();

const controller = new AbortController();
const paused$ = new BehaviorSubject<boolean>(false);

async function run(): Promise<void> {
  const client = await connect({ ...(config.kubeconfig ? { kubeconfig: config.kubeconfig } : {}), ...(config.context ? { context: config.context } : {}) });
  const logger = core.createLogger({ format: 'plain', level: 'debug', write: () => undefined });
  const operator = new core.Operator({
    registry, client, logger, paused$: paused$.asObservable(),
    ...(config.namespaces.length > 0 ? { namespaces: config.namespaces } : { clusterwide: true }),
    settings: { persistence: { profile: config.persistence }, queueing: { exitTimeout: config.graceMs / 1000 } },
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
process.on('message', (message: ParentMessage) => {
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
});
// The parent went away (killed, or Ctrl+C twice): stop as if asked to.
process.on('disconnect', () => {
  if (!running) process.exit(0);
  controller.abort('parent gone');
});
process.on('SIGINT', () => undefined); // Ctrl+C reaches the whole process group; the parent decides.
