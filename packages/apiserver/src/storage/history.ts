// The bounded watch history: the last N committed events in resourceVersion order, so that a watch
// resumed from an old resourceVersion replays exactly what it missed — or learns, precisely, that the
// events it needs are gone (410 Expired). Compaction is tracked per storage key, so an idle type does not
// expire a client's resourceVersion just because other types advanced the global counter.
import type { KubeObject } from '../resources/types.js';

/** A committed change. */
export interface StoreEvent {
  /** The resourceVersion this change created. */
  rv: number;
  /** The group/resource the object belongs to. */
  storageKey: string;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  /** The object after the change (for DELETED: its last state, carrying the deletion RV). */
  object: KubeObject;
  /** The object before the change (MODIFIED and DELETED), used for selector transitions. */
  previous?: KubeObject;
}

/**
 * A ring buffer of {@link StoreEvent}s with per-key compaction marks.
 *
 * @example
 * const h = new WatchHistory(1000);
 * h.push(event);
 * const missed = h.since('/configmaps', 41); // StoreEvent[] or 'expired'
 */
export class WatchHistory {
  private readonly buffer: (StoreEvent | undefined)[];
  private start = 0;
  private size = 0;
  private readonly compacted = new Map<string, number>();
  private compactedAll = 0;

  constructor(private readonly capacity: number) {
    this.buffer = new Array<StoreEvent | undefined>(Math.max(1, capacity));
  }

  /** Appends an event, evicting (and marking as compacted) the oldest one when full. */
  push(event: StoreEvent): void {
    if (this.size === this.buffer.length) {
      const evicted = this.buffer[this.start];
      if (evicted) this.compacted.set(evicted.storageKey, evicted.rv);
      this.buffer[this.start] = event;
      this.start = (this.start + 1) % this.buffer.length;
      return;
    }
    this.buffer[(this.start + this.size) % this.buffer.length] = event;
    this.size++;
  }

  /** Forgets everything: any resume from an RV older than `currentRv` is now too old. */
  compactAll(currentRv: number): void {
    this.buffer.fill(undefined);
    this.start = 0;
    this.size = 0;
    this.compacted.clear();
    this.compactedAll = currentRv;
  }

  /** The oldest RV a resume of `storageKey` may start from (resumes from below it get 410). */
  oldestResumable(storageKey: string): number {
    return Math.max(this.compactedAll, this.compacted.get(storageKey) ?? 0);
  }

  /** Events of `storageKey` with rv > `afterRv`, oldest first, or 'expired' when some were compacted. */
  since(storageKey: string, afterRv: number): StoreEvent[] | 'expired' {
    if (afterRv < this.oldestResumable(storageKey)) return 'expired';
    const out: StoreEvent[] = [];
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const ev = this.at(mid);
      if (ev && ev.rv <= afterRv) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.size; i++) {
      const ev = this.at(i);
      if (ev && ev.storageKey === storageKey) out.push(ev);
    }
    return out;
  }

  private at(index: number): StoreEvent | undefined {
    return this.buffer[(this.start + index) % this.buffer.length];
  }

  /** Number of events held. */
  get length(): number {
    return this.size;
  }

  /** Capacity (events). */
  get limit(): number {
    return this.capacity;
  }
}
