// The checks kube's webhook converter makes on a ConversionReview answer, on inline answers: each failure
// gives kube's message; a good answer keeps the original metadata but for labels and annotations.
import { describe, expect, it } from 'vitest';
import type { ResourceType } from '../resources/types.js';
import { StatusError } from '../errors.js';
import { ConversionScope, checkConversionResponse, convertCustom, reviewVersionOf } from './conversion.js';

const type = {
  group: 'example.com',
  version: 'v2',
  kind: 'Widget',
  listKind: 'WidgetList',
  plural: 'widgets',
  custom: { crdName: 'widgets.example.com', schema: undefined, selectableFields: [], storageVersion: 'v1', conversion: { strategy: 'Webhook', conversionReviewVersions: ['v1'] } },
} as unknown as ResourceType;

const sent = [{ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'a', namespace: 'ns', uid: 'u1', resourceVersion: '5', labels: { a: '1' } }, spec: { size: 1 } }];
const good = (objects: unknown[] = [{ ...sent[0], apiVersion: 'example.com/v2', spec: { replicas: 1 } }]): Record<string, any> => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'ConversionReview',
  response: { uid: 'uid-1', result: { status: 'Success' }, convertedObjects: objects },
});

function failure(answer: Record<string, any>, isList = false, reviewVersion: 'v1' | 'v1beta1' = 'v1'): string {
  try {
    checkConversionResponse(type, sent, 'example.com/v2', 'uid-1', reviewVersion, answer, isList);
  } catch (error) {
    expect(error).toBeInstanceOf(StatusError);
    expect((error as StatusError).httpStatus).toBe(500);
    return (error as Error).message;
  }
  throw new Error('the answer was accepted');
}

describe('checkConversionResponse', () => {
  it('accepts a good answer and restores metadata but labels and annotations', () => {
    const changed = { ...sent[0], apiVersion: 'example.com/v2', metadata: { ...sent[0]!.metadata, resourceVersion: '99', labels: { b: '2' }, annotations: { c: '3' } } };
    const [out] = checkConversionResponse(type, sent, 'example.com/v2', 'uid-1', 'v1', good([changed]));
    expect(out?.metadata).toEqual({ name: 'a', namespace: 'ns', uid: 'u1', resourceVersion: '5', labels: { b: '2' }, annotations: { c: '3' } });
  });

  it('answers kube’s messages for each bad answer', () => {
    const prefix = 'conversion webhook for example.com/v1, Kind=Widget';
    expect(failure({ ...good(), kind: 'AdmissionReview' })).toBe(`${prefix} failed: expected webhook response of apiextensions.k8s.io/v1, Kind=ConversionReview, got apiextensions.k8s.io/v1, Kind=AdmissionReview`);
    expect(failure({ ...good(), response: undefined })).toBe(`${prefix} failed: no response provided`);
    expect(failure({ ...good(), response: { ...good().response, uid: 'x' } })).toBe(`${prefix} failed: expected response.uid="uid-1", got "x"`);
    expect(failure({ ...good(), response: { ...good().response, result: { status: 'Failure' } } })).toBe(`${prefix} failed: response.result.status was 'Failure', not 'Success'`);
    expect(failure({ ...good(), response: { ...good().response, result: { status: 'Failure', message: 'no way' } } })).toBe(`${prefix} failed: no way`);
    expect(failure(good([]))).toBe(`${prefix} returned 0 objects, expected 1`);
    expect(failure(good([{ ...sent[0], apiVersion: 'example.com/v1' }]))).toBe(`${prefix} returned invalid object at index 0: invalid groupVersion (expected example.com/v2, received example.com/v1)`);
    expect(failure(good([{ ...sent[0], apiVersion: 'example.com/v2', kind: 'Gadget' }]))).toBe(`${prefix} returned invalid object at index 0: invalid kind (expected Widget, received Gadget)`);
    expect(failure(good([{ ...sent[0], apiVersion: 'example.com/v2', metadata: { ...sent[0]!.metadata, uid: 'u2' } }]))).toBe(`${prefix} returned invalid object: must have the same UID: u1 != u2`);
    expect(failure(good([{ ...sent[0], apiVersion: 'example.com/v2', metadata: undefined }]))).toBe(`${prefix} returned invalid object: must have the same name: a != `);
    expect(failure(good([{ ...sent[0], apiVersion: 'example.com/v2', metadata: { ...sent[0]!.metadata, labels: { a: 1 } } }]))).toBe(`${prefix} returned invalid metadata: metadata.labels[a] must be a string, but is number in converted object`);
  });

  it('names the list kind and the (next) index for a list, as kube does', () => {
    expect(failure(good([{ ...sent[0], apiVersion: 'example.com/v3' }]), true)).toBe('conversion webhook for example.com/v1, Kind=WidgetList returned invalid converted object at index 1: invalid groupVersion (expected example.com/v2, received example.com/v3)');
  });

  it('v1beta1 answers are not checked for kind or uid (kube skips those for compatibility)', () => {
    const answer = { apiVersion: 'apiextensions.k8s.io/v1beta1', kind: 'ConversionReview', response: { uid: 'other', result: { status: 'Success' }, convertedObjects: good().response.convertedObjects } };
    expect(checkConversionResponse(type, sent, 'example.com/v2', 'uid-1', 'v1beta1', answer)).toHaveLength(1);
  });
});

describe('reviewVersionOf', () => {
  it('takes the first version kube knows, in the CRD’s order', () => {
    expect(reviewVersionOf(['v1beta1', 'v1'])).toBe('v1beta1');
    expect(reviewVersionOf(['v9', 'v1'])).toBe('v1');
    expect(reviewVersionOf(['v9'])).toBeUndefined();
  });
});

describe('convertCustom and ConversionScope', () => {
  it('rewrites apiVersion only for strategy None', () => {
    const none = { ...type, custom: { ...type.custom, conversion: { strategy: 'None' } } } as ResourceType;
    expect(convertCustom(none, sent[0]!, 'v2')).toEqual({ ...sent[0], apiVersion: 'example.com/v2' });
  });

  it('asks its scope for a webhook conversion, and runs the computation again once it has it', async () => {
    const scope = new ConversionScope();
    // Outside a scope (or before the answer is there) a webhook conversion cannot be made synchronously.
    expect(() => convertCustom(type, sent[0]!, 'v2')).toThrow(StatusError);
    await expect(scope.run(() => convertCustom(type, sent[0]!, 'v1'))).resolves.toBe(sent[0]);
  });
});
