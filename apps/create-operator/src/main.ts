// create-operator from start to finish: check the Node version, resolve the options (asking on a
// terminal), render the template, write it, install, regenerate the manifests, make the first git
// commit, and say what to do next. Every input — arguments, environment, streams, working directory —
// is a parameter, so tests run it in-process as well as through the built bin. The only place that
// turns failures into exit codes: 0 done, 1 bad input or a failed step, 130 cancelled.
import { readFileSync, statSync, readdirSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { meetsOpkitNode, nodeVersionNotice } from './nodeVersion.js';
import { resolveOptions } from './options.js';
import type { Answers, DirState, Question, ScaffoldOptions } from './scaffoldOptions.js';
import { formatCommand, installCommand, parseUserAgent, runScriptCommand } from './packageManager.js';
import { ask, CANCELLED, promptCancelled, promptIntro } from './prompts.js';
import { renderTemplate } from './render.js';
import type { RenderedFile } from './render.js';
import { closingMessage, describeResource, dryRunPlan, equivalentCommand, failureMessage, failureSentence, helpText, nextCommands, paintFor } from './report.js';
import type { StepFailure, StepsOutcome } from './report.js';
import { gitAvailable, initGit, insideGitWorkTree, runCommand } from './steps.js';
import { readTarballs } from './tarballs.js';
import { defaultTemplatesDir, listTemplates } from './templates.js';
import { planWrites, writeProject } from './write.js';

/** The process create-operator runs in. */
export interface MainIO {
  /** Arguments after the script name. */
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly stdin: Readable & { isTTY?: boolean };
  readonly stdout: Writable & { isTTY?: boolean };
  readonly stderr: Writable & { isTTY?: boolean };
  /** `process.version`. */
  readonly nodeVersion: string;
  /** Where the templates are (default: beside the bundle). */
  readonly templatesDir?: string;
}

/** create-operator's own version, from its package.json (one level above src/ and dist/). */
export function ownVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

function inspectDir(path: string): DirState {
  try {
    const stats = statSync(path);
    return { exists: true, isDirectory: stats.isDirectory(), entries: stats.isDirectory() ? readdirSync(path) : [] };
  } catch {
    return { exists: false };
  }
}

/** A signal that aborts when `stream` ends, so an open question is cancelled instead of waiting on a closed input. */
function abortOnEnd(stream: Readable): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const onEnd = (): void => controller.abort();
  stream.once('end', onEnd);
  stream.once('close', onEnd);
  return {
    signal: controller.signal,
    dispose: () => {
      stream.off('end', onEnd);
      stream.off('close', onEnd);
    },
  };
}

/** Run create-operator; resolves to the exit code. */
export async function main(io: MainIO): Promise<number> {
  const write = (stream: Writable, text: string): void => void stream.write(text);
  const out = paintFor(io.stdout, io.env);
  const err = paintFor(io.stderr, io.env);
  const json = io.argv.includes('--json');

  const notice = nodeVersionNotice(io.nodeVersion);
  if (notice.level === 'error') {
    write(io.stderr, `${err.red('create-operator: error:')} ${notice.message}\n`);
    return 1;
  }
  // Said first, on stderr, so it is seen even when a later step fails; the JSON result repeats it.
  if (notice.level === 'warn') write(io.stderr, `${err.yellow('warning:')} ${notice.message}\n`);
  const warnings: string[] = [];

  const version = ownVersion();
  let templates;
  try {
    templates = listTemplates(io.templatesDir ?? defaultTemplatesDir());
  } catch (error) {
    return failure(io, json, (error as Error).message);
  }

  let gitFound: boolean | undefined;
  const answers: Answers = {};
  const promptIO = { input: io.stdin, output: io.stdout };
  const ended = abortOnEnd(io.stdin);
  let asked = false;
  let options: ScaffoldOptions;
  try {
    for (;;) {
      const resolution = resolveOptions({
        argv: io.argv,
        env: io.env,
        tty: { stdin: io.stdin.isTTY === true, stdout: io.stdout.isTTY === true },
        cwd: io.cwd,
        templates,
        answers,
        inspectDir,
        git: {
          get available() {
            return (gitFound ??= gitAvailable());
          },
          insideWorkTree: insideGitWorkTree,
        },
        nodeVersion: io.nodeVersion,
        ownVersion: version,
      });
      if (resolution.type === 'help') {
        write(io.stdout, helpText(templates, version));
        return 0;
      }
      if (resolution.type === 'version') {
        write(io.stdout, `${version}\n`);
        return 0;
      }
      if (resolution.type === 'error') return failure(io, resolution.json, resolution.message);
      if (resolution.type === 'ready') {
        options = resolution.options;
        break;
      }
      if (!asked) promptIntro(promptIO, `create-operator ${version}`);
      asked = true;
      const answer = await ask(resolution.question, { ...promptIO, signal: ended.signal });
      if (answer === CANCELLED) {
        promptCancelled(promptIO, 'Cancelled: nothing was written.');
        return 130;
      }
      if (!record(answers, resolution.question, answer)) {
        promptCancelled(promptIO, 'Cancelled: the directory is not empty and nothing was written.');
        return 1;
      }
    }
  } finally {
    ended.dispose();
  }

  warnings.push(...options.notes);
  const detected = parseUserAgent(io.env.npm_config_user_agent);
  let files: RenderedFile[];
  try {
    const tarballs = options.pkgDir === undefined ? undefined : readTarballs(options.pkgDir);
    files = renderTemplate({
      template: options.template,
      projectName: options.projectName,
      resource: options.resource,
      watch: options.watch,
      scaffolderVersion: options.scaffolderVersion,
      opkitRange: options.opkitVersion,
      ...(tarballs ? { tarballs } : {}),
      pm: options.pm.name,
    });
  } catch (error) {
    return failure(io, json, (error as Error).message);
  }
  const plan = planWrites(files, options.keep);
  const kept = plan.filter((p) => p.action === 'keep').map((p) => p.file.path);

  if (options.dryRun) {
    const all = notice.level === 'warn' ? [notice.message, ...warnings] : warnings;
    if (json) write(io.stdout, `${JSON.stringify(result(options, plan.map((p) => p.file.path), kept, {}, detected, all, true), null, 2)}\n`);
    else write(io.stdout, dryRunPlan(options, plan.map((p) => p.file.path), kept, out));
    return 0;
  }

  const say = (text: string): void => write(json ? io.stderr : io.stdout, text);
  say(`\nCreating ${options.projectName} in ${options.dir} from the ${options.template.name} template: ${describeResource(options)}.\n`);
  try {
    writeProject(options.dir, plan, options.remove);
  } catch (error) {
    return failure(io, json, `could not write the project: ${(error as Error).message}`);
  }
  for (const path of kept) warnings.push(`Kept your ${path}; the template's was not written.`);

  const steps: { -readonly [K in keyof StepsOutcome]: StepsOutcome[K] } = {};
  const stepOutput = json ? 'stderr' : 'inherit';
  let failed: StepFailure | undefined;
  if (options.install) {
    const command = installCommand(options.pm);
    say(`\nInstalling dependencies: ${formatCommand(command)}\n`);
    const ran = await runCommand(command, options.dir, stepOutput);
    steps.install = { ok: ran.code === 0, command: formatCommand(command) };
    if (ran.code !== 0) {
      failed = { step: 'install', command: formatCommand(command), reason: ran.error ?? `exit code ${ran.code ?? 'unknown'}` };
    } else if (meetsOpkitNode(io.nodeVersion)) {
      // The template's deploy/ was generated for its own names; regenerate it for these.
      const manifests = runScriptCommand(options.pm, 'manifests');
      say(`\nGenerating the manifests: ${formatCommand(manifests)}\n`);
      const generated = await runCommand(manifests, options.dir, stepOutput);
      steps.manifests = { ok: generated.code === 0, command: formatCommand(manifests) };
      if (generated.code !== 0) {
        failed = { step: 'manifests', command: formatCommand(manifests), reason: generated.error ?? `exit code ${generated.code ?? 'unknown'}` };
      }
    }
  }
  if (options.git) {
    // deploy/ (CRDs, RBAC) was renamed from the template's, not generated for this project: only
    // `op manifests`, which needs the installed dependencies, makes it right (a Role instead of a
    // ClusterRole, rules in their order). A first commit must not record it stale.
    const hold = steps.manifests?.ok === true ? undefined : commitHeldReason(options, steps);
    steps.git = await initGit(options.dir, 'Initial commit from create-operator', hold);
    if (steps.git.status !== 'committed' && failed === undefined) warnings.push(steps.git.reason);
  } else if (options.gitSkipped !== undefined) {
    steps.gitSkipped = options.gitSkipped;
  }

  if (json) {
    const all = notice.level === 'warn' ? [notice.message, ...warnings] : warnings;
    const outcome = failed === undefined ? { ok: true } : { ok: false, error: failureSentence(failed) };
    write(io.stdout, `${JSON.stringify({ ...result(options, plan.map((p) => p.file.path), kept, steps, detected, all, false), ...outcome }, null, 2)}\n`);
  } else {
    for (const warning of warnings) write(io.stderr, `${err.yellow('warning:')} ${warning}\n`);
    if (failed === undefined) write(io.stdout, closingMessage(options, steps, detected, out));
    else write(io.stderr, failureMessage(options, steps, failed, err));
  }
  return failed === undefined ? 0 : 1;
}

/** Why the first commit was not made although git could make one. */
function commitHeldReason(options: ScaffoldOptions, steps: StepsOutcome): string {
  const why = !options.install
    ? 'the dependencies were not installed'
    : steps.install?.ok !== true
      ? 'installing the dependencies failed'
      : steps.manifests === undefined
        ? 'the manifests need Node ≥ 22.19 to be generated'
        : 'generating the manifests failed';
  return `No first commit yet: deploy/ (CRDs, RBAC) is generated for your names by ${formatCommand(runScriptCommand(options.pm, 'manifests'))}, and ${why}. The files are staged in a new git repository; commit once the manifests are generated (the commands below).`;
}

/** Store an answer; false when the user declined to overwrite a directory they named on the command line. */
function record(answers: Answers, question: Question, answer: Answers[keyof Answers]): boolean {
  if (question.id === 'overwrite' && answer === false) {
    // A directory typed at the prompt can be typed again; one from the command line cannot.
    if (answers.dir === undefined) return false;
    delete answers.dir;
    return true;
  }
  (answers as Record<string, unknown>)[question.id] = answer;
  return true;
}

function failure(io: MainIO, json: boolean, message: string): number {
  if (json) io.stdout.write(`${JSON.stringify({ ok: false, error: message }, null, 2)}\n`);
  else io.stderr.write(`${paintFor(io.stderr, io.env).red('create-operator: error:')} ${message}\n`);
  return 1;
}

/** The `--json` result. */
function result(
  options: ScaffoldOptions,
  files: readonly string[],
  kept: readonly string[],
  steps: StepsOutcome,
  detected: ReturnType<typeof parseUserAgent>,
  warnings: readonly string[],
  dryRun: boolean,
): Record<string, unknown> {
  return {
    ok: true,
    dryRun,
    dir: options.dir,
    projectName: options.projectName,
    template: options.template.name,
    resource: options.resource,
    watch: options.watch,
    packageManager: options.pm.name,
    files,
    removed: options.remove,
    kept,
    install: options.install ? (steps.install ?? { planned: formatCommand(installCommand(options.pm)) }) : false,
    ...(steps.manifests ? { manifests: steps.manifests } : {}),
    git: steps.git ?? (options.git ? { status: 'planned' } : { status: 'skipped', ...(options.gitSkipped ? { reason: options.gitSkipped } : {}) }),
    next: nextCommands(options, steps),
    command: equivalentCommand(options, detected),
    warnings,
  };
}
