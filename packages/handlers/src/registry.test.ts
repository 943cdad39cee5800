import { describe, expect, it } from 'vitest';
import { HandlerRegistrationError } from './errors.js';
import { PRESENT } from './markers.js';
import { defaultRegistry, on, Registry, setDefaultRegistry } from './registry.js';

describe('Registry', () => {
  it('takes the id from the function name, or options.id; field handlers get the field as a suffix', () => {
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn() { return undefined; });
    registry.on.update('kopfexamples', () => undefined, { id: 'update_fn' });
    registry.on.field('kopfexamples', 'spec.field', function field_fn() { return undefined; });
    expect(registry.resourceHandlers().map((h) => h.id)).toEqual(['create_fn', 'update_fn', 'field_fn/spec.field']);
    expect(registry.resourceHandlers('field')[0]).toMatchObject({ reason: null, field: ['spec', 'field'] });
  });

  it('refuses an anonymous function without an id, naming what to pass', () => {
    const registry = new Registry();
    expect(() => registry.on.create('kopfexamples', () => undefined)).toThrow(/an anonymous function needs an id: on.create\(selector, fn, \{ id: 'my-handler' \}\)/);
  });

  it('refuses a duplicate id for the same selector, naming both registrations', () => {
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn() { return undefined; });
    expect(() => registry.on.update('kopfexamples', function other() { return undefined; }, { id: 'create_fn' }))
      .toThrow(new HandlerRegistrationError("Duplicate handler id 'create_fn' for 'kopfexamples': on.create(create_fn) and on.update(other) both use it; give one of them another { id }."));
    registry.on.create('pods', function create_fn() { return undefined; }); // another selector: fine
    expect(registry.resourceHandlers()).toHaveLength(2);
  });

  it('lets one function be a resume and a create handler under one id, as Kopf\'s stacked decorators; not two functions', () => {
    const registry = new Registry();
    function pod_in_sight() { return undefined; }
    registry.on.resume('pods', pod_in_sight);
    registry.on.create('pods', pod_in_sight);
    expect(registry.resourceHandlers().map((h) => `${h.kind} ${h.id}`)).toEqual(['resume pod_in_sight', 'create pod_in_sight']);
    expect(() => registry.on.update('pods', pod_in_sight)).toThrow(/Duplicate handler id 'pod_in_sight' for 'pods': on.resume\(pod_in_sight\) and on.update\(pod_in_sight\)/);
    expect(() => registry.on.create('kopfexamples', function a() { return undefined; })).not.toThrow();
    expect(() => registry.on.resume('kopfexamples', function a() { return undefined; })).toThrow(/Duplicate handler id 'a'/);
  });

  it('registers indices: errors ignored by default, no finalizer, ids unique across selectors', () => {
    const registry = new Registry();
    const index = registry.on.index('pods', function by_label({ labels }) { return labels; });
    expect(index).toMatchObject({ kind: 'index', id: 'by_label', errors: 'ignored', requiresFinalizer: false, reason: null });
    expect(registry.on.index('pods', () => 1, { id: 'strict', errors: 'permanent' }).errors).toBe('permanent');
    registry.on.create('pods', function by_label() { return undefined; }); // a change handler may share the id
    expect(() => registry.on.index('services', function by_label() { return undefined; })).toThrow(new HandlerRegistrationError(
      "Duplicate index id 'by_label': on.index('pods', by_label) and on.index('services', by_label) both use it; an index is given to handlers as indices.<id>, so give one of them another { id }."));
    expect(registry.selectors()).toEqual(['pods']);
    expect(registry.resourceHandlers('index').map((h) => h.id)).toEqual(['by_label', 'strict']);
  });

  it('validates options with messages that say what was expected', () => {
    const registry = new Registry();
    const fn = function h(): void { return undefined; };
    expect(() => registry.on.update('x', fn, { field: 'spec.a', value: 1, old: 2 })).toThrow(/value and old\/new are mutually exclusive/);
    expect(() => registry.on.create('x', fn, { value: 1 })).toThrow(/a value filter needs a field/);
    expect(() => registry.on.create('x', fn, { old: 1 } as never)).toThrow(/old\/new filters apply only to on.update and on.field/);
    expect(() => registry.on.create('x', fn, { labels: { a: null as never } })).toThrow(/labels.a is null; use PRESENT, ABSENT, a string or a predicate/);
    expect(() => registry.on.create('x', fn, { errors: 'sometimes' as never })).toThrow(/errors must be one of 'temporary', 'permanent', 'ignored'/);
    expect(() => registry.on.create('x', fn, { retries: 0 })).toThrow(/retries must be a whole number >= 1/);
    expect(() => registry.on.create('x', fn, { backoff: -1 })).toThrow(/backoff must be a number of seconds >= 0/);
    expect(() => registry.on.create('x', fn, { field: 'spec..a' })).toThrow(/A field must be a dotted path/);
  });

  it('names handlers with a field as Kopf does: `<id>/<field>`, except index handlers', () => {
    const registry = new Registry();
    const fn = (name: string) => ({ [name]: function () { return undefined; } })[name]!;
    const field = { field: 'spec.field' };
    expect(registry.on.create('x', fn('create_with_field_value_satisfied'), { ...field, value: 'value' }).id).toBe('create_with_field_value_satisfied/spec.field');
    expect(registry.on.update('x', fn('u'), field).id).toBe('u/spec.field');
    expect(registry.on.delete('x', fn('d'), field).id).toBe('d/spec.field');
    expect(registry.on.resume('x', fn('r'), field).id).toBe('r/spec.field');
    expect(registry.on.field('x', 'spec.field', fn('f')).id).toBe('f/spec.field');
    expect(registry.on.event('x', fn('e'), field).id).toBe('e/spec.field');
    expect(registry.on.daemon('x', fn('daemon_with_field'), { ...field, value: 'value' }).id).toBe('daemon_with_field/spec.field');
    expect(registry.on.timer('x', fn('t'), { ...field, interval: 1 }).id).toBe('t/spec.field');
    expect(registry.on.create('x', fn('ignored'), { ...field, id: 'explicit' }).id).toBe('explicit/spec.field');
    expect(registry.on.index('x', fn('idx'), field).id).toBe('idx');
    expect(registry.on.create('x', fn('plain')).id).toBe('plain');
    expect(registry.on.update('x', fn('u2'), field).field).toEqual(['spec', 'field']);
  });

  it('normalizes defaults: errors by kind, finalizer need, implied PRESENT for a field without a value', () => {
    const registry = new Registry();
    const create = registry.on.create('x', function c() { return undefined; }, { field: 'spec.a' });
    const spy = registry.on.event('x', function e() { return undefined; });
    const del = registry.on.delete('x', function d() { return undefined; });
    const optional = registry.on.delete('x', function o() { return undefined; }, { optional: true });
    expect(create.errors).toBe('temporary');
    expect(create.filters).toMatchObject({ hasValue: true, value: PRESENT, valueField: ['spec', 'a'] });
    expect(spy.errors).toBe('ignored');
    expect(del.requiresFinalizer).toBe(true);
    expect(optional.requiresFinalizer).toBe(false);
  });

  it('registers activities and lists distinct selectors in order of first use', () => {
    const registry = new Registry();
    registry.on.create('b', function one() { return undefined; });
    registry.on.create('a', function two() { return undefined; });
    registry.on.update('b', function three() { return undefined; });
    registry.on.startup(function boot() { return undefined; });
    expect(registry.selectors()).toEqual(['b', 'a']);
    expect(registry.activityHandlers('startup').map((h) => h.id)).toEqual(['boot']);
    expect(() => registry.on.startup(function boot() { return undefined; })).toThrow(/Duplicate startup activity id 'boot'/);
    expect(registry.size).toBe(4);
  });

  it('treats equal query selectors as one selector', () => {
    const registry = new Registry();
    registry.on.create({ group: 'kopf.dev', version: 'v1', plural: 'kopfexamples' }, function one() { return undefined; });
    registry.on.update({ group: 'kopf.dev', version: 'v1', plural: 'kopfexamples' }, function two() { return undefined; });
    expect(registry.selectors()).toEqual([{ group: 'kopf.dev', version: 'v1', plural: 'kopfexamples' }]);
    expect(() => registry.on.update({ group: 'kopf.dev', version: 'v1', plural: 'kopfexamples' }, function one() { return undefined; })).toThrow(/Duplicate handler id 'one'/);
  });

  it('lets `on` register on whichever registry is the default', () => {
    const fresh = new Registry();
    const previous = setDefaultRegistry(fresh);
    try {
      on.create('x', function via_on() { return undefined; });
      expect(defaultRegistry()).toBe(fresh);
      expect(fresh.resourceHandlers().map((h) => h.id)).toEqual(['via_on']);
      expect(previous.resourceHandlers().some((h) => h.id === 'via_on')).toBe(false);
    } finally {
      setDefaultRegistry(previous);
    }
  });

  it('registers daemons and timers with their options; they need the finalizer and never count as change handlers', () => {
    const registry = new Registry();
    const daemon = registry.on.daemon('x', async function monitor() { return undefined; }, {
      initialDelay: 1, cancellationBackoff: 2, cancellationTimeout: 0.5, cancellationPolling: 10, backoff: 3, field: 'spec.field', value: 'value',
    });
    const timer = registry.on.timer('x', function tick() { return undefined; }, { interval: 2, idle: 5, sharp: true, initialDelay: () => 1 });
    expect(daemon).toMatchObject({
      kind: 'daemon', id: 'monitor/spec.field', reason: null, errors: 'temporary', backoff: 3, requiresFinalizer: true,
      initialDelay: 1, cancellationBackoff: 2, cancellationTimeout: 0.5, cancellationPolling: 10,
    });
    expect(daemon.filters).toMatchObject({ valueField: ['spec', 'field'], value: 'value', hasValue: true });
    expect(timer).toMatchObject({ kind: 'timer', id: 'tick', interval: 2, idle: 5, sharp: true, requiresFinalizer: true });
    expect(typeof timer.initialDelay).toBe('function');
    expect(registry.resourceHandlers('daemon').map((h) => h.id)).toEqual(['monitor/spec.field']);
    expect(registry.resourceHandlers('timer').map((h) => h.id)).toEqual(['tick']);
    // A change handler may share an id with a daemon (they live in separate groups), two background handlers may not.
    registry.on.create('x', function monitor() { return undefined; });
    expect(() => registry.on.timer('x', function monitor() { return undefined; }, { interval: 1, field: 'spec.field' })).toThrow(/Duplicate handler id 'monitor\/spec.field' for 'x': on.daemon\(monitor\) and on.timer\(monitor\)/);
  });

  it('validates daemon and timer options, naming the option that belongs to the other kind', () => {
    const registry = new Registry();
    const fn = function h(): void { return undefined; };
    expect(() => registry.on.daemon('x', fn, { interval: 1 } as never)).toThrow(/interval is an option of on.timer, not of on.daemon/);
    expect(() => registry.on.timer('x', fn, { cancellationTimeout: 1 } as never)).toThrow(/cancellationTimeout is an option of on.daemon, not of on.timer/);
    expect(() => registry.on.timer('x', fn, { interval: 0 })).toThrow(/interval must be more than 0 seconds/);
    expect(() => registry.on.timer('x', fn, { interval: -1 })).toThrow(/interval must be a number of seconds >= 0; got -1/);
    expect(() => registry.on.timer('x', fn, { idle: 5, sharp: true })).toThrow(/sharp needs an interval/);
    expect(() => registry.on.daemon('x', fn, { initialDelay: 'soon' as never })).toThrow(/initialDelay must be a number of seconds >= 0/);
    expect(() => registry.on.daemon('x', fn, { cancellationPolling: 0 })).toThrow(/cancellationPolling must be more than 0 seconds/);
    expect(() => registry.on.daemon('x', fn, { old: 1 } as never)).toThrow(/old\/new filters apply only to on.update and on.field/);
  });
});
