// The interactive path, driven through @clack/prompts' real prompts: main() runs in-process with a
// fake terminal (input and output streams marked as TTYs), and the test types what a user would —
// arrow keys, text, y/n — waiting for each question to appear on the output.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../src/main.js';
import { scratch } from './helpers.js';
import { deadline } from '@opkit/test-tools';

type Tty = PassThrough & { isTTY: boolean; columns: number; setRawMode: (on: boolean) => void };

function terminal(): { input: Tty; output: Tty; stderr: PassThrough; screen: () => string; errors: () => string } {
  // A terminal's input is switched to raw mode while a prompt reads keys; a stream needs nothing for it.
  const input = Object.assign(new PassThrough(), { isTTY: true, columns: 100, setRawMode: () => undefined });
  const output = Object.assign(new PassThrough(), { isTTY: true, columns: 100, setRawMode: () => undefined });
  const stderr = new PassThrough();
  let seen = '';
  let errors = '';
  output.setEncoding('utf8').on('data', (chunk: string) => (seen += chunk));
  stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  // eslint-disable-next-line no-control-regex
  return { input, output, stderr, screen: () => seen.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, ''), errors: () => errors };
}

const KEY = { enter: '\r', down: '\u001b[B', left: '\u001b[D', ctrlC: '\u0003' };

let work: { dir: string; remove: () => void };
beforeEach(() => {
  work = scratch('create-operator-interactive-');
});
afterEach(() => work.remove());

describe('create-operator on a terminal', () => {
  it('asks the questions, and builds the project from the answers', async () => {
    const t = terminal();
    const exit = main({ argv: [], env: { NO_COLOR: '1' }, cwd: work.dir, stdin: t.input, stdout: t.output, stderr: t.stderr, nodeVersion: 'v24.11.0' });
    let asked = 0;
    /** Wait until the next question appears (the nth "◆" or "?" prompt marker), then type. */
    const answer = async (question: string, ...keys: string[]): Promise<void> => {
      await vi.waitFor(() => {
        const screen = t.screen();
        expect(screen.split(question).length - 1, `waiting for "${question}" on:\n${screen}`).toBeGreaterThan(0);
      }, { timeout: deadline(30_000), interval: 20 });
      asked += 1;
      for (const key of keys) t.input.write(key);
    };
    await answer('Which template?', KEY.enter);
    await answer('Where should the project go?', 'zoo-operator', KEY.enter);
    await answer('Customize the resource? Defaults: Kind Zoo (zoos.zoo.example.com/v1alpha1, Namespaced)', 'y');
    await answer('Kind (PascalCase)', 'Zebra', KEY.enter);
    await answer('API group', 'z.test', KEY.enter);
    await answer('API version', 'v2', KEY.enter);
    await answer('Plural resource name', KEY.enter);
    await answer('Scope of the resource', KEY.down, KEY.enter);
    await answer('Which namespaces does the operator watch?', KEY.enter);
    await answer('Install dependencies with npm?', 'n');
    await answer('Initialize a git repository?', 'n');
    expect(await exit).toBe(0);
    expect(asked).toBe(11);

    const pkg = JSON.parse(readFileSync(join(work.dir, 'zoo-operator', 'package.json'), 'utf8'));
    expect(pkg.opkit.scaffold).toEqual({
      template: 'minimal', kind: 'Zebra', group: 'z.test', version: 'v2', plural: 'zebras', scope: 'Cluster', watch: 'all', createOperator: pkg.opkit.scaffold.createOperator,
    });
    expect(existsSync(join(work.dir, 'zoo-operator', 'src', 'api', 'zebra.ts'))).toBe(true);
    expect(existsSync(join(work.dir, 'zoo-operator', '.git'))).toBe(false);
    const screen = t.screen();
    expect(screen).toContain('Done. zoo-operator (template minimal): Kind Zebra (zebras.z.test/v2, Cluster), watching all namespaces.');
    expect(screen).toContain(
      'npm create operator@latest zoo-operator -- --template minimal --kind Zebra --group z.test --api-version v2 --plural zebras --scope Cluster --watch all --no-install --no-git --yes',
    );
  });

  it('rejects an invalid answer in place and asks again', async () => {
    const t = terminal();
    const exit = main({ argv: ['zoo-operator', '--interactive', '--no-install', '--no-git', '--template', 'minimal'], env: { NO_COLOR: '1' }, cwd: work.dir, stdin: t.input, stdout: t.output, stderr: t.stderr, nodeVersion: 'v24.11.0' });
    const waitFor = (text: string): Promise<void> => vi.waitFor(() => expect(t.screen()).toContain(text), { timeout: deadline(30_000), interval: 20 });
    await waitFor('Customize the resource?');
    t.input.write('y');
    await waitFor('Kind (PascalCase)');
    t.input.write('Service');
    t.input.write(KEY.enter);
    await waitFor("Kind 'Service' is a built-in Kubernetes kind");
    for (let i = 0; i < 'Service'.length; i += 1) t.input.write('\u007f');
    t.input.write('Shelf');
    t.input.write(KEY.enter);
    for (const question of ['API group', 'API version', 'Plural resource name', 'Scope of the resource', 'Which namespaces']) {
      await waitFor(question);
      t.input.write(KEY.enter);
    }
    expect(await exit).toBe(0);
    const pkg = JSON.parse(readFileSync(join(work.dir, 'zoo-operator', 'package.json'), 'utf8'));
    expect(pkg.opkit.scaffold).toMatchObject({ kind: 'Shelf', plural: 'shelves', group: 'zoo.example.com' });
  });

  it('Ctrl+C cancels with exit 130 and writes nothing', async () => {
    const t = terminal();
    const exit = main({ argv: [], env: { NO_COLOR: '1' }, cwd: work.dir, stdin: t.input, stdout: t.output, stderr: t.stderr, nodeVersion: 'v24.11.0' });
    await vi.waitFor(() => expect(t.screen()).toContain('Which template?'), { timeout: deadline(30_000), interval: 20 });
    t.input.write(KEY.ctrlC);
    expect(await exit).toBe(130);
    expect(t.screen()).toContain('Cancelled: nothing was written.');
    expect(readdirSync(work.dir)).toEqual([]);
  });

  it('a closed input cancels the open question instead of waiting for ever', async () => {
    const t = terminal();
    const exit = main({ argv: ['--interactive'], env: { NO_COLOR: '1' }, cwd: work.dir, stdin: t.input, stdout: t.output, stderr: t.stderr, nodeVersion: 'v24.11.0' });
    await vi.waitFor(() => expect(t.screen()).toContain('Which template?'), { timeout: deadline(30_000), interval: 20 });
    t.input.end();
    expect(await exit).toBe(130);
    expect(readdirSync(work.dir)).toEqual([]);
  });
});
