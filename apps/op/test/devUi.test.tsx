// The op dev terminal UI on ink-testing-library, at fixed terminal sizes, from recorded sessions and
// a synthetic one of 10,000 objects; keys are typed as a terminal sends them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DevStore } from '../src/index.js';
import { plainLines } from '../src/dev/plain.js';
import { sessionLines } from '../src/dev/ui/views.js';
import type { DevRecord } from '../src/index.js';
import { indexOf, recorded, replay, syntheticSession } from './helpers/devFeeds.js';
import type { RenderedDev } from './helpers/renderDev.js';
import { renderDev } from './helpers/renderDev.js';
import { deadline } from '@opkit/test-tools';

const WIDE = { columns: 120, rows: 30 };
const MEDIUM = { columns: 90, rows: 24 };
const NARROW = { columns: 60, rows: 16 };
const TINY = { columns: 40, rows: 10 };
const DOWN = '\u001b[B';
const ENTER = '\r';
const ESC = '\u001b';

const genPhase = (gen: number, phase: string) => (record: Record<string, any>): boolean => record.type === 'dev.gen' && record.gen === gen && record.phase === phase;

function session(name: string, until: (record: Record<string, any>) => boolean): DevStore {
  const records = recorded(name);
  return replay(new DevStore(), records, indexOf(records, until) + 1);
}

let ui: RenderedDev | undefined;
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

async function shows(text: string | RegExp): Promise<void> {
  await vi.waitFor(() => {
    const frame = ui!.frame();
    if (typeof text === 'string') expect(frame).toContain(text);
    else expect(frame).toMatch(text);
  }, { timeout: deadline(30_000), interval: 10 });
}

function expectExactSize(size: { columns: number; rows: number }): void {
  const lines = ui!.lines();
  expect(lines).toHaveLength(size.rows);
  for (const line of lines) expect([...line].length).toBeLessThanOrEqual(size.columns);
}

describe('op dev UI layouts', () => {
  it('wide: Objects and Handlers beside the detail pane, a reload under way while a handler runs', async () => {
    const store = session('reload-mid-handler', genPhase(1, 'stopping'));
    const handling = store.ordered()[0]!.state;
    ui = renderDev(store, WIDE, { now: (handling as { since: number }).since + 2100 });
    await shows('[1] Objects 1/1');
    const frame = ui.frame();
    expect(frame).toContain('[2] Handlers');
    expect(frame).toContain('[3] ★ all objects');
    expect(frame).toMatch(/default\/kopf-example-1 +handling create_fn \(2\.1s\)/);
    expect(frame).toMatch(/gen 1 .*1 obj: 1 handling 0 retrying 0 failed/);
    expect(frame).toContain('⟳ reloading: src/operator.ts changed');
    expect(frame).toContain('kubectl --kubeconfig .opkit/kubeconfig get kopfexamples.kopf.dev -A');
    expectExactSize(WIDE);
  });

  it('medium: no Handlers pane, a Handlers tab instead', async () => {
    ui = renderDev(session('reload-mid-handler', genPhase(2, 'ready')), MEDIUM);
    await shows('[1] Objects 1/1');
    expect(ui.frame()).not.toContain('[2] Handlers');
    expect(ui.frame()).toMatch(/Overview +Handlers +Progress/);
    expectExactSize(MEDIUM);
  });

  it('narrow: one pane at a time; enter drills down, esc comes back', async () => {
    ui = renderDev(session('reload-mid-handler', genPhase(2, 'ready')), NARROW);
    await shows('[Objects]');
    expect(ui.frame()).not.toContain('Overview');
    expectExactSize(NARROW);
    ui.press(DOWN);
    await shows(/▸ default\/kopf-example-1/);
    ui.press(ENTER);
    await shows('[Detail]');
    expect(ui.frame()).toContain('KopfExample default/kopf-example-1');
    expectExactSize(NARROW);
    ui.press(ESC);
    await shows('[Objects]');
  });

  it('too small: a notice instead of a broken layout', async () => {
    ui = renderDev(session('reload-mid-handler', genPhase(2, 'ready')), TINY);
    await shows('terminal too small');
    expect(ui.frame()).toContain('need 50×12, have 40×10');
    expect(ui.lines()).toHaveLength(TINY.rows);
  });

  it('follows the terminal when it is resized', async () => {
    ui = renderDev(session('reload-mid-handler', genPhase(2, 'ready')), WIDE, { inject: false });
    await shows('[2] Handlers');
    ui.resize({ columns: 70, rows: 20 });
    await shows('[Objects]');
    expectExactSize({ columns: 70, rows: 20 });
    ui.resize(TINY);
    await shows('terminal too small');
    ui.resize(WIDE);
    await shows('[2] Handlers');
  });
});

describe('op dev UI header', () => {
  it('says a selector nothing serves in the header instead of "ready", with the closest served name', async () => {
    const records = syntheticSession(0).map((record) => (record.type === 'dev.registry'
      ? { ...record, unserved: ["'kopfexampels'"], suggestions: { "'kopfexampels'": 'kopfexamples' } }
      : record));
    const store = replay(new DevStore(), records, records.length);
    ui = renderDev(store, WIDE);
    await shows("gen 1 ✗ not served: 'kopfexampels' (try 'kopfexamples')");
    expect(ui.lines()[0]).not.toContain('ready');
    expect(sessionLines(store, 0).map((line) => line.text)).toContain("warning    nothing serves 'kopfexampels': did you mean 'kopfexamples'? (or apply its CRD)");
    expect(plainLines(records.find((record) => record.type === 'dev.registry')!)).toContain("op dev: warning: nothing serves 'kopfexampels': did you mean 'kopfexamples'? (or apply its CRD, --crds)");
  });
});

describe('op dev UI from recorded sessions', () => {
  it('shows a forced stop and the handlers it interrupted', async () => {
    ui = renderDev(session('forced-stop', genPhase(2, 'started')), WIDE);
    await shows('gen 1 forced to stop: 1 handler interrupted');
    expect(ui.frame()).toMatch(/default\/kopf-example-1 .* ↯/);
    ui.press(DOWN);
    await shows('↯ interrupted by the forced stop of gen 1: create_fn');
  });

  it('shows a build error with its code frame while the old generation keeps running', async () => {
    ui = renderDev(session('build-error', (record) => record.type === 'dev.build-error'), WIDE);
    await shows('gen 2 failed to load (gen 1 keeps running)');
    const frame = ui.frame();
    expect(frame).toContain("✗ gen 2 failed to load: Expected ',', got ';'");
    expect(frame).toMatch(/at .*operator\.ts:4:26/);
    expect(frame).toContain("> 4 |   return { message: 'v1' ;");
    expect(frame).toMatch(/\| {26}\^/);
    expect(frame).toContain('gen 1 ● ready');
    expectExactSize(WIDE);
  });

  it('renders 10,000 objects by drawing only the visible rows', async () => {
    const store = replay(new DevStore(), syntheticSession(10_000));
    const started = performance.now();
    ui = renderDev(store, WIDE);
    await shows('Objects 10000/10000');
    const firstFrame = performance.now() - started;
    // 27 rows under the header: Objects gets 17 (15 inside its frame): the all-objects row and 14 objects.
    expect(ui.lines().filter((line) => /widget-\d{5}/.test(line))).toHaveLength(14);
    expectExactSize(WIDE);
    ui.press('G');
    await shows(/▸ team-9\/widget-09999/);
    ui.press('/', ...'state:retrying', ENTER);
    await shows('Objects 104/10000 /state:retrying');
    ui.press('g', DOWN);
    await shows(/▸ team-0\/widget-00000 +retrying create_fn #3 in 12s/);
    console.log(`op dev UI: first frame of 10,000 objects in ${firstFrame.toFixed(0)} ms (with ink-testing-library's debug rendering)`);
  });
});

describe('op dev UI keys', () => {
  const store = (): DevStore => session('reload-mid-handler', genPhase(2, 'ready'));

  it('moves, opens details, and switches tabs', async () => {
    ui = renderDev(store(), WIDE);
    await shows('[3] ★ all objects');
    expect(ui.frame()).toContain('generations');
    ui.press('j');
    await shows('[3] default/kopf-example-1');
    ui.press(ENTER, ']');
    await shows(/Progress.*\n[\s\S]*no progress stored/);
    ui.press(']', ']', ']');
    await shows("Handler 'create_fn' succeeded.");
    ui.press('L');
    await shows('log level: info and up');
    ui.press('[', '[', '[', '[');
    await shows('state      idle');
  });

  it('shows the help overlay, generated from the keymap, and closes it', async () => {
    ui = renderDev(store(), WIDE);
    await shows('[1] Objects');
    ui.press('?');
    await shows('Keys (esc or ? to close, j/k to scroll)');
    for (const title of ['Everywhere', 'Objects [1]', 'Handlers [2]', 'Detail pane [3]', 'Logs tab']) expect(ui.frame()).toContain(title);
    expect(ui.frame()).toMatch(/ d +delete the object/);
    ui.press('?');
    await shows('[1] Objects');
  });

  it('asks before deleting, naming the finalizers', async () => {
    const withFinalizer = store();
    const entry = withFinalizer.ordered()[0]!;
    const body = { ...entry.body!, metadata: { ...entry.body!.metadata, resourceVersion: '999', finalizers: ['opkit.dev/finalizer'] } };
    withFinalizer.apply({ v: 1, ts: withFinalizer.lastTs, type: 'dev.object', event: 'MODIFIED', resource: entry.resource, kind: entry.kind, object: body } as unknown as DevRecord);
    ui = renderDev(withFinalizer, WIDE);
    await shows('[1] Objects');
    ui.press('j', 'd');
    await shows('Its finalizers block the deletion until they are removed: opkit.dev/finalizer');
    ui.press('n');
    await shows('not deleted');
    expect(ui.actions.calls).toEqual([]);
    ui.press('d', 'y');
    await shows('deleted default/kopf-example-1');
    expect(ui.actions.calls).toEqual(['delete default/kopf-example-1']);
  });

  it('handles keys that arrive in one chunk one by one', async () => {
    ui = renderDev(store(), WIDE);
    await shows('[3] ★ all objects');
    ui.press('j\r]');
    await shows('[3] default/kopf-example-1');
    expect(ui.frame()).toContain('no progress stored');
    ui.press('1/kopf\r'); // focus Objects, filter, keep the filter
    await shows('Objects 1/1 /kopf');
    expect(ui.frame()).not.toContain('filter: /');
  });

  it('runs the object actions, reload, pause, filter and quit (twice forces)', async () => {
    ui = renderDev(store(), WIDE);
    await shows('[1] Objects');
    ui.press('t');
    await shows('select an object first');
    ui.press('j', 't', 'x', 'r', 'p');
    await vi.waitFor(() => expect(ui!.actions.calls).toEqual(['touch default/kopf-example-1', 'retry default/kopf-example-1', 'reload', 'pause']), { timeout: deadline(10_000) });
    ui.press('a');
    await shows('Apply a sample');
    ui.press(ENTER);
    await shows('applied samples/obj.yaml');
    ui.press('/', 'n', 'o', 'p', 'e');
    await shows('Objects 0/1 /nope');
    ui.press(ESC);
    await shows('Objects 1/1');
    ui.press('q');
    await shows('stopping the operator… (again to force)');
    ui.press('q');
    await vi.waitFor(() => expect(ui!.actions.calls.slice(-2)).toEqual(['quit', 'quit force']), { timeout: deadline(10_000) });
  });
});
