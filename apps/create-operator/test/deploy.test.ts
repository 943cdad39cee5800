// Each template's deploy/ folder as a cluster takes it, with the real kubectl against the embedded API
// server: `kubectl kustomize deploy` renders it (the image override applied), `kubectl apply
// --dry-run=server` accepts the generated CRDs and stores nothing, `kubectl apply -k deploy` installs
// everything (namespace, CRD, RBAC, Deployment), and the sample objects are then accepted by the new
// resource. The templates are rendered as they are in the repository, with their own names.
// Without kubectl (`KUBECTL`, else PATH) every test here is skipped with the reason; with CI set each fails,
// naming kubectl (.ci/run installs it).
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { parseAllDocuments } from 'yaml';
import { deadline, requireTool } from '@opkit/test-tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTemplatesDir, listTemplates } from '../src/templates.js';

/** kubectl, found once: every test of this file is skipped (failed under CI) without it. */
const KUBECTL = requireTool('kubectl').command;

let server: ApiServer;
let home: string;
let env: NodeJS.ProcessEnv;

function kubectl(args: readonly string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(KUBECTL, [...args], { cwd, env, timeout: deadline(60_000), maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`kubectl ${args.join(' ')} failed: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
}

beforeAll(async () => {
  server = await startApiServer();
  home = await mkdtemp(join(tmpdir(), 'opkit-template-deploy-'));
  await server.writeKubeconfig(join(home, 'kubeconfig'));
  env = { PATH: process.env.PATH, HOME: home, KUBECONFIG: join(home, 'kubeconfig') };
}, deadline(60_000));

afterAll(async () => {
  await server?.close();
  if (home) await rm(home, { recursive: true, force: true });
});

describe('the templates\' deploy/ folders, with kubectl', () => {
  for (const template of listTemplates(defaultTemplatesDir())) {
    it(`${template.name}: renders, validates and installs`, async () => {
      const dir = template.dir;
      const { kind, group, plural } = template.resource;
      const name = template.projectName;

      const rendered = parseAllDocuments(await kubectl(['kustomize', 'deploy'], dir)).map((doc) => doc.toJS() as { kind: string; metadata: { name: string; namespace?: string }; spec?: any });
      expect(rendered.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual([
        `ClusterRole/${name}`, `ClusterRoleBinding/${name}`, `CustomResourceDefinition/${plural}.${group}`, `Deployment/${name}`, `Namespace/${name}`, `ServiceAccount/${name}`,
      ].sort());
      const deployment = rendered.find((o) => o.kind === 'Deployment')!;
      expect(deployment.metadata.namespace).toBe(name);
      expect(deployment.spec.template.spec.containers[0].image).toBe(`${name}:0.1.0`);
      expect(deployment.spec.template.spec.serviceAccountName).toBe(name);

      const crds = (await readdir(join(dir, 'deploy', 'crds'))).map((file) => join('deploy', 'crds', file));
      const before = server.stats().resourceVersion;
      for (const crd of crds) expect(await kubectl(['apply', '--dry-run=server', '-f', crd], dir)).toContain('(server dry run)');
      expect(server.stats().resourceVersion).toBe(before);

      await kubectl(['apply', '-k', 'deploy'], dir);
      await kubectl(['wait', '--for=condition=Established', '--timeout=30s', `crd/${plural}.${group}`], dir);
      expect(await kubectl(['get', 'deployment', name, '-n', name, '-o', 'jsonpath={.spec.template.spec.securityContext.runAsNonRoot}'], dir)).toBe('true');
      await kubectl(['apply', '-n', 'default', '-f', 'samples'], dir);
      const listed = await kubectl(['get', plural, '-n', 'default', '-o', 'name'], dir);
      expect(listed.trim()).toBe(`${kind.toLowerCase()}.${group}/hello`);
    });
  }
});
