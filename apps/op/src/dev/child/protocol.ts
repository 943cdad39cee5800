// The IPC protocol between `op dev` and one generation of the operator (a child process). The child
// loads the operator, says what it registered (or where loading failed), waits for `start`, then
// streams its feed in batches; `stop` asks it to drain within a grace period and exit.
import type { FeedEvent } from '@opkit/core';
import type { HandlerInfo, InterruptedHandler } from '../records.js';

/** What the child is told to load (its `load` message). */
export interface ChildConfig {
  readonly gen: number;
  /** The operator's files (absolute). */
  readonly files: readonly string[];
  /** The project folder: only files loaded from it (outside node_modules) are reported for watching. */
  readonly project: string;
  /** The kubeconfig file; undefined: the usual search (KUBECONFIG, ~/.kube/config). */
  readonly kubeconfig?: string | undefined;
  readonly context?: string | undefined;
  readonly namespaces: readonly string[];
  readonly persistence: 'opkit' | 'kopf';
  /**
   * Peering: `'dev'` on a cluster (priority 666, so that copies deployed there pause while op dev runs),
   * `'standalone'` on the embedded server (op dev's operator is alone there). @defaultValue 'standalone'
   */
  readonly peering?: 'dev' | 'standalone' | undefined;
  /**
   * The API server is op dev's embedded one (on this machine's loopback): admission handlers are served
   * with no configuration (a loopback webhook server, managed configurations `auto.opkit.dev`).
   * @defaultValue false
   */
  readonly embedded?: boolean | undefined;
  /** Milliseconds in-flight handlers get to finish when the generation stops. */
  readonly graceMs: number;
  /** Feed batching: at most this many ms between batches. @defaultValue 50 */
  readonly batchMs?: number | undefined;
  /** Milliseconds between event-loop delay reports. @defaultValue 1000 */
  readonly loopReportMs?: number | undefined;
}

/** Where loading failed, as far as the error says. */
export interface ErrorLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** Messages from the child. */
export type ChildMessage =
  /** op's machinery is imported; the child waits for `load`. */
  | { readonly type: 'warm' }
  | { readonly type: 'loaded'; readonly handlers: readonly HandlerInfo[]; readonly files: readonly string[]; readonly loadMs: number }
  | { readonly type: 'load-failed'; readonly message: string; readonly location?: ErrorLocation | undefined; readonly files: readonly string[] }
  | { readonly type: 'feed'; readonly events: readonly FeedEvent[] }
  | { readonly type: 'loop'; readonly p50Ms: number; readonly p99Ms: number; readonly maxMs: number }
  | { readonly type: 'stopped'; readonly interrupted: readonly InterruptedHandler[] }
  | { readonly type: 'failed'; readonly message: string };

/** Messages to the child. */
export type ParentMessage =
  | { readonly type: 'load'; readonly config: ChildConfig }
  | { readonly type: 'start' }
  | { readonly type: 'stop'; readonly reason: string }
  | { readonly type: 'pause'; readonly paused: boolean };
