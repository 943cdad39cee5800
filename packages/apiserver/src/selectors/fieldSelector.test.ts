// Tests of field selector parsing, escaping, support checks and matching, and of object field sets.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SelectorError } from '../validation/errors.js';
import { escapeFieldValue, parseFieldSelector, unescapeFieldValue } from './fieldSelector.js';
import { fieldSupportFor, objectFields } from './objectFields.js';

const all = { supportsField: () => true };

describe('parseFieldSelector', () => {
  it('matches =, == and != terms joined by commas', () => {
    const sel = parseFieldSelector('metadata.name=w1,metadata.namespace!=kube-system', all);
    expect(sel.matches({ 'metadata.name': 'w1', 'metadata.namespace': 'default' })).toBe(true);
    expect(sel.matches({ 'metadata.name': 'w1', 'metadata.namespace': 'kube-system' })).toBe(false);
    expect(sel.matches({ 'metadata.name': 'w2', 'metadata.namespace': 'default' })).toBe(false);
    expect(parseFieldSelector('metadata.name==w1', all).matches({ 'metadata.name': 'w1' })).toBe(true);
  });

  it('treats a missing field as the empty string', () => {
    expect(parseFieldSelector('spec.x=', all).matches({})).toBe(true);
    expect(parseFieldSelector('spec.x!=a', all).matches({})).toBe(true);
  });

  it('selects everything when empty', () => {
    const sel = parseFieldSelector('', all);
    expect(sel.isEmpty()).toBe(true);
    expect(sel.matches({})).toBe(true);
  });

  it('unescapes backslash-escaped commas, equals and backslashes in values', () => {
    const sel = parseFieldSelector('metadata.name=a\\,b\\=c\\\\d', all);
    expect(sel.requirements[0]?.value).toBe('a,b=c\\d');
    expect(sel.matches({ 'metadata.name': 'a,b=c\\d' })).toBe(true);
    expect(sel.toString()).toBe('metadata.name=a\\,b\\=c\\\\d');
  });

  it('reports the exact value a name term requires', () => {
    expect(parseFieldSelector('metadata.name=w1', all).requiresExactMatch('metadata.name')).toBe('w1');
    expect(parseFieldSelector('metadata.name!=w1', all).requiresExactMatch('metadata.name')).toBeUndefined();
  });

  it('rejects terms without an operator with kube’s message', () => {
    expect(() => parseFieldSelector('metadata.name', all)).toThrow("invalid selector: 'metadata.name'; can't understand 'metadata.name'");
  });

  it('rejects bad escapes and unescaped characters', () => {
    expect(() => parseFieldSelector('a=b\\x', all)).toThrow('invalid field selector: invalid escape sequence: \\x');
    expect(() => parseFieldSelector('a=b=c', all)).toThrow('invalid field selector: unescaped character in value: =');
    expect(() => unescapeFieldValue('abc\\')).toThrow('invalid escape sequence: \\');
  });

  it('rejects unsupported fields with 400 wording', () => {
    const support = fieldSupportFor('Widget', true);
    try {
      parseFieldSelector('spec.foo=bar', support);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(SelectorError);
      expect((e as SelectorError).code).toBe('UnsupportedFieldLabel');
      expect((e as SelectorError).message).toBe('field label not supported: spec.foo');
    }
  });

  it('round-trips any value through escape and parse', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const sel = parseFieldSelector(`x=${escapeFieldValue(a)},y!=${escapeFieldValue(b)}`, all);
        expect(sel.matches({ x: a, y: `${b}!` })).toBe(true);
        expect(parseFieldSelector(sel.toString(), all).requirements).toEqual(sel.requirements);
      }),
      { numRuns: 300 },
    );
  });

  it('escapes values so they parse back', () => {
    for (const v of ['a,b', 'x=y', 'back\\slash', 'plain']) {
      expect(parseFieldSelector(`f=${escapeFieldValue(v)}`, all).requirements[0]?.value).toBe(v);
    }
  });
});

describe('fieldSupportFor', () => {
  it('supports metadata.namespace only for namespaced kinds', () => {
    expect(fieldSupportFor('Namespace', false).supportsField('metadata.namespace')).toBe(false);
    expect(fieldSupportFor('Namespace', false).supportsField('status.phase')).toBe(true);
    expect(fieldSupportFor('ConfigMap', true).supportsField('metadata.namespace')).toBe(true);
    expect(fieldSupportFor('ConfigMap', true).supportsField('data')).toBe(false);
  });

  it('adds CRD selectable fields without the leading dot', () => {
    const s = fieldSupportFor('Widget', true, { selectableFields: ['.spec.color'] });
    expect(s.supportsField('spec.color')).toBe(true);
  });
});

describe('objectFields', () => {
  it('gives name and namespace for every kind', () => {
    expect(objectFields('Widget', { metadata: { name: 'w', namespace: 'ns' } })).toEqual({ 'metadata.name': 'w', 'metadata.namespace': 'ns' });
    expect(objectFields('Widget', {})).toEqual({ 'metadata.name': '', 'metadata.namespace': '' });
  });

  it('gives the involvedObject fields kubectl describe selects on', () => {
    const event = {
      metadata: { name: 'e1', namespace: 'ns' },
      involvedObject: { kind: 'Widget', namespace: 'ns', name: 'w1', uid: 'u-1', apiVersion: 'example.com/v1', resourceVersion: '7', fieldPath: 'spec' },
      reason: 'Created',
      type: 'Normal',
      source: { component: 'op' },
      reportingComponent: 'op-controller',
    };
    const fields = objectFields('Event', event);
    expect(fields).toMatchObject({
      'involvedObject.kind': 'Widget',
      'involvedObject.namespace': 'ns',
      'involvedObject.name': 'w1',
      'involvedObject.uid': 'u-1',
      'involvedObject.apiVersion': 'example.com/v1',
      'involvedObject.resourceVersion': '7',
      'involvedObject.fieldPath': 'spec',
      reason: 'Created',
      type: 'Normal',
      source: 'op',
      reportingComponent: 'op-controller',
    });
    const selector = parseFieldSelector(
      'involvedObject.namespace=ns,involvedObject.kind=Widget,involvedObject.uid=u-1,involvedObject.name=w1',
      fieldSupportFor('Event', true),
    );
    expect(selector.matches(fields)).toBe(true);
  });

  it('falls back to reportingController for source and reads events.k8s.io regarding', () => {
    const fields = objectFields('Event', { regarding: { kind: 'Pod', name: 'p' }, reportingController: 'ctl' });
    expect(fields['source']).toBe('ctl');
    expect(fields['involvedObject.kind']).toBe('Pod');
  });

  it('gives built-in labels and CRD selectable fields as strings', () => {
    expect(objectFields('Secret', { type: 'Opaque' })['type']).toBe('Opaque');
    expect(objectFields('Namespace', { status: { phase: 'Active' } })['status.phase']).toBe('Active');
    const f = objectFields('Widget', { spec: { size: 3, on: true } }, { selectableFields: ['.spec.size', '.spec.on', '.spec.missing'] });
    expect(f).toMatchObject({ 'spec.size': '3', 'spec.on': 'true', 'spec.missing': '' });
  });
});
