// Acceptance: the real kubectl creates a custom resource at v1 and gets it at v2 and back, lists at both,
// against the embedded server with a conversion webhook (HTTPS, trusted through caBundle); with the webhook
// down, kubectl prints kube's error. Without kubectl (`KUBECTL`, else PATH) every test here is skipped with
// the reason; with CI set each fails, naming kubectl.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deadline, requireTool } from '@opkit/test-tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { TestWebhook, twoVersionCrd } from './conversionHelpers.js';
import { call, waitFor } from './protocolHelpers.js';
import { kubectlRunner } from './kubectlRun.js';

const kubectlTool = requireTool('kubectl');
const KUBECTL = kubectlTool.command;

let server: ApiServer;
let home: string;
let env: NodeJS.ProcessEnv;
const hook = new TestWebhook();

const kubectlRun = kubectlRunner(KUBECTL, () => env, deadline(60_000));
const kubectl = kubectlRun.run;
const ok = kubectlRun.ok;

beforeAll(async () => {
  if (kubectlTool.missing) return; // its tests are skipped (or failed, under CI) by requireTool
  server = await startApiServer();
  home = await mkdtemp(join(tmpdir(), 'opkit-kubectl-conversion-'));
  await server.writeKubeconfig(join(home, 'kubeconfig'));
  env = { PATH: process.env.PATH, HOME: home, KUBECONFIG: join(home, 'kubeconfig') };
  await hook.start();
  const crd = twoVersionCrd('hooks', 'v1', {
    strategy: 'Webhook',
    webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: `https://127.0.0.1:${hook.port}/convert`, caBundle: hook.caBundle } },
  });
  await ok(['apply', '-f', '-'], JSON.stringify(crd));
  await waitFor(async () => (await call(server.url, 'GET', `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crd.metadata.name}`)).body?.status?.conditions?.some((c: any) => c.type === 'Established' && c.status === 'True'));
});
afterAll(async () => {
  await hook.stop();
  await server?.close();
  if (home) await rm(home, { recursive: true, force: true });
});

describe('kubectl and a conversion webhook', () => {
  it('creates at v1, gets at v2 and back, lists at both', async () => {
    const created = await kubectl(['create', '-f', '-'], JSON.stringify({ apiVersion: 'conv.example.com/v1', kind: 'Hook', metadata: { name: 'a', namespace: 'default' }, spec: { size: 3, color: 'green' } }));
    expect(created.code, created.stderr).toBe(0);
    // The deprecated v1 warns, as kube does.
    expect(created.stderr).toContain('Warning: conv.example.com/v1 Hook is deprecated');
    const atV2 = JSON.parse(await ok(['get', 'hooks.v2.conv.example.com', 'a', '-o', 'json']));
    expect(atV2.apiVersion).toBe('conv.example.com/v2');
    expect(atV2.spec).toEqual({ replicas: 3, colour: 'green' });
    const atV1 = JSON.parse(await ok(['get', 'hooks.v1.conv.example.com', 'a', '-o', 'json']));
    expect(atV1.apiVersion).toBe('conv.example.com/v1');
    expect(atV1.spec).toEqual({ size: 3, color: 'green' });
    const table = await ok(['get', 'hooks.v2.conv.example.com']);
    expect(table).toMatch(/NAME\s+REPLICAS/);
    expect(table).toMatch(/a\s+3/);
    const listV1 = JSON.parse(await ok(['get', 'hooks.v1.conv.example.com', '-o', 'json']));
    expect(listV1.items.map((i: any) => [i.apiVersion, i.spec.size])).toEqual([['conv.example.com/v1', 3]]);
    const patched = JSON.parse(await ok(['patch', 'hooks.v2.conv.example.com', 'a', '--type', 'merge', '-p', '{"spec":{"replicas":5}}', '-o', 'json']));
    expect(patched.spec.replicas).toBe(5);
    expect(JSON.parse(await ok(['get', 'hooks.v1.conv.example.com', 'a', '-o', 'json'])).spec.size).toBe(5);
  });

  it('prints kube’s error when the webhook is down', async () => {
    await hook.stop();
    try {
      const run = await kubectl(['get', 'hooks.v2.conv.example.com', 'a', '-o', 'json']);
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain(`Error from server: conversion webhook for conv.example.com/v1, Kind=Hook failed: Post "https://127.0.0.1:${hook.port}/convert?timeout=30s": dial tcp 127.0.0.1:${hook.port}: connect: connection refused`);
    } finally {
      await hook.start();
    }
  });
});
