// What the `pnpm chaos` driver and its children share: the resource the operator under test handles, the
// figures the children report, and where their compiled scripts are.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FaultCounts } from '@opkit/apiserver';
import type { ProcessStats } from '../harness/protocol.js';

/** The group of the chaos resource. */
export const CHAOS_GROUP = 'chaos.opkit.dev';
/** Its version. */
export const CHAOS_VERSION = 'v1';
/** Its plural: one create handler (`create_fn`) and one update handler (`update_fn`) each. */
export const CHAOS_WIDGETS = 'chaoswidgets';

/** The API server child's figures. */
export interface ChaosServerStats extends ProcessStats {
  /** Requests answered, keyed `verb resource`. */
  readonly requests: Record<string, number>;
  readonly objects: number;
  /** Watches open now. */
  readonly watches: number;
  /** Faults injected so far. */
  readonly faults: FaultCounts;
  /** Sockets the process holds (-1 where it cannot tell). */
  readonly sockets: number;
}

/** The operator child's figures. */
export interface ChaosOperatorStats extends ProcessStats {
  /** Create handler runs in this process. */
  readonly created: number;
  /** Update handler runs in this process. */
  readonly updated: number;
  /** Log lines at info and above, by message. */
  readonly logs: Record<string, number>;
}

/** One handler run as the operator child writes it to the shared run log before the handler does its work. */
export interface HandlerRun {
  /** `create_fn` or `update_fn`. */
  readonly handler: string;
  /** The object's name. */
  readonly name: string;
  /** Unique per run: `<pid>-<n>`; the handler returns it, so the stored result names the run that stored it. */
  readonly run: string;
}

/** The compiled script of a chaos child (beside this module in dist/chaos, or the built one when run from sources). */
export function chaosScript(name: 'serverChild' | 'operatorChild' | '../scenarios/takeoverChild'): string {
  for (const candidate of [`./${name}.js`, `../../dist/chaos/${name}.js`]) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error(`the chaos child ${name}.js is not built: run \`pnpm --filter @opkit/bench build\` first`);
}
