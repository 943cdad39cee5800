import { describe, expect, it } from 'vitest';
import { buildEvent, formatMicroTime, formatTime, truncateMessage } from './events.js';

describe('event formatting', () => {
  it('formats MicroTime with six fractional digits and Time in whole seconds', () => {
    const date = new Date('2026-01-02T03:04:05.678Z');
    expect(formatMicroTime(date)).toBe('2026-01-02T03:04:05.678000Z');
    expect(formatMicroTime(date)).toMatch(/\.\d{6}Z$/);
    expect(formatTime(date)).toBe('2026-01-02T03:04:05Z');
  });
  it('cuts long messages in the middle', () => {
    const cut = truncateMessage('a'.repeat(600) + 'b'.repeat(600));
    expect(cut).toHaveLength(1024);
    expect(cut.startsWith('aaa')).toBe(true);
    expect(cut.endsWith('bbb')).toBe(true);
    expect(cut).toContain('...');
    expect(truncateMessage('short')).toBe('short');
  });
  it('builds a core/v1 Event referencing the object', () => {
    const body = buildEvent({
      regarding: { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'kex', namespace: 'ns', uid: 'u1' } },
      reason: 'Done',
      message: 'ok',
      instance: 'i1',
    });
    expect(body.metadata).toEqual({ generateName: 'opkit-event-', namespace: 'ns' });
    expect(buildEvent({ regarding: { metadata: { name: 'kex' } }, reason: 'R', message: 'm', component: 'My_Op' }).metadata.generateName).toBe('my-op-event-');
    expect(body.involvedObject).toMatchObject({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'kex', namespace: 'ns', uid: 'u1' });
    expect(body).toMatchObject({ type: 'Normal', reason: 'Done', reportingComponent: 'opkit', reportingInstance: 'i1', count: 1 });
    expect(body.eventTime).toMatch(/\.\d{6}Z$/);
  });
  it('puts events about cluster-scoped objects into the fallback namespace', () => {
    const body = buildEvent({ regarding: { metadata: { name: 'n' } }, reason: 'R', message: 'm', fallbackNamespace: 'ops' });
    expect(body.metadata.namespace).toBe('ops');
  });
});
