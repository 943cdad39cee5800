// The generated manifests against a real protocol: kubectl's server-side dry run accepts the CRDs and
// the RBAC, the embedded API server establishes the CRDs and serves their resources with the scope
// and subresources the definitions say, and the built-in table agrees with the server's discovery.
// Without kubectl (`KUBECTL`, else PATH) the tests that drive it are skipped with the reason; with CI set they
// fail, naming kubectl (.ci/run installs it).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { connect } from '@opkit/kube';
import type { KubeClient, Resource } from '@opkit/kube';
import { deadline, findTool, useTool } from '@opkit/test-tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_RESOURCES, generateManifests, writeManifests } from '../src/index.js';
import type { TempProject } from './tempProject.js';
import { tempProject } from './tempProject.js';

/** kubectl, found once: the tests that drive it are skipped (failed under CI) without it (useTool). */
const kubectlTool = findTool('kubectl');
const KUBECTL = kubectlTool.command;
let server: ApiServer;
let home: string;
let client: KubeClient;
let project: TempProject;

function kubectl(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(KUBECTL, args, { env: { PATH: process.env.PATH, HOME: home, KUBECONFIG: join(home, 'kubeconfig') }, timeout: deadline(60_000) }, (error, stdout, stderr) => {
      if (error) reject(new Error(`kubectl ${args.join(' ')} failed: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
}

beforeAll(async () => {
  server = await startApiServer({ port: 0 });
  home = mkdtempSync(join(tmpdir(), 'opkit-manifests-kubectl-'));
  writeFileSync(join(home, 'kubeconfig'), server.kubeconfig({ namespace: 'default' }));
  client = await connect({ kubeconfig: join(home, 'kubeconfig') });
  project = tempProject('typed-own-namespace');
  await writeManifests({ dir: project.dir });
});

afterAll(async () => {
  client?.close();
  await server?.close();
  project?.remove();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe('the generated manifests on the embedded API server', () => {
  it('pass kubectl apply --dry-run=server, CRDs and RBAC alike, and create nothing', async (ctx) => {
    useTool(ctx, kubectlTool);
    const crds = await kubectl(['apply', '--dry-run=server', '-f', join(project.dir, 'deploy/crds')]);
    expect(crds.split('\n').filter(Boolean).sort()).toEqual([
      'customresourcedefinition.apiextensions.k8s.io/greetingpolicies.example.com created (server dry run)',
      'customresourcedefinition.apiextensions.k8s.io/greetings.example.com created (server dry run)',
    ]);
    await kubectl(['create', 'namespace', 'greeting-operator']);
    const rbac = await kubectl(['apply', '--dry-run=server', '-f', join(project.dir, 'deploy/rbac.yaml')]);
    expect(rbac.split('\n').filter(Boolean)).toEqual([
      'serviceaccount/greeting-operator created (server dry run)',
      'clusterrole.rbac.authorization.k8s.io/greeting-operator created (server dry run)',
      'clusterrolebinding.rbac.authorization.k8s.io/greeting-operator created (server dry run)',
      'role.rbac.authorization.k8s.io/greeting-operator created (server dry run)',
      'rolebinding.rbac.authorization.k8s.io/greeting-operator created (server dry run)',
    ]);
    expect(await kubectl(['get', 'crd', '-o', 'name'])).toBe('');
  });

  it('are established and served with the scope, status subresource and defaults of the definitions', async (ctx) => {
    useTool(ctx, kubectlTool);
    await kubectl(['apply', '-f', join(project.dir, 'deploy/crds')]);
    await kubectl(['wait', '--for=condition=Established', 'crd/greetings.example.com', 'crd/greetingpolicies.example.com', '--timeout=20s']);
    client.invalidateDiscovery();
    const greetings = await client.resolveOne('greetings.example.com');
    const policies = await client.resolveOne('greetingpolicies.example.com');
    expect([greetings.namespaced, greetings.subresources, greetings.shortNames]).toEqual([true, ['status'], ['gr']]);
    expect([policies.namespaced, policies.subresources]).toEqual([false, ['status']]);
    const created = JSON.parse(await kubectl(['create', '-o', 'json', '-f', writeSample()])) as { spec: unknown };
    expect(created.spec).toEqual({ name: 'world', replicas: 2 });
    const applied = await kubectl(['apply', '-f', join(project.dir, 'deploy/rbac.yaml')]);
    expect(applied).toContain('role.rbac.authorization.k8s.io/greeting-operator created');
  });

  it('agree with the server on the built-in resources both know', async () => {
    const served = await client.discovery.resources();
    const compared: string[] = [];
    for (const known of BUILTIN_RESOURCES) {
      const found = served.find((r: Resource) => r.group === known.group && r.plural === known.plural && r.preferred);
      if (!found) continue;
      compared.push(`${known.plural}.${known.group}`);
      expect({ kind: found.kind, namespaced: found.namespaced, status: (found.subresources ?? []).includes('status') }, `${known.plural}.${known.group}`)
        .toEqual({ kind: known.kind, namespaced: known.namespaced, status: known.status });
    }
    expect(compared.length).toBeGreaterThanOrEqual(15);
  });

  it('are the same bytes when generated again', async () => {
    const { files } = await generateManifests({ dir: project.dir });
    expect((await generateManifests({ dir: project.dir })).files).toEqual(files);
  });
});

function writeSample(): string {
  const file = join(home, 'greeting.yaml');
  writeFileSync(file, 'apiVersion: example.com/v1alpha1\nkind: Greeting\nmetadata:\n  name: hello\n  namespace: default\nspec:\n  replicas: 2\n');
  return file;
}
