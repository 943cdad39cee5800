import { describe, expect, it } from 'vitest';
import { detectIdentity } from './identity.js';

describe('detectIdentity', () => {
  it('is the pod\'s name when POD_ID is set', () => {
    expect(detectIdentity({ env: { POD_ID: 'my-operator-7d9f', USER: 'x' } })).toBe('my-operator-7d9f');
  });

  it('is user@host/UTC time/3 random characters for an operator, as Kopf builds it', () => {
    const identity = detectIdentity({ env: { USER: 'alice' }, host: 'laptop.local', now: Date.parse('2026-11-25T03:04:05.999Z'), random: () => 0 });
    expect(identity).toBe('alice@laptop/20261125030405/aaa');
    expect(detectIdentity({ env: { LOGNAME: 'bob', USER: 'alice' }, host: 'h.localdomain.local', random: () => 0.999 })).toMatch(/^bob@h\/\d{14}\/999$/);
  });

  it('is user@host for a manual record', () => {
    expect(detectIdentity({ env: { USER: 'alice' }, host: 'laptop', manual: true })).toBe('alice@laptop');
  });
});
