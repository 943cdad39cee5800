// The terminal UI of `op dev` (ink). One component owns the UI state (focus, selection, tab, filters,
// overlays) and routes every key through the keymap table; the panes below it draw what the store
// says. It re-renders at most every `throttleMs` (however fast records arrive) and once a second
// only while something counts down, so an idle session costs no CPU.
import { Box, Text, useApp, useInput, useWindowSize } from 'ink';
import type { Key } from 'ink';
import { useEffect, useReducer, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { ObjectEntry } from '../model/objects.js';
import { objectLabel } from '../model/objects.js';
import type { DevStore } from '../model/store.js';
import type { KeyAction, KeyScope } from './keymap.js';
import { actionFor, helpGroups, helpLines, hints, isKeyBurst, keyName, splitKeys } from './keymap.js';
import type { LayoutKind, Viewport } from './layout.js';
import { chooseLayout, MIN_SIZE, scrollWindow } from './layout.js';
import { fit, Footer, Frame, Header, LinesView, ObjectsList, StatusLine } from './panes.js';
import type { Glyphs, Line } from './views.js';
import {
  apiLines, diffLines, eventLines, handlerLines, historyLines, isTicking, logLines, overviewLines, peeringLines, progressLines, sessionLines,
  UNICODE, yamlLines,
} from './views.js';

/** What the UI asks of the session. Each action resolves to a flash message. */
export interface DevActions {
  readonly reload: () => void;
  readonly togglePause: () => void;
  /** The sample files offered by `a`. */
  readonly samples: () => readonly string[];
  readonly applySample: (file: string) => Promise<string>;
  /** Edit in $EDITOR; called while the terminal is handed over. */
  readonly edit: (entry: ObjectEntry) => Promise<string>;
  readonly delete: (entry: ObjectEntry) => Promise<string>;
  readonly touch: (entry: ObjectEntry) => Promise<string>;
  readonly retry: (entry: ObjectEntry) => Promise<string>;
  /** Quit gracefully (`force`: at once). */
  readonly quit: (force: boolean) => void;
}

/** Props of {@link App}. */
export interface AppProps {
  readonly store: DevStore;
  readonly actions: DevActions;
  /** The size to lay out for (tests); default: the terminal's, following resizes. */
  readonly viewport?: Viewport | undefined;
  /** The clock (tests inject a fixed time). @defaultValue Date.now */
  readonly clock?: (() => number) | undefined;
  readonly glyphs?: Glyphs | undefined;
  /** The fastest re-render after records arrive, in ms. @defaultValue 66 */
  readonly throttleMs?: number | undefined;
  /** Whether the time ticks on its own (off in tests). @defaultValue true */
  readonly tick?: boolean | undefined;
}

const BASE_TABS = ['Overview', 'Progress', 'Diff', 'History', 'Logs', 'Events', 'YAML', 'API', 'Peering'] as const;
type Tab = (typeof BASE_TABS)[number] | 'Handlers';
type Focus = 'objects' | 'handlers' | 'main';
type Overlay = { readonly kind: 'help'; readonly offset: number } | { readonly kind: 'delete'; readonly key: string } | { readonly kind: 'samples'; readonly cursor: number };
type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const LEVEL_CYCLE: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

interface UiState {
  readonly focus: Focus;
  readonly selectedKey: string | undefined;
  readonly cursorHint: number;
  readonly handlerCursor: number;
  readonly tab: Tab;
  readonly filter: string;
  readonly input: { readonly kind: 'filter' | 'search'; readonly text: string } | undefined;
  readonly overlay: Overlay | undefined;
  readonly logLevel: LogLevel;
  readonly search: string;
  readonly clearedSeq: number;
  readonly follow: boolean;
  readonly scroll: number;
  readonly managedFields: boolean;
  readonly flash: { readonly text: string; readonly level: 'info' | 'warn' | 'error'; readonly at: number } | undefined;
  readonly quitting: number;
}

const INITIAL: UiState = {
  focus: 'objects', selectedKey: undefined, cursorHint: 0, handlerCursor: 0, tab: 'Overview', filter: '', input: undefined, overlay: undefined,
  logLevel: 'debug', search: '', clearedSeq: 0, follow: true, scroll: 0, managedFields: false, flash: undefined, quitting: 0,
};

function tabsFor(layout: LayoutKind): readonly Tab[] {
  return layout === 'wide' ? BASE_TABS : ['Overview', 'Handlers', ...BASE_TABS.slice(1)];
}

/** Re-render when the store changes, at most every `ms`. */
function useStoreVersion(store: DevStore, ms: number): number {
  const [version, setVersion] = useState(store.version);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = store.subscribe(() => {
      timer ??= setTimeout(() => {
        timer = undefined;
        setVersion(store.version);
      }, ms);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [store, ms]);
  return version;
}

/** Re-render every second while `active`. */
function useTick(active: boolean): void {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(bump, 1000);
    return () => clearInterval(timer);
  }, [active]);
}

/** The size of the terminal, unless one is given. */
function useViewport(given: Viewport | undefined): Viewport {
  const size = useWindowSize();
  return given ?? { columns: size.columns, rows: process.platform === 'win32' ? size.rows - 1 : size.rows };
}

/**
 * The op dev terminal UI.
 *
 * @example
 * ```tsx
 * render(<App store={store} actions={actions} />, { alternateScreen: true, incrementalRendering: true, patchConsole: false, exitOnCtrlC: false });
 * ```
 */
export function App(props: AppProps): ReactNode {
  const { store, actions } = props;
  const glyphs = props.glyphs ?? UNICODE;
  const clock = props.clock ?? Date.now;
  useStoreVersion(store, props.throttleMs ?? 66);
  useTick((props.tick ?? true) && isTicking(store));
  const viewport = useViewport(props.viewport);
  const layout = chooseLayout(viewport);
  // The state lives in a ref as well, updated at once: keys that arrive together (a paste, fast
  // typing, a test) each see the state the previous one left, not the last render's.
  const [ui, setUi] = useState<UiState>(INITIAL);
  const uiRef = useRef<UiState>(INITIAL);
  const update = (patch: Partial<UiState> | ((state: UiState) => Partial<UiState>)): void => {
    uiRef.current = { ...uiRef.current, ...(typeof patch === 'function' ? patch(uiRef.current) : patch) };
    setUi(uiRef.current);
  };
  const { suspendTerminal } = useApp();
  const objectsOffset = useRef(0);
  const now = clock();

  // Drop a flash message after a while.
  useEffect(() => {
    if (!ui.flash) return undefined;
    const timer = setTimeout(() => update((state) => (state.flash?.at === ui.flash?.at ? { flash: undefined } : {})), 6000);
    return () => clearTimeout(timer);
  }, [ui.flash]);

  const tabs = tabsFor(layout);
  const derive = (state: UiState): { tab: Tab; items: readonly ObjectEntry[]; cursor: number; current: ObjectEntry | undefined } => {
    const items = store.filtered(state.filter);
    const selected = state.selectedKey !== undefined ? store.objects.get(state.selectedKey) : undefined;
    let cursor = selected ? items.indexOf(selected) + 1 : 0;
    if (state.selectedKey !== undefined && cursor === 0) cursor = Math.min(state.cursorHint, items.length); // gone or filtered out
    return { tab: tabs.includes(state.tab) ? state.tab : 'Overview', items, cursor, current: cursor > 0 ? items[cursor - 1] : undefined };
  };
  const { tab, items, cursor, current } = derive(ui);

  const bodyHeight = viewport.rows - 3;
  const leftWidth = layout === 'wide' ? Math.floor(viewport.columns * 0.45) : layout === 'medium' ? Math.min(48, Math.floor(viewport.columns * 0.42)) : viewport.columns;
  const objectsHeight = layout === 'wide' ? Math.ceil(bodyHeight * 0.6) : layout === 'narrow' ? bodyHeight - 1 : bodyHeight;
  const listHeight = Math.max(1, objectsHeight - 2);
  const mainWidth = layout === 'narrow' ? viewport.columns : viewport.columns - leftWidth;
  const mainHeight = layout === 'narrow' ? bodyHeight - 1 : bodyHeight;
  const buildLines = buildErrorLines(store, glyphs, Math.max(0, Math.floor((mainHeight - 3) / 2)));
  const contentHeight = Math.max(1, mainHeight - 3 - buildLines.length);

  const contentOf = (state: UiState): { maxScroll: number; offset: number; lines: Line[] } => {
    const derived = derive(state);
    const lines = mainLines(store, derived.tab, derived.current, now, glyphs, state);
    const followable = derived.tab === 'Logs' || derived.tab === 'API' || derived.tab === 'Events';
    const maxScroll = Math.max(0, lines.length - contentHeight);
    return { lines, maxScroll, offset: state.follow && followable ? maxScroll : Math.min(state.scroll, maxScroll) };
  };
  const { lines: content, offset: mainOffset } = contentOf(ui);

  const select = (index: number): void => {
    const { items: list } = derive(uiRef.current);
    const clamped = Math.max(0, Math.min(index, list.length));
    update({ selectedKey: clamped === 0 ? undefined : list[clamped - 1]!.key, cursorHint: clamped, scroll: 0 });
  };
  const flash = (text: string, level: 'info' | 'warn' | 'error' = 'info'): void => update({ flash: { text, level, at: Date.now() } });
  const run = (work: Promise<string>): void => {
    work.then((text) => flash(text), (error: unknown) => flash((error as Error).message ?? String(error), 'error'));
  };
  const needObject = (): ObjectEntry | undefined => {
    const { current: entry } = derive(uiRef.current);
    if (!entry) flash('select an object first', 'warn');
    return entry;
  };

  const act = (action: KeyAction): void => {
    const ui = uiRef.current;
    const { tab } = derive(ui);
    switch (action) {
      case 'help': return update({ overlay: { kind: 'help', offset: 0 } });
      case 'quit':
        update((state) => ({ quitting: state.quitting + 1, flash: { text: state.quitting === 0 ? 'stopping the operator… (again to force)' : 'forcing…', level: 'warn', at: Date.now() } }));
        return actions.quit(ui.quitting > 0);
      case 'focus-next':
      case 'focus-prev': {
        const order: Focus[] = layout === 'wide' ? ['objects', 'handlers', 'main'] : ['objects', 'main'];
        const index = order.indexOf(ui.focus);
        return update({ focus: order[(index + (action === 'focus-next' ? 1 : order.length - 1)) % order.length]! });
      }
      case 'focus-objects': return update({ focus: 'objects' });
      case 'focus-handlers': return layout === 'wide' ? update({ focus: 'handlers' }) : update({ focus: 'main', tab: 'Handlers' });
      case 'focus-main': return update({ focus: 'main' });
      case 'back':
        if (ui.focus === 'main' && layout === 'narrow') return update({ focus: 'objects' });
        if (ui.focus === 'objects' && ui.filter) return update({ filter: '' });
        if (ui.focus === 'main' && ui.search) return update({ search: '' });
        return update({ focus: 'objects' });
      case 'filter': return update({ input: { kind: 'filter', text: ui.filter } });
      case 'search': return update({ input: { kind: 'search', text: ui.search } });
      case 'reload':
        actions.reload();
        return flash('reloading the operator');
      case 'pause':
        actions.togglePause();
        return flash(store.paused ? 'resuming' : 'pausing: the operator closes its watches');
      case 'down': case 'up': case 'top': case 'bottom': case 'page-down': case 'page-up': case 'half-down': case 'half-up':
        return move(action);
      case 'follow': return update({ follow: true, scroll: contentOf(ui).maxScroll });
      case 'details':
        if (ui.focus === 'handlers') {
          const handler = [...store.handlers.keys()][ui.handlerCursor];
          return handler ? update({ filter: `handler:${handler}`, focus: 'objects' }) : undefined;
        }
        return update({ focus: 'main' });
      case 'tab-next':
      case 'tab-prev': {
        const index = tabs.indexOf(tab);
        return update({ tab: tabs[(index + (action === 'tab-next' ? 1 : tabs.length - 1)) % tabs.length]!, scroll: 0, follow: true });
      }
      case 'show-yaml': return update({ tab: 'YAML', scroll: 0, focus: layout === 'narrow' ? 'main' : ui.focus });
      case 'show-logs': return update({ tab: 'Logs', follow: true, focus: layout === 'narrow' ? 'main' : ui.focus });
      case 'level': {
        const next = LEVEL_CYCLE[(LEVEL_CYCLE.indexOf(ui.logLevel) + 1) % LEVEL_CYCLE.length]!;
        update({ logLevel: next });
        return flash(`log level: ${next === 'debug' ? 'all' : `${next} and up`}`);
      }
      case 'clear-logs': return update({ clearedSeq: store.logs.last()?.seq ?? 0 });
      case 'managed-fields': return update((state) => ({ managedFields: !state.managedFields }));
      case 'apply-sample':
        if (actions.samples().length === 0) return flash('no sample objects: put manifests in samples/ (or use --samples)', 'warn');
        return update({ overlay: { kind: 'samples', cursor: 0 } });
      case 'delete': {
        const entry = needObject();
        return entry ? update({ overlay: { kind: 'delete', key: entry.key } }) : undefined;
      }
      case 'edit': {
        const entry = needObject();
        if (!entry) return undefined;
        let message = '';
        void suspendTerminal(async () => {
          message = await actions.edit(entry).catch((error: unknown) => `edit failed: ${(error as Error).message}`);
        }).then(() => flash(message, /failed|error|invalid/i.test(message) ? 'error' : 'info'));
        return undefined;
      }
      case 'touch': {
        const entry = needObject();
        return entry ? run(actions.touch(entry)) : undefined;
      }
      case 'retry': {
        const entry = needObject();
        return entry ? run(actions.retry(entry)) : undefined;
      }
    }
  };

  const move = (action: KeyAction): void => {
    const ui = uiRef.current;
    const { items, cursor } = derive(ui);
    if (ui.focus === 'objects') {
      const page = listHeight;
      const target = { down: cursor + 1, up: cursor - 1, top: 0, bottom: items.length, 'page-down': cursor + page, 'page-up': cursor - page, 'half-down': cursor + Math.ceil(page / 2), 'half-up': cursor - Math.ceil(page / 2) }[action as 'down'];
      if (target !== undefined) select(target);
      return;
    }
    if (ui.focus === 'handlers') {
      const count = store.handlers.size;
      const next = action === 'down' ? ui.handlerCursor + 1 : action === 'up' ? ui.handlerCursor - 1 : action === 'top' ? 0 : count - 1;
      update({ handlerCursor: Math.max(0, Math.min(count - 1, next)) });
      return;
    }
    const { maxScroll, offset: mainOffset } = contentOf(ui);
    const page = contentHeight;
    const delta = { down: 1, up: -1, 'page-down': page, 'page-up': -page, 'half-down': Math.ceil(page / 2), 'half-up': -Math.ceil(page / 2) }[action as 'down'];
    if (action === 'top') return update({ scroll: 0, follow: false });
    if (action === 'bottom') return update({ scroll: maxScroll, follow: true });
    if (delta !== undefined) {
      const next = Math.max(0, Math.min(maxScroll, mainOffset + delta));
      update({ scroll: next, follow: next >= maxScroll });
    }
  };

  const onKey = (input: string, key: Key): void => {
    // Keys that arrived together, outside a text field, are handled one by one.
    if (isKeyBurst(input, key) && !uiRef.current.input) {
      for (const [char, flags] of splitKeys(input)) onKey(char, flags);
      return;
    }
    const ui = uiRef.current;
    const { tab } = derive(ui);
    const name = keyName(input, key);
    if (ui.input) {
      const kind = ui.input.kind;
      if (name === 'ctrl+c') return act('quit');
      if (name === 'esc') return update(kind === 'filter' ? { input: undefined, filter: '' } : { input: undefined, search: '' });
      if (name === 'enter') return update({ input: undefined });
      if (isKeyBurst(input, key) && (input.includes('\r') || input.includes('\n') || input.includes('\u001b'))) {
        for (const [char, flags] of splitKeys(input)) onKey(char, flags);
        return undefined;
      }
      const text = name === 'backspace' ? ui.input.text.slice(0, -1) : input && !key.ctrl && !key.meta && !key.tab ? ui.input.text + input : ui.input.text;
      return update(kind === 'filter' ? { input: { kind, text }, filter: text, selectedKey: undefined, cursorHint: 0 } : { input: { kind, text }, search: text, follow: true });
    }
    const overlay = ui.overlay;
    if (overlay?.kind === 'help') {
      if (name === 'esc' || name === '?' || name === 'q') return update({ overlay: undefined });
      if (name === 'ctrl+c') return act('quit');
      if (name === 'j' || name === 'down') return update({ overlay: { kind: 'help', offset: overlay.offset + 1 } });
      if (name === 'k' || name === 'up') return update({ overlay: { kind: 'help', offset: Math.max(0, overlay.offset - 1) } });
      return undefined;
    }
    if (overlay?.kind === 'delete') {
      update({ overlay: undefined });
      const entry = store.objects.get(overlay.key);
      if ((name === 'y' || name === 'Y') && entry) run(actions.delete(entry));
      else flash('not deleted');
      return undefined;
    }
    if (overlay?.kind === 'samples') {
      const samples = actions.samples();
      if (name === 'esc' || name === 'q') return update({ overlay: undefined });
      if (name === 'j' || name === 'down') return update({ overlay: { kind: 'samples', cursor: Math.min(samples.length - 1, overlay.cursor + 1) } });
      if (name === 'k' || name === 'up') return update({ overlay: { kind: 'samples', cursor: Math.max(0, overlay.cursor - 1) } });
      if (name === 'enter') {
        update({ overlay: undefined });
        const file = samples[overlay.cursor];
        if (file) run(actions.applySample(file));
      }
      return undefined;
    }
    const focus: Focus = layout !== 'wide' && ui.focus === 'handlers' ? 'main' : ui.focus;
    const scopes: KeyScope[] = focus === 'main'
      ? [...(tab === 'Logs' ? ['logs' as const] : tab === 'YAML' ? ['yaml' as const] : []), 'main', 'global']
      : [focus, 'global'];
    const action = actionFor(name, scopes);
    if (action) act(action);
  };
  useInput(onKey);

  if (layout === 'too-small') {
    return (
      <Box width={viewport.columns} height={viewport.rows} flexDirection="column" alignItems="center" justifyContent="center">
        <Text color="yellow" wrap="truncate-end">{fit('terminal too small', viewport.columns)}</Text>
        <Text wrap="truncate-end">{fit(`need ${MIN_SIZE.columns}×${MIN_SIZE.rows}, have ${viewport.columns}×${viewport.rows}`, viewport.columns)}</Text>
        <Text dimColor wrap="truncate-end">{fit('the operator keeps running', viewport.columns)}</Text>
      </Box>
    );
  }

  const focus: Focus = layout !== 'wide' && ui.focus === 'handlers' ? 'main' : ui.focus;
  const title = (number: number, text: string): string => (layout === 'narrow' ? text : `[${number}] ${text}`);
  objectsOffset.current = scrollWindow(objectsOffset.current, cursor, listHeight, items.length + 1);
  const filterChip = ui.filter ? ` /${ui.filter}` : '';
  const objectsPane = (
    <Frame title={title(1, `Objects ${items.length}/${store.objects.size}${filterChip}`)} width={leftWidth} height={objectsHeight} focused={focus === 'objects'}>
      <ObjectsList items={items} cursor={cursor} offset={objectsOffset.current} height={listHeight} width={leftWidth - 2} now={now} glyphs={glyphs} />
    </Frame>
  );
  const handlersHeight = bodyHeight - objectsHeight;
  const handlersPane = layout === 'wide' ? (
    <Frame title={title(2, 'Handlers')} width={leftWidth} height={handlersHeight} focused={focus === 'handlers'}>
      <LinesView lines={handlerLines(store, glyphs, leftWidth - 2).map((line, index) => (index === ui.handlerCursor && focus === 'handlers' ? { ...line, bold: true, color: 'cyan' } : line))} offset={0} height={Math.max(1, handlersHeight - 2)} width={leftWidth - 2} />
    </Frame>
  ) : null;
  const subject = current ? objectLabel(current) : `${glyphs.all} all objects`;
  const mainPane = (
    <Frame title={title(3, subject)} width={mainWidth} height={mainHeight} focused={focus === 'main'}>
      <TabStrip tabs={tabs} tab={tab} width={mainWidth - 2} extra={tabExtra(tab, ui)} />
      {buildLines.length > 0 ? <LinesView lines={buildLines} offset={0} height={buildLines.length} width={mainWidth - 2} /> : null}
      <LinesView lines={content} offset={mainOffset} height={contentHeight} width={mainWidth - 2} />
    </Frame>
  );

  let body: ReactNode;
  if (ui.overlay?.kind === 'help') {
    // Two columns when there is room (groups are never split), else one; j/k scroll.
    const toLines = (texts: readonly string[]): Line[] => texts.map((text) => ({ text, bold: !text.startsWith(' ') }));
    const groups = helpGroups();
    const twoColumns = viewport.columns >= 100;
    let split = 1;
    let best = Number.POSITIVE_INFINITY;
    for (let at = 1; at < groups.length; at++) {
      const tallest = Math.max(groups.slice(0, at).flat().length, groups.slice(at).flat().length);
      if (tallest < best) [best, split] = [tallest, at];
    }
    const columns = twoColumns ? [groups.slice(0, split).flat(), groups.slice(split).flat()] : [helpLines()];
    const innerHeight = bodyHeight - 2;
    const longest = Math.max(...columns.map((column) => column.length));
    const offset = Math.min(ui.overlay.offset, Math.max(0, longest - innerHeight));
    const columnWidth = Math.floor((viewport.columns - 2) / columns.length);
    body = (
      <Frame title=" Keys (esc or ? to close, j/k to scroll) " width={viewport.columns} height={bodyHeight} focused>
        <Box flexDirection="row">
          {columns.map((column, index) => (
            <Box key={index} width={columnWidth} flexShrink={0}>
              <LinesView lines={toLines(column)} offset={offset} height={innerHeight} width={columnWidth - 1} />
            </Box>
          ))}
        </Box>
      </Frame>
    );
  } else if (ui.overlay?.kind === 'delete') {
    const entry = store.objects.get(ui.overlay.key);
    const finalizers = entry?.body?.metadata?.finalizers ?? [];
    const lines: Line[] = [
      { text: `Delete ${entry?.kind ?? ''} ${entry ? objectLabel(entry) : ''}?`, bold: true },
      { text: finalizers.length > 0 ? `Its finalizers block the deletion until they are removed: ${finalizers.join(', ')}` : 'It has no finalizers: it goes at once.', color: finalizers.length > 0 ? 'yellow' : undefined },
      { text: '' }, { text: 'y: delete · any other key: cancel' },
    ];
    body = <Frame title=" Delete " width={viewport.columns} height={bodyHeight} focused><LinesView lines={lines} offset={0} height={bodyHeight - 2} width={viewport.columns - 2} /></Frame>;
  } else if (ui.overlay?.kind === 'samples') {
    const samples = actions.samples();
    const cursorAt = ui.overlay.cursor;
    const lines: Line[] = samples.map((file, index) => ({ text: `${index === cursorAt ? glyphs.cursor : ' '} ${file}`, bold: index === cursorAt, color: index === cursorAt ? 'cyan' : undefined }));
    body = <Frame title=" Apply a sample (enter: apply · esc: cancel) " width={viewport.columns} height={bodyHeight} focused><LinesView lines={lines} offset={Math.max(0, cursorAt - (bodyHeight - 3))} height={bodyHeight - 2} width={viewport.columns - 2} /></Frame>;
  } else if (layout === 'narrow') {
    const strip: Focus[] = ['objects', 'main'];
    body = (
      <Box flexDirection="column" height={bodyHeight}>
        <Text wrap="truncate-end">{strip.map((item) => (item === focus ? `[${item === 'objects' ? 'Objects' : 'Detail'}]` : ` ${item === 'objects' ? 'Objects' : 'Detail'} `)).join(' ')} <Text dimColor>enter: details · esc: back</Text></Text>
        {focus === 'objects' ? objectsPane : mainPane}
      </Box>
    );
  } else {
    body = (
      <Box flexDirection="row" height={bodyHeight}>
        <Box flexDirection="column" width={leftWidth} flexShrink={0}>
          {objectsPane}
          {handlersPane}
        </Box>
        {mainPane}
      </Box>
    );
  }

  const footerScopes: KeyScope[] = ui.overlay ? [] : focus === 'main' ? [...(tab === 'Logs' ? ['logs' as const] : tab === 'YAML' ? ['yaml' as const] : []), 'main', 'global'] : [focus, 'global'];
  const footer = ui.input
    ? <Text wrap="truncate-end">{fit(`${ui.input.kind === 'filter' ? 'filter' : 'search'}: /${ui.input.text}█  (enter: keep · esc: clear)`, viewport.columns)}</Text>
    : <Footer width={viewport.columns} hints={hints(footerScopes)} flash={ui.flash} />;
  return (
    <Box flexDirection="column" width={viewport.columns} height={viewport.rows} overflow="hidden">
      <Header store={store} width={viewport.columns} glyphs={glyphs} now={now} stopping={ui.quitting > 0} />
      <StatusLine store={store} width={viewport.columns} glyphs={glyphs} />
      {body}
      {footer}
    </Box>
  );
}

function TabStrip(props: { readonly tabs: readonly Tab[]; readonly tab: Tab; readonly width: number; readonly extra: string }): ReactNode {
  return (
    <Box height={1} width={props.width} overflow="hidden">
      <Text wrap="truncate-end">
        {props.tabs.map((item) => (
          <Text key={item} inverse={item === props.tab} bold={item === props.tab}>{` ${item} `}</Text>
        ))}
        <Text dimColor>{props.extra}</Text>
      </Text>
    </Box>
  );
}

function tabExtra(tab: Tab, ui: UiState): string {
  if (tab === 'Logs') return ` ${ui.logLevel === 'debug' ? 'all levels' : `${ui.logLevel}+`}${ui.search ? ` /${ui.search}` : ''}${ui.follow ? ' (following)' : ''}`;
  if (tab === 'YAML') return ui.managedFields ? ' with managedFields' : '';
  return '';
}

function buildErrorLines(store: DevStore, glyphs: Glyphs, max: number): Line[] {
  const error = store.buildError;
  if (!error || max <= 0) return [];
  // The place is on the next line: the message need not repeat the file.
  const message = error.location ? error.message.replace(/^Cannot load \S+: /, '') : error.message;
  const lines: Line[] = [{ text: `${glyphs.failed} gen ${error.gen} failed to load: ${message}`, color: 'red', bold: true }];
  if (error.location) {
    lines.push({ text: `  at ${error.location.file}:${error.location.line}:${error.location.column}`, color: 'red' });
    for (const line of error.location.frame ?? []) lines.push({ text: `  ${line}`, color: line.startsWith('>') || line.trimStart().startsWith('|') ? 'red' : undefined });
  }
  lines.push({ text: '' });
  return lines.slice(0, max);
}

function mainLines(store: DevStore, tab: Tab, entry: ObjectEntry | undefined, now: number, glyphs: Glyphs, ui: UiState): Line[] {
  const none: Line[] = [{ text: 'select an object (j/k) for this tab; the all-objects row shows the session', dim: true }];
  switch (tab) {
    case 'Overview': return entry ? overviewLines(store, entry, now, glyphs) : sessionLines(store, now);
    case 'Handlers': return handlerLines(store, glyphs, 100);
    case 'Progress': return entry ? progressLines(entry, now) : none;
    case 'Diff': return entry ? diffLines(entry) : none;
    case 'History': return entry ? historyLines(entry) : none;
    case 'Logs': return logLines(store, entry, { level: ui.logLevel, search: ui.search, clearedSeq: ui.clearedSeq });
    case 'Events': return eventLines(store, entry);
    case 'YAML': return entry ? yamlLines(entry, ui.managedFields) : none;
    case 'API': return apiLines(store, entry);
    case 'Peering': return peeringLines(store);
  }
}
