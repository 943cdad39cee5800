// Everything create-operator prints: the help, the plan of a dry run, the closing message with the
// next commands and the equivalent non-interactive command, and the `--json` result. Kept apart from
// the steps so the wording is in one place and tests can assert it.
import type { ScaffoldOptions } from './scaffoldOptions.js';
import { createCommand, formatCommand, installCommand, runScriptCommand, withAgent } from './packageManager.js';
import type { PackageManagerInfo } from './packageManager.js';
import type { GitOutcome } from './steps.js';
import type { TemplateInfo } from './templates.js';

/** Colours for one output stream: on for a terminal unless NO_COLOR; FORCE_COLOR forces them. */
export interface Paint {
  bold(text: string): string;
  dim(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  red(text: string): string;
  cyan(text: string): string;
}

/** {@link Paint} for a stream. */
export function paintFor(stream: { isTTY?: boolean }, env: Readonly<Record<string, string | undefined>>): Paint {
  const force = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  const on = force || (stream.isTTY === true && env.NO_COLOR === undefined && env.TERM !== 'dumb');
  const wrap = (open: number, close: number) => (text: string) => (on ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  return { bold: wrap(1, 22), dim: wrap(2, 22), green: wrap(32, 39), yellow: wrap(33, 39), red: wrap(31, 39), cyan: wrap(36, 39) };
}

/** The `--help` text. */
export function helpText(templates: readonly TemplateInfo[], ownVersion: string): string {
  const names = templates.map((t) => t.name);
  const width = Math.max(...names.map((n) => n.length), 8);
  return `create-operator ${ownVersion}: scaffold a Kubernetes operator in TypeScript with Opkit

Usage:
  npm create operator@latest [dir] [template] -- [options]
  pnpm create operator [dir] [template] [options]      (also yarn create, bun create)

  npm needs the -- before the options, or it takes them for itself; the template may also be
  given as the second word: npm create operator@latest my-operator children

Templates:
${templates.map((t) => `  ${t.name.padEnd(width)}  ${t.hint}`).join('\n')}

Options:
  -t, --template <name>      ${names.join(', ')} (default ${names[0] ?? 'minimal'})
      --kind <Kind>          the custom resource's Kind, PascalCase
                             (default: from the directory, memcached-operator → Memcached)
      --group <group>        its API group (default <directory without -operator>.example.com)
      --api-version <v>      its version: v1, v1alpha1, v2beta3, … (default v1alpha1)
      --plural <plural>      its plural resource name (default: from the Kind, memcacheds)
      --scope <scope>        Namespaced or Cluster (default Namespaced)
      --watch <mode>         all (a ClusterRole) or own-namespace (a Role) (default all)
      --pm <manager>         npm, pnpm, yarn or bun (default: the one running this)
      --[no-]install         install dependencies (default yes)
      --[no-]git             git init with a first commit (default yes, unless inside a repository)
  -y, --yes                  take every default and ask nothing
      --[no-]interactive     ask questions or not (default: ask only on a terminal, outside CI,
                             and only when none of the options above is given)
      --overwrite            use a non-empty directory: remove its files first (.git is kept)
      --dry-run              print what would be created, write nothing
      --json                 print the result as JSON (never asks)
      --opkit-version <range>  the @opkit packages' version range; a version x.y.z means ^x.y.z
                             (default ^${ownVersion})
  -h, --help                 this help
  -v, --version              print the version

Examples:
  npm create operator@latest memcached-operator -- --template children --yes
  npm create operator@latest                     (asks)
  CI=1 npx create-operator my-operator --kind Cache --group cache.example.org --no-git
`;
}

/** The commands to run next, in the project, in order: what did not happen yet, then dev and test. */
export function nextCommands(options: ScaffoldOptions, steps: StepsOutcome): string[] {
  const lines = [`cd ${options.dirArg}`];
  if (steps.install?.ok !== true) lines.push(formatCommand(installCommand(options.pm)));
  if (steps.manifests?.ok !== true) {
    lines.push(formatCommand(runScriptCommand(options.pm, 'manifests')));
    // The first commit was held back until deploy/ is generated for the project's names.
    if (steps.git?.status === 'staged') lines.push(FIRST_COMMIT);
  }
  lines.push(formatCommand(runScriptCommand(options.pm, 'dev')));
  lines.push(formatCommand(runScriptCommand(options.pm, 'test')));
  return lines;
}

const FIRST_COMMIT = 'git add -A && git commit -m "Initial commit"';

const COMMENTS: Readonly<Record<string, string>> = {
  install: 'install the dependencies',
  manifests: 'regenerate deploy/ (CRDs, RBAC) for your names',
  commit: 'the first commit, with deploy/ generated',
  dev: 'run it in a live terminal UI on an embedded API server: no cluster needed',
  test: 'its tests, against the embedded API server',
};

function commentFor(line: string): string | undefined {
  if (line.startsWith('cd ')) return undefined;
  if (line === FIRST_COMMIT) return COMMENTS.commit;
  if (/ (i|install)$/.test(line)) return COMMENTS.install;
  for (const script of ['manifests', 'dev', 'test']) if (line.endsWith(` ${script}`)) return COMMENTS[script];
  return undefined;
}

/** The commands, one per line, each with its comment. */
function commandLines(lines: readonly string[], paint: Paint): string[] {
  const width = Math.max(...lines.map((l) => l.length));
  return lines.map((line) => {
    const comment = commentFor(line);
    return comment ? `  ${paint.cyan(line.padEnd(width))}${paint.dim(`   # ${comment}`)}` : `  ${paint.cyan(line)}`;
  });
}

/**
 * The one command that creates the same project without questions: every identity flag spelled out,
 * so it does not depend on defaults that may change.
 */
export function equivalentCommand(options: ScaffoldOptions, detected: PackageManagerInfo | undefined): string {
  const args = [
    options.dirArg,
    '--template', options.template.name,
    '--kind', options.resource.kind,
    '--group', options.resource.group,
    '--api-version', options.resource.version,
    '--plural', options.resource.plural,
    '--scope', options.resource.scope,
    '--watch', options.watch,
  ];
  if ((detected?.name ?? 'npm') !== options.pm.name) args.push('--pm', options.pm.name);
  if (!options.install) args.push('--no-install');
  if (!options.git && options.gitSkipped === undefined) args.push('--no-git');
  args.push('--yes');
  return formatCommand(createCommand(detected ?? withAgent('npm'), args));
}

/** One line describing the resource: `Kind Zebra (zebras.z.test/v2, Namespaced), watching all namespaces`. */
export function describeResource(options: ScaffoldOptions): string {
  const r = options.resource;
  const watch = options.watch === 'all' ? 'watching all namespaces' : 'watching its own namespace';
  return `Kind ${r.kind} (${r.plural}.${r.group}/${r.version}, ${r.scope}), ${watch}`;
}

/** What happened after the files were written. */
export interface StepsOutcome {
  readonly install?: { readonly ok: boolean; readonly command: string };
  readonly manifests?: { readonly ok: boolean; readonly command: string };
  readonly git?: GitOutcome;
  readonly gitSkipped?: string;
}

/** A step after writing the files that failed: the project is there, but not ready. */
export interface StepFailure {
  readonly step: 'install' | 'manifests';
  /** The command that failed, as the user would type it. */
  readonly command: string;
  /** `exit code 1`, or why it could not start. */
  readonly reason: string;
}

/** One sentence: which step failed and how. */
export function failureSentence(failed: StepFailure): string {
  const what = failed.step === 'install' ? 'installing the dependencies' : 'generating the manifests';
  return `${what} failed (${failed.command}: ${failed.reason})`;
}

/**
 * What a failed install or manifest generation prints instead of the closing message: the files stay,
 * and the user gets the cause to look for and the commands that finish the job. Never "Done.".
 */
export function failureMessage(options: ScaffoldOptions, steps: StepsOutcome, failed: StepFailure, paint: Paint): string {
  const look =
    failed.step === 'install'
      ? `Read ${options.pm.name}'s error above. If it could not reach the registry, check its settings (${options.pm.name === 'bun' ? 'bunfig.toml' : `${options.pm.name} config get registry`}; proxy, cafile) and your network. Then finish by hand:`
      : "Read op's error above, fix it, then finish by hand:";
  const lines = [
    '',
    `${paint.red('create-operator: error:')} ${failureSentence(failed)}, so ${paint.bold(options.projectName)} is not ready yet.`,
    `Its files are in place in ${options.dir}${steps.git?.status === 'staged' ? ', staged in a new git repository without a commit' : ''}.`,
    look,
    ...commandLines(nextCommands(options, steps), paint),
    '',
  ];
  return lines.join('\n');
}

/** The closing message of a successful scaffold. */
export function closingMessage(options: ScaffoldOptions, steps: StepsOutcome, detected: PackageManagerInfo | undefined, paint: Paint): string {
  const lines = [
    '',
    `${paint.green('Done.')} ${paint.bold(options.projectName)} (template ${options.template.name}): ${describeResource(options)}.`,
    ...(steps.git?.status === 'committed' ? ['A git repository was initialized with a first commit.'] : []),
    ...(steps.gitSkipped !== undefined ? [`No git repository was initialized: ${steps.gitSkipped}.`] : []),
    '',
    'Now run:',
    ...commandLines(nextCommands(options, steps), paint),
    '',
    'Deploy to a cluster: build the image (docker build -t <registry>/' +
      `${options.projectName}:0.1.0 .), set it in deploy/kustomization.yaml, then kubectl apply -k deploy.`,
    'README.md in the project has the details.',
    '',
    'The same project, without questions:',
    `  ${equivalentCommand(options, detected)}`,
    '',
  ];
  return lines.join('\n');
}

/** The plan of a dry run. */
export function dryRunPlan(options: ScaffoldOptions, files: readonly string[], keptFiles: readonly string[], paint: Paint): string {
  const steps: string[] = [];
  if (options.install) {
    steps.push(formatCommand(installCommand(options.pm)));
    steps.push(formatCommand(runScriptCommand(options.pm, 'manifests')));
  }
  if (options.git) steps.push('git init -b main && git add -A && git commit (when user.name and user.email are set)');
  const lines = [
    `${paint.bold('Dry run')}: nothing is written.`,
    `Would create ${options.dirArg} (${options.dir}) from the ${options.template.name} template: ${describeResource(options)}.`,
    ...(options.remove.length ? [`Would first remove: ${options.remove.join(', ')}`] : []),
    ...(keptFiles.length ? [`Would keep the existing: ${keptFiles.join(', ')}`] : []),
    `Files (${files.length}):`,
    ...files.map((f) => `  ${f}`),
    ...(steps.length ? ['Then:', ...steps.map((s) => `  ${s}`)] : []),
    ...(options.gitSkipped ? [`No git repository: ${options.gitSkipped}.`] : []),
    '',
  ];
  return lines.join('\n');
}
