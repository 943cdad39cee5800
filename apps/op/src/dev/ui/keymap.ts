// The one keymap table of `op dev`: the key router, the footer hints, the `?` overlay and the docs'
// key table are all generated from it, so they can never disagree (as lazygit does). Keys follow
// k9s and lazygit: j/k to move, enter for details, / to filter, ? for help, q to quit.
import type { Key } from 'ink';

/** Where a binding applies. */
export type KeyScope = 'global' | 'objects' | 'handlers' | 'main' | 'logs' | 'yaml';

/** What a key does. */
export type KeyAction =
  | 'help' | 'quit' | 'focus-next' | 'focus-prev' | 'focus-objects' | 'focus-handlers' | 'focus-main' | 'back'
  | 'filter' | 'reload' | 'pause'
  | 'down' | 'up' | 'top' | 'bottom' | 'page-down' | 'page-up' | 'half-down' | 'half-up' | 'details'
  | 'apply-sample' | 'edit' | 'delete' | 'touch' | 'retry' | 'show-yaml' | 'show-logs'
  | 'tab-next' | 'tab-prev' | 'level' | 'search' | 'clear-logs' | 'follow' | 'managed-fields';

/** One binding. */
export interface KeyBinding {
  readonly action: KeyAction;
  /** Key names as {@link keyName} reports them; the first is shown in hints. */
  readonly keys: readonly string[];
  readonly scope: KeyScope;
  readonly help: string;
  /** Shown in the footer of its scope. */
  readonly hint?: boolean;
}

/** Every key of op dev. */
export const KEYMAP: readonly KeyBinding[] = [
  { action: 'help', keys: ['?'], scope: 'global', help: 'show or hide this help', hint: true },
  { action: 'quit', keys: ['q', 'ctrl+c'], scope: 'global', help: 'quit: stop the operator gracefully (press again to force)', hint: true },
  { action: 'focus-next', keys: ['tab'], scope: 'global', help: 'focus the next pane' },
  { action: 'focus-prev', keys: ['shift+tab'], scope: 'global', help: 'focus the previous pane' },
  { action: 'focus-objects', keys: ['1'], scope: 'global', help: 'focus Objects' },
  { action: 'focus-handlers', keys: ['2'], scope: 'global', help: 'focus Handlers' },
  { action: 'focus-main', keys: ['3'], scope: 'global', help: 'focus the detail pane' },
  { action: 'back', keys: ['esc'], scope: 'global', help: 'back: close, clear the filter, or return to the list' },
  { action: 'reload', keys: ['r'], scope: 'global', help: 'reload the operator now (a new generation)', hint: true },
  { action: 'pause', keys: ['p'], scope: 'global', help: 'pause or resume processing (the operator closes its watches)', hint: true },
  { action: 'down', keys: ['j', 'down'], scope: 'objects', help: 'move down' },
  { action: 'up', keys: ['k', 'up'], scope: 'objects', help: 'move up' },
  { action: 'top', keys: ['g', 'home'], scope: 'objects', help: 'go to the top' },
  { action: 'bottom', keys: ['G', 'end'], scope: 'objects', help: 'go to the bottom' },
  { action: 'page-down', keys: ['pgdn'], scope: 'objects', help: 'page down' },
  { action: 'page-up', keys: ['pgup'], scope: 'objects', help: 'page up' },
  { action: 'half-down', keys: ['ctrl+d'], scope: 'objects', help: 'half a page down' },
  { action: 'half-up', keys: ['ctrl+u'], scope: 'objects', help: 'half a page up' },
  { action: 'details', keys: ['enter', 'l'], scope: 'objects', help: 'show the details of the selected object', hint: true },
  { action: 'filter', keys: ['/'], scope: 'objects', help: 'filter: words, /regex/, kind:K ns:N state:failed,retrying handler:h, !term', hint: true },
  { action: 'apply-sample', keys: ['a'], scope: 'objects', help: 'apply a sample object (from samples/)', hint: true },
  { action: 'edit', keys: ['e'], scope: 'objects', help: 'edit the object in $EDITOR', hint: true },
  { action: 'delete', keys: ['d'], scope: 'objects', help: 'delete the object (asks first; names the finalizers that will block)', hint: true },
  { action: 'touch', keys: ['t'], scope: 'objects', help: 'touch: bump an annotation, so that update handlers run' },
  { action: 'retry', keys: ['x'], scope: 'objects', help: 'retry now: clear the delay of a retrying handler' },
  { action: 'show-yaml', keys: ['y'], scope: 'objects', help: 'show the YAML' },
  { action: 'show-logs', keys: ['o'], scope: 'objects', help: 'show the logs' },
  { action: 'down', keys: ['j', 'down'], scope: 'handlers', help: 'move down' },
  { action: 'up', keys: ['k', 'up'], scope: 'handlers', help: 'move up' },
  { action: 'details', keys: ['enter'], scope: 'handlers', help: 'filter Objects to the selected handler', hint: true },
  { action: 'tab-next', keys: [']', 'right'], scope: 'main', help: 'next tab', hint: true },
  { action: 'tab-prev', keys: ['[', 'left'], scope: 'main', help: 'previous tab' },
  { action: 'down', keys: ['j', 'down'], scope: 'main', help: 'scroll down' },
  { action: 'up', keys: ['k', 'up'], scope: 'main', help: 'scroll up' },
  { action: 'page-down', keys: ['pgdn', 'ctrl+d'], scope: 'main', help: 'page down' },
  { action: 'page-up', keys: ['pgup', 'ctrl+u'], scope: 'main', help: 'page up' },
  { action: 'top', keys: ['g', 'home'], scope: 'main', help: 'go to the top' },
  { action: 'follow', keys: ['G', 'end'], scope: 'main', help: 'go to the end and follow', hint: true },
  { action: 'level', keys: ['L'], scope: 'logs', help: 'cycle the log level: all, info, warn, error', hint: true },
  { action: 'search', keys: ['/'], scope: 'logs', help: 'search the logs (words or /regex/)', hint: true },
  { action: 'clear-logs', keys: ['C'], scope: 'logs', help: 'clear the logs shown' },
  { action: 'managed-fields', keys: ['m'], scope: 'yaml', help: 'show or hide managedFields', hint: true },
];

/** Scope titles for the help overlay. */
export const SCOPE_TITLES: Readonly<Record<KeyScope, string>> = {
  global: 'Everywhere', objects: 'Objects [1]', handlers: 'Handlers [2]', main: 'Detail pane [3]', logs: 'Logs tab', yaml: 'YAML tab',
};

/**
 * The name of a key press: `j`, `G`, `?`, `enter`, `esc`, `tab`, `shift+tab`, `down`, `pgdn`, `ctrl+c`, ….
 *
 * @example
 * ```ts
 * keyName('c', { ctrl: true } as Key); // 'ctrl+c'
 * ```
 */
export function keyName(input: string, key: Key): string {
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.leftArrow) return 'left';
  if (key.rightArrow) return 'right';
  if (key.pageDown) return 'pgdn';
  if (key.pageUp) return 'pgup';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.return) return 'enter';
  if (key.escape) return 'esc';
  if (key.tab) return key.shift ? 'shift+tab' : 'tab';
  if (key.backspace || key.delete) return 'backspace';
  if (key.ctrl && input) return `ctrl+${input.toLowerCase()}`;
  return input;
}

const NO_KEY: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
  return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
  super: false, hyper: false, capsLock: false, numLock: false,
};

/**
 * The single key presses of an input that holds several (keys typed faster than the terminal is
 * read arrive in one chunk, which ink reports as one input): each character with its own key flags.
 *
 * @example
 * ```ts
 * splitKeys('j\r'); // [['j', {…}], ['', { return: true, … }]]
 * ```
 */
export function splitKeys(input: string): [string, Key][] {
  return [...input].map((char): [string, Key] => {
    if (char === '\r' || char === '\n') return ['', { ...NO_KEY, return: true }];
    if (char === '\t') return ['', { ...NO_KEY, tab: true }];
    if (char === '\u001b') return ['', { ...NO_KEY, escape: true }];
    if (char === '\u007f' || char === '\b') return ['', { ...NO_KEY, backspace: true }];
    if (char < ' ') return [String.fromCharCode(char.charCodeAt(0) + 96), { ...NO_KEY, ctrl: true }];
    return [char, { ...NO_KEY, shift: char !== char.toLowerCase() }];
  });
}

/** Whether ink reported several plain key presses as one input. */
export function isKeyBurst(input: string, key: Key): boolean {
  return [...input].length > 1 && !key.ctrl && !key.meta && !key.upArrow && !key.downArrow && !key.leftArrow && !key.rightArrow
    && !key.pageUp && !key.pageDown && !key.home && !key.end;
}

/**
 * The action of a key in the given scopes (searched in order).
 *
 * @example
 * ```ts
 * actionFor('j', ['objects', 'global']); // 'down'
 * ```
 */
export function actionFor(name: string, scopes: readonly KeyScope[]): KeyAction | undefined {
  for (const scope of scopes) {
    const binding = KEYMAP.find((item) => item.scope === scope && item.keys.includes(name));
    if (binding) return binding.action;
  }
  return undefined;
}

/** The footer hints of the given scopes: `j/k move · enter details · …`. */
export function hints(scopes: readonly KeyScope[]): string {
  return KEYMAP.filter((item) => item.hint && scopes.includes(item.scope))
    .map((item) => `${item.keys[0]} ${item.help.split(/[:(;,]/)[0]!.trim()}`).join(' · ');
}

/** The help overlay's groups of lines, one per scope (a title, then one line per binding). */
export function helpGroups(): string[][] {
  const groups: string[][] = [];
  for (const scope of Object.keys(SCOPE_TITLES) as KeyScope[]) {
    const bindings = KEYMAP.filter((item) => item.scope === scope);
    if (bindings.length > 0) groups.push([SCOPE_TITLES[scope], ...bindings.map((binding) => `  ${binding.keys.join(' ').padEnd(12)} ${binding.help}`)]);
  }
  return groups;
}

/** The help overlay's lines in one column. */
export function helpLines(): string[] {
  return helpGroups().flat();
}

/** The key table in Markdown (docs/op.md is checked against it). */
export function keymapMarkdown(): string {
  const rows = KEYMAP.map((item) => `| ${SCOPE_TITLES[item.scope]} | ${item.keys.map((key) => `\`${key}\``).join(' ')} | ${item.help.replaceAll('|', '\\|')} |`);
  return ['| where | keys | what it does |', '|---|---|---|', ...rows].join('\n');
}
