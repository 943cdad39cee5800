// What an operator loads at start-up: @opkit/core and a client given its server (the embedded API server, an
// explicit URL) load neither @kubernetes/client-node (about a thousand modules), TypeBox (the schema builders) nor
// node-forge (webhook certificates); each comes in when first needed — reading a kubeconfig, defining a typed
// resource, making certificates. Checked in a fresh Node process that records every module it loads.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const HEAVY = ['@kubernetes+client-node', 'typebox', 'node-forge'];

/** Runs `body` (an ES module's text, after the recording hook is installed) and returns the heavy packages loaded. */
function heavyLoadedBy(body: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'opkit-startup-'));
  const script = join(fileURLToPath(new URL('..', import.meta.url)), `startup-probe-${process.pid}.mjs`);
  writeFileSync(script, `
import { registerHooks } from 'node:module';
const loaded = new Set();
registerHooks({ load(url, context, next) { loaded.add(url); return next(url, context); } });
${body}
const heavy = ${JSON.stringify(HEAVY)}.filter((name) => [...loaded].some((url) => url.includes('/node_modules/.pnpm/' + name + '@')));
console.log(JSON.stringify(heavy));
process.exit(0);
`);
  try {
    const out = execFileSync(process.execPath, [script], { encoding: 'utf8', env: { ...process.env, KUBECONFIG: join(dir, 'kubeconfig') } });
    return JSON.parse(out.trim().split('\n').pop()!) as string[];
  } finally {
    rmSync(script, { force: true });
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('start-up', () => {
  it('loads no kubeconfig parser, schema builder or certificate library for an operator given its server', () => {
    expect(heavyLoadedBy(`
const { Operator, Registry } = await import('@opkit/core');
const { connect } = await import('@opkit/kube');
const client = await connect({ server: { url: 'http://127.0.0.1:1' } });
const registry = new Registry();
registry.on.create('kopfexamples.kopf.dev', function create_fn() { return undefined; });
new Operator({ registry, client });
client.close();
`)).toEqual([]);
  });

  it('loads @kubernetes/client-node when a kubeconfig is read', () => {
    const kubeconfig = 'apiVersion: v1\\nkind: Config\\nclusters: [{name: c, cluster: {server: "http://127.0.0.1:1"}}]\\nusers: [{name: u, user: {token: t}}]\\ncontexts: [{name: x, context: {cluster: c, user: u}}]\\ncurrent-context: x\\n';
    expect(heavyLoadedBy(`
const { writeFileSync } = await import('node:fs');
writeFileSync(process.env.KUBECONFIG, ${JSON.stringify(kubeconfig)}.replaceAll('\\\\n', '\\n'));
const { connect } = await import('@opkit/kube');
const client = await connect({ kubeconfig: process.env.KUBECONFIG });
client.close();
`)).toEqual(['@kubernetes+client-node']);
  });

  it('sees each of them once it is used (so that an empty list above means not loaded, not not recognised)', () => {
    expect(heavyLoadedBy(`
const { k } = await import('@opkit/schema');
k.string();
const { generateCertificates } = await import('@opkit/webhooks');
generateCertificates({ hostnames: ['localhost'] });
`).sort()).toEqual(['node-forge', 'typebox']);
  });
});
