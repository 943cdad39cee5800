// Entry of `pnpm chaos [--quick] [--only a,b] [--out FILE]` (from the repository root, through
// scripts/chaos.mjs): runs the chaos scenarios one after another on fresh child processes, prints each
// one's invariant, PASS or FAIL and its figures, writes everything to apps/bench/results/chaos.json
// (chaos-quick.json with --quick), and exits 1 when an invariant failed. Ctrl+C kills every child.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { killAllChildren } from '../harness/processes.js';
import { FULL_CHAOS_SIZES, QUICK_CHAOS_SIZES, runScenario, SCENARIOS } from './scenarios.js';
import type { ScenarioName, ScenarioResult } from './scenarios.js';

const USAGE = `usage: chaos [--quick] [--only ${SCENARIOS.join(',')}] [--out FILE]`;
const RESULTS = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'results');

function render(name: string, result: ScenarioResult): string {
  const lines = [`${result.pass ? 'PASS' : 'FAIL'} ${name} (${result.seconds} s): ${result.invariant}`];
  for (const failure of result.failures) lines.push(`  ✗ ${failure}`);
  for (const [key, value] of Object.entries(result.figures)) {
    if (key === 'samples' || key === 'byCategory') continue;
    lines.push(`  ${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  }
  return lines.join('\n');
}

async function main(argv: string[]): Promise<number> {
  const args = argv.filter((a) => a !== '--');
  let quick = false;
  let only: string[] | undefined;
  let out: string | undefined;
  const bad: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--quick') quick = true;
    else if (arg === '--only' || arg === '--out') {
      const value = args[++i];
      if (value === undefined || value.startsWith('-')) bad.push(`${arg} needs a value`);
      else if (arg === '--only') only = value.split(',').filter(Boolean);
      else out = value;
    } else bad.push(`unknown argument ${arg}`);
  }
  for (const name of only ?? []) if (!(SCENARIOS as readonly string[]).includes(name)) bad.push(`unknown scenario ${name}`);
  if (bad.length > 0) {
    console.error(`${bad.join('; ')}\n${USAGE}`);
    return 2;
  }
  const file = out !== undefined ? resolve(process.env.INIT_CWD ?? process.cwd(), out) : resolve(RESULTS, quick ? 'chaos-quick.json' : 'chaos.json');
  const sizes = quick ? QUICK_CHAOS_SIZES : FULL_CHAOS_SIZES;
  const names = (only ?? SCENARIOS) as readonly ScenarioName[];
  const started = Date.now();
  const log = (line: string): void => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
  console.log(`chaos: ${quick ? 'quick' : 'full'} run of ${names.join(', ')} (Node ${process.version}, ${availableParallelism()} cores, load ${loadavg().map((l) => l.toFixed(2)).join(' ')})\n`);
  const machine = { cores: availableParallelism(), cpu: cpus()[0]?.model ?? 'unknown', memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version, platform: process.platform, loadAverageStart: loadavg(), loadAverageEnd: [] as number[] };
  const scenarios: Partial<Record<ScenarioName, ScenarioResult>> = {};
  for (const name of names) {
    log(`${name}…`);
    const result = await runScenario(name, sizes, log);
    scenarios[name] = result;
    console.log(`${render(name, result)}\n`);
  }
  machine.loadAverageEnd = loadavg();
  const pass = Object.values(scenarios).every((r) => r.pass);
  const report = { date: new Date().toISOString(), mode: quick ? 'quick' : 'full', seconds: Math.round((Date.now() - started) / 1000), machine, sizes, pass, scenarios };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`${pass ? 'every invariant held' : `FAILED: ${Object.entries(scenarios).filter(([, r]) => !r.pass).map(([n]) => n).join(', ')}`} (${report.seconds} s); written to ${file}`);
  return pass ? 0 : 1;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAllChildren();
    process.exit(130);
  });
}

main(process.argv.slice(2)).then(
  (code) => {
    killAllChildren();
    process.exit(code);
  },
  (error: unknown) => {
    console.error(error);
    killAllChildren();
    process.exit(1);
  },
);
