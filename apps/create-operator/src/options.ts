// Option resolution: from the command line, the environment, whether we have a terminal, and the
// answers given so far, decide the next question to ask — or that everything is known. It is a pure
// function of its input (the file system and git are consulted only through the functions passed
// in), so every rule is unit-tested: prompt only on a TTY outside CI, any configuration flag stops
// prompting, `--yes` takes every default, and an invalid value exits 1 naming the valid ones.
import { basename, resolve } from 'node:path';
import { hasConfigFlag, parseArgs, UsageError } from './args.js';
import type { ArgValues } from './args.js';
import {
  checkCrdName, checkGroup, checkKind, checkPlural, checkProjectName, checkVersion,
  groupFromProjectName, kindFromProjectName, pluralOf,
} from './names.js';
import { meetsOpkitNode, OPKIT_NODE } from './nodeVersion.js';
import { isPackageManager, PACKAGE_MANAGERS, parseUserAgent, withAgent } from './packageManager.js';
import type { PackageManagerInfo } from './packageManager.js';
import type { ResolveInput, Resolution } from './scaffoldOptions.js';
import { DEFAULT_TEMPLATE, SCOPES, WATCH_MODES } from './templates.js';
import type { ResourceIdentity, Scope, WatchMode } from './templates.js';

/** Entries a target directory may already hold: what a fresh repository from a hosting service has. */
export const ALLOWED_EXISTING: ReadonlySet<string> = new Set([
  '.git', '.gitignore', '.gitattributes', '.github', '.idea', '.vscode', '.DS_Store', 'Thumbs.db',
  'LICENSE', 'LICENSE.md', 'LICENSE.txt', 'README.md', 'AGENTS.md',
]);

/** True when `env` says we run in CI (`CI` set to anything but empty, `0` or `false`). */
export function isCI(env: Readonly<Record<string, string | undefined>>): boolean {
  const value = env.CI;
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

function listChoices(values: readonly string[]): string {
  return values.join(', ');
}

/** A single invalid-value error, listing the valid choices. */
function invalidChoice(what: string, flag: string, value: string, valid: readonly string[]): string {
  return `${what} '${value}' is not one of ${listChoices(valid)}: pass ${flag} ${valid.map((v) => v).join('|')}`;
}

function normalizeScope(value: string): Scope | undefined {
  return SCOPES.find((scope) => scope.toLowerCase() === value.toLowerCase());
}

/**
 * Decide the next question, or the final options.
 *
 * Interactive (questions are asked) when `--interactive`, or when stdin and stdout are TTYs, `CI` is
 * unset, and neither `--yes`, `--json` nor any configuration flag was given. Otherwise every unknown
 * answer takes its default.
 */
export function resolveOptions(input: ResolveInput): Resolution {
  let values: ArgValues;
  let positionals: readonly string[];
  try {
    ({ values, positionals } = parseArgs(input.argv));
  } catch (error) {
    if (error instanceof UsageError) return { type: 'error', message: error.message, json: input.argv.includes('--json') };
    throw error;
  }
  const json = values.json === true;
  const fail = (message: string): Resolution => ({ type: 'error', message, json });
  if (values.help) return { type: 'help' };
  if (values.version) return { type: 'version' };

  if (values.interactive === true && values.yes) return fail('--yes and --interactive contradict each other: --yes takes every default without asking; pass one of them');
  if (values.interactive === true && json) return fail('--json and --interactive contradict each other: --json prints one machine-readable result and never asks; pass one of them');

  const [dirPositional, templatePositional] = positionals;
  if (values.template !== undefined && templatePositional !== undefined && values.template !== templatePositional) {
    return fail(`the template is given twice, as '${templatePositional}' and --template ${values.template}: give it once`);
  }
  const templateFlag = values.template ?? templatePositional;
  const configured = hasConfigFlag(values) || templatePositional !== undefined;
  const interactive =
    values.interactive ?? (input.tty.stdin && input.tty.stdout && !isCI(input.env) && !values.yes && !json && !configured);

  // Every value given on the command line is checked before any question is asked.
  const templateNames = input.templates.map((t) => t.name);
  if (templateNames.length === 0) return fail('no templates were found next to create-operator: the package is incomplete; reinstall it');
  if (templateFlag !== undefined && !templateNames.includes(templateFlag)) {
    return fail(invalidChoice('template', '--template', templateFlag, templateNames));
  }
  const scopeFlag = values.scope === undefined ? undefined : normalizeScope(values.scope);
  if (values.scope !== undefined && scopeFlag === undefined) return fail(invalidChoice('scope', '--scope', values.scope, SCOPES));
  if (values.watch !== undefined && !(WATCH_MODES as readonly string[]).includes(values.watch)) {
    return fail(invalidChoice('watch mode', '--watch', values.watch, WATCH_MODES));
  }
  if (values.pm !== undefined && !isPackageManager(values.pm)) return fail(invalidChoice('package manager', '--pm', values.pm, PACKAGE_MANAGERS));
  for (const [value, check, flag] of [
    [values.kind, checkKind, '--kind'],
    [values.group, checkGroup, '--group'],
    [values.apiVersion, checkVersion, '--api-version'],
    [values.plural, checkPlural, '--plural'],
  ] as const) {
    const problem = value === undefined ? undefined : check(value);
    if (problem !== undefined) return fail(`${flag}: ${problem}`);
  }
  if (values.opkitVersion !== undefined && values.opkitVersion.trim() === '') return fail('--opkit-version needs a version range, like ^0.1.0');
  const checkDir = (value: string): string | undefined => {
    if (value.trim() === '') return 'the directory name is empty: type a name like memcached-operator';
    return checkProjectName(basename(resolve(input.cwd, value)));
  };
  const positionalDirProblem = dirPositional === undefined ? undefined : checkDir(dirPositional);
  if (positionalDirProblem !== undefined) return fail(`directory ${positionalDirProblem}`);

  // 1. The template.
  const templateName = templateFlag ?? input.answers.template;
  if (templateName === undefined && interactive) {
    return {
      type: 'ask',
      question: {
        id: 'template',
        message: 'Which template?',
        choices: input.templates.map((t) => ({ value: t.name, label: t.name, ...(t.hint ? { hint: t.hint } : {}) })),
        default: templateNames.includes(DEFAULT_TEMPLATE) ? DEFAULT_TEMPLATE : templateNames[0]!,
      },
    };
  }
  const template = input.templates.find((t) => t.name === (templateName ?? DEFAULT_TEMPLATE)) ?? input.templates[0]!;

  // 2. The directory.
  const dirArg = dirPositional ?? input.answers.dir;
  if (dirArg === undefined && interactive) {
    return { type: 'ask', question: { id: 'dir', message: 'Where should the project go?', default: template.projectName, validate: checkDir } };
  }
  const finalDirArg = dirArg ?? template.projectName;
  const dirProblem = checkDir(finalDirArg);
  if (dirProblem !== undefined) return fail(`directory ${dirProblem}`);
  const dir = resolve(input.cwd, finalDirArg);
  const projectName = basename(dir);
  const state = input.inspectDir(dir);
  let remove: string[] = [];
  let keep: string[] = [];
  if (state.exists) {
    if (!state.isDirectory) return fail(`${finalDirArg} exists and is not a directory: choose another name`);
    const unexpected = state.entries.filter((entry) => !ALLOWED_EXISTING.has(entry)).sort();
    if (unexpected.length > 0) {
      const overwrite = values.overwrite ?? input.answers.overwrite;
      if (overwrite === undefined && interactive) {
        return {
          type: 'ask',
          question: {
            id: 'overwrite',
            message: `${finalDirArg} is not empty (${summarize(unexpected)}). Remove its files (except .git) and continue?`,
            default: false,
          },
        };
      }
      if (overwrite !== true) {
        return fail(
          `${finalDirArg} is not empty: it holds ${summarize(unexpected)}. Choose a new directory, or pass --overwrite to remove its files first (.git is kept)`,
        );
      }
      remove = state.entries.filter((entry) => entry !== '.git').sort();
      keep = state.entries.filter((entry) => entry === '.git');
    } else {
      keep = [...state.entries].sort();
    }
  }

  // 3. The resource and the watch mode.
  const derivedKind = kindFromProjectName(projectName, template.resource.kind);
  const kindKnown = values.kind ?? input.answers.kind;
  const derivedKindProblem = kindKnown === undefined ? checkKind(derivedKind) : undefined;
  const identityFlags = [values.kind, values.group, values.apiVersion, values.plural, scopeFlag, values.watch];
  const identityAnswers = [input.answers.kind, input.answers.group, input.answers.version, input.answers.plural, input.answers.scope, input.answers.watch];
  const unknownIdentity = identityFlags.some((v, i) => v === undefined && identityAnswers[i] === undefined);
  const defaults = {
    kind: kindKnown ?? derivedKind,
    group: values.group ?? input.answers.group ?? groupFromProjectName(projectName),
    version: values.apiVersion ?? input.answers.version ?? 'v1alpha1',
    scope: scopeFlag ?? input.answers.scope ?? template.resource.scope,
    watch: (values.watch as WatchMode | undefined) ?? input.answers.watch ?? template.watch,
  };
  if (interactive && unknownIdentity && input.answers.customize === undefined && derivedKindProblem === undefined) {
    const plural = values.plural ?? input.answers.plural ?? pluralOf(defaults.kind);
    return {
      type: 'ask',
      question: {
        id: 'customize',
        message:
          `Customize the resource? Defaults: Kind ${defaults.kind} (${plural}.${defaults.group}/${defaults.version}, ${defaults.scope}), ` +
          `operator watches ${defaults.watch === 'all' ? 'all namespaces' : 'its own namespace'}`,
        default: false,
      },
    };
  }
  const customize = interactive && (input.answers.customize === true || derivedKindProblem !== undefined);
  if (customize) {
    const ask = (id: 'kind' | 'group' | 'version' | 'plural', message: string, def: string, validate: (v: string) => string | undefined): Resolution => ({
      type: 'ask',
      question: { id, message, default: def, validate },
    });
    if (kindKnown === undefined) return ask('kind', 'Kind (PascalCase)', derivedKindProblem === undefined ? derivedKind : '', checkKind);
    if (values.group === undefined && input.answers.group === undefined) return ask('group', 'API group', defaults.group, checkGroup);
    if (values.apiVersion === undefined && input.answers.version === undefined) return ask('version', 'API version', defaults.version, checkVersion);
    if (values.plural === undefined && input.answers.plural === undefined) {
      return ask('plural', 'Plural resource name', pluralOf(defaults.kind), (v) => checkPlural(v) ?? checkCrdName(v, defaults.group));
    }
    if (scopeFlag === undefined && input.answers.scope === undefined && template.scopes.length > 1) {
      return {
        type: 'ask',
        question: {
          id: 'scope',
          message: 'Scope of the resource',
          choices: [
            { value: 'Namespaced', label: 'Namespaced', hint: 'objects live in a namespace' },
            { value: 'Cluster', label: 'Cluster', hint: 'objects are cluster-wide' },
          ],
          default: defaults.scope,
        },
      };
    }
    if (values.watch === undefined && input.answers.watch === undefined) {
      return {
        type: 'ask',
        question: {
          id: 'watch',
          message: 'Which namespaces does the operator watch?',
          choices: [
            { value: 'all', label: 'all', hint: 'every namespace: a ClusterRole' },
            { value: 'own-namespace', label: 'own-namespace', hint: 'only the one it runs in: a Role' },
          ],
          default: defaults.watch,
        },
      };
    }
  }
  const resource: ResourceIdentity = {
    kind: defaults.kind,
    group: defaults.group,
    version: defaults.version,
    plural: values.plural ?? input.answers.plural ?? pluralOf(defaults.kind),
    scope: defaults.scope,
  };
  const derivedFrom = ` (derived from the directory name '${projectName}'; pass --kind to choose one)`;
  const resourceProblem =
    (kindKnown === undefined && derivedKindProblem !== undefined ? `${derivedKindProblem}${derivedFrom}` : undefined) ??
    checkKind(resource.kind) ?? checkGroup(resource.group) ?? checkVersion(resource.version) ??
    checkPlural(resource.plural) ?? checkCrdName(resource.plural, resource.group) ??
    (template.scopes.includes(resource.scope) ? undefined
      : `the ${template.name} template needs a ${template.scopes.join(' or ')} Kind (its handlers create namespaced objects); --scope ${resource.scope} does not work with it`);
  if (resourceProblem !== undefined) return fail(resourceProblem);

  // 4. Package manager, install, git.
  const detected = parseUserAgent(input.env.npm_config_user_agent);
  const pm: PackageManagerInfo =
    values.pm !== undefined && isPackageManager(values.pm)
      ? detected?.name === values.pm ? detected : withAgent(values.pm)
      : detected ?? withAgent('npm');
  const notes: string[] = [];
  const nodeOk = meetsOpkitNode(input.nodeVersion);
  let install = values.install ?? input.answers.install;
  if (install === undefined) {
    if (interactive) {
      return { type: 'ask', question: { id: 'install', message: `Install dependencies with ${pm.name}?`, default: nodeOk } };
    }
    install = nodeOk;
    if (!nodeOk) notes.push(`Not installing dependencies: they need Node ≥ ${OPKIT_NODE.major}.${OPKIT_NODE.minor}.`);
  }

  // An explicit "no" is the user's choice; otherwise git is skipped, with the reason, where it cannot work.
  let git = values.git ?? input.answers.git;
  let gitSkipped: string | undefined;
  if (git !== false) {
    if (!input.git.available) {
      gitSkipped = 'git is not installed';
      git = false;
    } else if (input.git.insideWorkTree(dir)) {
      gitSkipped = `${finalDirArg} is inside an existing git work tree`;
      git = false;
    } else if (git === undefined) {
      if (interactive) return { type: 'ask', question: { id: 'git', message: 'Initialize a git repository?', default: true } };
      git = true;
    }
  }

  const pkgDirEnv = input.env.CREATE_OPERATOR_PKG_DIR;
  return {
    type: 'ready',
    options: {
      template,
      dirArg: finalDirArg,
      dir,
      projectName,
      resource,
      watch: defaults.watch,
      pm,
      install,
      git,
      ...(gitSkipped !== undefined ? { gitSkipped } : {}),
      remove,
      keep,
      dryRun: values.dryRun === true,
      json,
      interactive,
      opkitVersion: opkitRange(values.opkitVersion ?? input.ownVersion),
      scaffolderVersion: input.ownVersion,
      ...(pkgDirEnv ? { pkgDir: resolve(input.cwd, pkgDirEnv) } : {}),
      notes,
    },
  };
}

/** A bare version (`0.2.0`, `0.2.0-rc.1`) means "this or a compatible later one": `^0.2.0`; anything else is a range or tag, kept. */
export function opkitRange(value: string): string {
  const trimmed = value.trim();
  return /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(trimmed) ? `^${trimmed}` : trimmed;
}

function summarize(entries: readonly string[]): string {
  const shown = entries.slice(0, 5).join(', ');
  return entries.length > 5 ? `${shown} and ${entries.length - 5} more` : shown;
}
