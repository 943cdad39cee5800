// The operator's `settings.background` group: what daemons and timers are tuned by, its defaults stated
// once here and checked as every group of the operator's settings is (settings.<path>, the same
// OperatorError of @opkit/handlers). @opkit/core resolves it with the rest of its settings.
import { settingSeconds as seconds } from '@opkit/handlers';

/** Daemons and timers. */
export interface BackgroundSettings {
  /** Seconds between checks (and log lines) while waiting for a stopping daemon without a `cancellationTimeout` (its own `cancellationPolling` wins). @defaultValue 60 */
  cancellationPolling: number;
}

/**
 * Validate `settings.background` and fill in its defaults.
 *
 * @throws OperatorError (`invalid-settings`) naming the field and what was expected.
 * @example
 * ```ts
 * resolveBackgroundSettings({}).cancellationPolling; // 60
 * ```
 */
export function resolveBackgroundSettings(input: Partial<BackgroundSettings>): BackgroundSettings {
  return {
    cancellationPolling: seconds('background.cancellationPolling', input.cancellationPolling, 60, 0.001),
  };
}
