// Smoke test of the benchmark: every scenario runs end to end at tiny sizes and yields a positive
// figure (the numbers themselves are measured by `pnpm bench`, never asserted).
import { describe, expect, it } from 'vitest';
import { runApiServerBench } from './apiserverScenarios.js';
import { renderTable } from './report.js';
import { deadline } from '@opkit/test-tools';

describe('runApiServerBench', () => {
  it('runs every scenario at tiny sizes and renders a table', async () => {
    const results = await runApiServerBench({ creates: 20, watchEvents: 20, watchers: 10, heapObjects: 100 });
    expect(results.map((r) => r.unit)).toEqual(['creates/s', 'events/s', 'creates/s', 'MiB']);
    for (const r of results.slice(0, 3)) expect(r.value).toBeGreaterThan(0);
    const table = renderTable(results).split('\n');
    expect(table[0]).toMatch(/^scenario\s+size\s+result\s+unit$/);
    expect(table).toHaveLength(2 + results.length);
  }, deadline(60_000));
});
