// `op dev`: choose the target (the embedded API server unless a cluster is chosen), apply the
// project's CRDs (and, on a new embedded store, its samples), watch the cluster itself, run the
// operator in generations that reload on every save, and show it all — in the terminal UI, as plain
// log lines, or as JSON lines — until Ctrl+C (or until settled, with --until-settled).
import { existsSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { connect, resourceName, suggestResource } from '@opkit/kube';
import type { KubeClient } from '@opkit/kube';
import { applyManifests, readManifests } from '../manifests.js';
import type { CommandIo } from '../runCommand.js';
import { ClusterActions } from './actions.js';
import { ClusterView } from './clusterView.js';
import { DEV_USAGE, parseDevArgs } from './devArgs.js';
import type { DevCliOptions } from './devArgs.js';
import { Generations } from './generations.js';
import { DevStore } from './model/store.js';
import { jsonLine, plainLines } from './plain.js';
import { kubeconfigFiles, probeContext } from './probe.js';
import { ProjectError, resolveProject } from './project.js';
import type { DevProject } from './project.js';
import type { DevRecord, DevRecordInput, HandlerInfo } from './records.js';
import { devRecord } from './records.js';
import { settlement } from './settle.js';
import { summaryLines } from './summary.js';
import { chooseTarget, readRemembered, remember, TargetError } from './target.js';
import type { TargetChoice } from './target.js';
import { FileWatcher } from './watcher.js';

/** Where `op dev` reads and writes (the process's streams by default; tests give their own). */
export interface DevIo extends CommandIo {
  readonly stdin?: NodeJS.ReadStream;
  readonly stdout?: NodeJS.WriteStream;
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
}

/** How the session ends. */
interface Ending {
  readonly code: number;
  readonly force?: boolean;
  readonly message?: string;
}

function describeSelector(selector: unknown): string {
  return typeof selector === 'string' ? selector : JSON.stringify(selector);
}

/**
 * Run `op dev` with its arguments (after `dev`); resolves to the exit code.
 *
 * @example
 * ```ts
 * process.exitCode = await devCommand(['--embedded=fresh', '--plain'], { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) });
 * ```
 */
export async function devCommand(argv: readonly string[], io: DevIo): Promise<number> {
  const parsed = parseDevArgs(argv);
  if (parsed.kind === 'help') {
    io.out(DEV_USAGE);
    return 0;
  }
  if (parsed.kind === 'error') {
    io.err(`op dev: error: ${parsed.message}\nRun 'op dev --help' for usage.\n`);
    return 2;
  }
  const options = parsed.options;
  const env = io.env ?? process.env;
  const cwd = io.cwd ?? process.cwd();
  const stdin = io.stdin ?? process.stdin;
  const stdout = io.stdout ?? process.stdout;
  let project: DevProject;
  try {
    project = resolveProject({ cwd, entry: options.entry, crds: options.crds, samples: options.samples });
  } catch (error) {
    if (error instanceof ProjectError) {
      io.err(`op dev: error: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const inCi = Boolean(env.CI) && env.CI !== 'false' && env.CI !== '0';
  const interactive = Boolean(stdin.isTTY && stdout.isTTY) && !inCi;
  const output: 'tui' | 'plain' | 'json' = options.output === 'json' ? 'json' : options.output === 'plain' || !interactive ? 'plain' : 'tui';
  const devJson = join(project.stateDir, 'dev.json');
  let target: TargetChoice;
  try {
    target = await chooseTarget({
      embedded: options.embedded, context: options.context, yes: options.yes, interactive, remembered: readRemembered(devJson),
      probe: (context) => probeContext(context, { env }),
      ask: async (question, choices, fallback) => {
        const prompt = createInterface({ input: stdin, output: process.stderr });
        try {
          const answer = (await prompt.question(`op dev: ${question} (default ${fallback}) `)).trim().toLowerCase().slice(0, 1);
          return choices.includes(answer) ? answer : fallback;
        } finally {
          prompt.close();
        }
      },
    });
  } catch (error) {
    if (error instanceof TargetError) {
      io.err(`op dev: error: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  // Remembered only once the target is up: a start that is refused (the data directory is in use by another
  // op dev) leaves .opkit/ exactly as the running one has it.
  const rememberTarget = options.embedded !== undefined || options.context !== undefined || /chosen|confirmed/.test(target.reason)
    ? () => remember(devJson, target)
    : () => undefined;
  return runSession({ options, project, target, output, io, env, cwd, stdin, stdout, rememberTarget });
}

interface SessionInputs {
  readonly options: DevCliOptions;
  readonly project: DevProject;
  readonly target: TargetChoice;
  readonly output: 'tui' | 'plain' | 'json';
  readonly io: CommandIo;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  /** Writes the choice of target to .opkit/dev.json; called once the target is reached. */
  readonly rememberTarget: () => void;
}

async function runSession(inputs: SessionInputs): Promise<number> {
  const { options, project, target, output, io, cwd } = inputs;
  const startedAt = Date.now();
  const store = new DevStore();
  const rel = (path: string): string => relative(cwd, path) || path;
  let shownTarget: DevRecord | undefined;
  const writeRecord = (record: DevRecord): void => {
    if (output === 'json') io.out(`${jsonLine(record)}\n`);
    else if (output === 'plain') {
      let lines = plainLines(record, { level: options.level });
      // The target again (with the kubectl line for the handled kinds): only the new kubectl line.
      if (record.type === 'dev.target' && shownTarget) lines = lines.slice(1);
      if (record.type === 'dev.target') shownTarget = record;
      for (const line of lines) io.out(`${line}\n`);
    }
  };
  const emit = (record: DevRecord): void => {
    store.apply(record);
    writeRecord(record);
  };
  const note = (input: DevRecordInput): void => emit(devRecord(input));

  let finish!: (ending: Ending) => void;
  const ended = new Promise<Ending>((resolve) => { finish = resolve; });
  let server: ApiServer | undefined;
  let client: KubeClient | undefined;
  let view: ClusterView | undefined;
  let watcher: FileWatcher | undefined;
  let generations: Generations | undefined;
  let ink: { unmount: () => void; waitUntilExit: () => Promise<unknown> } | undefined;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  let settleCheck: ReturnType<typeof setInterval> | undefined;
  let signals = 0;
  const onSignal = (): void => {
    signals++;
    finish({ code: 0, force: signals > 1 });
    if (signals > 1) generations?.kill();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let code: number;
  try {
    // The target.
    let kubeconfig: string | undefined;
    let kubectlBase: string;
    if (target.mode === 'embedded') {
      const dataDir = target.fresh ? undefined : join(project.stateDir, 'apiserver');
      const isNew = !dataDir || !['journal.ndjson', 'snapshot.ndjson'].some((name) => existsSync(join(dataDir, name)));
      if (dataDir) mkdirSync(dataDir, { recursive: true });
      const port = Number(inputs.env.OPKIT_PORT ?? 0);
      server = await startApiServer({ port: Number.isInteger(port) && port >= 0 ? port : 0, ...(dataDir ? { dataDir } : {}) });
      kubeconfig = join(project.stateDir, 'kubeconfig');
      mkdirSync(project.stateDir, { recursive: true });
      // Only now, with the data directory's lock held, is the kubeconfig this process's to write.
      await server.writeKubeconfig(kubeconfig);
      inputs.rememberTarget();
      kubectlBase = `kubectl --kubeconfig ${rel(kubeconfig)}`;
      client = await connect({ kubeconfig });
      note({ type: 'dev.target', mode: 'embedded', label: dataDir ? `embedded ${rel(dataDir)}` : 'embedded (in memory)', server: server.url, kubectl: `${kubectlBase} get all -A`, project: rel(project.entry), reason: target.reason });
      await applyProjectManifests(client, project, options, note, isNew, true);
    } else {
      kubeconfig = kubeconfigFiles(inputs.env)[0];
      client = await connect({ env: inputs.env, ...(target.context ? { context: target.context } : {}) });
      inputs.rememberTarget();
      kubectlBase = `kubectl${target.context ? ` --context ${target.context}` : ''}`;
      note({ type: 'dev.target', mode: 'cluster', label: target.context ?? 'the current context', server: client.info.server, kubectl: `${kubectlBase} get all -A`, project: rel(project.entry), reason: target.reason });
      note({ type: 'dev.notice', level: 'info', message: 'on a cluster, the operator runs with peering priority 666 (--dev): copies deployed there that peer through the same peering object pause while op dev runs' });
      await applyProjectManifests(client, project, options, note, false, options.applyCrds);
    }
    const theClient = client;
    view = new ClusterView({ client: theClient, namespaces: options.namespaces, emit });
    view.start();
    // The project's own kinds are watched at once, before the operator has even loaded.
    const crdSelectors = crdSelectorsOf(project);
    view.setSelectors(crdSelectors);

    const crdFiles = project.crds;
    watcher = new FileWatcher({
      onChange: (files) => {
        const crds = files.filter((file) => crdFiles.includes(file));
        const sources = files.filter((file) => !crdFiles.includes(file));
        if (crds.length > 0 && (target.mode === 'embedded' || options.applyCrds)) {
          void applyManifests(theClient, readManifests(crdFiles), { namespace: 'default' }).then(
            () => note({ type: 'dev.notice', level: 'info', message: `re-applied the CRDs (${crds.map(rel).join(', ')} changed)` }),
            (error: unknown) => note({ type: 'dev.notice', level: 'error', message: `cannot apply the CRDs: ${(error as Error).message}` }),
          );
        }
        if (sources.length > 0 && generations) {
          void generations.reload(`${sources.map(rel).join(', ')} changed`, sources.map(rel)).then(() => watcher?.setFiles([...generations!.files, ...crdFiles]));
        }
      },
    });

    const beforeStart = async (handlers: readonly HandlerInfo[]): Promise<{ handlers: HandlerInfo[]; resources: string[]; unserved: string[]; suggestions: Record<string, string> }> => {
      theClient.invalidateDiscovery();
      const bySelector = new Map<string, string[]>();
      const unserved: string[] = [];
      const suggestions: Record<string, string> = {};
      for (const handler of handlers) {
        const key = JSON.stringify(handler.selector);
        if (bySelector.has(key)) continue;
        let names: string[];
        try {
          names = (await theClient.resolve(handler.selector as string)).map((resource) => resourceName(resource));
        } catch {
          names = [];
        }
        if (names.length === 0) {
          const described = describeSelector(handler.selector);
          unserved.push(described);
          // A typo rather than a missing CRD? The closest name the server serves.
          const suggestion = await theClient.discovery.resources().then((all) => suggestResource(all, handler.selector as string), () => undefined);
          if (suggestion !== undefined) suggestions[described] = suggestion;
        }
        bySelector.set(key, names);
      }
      view!.setSelectors([...crdSelectors, ...new Map(handlers.map((handler) => [JSON.stringify(handler.selector), handler.selector])).values()]);
      const resources = [...new Set([...bySelector.values()].flat())];
      const plurals = [...new Set(resources.map((name) => name.split('/')[0]!))];
      if (store.target) {
        emit(devRecord({ ...store.target, type: 'dev.target', kubectl: `${kubectlBase} get ${plurals.join(',') || 'all'} -A` }));
      }
      return { handlers: handlers.map((handler) => ({ ...handler, resources: bySelector.get(JSON.stringify(handler.selector)) ?? [] })), resources, unserved, suggestions };
    };
    generations = new Generations({
      emit, beforeStart,
      child: {
        files: [project.entry], project: project.dir, kubeconfig, context: target.mode === 'cluster' ? target.context : undefined,
        namespaces: options.namespaces, persistence: options.persistence, graceMs: options.stopGraceMs,
        peering: target.mode === 'cluster' ? 'dev' : 'standalone', embedded: target.mode === 'embedded',
      },
    });
    const gens = generations;

    // Until settled: exit 0 once every object is idle, 1 on a permanent failure or at the deadline.
    if (options.untilSettled !== undefined) {
      const deadline = setTimeout(() => {
        const state = settlement(store);
        finish({ code: 1, message: `not settled after ${options.untilSettled}s: ${state.kind === 'waiting' ? state.why : state.kind}` });
      }, options.untilSettled * 1000);
      settleTimer = deadline;
      // Checked on a beat, not only on records: settling includes a quiet period in which none arrive.
      settleCheck = setInterval(() => {
        const state = settlement(store, Date.now());
        if (state.kind === 'settled') finish({ code: 0, message: 'settled: every object is idle' });
        else if (state.kind === 'failed') finish({ code: 1, message: `not settled: ${state.why}` });
      }, 200);
    }

    if (output === 'tui') {
      const started = await startTui(inputs, store, gens, theClient, project, finish);
      ink = started;
    }
    await gens.reload('start');
    watcher.setFiles([...gens.files, ...crdFiles]);

    const ending = await ended;
    code = ending.code;
    note({ type: 'dev.notice', level: 'info', message: ending.force ? 'stopping at once' : 'stopping: the operator drains its handlers' });
    if (ending.force) gens.kill();
    else {
      const forcing = (): void => gens.kill();
      process.once('SIGINT', forcing);
      await gens.close('quit');
      process.off('SIGINT', forcing);
    }
    if (ending.message) note({ type: 'dev.notice', level: code === 0 ? 'info' : 'error', message: ending.message });
  } catch (error) {
    io.err(`op dev: error: ${(error as Error).message ?? String(error)}\n`);
    code = 1;
    generations?.kill();
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (settleTimer) clearTimeout(settleTimer);
    if (settleCheck) clearInterval(settleCheck);
    watcher?.close();
    view?.close();
    if (ink) {
      ink.unmount();
      await ink.waitUntilExit().catch(() => undefined);
    }
    client?.close();
    await server?.close();
  }
  if (output !== 'json') io.out(`${summaryLines(store, { startedAt, now: Date.now() }).join('\n')}\n`);
  return code;
}

/** `plural.group` of every CRD in the project's CRD files. */
function crdSelectorsOf(project: DevProject): string[] {
  try {
    return readManifests(project.crds).filter((item) => item.kind === 'CustomResourceDefinition').map((item) => {
      const spec = item.spec as { group: string; names: { plural: string } };
      return `${spec.names.plural}.${spec.group}`;
    });
  } catch {
    return [];
  }
}

async function applyProjectManifests(client: KubeClient, project: DevProject, options: DevCliOptions, note: (input: DevRecordInput) => void, samples: boolean, crds: boolean): Promise<void> {
  const namespace = options.namespaces.find((item) => !/[*?!]/.test(item)) ?? 'default';
  if (crds && project.crds.length > 0) {
    try {
      await applyManifests(client, readManifests(project.crds), { namespace });
      note({ type: 'dev.notice', level: 'info', message: `applied the CRDs of ${project.crds.map((file) => relative(process.cwd(), file)).join(', ')}` });
    } catch (error) {
      note({ type: 'dev.notice', level: 'error', message: `cannot apply the CRDs: ${(error as Error).message}` });
    }
  }
  if (samples && project.samples.length > 0) {
    try {
      const manifests = readManifests(project.samples);
      await applyManifests(client, manifests, { namespace });
      note({ type: 'dev.notice', level: 'info', message: `a new store: applied ${manifests.length} sample object${manifests.length === 1 ? '' : 's'} (${manifests.map((item) => `${item.kind}/${item.metadata.name}`).join(', ')})` });
    } catch (error) {
      note({ type: 'dev.notice', level: 'error', message: `cannot apply the samples: ${(error as Error).message}` });
    }
  }
}

async function startTui(inputs: SessionInputs, store: DevStore, generations: Generations, client: KubeClient, project: DevProject, finish: (ending: Ending) => void): Promise<{ unmount: () => void; waitUntilExit: () => Promise<unknown> }> {
  // React's development build checks every render; a terminal UI at 20 frames a second wants the other one.
  process.env.NODE_ENV ??= 'production';
  const [{ render }, { createElement }, { App }, { ASCII, UNICODE }] = await Promise.all([
    import('ink'), import('react'), import('./ui/App.js'), import('./ui/views.js'),
  ]);
  const cluster = new ClusterActions({ client, namespace: inputs.options.namespaces.find((item) => !/[*?!]/.test(item)) ?? 'default', cwd: inputs.cwd, samples: project.samples });
  let quits = 0;
  const instance = render(createElement(App, {
    store, glyphs: inputs.options.ascii ? ASCII : UNICODE,
    actions: {
      reload: () => void generations.reload('reload key'),
      togglePause: () => generations.pause(!store.paused),
      samples: () => cluster.samples(),
      applySample: (file) => cluster.applySample(file),
      edit: (entry) => cluster.edit(entry),
      delete: (entry) => cluster.delete(entry),
      touch: (entry) => cluster.touch(entry),
      retry: (entry) => cluster.retry(entry),
      quit: (force) => {
        quits++;
        finish({ code: 0, force: force || quits > 1 });
        if (force || quits > 1) generations.kill();
      },
    },
  }), { stdout: inputs.stdout, stdin: inputs.stdin, alternateScreen: true, incrementalRendering: true, patchConsole: false, exitOnCtrlC: false, maxFps: 20 });
  return instance;
}

