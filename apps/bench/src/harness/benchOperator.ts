// The contract both operators under test fulfil (the Opkit one and the raw @kubernetes/client-node
// baseline), so the operator child runs and measures either the same way. Both do the same work: a create
// handler whose result lands in status.create_fn, an update handler that records when it started (in
// status.update_fn), a resume handler, and a 1 s timer on every timer object.
import { nowMs } from './protocol.js';

/** What an operator under test counts about its own handlers. */
export interface HandlerCounters {
  created: number;
  updated: number;
  resumed: number;
  lastResumeAt: number | undefined;
  ticks: number;
  readonly ticked: Set<string>;
  /** Milliseconds from the driver's write (spec.sentAt) to the update handler starting, per run. */
  readonly updateLatencies: number[];
  /** While measuring: milliseconds each timer run started after its scheduled time; otherwise undefined. */
  lateness: number[] | undefined;
}

/** A running operator under test. */
export interface BenchOperator {
  /** Resolves once the operator watches its resources (initial listing done). */
  readonly ready: Promise<void>;
  /** Stops it and resolves when everything has stopped. */
  stop(): Promise<void>;
}

/** Fresh counters. */
export function newCounters(): HandlerCounters {
  return { created: 0, updated: 0, resumed: 0, lastResumeAt: undefined, ticks: 0, ticked: new Set(), updateLatencies: [], lateness: undefined };
}

/**
 * A timer run's own work, the same in every operator measured (Kopf's in Python does the same): count the run and
 * measure its lateness against the end of the previous run + 1 s (the timers are not `sharp`: their interval counts
 * from the end of a run), which includes what the framework does between two runs.
 */
export function timerRun(counters: HandlerCounters): (name: unknown) => void {
  const lastEnd = new Map<string, number>();
  return (name) => {
    const key = String(name);
    const previousEnd = lastEnd.get(key);
    if (counters.lateness && previousEnd !== undefined) counters.lateness.push(nowMs() - (previousEnd + 1000));
    counters.ticks++;
    counters.ticked.add(key);
    lastEnd.set(key, nowMs());
  };
}
