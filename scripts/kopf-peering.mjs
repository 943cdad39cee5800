// Peering between a real Kopf operator and an Opkit one, run by hand (the real Kopf cannot run in CI):
// against the embedded API server with Kopf's peering resources, the two pause each other on the same
// priority, each one's --dev (666) pauses the other, each one's freeze pauses the other and each one's
// resume lifts it, and a short freeze expires on its own. It prints the log lines each side wrote and
// the records as the server stores them, and exits non-zero if a step did not happen.
//
// Usage: node scripts/bootstrap.mjs exec -- node scripts/kopf-peering.mjs --kopf /path/to/kopf-source
// Needs Debian's python3 with Kopf's dependencies (python3-aiohttp python3-click python3-yaml
// python3-iso8601 python3-pythonjsonlogger python3-typing-extensions python3-jsonpatch); a source
// checkout may need kopf/_cogs/helpers/versions.py with `version = None`. Build first: npx turbo run build.
// With Debian 12's packages Kopf 1.38 runs (1.44 needs a newer aiohttp); its peering code is the same.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './workspace.mjs';

const { values } = parseArgs({ options: { kopf: { type: 'string' }, python: { type: 'string' } } });
if (!values.kopf) {
  process.stderr.write('usage: node scripts/kopf-peering.mjs --kopf /path/to/kopf-source [--python /usr/bin/python3]\n');
  process.exit(2);
}
const python = values.python ?? '/usr/bin/python3';
const { startApiServer } = await import(join(ROOT, 'packages/apiserver/dist/index.js'));
const { connect } = await import(join(ROOT, 'packages/kube/dist/index.js'));
const { peeringCrds, peeringObjects } = await import(join(ROOT, 'packages/peering/dist/index.js'));
const { parse } = await import(join(ROOT, 'node_modules/.pnpm/node_modules/yaml/dist/index.js'));
const OP = join(ROOT, 'apps/op/dist/bin/op.js');

const dir = mkdtempSync(join(tmpdir(), 'opkit-kopf-peering-'));
const server = await startApiServer({ port: 0 });
const kubeconfig = join(dir, 'kubeconfig');
writeFileSync(kubeconfig, server.kubeconfig({ namespace: 'default' }));
const client = await connect({ kubeconfig });
const say = (line) => process.stdout.write(`${line}\n`);

writeFileSync(join(dir, 'kopf_op.py'), `import os
import kopf

@kopf.on.create('kopfexamples')
def create_fn(name, **_):
    print(f"KOPF CREATE {name} by {os.environ.get('POD_ID')}", flush=True)
`);
writeFileSync(join(dir, 'opkit_op.ts'), `import { on } from '@opkit/core';
on.create('kopfexamples', function create_fn({ name, logger }) {
  logger.info(\`OPKIT CREATE \${name} by \${process.env.POD_ID}\`);
});
`);

// Kopf 1.40+ gives click.Choice an Enum, which click < 8.2 (Debian's is 8.1) cannot take: this shim
// maps Enum choices to their lowercase names and back, then runs Kopf's own CLI unchanged.
writeFileSync(join(dir, 'kopf_cli.py'), `import enum, runpy, sys
import click

class EnumChoice(click.Choice):
    def __init__(self, choices, case_sensitive=True):
        choices = list(choices)
        self.enum = type(choices[0]) if choices and isinstance(choices[0], enum.Enum) else None
        super().__init__([c.name.lower() if isinstance(c, enum.Enum) else c for c in choices], case_sensitive)

    def convert(self, value, param, ctx):
        if self.enum is not None and isinstance(value, self.enum):
            return value
        value = super().convert(value, param, ctx)
        return self.enum[value.upper()] if self.enum is not None else value

click.Choice = EnumChoice
sys.argv[0] = 'kopf'
runpy.run_module('kopf', run_name='__main__', alter_sys=True)
`);

function start(label, command, args, env = {}) {
  const child = spawn(command, args, { cwd: dir, env: { ...process.env, KUBECONFIG: kubeconfig, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const run = { label, child, text: '', exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
  child.stdout.on('data', (chunk) => { run.text += chunk; });
  child.stderr.on('data', (chunk) => { run.text += chunk; });
  return run;
}
const kopf = (id, ...more) => start(`kopf(${id})`, python, ['kopf_cli.py', 'run', '-A', '--verbose', 'kopf_op.py', ...more], { PYTHONPATH: values.kopf, POD_ID: id });
const opkit = (id, ...more) => start(`opkit(${id})`, process.execPath, [OP, 'run', 'opkit_op.ts', '-A', '--log-format', 'plain', '-v', ...more], { POD_ID: id });
const cli = async (...args) => { const run = start(args.join(' '), args[0], args.slice(1), { PYTHONPATH: values.kopf }); const code = await run.exited; return { code, text: run.text }; };

async function until(what, check, timeoutMs = 60_000) {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
/** Wait for a log line containing `text` that appears after `since` characters of output; print it. */
async function expectLine(run, text, since = 0) {
  const line = await until(`${run.label} to log "${text}"`, () => run.text.slice(since).split('\n').find((item) => item.includes(text)));
  say(`  ${run.label}: ${line.trim()}`);
  return line;
}
async function stop(run) {
  run.child.kill('SIGINT');
  const timer = setTimeout(() => run.child.kill('SIGKILL'), 15_000);
  await run.exited;
  clearTimeout(timer);
}

let failed = false;
const running = [];
try {
  const crdsResource = await client.resolveOne({ group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions' });
  await client.create(crdsResource, parse(readFileSync(join(ROOT, 'examples/crd.yaml'), 'utf8')));
  for (const crd of peeringCrds()) await client.create(crdsResource, crd);
  const peerings = await until('the peering CRD to be served', async () => { client.invalidateDiscovery(); return (await client.resolve('clusterkopfpeerings.kopf.dev'))[0]; });
  const kex = await until('the KopfExample CRD to be served', async () => (await client.resolve('kopfexamples.kopf.dev'))[0]);
  await client.create(peerings, peeringObjects('default', [])[0]);
  const records = async () => {
    const response = await globalThis.fetch(`${server.url}/apis/kopf.dev/v1/clusterkopfpeerings/default`);
    return JSON.stringify(JSON.parse(await response.text()).status ?? {});
  };

  say('== 1. Same priority: Kopf and Opkit pause each other');
  const k0 = kopf('kopf-0');
  const o0 = opkit('opkit-0');
  running.push(k0, o0);
  await expectLine(k0, 'Possibly conflicting operators with the same priority: [<Peer opkit-0:');
  await expectLine(k0, 'Pausing all operators, including self:');
  await expectLine(o0, 'Possibly conflicting operators with the same priority: [<Peer kopf-0:');
  await expectLine(o0, 'Pausing all operators, including self:');
  say(`  records as stored: ${await records()}`);

  say('== 2. Opkit leaves: Kopf resumes (Opkit removed its record)');
  let mark = k0.text.length;
  await stop(o0);
  await expectLine(k0, 'Resuming operations after the pause.', mark);
  say(`  records as stored: ${await records()}`);

  say('== 3. Opkit --dev: Kopf pauses in its favour; Opkit handles a new object; Kopf resumes when it leaves');
  mark = k0.text.length;
  const oDev = opkit('opkit-dev', '--dev');
  running.push(oDev);
  await expectLine(k0, 'Pausing operations in favour of [<Peer opkit-dev: priority=666', mark);
  await client.create(kex, { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'for-opkit-dev', namespace: 'default' }, spec: {} });
  await expectLine(oDev, 'OPKIT CREATE for-opkit-dev by opkit-dev');
  mark = k0.text.length;
  await stop(oDev);
  await expectLine(k0, 'Resuming operations after the pause.', mark);
  await stop(k0);

  say('== 4. Kopf --dev: Opkit pauses in its favour; Kopf handles a new object; Opkit resumes when it leaves');
  const o1 = opkit('opkit-1');
  running.push(o1);
  await expectLine(o1, "Keep-alive in 'default' cluster-wide: ok.");
  mark = o1.text.length;
  const kDev = kopf('kopf-dev', '--dev');
  running.push(kDev);
  await expectLine(o1, 'Pausing operations in favour of [<Peer kopf-dev: priority=666', mark);
  say(`  records as stored: ${await records()}`);
  await client.create(kex, { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'for-kopf-dev', namespace: 'default' }, spec: {} });
  await expectLine(kDev, 'KOPF CREATE for-kopf-dev by kopf-dev');
  mark = o1.text.length;
  await stop(kDev);
  await expectLine(o1, 'Resuming operations after the pause.', mark);

  say('== 5. kopf freeze pauses Opkit; op resume (same identity: user@host) lifts it');
  mark = o1.text.length;
  let result = await cli(python, 'kopf_cli.py', 'freeze', '--lifetime', '600', '--priority', '100', '--peering', 'default', '-A');
  say(`  kopf freeze exit ${result.code}`);
  const frozenBy = (await expectLine(o1, 'Pausing operations in favour of [<Peer ', mark)).match(/<Peer ([^:]+):/)[1];
  say(`  records as stored: ${await records()}`);
  mark = o1.text.length;
  result = await cli(process.execPath, OP, 'resume');
  say(`  op resume: ${result.text.trim()} (exit ${result.code})`);
  try {
    await expectLine(o1, 'Resuming operations after the pause.', mark);
  } catch {
    say(`  op resume removed a record of another identity than Kopf's (${frozenBy}); retrying with --id`);
    failed = true;
    await cli(process.execPath, OP, 'resume', '--id', frozenBy);
    await expectLine(o1, 'Resuming operations after the pause.', mark);
  }

  say('== 6. op freeze pauses Kopf; kopf resume lifts it');
  const k1 = kopf('kopf-1');
  running.push(k1);
  await stop(o1);
  await until('Kopf to start', () => k1.text.includes('Keep-alive in'));
  mark = k1.text.length;
  result = await cli(process.execPath, OP, 'freeze', '--lifetime', '600', '--message', 'maintenance');
  say(`  op freeze: ${result.text.trim()} (exit ${result.code})`);
  await expectLine(k1, 'Pausing operations in favour of [<Peer ', mark);
  say(`  records as stored: ${await records()}`);
  mark = k1.text.length;
  result = await cli(python, 'kopf_cli.py', 'resume', '--peering', 'default', '-A');
  say(`  kopf resume exit ${result.code}`);
  await expectLine(k1, 'Resuming operations after the pause.', mark);

  say('== 7. A 5-second op freeze expires by itself for Kopf');
  mark = k1.text.length;
  const frozenAt = Date.now();
  await cli(process.execPath, OP, 'freeze', '--lifetime', '5', '--id', 'short-freeze');
  await expectLine(k1, 'Pausing operations in favour of [<Peer short-freeze: priority=100, lifetime=5', mark);
  await expectLine(k1, 'Resuming operations after the pause.', mark);
  say(`  Kopf resumed ${Date.now() - frozenAt} ms after the freeze; records as stored: ${await records()}`);
  await stop(k1);
} catch (error) {
  failed = true;
  say(`error: ${error.message}`);
  for (const run of running) say(`--- ${run.label}\n${run.text.split('\n').slice(-25).join('\n')}`);
} finally {
  for (const run of running) if (run.child.exitCode === null) run.child.kill('SIGKILL');
  client.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
say(failed ? 'PEERING FAILED' : 'PEERING OK: Kopf and Opkit pause and resume each other');
process.exit(failed ? 1 : 0);
