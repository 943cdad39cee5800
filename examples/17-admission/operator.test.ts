// 17-admission: against the embedded API server the operator serves its webhooks with no configuration;
// the managed configurations carry Kopf's names, rules and object selector; kubectl sees each handler's
// verdict (message and code), warning and mutation; and stopping leaves no non-persistent webhook. authhook's
// warnings for a client certificate (with or without a common name) are Kopf's, called directly.
// Without kubectl (`KUBECTL`, else PATH) the tests that drive it are skipped with the reason; with CI set they
// fail, naming kubectl (.ci/run installs it).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as connectTls } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { loadOperator } from '@opkit/core';
import { startTestEnv } from '@opkit/testing';
import type { TestEnv } from '@opkit/testing';
import { deadline, findTool, useTool } from '@opkit/test-tools';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';

const operator = fileURLToPath(new URL('operator.ts', import.meta.url));
const crd = fileURLToPath(new URL('../crd.yaml', import.meta.url));
const obj = fileURLToPath(new URL('../obj.yaml', import.meta.url));
/** kubectl, found once: the tests that drive it are skipped (failed under CI) without it (useTool). */
const kubectlTool = findTool('kubectl');
const KUBECTL = kubectlTool.command;
// kubectl's HOME (its discovery cache) in a directory of its own, removed after the tests.
const home = mkdtempSync(join(tmpdir(), 'opkit-kubectl-home-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const kex = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'kopf-example-1', namespace: 'default' };

function kubectl(env: TestEnv, args: string[], input?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(KUBECTL, args, { env: { PATH: process.env.PATH, HOME: home, KUBECONFIG: env.kubeconfigPath }, timeout: deadline(60_000) },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }));
    child.stdin!.end(input ?? '');
  });
}

function example(name: string, field: string): string {
  return JSON.stringify({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name, namespace: 'default' }, spec: { field } });
}

interface Webhook { name: string; rules: { resources: string[] }[]; objectSelector?: unknown; clientConfig: { url?: string; caBundle?: string } }

describe('example 17-admission', () => {
  let env: TestEnv;
  beforeEach(async () => { env = await startTestEnv({ crds: [crd] }); });
  afterEach(async () => { await env.dispose(); });

  it('manages auto.opkit.dev with Kopf names, rules and the object selector', async () => {
    const run = await env.run(operator);
    const validating = await env.get({ apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingWebhookConfiguration', name: 'auto.opkit.dev' });
    const mutating = await env.get({ apiVersion: 'admissionregistration.k8s.io/v1', kind: 'MutatingWebhookConfiguration', name: 'auto.opkit.dev' });
    const vw = validating.webhooks as Webhook[];
    const mw = mutating.webhooks as Webhook[];
    expect(vw.map((w) => w.name)).toEqual(['authhook.auto.opkit.dev', 'validate1.auto.opkit.dev', 'validate2.spec.field.auto.opkit.dev', 'validate-subresources.auto.opkit.dev']);
    expect(vw[3]!.rules[0]!.resources).toEqual(['kopfexamples', 'kopfexamples/*']);
    expect(mw.map((w) => w.name)).toEqual(['mutate1.auto.opkit.dev']);
    expect(mw[0]!.objectSelector).toEqual({ matchExpressions: [{ key: 'somelabel', operator: 'In', values: ['somevalue'] }] });
    expect(vw[0]!.clientConfig.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/authhook$/);
    // The caBundle is a certificate that verifies the webhook server, as the API server verifies it.
    const ca = Buffer.from(vw[0]!.clientConfig.caBundle ?? '', 'base64').toString('utf8');
    expect(ca).toMatch(/^-----BEGIN CERTIFICATE-----\r?\n/);
    const port = Number(new URL(vw[0]!.clientConfig.url!).port);
    await new Promise<void>((resolve, reject) => {
      const socket = connectTls({ host: '127.0.0.1', port, ca }, () => { socket.end(); resolve(); });
      socket.once('error', reject);
    });

    await run.stop();
    const after = await env.get({ apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingWebhookConfiguration', name: 'auto.opkit.dev' });
    expect(after.webhooks ?? []).toEqual([]);
  });

  it("answers kubectl with each handler's verdict, warnings and mutation", async (ctx) => {
    useTool(ctx, kubectlTool);
    await env.run(operator);
    const wrong = await kubectl(env, ['apply', '-f', '-'], example('wrong', 'wrong'));
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain(`admission webhook "validate1.auto.opkit.dev" denied the request: Meh! I don't like it. Change the field.`);
    // A dry run passes validate1 (it checks dryRun).
    expect((await kubectl(env, ['apply', '--dry-run=server', '-f', '-'], example('wrong', 'wrong'))).code).toBe(0);

    const lazy = await kubectl(env, ['apply', '-f', '-'], example('lazy', 'not-allowed'));
    expect(lazy.code).not.toBe(0);
    expect(lazy.stderr).toContain(`admission webhook "validate2.spec.field.auto.opkit.dev" denied the request: I'm too lazy anyway. Go away!`);

    const created = await kubectl(env, ['apply', '-f', obj]);
    expect(created.code).toBe(0);
    expect(created.stderr).toContain("Warning: Accessing as user-agent: "); // the API server's own user agent (the webhook call's)
    expect(created.stderr).toContain('Warning: SSL peer is not identified.');
    expect(created.stderr).toContain("Warning: Also update status.field to match spec.field: 'value' != None");
    expect(((await env.get(kex)).spec as Record<string, unknown>).injected).toBe(123);

    const badStatus = await kubectl(env, ['patch', 'kopfexample', 'kopf-example-1', '--subresource=status', '--type=merge', '-p', '{"status":{"field":"other"}}']);
    expect(badStatus.code).not.toBe(0);
    expect(badStatus.stderr).toContain('admission webhook "validate-subresources.auto.opkit.dev" denied the request: status.field MUST be equal to spec.field!');
    expect((await kubectl(env, ['patch', 'kopfexample', 'kopf-example-1', '--subresource=status', '--type=merge', '-p', '{"status":{"field":"value"}}'])).code).toBe(0);
  });

  it("words authhook's warnings as Kopf's: no user agent, no certificate, a common name or none", async () => {
    const { registry } = await loadOperator([operator]);
    const authhook = registry.admissionHandlers('validate').find((handler) => handler.id === 'authhook')!;
    const warn = async (headers: Record<string, string>, sslPeer: Record<string, unknown>): Promise<string[]> => {
      const warnings: string[] = [];
      await authhook.fn({ headers, sslPeer, warnings } as never);
      return warnings;
    };
    expect(await warn({}, {})).toEqual(['Accessing as user-agent: (unidentified)', 'SSL peer is not identified.']);
    expect(await warn({ 'user-agent': 'kube-apiserver-admission' }, { CN: 'kube-apiserver', O: 'system:masters' }))
      .toEqual(['Accessing as user-agent: kube-apiserver-admission', 'SSL peer is kube-apiserver.']);
    expect(await warn({ 'user-agent': 'x' }, { CN: ['first', 'second'] })).toEqual(['Accessing as user-agent: x', 'SSL peer is first.']);
    expect(await warn({ 'user-agent': 'x' }, { O: 'system:masters' })).toEqual(['Accessing as user-agent: x', "SSL peer's common name is absent."]);
  });
});
