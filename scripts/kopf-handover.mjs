// The live handover between Kopf and Opkit, run by hand (the real Kopf cannot run in CI): against the
// embedded API server, a Kopf operator handles an object, then an Opkit operator in the `kopf`
// persistence profile takes it over (its resume handler runs, its create handler does not); then
// Opkit handles a new object and Kopf takes that one over the same way. It prints what happened and
// exits non-zero if either side re-ran a creation.
//
// Usage: node scripts/bootstrap.mjs exec -- node scripts/kopf-handover.mjs --kopf /path/to/kopf-source
// Needs Debian's python3 with Kopf's dependencies (python3-aiohttp python3-click python3-yaml
// python3-iso8601 python3-pythonjsonlogger python3-typing-extensions python3-jsonpatch); Kopf 1.38 runs as is.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './workspace.mjs';

const { values } = parseArgs({ options: { kopf: { type: 'string' }, python: { type: 'string' } } });
if (!values.kopf) {
  process.stderr.write('usage: node scripts/kopf-handover.mjs --kopf /path/to/kopf-source [--python /usr/bin/python3]\n');
  process.exit(2);
}
const python = values.python ?? '/usr/bin/python3';
const { startApiServer } = await import(join(ROOT, 'packages/apiserver/dist/index.js'));
const { connect } = await import(join(ROOT, 'packages/kube/dist/index.js'));
const { parse } = await import(join(ROOT, 'node_modules/.pnpm/node_modules/yaml/dist/index.js'));
const OP = join(ROOT, 'apps/op/dist/bin/op.js');

const dir = mkdtempSync(join(tmpdir(), 'opkit-handover-'));
const server = await startApiServer({ port: 0 });
const kubeconfig = join(dir, 'kubeconfig');
writeFileSync(kubeconfig, server.kubeconfig({ namespace: 'default' }));
const client = await connect({ kubeconfig });
const report = [];
const say = (line) => { report.push(line); process.stdout.write(`${line}\n`); };

writeFileSync(join(dir, 'kopf_op.py'), `import kopf

@kopf.on.create('kopfexamples')
def create_fn(name, **_):
    print(f"KOPF CREATE {name}", flush=True)
    return {'message': 'from kopf'}

@kopf.on.resume('kopfexamples')
def resume_fn(name, **_):
    print(f"KOPF RESUME {name}", flush=True)
`);
writeFileSync(join(dir, 'opkit_op.ts'), `import { on } from '@opkit/core';
on.create('kopfexamples', function create_fn({ name, logger }) {
  logger.info(\`OPKIT CREATE \${name}\`);
  return { message: 'from opkit' };
});
on.resume('kopfexamples', function resume_fn({ name, logger }) {
  logger.info(\`OPKIT RESUME \${name}\`);
});
`);

function start(command, args, env = {}) {
  const child = spawn(command, args, { cwd: dir, env: { ...process.env, KUBECONFIG: kubeconfig, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { text: '' };
  child.stdout.on('data', (chunk) => { output.text += chunk; });
  child.stderr.on('data', (chunk) => { output.text += chunk; });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, output, exited };
}

async function until(what, check, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stop(run) {
  run.child.kill('SIGINT');
  const timer = setTimeout(() => run.child.kill('SIGKILL'), 15_000);
  await run.exited;
  clearTimeout(timer);
}

const kopf = () => start(python, ['-m', 'kopf', 'run', '--standalone', '--verbose', '-n', 'default', 'kopf_op.py'], { PYTHONPATH: values.kopf });
const opkit = () => start(process.execPath, [OP, 'run', 'opkit_op.ts', '-n', 'default', '--persistence', 'kopf', '--log-format', 'plain', '-v']);

let failed = false;
try {
  const crdsResource = await client.resolveOne({ group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions' });
  await client.create(crdsResource, parse(readFileSync(join(ROOT, 'examples/crd.yaml'), 'utf8')));
  const kex = await until('the CRD to be served', async () => (await client.resolve('kopfexamples.kopf.dev'))[0]);
  const object = (name) => ({ ...parse(readFileSync(join(ROOT, 'examples/obj.yaml'), 'utf8')), metadata: { name, namespace: 'default', labels: { somelabel: 'somevalue' }, annotations: { someannotation: 'somevalue' } } });
  const get = (name) => client.get(kex, name, { namespace: 'default' });
  const handled = (name, message) => async () => {
    const body = await get(name);
    return body.status?.create_fn?.message === message && body.metadata.annotations?.['kopf.zalando.org/last-handled-configuration'] ? body : undefined;
  };

  say('== Kopf handles kopf-example-1');
  let run = kopf();
  await until('Kopf to start', () => /Client is configured|Initial authentication has finished|Starting the main app|Resource .* watching/i.test(run.output.text) || run.output.text.length > 0, 30_000);
  await client.create(kex, object('kopf-example-1'), { namespace: 'default' });
  let body = await until('Kopf to handle kopf-example-1', handled('kopf-example-1', 'from kopf'));
  say(`Kopf wrote: ${JSON.stringify(Object.fromEntries(Object.entries(body.metadata.annotations).filter(([k]) => k.startsWith('kopf.zalando.org/'))))}`);
  await stop(run);

  say('== Opkit (--persistence kopf) takes over kopf-example-1, then handles kopf-example-2');
  run = opkit();
  await until('Opkit to resume kopf-example-1', () => run.output.text.includes('OPKIT RESUME kopf-example-1'));
  await client.create(kex, object('kopf-example-2'), { namespace: 'default' });
  body = await until('Opkit to handle kopf-example-2', handled('kopf-example-2', 'from opkit'));
  say(`Opkit wrote: ${JSON.stringify(Object.fromEntries(Object.entries(body.metadata.annotations).filter(([k]) => k.startsWith('kopf.zalando.org/'))))}`);
  await stop(run);
  const opkitCreated1 = run.output.text.includes('OPKIT CREATE kopf-example-1');
  say(`Opkit ran create_fn for kopf-example-1: ${opkitCreated1 ? 'YES (wrong)' : 'no'}; resumed it: ${run.output.text.includes('OPKIT RESUME kopf-example-1') ? 'yes' : 'NO (wrong)'}`);
  failed ||= opkitCreated1;

  say('== Kopf takes over kopf-example-2');
  run = kopf();
  await until('Kopf to resume kopf-example-2', () => run.output.text.includes('KOPF RESUME kopf-example-2'));
  await stop(run);
  const kopfCreated2 = run.output.text.includes('KOPF CREATE kopf-example-2');
  say(`Kopf ran create_fn for kopf-example-2: ${kopfCreated2 ? 'YES (wrong)' : 'no'}; resumed it: yes`);
  failed ||= kopfCreated2;
  body = await get('kopf-example-2');
  say(`kopf-example-2 status.create_fn.message: ${body.status?.create_fn?.message}`);
  failed ||= body.status?.create_fn?.message !== 'from opkit';
} catch (error) {
  failed = true;
  say(`error: ${error.message}`);
} finally {
  client.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
say(failed ? 'HANDOVER FAILED' : 'HANDOVER OK: neither side re-ran a creation the other had done');
process.exit(failed ? 1 : 0);
