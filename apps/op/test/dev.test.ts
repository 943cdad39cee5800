// `op dev` as a user runs it: a real process in a project folder, the embedded API server, the
// operator in child processes, files edited while it runs. Outcomes are read from its JSON lines and
// from the API server itself.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { startApiServer } from '@opkit/apiserver';
import { connect } from '@opkit/kube';
import { afterEach, describe, expect, it } from 'vitest';
import type { DevProcess } from './helpers/devProcess.js';
import { gen, makeProject, OP, startDev, writeOperator } from './helpers/devProcess.js';
import { deadline } from '@opkit/test-tools';

async function statusOf(dir: string): Promise<Record<string, any>> {
  const client = await connect({ kubeconfig: join(dir, '.opkit', 'kubeconfig') });
  try {
    const kex = await client.resolveOne('kopfexamples.kopf.dev');
    return (await client.get(kex, 'kopf-example-1', { namespace: 'default' })).status as Record<string, any>;
  } finally {
    client.close();
  }
}

// `--until-settled` limits: one a run must reach while the object is still retrying, or before the resource is served
// (its expiry is the outcome tested), and one a run settles well within. Both count from op dev's start, which on a
// loaded machine takes a good part of 20 s, so both scale with the test deadlines.
const SETTLE_LIMIT = Math.round(deadline(20_000) / 1000);
const SETTLED_WITHIN = Math.round(deadline(60_000) / 1000);

describe('op dev', () => {
  let dev: DevProcess | undefined;
  afterEach(() => {
    dev?.cleanup();
    dev = undefined;
  });

  it('runs the project on the embedded API server, applies the samples only to a new store, and settles', async () => {
    const dir = makeProject("  logger.info(`hello ${String(spec.field)}`);\n  return { message: 'v1' };");
    dev = startDev(dir, ['--embedded', '--plain', `--until-settled=${SETTLED_WITHIN}s`]);
    expect(await dev.exited).toEqual({ code: 0, signal: null });
    const first = dev.stdout();
    expect(first).toContain('op dev: a new store: applied 1 sample object (KopfExample/kopf-example-1)');
    expect(first).toContain("[default/kopf-example-1] Handler 'create_fn' succeeded.");
    expect(first).toContain('op dev: kubectl --kubeconfig .opkit/kubeconfig get kopfexamples.kopf.dev -A');
    expect(first).toContain('op dev: settled: every object is idle');
    expect(first).not.toContain('\u001b');
    expect(JSON.parse(readFileSync(join(dir, '.opkit', 'dev.json'), 'utf8'))).toEqual({ target: 'embedded' });
    expect(existsSync(join(dir, '.opkit', 'apiserver', 'journal.ndjson'))).toBe(true);

    // The store survives: no samples again, the object is still there and already handled.
    const again = startDev(dir, ['--plain', `--until-settled=${SETTLED_WITHIN}s`]);
    expect(await again.exited).toEqual({ code: 0, signal: null });
    expect(again.stdout()).toContain('(remembered in .opkit/dev.json)');
    expect(again.stdout()).not.toContain('applied 1 sample object');
    expect(again.stdout()).not.toContain("Handler 'create_fn' succeeded.");
    expect(again.stdout()).toMatch(/objects: 1 \(1 idle\)/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('reloads mid-handler: the running generation finishes its handler within the grace period, then the next starts', async () => {
    // The handler runs until the test opens a gate: it is certainly still running when the reload stops its generation.
    const dir = makeProject([
      "  const { existsSync } = await import('node:fs');",
      "  logger.info('working');",
      "  while (!existsSync('gate')) await new Promise<void>((resolve) => setTimeout(resolve, 20));",
      "  return { message: 'v1' };",
    ].join('\n'));
    dev = startDev(dir, ['--embedded=fresh', '--json', '--stop-grace', '60s']);
    await dev.waitFor((record) => record.type === 'handler' && record.phase === 'started' && record.gen === 1);
    writeOperator(dir, "  return { message: 'v2' };");
    await dev.waitFor(gen(1, 'stopping'), deadline(60_000));
    writeFileSync(join(dir, 'gate'), '');
    await dev.waitFor(gen(2, 'ready'), deadline(60_000));
    const records = dev.records;
    const at = (predicate: (record: Record<string, any>) => boolean): number => records.findIndex(predicate);
    const stopping = at(gen(1, 'stopping'));
    const succeeded = at((record) => record.type === 'handler' && record.phase === 'succeeded' && record.gen === 1);
    expect(stopping).toBeGreaterThan(0);
    expect(succeeded).toBeGreaterThan(stopping); // asked to stop while the handler ran, and it finished
    expect(records[at(gen(1, 'stopped'))]).toMatchObject({ graceful: true, forced: false, interrupted: [] });
    expect(at(gen(2, 'started'))).toBeGreaterThan(at(gen(1, 'stopped'))); // generations never overlap
    expect((await statusOf(dir)).create_fn).toEqual({ message: 'v1' });
    expect(await dev.stop()).toEqual({ code: 0, signal: null });
  });

  it('forces a generation that cannot stop, and the next one handles the object again', async () => {
    // The handler waits for a gate (its log line reaches op dev meanwhile), then blocks its event loop.
    const dir = makeProject([
      "  const { existsSync } = await import('node:fs');",
      "  logger.info('waiting for the gate');",
      "  while (!existsSync('gate')) await new Promise<void>((resolve) => setTimeout(resolve, 20));",
      '  const until = Date.now() + 60_000;',
      '  while (Date.now() < until) { /* a handler that never yields */ }',
      "  return { message: 'v1' };",
    ].join('\n'));
    dev = startDev(dir, ['--embedded=fresh', '--json', '--stop-grace', '300ms']);
    await dev.waitFor((record) => record.type === 'log' && record.message === 'waiting for the gate');
    writeFileSync(join(dir, 'gate'), '');
    writeOperator(dir, "  return { message: 'v2' };");
    const stopped = await dev.waitFor(gen(1, 'stopped'), deadline(60_000));
    expect(stopped).toMatchObject({ forced: true, graceful: false, signal: 'SIGTERM' });
    await dev.waitFor((record) => record.type === 'handler' && record.phase === 'succeeded' && record.gen === 2, deadline(60_000));
    expect((await statusOf(dir)).create_fn).toEqual({ message: 'v2' });
    expect(await dev.stop()).toEqual({ code: 0, signal: null });
  });

  it('keeps the running generation on a file that fails to load, shows where, and reloads when it is fixed', async () => {
    const dir = makeProject("  return { message: 'v1' };");
    dev = startDev(dir, ['--embedded=fresh', '--json']);
    await dev.waitFor(gen(1, 'ready'));
    writeOperator(dir, "  return { message: 'v1' ;");
    const failure = await dev.waitFor((record) => record.type === 'dev.build-error', deadline(60_000));
    expect(failure).toMatchObject({ gen: 2, message: expect.stringContaining("Expected ',', got ';'"), location: { file: join(dir, 'src', 'operator.ts'), line: 4, column: 26 } });
    expect(failure.location.frame).toContain("> 4 |   return { message: 'v1' ;");
    expect(dev.records.some(gen(1, 'stopping'))).toBe(false);
    writeOperator(dir, "  return { message: 'v2' };");
    await dev.waitFor(gen(2, 'ready'), deadline(60_000));
    expect(dev.records.findIndex(gen(1, 'stopping'))).toBeGreaterThan(dev.records.indexOf(failure));
    expect(await dev.stop()).toEqual({ code: 0, signal: null });
  });

  it('keeps watching when the operator crashes, and starts again on the next save', async () => {
    const dir = makeProject("  process.exit(3);");
    dev = startDev(dir, ['--embedded=fresh', '--json']);
    const crashed = await dev.waitFor(gen(1, 'crashed'), deadline(60_000));
    expect(crashed).toMatchObject({ exitCode: 3 });
    // op dev's own watch still has the object.
    expect(dev.records.some((record) => record.type === 'dev.object' && record.object.metadata.name === 'kopf-example-1')).toBe(true);
    writeOperator(dir, "  return { message: 'fixed' };");
    await dev.waitFor((record) => record.type === 'handler' && record.phase === 'succeeded' && record.gen === 2, deadline(60_000));
    expect(await dev.stop()).toEqual({ code: 0, signal: null });
  });

  it('ends --until-settled with 1 on a permanent failure and on a timeout', async () => {
    const failing = makeProject("  throw new PermanentError('the spec is wrong');");
    dev = startDev(failing, ['--embedded=fresh', '--plain', `--until-settled=${SETTLED_WITHIN}s`]);
    expect((await dev.exited).code).toBe(1);
    expect(dev.stdout()).toContain("[default/kopf-example-1] Handler 'create_fn' failed permanently: the spec is wrong");
    expect(dev.stdout()).toContain('op dev: error: not settled: default/kopf-example-1: handler create_fn failed permanently: the spec is wrong');
    dev.cleanup();

    const slow = makeProject("  throw new TemporaryError('not yet', { delay: 3600 });");
    dev = startDev(slow, ['--embedded=fresh', '--plain', `--until-settled=${SETTLE_LIMIT}s`]);
    expect((await dev.exited).code).toBe(1);
    expect(dev.stdout()).toMatch(new RegExp(`op dev: error: not settled after ${SETTLE_LIMIT}s: 1 object not idle: default/kopf-example-1 \\(retrying\\)`));
  });

  it('runs against a cluster of a kubeconfig context, applying CRDs there only when asked', async () => {
    const server = await startApiServer({ port: 0 });
    const dir = makeProject("  return { message: 'on a cluster' };");
    try {
      writeFileSync(join(dir, 'kubeconfig'), server.kubeconfig({ context: 'kind-dev', namespace: 'default' }));
      const env = { KUBECONFIG: join(dir, 'kubeconfig') };
      dev = startDev(dir, ['--context', 'kind-dev', '--plain', `--until-settled=${SETTLE_LIMIT}s`], env);
      expect((await dev.exited).code).toBe(1);
      expect(dev.stdout()).toContain(`op dev: the cluster of kind-dev at ${server.url} (--context kind-dev)`);
      expect(dev.stdout()).toContain('op dev: on a cluster, the operator runs with peering priority 666 (--dev)');
      expect(dev.stdout()).toContain('op dev: warning: nothing serves kopfexamples yet; apply its CRD (--crds)');
      expect(dev.stdout()).not.toContain('applied the CRDs');
      expect(dev.stdout()).toContain(`op dev: error: not settled after ${SETTLE_LIMIT}s: nothing serves kopfexamples yet`);

      dev = startDev(dir, ['--context', 'kind-dev', '--apply-crds', '--plain', `--until-settled=${SETTLED_WITHIN}s`], env);
      expect(await dev.exited).toEqual({ code: 0, signal: null });
      expect(dev.stdout()).toContain('op dev: applied the CRDs of deploy/crds/crd.yaml');
      expect(dev.stdout()).not.toContain('sample object'); // samples go to a new embedded store only
      expect(JSON.parse(readFileSync(join(dir, '.opkit', 'dev.json'), 'utf8'))).toEqual({ target: 'cluster', context: 'kind-dev' });
    } finally {
      await server.close();
    }
  });

  it('exits with 2 and one clear line for bad input', () => {
    const dir = makeProject("  return 1;");
    try {
      const cases: [string[], RegExp][] = [
        [['dev', '--embedded', '--context', 'x'], /^op dev: error: --embedded and --context exclude each other/],
        [['dev', 'missing.ts'], /^op dev: error: missing\.ts: no such file or folder/],
        [['dev', '--context', 'nowhere'], /^op dev: error: no kubeconfig found to take the context nowhere from/],
      ];
      for (const [argv, message] of cases) {
        const result = spawnSync(process.execPath, [OP, ...argv], { cwd: dir, encoding: 'utf8', env: { ...process.env, KUBECONFIG: join(dir, 'none') } });
        expect(result.status, argv.join(' ')).toBe(2);
        expect(result.stderr, argv.join(' ')).toMatch(message);
      }
      const empty = spawnSync(process.execPath, [OP, 'dev'], { cwd: join(dir, 'src'), encoding: 'utf8' });
      expect(empty.status).toBe(2);
      expect(empty.stderr).toContain('op dev: error: no operator found: src/operator.ts does not exist');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
