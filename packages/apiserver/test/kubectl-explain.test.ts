// `kubectl explain` against the embedded server: the real kubectl (1.32) reads /openapi/v3, finds each
// kind's schema by its x-kubernetes-group-version-kind and follows the $refs — so the built-in kinds print
// their fields with types and descriptions, ObjectMeta's fields under metadata, nested structs under
// field paths, and a CRD's own schema with apiVersion, kind and metadata added as a cluster adds them.
// Without kubectl (`KUBECTL`, else PATH) every test here is skipped with the reason; with CI set each fails,
// naming kubectl (.ci/run installs it).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deadline, requireTool } from '@opkit/test-tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { call } from './protocolHelpers.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
/** kubectl, found once: every test of this file is skipped (failed under CI) without it. */
const kubectlTool = requireTool('kubectl');
const KUBECTL = kubectlTool.command;

let server: ApiServer;
let home: string;

function kubectl(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(KUBECTL, args, { env: { ...process.env, KUBECONFIG: join(home, 'kubeconfig'), HOME: home }, timeout: deadline(30_000) }, (error, stdout, stderr) => {
      if (error) reject(new Error(`kubectl ${args.join(' ')} failed: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
}

/** The `name\t<type>` lines of the FIELDS section. */
function fieldLines(text: string): string[] {
  return text.split('\n').filter((line) => /^ {2}\S+\t</.test(line)).map((line) => line.trim());
}

beforeAll(async () => {
  server = await startApiServer();
  home = await mkdtemp(join(tmpdir(), 'opkit-explain-'));
  await server.writeKubeconfig(join(home, 'kubeconfig'));
});
afterAll(async () => {
  await server.close();
  await rm(home, { recursive: true, force: true });
});

describe('kubectl explain', { timeout: deadline(60_000) }, () => {
  it('prints a ConfigMap’s fields with their types and descriptions', async () => {
    const out = await kubectl(['explain', 'configmaps']);
    expect(out).toMatch(/^KIND:\s+ConfigMap\nVERSION:\s+v1\n/);
    expect(out).toContain('DESCRIPTION:\n    Non-secret configuration as key/value pairs');
    expect(fieldLines(out)).toEqual([
      'apiVersion\t<string>',
      'binaryData\t<map[string]string>',
      'data\t<map[string]string>',
      'immutable\t<boolean>',
      'kind\t<string>',
      'metadata\t<ObjectMeta>',
    ]);
    expect(out).toContain('  data\t<map[string]string>\n    UTF-8 configuration values by key.');
  });

  it('follows metadata into ObjectMeta and down to one of its fields', async () => {
    const meta = fieldLines(await kubectl(['explain', 'configmap.metadata']));
    for (const line of ['name\t<string>', 'namespace\t<string>', 'labels\t<map[string]string>', 'annotations\t<map[string]string>', 'uid\t<string>', 'resourceVersion\t<string>', 'generation\t<integer>', 'creationTimestamp\t<string>', 'deletionTimestamp\t<string>', 'ownerReferences\t<[]OwnerReference>', 'finalizers\t<[]string>', 'managedFields\t<[]ManagedFieldsEntry>']) {
      expect(meta).toContain(line);
    }
    const labels = await kubectl(['explain', 'configmap.metadata.labels']);
    expect(labels).toContain('FIELD: labels <map[string]string>');
    expect(labels).toContain('Key/value pairs for organising and selecting objects');
    const owners = fieldLines(await kubectl(['explain', 'deployment.metadata.ownerReferences']));
    expect(owners).toEqual(expect.arrayContaining(['apiVersion\t<string> -required-', 'controller\t<boolean>', 'uid\t<string> -required-']));
  });

  it('explains a pod’s containers and a deployment’s spec through their named structs', async () => {
    const containers = await kubectl(['explain', 'pods.spec.containers']);
    expect(containers).toContain('FIELD: containers <[]Container>');
    expect(fieldLines(containers)).toEqual(expect.arrayContaining(['name\t<string> -required-', 'image\t<string>', 'command\t<[]string>', 'env\t<[]EnvVar>', 'ports\t<[]ContainerPort>', 'resources\t<Object>']));
    expect(await kubectl(['explain', 'pods.spec.containers.ports.containerPort'])).toContain('FIELD: containerPort <integer>');

    const spec = await kubectl(['explain', 'deployments.spec']);
    expect(spec).toMatch(/^GROUP:\s+apps\nKIND:\s+Deployment\nVERSION:\s+v1\n/);
    expect(spec).toContain('FIELD: spec <DeploymentSpec>');
    expect(fieldLines(spec)).toEqual(expect.arrayContaining(['replicas\t<integer>', 'selector\t<LabelSelector> -required-', 'template\t<PodTemplateSpec> -required-', 'strategy\t<Object>']));
    expect(fieldLines(await kubectl(['explain', 'deployments.spec.template.spec']))).toContain('containers\t<[]Container> -required-');
  });

  it('explains namespaces, nodes, secrets, services and RBAC kinds', async () => {
    const ns = await kubectl(['explain', 'namespaces']);
    expect(fieldLines(ns)).toEqual(['apiVersion\t<string>', 'kind\t<string>', 'metadata\t<ObjectMeta>', 'spec\t<NamespaceSpec>', 'status\t<NamespaceStatus>']);
    expect(await kubectl(['explain', 'namespaces.status.phase'])).toContain('Active, or Terminating while it is being deleted.');
    expect(fieldLines(await kubectl(['explain', 'nodes.spec']))).toEqual(expect.arrayContaining(['unschedulable\t<boolean>', 'taints\t<[]Taint>']));
    expect(await kubectl(['explain', 'secrets.stringData'])).toContain('Write-only plain-text values by key');
    expect(fieldLines(await kubectl(['explain', 'services.spec.ports']))).toEqual(expect.arrayContaining(['port\t<integer> -required-', 'nodePort\t<integer>']));
    expect(fieldLines(await kubectl(['explain', 'clusterroles.rules']))).toEqual(expect.arrayContaining(['verbs\t<[]string> -required-', 'apiGroups\t<[]string>']));
    expect(fieldLines(await kubectl(['explain', 'leases.spec']))).toContain('holderIdentity\t<string>');
  });

  it('still explains a custom resource from its CRD schema, with metadata as ObjectMeta', async () => {
    await kubectl(['apply', '-f', join(fixtures, 'widget-crd.yaml')]);
    await kubectl(['wait', '--for=condition=Established', 'crd/widgets.example.com', '--timeout=20s']);
    const widget = await kubectl(['explain', 'widgets']);
    expect(widget).toMatch(/^GROUP:\s+example\.com\nKIND:\s+Widget\nVERSION:\s+v1\n/);
    expect(fieldLines(widget)).toEqual(['apiVersion\t<string>', 'kind\t<string>', 'metadata\t<ObjectMeta>', 'spec\t<Object>', 'status\t<Object>']);
    expect(fieldLines(await kubectl(['explain', 'widgets.spec']))).toEqual(['color\t<string>', 'size\t<integer> -required-']);
    expect(fieldLines(await kubectl(['explain', 'widgets.metadata']))).toContain('labels\t<map[string]string>');
  });

  it('serves each group-version document with the kind’s GVK and $refs that resolve', async () => {
    const root = await call(server.url, 'GET', '/openapi/v3');
    const url: string = root.body.paths['api/v1'].serverRelativeURL;
    const doc = (await call(server.url, 'GET', url)).body;
    const schemas: Record<string, any> = doc.components.schemas;
    expect(schemas['io.k8s.api.core.v1.ConfigMap']['x-kubernetes-group-version-kind']).toEqual([{ group: '', version: 'v1', kind: 'ConfigMap' }]);
    expect(schemas['io.k8s.api.core.v1.ConfigMap'].properties.metadata.allOf).toEqual([{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }]);
    const refs = JSON.stringify(doc).match(/#\/components\/schemas\/[^"]+/g) ?? [];
    expect(new Set(refs).size).toBeGreaterThan(10); // ObjectMeta, ListMeta, the pod spec's parts…
    for (const ref of new Set(refs)) expect(schemas[ref.slice('#/components/schemas/'.length)], ref).toBeDefined();
    const apps = (await call(server.url, 'GET', root.body.paths['apis/apps/v1'].serverRelativeURL)).body;
    expect(Object.keys(apps.components.schemas)).toEqual(expect.arrayContaining(['io.k8s.api.apps.v1.Deployment', 'io.k8s.api.apps.v1.DeploymentSpec', 'io.k8s.api.core.v1.PodTemplateSpec']));
  });
});
