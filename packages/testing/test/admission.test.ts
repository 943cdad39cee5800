// Admission handlers in a unit test: env.run serves on.validate/on.mutate over HTTPS (a generated CA the
// embedded API server trusts through the managed configurations), so kubectl apply of a bad object is
// rejected with the handler's message, a good one is mutated, and stopping leaves only persistent webhooks.
// Without kubectl (`KUBECTL`, else PATH) the tests that drive it are skipped with the reason; with CI set they
// fail, naming kubectl (.ci/run installs it).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AdmissionError } from '@opkit/core';
import type { KubeObject } from '@opkit/kube';
import { deadline, findTool, useTool } from '@opkit/test-tools';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestEnv } from '../src/index.js';

const crd = fileURLToPath(new URL('../../../examples/crd.yaml', import.meta.url));
/** kubectl, found once: the tests that drive it are skipped (failed under CI) without it (useTool). */
const kubectlTool = findTool('kubectl');
const KUBECTL = kubectlTool.command;
// kubectl's HOME (its discovery cache) in a directory of its own, removed after the tests.
const home = mkdtempSync(join(tmpdir(), 'opkit-kubectl-home-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

function kubectlApply(kubeconfig: string, manifest: object): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(KUBECTL, ['apply', '-f', '-'], { env: { PATH: process.env.PATH, HOME: home, KUBECONFIG: kubeconfig }, timeout: deadline(60_000) },
      (error, _stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr }));
    child.stdin!.end(JSON.stringify(manifest));
  });
}

const example = (name: string, field: string): KubeObject => ({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name, namespace: 'default' }, spec: { field } });

describe('admission handlers in env.run', () => {
  it('rejects kubectl apply of a bad object with the handler message, mutates a good one, and leaves only persistent webhooks after stop', async (ctx) => {
    useTool(ctx, kubectlTool);
    await using env = await startTestEnv({ crds: [crd] });
    const op = await env.run((registry) => {
      registry.on.validate('kopfexamples', function validate1({ spec }) {
        if (spec.field === 'wrong') throw new AdmissionError("Meh! I don't like it. Change the field.", { code: 400 });
      });
      registry.on.mutate('kopfexamples', function mutate1({ patch }) { patch.labels.mutated = 'yes'; });
      registry.on.validate('kopfexamples', function keeper() { return undefined; }, { persistent: true });
    });
    const bad = await kubectlApply(env.kubeconfigPath, example('bad', 'wrong'));
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain(`admission webhook "validate1.auto.opkit.dev" denied the request: Meh! I don't like it. Change the field.`);
    await expect(env.apply(example('bad2', 'wrong'))).rejects.toThrow('admission webhook "validate1.auto.opkit.dev" denied the request');
    expect((await kubectlApply(env.kubeconfigPath, example('good', 'value'))).code).toBe(0);
    const good = await env.get({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'good', namespace: 'default' });
    expect(good.metadata.labels).toEqual({ mutated: 'yes' });

    await op.stop();
    const validating = await env.get({ apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingWebhookConfiguration', name: 'auto.opkit.dev' });
    expect((validating.webhooks as { name: string }[]).map((webhook) => webhook.name)).toEqual(['keeper.auto.opkit.dev']);
  });
});
