// settings.background: its default, what is given kept, and a bad value named as every settings group names it.
import { OperatorError } from '@opkit/handlers';
import { describe, expect, it } from 'vitest';
import { resolveBackgroundSettings } from './settings.js';

describe('resolveBackgroundSettings', () => {
  it('fills the default and keeps what is given', () => {
    expect(resolveBackgroundSettings({})).toEqual({ cancellationPolling: 60 });
    expect(resolveBackgroundSettings({ cancellationPolling: 0.5 })).toEqual({ cancellationPolling: 0.5 });
  });

  it('rejects a polling interval under a millisecond', () => {
    expect(() => resolveBackgroundSettings({ cancellationPolling: 0 })).toThrow(
      new OperatorError('invalid-settings', 'settings.background.cancellationPolling must be a number >= 0.001 (seconds); got 0.'),
    );
  });
});
