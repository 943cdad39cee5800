// Pausing a stream of watches (peering: another operator of higher priority is running): while the pause
// signal is `true` the watches are unsubscribed (closed); `false` subscribes them again, which relists.
// Only a pause of watches that were open is news, and the resume after it: the start waiting for the
// first `false` is not reported as a pause.
import { EMPTY } from 'rxjs';
import type { Observable } from 'rxjs';
import { distinctUntilChanged, switchMap } from 'rxjs/operators';

/** What {@link pausable} reports. */
export interface PausableHooks {
  /** Every change of the pause signal (distinct values), after the watches closed, before they open. */
  readonly onChange?: (paused: boolean) => void;
  /** Watches that were open have just been closed. */
  readonly onPause?: () => void;
  /** Watches closed by a reported pause are about to open again. */
  readonly onResume?: () => void;
}

/**
 * `watches$` while `paused$` last said `false`; nothing (and closed) while it says `true`.
 *
 * @example
 * ```ts
 * pausable(watches$, paused$, { onPause: () => logger.info('Pausing the watches.') }).subscribe(handle);
 * ```
 */
export function pausable<T>(watches$: Observable<T>, paused$: Observable<boolean>, hooks: PausableHooks = {}): Observable<T> {
  let opened = false;
  let announced = false;
  return paused$.pipe(
    distinctUntilChanged(),
    switchMap((paused) => {
      if (paused && opened) {
        hooks.onPause?.();
        announced = true;
      } else if (!paused && announced) {
        hooks.onResume?.();
        announced = false;
      }
      if (!paused) opened = true;
      hooks.onChange?.(paused);
      return paused ? EMPTY : watches$;
    }),
  );
}
