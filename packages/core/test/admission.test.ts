// Admission wired into the operator: with on.validate/on.mutate registered and the API server known
// to be the embedded one, the operator serves them with no configuration (a loopback HTTPS server, a
// generated CA, managed configurations `auto.opkit.dev`), kubectl sees the verdicts, and a graceful
// stop leaves only the persistent webhooks; elsewhere an unconfigured operator fails at startup.
// Without kubectl (`KUBECTL`, else PATH) the tests that drive it are skipped with the reason; with CI set they
// fail, naming kubectl (.ci/run installs it).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdmissionError, Registry } from '@opkit/handlers';
import type { KubeObject } from '@opkit/kube';
import { MUTATING_WEBHOOK_CONFIGURATIONS, VALIDATING_WEBHOOK_CONFIGURATIONS } from '@opkit/webhooks';
import type { RenderedWebhookConfiguration } from '@opkit/webhooks';
import { deadline, findTool, useTool } from '@opkit/test-tools';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Operator } from '../src/index.js';
import type { Harness } from './harness.js';
import { FAST, startHarness } from './harness.js';

/** kubectl, found once: the tests that drive it are skipped (failed under CI) without it (useTool). */
const kubectlTool = findTool('kubectl');
const KUBECTL = kubectlTool.command;

function registryWithAdmission(): Registry {
  const registry = new Registry();
  registry.on.validate('kopfexamples', ({ spec }) => {
    if (spec.field === 'wrong') throw new AdmissionError("Meh! I don't like it. Change the field.", { code: 400 });
  }, { id: 'validate1' });
  registry.on.mutate('kopfexamples', ({ patch }) => { patch.labels.mutated = 'yes'; }, { id: 'mutate1' });
  registry.on.validate('kopfexamples', () => undefined, { id: 'keeper', persistent: true });
  return registry;
}

describe('the operator serves admission handlers', () => {
  let h: Harness;
  let home: string;
  beforeEach(async () => {
    h = await startHarness();
    home = mkdtempSync(join(tmpdir(), 'opkit-core-admission-'));
    writeFileSync(join(home, 'kubeconfig'), h.server.kubeconfig({ namespace: 'default' }));
  });
  afterEach(async () => {
    await h.close();
    rmSync(home, { recursive: true, force: true });
  });

  function kubectlApply(name: string, field: string): Promise<{ code: number; stderr: string }> {
    const manifest = JSON.stringify({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name, namespace: 'default' }, spec: { field } });
    return new Promise((resolve) => {
      const child = execFile(KUBECTL, ['apply', '-f', '-'], { env: { PATH: process.env.PATH, HOME: home, KUBECONFIG: join(home, 'kubeconfig') }, timeout: deadline(60_000) },
        (error, _stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr }));
      child.stdin!.end(manifest);
    });
  }

  async function webhookNames(): Promise<string[]> {
    const validating = await h.client.get<RenderedWebhookConfiguration>(VALIDATING_WEBHOOK_CONFIGURATIONS, 'auto.opkit.dev');
    const mutating = await h.client.get<RenderedWebhookConfiguration>(MUTATING_WEBHOOK_CONFIGURATIONS, 'auto.opkit.dev');
    return [...validating.webhooks, ...(mutating.webhooks ?? [])].map((webhook) => webhook.name);
  }

  it('with zero configuration against the embedded API server: kubectl is answered by the handlers; on stop only persistent webhooks remain', async (ctx) => {
    useTool(ctx, kubectlTool);
    const running = await h.run(registryWithAdmission(), { localApiServer: true });
    expect(await webhookNames()).toEqual(['validate1.auto.opkit.dev', 'keeper.auto.opkit.dev', 'mutate1.auto.opkit.dev']);
    expect(running.lines.some((line) => /Admission webhook server is listening at https:\/\/127\.0\.0\.1:\d+ for 3 handler\(s\)\./.test(line))).toBe(true);

    const bad = await kubectlApply('bad', 'wrong');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain(`admission webhook "validate1.auto.opkit.dev" denied the request: Meh! I don't like it. Change the field.`);
    const good = await kubectlApply('good', 'value');
    expect(good.code).toBe(0);
    expect((await h.client.get<KubeObject>(h.kex, 'good', { namespace: 'default' })).metadata.labels).toEqual({ mutated: 'yes' });

    await running.stop();
    expect(await webhookNames()).toEqual(['keeper.auto.opkit.dev']);
  });

  it('fails at startup, saying what to configure, when the API server is not known to reach loopback', async () => {
    const op = new Operator({ registry: registryWithAdmission(), client: h.client, clusterwide: true, settings: FAST, logger: { debug() {}, info() {}, warn() {}, error() {}, child() { return this; } } });
    const controller = new AbortController();
    const run = op.run(controller.signal);
    await expect(run).rejects.toMatchObject({ name: 'OperatorError', code: 'invalid-options' });
    await expect(run).rejects.toThrow(/3 admission handler\(s\) \(validate1, mutate1, keeper\) but no webhook server is configured.*settings\.admission\.server/);
    await expect(h.client.get(VALIDATING_WEBHOOK_CONFIGURATIONS, 'auto.opkit.dev')).rejects.toMatchObject({ name: 'NotFoundError' });
  });

  it('serves on a configured loopback server and manages the configured name', async (ctx) => {
    useTool(ctx, kubectlTool);
    const running = await h.run(registryWithAdmission(), { settings: { ...FAST, admission: { server: { preset: 'loopback' }, managed: 'mine.example.com' } } });
    const validating = await h.client.get<RenderedWebhookConfiguration>(VALIDATING_WEBHOOK_CONFIGURATIONS, 'mine.example.com');
    expect(validating.webhooks.map((webhook) => webhook.name)).toEqual(['validate1.mine.example.com', 'keeper.mine.example.com']);
    expect((await kubectlApply('bad', 'wrong')).stderr).toContain('denied the request');
    await running.stop();
  });
});
