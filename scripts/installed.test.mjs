// The packages as a user outside the repository gets them: every publishable package is packed as it
// would be published (`pnpm pack`, scripts/pack.mjs), passes scripts/publish.mjs's tarball check and
// `npm publish --dry-run` (this is CI's publish dry run, inside `npm test`), and the
// tarballs of @opkit/apiserver, @opkit/kube, @opkit/watching and @opkit/tasks (with the @opkit
// packages they need) are installed with npm into a fresh project in a temporary folder — no
// node_modules, tsconfig or lockfile of the repository can leak in. There an ES module written in
// TypeScript (module/moduleResolution nodenext, type-checked by tsc, run by Node) and a CommonJS
// script (`require()`, which the exports maps' `default` condition allows) each start the embedded
// API server, create an object, await `sleep()` and a watch event, stop everything and exit 0 on
// their own. Third-party dependencies come from the npm registry.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packAll } from './pack.mjs';
import { readTarball, tarballProblems } from './publish.mjs';
import { listWorkspacePackages } from './workspace.mjs';
import { deadline } from '@opkit/test-tools';

/** The packages the scripts use; their @opkit dependencies are installed with them. */
const USED = ['@opkit/apiserver', '@opkit/kube', '@opkit/watching', '@opkit/tasks'];

/** The project's own tools, pinned as the repository pins them. */
const TOOLS = { typescript: '5.9.3', '@types/node': '24.19.2' };

/** npm and node of the Node running this test (the bootstrapped toolchain under `npm test`). */
const BIN_DIR = dirname(process.execPath);
const NPM = existsSync(join(BIN_DIR, 'npm')) ? join(BIN_DIR, 'npm') : 'npm';

/** The environment of a user's shell: this Node first on PATH, none of pnpm's or npm's run-script variables. */
function userEnv() {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|pnpm_|PNPM_|TURBO_|VITEST|NODE_OPTIONS$|NODE_PATH$|INIT_CWD$)/i.test(key)) continue;
    env[key] = value;
  }
  env.PATH = `${BIN_DIR}:${process.env.PATH ?? ''}`;
  env.NO_COLOR = '1';
  env.npm_config_fund = 'false';
  env.npm_config_audit = 'false';
  env.npm_config_update_notifier = 'false';
  return env;
}

/**
 * Runs a command to its end; returns exit code and output (never throws). The timeout only stops a
 * hung command: on a busy CI machine, beside the scaffold end-to-end test's installs, an npm install
 * takes minutes.
 */
function run(command, args, cwd, timeout = deadline(600_000)) {
  const result = spawnSync(command, args, { cwd, env: userEnv(), encoding: 'utf8', timeout, maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, signal: result.signal, stdout: result.stdout ?? '', stderr: result.stderr ?? '', output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

function expectOk(what, result) {
  if (result.status !== 0) throw new Error(`${what} exited with ${String(result.status ?? result.signal)}:\n${result.output.slice(-6000)}`);
}

/** `names` and every @opkit package they depend on, transitively. */
function withOpkitDependencies(names) {
  const manifests = new Map(listWorkspacePackages().map((pkg) => [pkg.name, pkg.manifest]));
  const all = new Set();
  const visit = (name) => {
    if (all.has(name)) return;
    all.add(name);
    for (const dep of Object.keys(manifests.get(name)?.dependencies ?? {})) if (dep.startsWith('@opkit/')) visit(dep);
  };
  names.forEach(visit);
  return [...all].sort();
}

const ESM_SCRIPT = `// An ES module in TypeScript, as a user writes one: top-level await, nodenext resolution.
import { startApiServer } from '@opkit/apiserver';
import { connect, type KubeObject } from '@opkit/kube';
import { sleep } from '@opkit/tasks';
import { watchResource, type WatchEvent } from '@opkit/watching';

const server = await startApiServer();
const client = await connect({ server: { url: server.url } });
const configmaps = await client.resolveOne('configmaps');
const stop = new AbortController();
const added = new Promise<KubeObject>((resolve) => {
  watchResource(client, configmaps, { namespace: 'default', signal: stop.signal }).subscribe((event: WatchEvent) => {
    if (event.type === 'ADDED' && event.object.metadata?.name === 'hello') resolve(event.object);
  });
});
await client.create(configmaps, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'hello', namespace: 'default' }, data: { greeting: 'esm' } });
await sleep(10);
const aborted = await sleep(60_000, { signal: AbortSignal.abort('stopped') }).then(() => 'nothing', (reason: unknown) => String(reason));
console.log(\`slept; an aborted sleep rejected with \${aborted}\`);
const object = await added;
console.log(\`watched ADDED \${object.metadata?.name ?? '?'} \${JSON.stringify(object['data'])}\`);
stop.abort();
client.close();
await server.close();
console.log('esm done');
`;

const CJS_SCRIPT = `// A CommonJS script: require() of the Opkit packages (ES modules, loaded through the 'default' condition).
'use strict';
const { startApiServer } = require('@opkit/apiserver');
const { connect } = require('@opkit/kube');
const { sleep } = require('@opkit/tasks');
const { watchResource } = require('@opkit/watching');

async function main() {
  const server = await startApiServer();
  const client = await connect({ server: { url: server.url } });
  const configmaps = await client.resolveOne('configmaps');
  const stop = new AbortController();
  const added = new Promise((resolve) => {
    watchResource(client, configmaps, { namespace: 'default', signal: stop.signal }).subscribe((event) => {
      if (event.type === 'ADDED' && event.object.metadata.name === 'hello') resolve(event.object);
    });
  });
  await client.create(configmaps, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'hello', namespace: 'default' }, data: { greeting: 'cjs' } });
  await sleep(10);
  const aborted = await sleep(60000, { signal: AbortSignal.abort('stopped') }).then(() => 'nothing', (reason) => String(reason));
  console.log('slept; an aborted sleep rejected with ' + aborted);
  const object = await added;
  console.log('watched ADDED ' + object.metadata.name + ' ' + JSON.stringify(object.data));
  stop.abort();
  client.close();
  await server.close();
  console.log('cjs done');
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
`;

describe('the packed packages, installed with npm outside the repository', () => {
  let work;
  let packed;
  let project;

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'opkit-installed-'));
    packed = packAll(join(work, 'packs'));
    project = join(work, 'project');
    mkdirSync(project);
    const tarballs = new Map(packed.packages.map((p) => [p.name, p.file]));
    const dependencies = Object.fromEntries(withOpkitDependencies(USED).map((name) => [name, `file:${tarballs.get(name)}`]));
    writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'opkit-user', version: '1.0.0', private: true, type: 'module', dependencies, devDependencies: TOOLS }, null, 2)}\n`);
    // The compiler options of the projects create-operator generates. (skipLibCheck: client-node's
    // declarations reference 'ws' without depending on @types/ws.)
    const compilerOptions = {
      target: 'es2023', lib: ['es2024', 'esnext.disposable'], module: 'nodenext', moduleResolution: 'nodenext', types: ['node'], strict: true,
      noUncheckedIndexedAccess: true, noEmit: true, allowImportingTsExtensions: true, erasableSyntaxOnly: true, verbatimModuleSyntax: true, skipLibCheck: true,
    };
    writeFileSync(join(project, 'tsconfig.json'), `${JSON.stringify({ compilerOptions, files: ['main.ts'] }, null, 2)}\n`);
    writeFileSync(join(project, 'main.ts'), ESM_SCRIPT);
    writeFileSync(join(project, 'main.cjs'), CJS_SCRIPT);
    // A registry that cannot be used (an untrusted certificate, a host that does not resolve) fails the
    // install within seconds: one retry after 2 to 10 s, not two after 10 to 60 s for every request.
    const failFast = ['--fetch-retries=1', '--fetch-retry-mintimeout=2000', '--fetch-retry-maxtimeout=10000', '--fetch-timeout=60000'];
    expectOk('npm install', run(NPM, ['install', '--no-package-lock', '--prefer-offline', ...failFast], project, 1_500_000));
  }, deadline(1_800_000));

  // Removing a project's node_modules takes more than vitest's default 10 s on a busy machine.
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  }, deadline(300_000));

  it('packs every publishable package, and npm publish --dry-run accepts each tarball', () => {
    const names = packed.packages.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining([...USED, '@opkit/core', '@opkit/cli', 'create-operator']));
    for (const { name, version, file } of packed.packages) {
      // What scripts/publish.mjs checks before it publishes: no workspace: left, every exported file there, a LICENSE.
      expect(tarballProblems(readTarball(file)), name).toEqual([]);
      const result = run(NPM, ['publish', file, '--dry-run', '--tag', 'next', '--access', 'public', '--ignore-scripts'], work);
      expectOk(`npm publish --dry-run ${name}`, result);
      expect(result.output).toContain(`${name}@${version}`);
      // What the registry would get: the manifest with real versions (no workspace: protocol) and the licence.
      expect(result.output).toMatch(/LICENSE/);
      expect(result.output).not.toMatch(/npm warn publish npm auto-corrected/i);
    }
  }, deadline(1_800_000));

  it('installs rxjs once, as the peer dependency of @opkit/watching, and ranges for libraries', () => {
    const installed = (name) => JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8'));
    expect(installed('@opkit/watching').peerDependencies).toEqual({ rxjs: '^7.8.2' });
    expect(installed('@opkit/watching').dependencies['@opkit/kube']).toBe(installed('@opkit/kube').version);
    expect(installed('rxjs').version).toMatch(/^7\./);
    expect(existsSync(join(project, 'node_modules', '@opkit', 'watching', 'node_modules', 'rxjs'))).toBe(false);
    expect(installed('@opkit/kube').dependencies['@kubernetes/client-node']).toMatch(/^\^/);
  });

  it('type-checks and runs an ES module in TypeScript (nodenext) to exit code 0', () => {
    expectOk('tsc', run(join(project, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], project));
    const result = run(process.execPath, ['main.ts'], project);
    expectOk('node main.ts', result);
    expect(result.stdout.split('\n').filter(Boolean)).toEqual(['slept; an aborted sleep rejected with stopped', 'watched ADDED hello {"greeting":"esm"}', 'esm done']);
  }, deadline(600_000));

  it('runs a CommonJS script that require()s the packages to exit code 0', () => {
    const result = run(process.execPath, ['main.cjs'], project);
    expectOk('node main.cjs', result);
    expect(result.stdout.split('\n').filter(Boolean)).toEqual(['slept; an aborted sleep rejected with stopped', 'watched ADDED hello {"greeting":"cjs"}', 'cjs done']);
  }, deadline(600_000));
});
