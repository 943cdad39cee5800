// The decoder's view of built-in kinds, checked alone: Go's base64 offsets, integers in range (bigints
// included, as the server reads JSON exactly), quantities as numbers, and fields the schemas leave open.
import { describe, expect, it } from 'vitest';
import { BUILTIN_TYPES, ResourceRegistry } from '../resources/index.js';
import type { ResourceType } from '../resources/index.js';
import { base64ErrorOffset, builtinDecodeError } from './builtinTypes.js';

const registry = new ResourceRegistry(BUILTIN_TYPES);
const typeOf = (group: string, plural: string): ResourceType => registry.lookup(group, 'v1', plural)!;

describe('base64ErrorOffset', () => {
  it.each<[string, number | undefined]>([
    ['', undefined],
    ['aGk=', undefined],
    ['aGVsbA==', undefined],
    ['aGVs\nbG8=', undefined],
    ['abc', 0],
    ['not base64!', 3],
    ['a===', 1],
    ['aGk=x', 4],
    ['aGVsbA=', 7],
  ])('%j → %s, as Go reports it', (text, offset) => {
    expect(base64ErrorOffset(text)).toBe(offset);
  });
});

describe('builtinDecodeError', () => {
  it('takes int64 bigints, refuses them for int32, and names the number', () => {
    const jobs = typeOf('batch', 'jobs');
    expect(builtinDecodeError(jobs, { spec: { activeDeadlineSeconds: 12345678901234567890n - 10000000000000000000n, template: {} } })).toBeUndefined();
    expect(builtinDecodeError(jobs, { spec: { backoffLimit: 12345678901234567890n } })).toBe(
      'json: cannot unmarshal number 12345678901234567890 into Go struct field JobSpec.spec.backoffLimit of type int32',
    );
    expect(builtinDecodeError(jobs, { spec: { backoffLimit: 2 ** 31 } })).toBe('json: cannot unmarshal number 2147483648 into Go struct field JobSpec.spec.backoffLimit of type int32');
  });

  it('takes quantities as strings or numbers, nulls anywhere, and leaves undescribed fields alone', () => {
    const nodes = typeOf('', 'nodes');
    expect(builtinDecodeError(nodes, { status: { capacity: { cpu: '4', pods: 110 } } })).toBeUndefined();
    expect(builtinDecodeError(typeOf('', 'configmaps'), { data: { a: null }, binaryData: null })).toBeUndefined();
    expect(builtinDecodeError(typeOf('', 'events'), { count: 3, message: 'm', involvedObject: { kind: 'Pod' } })).toBeUndefined();
    expect(builtinDecodeError(typeOf('', 'services'), { spec: { ports: [{ port: 80, targetPort: 'http' }, { port: 81, targetPort: 8081 }] } })).toBeUndefined();
    expect(builtinDecodeError(typeOf('', 'services'), { spec: { ports: [{ port: 80, targetPort: true }] } })).toBe(
      'json: cannot unmarshal bool into Go struct field ServicePort.spec.ports.targetPort of type intstr.IntOrString',
    );
  });
});
