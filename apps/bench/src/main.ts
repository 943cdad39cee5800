// Entry of `pnpm --filter @opkit/bench bench <suite>`: runs a benchmark suite and prints its table.
// Suites: `apiserver` (the default), `watching`, `daemons`, `json` (the codec's cost per object) and `health` (what
// metrics cost a create storm). `--quick` runs tiny sizes (a smoke run, not a measurement).
import { FULL_SIZES, runApiServerBench } from './apiserverScenarios.js';
import { renderTable } from './report.js';
import { DAEMONS_FULL_SIZES, runDaemonsBench } from './scenarios/daemonsScenarios.js';
import { HEALTH_FULL_SIZES, runHealthBench } from './scenarios/healthScenarios.js';
import { runJsonBench } from './scenarios/jsonScenarios.js';
import { loadWatchingModules, runWatchingBench, WATCHING_FULL_SIZES } from './scenarios/watchingScenarios.js';

const SUITES = ['apiserver', 'watching', 'daemons', 'json', 'health'];

async function main(argv: string[]): Promise<number> {
  const quick = argv.includes('--quick');
  const unknownFlags = argv.filter((a) => a.startsWith('-') && a !== '--quick' && a !== '--');
  const suites = argv.filter((a) => !a.startsWith('-'));
  const bad = suites.filter((s) => !SUITES.includes(s));
  if (unknownFlags.length > 0 || bad.length > 0) {
    console.error(`unknown ${bad.length > 0 ? `suite ${bad.join(', ')}` : `flag ${unknownFlags.join(', ')}`}; usage: bench [${SUITES.join('|')}] [--quick]`);
    return 2;
  }
  for (const suite of suites.length > 0 ? suites : ['apiserver']) {
    console.log(`${suite} benchmark (Node ${process.version}, ${quick ? 'quick' : 'full'} sizes)\n`);
    if (suite === 'apiserver') {
      const sizes = quick ? { creates: 100, watchEvents: 100, watchers: 10, heapObjects: 500 } : FULL_SIZES;
      console.log(renderTable(await runApiServerBench(sizes)));
    } else if (suite === 'health') {
      console.log(renderTable(await runHealthBench(quick ? { objects: 100, rounds: 1 } : HEALTH_FULL_SIZES)));
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

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
