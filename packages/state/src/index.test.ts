// Checks the public entry exports what the issue lists, by name, and that the profiles are right.
import { describe, expect, it } from 'vitest';
import * as state from './index.js';
import { InvalidStateArgumentError } from './errors.js';

describe('@opkit/state exports', () => {
  it('exports the listed names', () => {
    const names = [
      'essence', 'diff', 'reduceDiff', 'Patch', 'detectCause', 'AnnotationsProgressStorage', 'StatusProgressStorage',
      'SmartProgressStorage', 'AnnotationsDiffBaseStorage', 'StatusDiffBaseStorage', 'PERSISTENCE_PROFILES', 'resolveProfile',
      'encodeDiffBase', 'progressKeys', 'requiresFinalizer', 'addFinalizerPatch', 'removeFinalizerPatch', 'HandlerStates',
      'MultiProgressStorage', 'DualDiffBaseStorage', 'resourceStorages', 'planCycle', 'planRelease', 'consistencyWait', 'reachedVersion',
      'finishCause', 'planPatchRequests', 'fnsJsonPatches', 'subhandlersPendingOutcome', 'SUBHANDLERS_PENDING_MESSAGE',
    ];
    for (const name of names) expect(state, name).toHaveProperty(name);
  });

  it('has the two persistence profiles with Kopf\'s names in kopf', () => {
    expect(state.resolveProfile()).toMatchObject({ name: 'opkit', prefix: 'opkit.dev', finalizer: 'opkit.dev/finalizer' });
    expect(state.resolveProfile('kopf')).toMatchObject({ prefix: 'kopf.zalando.org', finalizer: 'kopf.zalando.org/KopfFinalizerMarker' });
    expect(state.PERSISTENCE_PROFILES.kopf.progressField).toEqual(['status', 'kopf', 'progress']);
    expect(() => state.resolveProfile('kopff' as 'kopf')).toThrow(InvalidStateArgumentError);
    expect(() => state.resolveProfile('kopff' as 'kopf')).toThrow(/'opkit' \(the default\) or 'kopf'/);
  });

  it('answers the plain-function forms with a profile option', () => {
    const body = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', labels: { a: 'b' } }, data: { k: 'v' } };
    expect(state.encodeDiffBase(state.essence(body, { profile: 'kopf', ignoredFields: [], extraFields: [] }), { profile: 'kopf' }))
      .toBe('{"data":{"k":"v"},"metadata":{"labels":{"a":"b"}}}\n');
    expect(state.progressKeys('create_fn/item1', { profile: 'kopf' })[0]).toBe('kopf.zalando.org/create_fn.item1');
  });
});
