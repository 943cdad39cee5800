// The log-line vectors: what the real Kopf logs about an object, level and message, for the examples it
// runs here, so a test (packages/testing/test/kopfLogVectors.test.ts, no Kopf needed) can hold Opkit's ports to the
// same lines. For each example, against a fresh embedded API server: Kopf runs Kopf's own example file
// (`kopf run --standalone --verbose -n default`), kopf-example-1 (examples/obj.yaml) is created, patched
// where the example has update handlers, and deleted; the per-object lines are normalised (bodies, patches,
// durations) and written to packages/testing/test/fixtures/kopf-log-vectors.json. Run by hand: the real Kopf cannot run in CI.
//
// Usage: node scripts/bootstrap.mjs exec -- node scripts/kopf-log-vectors.mjs --kopf /path/to/kopf-source [--python /usr/bin/python3]
//   [--label 'kopf 1.44.6 (60d02aef)']  (the version recorded in the file; default: `git describe` of --kopf)
// --kopf names a checkout of Kopf's repository (its kopf/ package and examples/ are used; nothing is copied
// here). Needs Debian's python3 with Kopf's dependencies (python3-aiohttp python3-click python3-yaml
// python3-iso8601 python3-pythonjsonlogger python3-typing-extensions python3-jsonpatch).
import { spawn, execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './workspace.mjs';

const { values } = parseArgs({ options: { kopf: { type: 'string' }, python: { type: 'string' }, only: { type: 'string' }, label: { type: 'string' } } });
if (!values.kopf) {
  process.stderr.write('usage: node scripts/kopf-log-vectors.mjs --kopf /path/to/kopf-checkout [--python /usr/bin/python3] [--only 01-minimal] [--label "kopf 1.44.6"]\n');
  process.exit(2);
}
const python = values.python ?? '/usr/bin/python3';
const OUTPUT = join(ROOT, 'packages/testing/test/fixtures/kopf-log-vectors.json');
const { startApiServer } = await import(join(ROOT, 'packages/apiserver/dist/index.js'));
const { connect } = await import(join(ROOT, 'packages/kube/dist/index.js'));
const { parse } = await import(join(ROOT, 'node_modules/.pnpm/node_modules/yaml/dist/index.js'));
// The scenarios are shared with the test (Node strips their types).
const { SCENARIOS, normaliseLine } = await import(join(ROOT, 'packages/testing/test/kopfLogScenarios.ts'));

const kopfVersion = values.label ?? (() => {
  try {
    return execFileSync('git', ['-C', values.kopf, 'describe', '--tags', '--always'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();

async function until(what, check, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// `[2026-11-28 08:10:11,123] kopf.objects         [DEBUG   ] [default/kopf-example-1] message`
const LINE = /^\[[^\]]+\] (\S+)\s+\[(\w+)\s*\] \[default\/kopf-example-1\] (.*)$/;
const LEVELS = { DEBUG: 'debug', INFO: 'info', WARNING: 'warn', ERROR: 'error', CRITICAL: 'error' };

async function runOne(name, scenario) {
  const dir = mkdtempSync(join(tmpdir(), 'opkit-kopf-logs-'));
  const server = await startApiServer({ port: 0 });
  const kubeconfig = join(dir, 'kubeconfig');
  writeFileSync(kubeconfig, server.kubeconfig({ namespace: 'default' }));
  const client = await connect({ kubeconfig });
  let child;
  let text = '';
  try {
    copyFileSync(join(values.kopf, 'examples', name, 'example.py'), join(dir, 'example.py'));
    const crds = await client.resolveOne({ group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions' });
    await client.create(crds, parse(readFileSync(join(ROOT, 'examples/crd.yaml'), 'utf8')));
    const kex = await until('the CRD to be served', async () => (await client.resolve('kopfexamples.kopf.dev'))[0]);
    // What `kopf run --standalone --verbose -n default example.py` does, without Kopf's CLI (Debian's click
    // is older than Kopf 1.44's): the CLI's logging setup, the example's registrations, then kopf.run.
    // Nothing of Kopf's handling is touched: only the session constructor, for an argument it does not use here.
    writeFileSync(join(dir, 'runner.py'), [
      'import runpy, aiohttp, kopf',
      '# Debian\'s aiohttp (3.8) has no session-wide `proxy`; Kopf passes None here (no proxy configured).',
      '_session = aiohttp.ClientSession.__init__',
      'def _init(self, *args, proxy=None, **kwargs):',
      '    assert proxy is None, proxy',
      '    _session(self, *args, **kwargs)',
      'aiohttp.ClientSession.__init__ = _init',
      'kopf.configure(verbose=True, log_prefix=None)',
      "runpy.run_path('example.py')",
      "kopf.run(standalone=True, namespaces=['default'])",
    ].join('\n'));
    child = spawn(python, ['runner.py'], {
      cwd: dir, env: { ...process.env, KUBECONFIG: kubeconfig, PYTHONPATH: values.kopf }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => { text += chunk; });
    child.stderr.on('data', (chunk) => { text += chunk; });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await until('Kopf to watch', () => /Resource '?kopfexamples/i.test(text) || /Starting the watch-stream for kopfexamples/.test(text), 60_000).catch(() => undefined);
    const seen = (pattern) => text.split('\n').some((line) => LINE.test(line) && pattern.test(line));
    const steps = {
      create: () => client.create(kex, parse(readFileSync(join(ROOT, 'examples/obj.yaml'), 'utf8')), { namespace: 'default' }),
      patch: (body) => client.patch(kex, 'kopf-example-1', body, { namespace: 'default', type: 'merge' }),
      delete: () => client.delete(kex, 'kopf-example-1', { namespace: 'default' }),
      gone: () => until('the object to go', async () => !(await client.get(kex, 'kopf-example-1', { namespace: 'default' }).then(() => true, () => false))),
      log: (pattern, timeoutMs) => until(`a Kopf line ${pattern}`, () => seen(pattern), timeoutMs),
    };
    await scenario.run(steps);
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
    const lines = [];
    for (const raw of text.split('\n')) {
      const match = LINE.exec(raw);
      if (!match || match[1] !== 'kopf.objects') continue;
      lines.push([LEVELS[match[2]] ?? match[2], normaliseLine(match[3])]);
    }
    return lines;
  } catch (error) {
    process.stderr.write(`Kopf's output so far:\n${text}\n`);
    throw error;
  } finally {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    client.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const vectors = { kopf: kopfVersion, generatedBy: 'node scripts/kopf-log-vectors.mjs --kopf <kopf checkout>', examples: {} };
for (const [name, scenario] of Object.entries(SCENARIOS)) {
  if (values.only && values.only !== name) continue;
  process.stdout.write(`== ${name}\n`);
  vectors.examples[name] = await runOne(name, scenario);
  for (const [level, message] of vectors.examples[name]) process.stdout.write(`  ${level.padEnd(5)} ${message}\n`);
}
writeFileSync(OUTPUT, `${JSON.stringify(vectors, null, 2)}\n`);
process.stdout.write(`wrote ${OUTPUT}\n`);
