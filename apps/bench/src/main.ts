// Entry of `pnpm bench` (from the repository root) and `pnpm --filter @opkit/bench bench [suite]`.
// Without a suite: the six scenarios of issue 14 over separate processes (the API server, the operator under
// test — Opkit, then the raw @kubernetes/client-node baseline), printed as a table and written to
// apps/bench/results/latest.json; `--quick` uses N = 1,000 instead of 10,000, `--objects N` any N,
// `--out FILE` another file, `--cpu-prof DIR` profiles the operator processes into DIR. With a suite, the
// in-process suites (and `server`: the API server scenario of the six alone): `apiserver`, `watching`, `watch-memory` (what
// watches cost the server's memory, the server in a process of its own), `takeover` (how soon replicas take over from a SIGKILLed one), `daemons`, `json` (the codec's cost per object) and `health`
// (what metrics cost a create storm); `--quick` runs tiny sizes. `server --rbac` runs the API server with
// `authorization: 'rbac'` and drives it as a bound ServiceAccount (what RBAC costs per request).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FULL_SIZES, runApiServerBench } from './apiserverScenarios.js';
import { FULL_HARNESS_SIZES, measureApiServer, QUICK_HARNESS_SIZES, renderHarnessTable, runHarness, runTimersOnly } from './harness/harness.js';
import type { KopfSource } from './harness/kopfOperator.js';
import { checkKopfSource } from './harness/kopfOperator.js';
import { killAllChildren, profileOperatorsInto } from './harness/processes.js';
import { renderServerFigures, renderTable } from './report.js';
import { DAEMONS_FULL_SIZES, runDaemonsBench } from './scenarios/daemonsScenarios.js';
import { HEALTH_FULL_SIZES, runHealthBench } from './scenarios/healthScenarios.js';
import { runJsonBench } from './scenarios/jsonScenarios.js';
import { runTimingBench, TIMING_FULL_SIZES } from './scenarios/timingScenarios.js';
import { loadWatchingModules, runWatchingBench, WATCHING_FULL_SIZES } from './scenarios/watchingScenarios.js';
import { runTakeoverBench, TAKEOVER_FULL_SIZES } from './scenarios/takeoverScenarios.js';
import { runWatchMemoryBench, WATCH_MEMORY_FULL_SIZES } from './scenarios/watchMemoryScenarios.js';

const SUITES = ['apiserver', 'server', 'watching', 'watch-memory', 'takeover', 'daemons', 'json', 'health', 'timing'];
const USAGE = `usage: bench [--quick | --objects N] [--out FILE] [--cpu-prof DIR]   (the six scenarios, Opkit vs the raw baseline)
       bench --only timers [--quick | --objects N] [--cpu-prof DIR]   (the timers scenario alone, Opkit vs the raw baseline)
       add --logging-events to either: the Opkit operator posts its objects' log lines as Events (its default; off otherwise, as the baseline posts none)
       add --kopf DIR [--python PATH] to either: also measure Kopf, from the source checkout DIR, run with Debian's python3 (or PATH)
       bench ${SUITES.join('|')} [--quick]   (one suite; \`server\` and \`apiserver\` also take --objects N)
       bench server [--quick | --objects N] [--rbac]   (--rbac: the server under RBAC, driven as a bound ServiceAccount)`;
const LATEST = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'results', 'latest.json');

/** The value after `flag`, or undefined; `bad` collects what is wrong. */
function option(argv: string[], flag: string, bad: string[]): string | undefined {
  const at = argv.indexOf(flag);
  if (at < 0) return undefined;
  const value = argv[at + 1];
  if (value === undefined || value.startsWith('-')) bad.push(`${flag} needs a value`);
  argv.splice(at, 2);
  return value;
}

async function runScenarios(quick: boolean, objects: number | undefined, out: string, kopf: KopfSource | undefined): Promise<number> {
  const sizes = objects !== undefined ? { ...QUICK_HARNESS_SIZES, objects } : quick ? QUICK_HARNESS_SIZES : FULL_HARNESS_SIZES;
  const mode = objects !== undefined ? 'custom' : quick ? 'quick' : 'full';
  console.log(`bench: ${mode} run, N = ${sizes.objects.toLocaleString('en-US')} (Node ${process.version}); the API server and each operator run in their own processes\n`);
  const started = Date.now();
  const result = await runHarness(sizes, { mode, ...(kopf ? { kopf } : {}), log: (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`) });
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\n${renderHarnessTable(result)}\n\nwritten to ${out}`);
  return 0;
}

async function runTimers(quick: boolean, objects: number | undefined, kopf: KopfSource | undefined): Promise<number> {
  const sizes = objects !== undefined ? { ...QUICK_HARNESS_SIZES, objects } : quick ? QUICK_HARNESS_SIZES : FULL_HARNESS_SIZES;
  console.log(`bench: the timers scenario alone, N = ${sizes.objects.toLocaleString('en-US')}, ${sizes.timerSeconds} s measured (Node ${process.version})\n`);
  const started = Date.now();
  const result = await runTimersOnly(sizes, (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`), kopf);
  console.log(JSON.stringify(result, null, 2));
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const args = argv.filter((a) => a !== '--');
  const bad: string[] = [];
  const objectsText = option(args, '--objects', bad);
  const out = option(args, '--out', bad);
  const cpuProf = option(args, '--cpu-prof', bad);
  const only = option(args, '--only', bad);
  const kopfDir = option(args, '--kopf', bad);
  const python = option(args, '--python', bad);
  const base = process.env.INIT_CWD ?? process.cwd();
  const kopf: KopfSource | undefined = kopfDir === undefined ? undefined : { dir: resolve(base, kopfDir), ...(python === undefined ? {} : { python: resolve(base, python) }) };
  if (python !== undefined && kopfDir === undefined) bad.push('--python applies with --kopf DIR only');
  const kopfProblem = kopf ? checkKopfSource(kopf) : undefined;
  if (kopfProblem) bad.push(kopfProblem);
  if (only !== undefined && only !== 'timers') bad.push(`--only takes timers, got ${JSON.stringify(only)}`);
  const quick = args.includes('--quick');
  const rbac = args.includes('--rbac');
  if (args.includes('--logging-events')) process.env.BENCH_LOGGING_EVENTS = '1';
  const objects = objectsText === undefined ? undefined : Number(objectsText);
  if (objects !== undefined && (!Number.isInteger(objects) || objects < 1)) bad.push(`--objects must be a positive integer, got ${JSON.stringify(objectsText)}`);
  const unknownFlags = args.filter((a) => a.startsWith('-') && a !== '--quick' && a !== '--rbac' && a !== '--logging-events');
  const suites = args.filter((a) => !a.startsWith('-'));
  const badSuites = suites.filter((s) => !SUITES.includes(s));
  if (unknownFlags.length > 0) bad.push(`unknown flag ${unknownFlags.join(', ')}`);
  if (kopf && suites.length > 0) bad.push('--kopf applies to the operator scenarios (bench [--only timers] --kopf DIR), not to a suite');
  if (rbac && (suites.length !== 1 || suites[0] !== 'server')) bad.push('--rbac applies to the server suite only: bench server --rbac');
  if (badSuites.length > 0) bad.push(`unknown suite ${badSuites.join(', ')}`);
  if (bad.length > 0) {
    console.error(`${bad.join('; ')}\n${USAGE}`);
    return 2;
  }
  if (cpuProf !== undefined) profileOperatorsInto(resolve(process.env.INIT_CWD ?? process.cwd(), cpuProf));
  if (only !== undefined && suites.length > 0) {
    console.error(`--only timers runs no suite\n${USAGE}`);
    return 2;
  }
  if (only === 'timers') return runTimers(quick, objects, kopf);
  if (suites.length === 0) return runScenarios(quick, objects, out === undefined ? LATEST : resolve(base, out), kopf);
  for (const suite of suites) {
    console.log(`${suite} benchmark (Node ${process.version}, ${quick ? 'quick' : 'full'} sizes)\n`);
    if (suite === 'server' || suite === 'apiserver') {
      // The API server in its own process, driven over 32 keep-alive connections: what the server does, and what bounds it.
      const sizes = objects !== undefined ? { ...QUICK_HARNESS_SIZES, objects } : quick ? QUICK_HARNESS_SIZES : FULL_HARNESS_SIZES;
      if (rbac) console.log('authorization: rbac (requests bear a ServiceAccount token and go through the RBAC authorizer)\n');
      const figures = await measureApiServer(sizes, undefined, { rbac });
      console.log(suite === 'server' ? JSON.stringify(figures, null, 2) : renderServerFigures(figures));
      if (suite === 'apiserver') {
        const inProcess = quick ? { creates: 100, watchEvents: 100, watchers: 10, heapObjects: 500 } : FULL_SIZES;
        console.log(`\nin process (the client shares the server's event loop):\n${renderTable(await runApiServerBench(inProcess))}`);
      }
    } else if (suite === 'watch-memory') {
      console.log(renderTable(await runWatchMemoryBench(quick ? { objects: 1000, largeObjects: 600 } : WATCH_MEMORY_FULL_SIZES)));
    } else if (suite === 'takeover') {
      console.log(renderTable(await runTakeoverBench(quick ? { rounds: 1 } : TAKEOVER_FULL_SIZES)));
    } else if (suite === 'health') {
      console.log(renderTable(await runHealthBench(quick ? { objects: 100, rounds: 1 } : HEALTH_FULL_SIZES)));
    } else if (suite === 'timing') {
      console.log(renderTable(await runTimingBench(quick ? { rounds: 1 } : TIMING_FULL_SIZES)));
    } else if (suite === 'json') {
      console.log(renderTable(runJsonBench()));
    } else if (suite === 'watching') {
      const sizes = quick ? { objects: 200, updates: 2, memoryObjects: 1000 } : WATCHING_FULL_SIZES;
      console.log(renderTable(await runWatchingBench(sizes, await loadWatchingModules())));
    } else {
      const sizes = quick ? { objects: 200, seconds: 2, warmup: 1 } : DAEMONS_FULL_SIZES;
      console.log(renderTable(await runDaemonsBench(sizes)));
    }
  }
  return 0;
}

// Ctrl+C or a kill: stop every child process before leaving (they also exit when this process's IPC closes).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAllChildren();
    process.exit(130);
  });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    killAllChildren();
    process.exit(1);
  },
);
