// Real load errors (Node's own stacks for TypeScript syntax, unsupported syntax and a throw at the
// top level) pointed at the file, line and column, then shown as a code frame.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { codeFrame } from '../codeFrame.js';
import { errorLocation } from './errorLocation.js';

const dir = mkdtempSync(join(tmpdir(), 'opkit-errloc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Import a file in a real Node process (not vitest's transform) and take the error it fails with. */
async function failure(name: string, source: string): Promise<{ file: string; error: unknown }> {
  const file = join(dir, name);
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  writeFileSync(file, source);
  const script = `try { await import(${JSON.stringify(pathToFileURL(file).href)}); } catch (error) { process.stdout.write(error.stack); }`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (!result.stdout) throw new Error(`${name} loaded`);
  const cause = new Error('import failed');
  cause.stack = result.stdout;
  return { file, error: new Error(`Cannot load ${file}`, { cause }) };
}

describe('errorLocation', () => {
  it('points at a TypeScript syntax error, with the column of the caret', async () => {
    const { file, error } = await failure('syntax.ts', "const a: number = 1;\nfunction f() {\n  return { message: 'v1' ;\n}\n");
    expect(errorLocation(error, (path) => path === file)).toEqual({ file, line: 3, column: 26 });
  });

  it('points at syntax that cannot be stripped', async () => {
    const { file, error } = await failure('enum.ts', 'export const x = 1;\nenum Color { Red }\n');
    expect(errorLocation(error, (path) => path === file)).toEqual({ file, line: 2, column: 1 });
  });

  it('points at a throw at the top level through the first frame in the operator', async () => {
    const { file, error } = await failure('throws.ts', "export const x = 1;\nthrow new Error('no config');\n");
    expect(errorLocation(error, (path) => path === file)).toEqual({ file, line: 2, column: 7 });
  });

  it('says nothing when the error names no place in the operator', () => {
    expect(errorLocation(new Error('registered no handlers'), (path) => path.startsWith(dir))).toBeUndefined();
  });
});

describe('codeFrame', () => {
  it('numbers the lines around the error and puts a caret under the column', () => {
    expect(codeFrame('a\nb\n  c(;\nd\ne\nf', 3, 5)).toEqual(['  1 | a', '  2 | b', '> 3 |   c(;', '    |     ^', '  4 | d', '  5 | e']);
    expect(codeFrame('only', 9, 1)).toEqual([]);
  });
});
