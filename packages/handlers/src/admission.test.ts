import { describe, expect, it } from 'vitest';
import { buildAdmissionHandler } from './admission.js';
import type { AdmissionHandlerFn } from './admission.js';
import { HandlerRegistrationError } from './errors.js';
import { PRESENT } from './markers.js';
import { defaultRegistry, on, Registry, setDefaultRegistry } from './registry.js';

describe('on.validate / on.mutate', () => {
  it('registers admission handlers apart from resource handlers, with Kopf defaults', () => {
    const registry = new Registry();
    const v = registry.on.validate('kopfexamples', function validate1() {});
    const m = registry.on.mutate('kopfexamples', () => undefined, { id: 'mutate1', operations: ['CREATE', 'UPDATE'], subresource: 'status', persistent: true, sideEffects: true, ignoreFailures: true, labels: { somelabel: 'somevalue' } });
    expect(v).toMatchObject({ kind: 'validate', id: 'validate1', operations: null, subresource: null, persistent: false, sideEffects: false, ignoreFailures: false });
    expect(m).toMatchObject({ kind: 'mutate', id: 'mutate1', operations: ['CREATE', 'UPDATE'], subresource: 'status', persistent: true, sideEffects: true, ignoreFailures: true });
    expect(m.filters.labels).toEqual({ somelabel: 'somevalue' });
    expect(registry.admissionHandlers().map((h) => h.id)).toEqual(['validate1', 'mutate1']);
    expect(registry.admissionHandlers('mutate').map((h) => h.id)).toEqual(['mutate1']);
    expect(registry.resourceHandlers()).toEqual([]);
    expect(registry.size).toBe(2);
    // A field suffixes the id (and so the webhook's path), as in Kopf.
    expect(registry.on.validate('kopfexamples', function check_field() {}, { field: 'spec.field', value: 'x' }).id).toBe('check_field/spec.field');
  });

  it('registers on the default registry through on.*', () => {
    const previous = setDefaultRegistry(new Registry());
    try {
      on.validate('kopfexamples', function check() {});
      expect(defaultRegistry().admissionHandlers().map((h) => h.id)).toEqual(['check']);
    } finally {
      setDefaultRegistry(previous);
    }
  });

  it('rejects a duplicate id across both kinds and selectors: each id is a URL path', () => {
    const registry = new Registry();
    registry.on.validate('kopfexamples', () => undefined, { id: 'hook' });
    expect(() => registry.on.mutate('pods', () => undefined, { id: 'hook' })).toThrow(/Duplicate admission handler id 'hook'.*URL path/);
  });

  it('rejects malformed options with a message naming what was expected', () => {
    const build = (options: object, fn: AdmissionHandlerFn = function h() {}) => () => buildAdmissionHandler('validate', 'kopfexamples', fn, options);
    expect(build({}, () => undefined)).toThrow(/anonymous function needs an id/);
    expect(build({ operations: ['CREATE', 'PATCH'] })).toThrow(/operations must be a non-empty list of 'CREATE', 'UPDATE', 'DELETE', 'CONNECT'; got \["CREATE","PATCH"\]/);
    expect(build({ operations: [] })).toThrow(HandlerRegistrationError);
    expect(build({ subresource: 'status/x' })).toThrow(/subresource must be null, a sub-resource name such as 'status', or '\*'/);
    expect(build({ persistent: 'yes' })).toThrow(/persistent must be true or false/);
    expect(build({ id: 'has space' })).toThrow(/becomes a URL path/);
    expect(build({ old: 'x' })).toThrow(/old\/new filters apply only/);
    expect(build({ value: 'x' })).toThrow(/a value filter needs a field/);
    expect(build({ field: 'spec.field' })().filters).toMatchObject({ valueField: ['spec', 'field'], value: PRESENT, hasValue: true });
  });
});
