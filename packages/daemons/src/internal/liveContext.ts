// The context of one attempt: the handler's usual fields, with `body`, `spec`, `meta`, `status`,
// `labels` and `annotations` as live read-only views — every read goes to the object's latest body,
// as Kopf's daemons see it, even after destructuring (`({ spec }) => … spec.field …` in a loop sees
// each new value). The views are made once per object and share one proxy handler; a real `patch` is
// made only when a handler touches it, and what every attempt of a task shares is made once per task, so a
// timer run costs one small object.
import { HandlerClient } from '@opkit/handlers';
import type { DaemonContext, DaemonStopped, HandlerPatch, ResourceHandler } from '@opkit/handlers';
import type { KubeObject } from '@opkit/kube';

/** Where the latest body lives. */
export interface LiveBody {
  readonly body: KubeObject;
}

type Plain = Record<string | symbol, unknown>;

/** What a view reads: one part of the latest body. The target of its proxy; the handler is shared by all views. */
interface ViewTarget {
  readonly live: LiveBody;
  readonly part: (body: KubeObject) => unknown;
  readonly what: string;
}

function readOnly(what: string): never {
  throw new TypeError(`The ${what} of a daemon's or timer's context is a read-only view of the latest body; write into \`patch\` instead.`);
}

function current(target: ViewTarget): Plain {
  const value = target.part(target.live.body);
  return (typeof value === 'object' && value !== null ? value : {}) as Plain;
}

const viewHandler: ProxyHandler<ViewTarget> = {
  get: (target, key) => current(target)[key],
  has: (target, key) => key in current(target),
  ownKeys: (target) => Reflect.ownKeys(current(target)),
  getOwnPropertyDescriptor: (target, key) => {
    const value = current(target);
    if (!Object.hasOwn(value, key)) return undefined;
    return { value: value[key], writable: false, enumerable: true, configurable: true };
  },
  set: (target) => readOnly(target.what),
  defineProperty: (target) => readOnly(target.what),
  deleteProperty: (target) => readOnly(target.what),
};

/** A read-only view of one part of the latest body, at the time of each access. */
function liveView(live: LiveBody, part: (body: KubeObject) => unknown, what: string): Plain {
  return new Proxy<ViewTarget>({ live, part, what }, viewHandler) as unknown as Plain;
}

const PARTS = {
  body: (body: KubeObject) => body,
  spec: (body: KubeObject) => body.spec,
  meta: (body: KubeObject) => body.metadata,
  status: (body: KubeObject) => body.status,
  labels: (body: KubeObject) => body.metadata?.labels,
  annotations: (body: KubeObject) => body.metadata?.annotations,
};

/** The live views of one object's body. */
export interface LiveViews {
  readonly body: KubeObject;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the object's spec/status as handlers see them: any JSON, read without casts (Kopf's kwargs)
  readonly spec: Record<string, any>;
  readonly meta: KubeObject['metadata'];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the object's spec/status as handlers see them: any JSON, read without casts (Kopf's kwargs)
  readonly status: Record<string, any>;
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
}

/** The views over `live`, made once per object. */
export function liveViews(live: LiveBody): LiveViews {
  return {
    body: liveView(live, PARTS.body, 'body') as unknown as KubeObject,
    spec: liveView(live, PARTS.spec, 'spec'),
    meta: liveView(live, PARTS.meta, 'meta'),
    status: liveView(live, PARTS.status, 'status'),
    labels: liveView(live, PARTS.labels, 'labels') as Readonly<Record<string, string>>,
    annotations: liveView(live, PARTS.annotations, 'annotations') as Readonly<Record<string, string>>,
  };
}

/** What a task's attempts share: fixed for the task's life (the object's identity never changes). */
export interface TaskFields {
  readonly handler: ResourceHandler;
  /** The body at the task's first attempt (for its name, namespace, uid and the client's default owner). */
  readonly body: KubeObject;
  readonly stopped: DaemonStopped;
  readonly signal: AbortSignal;
}

/**
 * The part of a context every attempt of one task shares, made once per task: the extra fields, the live
 * views, the object's identity, the handler's id and param, the task's `stopped` and `signal`, and its
 * client. Each attempt copies it and adds its own fields (a timer run makes one object and its patch).
 */
export function taskContextBase(views: LiveViews, extra: Readonly<Record<string, unknown>>, fields: TaskFields): Readonly<Record<string, unknown>> {
  const meta = fields.body.metadata ?? {};
  return {
    ...extra, ...views,
    name: meta.name, namespace: meta.namespace, uid: meta.uid,
    id: fields.handler.id, param: fields.handler.param,
    stopped: fields.stopped, signal: fields.signal,
    client: extra.client ?? new HandlerClient(undefined, { owner: fields.body, signal: fields.signal }),
  };
}

/**
 * An attempt's patch, made on first use: most timer runs never touch theirs, and a real patch (with
 * its views) costs more than the run. Its parts are getters on the prototype, so it costs one small
 * object until then.
 */
export class LazyPatch implements HandlerPatch {
  readonly #make: () => HandlerPatch;
  #made: HandlerPatch | undefined;

  constructor(make: () => HandlerPatch) {
    this.#make = make;
  }

  /** The real patch, if anything touched this one. */
  get made(): HandlerPatch | undefined {
    return this.#made;
  }

  #real(): HandlerPatch {
    return (this.#made ??= this.#make());
  }

  get spec(): HandlerPatch['spec'] { return this.#real().spec; }
  get status(): HandlerPatch['status'] { return this.#real().status; }
  get metadata(): HandlerPatch['metadata'] { return this.#real().metadata; }
  get meta(): HandlerPatch['meta'] { return this.#real().meta; }
  get labels(): HandlerPatch['labels'] { return this.#real().labels; }
  get annotations(): HandlerPatch['annotations'] { return this.#real().annotations; }
  get fns(): HandlerPatch['fns'] { return this.#real().fns; }

  toJSON(): unknown {
    return this.#made ?? {};
  }
}

/**
 * Build an attempt's context: the task's shared part (see {@link taskContextBase}) and the attempt's own
 * fields, all plain data (a compact object: a timer run makes one; `patch` made when first touched).
 */
export function buildContext(base: Readonly<Record<string, unknown>>, retry: number, started: Date, runtime: number, patch: LazyPatch): DaemonContext {
  return { ...base, retry, started, runtime, patch } as unknown as DaemonContext;
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
