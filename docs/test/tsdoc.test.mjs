// Every exported symbol of every published package has a TSDoc summary: the documentation build reads TypeDoc's
// model of the packages and refuses an export without one, naming it. The fixture package has exactly one such export.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { undocumentedExports } from '../site/check-tsdoc.mjs';

const docs = dirname(dirname(fileURLToPath(import.meta.url)));

it('names each exported symbol without a TSDoc summary, and only those', () => {
  const out = mkdtempSync(join(tmpdir(), 'opkit-typedoc-'));
  try {
    const result = spawnSync(
      join(docs, 'node_modules', '.bin', 'typedoc'),
      ['--options', 'typedoc.json', '--entryPoints', '../test/fixtures/undocumented', '--out', join(out, 'md'), '--json', join(out, 'model.json'), '--logLevel', 'Error'],
      { cwd: join(docs, 'site'), encoding: 'utf8' },
    );
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(undocumentedExports(join(out, 'model.json'))).toEqual(['@opkit/fixture-undocumented: undocumentedExport (function)']);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
