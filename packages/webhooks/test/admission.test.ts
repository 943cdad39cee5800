// Admission end to end: the embedded API server calls the webhook server over HTTPS (trusting the
// generated CA through the managed configurations' caBundle), the handlers deny, warn and mutate, and
// kubectl sees the results as it would against a cluster.
// Without kubectl (`KUBECTL`, else PATH) the tests that drive it are skipped with the reason; with CI set they
// fail, naming kubectl (.ci/run installs it).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { AdmissionError, PRESENT, Registry, reviewAdmission } from '@opkit/handlers';
import { connect } from '@opkit/kube';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import { deadline, findTool, useTool } from '@opkit/test-tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManagedWebhookConfigurations, MUTATING_WEBHOOK_CONFIGURATIONS, VALIDATING_WEBHOOK_CONFIGURATIONS, startWebhookServer } from '../src/index.js';
import type { RenderedWebhookConfiguration, WebhookServer } from '../src/index.js';

/** kubectl, found once: the tests that drive it are skipped (failed under CI) without it (useTool). */
const kubectlTool = findTool('kubectl');
const KUBECTL = kubectlTool.command;
const CRDS: Resource = { group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions', kind: 'CustomResourceDefinition', namespaced: false };
const crd = {
  apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'kopfexamples.kopf.dev' },
  spec: {
    group: 'kopf.dev', scope: 'Namespaced', names: { plural: 'kopfexamples', singular: 'kopfexample', kind: 'KopfExample', shortNames: ['kex'] },
    versions: [{ name: 'v1', served: true, storage: true, subresources: { status: {} }, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
  },
};

let apiserver: ApiServer;
let client: KubeClient;
let kex: Resource;
let webhooks: WebhookServer;
let managed: ManagedWebhookConfigurations;
let home: string;
const seen: { id: string; operation: string; dryRun: boolean; subresource: string | null }[] = [];

function kubectl(args: string[], input?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(KUBECTL, args, { env: { PATH: process.env.PATH, HOME: home, KUBECONFIG: join(home, 'kubeconfig') }, timeout: deadline(60_000) }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
    if (input !== undefined) child.stdin!.end(input);
  });
}

function manifest(name: string, field: string): string {
  return JSON.stringify({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name, namespace: 'default' }, spec: { field } });
}

const registry = new Registry();
registry.on.validate('kopfexamples', ({ spec, dryRun, operation, subresource, warnings }) => {
  seen.push({ id: 'validate1', operation, dryRun, subresource });
  warnings.push('validate1 was here');
  if (spec.field === 'wrong' && !dryRun) throw new AdmissionError("Meh! I don't like it. Change the field.", { code: 400 });
}, { id: 'validate1', operations: ['CREATE', 'UPDATE'] });
registry.on.validate('kopfexamples', ({ body, operation, dryRun, subresource }) => {
  seen.push({ id: 'validate_status', operation, dryRun, subresource });
  if ((body.status as Record<string, unknown> | undefined)?.field === 'bad') throw new AdmissionError('status.field must not be bad', { code: 422 });
}, { id: 'validate_status', subresource: 'status', persistent: true });
registry.on.mutate('kopfexamples', ({ patch, operation, dryRun, subresource }) => {
  seen.push({ id: 'mutate1', operation, dryRun, subresource });
  patch.labels.mutated = 'yes';
}, { id: 'mutate1' });
registry.on.mutate('kopfexamples', ({ operation, dryRun, subresource }) => {
  seen.push({ id: 'on_delete', operation, dryRun, subresource });
}, { id: 'on_delete', operations: ['DELETE'] });
registry.on.validate('kopfexamples', () => undefined, { id: 'labelled', labels: { team: 'a', owner: PRESENT } });

async function configurations(): Promise<RenderedWebhookConfiguration[]> {
  return [
    await client.get<RenderedWebhookConfiguration>(VALIDATING_WEBHOOK_CONFIGURATIONS, 'auto.opkit.dev'),
    await client.get<RenderedWebhookConfiguration>(MUTATING_WEBHOOK_CONFIGURATIONS, 'auto.opkit.dev'),
  ];
}

beforeAll(async () => {
  apiserver = await startApiServer();
  home = mkdtempSync(join(tmpdir(), 'opkit-webhooks-kubectl-'));
  writeFileSync(join(home, 'kubeconfig'), apiserver.kubeconfig({ namespace: 'default' }));
  client = await connect({ server: { url: apiserver.url }, requestTimeoutMs: 30_000 });
  await client.create(CRDS, crd);
  const giveUpAt = Date.now() + deadline(20_000);
  for (;;) {
    client.invalidateDiscovery();
    const found = await client.resolve({ group: 'kopf.dev', plural: 'kopfexamples' });
    if (found.length > 0) {
      kex = found[0]!;
      break;
    }
    if (Date.now() > giveUpAt) throw new Error('The CRD is not served');
    await new Promise((resolve) => setImmediate(resolve));
  }
  webhooks = await startWebhookServer({ review: (body, call) => reviewAdmission(registry.admissionHandlers(), body, { ...call, resources: [kex] }) });
  managed = new ManagedWebhookConfigurations({ client, name: 'auto.opkit.dev', handlers: () => registry.admissionHandlers(), resources: () => [kex] });
  await managed.apply(webhooks.clientConfig());
});

afterAll(async () => {
  await webhooks?.close();
  client?.close();
  await apiserver?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe('admission through the embedded API server', () => {
  it('manages both configurations with Kopf naming, rules, the generated caBundle and object selectors', async () => {
    const [validating, mutating] = await configurations();
    expect(validating!.webhooks.map((w) => w.name)).toEqual(['validate1.auto.opkit.dev', 'validate-status.auto.opkit.dev', 'labelled.auto.opkit.dev']);
    expect(mutating!.webhooks.map((w) => w.name)).toEqual(['mutate1.auto.opkit.dev', 'on-delete.auto.opkit.dev']);
    for (const webhook of [...validating!.webhooks, ...mutating!.webhooks]) {
      expect(webhook.clientConfig.caBundle).toBe(webhooks.caBundle);
      expect(webhook.clientConfig.url).toMatch(new RegExp(`^${webhooks.url}/`));
      expect(webhook).toMatchObject({ matchPolicy: 'Equivalent', timeoutSeconds: 30, sideEffects: 'None', failurePolicy: 'Fail' });
    }
    expect(validating!.webhooks[0]!.rules).toEqual([{ apiGroups: ['kopf.dev'], apiVersions: ['v1'], resources: ['kopfexamples'], operations: ['CREATE', 'UPDATE'], scope: '*' }]);
    expect(validating!.webhooks[1]!.rules[0]!.resources).toEqual(['kopfexamples/status']);
    expect(validating!.webhooks[2]!.objectSelector).toEqual({ matchExpressions: [{ key: 'team', operator: 'In', values: ['a'] }, { key: 'owner', operator: 'Exists' }] });
  });

  it("rejects kubectl apply of a bad object with the handler's message and code", async (ctx) => {
    useTool(ctx, kubectlTool);
    const result = await kubectl(['apply', '-f', '-'], manifest('bad', 'wrong'));
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('Error from server (BadRequest)');
    expect(result.stderr).toContain(`admission webhook "validate1.auto.opkit.dev" denied the request: Meh! I don't like it. Change the field.`);
    await expect(client.get(kex, 'bad', { namespace: 'default' })).rejects.toMatchObject({ name: 'NotFoundError' });
  });

  it('creates a good object carrying the mutated label, passing the warnings on', async (ctx) => {
    useTool(ctx, kubectlTool);
    const result = await kubectl(['apply', '-f', '-'], manifest('good', 'value'));
    expect(result.stderr).toContain('Warning: validate1 was here');
    expect(result.code).toBe(0);
    const object = await client.get<KubeObject>(kex, 'good', { namespace: 'default' });
    expect(object.metadata?.labels).toEqual({ mutated: 'yes' });
  });

  it('calls the handlers with dryRun: true for kubectl apply --dry-run=server and stores nothing', async (ctx) => {
    useTool(ctx, kubectlTool);
    seen.length = 0;
    const result = await kubectl(['apply', '--dry-run=server', '-f', '-'], manifest('dry', 'wrong'));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('(server dry run)');
    expect(seen.filter((s) => s.id === 'validate1' || s.id === 'mutate1')).toEqual([
      { id: 'mutate1', operation: 'CREATE', dryRun: true, subresource: null },
      { id: 'validate1', operation: 'CREATE', dryRun: true, subresource: null },
    ]);
    await expect(client.get(kex, 'dry', { namespace: 'default' })).rejects.toMatchObject({ name: 'NotFoundError' });
  });

  it('calls status webhooks only for status writes and DELETE mutators only where registered', async (ctx) => {
    useTool(ctx, kubectlTool);
    seen.length = 0;
    await expect(client.patch(kex, 'good', { status: { field: 'bad' } }, { namespace: 'default', subresource: 'status' }))
      .rejects.toMatchObject({ status: 422, message: expect.stringContaining('status.field must not be bad') });
    await client.patch(kex, 'good', { status: { field: 'fine' } }, { namespace: 'default', subresource: 'status' });
    expect(seen.map((s) => `${s.id}:${s.operation}:${String(s.subresource)}`)).toEqual(['validate_status:UPDATE:status', 'validate_status:UPDATE:status']);
    seen.length = 0;
    await client.patch(kex, 'good', { spec: { field: 'other' } }, { namespace: 'default' });
    expect(seen.map((s) => s.id)).toEqual(['mutate1', 'validate1']);
    seen.length = 0;
    const deleted = await kubectl(['delete', 'kopfexample', 'good']);
    expect(deleted.code).toBe(0);
    expect(seen.map((s) => `${s.id}:${s.operation}`)).toEqual(['on_delete:DELETE']);
  });

  it('keeps only the persistent webhooks after cleanup', async () => {
    await managed.cleanup();
    const [validating, mutating] = await configurations();
    expect(validating!.webhooks.map((w) => w.name)).toEqual(['validate-status.auto.opkit.dev']);
    expect(mutating!.webhooks).toEqual([]);
  });
});
