import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultRegistry } from '@opkit/handlers';
import { OperatorError } from './errors.js';
import * as core from './index.js';
import { loadOperator } from './index.js';

describe('loadOperator', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'opkit-loader-')); });
  afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

  it('loads into a fresh registry per load, re-evaluating edited files, leaving the default registry alone', async () => {
    const file = join(dir, 'op.mjs');
    writeFileSync(file, "import { on } from '@opkit/handlers';\non.create('kopfexamples', function first() {});\n");
    const before = defaultRegistry().size;
    const one = await loadOperator([file]);
    expect(one.registry.resourceHandlers().map((h) => h.id)).toEqual(['first']);
    writeFileSync(file, "import { on } from '@opkit/handlers';\non.create('kopfexamples', function second() {});\n");
    const two = await loadOperator([file]);
    expect(two.registry).not.toBe(one.registry);
    expect(two.registry.resourceHandlers().map((h) => h.id)).toEqual(['second']);
    expect(defaultRegistry().size).toBe(before);
    expect(one.files).toEqual([file]);
  });

  it('re-exports the admission vocabulary', () => {
    expect(typeof core.on.validate).toBe('function');
    expect(typeof core.on.mutate).toBe('function');
    expect(new core.AdmissionError('x', { code: 418 })).toMatchObject({ statusCode: 418, message: 'x' });
    expect(typeof core.reviewAdmission).toBe('function');
  });

  it('loads admission handlers registered with on.validate and on.mutate', async () => {
    const file = join(dir, 'admission.mjs');
    writeFileSync(file, "import { on, AdmissionError } from '@opkit/handlers';\n"
      + "on.validate('kopfexamples', function validate1() { throw new AdmissionError('no', { code: 400 }); });\n"
      + "on.mutate('kopfexamples', function mutate1() {}, { operations: ['CREATE'] });\n");
    const { registry } = await loadOperator([file]);
    expect(registry.admissionHandlers().map((h) => `${h.kind}:${h.id}`)).toEqual(['validate:validate1', 'mutate:mutate1']);
    expect(registry.resourceHandlers()).toEqual([]);
  });

  it('uses a named `registry` export when a module has one', async () => {
    const file = join(dir, 'own.mjs');
    writeFileSync(file, "import { Registry } from '@opkit/handlers';\nexport const registry = new Registry();\nregistry.on.update('x', function mine() {});\n");
    const { registry } = await loadOperator([file]);
    expect(registry.resourceHandlers().map((h) => h.id)).toEqual(['mine']);
  });

  it('names the missing or failing file', async () => {
    await expect(loadOperator([join(dir, 'nope.ts')])).rejects.toThrow(new OperatorError('load-failed', `Cannot load ${join(dir, 'nope.ts')}: no such file.`));
    const broken = join(dir, 'broken.mjs');
    writeFileSync(broken, "throw new Error('bad operator');\n");
    await expect(loadOperator([broken])).rejects.toThrow(`Cannot load ${broken}: bad operator`);
  });

  it('imports modules by name after the files (op run -m)', async () => {
    const file = join(dir, 'first.mjs');
    const module = join(dir, 'second.mjs');
    writeFileSync(file, "import { on } from '@opkit/handlers';\non.create('x', function from_file() {});\n");
    writeFileSync(module, "import { on } from '@opkit/handlers';\non.create('x', function from_module() {});\n");
    const { registry } = await loadOperator([file], { modules: [pathToFileURL(module).href] });
    expect(registry.resourceHandlers().map((h) => h.id)).toEqual(['from_file', 'from_module']);
    await expect(loadOperator([], { modules: ['@opkit/no-such-module'] })).rejects.toThrow(/Cannot load module @opkit\/no-such-module/);
  });
});
