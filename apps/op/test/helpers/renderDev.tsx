// Rendering the op dev UI with ink-testing-library at a given terminal size. The library's stdout is
// fixed at 100 columns and has no rows; the helper sizes it (so ink lays out, clips and resizes as in
// a real terminal of that size) and also passes the size to the App as its viewport.
import { stripVTControlCharacters } from 'node:util';
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import type { DevActions } from '../../src/dev/ui/App.js';
import { App } from '../../src/dev/ui/App.js';
import type { Viewport } from '../../src/dev/ui/layout.js';
import type { ObjectEntry } from '../../src/dev/model/objects.js';
import type { DevStore } from '../../src/index.js';

let size: Viewport = { columns: 100, rows: 24 };
let sized = false;

/** Make ink-testing-library's stdout report `size` (once per process: it patches the class). */
function sizeTestingStdout(): void {
  if (sized) return;
  sized = true;
  const probe = render(<Text>probe</Text>);
  const prototype = Object.getPrototypeOf(probe.stdout) as object;
  probe.unmount();
  Object.defineProperty(prototype, 'columns', { get: () => size.columns, configurable: true });
  Object.defineProperty(prototype, 'rows', { get: () => size.rows, configurable: true });
}

/** Calls the UI made to the session. */
export interface RecordedActions extends DevActions {
  readonly calls: string[];
}

/** Actions that record what the UI asked for (the cluster side is tested against a real server elsewhere). */
export function recordingActions(samples: readonly string[] = ['samples/obj.yaml']): RecordedActions {
  const calls: string[] = [];
  const label = (entry: ObjectEntry): string => `${entry.namespace ?? ''}/${entry.name}`;
  return {
    calls,
    reload: () => calls.push('reload'),
    togglePause: () => calls.push('pause'),
    samples: () => samples,
    applySample: async (file) => { calls.push(`apply ${file}`); return `applied ${file}`; },
    edit: async (entry) => { calls.push(`edit ${label(entry)}`); return 'edited'; },
    delete: async (entry) => { calls.push(`delete ${label(entry)}`); return `deleted ${label(entry)}`; },
    touch: async (entry) => { calls.push(`touch ${label(entry)}`); return 'touched'; },
    retry: async (entry) => { calls.push(`retry ${label(entry)}`); return 'retrying now'; },
    quit: (force) => calls.push(force ? 'quit force' : 'quit'),
  };
}

/** A rendered UI. */
export interface RenderedDev {
  /** The last frame, without escape sequences. */
  frame: () => string;
  lines: () => string[];
  press: (...keys: string[]) => void;
  resize: (next: Viewport) => void;
  unmount: () => void;
  readonly actions: RecordedActions;
}

/**
 * Render the UI for a store at a size (`viewport: false`: follow the terminal's size instead).
 *
 * @example
 * ```tsx
 * const ui = renderDev(store, { columns: 120, rows: 30 }, { now: store.lastTs });
 * ```
 */
export function renderDev(store: DevStore, viewport: Viewport, options: { readonly now?: number; readonly inject?: boolean; readonly actions?: RecordedActions } = {}): RenderedDev {
  sizeTestingStdout();
  size = viewport;
  const actions = options.actions ?? recordingActions();
  const now = options.now ?? store.lastTs;
  const instance = render(<App store={store} actions={actions} viewport={options.inject === false ? undefined : viewport} clock={() => now} tick={false} throttleMs={1} />);
  const frame = (): string => stripVTControlCharacters(instance.lastFrame() ?? '');
  return {
    actions,
    frame,
    lines: () => frame().split('\n'),
    press: (...keys) => { for (const key of keys) instance.stdin.write(key); },
    resize: (next) => {
      size = next;
      instance.stdout.emit('resize');
    },
    unmount: () => instance.unmount(),
  };
}
