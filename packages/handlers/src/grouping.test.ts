// groupHandlers alone: each kind lands in its group, in registration order, with the status fields.
import { describe, expect, it } from 'vitest';
import { groupHandlers, isBackgroundHandler } from './grouping.js';
import { Registry } from './registry.js';

describe('groupHandlers', () => {
  it('groups by kind and keeps the status fields of field handlers', () => {
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn() {});
    registry.on.event('kopfexamples', function spy() {});
    registry.on.field('kopfexamples', 'status.phase', function phase() {});
    registry.on.field('kopfexamples', 'spec.size', function size() {});
    registry.on.timer('kopfexamples', function tick() {}, { interval: 60 });
    registry.on.daemon('kopfexamples', function watch() {});
    registry.on.index('kopfexamples', function by_name() { return 1; });
    const all = registry.resourceHandlers();
    const grouped = groupHandlers(all);
    expect(grouped.change.map((h) => h.id)).toEqual(['create_fn', 'phase/status.phase', 'size/spec.size']);
    expect(grouped.spies.map((h) => h.id)).toEqual(['spy']);
    expect(grouped.background.map((h) => h.id)).toEqual(['tick', 'watch']);
    expect(grouped.index.map((h) => h.id)).toEqual(['by_name']);
    expect(grouped.extraFields).toEqual([['status', 'phase']]);
    expect(grouped.count).toBe(all.length);
    expect(all.filter(isBackgroundHandler).map((h) => h.id)).toEqual(['tick', 'watch']);
  });
});
