// 18-conversion: against the embedded API server the operator becomes the Widget CRD's conversion webhook with no
// configuration; the real kubectl creates a widget at v1, reads it at v2 and back, writes at v2, lists and watches at
// both versions; with the operator stopped (the webhook down) kubectl gets kube's error for the version that is not
// stored. The handlers on v1 and v2 each see the object at their own version. The conversions lose nothing (a round
// trip), and `op migrate-storage` moves the widgets to v2 once v2 is stored.
// Without kubectl (`KUBECTL`, else PATH) the tests that drive it are skipped with the reason; with CI set they fail,
// naming kubectl (.ci/run installs it).
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateStorage } from '@opkit/cli';
import { expectRoundTrip, startTestEnv } from '@opkit/testing';
import type { TestEnv } from '@opkit/testing';
import { deadline, findTool, useTool } from '@opkit/test-tools';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';

const operator = fileURLToPath(new URL('operator.ts', import.meta.url));
const crd = fileURLToPath(new URL('crd.yaml', import.meta.url));
const obj = fileURLToPath(new URL('obj.yaml', import.meta.url));
const kubectlTool = findTool('kubectl');
// kubectl's HOME (its discovery cache) in a directory of its own, removed after the tests.
const home = mkdtempSync(join(tmpdir(), 'opkit-kubectl-home-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const CRD_REF = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: 'widgets.example.com' };
const widgetAt = (version: string) => ({ apiVersion: `example.com/${version}`, kind: 'Widget', name: 'widget-1', namespace: 'default' });

type Json = Record<string, any>;

function kubectl(env: TestEnv, args: string[], input?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(kubectlTool.command, args, { env: { PATH: process.env.PATH, HOME: home, KUBECONFIG: env.kubeconfigPath }, timeout: deadline(60_000) },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }));
    child.stdin!.end(input ?? '');
  });
}

async function kubectlJson(env: TestEnv, args: string[], input?: string): Promise<Json> {
  const result = await kubectl(env, [...args, '-o', 'json'], input);
  if (result.code !== 0) throw new Error(`kubectl ${args.join(' ')} failed (${result.code}): ${result.stderr}`);
  return JSON.parse(result.stdout) as Json;
}

/** `kubectl get RESOURCE --watch`, one line per event: `TYPE apiVersion spec-as-JSON`. */
class KubectlWatch {
  readonly lines: string[] = [];
  readonly #child: ChildProcess;
  #stderr = '';

  constructor(env: TestEnv, resource: string) {
    const template = '{.type} {.object.apiVersion} {.object.spec}{"\\n"}';
    this.#child = spawn(kubectlTool.command, ['get', resource, '--watch', '--output-watch-events', '-o', `jsonpath=${template}`], {
      env: { PATH: process.env.PATH, HOME: home, KUBECONFIG: env.kubeconfigPath },
    });
    let partial = '';
    this.#child.stdout!.on('data', (chunk: Buffer) => {
      const text = partial + chunk.toString();
      const complete = text.split('\n');
      partial = complete.pop() ?? '';
      this.lines.push(...complete.filter(Boolean));
    });
    this.#child.stderr!.on('data', (chunk: Buffer) => { this.#stderr += chunk.toString(); });
  }

  /** Waits until a line matches (the watch's output so far in the error otherwise). */
  async until(what: RegExp, timeoutMs = deadline(30_000)): Promise<void> {
    for (const giveUpAt = Date.now() + timeoutMs; Date.now() < giveUpAt;) {
      if (this.lines.some((line) => what.test(line))) return;
      await new Promise((resolve) => { setTimeout(resolve, 50); });
    }
    throw new Error(`kubectl watch printed no line matching ${String(what)}; it printed:\n${this.lines.join('\n')}\n${this.#stderr}`);
  }

  stop(): void {
    this.#child.kill('SIGKILL');
  }
}

describe('example 18-conversion', () => {
  let env: TestEnv;
  const watches: KubectlWatch[] = [];
  beforeEach(async () => { env = await startTestEnv({ crds: [crd] }); });
  afterEach(async () => {
    for (const watch of watches.splice(0)) watch.stop();
    await env.dispose();
  });

  it('serves the widget at v1 and v2 to kubectl through the operator, and kube\'s error with the operator stopped', async (ctx) => {
    useTool(ctx, kubectlTool);
    const run = await env.run(operator);
    // The operator patched the CRD's conversion stanza to point at its webhook server.
    const managed = await env.waitFor(CRD_REF, (body) => body.spec.conversion?.strategy === 'Webhook');
    expect(managed.spec.conversion.webhook.clientConfig.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/convert\/widgets\.example\.com$/);

    expect((await kubectl(env, ['create', '-f', obj])).code).toBe(0);
    const atV2 = await kubectlJson(env, ['get', 'widgets.v2.example.com', 'widget-1']);
    expect(atV2.apiVersion).toBe('example.com/v2');
    expect(atV2.spec).toEqual({ size: 3, color: 'blue' });
    const atV1 = await kubectlJson(env, ['get', 'widgets.v1.example.com', 'widget-1']);
    expect(atV1.apiVersion).toBe('example.com/v1');
    expect(atV1.spec).toEqual({ replicas: 3, color: 'blue' });

    // kubectl watches at both versions: each lists the widget (ADDED) at its version, then sees the write at v2.
    const watchV1 = new KubectlWatch(env, 'widgets.v1.example.com');
    const watchV2 = new KubectlWatch(env, 'widgets.v2.example.com');
    watches.push(watchV1, watchV2);
    await watchV1.until(/^ADDED example\.com\/v1 \{"color":"blue","replicas":3\}$/);
    await watchV2.until(/^ADDED example\.com\/v2 \{"color":"blue","size":3\}$/);

    // A write at v2 is stored (at v1) converted, and read back at both.
    expect((await kubectl(env, ['patch', 'widgets.v2.example.com', 'widget-1', '--type=merge', '-p', '{"spec":{"size":5}}'])).code).toBe(0);
    expect((await kubectlJson(env, ['get', 'widgets.v1.example.com', 'widget-1'])).spec).toEqual({ replicas: 5, color: 'blue' });
    const listV1 = await kubectlJson(env, ['get', 'widgets.v1.example.com']);
    const listV2 = await kubectlJson(env, ['get', 'widgets.v2.example.com']);
    expect((listV1.items as Json[]).map((item) => [item.apiVersion, item.spec])).toEqual([['example.com/v1', { replicas: 5, color: 'blue' }]]);
    expect((listV2.items as Json[]).map((item) => [item.apiVersion, item.spec])).toEqual([['example.com/v2', { size: 5, color: 'blue' }]]);
    // The printer columns of each version: kubectl's table at v1 shows Replicas, at v2 Size (and, as kube does when a
    // CRD names its columns, no Age).
    expect((await kubectl(env, ['get', 'widgets.v1.example.com'])).stdout).toMatch(/^NAME\s+REPLICAS\nwidget-1\s+5\n$/);
    expect((await kubectl(env, ['get', 'widgets.v2.example.com'])).stdout).toMatch(/^NAME\s+SIZE\nwidget-1\s+5\n$/);

    await watchV1.until(/^MODIFIED example\.com\/v1 \{"color":"blue","replicas":5\}$/);
    await watchV2.until(/^MODIFIED example\.com\/v2 \{"color":"blue","size":5\}$/);
    for (const line of [...watchV1.lines]) expect(line).toMatch(/^\w+ example\.com\/v1 /);
    for (const line of [...watchV2.lines]) expect(line).toMatch(/^\w+ example\.com\/v2 /);

    // The operator stops; the stanza stays, so reading at v2 needs the webhook that is gone: kube's error.
    await run.stop();
    const down = await kubectl(env, ['get', 'widgets.v2.example.com', 'widget-1']);
    expect(down.code).not.toBe(0);
    expect(down.stderr.trim()).toMatch(
      /^Error from server: conversion webhook for example\.com\/v1, Kind=Widget failed: Post "https:\/\/127\.0\.0\.1:\d+\/convert\/widgets\.example\.com(\?timeout=30s)?": dial tcp 127\.0\.0\.1:\d+: connect: connection refused$/,
    );
    // The stored version needs no conversion.
    expect((await kubectlJson(env, ['get', 'widgets.v1.example.com', 'widget-1'])).spec).toEqual({ replicas: 5, color: 'blue' });
  });

  it('gives each version\'s handlers the object at that version, each with its own records, and settles', async () => {
    const run = await env.run(operator);
    await env.apply(obj);
    const body = await env.waitFor(widgetAt('v1'), (b) => b.status?.created_v1 !== undefined && b.status?.created_v2 !== undefined
      && b.status?.opkit?.['last-handled-configuration'] !== undefined && b.status?.opkit?.['last-handled-configuration.v2'] !== undefined);
    // The creation handler on v2 got the widget at v2 (converted by the webhook: size, not replicas), the one on v1 at v1 …
    expect(body.status.created_v2).toEqual({ apiVersion: 'example.com/v2', size: 3 });
    expect(body.status.created_v1).toEqual({ apiVersion: 'example.com/v1', replicas: 3 });
    await run.waitForLog('[default/widget-1] Created, seen at example.com/v2: size 3.');
    await run.waitForLog('[default/widget-1] Created, seen at example.com/v1: 3 replicas.');
    // … each version keeps its own diff-base, of the object in its own form, and its own finalizer.
    expect(JSON.parse(body.status.opkit['last-handled-configuration'])).toMatchObject({ spec: { replicas: 3 } });
    expect(JSON.parse(body.status.opkit['last-handled-configuration.v2'])).toMatchObject({ spec: { size: 3 } });
    // … and the event spy on v1 got it at v1.
    await run.waitForLog(/^\[default\/widget-1\] \w+, seen at example\.com\/v1: 3 replicas\.$/);
    // A change at v2 reaches the v1 spy at v1 and each version's processing once: neither version takes the other's
    // records as a change (with one shared diff-base the two would patch the object in turn without end).
    await env.client.patch({ group: 'example.com', version: 'v2', plural: 'widgets', kind: 'Widget', namespaced: true }, 'widget-1', { spec: { size: 4 } }, { namespace: 'default' });
    await run.waitForLog('[default/widget-1] MODIFIED, seen at example.com/v1: 4 replicas.');
    const settled = await env.waitFor(widgetAt('v1'), (b) => JSON.parse(b.status?.opkit?.['last-handled-configuration'] ?? '{}').spec?.replicas === 4
      && JSON.parse(b.status?.opkit?.['last-handled-configuration.v2'] ?? '{}').spec?.size === 4);
    const updates = run.logs.filter((line) => line.includes('Updating is in progress'));
    expect(updates.length).toBeLessThanOrEqual(2);
    expect(run.logs.filter((line) => line.includes("Handler 'created_v2' succeeded."))).toHaveLength(1);
    expect(run.logs.filter((line) => line.includes("Handler 'created_v1' succeeded."))).toHaveLength(1);
    // Nothing more is written once both versions stored the change.
    const again = await env.get(widgetAt('v1')) as Json;
    expect(again.metadata.resourceVersion).toBe(settled.metadata.resourceVersion);
  });

  it('op migrate-storage moves the widgets to v2 once v2 is stored (read back at v2 with the webhook gone)', async () => {
    const run = await env.run(operator);
    await env.waitFor(CRD_REF, (body) => body.spec.conversion?.strategy === 'Webhook');
    await env.apply(obj);
    // v2 becomes the storage version; widget-1 stays stored at v1 until something writes it.
    const crdBody = await env.get(CRD_REF) as Json;
    for (const version of crdBody.spec.versions as { name: string; storage: boolean }[]) version.storage = version.name === 'v2';
    await env.client.replace({ group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions', kind: 'CustomResourceDefinition', namespaced: false }, crdBody as never);
    expect((await env.waitFor(CRD_REF, (body) => (body.status.storedVersions as string[]).length === 2)).status.storedVersions).toEqual(['v1', 'v2']);

    const result = await migrateStorage(env.client, 'wdg');
    expect(result).toMatchObject({ crd: 'widgets.example.com', storageVersion: 'v2', seen: 1, rewritten: 1, storedVersionsBefore: ['v1', 'v2'], storedVersionsAfter: ['v2'] });
    expect(((await env.get(CRD_REF)) as Json).status.storedVersions).toEqual(['v2']);

    // Stored at v2 now: with the webhook gone, v2 is read without a conversion, v1 needs one and fails.
    await run.stop();
    expect(((await env.get(widgetAt('v2'))) as Json).spec).toEqual({ size: 3, color: 'blue' });
    await expect(env.get(widgetAt('v1'))).rejects.toThrow(/conversion webhook for example\.com\/v2, Kind=Widget failed/);
  });

  it('converts without loss: v1 → v2 → v1 and v2 → v1 → v2', async () => {
    await expectRoundTrip(operator, [
      { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { replicas: 2, color: 'red' } },
      { apiVersion: 'example.com/v2', kind: 'Widget', metadata: { name: 'w' }, spec: { size: 7, color: 'green' } },
    ]);
  });
});
