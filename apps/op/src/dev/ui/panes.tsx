// The building blocks of the screen: a titled frame, a window of lines, the header, the footer, the
// Objects list. Each draws exactly the rows it is given and truncates (never wraps) its text.
import { Box, Text } from 'ink';
import { memo } from 'react';
import type { ReactNode } from 'react';
import type { ObjectEntry } from '../model/objects.js';
import { objectLabel } from '../model/objects.js';
import type { DevStore } from '../model/store.js';
import { formatMs } from '../model/store.js';
import type { Glyphs, Line } from './views.js';
import { marks, stateColor, stateText } from './views.js';

/** Cut text to a width (in characters), with an ellipsis. */
export function fit(text: string, width: number): string {
  if (width <= 0) return '';
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`;
}

/** A bordered pane whose top border carries the title. */
export function Frame(props: { readonly title: string; readonly width: number; readonly height: number; readonly focused: boolean; readonly children?: ReactNode }): ReactNode {
  const color = props.focused ? 'cyan' : 'gray';
  const inner = Math.max(0, props.width - 2);
  const title = fit(props.title, Math.max(0, inner - 2));
  const top = `┌${title ? `${title}` : ''}${'─'.repeat(Math.max(0, inner - title.length))}┐`;
  return (
    <Box flexDirection="column" width={props.width} height={props.height} flexShrink={0}>
      <Text color={color} wrap="truncate-end">{top}</Text>
      <Box borderStyle="single" borderTop={false} borderColor={color} width={props.width} height={Math.max(1, props.height - 1)} flexDirection="column" overflow="hidden">
        {props.children}
      </Box>
    </Box>
  );
}

/** `height` lines of `lines`, from `offset`. */
export const LinesView = memo(function LinesView(props: { readonly lines: readonly Line[]; readonly offset: number; readonly height: number; readonly width: number }): ReactNode {
  const shown = props.lines.slice(props.offset, props.offset + props.height);
  return (
    <Box flexDirection="column" height={props.height} overflow="hidden">
      {shown.map((line, index) => (
        <Text key={props.offset + index} wrap="truncate-end" color={line.color} dimColor={line.dim} bold={line.bold}>{fit(line.text, props.width) || ' '}</Text>
      ))}
    </Box>
  );
});

/** The first header line: target, generation, counts. */
export function Header(props: { readonly store: DevStore; readonly width: number; readonly glyphs: Glyphs; readonly now: number; readonly stopping: boolean }): ReactNode {
  const { store, glyphs } = props;
  const target = store.target;
  const gen = store.currentGen !== undefined ? store.gens.get(store.currentGen) : undefined;
  const counts = store.counts();
  // A selector nothing serves (a typo, or a CRD not applied) is not "ready": say which, and the closest served name.
  const unserved = store.unserved[0];
  const suggestion = unserved === undefined ? undefined : store.suggestions[unserved];
  const unservedText = unserved === undefined ? ''
    : `${glyphs.failed} not served: ${unserved}${suggestion === undefined ? '' : ` (try '${suggestion}')`}${store.unserved.length > 1 ? ` +${store.unserved.length - 1}` : ''}`;
  const genText = gen
    ? `gen ${gen.gen} ${gen.phase === 'ready' ? (unservedText || `${glyphs.handling} ready`) : gen.phase}${gen.readyMs !== undefined && !unservedText ? ` ${formatMs(gen.readyMs)}` : ''}`
    : store.loadingGen !== undefined ? `gen ${store.loadingGen} loading` : 'no generation running';
  // Most important first: what does not fit is cut from the end.
  const parts = [
    'op dev',
    target ? `${glyphs.cluster} ${target.label} (${target.server.replace(/^https?:\/\//, '')})` : 'connecting…',
    genText + (store.paused ? ' (paused)' : ''),
    `${store.objects.size} obj: ${counts.handling} handling ${counts.retrying} retrying ${counts.failed} failed${counts.pending > 0 ? ` ${counts.pending} pending` : ''}${counts.deleting > 0 ? ` ${counts.deleting} deleting` : ''}`,
    '? help',
    target?.project ?? '',
  ];
  const text = ` ${parts.filter(Boolean).join(` ${glyphs.dot} `)}`;
  const color = props.stopping ? 'yellow' : counts.failed > 0 || store.buildError ? 'red' : unservedText && gen?.phase === 'ready' ? 'yellow' : undefined;
  return <Text bold color={color} wrap="truncate-end">{fit(text, props.width)}</Text>;
}

/** The second header line: the kubectl line, and the reload state on the right. */
export function StatusLine(props: { readonly store: DevStore; readonly width: number; readonly glyphs: Glyphs }): ReactNode {
  const { store, glyphs } = props;
  let status = '';
  let color: string | undefined;
  const last = [...store.gens.values()].at(-1);
  if (store.buildError) {
    status = `${glyphs.failed} gen ${store.buildError.gen} failed to load${store.currentGen !== undefined ? ` (gen ${store.currentGen} keeps running)` : ''}`;
    color = 'red';
  } else if (store.loadingGen !== undefined) {
    const reason = store.gens.get(store.loadingGen)?.reason ?? '';
    status = store.currentGen === undefined && reason === 'start' ? `${glyphs.retrying} loading the operator…` : `${glyphs.retrying} reloading: ${reason}`;
    color = 'yellow';
  } else if (last && last.phase === 'crashed') {
    status = `${glyphs.failed} gen ${last.gen} crashed: ${last.message ?? ''}`;
    color = 'red';
  } else {
    const stopped = [...store.gens.values()].reverse().find((view) => view.phase === 'stopped');
    if (stopped && stopped.gen === (store.currentGen ?? 0) - 1 && (stopped.forced || (stopped.interrupted?.length ?? 0) > 0)) {
      const count = stopped.interrupted?.length ?? 0;
      status = `gen ${stopped.gen} ${stopped.forced ? 'forced to stop' : 'out of grace'}: ${count} handler${count === 1 ? '' : 's'} interrupted`;
      color = 'yellow';
    }
  }
  // The kubectl line comes first; the status takes what is left.
  const kubectl = store.target ? ` ${store.target.kubectl}` : '';
  const room = Math.min(props.width, Math.max(kubectl.length + 2, props.width - status.length - 2));
  return (
    <Box width={props.width}>
      <Box width={room} flexShrink={0}><Text color="cyan" wrap="truncate-end">{fit(kubectl, room)}</Text></Box>
      <Text color={color} wrap="truncate-end">{fit(status, props.width - room)}</Text>
    </Box>
  );
}

/** The footer: key hints of the focused pane on the left, a flash message on the right. */
export function Footer(props: { readonly width: number; readonly hints: string; readonly flash?: { readonly text: string; readonly level: 'info' | 'warn' | 'error' } | undefined }): ReactNode {
  const flash = props.flash ? fit(props.flash.text, Math.floor(props.width / 2)) : '';
  const room = Math.max(0, props.width - flash.length - 1);
  return (
    <Box width={props.width} height={1}>
      <Box width={room} flexShrink={0}><Text dimColor wrap="truncate-end">{fit(` ${props.hints}`, room)}</Text></Box>
      <Text color={props.flash?.level === 'error' ? 'red' : props.flash?.level === 'warn' ? 'yellow' : 'green'} wrap="truncate-end">{flash}</Text>
    </Box>
  );
}

/** One object row. */
const ObjectRow = memo(function ObjectRow(props: {
  readonly entry: ObjectEntry; readonly version: number; readonly selected: boolean; readonly width: number; readonly now: number; readonly glyphs: Glyphs;
  readonly nameWidth: number; readonly kindWidth: number;
}): ReactNode {
  const { entry, glyphs, nameWidth, kindWidth } = props;
  const state = stateText(entry.state, props.now);
  const mark = marks(entry, glyphs);
  const name = fit(objectLabel(entry), nameWidth - 1).padEnd(nameWidth);
  const kind = kindWidth > 0 ? fit(entry.kind, kindWidth - 1).padEnd(kindWidth) : '';
  const rest = Math.max(0, props.width - 2 - nameWidth - kindWidth);
  const stateCell = fit(`${mark ? `${mark} ` : ''}${state}`, rest);
  return (
    <Text wrap="truncate-end" inverse={props.selected}>
      {props.selected ? glyphs.cursor : ' '} {name}{kind}<Text color={stateColor(entry.state)}>{stateCell}</Text>
    </Text>
  );
});

/** The Objects list: the "all objects" row, then the visible window of objects. */
export function ObjectsList(props: {
  readonly items: readonly ObjectEntry[]; readonly cursor: number; readonly offset: number; readonly height: number; readonly width: number;
  readonly now: number; readonly glyphs: Glyphs;
}): ReactNode {
  const rows: ReactNode[] = [];
  const last = Math.min(props.items.length + 1, props.offset + props.height);
  // Columns fit the visible rows: NAME as wide as the longest shown (up to half), KIND only when there is room.
  let longest = 0;
  for (let row = Math.max(1, props.offset); row < last; row++) longest = Math.max(longest, objectLabel(props.items[row - 1]!).length);
  const kindWidth = props.width >= 70 ? Math.min(14, Math.floor(props.width * 0.18)) : 0;
  const nameWidth = Math.max(10, Math.min(longest + 2, Math.floor((props.width - kindWidth) * 0.5)));
  for (let row = props.offset; row < last; row++) {
    if (row === 0) {
      rows.push(<Text key="*" inverse={props.cursor === 0} wrap="truncate-end">{props.cursor === 0 ? props.glyphs.cursor : ' '} {props.glyphs.all} all objects</Text>);
      continue;
    }
    const entry = props.items[row - 1]!;
    // Only rows that count time get the clock, so that the others stay memoized between frames.
    const timed = entry.state.kind === 'handling' || entry.state.kind === 'retrying' || entry.state.kind === 'deleting';
    rows.push(<ObjectRow key={entry.key} entry={entry} version={entry.version} selected={row === props.cursor} width={props.width} now={timed ? props.now : 0} glyphs={props.glyphs} nameWidth={nameWidth} kindWidth={kindWidth} />);
  }
  return <Box flexDirection="column" height={props.height} overflow="hidden">{rows}</Box>;
}
