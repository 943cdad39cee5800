// Renders benchmark figures as a fixed-width text table, the one output format of `pnpm bench`,
// so that figures pasted into notes and pull requests line up and compare at a glance.
import type { BenchResult } from './apiserverScenarios.js';
import type { ApiServerFigures } from './harness/harness.js';

function format(value: number): string {
  if (value >= 100) return Math.round(value).toLocaleString('en-US');
  return value.toFixed(value >= 10 ? 1 : 2);
}

/**
 * Formats results as a table with a header row and aligned columns.
 *
 * @example
 * renderTable([{ scenario: 'creates', size: '10', value: 1234.5, unit: 'creates/s' }]);
 */
export function renderTable(results: readonly BenchResult[]): string {
  const rows = [['scenario', 'size', 'result', 'unit'], ...results.map((r) => [r.scenario, r.size, format(r.value), r.unit])];
  const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((row) => row[c]!.length)));
  const line = (row: string[]): string =>
    row.map((cell, c) => (c === 2 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join('  ').trimEnd();
  const [header, ...body] = rows;
  return [line(header!), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** The separate-process API server figures as a table, each with what bounded it. */
export function renderServerFigures(f: ApiServerFigures): string {
  const table = renderTable([
    { scenario: `creates, ${f.concurrency} concurrent (server in its own process)`, size: `${f.creates} ConfigMaps`, value: f.createsPerSecond, unit: 'creates/s' },
    { scenario: `watch events delivered to ${f.watchers} watchers`, size: `${f.watchEventsPerWatcher} events each`, value: f.watchEventsPerSecond, unit: 'events/s' },
  ]);
  return `${table}\n\ncreates bounded by ${f.createBound}\nwatch events bounded by ${f.watchBound}`;
}
