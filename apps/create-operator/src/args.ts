// The command line of create-operator, parsed by hand: `node:util`'s parseArgs gained `--no-<flag>`
// only in Node 20.16/22.4, and this file must run on Node 18 far enough to tell the user which Node
// Opkit needs. Unknown flags, missing values and stray words are errors that name what was expected.

/** A flag create-operator understands. */
interface FlagSpec {
  /** The key in {@link ParsedArgs.values}. */
  readonly key: keyof ArgValues;
  readonly type: 'string' | 'boolean';
  /** `--no-<name>` is accepted (boolean flags only). */
  readonly negatable?: boolean;
  readonly short?: string;
}

/** The flags' values as given on the command line (absent = not given). */
export interface ArgValues {
  template?: string;
  kind?: string;
  group?: string;
  apiVersion?: string;
  plural?: string;
  scope?: string;
  watch?: string;
  pm?: string;
  opkitVersion?: string;
  install?: boolean;
  git?: boolean;
  interactive?: boolean;
  yes?: boolean;
  overwrite?: boolean;
  dryRun?: boolean;
  json?: boolean;
  help?: boolean;
  version?: boolean;
}

/** The command line, parsed. */
export interface ParsedArgs {
  /** `[dir] [template]`. */
  readonly positionals: readonly string[];
  readonly values: Readonly<ArgValues>;
}

/** Every flag by its long name. */
export const FLAGS: Readonly<Record<string, FlagSpec>> = {
  template: { key: 'template', type: 'string', short: 't' },
  kind: { key: 'kind', type: 'string' },
  group: { key: 'group', type: 'string' },
  'api-version': { key: 'apiVersion', type: 'string' },
  plural: { key: 'plural', type: 'string' },
  scope: { key: 'scope', type: 'string' },
  watch: { key: 'watch', type: 'string' },
  pm: { key: 'pm', type: 'string' },
  'opkit-version': { key: 'opkitVersion', type: 'string' },
  install: { key: 'install', type: 'boolean', negatable: true },
  git: { key: 'git', type: 'boolean', negatable: true },
  interactive: { key: 'interactive', type: 'boolean', negatable: true },
  yes: { key: 'yes', type: 'boolean', short: 'y' },
  overwrite: { key: 'overwrite', type: 'boolean' },
  'dry-run': { key: 'dryRun', type: 'boolean' },
  json: { key: 'json', type: 'boolean' },
  help: { key: 'help', type: 'boolean', short: 'h' },
  version: { key: 'version', type: 'boolean', short: 'v' },
};

/**
 * The flags that configure the project. Giving any of them means "I know what I want": the rest
 * take their defaults instead of being asked (unless `--interactive`).
 */
export const CONFIG_KEYS: readonly (keyof ArgValues)[] = [
  'template', 'kind', 'group', 'apiVersion', 'plural', 'scope', 'watch', 'pm', 'install', 'git',
];

/** Bad command-line input: the message says what was wrong and what was expected. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

const SHORT = new Map(Object.entries(FLAGS).flatMap(([long, spec]) => (spec.short ? [[spec.short, long] as const] : [])));

/** The closest known flag to a mistyped one, if it is close enough to be a likely typo. */
function suggest(name: string): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const known of Object.keys(FLAGS)) {
    const distance = editDistance(name, known);
    if (distance < bestDistance) {
      best = known;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/**
 * Parse create-operator's arguments (without `node` and the script): `--flag value`, `--flag=value`,
 * `-t value`, `-y`, `--no-install`, and `--` ending the flags.
 *
 * @throws {UsageError} on an unknown flag, a missing value, a value for a boolean flag, or more than two positionals.
 * @example parseArgs(['my-op', 'children', '--no-git']) // { positionals: ['my-op', 'children'], values: { git: false } }
 */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const values: Record<string, string | boolean> = {};
  let onlyPositionals = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (onlyPositionals || arg === '-' || !arg.startsWith('-')) {
      positionals.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyPositionals = true;
      continue;
    }
    let name: string;
    let inline: string | undefined;
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      inline = eq < 0 ? undefined : arg.slice(eq + 1);
    } else {
      const letter = arg.slice(1, 2);
      const long = SHORT.get(letter);
      if (long === undefined || (arg.length > 2 && FLAGS[long]!.type === 'boolean')) {
        throw new UsageError(`unknown option '${arg}'${hint(arg.slice(1))}\nRun 'create-operator --help' for the list of options.`);
      }
      name = long;
      inline = arg.length > 2 ? arg.slice(2).replace(/^=/, '') : undefined;
    }
    let spec = FLAGS[name];
    let negated = false;
    if (spec === undefined && name.startsWith('no-') && FLAGS[name.slice(3)]?.negatable) {
      spec = FLAGS[name.slice(3)];
      negated = true;
    }
    if (spec === undefined) {
      throw new UsageError(`unknown option '--${name}'${hint(name)}\nRun 'create-operator --help' for the list of options.`);
    }
    if (spec.type === 'boolean') {
      if (inline !== undefined) {
        throw new UsageError(`option '--${name}' takes no value (got '${inline}')${spec.negatable ? `: use --${name} or --no-${name}` : ''}`);
      }
      values[spec.key] = !negated;
      continue;
    }
    let value = inline;
    if (value === undefined) {
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith('-') && next !== '-')) {
        throw new UsageError(`option '--${name}' needs a value, like --${name} ${exampleValue(name)}`);
      }
      value = next;
      i += 1;
    }
    values[spec.key] = value;
  }
  if (positionals.length > 2) {
    throw new UsageError(
      `too many arguments: ${positionals.map((p) => `'${p}'`).join(' ')}; expected at most [dir] [template], like 'create-operator my-operator children'`,
    );
  }
  return { positionals, values };
}

function hint(name: string): string {
  const close = suggest(name);
  return close === undefined ? '' : ` (did you mean --${close}?)`;
}

function exampleValue(name: string): string {
  switch (name) {
    case 'template': return 'minimal';
    case 'kind': return 'Memcached';
    case 'group': return 'memcached.example.com';
    case 'api-version': return 'v1alpha1';
    case 'plural': return 'memcacheds';
    case 'scope': return 'Namespaced';
    case 'watch': return 'all';
    case 'pm': return 'npm';
    case 'opkit-version': return '^0.1.0';
    default: return '<value>';
  }
}

/** True when any flag of {@link CONFIG_KEYS} was given. */
export function hasConfigFlag(values: Readonly<ArgValues>): boolean {
  return CONFIG_KEYS.some((key) => values[key] !== undefined);
}
