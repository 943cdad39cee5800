// Unit tests of the metadata rules every write follows.
import { describe, expect, it } from 'vitest';
import { BUILTIN_TYPES } from '../resources/builtins.js';
import { dropEmptyMetadata, generateNameSuffix, generationRelevantChange, isMicroTime, tooDeep, wholeSecondsNow } from './objectRules.js';

const deployments = BUILTIN_TYPES.find((t) => t.plural === 'deployments');

describe('object rules', () => {
  it('formats whole-second timestamps and generateName suffixes', () => {
    expect(wholeSecondsNow(new Date('2026-01-02T03:04:05.678Z'))).toBe('2026-01-02T03:04:05Z');
    expect(generateNameSuffix()).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  });

  it('drops empty labels, annotations and finalizers', () => {
    expect(dropEmptyMetadata({ metadata: { name: 'a', labels: {}, annotations: {}, finalizers: [] } })).toEqual({ metadata: { name: 'a' } });
  });

  it('counts spec changes but not status or metadata for generation when a status subresource exists', () => {
    if (!deployments) throw new Error('missing');
    expect(generationRelevantChange(deployments, { spec: { a: 1 } }, { spec: { a: 2 } })).toBe(true);
    expect(generationRelevantChange(deployments, { spec: { a: 1 }, status: {} }, { spec: { a: 1 }, status: { x: 1 }, metadata: { labels: { a: 'b' } } })).toBe(false);
  });

  it('checks MicroTime digits and nesting depth', () => {
    expect(isMicroTime('2026-01-02T03:04:05.123456Z')).toBe(true);
    expect(isMicroTime('2026-01-02T03:04:05.123Z')).toBe(false);
    expect(tooDeep({ a: { b: { c: 1 } } }, 2)).toBe(true);
    expect(tooDeep({ a: [{ b: 1 }] }, 3)).toBe(false);
  });
});