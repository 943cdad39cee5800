// The contract between coordination (leader election, sharding) and the runtime that handles
// objects. Coordination decides which objects this replica may handle; the runtime asks before every
// cycle, and is told to let go of objects (stopping their handlers, daemons and timers — and waiting
// until they stopped) before another replica may take them, and to look again at objects it skipped
// when it may handle more.

/** What the runtime offers to a {@link HandlingGate}. */
export interface HandlingHost {
  /**
   * Stop handling every object for which `keep(uid)` is false: no new cycles, the signal of running
   * handlers aborted, daemons and timers stopped. Resolves once none of them is being handled.
   */
  release(keep: (uid: string) => boolean): Promise<void>;
  /** More objects may be handled now: look again at the objects that were skipped. */
  acquire(): void;
}

/**
 * Decides which objects this replica handles now.
 *
 * @example
 * ```ts
 * gate.attach({ release: async (keep) => { … }, acquire: () => { … } });
 * if (gate.owns(body.metadata.uid)) await process(body);
 * ```
 */
export interface HandlingGate {
  /** Whether this replica may start handling the object with this uid now. */
  owns(uid: string): boolean;
  /** Connect the runtime; the gate calls it as ownership changes. Returns the function that detaches it. */
  attach(host: HandlingHost): () => void;
}
