// Which package manager the user runs us with, and the commands it spells. `npm create`, `pnpm
// create`, `yarn create` and `bun create` all set `npm_config_user_agent` (`pnpm/10.20.0 npm/?
// node/v24.11.0 linux x64`); the first token names the manager and its version, and the project's
// install and next-step commands follow from it.
import { resolveCommand } from 'package-manager-detector/commands';

/** The package managers a project can be created for. */
export const PACKAGE_MANAGERS = ['npm', 'pnpm', 'yarn', 'bun'] as const;

/** One of {@link PACKAGE_MANAGERS}. */
export type PackageManager = (typeof PACKAGE_MANAGERS)[number];

/** A package manager and the command dialect it speaks (`yarn@berry` is Yarn 2 and later). */
export interface PackageManagerInfo {
  readonly name: PackageManager;
  /** The version from the user agent, when known. */
  readonly version?: string;
  /** package-manager-detector's agent name. */
  readonly agent: 'npm' | 'pnpm' | 'pnpm@6' | 'yarn' | 'yarn@berry' | 'bun';
}

/** True when `value` names one of {@link PACKAGE_MANAGERS}. */
export function isPackageManager(value: string): value is PackageManager {
  return (PACKAGE_MANAGERS as readonly string[]).includes(value);
}

/**
 * The package manager of a user agent string such as `yarn/4.5.0 npm/? node/v24.11.0 linux x64`, or
 * `undefined` when it names none of {@link PACKAGE_MANAGERS}.
 *
 * @example parseUserAgent('pnpm/10.20.0 npm/? node/v24.11.0 linux x64') // { name: 'pnpm', version: '10.20.0', agent: 'pnpm' }
 */
export function parseUserAgent(userAgent: string | undefined): PackageManagerInfo | undefined {
  if (!userAgent) return undefined;
  const first = userAgent.trim().split(/\s+/)[0] ?? '';
  const slash = first.indexOf('/');
  const name = slash < 0 ? first : first.slice(0, slash);
  const version = slash < 0 ? undefined : first.slice(slash + 1);
  if (!isPackageManager(name)) return undefined;
  return withAgent(name, version);
}

/** The package manager `name` at `version` (when known), with its command dialect. */
export function withAgent(name: PackageManager, version?: string): PackageManagerInfo {
  const major = version === undefined ? undefined : Number.parseInt(version, 10);
  const known = major !== undefined && !Number.isNaN(major);
  let agent: PackageManagerInfo['agent'] = name;
  if (name === 'yarn' && known && major >= 2) agent = 'yarn@berry';
  if (name === 'pnpm' && known && major < 7) agent = 'pnpm@6';
  return version === undefined ? { name, agent } : { name, version, agent };
}

/** A command and its arguments. */
export interface Command {
  readonly command: string;
  readonly args: readonly string[];
}

/** `command args…` as one line for a human to copy. */
export function formatCommand({ command, args }: Command): string {
  return [command, ...args].map(shellQuote).join(' ');
}

/** Quote one word for a POSIX shell when it needs it. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:=@%+,^-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The command that installs a project's dependencies (`npm i`, `pnpm i`, `yarn install`, `bun install`). */
export function installCommand(pm: PackageManagerInfo): Command {
  const resolved = resolveCommand(pm.agent, 'install', []);
  return resolved ?? { command: pm.name, args: ['install'] };
}

/** The command that runs a package.json script (`npm run dev`, `yarn run dev`, …). */
export function runScriptCommand(pm: PackageManagerInfo, script: string): Command {
  const resolved = resolveCommand(pm.agent, 'run', [script]);
  return resolved ?? { command: pm.name, args: ['run', script] };
}

/**
 * The `create` command that runs create-operator with `args`: npm needs `--` before the flags, or it
 * takes them as its own (`npm create operator@latest my-op -- --template children`).
 */
export function createCommand(pm: PackageManagerInfo, args: readonly string[]): Command {
  const [first, ...rest] = args;
  const positional = first !== undefined && !first.startsWith('-') ? [first] : [];
  const flags = positional.length ? rest : args;
  switch (pm.name) {
    case 'npm':
      return { command: 'npm', args: ['create', 'operator@latest', ...positional, ...(flags.length ? ['--', ...flags] : [])] };
    case 'pnpm':
      return { command: 'pnpm', args: ['create', 'operator', ...args] };
    case 'yarn':
      return { command: 'yarn', args: ['create', 'operator', ...args] };
    case 'bun':
      return { command: 'bun', args: ['create', 'operator', ...args] };
  }
}
