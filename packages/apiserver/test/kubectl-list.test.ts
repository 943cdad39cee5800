// Acceptance: kubectl 1.32 validates a `kind: List` on the client with the OpenAPI v2 document
// (`GET /openapi/v2`, asked for as protobuf), so `kubectl apply -f` / `kubectl create -f` of a List — and
// the common `kubectl get cm -o yaml | kubectl apply -f -` — work only when the server serves it. The real
// kubectl runs as a child process with its own KUBECONFIG and HOME; the server is the embedded one over HTTP.
// Without kubectl (`KUBECTL`, else PATH) every test here is skipped with the reason; with CI set each fails,
// naming kubectl (.ci/run installs it).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deadline, requireTool } from '@opkit/test-tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { call } from './protocolHelpers.js';
import { kubectlRunner } from './kubectlRun.js';

/** kubectl, found once: every test of this file is skipped (failed under CI) without it. */
const kubectlTool = requireTool('kubectl');
const KUBECTL = kubectlTool.command;
const WIDGET_CRD = fileURLToPath(new URL('./fixtures/widget-crd.yaml', import.meta.url));

let server: ApiServer;
let home: string;
let env: NodeJS.ProcessEnv;

const kubectlRun = kubectlRunner(KUBECTL, () => env, deadline(30_000));
const kubectl = kubectlRun.run;
const ok = kubectlRun.ok;

function list(suffix: string, extraConfigMapField: Record<string, unknown> = {}): string {
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'List',
    items: [
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${suffix}`, namespace: 'default', labels: { set: suffix } }, data: { a: '1' }, ...extraConfigMapField },
      { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: `w-${suffix}`, namespace: 'default' }, spec: { size: 3 } },
    ],
  });
}

async function exists(path: string): Promise<boolean> {
  return (await call(server.url, 'GET', path)).status === 200;
}

beforeAll(async () => {
  if (kubectlTool.missing) return; // its tests are skipped (or failed, under CI) by requireTool
  server = await startApiServer();
  home = await mkdtemp(join(tmpdir(), 'opkit-kubectl-list-'));
  await server.writeKubeconfig(join(home, 'kubeconfig'));
  env = { PATH: process.env.PATH, HOME: home, KUBECONFIG: join(home, 'kubeconfig') };
  await ok(['apply', '-f', WIDGET_CRD]);
  await ok(['wait', '--for=condition=Established', 'crd/widgets.example.com', '--timeout=20s']);
}, deadline(60_000));

afterAll(async () => {
  await server?.close();
  if (home) await rm(home, { recursive: true, force: true });
});

describe('kubectl and a kind: List (OpenAPI v2 validation)', () => {
  it('kubectl apply -f of a List creates the ConfigMap and the custom resource', async () => {
    const out = await ok(['apply', '-f', '-'], list('apply'));
    expect(out).toContain('configmap/cm-apply created');
    expect(out).toContain('widget.example.com/w-apply created');
    expect(await exists('/api/v1/namespaces/default/configmaps/cm-apply')).toBe(true);
    expect(await exists('/apis/example.com/v1/namespaces/default/widgets/w-apply')).toBe(true);
  });

  it('kubectl create -f of a List file creates both items', async () => {
    const file = join(home, 'list.json');
    await writeFile(file, list('create'));
    const out = await ok(['create', '-f', file]);
    expect(out).toContain('configmap/cm-create created');
    expect(out).toContain('widget.example.com/w-create created');
    expect(await exists('/api/v1/namespaces/default/configmaps/cm-create')).toBe(true);
    expect(await exists('/apis/example.com/v1/namespaces/default/widgets/w-create')).toBe(true);
  });

  it('kubectl get cm -o yaml | kubectl apply -f - round-trips', async () => {
    await ok(['apply', '-f', '-'], list('round'));
    const yaml = await ok(['get', 'cm', '-l', 'set=round', '-o', 'yaml']);
    expect(yaml).toContain('kind: List');
    const out = await ok(['apply', '-f', '-'], yaml);
    expect(out.trim()).toBe('configmap/cm-round configured');
    const widgets = await ok(['get', 'widgets', '-o', 'yaml']);
    expect((await kubectl(['apply', '-f', '-'], widgets)).code).toBe(0);
  });

  it('an unknown field in a List item is refused by client-side validation (strict, the default)', async () => {
    const run = await kubectl(['apply', '-f', '-'], list('bad', { bogus: 1 }));
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'error: error validating "STDIN": error validating data: ValidationError(ConfigMap): unknown field "bogus" in io.k8s.api.core.v1.ConfigMap; ' +
        'if you choose to ignore these errors, turn validation off with --validate=false\n',
    );
    expect(await exists('/api/v1/namespaces/default/configmaps/cm-bad')).toBe(false);
    expect(await exists('/apis/example.com/v1/namespaces/default/widgets/w-bad')).toBe(false);
  });

  it('with --validate=warn the List is created, the unknown field dropped by the server', async () => {
    const run = await kubectl(['apply', '--validate=warn', '-f', '-'], list('warn', { bogus: 1 }));
    // kubectl skips client-side validation and sends fieldValidation=Warn; the server warns and drops the field.
    expect(run.stderr).toContain('cannot perform warn validation if server-side field validation is unsupported, skipping validation\n');
    expect(run.stderr).toContain('Warning: unknown field "bogus"\n');
    expect(run.code).toBe(0);
    expect(await exists('/api/v1/namespaces/default/configmaps/cm-warn')).toBe(true);
  });

  it('an unknown field inside a custom resource item is reported against the CRD schema', async () => {
    const doc = JSON.parse(list('badcr')) as { items: Array<Record<string, any>> };
    doc.items[1]!.spec.shape = 'round';
    const run = await kubectl(['create', '-f', '-'], JSON.stringify(doc));
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'error: error validating "STDIN": error validating data: ValidationError(Widget.spec): unknown field "shape" in com.example.v1.Widget.spec; ' +
        'if you choose to ignore these errors, turn validation off with --validate=false\n',
    );
    expect(await exists('/api/v1/namespaces/default/configmaps/cm-badcr')).toBe(false);
  });

  it('a Deployment item with pod fields this server does not describe is not refused', async () => {
    const doc = {
      apiVersion: 'v1',
      kind: 'List',
      items: [
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web', namespace: 'default' },
          spec: {
            selector: { matchLabels: { app: 'web' } },
            template: {
              metadata: { labels: { app: 'web' } },
              spec: {
                tolerations: [{ key: 'k', operator: 'Exists' }],
                topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'ScheduleAnyway' }],
                containers: [{ name: 'web', image: 'nginx', startupProbe: { exec: { command: ['true'] } }, resizePolicy: [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }] }],
              },
            },
          },
        },
      ],
    };
    expect(await ok(['create', '-f', '-'], JSON.stringify(doc))).toBe('deployment.apps/web created\n');
  });
});

describe('GET /openapi/v2', () => {
  it('is Swagger 2.0 JSON whose every $ref resolves, with the CRD and the built-in kinds by GVK', async () => {
    const res = await fetch(`${server.url}/openapi/v2`, { headers: { Accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const doc = (await res.json()) as { swagger: string; info: { title: string }; paths: Record<string, any>; definitions: Record<string, any> };
    expect(doc.swagger).toBe('2.0');
    expect(doc.info.title).toBe('Kubernetes');
    const refs: string[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          if (k === '$ref') refs.push(x as string);
          else if (k === 'allOf' || k === 'anyOf' || k === 'oneOf' || k === 'nullable') throw new Error(`v3-only keyword ${k} in the v2 document`);
          walk(x);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) {
      expect(ref.startsWith('#/definitions/')).toBe(true);
      expect(doc.definitions[ref.slice('#/definitions/'.length)], ref).toBeDefined();
    }
    expect(doc.definitions['io.k8s.api.core.v1.ConfigMap']['x-kubernetes-group-version-kind']).toEqual([{ group: '', version: 'v1', kind: 'ConfigMap' }]);
    expect(doc.definitions['io.k8s.api.core.v1.ConfigMap'].properties.metadata).toEqual({
      $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta',
      description: expect.any(String),
    });
    expect(doc.definitions['com.example.v1.Widget'].properties.spec.properties.size).toEqual({ type: 'integer', minimum: 1 });
    const patch = doc.paths['/apis/example.com/v1/namespaces/{namespace}/widgets/{name}'].patch;
    expect(patch['x-kubernetes-group-version-kind']).toEqual({ group: 'example.com', version: 'v1', kind: 'Widget' });
    expect(patch.parameters).toContainEqual({ name: 'fieldValidation', in: 'query', type: 'string', uniqueItems: true });
  });

  it('answers client-go protobuf Accept with protobuf, and If-None-Match with 304', async () => {
    const accept = 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf';
    const res = await fetch(`${server.url}/openapi/v2`, { headers: { Accept: accept } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/com.github.proto-openapi.spec.v2.v1.0+protobuf');
    const body = Buffer.from(await res.arrayBuffer());
    // Field 1 (swagger), length 3, "2.0".
    expect([...body.subarray(0, 5)]).toEqual([0x0a, 3, 0x32, 0x2e, 0x30]);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[0-9A-F]{128}"$/);
    const again = await fetch(`${server.url}/openapi/v2`, { headers: { Accept: accept, 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    const json = await fetch(`${server.url}/openapi/v2`, { headers: { 'If-None-Match': etag! } });
    expect(json.status).toBe(200);
    expect(json.headers.get('etag')).not.toBe(etag);
  });
});
