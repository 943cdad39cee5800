// The records `op dev` works from: the operator's own feed (each event tagged with the generation
// that sent it) plus op dev's own `dev.*` records — generations, build errors, the objects and
// Kubernetes events it watches itself, the child's output lines. `--json` prints exactly these, one
// per line, so a recorded session replays into the same view model the terminal UI shows.
import type { FeedEvent, FeedObjectRef } from '@opkit/core';
import type { KubeObject } from '@opkit/kube';

/** What every record carries: the format version and the time (epoch milliseconds). */
interface Stamp {
  readonly v: 1;
  readonly ts: number;
}

/** A handler as the loaded operator registered it (for the Handlers pane). */
export interface HandlerInfo {
  readonly id: string;
  /** create, update, delete, resume, field, event, daemon, timer, … (anything the registry knows). */
  readonly kind: string;
  /** The selector as given (`'kopfexamples'`, or `{ group, version, plural }`; a typed resource as its `{ group, version, plural }`). */
  readonly selector: unknown;
  readonly field?: string | undefined;
  readonly retries?: number | undefined;
  readonly timeout?: number | undefined;
  /** Whether a matching object gets the finalizer. */
  readonly requiresFinalizer?: boolean | undefined;
  /** The resources (`plural.group/version`) the selector resolved to. */
  readonly resources?: readonly string[] | undefined;
}

/** Where a load failed: the file, 1-based line and column, and the lines around it. */
export interface CodeLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** The code frame: a few numbered lines with a caret under the column. */
  readonly frame?: readonly string[] | undefined;
}

/** A handler that was still running when its generation had to be stopped. */
export interface InterruptedHandler extends FeedObjectRef {
  readonly id: string;
}

/** op dev's own records. */
export type DevRecordInput =
  | {
    readonly type: 'dev.target';
    readonly mode: 'embedded' | 'cluster';
    /** A short label: `embedded .opkit`, or the context name. */
    readonly label: string;
    readonly server: string;
    /** The one command line that reaches the target with kubectl. */
    readonly kubectl: string;
    readonly project: string;
    /** Why this target was chosen (`--embedded`, `remembered in .opkit/dev.json`, `no kubeconfig`, …). */
    readonly reason: string;
  }
  | {
    readonly type: 'dev.gen';
    readonly gen: number;
    /**
     * loading: a child is importing the operator; started: it runs the operator; ready: its first
     * listing is done; stopping: it was asked to stop; stopped: it exited (see `graceful`/`forced`);
     * crashed: it exited on its own.
     */
    readonly phase: 'loading' | 'started' | 'ready' | 'stopping' | 'stopped' | 'crashed';
    readonly pid?: number | undefined;
    /** What triggered the generation: the changed files, `start`, `reload key`. */
    readonly reason?: string | undefined;
    readonly changed?: readonly string[] | undefined;
    /** loading → loaded, in ms. */
    readonly loadMs?: number | undefined;
    /** started → ready, in ms. */
    readonly readyMs?: number | undefined;
    /** stopping → stopped, in ms. */
    readonly stopMs?: number | undefined;
    /** Whether every handler in flight finished within the grace period. */
    readonly graceful?: boolean | undefined;
    /** Whether the process had to be killed (SIGTERM, then SIGKILL). */
    readonly forced?: boolean | undefined;
    readonly interrupted?: readonly InterruptedHandler[] | undefined;
    readonly exitCode?: number | null | undefined;
    readonly signal?: string | null | undefined;
    readonly message?: string | undefined;
  }
  | {
    readonly type: 'dev.registry';
    readonly gen: number;
    readonly handlers: readonly HandlerInfo[];
    /** The operator's own files (not node_modules), watched for changes. */
    readonly files: readonly string[];
    /** The resources its handlers resolved to, as `plural.group/version`. */
    readonly resources: readonly string[];
    /** Selectors that no served resource matches (yet). */
    readonly unserved: readonly string[];
    /** For an unserved selector that looks like a typo: the closest served name (`{ "'kopfexampels'": 'kopfexamples' }`). */
    readonly suggestions?: Readonly<Record<string, string>>;
  }
  | {
    readonly type: 'dev.build-error';
    /** The generation that failed to load (the running one keeps running). */
    readonly gen: number;
    readonly message: string;
    readonly location?: CodeLocation | undefined;
    readonly changed?: readonly string[] | undefined;
  }
  | { readonly type: 'dev.output'; readonly gen: number; readonly stream: 'stdout' | 'stderr'; readonly line: string }
  | {
    readonly type: 'dev.object';
    readonly event: 'ADDED' | 'MODIFIED' | 'DELETED';
    /** `plural.group/version`. */
    readonly resource: string;
    readonly kind: string;
    readonly object: KubeObject;
  }
  | {
    readonly type: 'dev.k8s-event';
    readonly event: 'ADDED' | 'MODIFIED' | 'DELETED';
    readonly object: KubeObject;
  }
  | {
    /** Leases and peering objects (KopfPeering, ClusterKopfPeering) as op dev sees them. */
    readonly type: 'dev.coordination';
    readonly event: 'ADDED' | 'MODIFIED' | 'DELETED';
    readonly resource: string;
    readonly object: KubeObject;
  }
  | { readonly type: 'dev.synced'; readonly resource: string }
  | { readonly type: 'dev.loop'; readonly gen: number; readonly p50Ms: number; readonly p99Ms: number; readonly maxMs: number }
  | { readonly type: 'dev.notice'; readonly level: 'info' | 'warn' | 'error'; readonly message: string }
  | { readonly type: 'dev.paused'; readonly paused: boolean };

/** One op dev record: its own, or the operator's feed tagged with the generation. */
export type DevRecord = (DevRecordInput & Stamp) | (FeedEvent & { readonly gen: number });

/**
 * Stamp an op dev record with the format version and the time.
 *
 * @example
 * ```ts
 * devRecord({ type: 'dev.notice', level: 'info', message: 'no kubeconfig: using the embedded API server' });
 * ```
 */
export function devRecord(input: DevRecordInput, ts: number = Date.now()): DevRecordInput & Stamp {
  return { ...input, v: 1, ts };
}
