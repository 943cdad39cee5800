// Command-line parsing for `op dev`, kept apart from the command so that every flag and every
// bad-input message is unit-tested without starting anything.
import { parseArgs } from 'node:util';

/** What `op dev` is asked to do. */
export interface DevCliOptions {
  /** A project folder or an operator file; omitted: the current folder. */
  readonly entry?: string | undefined;
  /** `persist` (`--embedded`), `fresh` (`--embedded=fresh`), or undefined (no flag). */
  readonly embedded?: 'persist' | 'fresh' | undefined;
  readonly context?: string | undefined;
  readonly crds?: string | undefined;
  readonly samples?: string | undefined;
  readonly namespaces: readonly string[];
  /** `tui` in a terminal, `plain` with --plain or no TTY, `json` with --json. */
  readonly output: 'auto' | 'plain' | 'json';
  /** Seconds to wait for every object to be idle, then exit 0 (or 1 on a permanent failure or timeout). */
  readonly untilSettled?: number | undefined;
  /** Milliseconds handlers in flight get when a generation stops. */
  readonly stopGraceMs: number;
  readonly persistence: 'opkit' | 'kopf';
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  /** Consent to run against a non-loopback cluster without asking. */
  readonly yes: boolean;
  /** Apply the project's CRDs to a cluster (the embedded server always gets them). */
  readonly applyCrds: boolean;
  /** Glyph-free rendering for terminals without Unicode. */
  readonly ascii: boolean;
}

/** The result of parsing: run, show help, or fail with a message (exit 2). */
export type DevCliParse = { kind: 'run'; options: DevCliOptions } | { kind: 'help' } | { kind: 'error'; message: string };

/** The `op dev --help` text. */
export const DEV_USAGE = `Usage: op dev [dir | file] [options]

Develops an operator: runs it, shows every object, handler, retry, log line and Kubernetes event live,
and reloads it on every save without losing state. With no reachable cluster it runs on the embedded
Kubernetes API server, kept in the project's .opkit/. In a terminal it is a full-screen UI (press ?);
piped or with --plain it prints log lines.

Project conventions: the operator is package.json "opkit.entry", else src/operator.ts (or the file
given); CRDs are read from deploy/crds/ and sample objects from samples/ (or "opkit.crds" and
"opkit.samples" in package.json, or the flags below).

Options:
      --embedded[=fresh]    run on the embedded API server (kept in .opkit/apiserver; =fresh: in memory)
      --context NAME        run against this kubeconfig context
      --crds PATH           CRD manifests: a folder or a file (default deploy/crds)
      --samples PATH        sample objects: a folder or a file (default samples)
  -n, --namespace NS        serve these namespaces (repeatable, comma-separated; default: all)
      --plain               print Kopf-style log lines instead of the terminal UI
      --json                print the feed and op dev's own records as JSON lines
      --until-settled[=T]   exit 0 once every object is idle, 1 on a permanent failure or after T
                            (default 60s): a smoke test for CI
      --stop-grace T        how long handlers in flight may finish when a generation stops (default 5s)
      --persistence NAME    opkit (default) or kopf
  -v, --verbose             show debug lines too
  -q, --quiet               warnings and errors only (plain output)
      --yes                 consent to run against a non-loopback cluster without asking
      --apply-crds          also apply the project's CRDs to a cluster (the embedded server always gets them)
      --ascii               no Unicode glyphs
  -h, --help                show this help

Exit codes: 0 after Ctrl+C (or settled), 1 on a permanent failure or a timeout with --until-settled,
2 for bad input.
`;

/**
 * Parse a duration: `60`, `60s`, `1.5s`, `500ms`, `2m`; returns milliseconds.
 *
 * @example
 * ```ts
 * parseDuration('1.5s'); // 1500
 * ```
 */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!match) return undefined;
  const value = Number(match[1]);
  const unit = match[2] ?? 's';
  return Math.round(unit === 'ms' ? value : unit === 'm' ? value * 60_000 : value * 1000);
}

/**
 * Parse `op dev` arguments (after `dev`).
 *
 * @example
 * ```ts
 * parseDevArgs(['examples/01-minimal/operator.ts', '--embedded=fresh', '--plain', '--until-settled=30s']);
 * ```
 */
export function parseDevArgs(argv: readonly string[]): DevCliParse {
  // `--embedded=fresh` and `--until-settled=60s` take an optional value: split them off first.
  let embedded: 'persist' | 'fresh' | undefined;
  let untilSettled: number | undefined;
  const rest: string[] = [];
  for (const arg of argv) {
    if (arg === '--embedded') embedded = 'persist';
    else if (arg.startsWith('--embedded=')) {
      const value = arg.slice('--embedded='.length);
      if (value !== 'fresh') return { kind: 'error', message: `--embedded takes no value or =fresh; got "${value}"` };
      embedded = 'fresh';
    } else if (arg === '--until-settled') untilSettled = 60;
    else if (arg.startsWith('--until-settled=')) {
      const ms = parseDuration(arg.slice('--until-settled='.length));
      if (ms === undefined || ms <= 0) return { kind: 'error', message: `--until-settled takes a duration such as 60s or 2m; got "${arg.slice('--until-settled='.length)}"` };
      untilSettled = ms / 1000;
    } else rest.push(arg);
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest, strict: true, allowPositionals: true,
      options: {
        context: { type: 'string' },
        crds: { type: 'string' },
        samples: { type: 'string' },
        namespace: { type: 'string', short: 'n', multiple: true },
        plain: { type: 'boolean' },
        json: { type: 'boolean' },
        'stop-grace': { type: 'string' },
        persistence: { type: 'string' },
        verbose: { type: 'boolean', short: 'v' },
        quiet: { type: 'boolean', short: 'q' },
        yes: { type: 'boolean' },
        'apply-crds': { type: 'boolean' },
        ascii: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return { kind: 'error', message: (error as Error).message.replace(/\. To specify a positional argument.*$/s, '') };
  }
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  if (values.help) return { kind: 'help' };
  if (parsed.positionals.length > 1) return { kind: 'error', message: `give one project folder or operator file; got ${parsed.positionals.length}: ${parsed.positionals.join(' ')}` };
  if (embedded && values.context !== undefined) return { kind: 'error', message: '--embedded and --context exclude each other' };
  if (values.plain && values.json) return { kind: 'error', message: '--plain and --json exclude each other' };
  if (values.verbose && values.quiet) return { kind: 'error', message: '-v/--verbose and -q/--quiet exclude each other' };
  for (const flag of ['context', 'crds', 'samples'] as const) {
    if (values[flag] === '') return { kind: 'error', message: `--${flag} must not be empty` };
  }
  const graceText = values['stop-grace'] as string | undefined;
  const stopGraceMs = graceText === undefined ? 5000 : parseDuration(graceText);
  if (stopGraceMs === undefined) return { kind: 'error', message: `--stop-grace takes a duration such as 5s or 500ms; got "${graceText}"` };
  const persistence = (values.persistence as string | undefined) ?? 'opkit';
  if (persistence !== 'opkit' && persistence !== 'kopf') return { kind: 'error', message: `--persistence must be opkit or kopf; got "${persistence}"` };
  const namespaces = ((values.namespace as string[] | undefined) ?? []).flatMap((item) => item.split(',')).map((item) => item.trim()).filter(Boolean);
  return {
    kind: 'run',
    options: {
      entry: parsed.positionals[0], embedded, context: values.context as string | undefined,
      crds: values.crds as string | undefined, samples: values.samples as string | undefined, namespaces,
      output: values.json ? 'json' : values.plain ? 'plain' : 'auto', untilSettled, stopGraceMs, persistence,
      level: values.verbose ? 'debug' : values.quiet ? 'warn' : 'info', yes: values.yes === true, applyCrds: values['apply-crds'] === true,
      ascii: values.ascii === true,
    },
  };
}
