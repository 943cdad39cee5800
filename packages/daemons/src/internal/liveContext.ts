// The context of one attempt: the handler's usual fields, with `body`, `spec`, `meta`, `status`,
// `labels` and `annotations` as live read-only views — every read goes to the object's latest body,
// as Kopf's daemons see it, even after destructuring (`({ spec }) => … spec.field …` in a loop sees
// each new value). The views are made once per object; a timer run costs one small object.
import type { DaemonContext, DaemonStopped, HandlerPatch, ResourceHandler } from '@opkit/handlers';
import type { KubeObject } from '@opkit/kube';

/** Where the latest body lives. */
export interface LiveBody {
  readonly body: KubeObject;
}

type Plain = Record<string | symbol, unknown>;

function readOnly(what: string): never {
  throw new TypeError(`The ${what} of a daemon's or timer's context is a read-only view of the latest body; write into \`patch\` instead.`);
}

/** A read-only view of whatever `read()` returns at the time of each access. */
function liveView(read: () => unknown, what: string): Plain {
  const current = (): Plain => {
    const value = read();
    return (typeof value === 'object' && value !== null ? value : {}) as Plain;
  };
  return new Proxy({}, {
    get: (_target, key) => current()[key],
    has: (_target, key) => key in current(),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_target, key) => {
      const target = current();
      if (!Object.hasOwn(target, key)) return undefined;
      return { value: target[key], writable: false, enumerable: true, configurable: true };
    },
    set: () => readOnly(what),
    defineProperty: () => readOnly(what),
    deleteProperty: () => readOnly(what),
  });
}

/** The live views of one object's body. */
export interface LiveViews {
  readonly body: KubeObject;
  readonly spec: Record<string, any>;
  readonly meta: KubeObject['metadata'];
  readonly status: Record<string, any>;
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
}

/** The views over `live`, made once per object. */
export function liveViews(live: LiveBody): LiveViews {
  return {
    body: liveView(() => live.body, 'body') as unknown as KubeObject,
    spec: liveView(() => live.body.spec, 'spec'),
    meta: liveView(() => live.body.metadata, 'meta'),
    status: liveView(() => live.body.status, 'status'),
    labels: liveView(() => live.body.metadata?.labels, 'labels') as Readonly<Record<string, string>>,
    annotations: liveView(() => live.body.metadata?.annotations, 'annotations') as Readonly<Record<string, string>>,
  };
}

/** What changes from attempt to attempt. */
export interface AttemptFields {
  readonly handler: ResourceHandler;
  readonly body: KubeObject;
  readonly retry: number;
  readonly started: Date;
  readonly runtime: number;
  readonly stopped: DaemonStopped;
  readonly signal: AbortSignal;
  readonly patch: HandlerPatch;
}

/** Build an attempt's context: the extra fields, then the live views and the attempt's own fields. */
export function buildContext(views: LiveViews, extra: Readonly<Record<string, unknown>>, fields: AttemptFields): DaemonContext {
  const meta = fields.body.metadata ?? {};
  const context: Record<string, unknown> = {
    ...extra, ...views,
    name: meta.name, namespace: meta.namespace, uid: meta.uid,
    id: fields.handler.id, patch: fields.patch, retry: fields.retry, started: fields.started, runtime: fields.runtime,
    stopped: fields.stopped, signal: fields.signal,
  };
  if (fields.handler.param !== undefined) context.param = fields.handler.param;
  return context as unknown as DaemonContext;
}

/**
 * A patch as plain objects, for embedders that apply patches their own way (Opkit's core passes
 * @opkit/state's `Patch`).
 *
 * @example
 * ```ts
 * const patch = plainPatch();
 * patch.status.message = 'hello';
 * ```
 */
export function plainPatch(): HandlerPatch {
  const labels: Record<string, unknown> = {};
  const annotations: Record<string, unknown> = {};
  const metadata = { labels, annotations };
  return { spec: {}, status: {}, metadata, meta: metadata, labels, annotations, fns: [] };
}
