// Acceptance: the real kubectl (1.32) works against the embedded server unchanged — CRD apply and
// wait, CRUD, -o json, get -w, merge and JSON patches, label selectors, finalizers, printer columns,
// api-resources and idempotent apply. kubectl runs as a child process with its own KUBECONFIG and HOME
// (so its discovery cache is private to this run).
// Without kubectl (`KUBECTL`, else PATH) every test here is skipped with the reason; with CI set each fails,
// naming kubectl (.ci/run installs it).
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deadline, requireTool } from '@opkit/test-tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
/** kubectl, found once: every test of this file is skipped (failed under CI) without it. */
const kubectlTool = requireTool('kubectl');
const KUBECTL = kubectlTool.command;

let server: ApiServer;
let home: string;
let env: NodeJS.ProcessEnv;

/** Runs kubectl and resolves with stdout; rejects with stderr in the message on a non-zero exit. */
function kubectl(args: string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(KUBECTL, args, { env, timeout: deadline(30_000), maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`kubectl ${args.join(' ')} failed: ${stderr || error.message}`));
      else resolve(stdout);
    });
    if (input !== undefined) child.stdin?.end(input);
  });
}

/** Runs kubectl expecting failure; resolves with stderr. */
function kubectlFails(args: string[]): Promise<string> {
  return kubectl(args).then(
    (stdout) => {
      throw new Error(`kubectl ${args.join(' ')} unexpectedly succeeded: ${stdout}`);
    },
    (error: Error) => error.message,
  );
}

/** Runs kubectl with stdin expecting failure; resolves with stderr. */
function kubectlFailsWith(args: string[], input: string): Promise<string> {
  return kubectl(args, input).then(
    (stdout) => {
      throw new Error(`kubectl ${args.join(' ')} unexpectedly succeeded: ${stdout}`);
    },
    (error: Error) => error.message,
  );
}

function json(text: string): any {
  return JSON.parse(text);
}

beforeAll(async () => {
  if (kubectlTool.missing) return; // its tests are skipped (or failed, under CI) by requireTool
  server = await startApiServer();
  home = await mkdtemp(join(tmpdir(), 'opkit-kubectl-'));
  await server.writeKubeconfig(join(home, 'kubeconfig'));
  env = { PATH: process.env.PATH, HOME: home, KUBECONFIG: join(home, 'kubeconfig') };
  await kubectl(['apply', '-f', join(fixtures, 'crd.yaml')]);
  await kubectl(['wait', '--for=condition=Established', 'crd/kopfexamples.kopf.dev', '--timeout=20s']);
}, deadline(60_000));

afterAll(async () => {
  await server?.close();
  if (home) await rm(home, { recursive: true, force: true });
});

describe('kubectl against the embedded API server', { timeout: deadline(60_000) }, () => {
  it('applies a CRD from YAML and waits for Established', async () => {
    const crd = json(await kubectl(['get', 'crd', 'kopfexamples.kopf.dev', '-o', 'json']));
    const established = crd.status.conditions.find((c: { type: string }) => c.type === 'Established');
    expect(established.status).toBe('True');
    expect(await kubectl(['wait', '--for=condition=Established', 'crd/kopfexamples.kopf.dev', '--timeout=5s'])).toContain(
      'customresourcedefinition.apiextensions.k8s.io/kopfexamples.kopf.dev condition met',
    );
    expect(await kubectl(['apply', '-f', join(fixtures, 'crd.yaml')])).toContain('kopfexamples.kopf.dev unchanged');
  });

  it('creates, gets and lists custom resources, also as JSON and by short name', async () => {
    expect(await kubectl(['create', '-f', join(fixtures, 'obj.yaml')])).toBe('kopfexample.kopf.dev/kopf-example-1 created\n');
    const obj = json(await kubectl(['get', 'kex', 'kopf-example-1', '-o', 'json']));
    expect(obj).toMatchObject({
      apiVersion: 'kopf.dev/v1',
      kind: 'KopfExample',
      metadata: { name: 'kopf-example-1', namespace: 'default', labels: { somelabel: 'somevalue' }, generation: 1 },
      spec: { duration: '1m', field: 'value', items: ['item1', 'item2'] },
    });
    expect(obj.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
    const list = json(await kubectl(['get', 'kopfexamples', '-o', 'json']));
    expect(list.kind).toBe('List');
    expect(list.items.map((i: any) => i.metadata.name)).toContain('kopf-example-1');
    expect(await kubectlFails(['create', '-f', join(fixtures, 'obj.yaml')])).toContain('AlreadyExists');
    expect(await kubectlFails(['get', 'kex', 'missing'])).toContain('kopfexamples.kopf.dev "missing" not found');
  });

  it('validates, defaults and prunes against a structural schema, with kube’s messages', async () => {
    await kubectl(['apply', '-f', join(fixtures, 'widget-crd.yaml')]);
    await kubectl(['wait', '--for=condition=Established', 'crd/widgets.example.com', '--timeout=20s']);
    const widget = (name: string, spec: Record<string, unknown>): string => JSON.stringify({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name }, spec });
    expect(await kubectl(['create', '-f', '-'], widget('w1', { size: 3 }))).toBe('widget.example.com/w1 created\n');
    const typeError = await kubectlFailsWith(['create', '-f', '-'], widget('w2', { size: 'big' }));
    expect(typeError).toContain('The Widget "w2" is invalid: spec.size: Invalid value: "string": spec.size in body must be of type integer: "string"');
    const twoErrors = await kubectlFailsWith(['create', '-f', '-'], widget('w3', { size: 0, color: 'green' }));
    expect(twoErrors).toContain('spec.color: Unsupported value: "green": supported values: "red", "blue"');
    expect(twoErrors).toContain('spec.size: Invalid value: 0: spec.size in body should be greater than or equal to 1');
    const unknown = await kubectlFailsWith(['create', '-f', '-'], widget('w4', { size: 2, bogus: true }));
    expect(unknown).toContain('Widget in version "v1" cannot be handled as a Widget: strict decoding error: unknown field "spec.bogus"');
    expect(await kubectl(['create', '--validate=false', '-f', '-'], widget('w4', { size: 2, bogus: true }))).toBe('widget.example.com/w4 created\n');
    expect(json(await kubectl(['get', 'wd', 'w4', '-o', 'json'])).spec).toEqual({ size: 2, color: 'red' }); // pruned and defaulted
    const [header, ...rows] = (await kubectl(['get', 'widgets'])).trimEnd().split('\n');
    expect(header?.split(/\s{2,}/)).toEqual(['NAME', 'SIZE', 'COLOR', 'AGE']);
    expect(rows.map((r) => r.split(/\s+/).slice(0, 3))).toEqual([['w1', '3', 'red'], ['w4', '2', 'red']]);
    await kubectl(['delete', '-f', join(fixtures, 'widget-crd.yaml'), '--timeout=20s']);
  });

  it('shows the CRD printer columns in kubectl get', async () => {
    await kubectl(['create', '-f', '-'], objYaml('columns', { duration: '5m' }));
    await kubectl(['patch', 'kex', 'columns', '--subresource=status', '--type=merge', '-p', '{"status":{"create_fn":{"message":"hello there","children":["a"]}}}']);
    const table = await kubectl(['get', 'kex', 'columns']);
    const [header, row] = table.trimEnd().split('\n');
    // With additionalPrinterColumns given, kube shows exactly those after NAME (no implicit AGE).
    expect(header?.split(/\s{2,}/)).toEqual(['NAME', 'DURATION', 'CHILDREN', 'MESSAGE']);
    expect(row).toMatch(/^columns\s+5m\s+\["a"\]\s+hello there$/);
  });

  it('streams changes with get -w', async () => {
    await kubectl(['create', '-f', '-'], objYaml('watched', { duration: '1m' }));
    const child = spawn(KUBECTL, ['get', 'kex', 'watched', '-w', '-o', 'jsonpath={.metadata.name} {.spec.duration}{"\\n"}'], { env });
    try {
      const output = collect(child.stdout);
      await output.waitFor(/watched 1m\n/);
      await kubectl(['patch', 'kex', 'watched', '--type=merge', '-p', '{"spec":{"duration":"2m"}}']);
      await output.waitFor(/watched 2m\n/);
    } finally {
      await stopChild(child);
    }
  });

  it('shows ADDED, MODIFIED and DELETED with get -w --output-watch-events', async () => {
    await kubectl(['create', 'namespace', 'watching']);
    await kubectl(['create', 'configmap', 'seed', '-n', 'watching', '--from-literal=a=1']);
    const child = spawn(KUBECTL, ['get', 'configmaps', '-n', 'watching', '-w', '--output-watch-events'], { env });
    try {
      const output = collect(child.stdout);
      await output.waitFor(/^ADDED\s+seed\s+1\s+\d+s$/m);
      await kubectl(['create', 'configmap', 'live', '-n', 'watching', '--from-literal=a=1']);
      await kubectl(['patch', 'configmap', 'live', '-n', 'watching', '-p', '{"data":{"b":"2"}}']);
      await kubectl(['delete', 'configmap', 'live', '-n', 'watching']);
      await output.waitFor(/^ADDED\s+live\s+1\s+\d+s\nMODIFIED\s+live\s+2\s+\d+s\nDELETED\s+live\s+2\s+\d+s$/m);
    } finally {
      await stopChild(child);
    }
  });

  it('patches with merge and JSON patches, and reports a failed JSON-patch test', async () => {
    await kubectl(['patch', 'kex', 'kopf-example-1', '--type=merge', '-p', '{"spec":{"field":"merged"},"metadata":{"labels":{"extra":"yes"}}}']);
    await kubectl(['patch', 'kex', 'kopf-example-1', '--type=json', '-p', '[{"op":"add","path":"/spec/items/-","value":"item3"}]']);
    const obj = json(await kubectl(['get', 'kex', 'kopf-example-1', '-o', 'json']));
    expect(obj.spec).toEqual({ duration: '1m', field: 'merged', items: ['item1', 'item2', 'item3'] });
    expect(obj.metadata.labels).toEqual({ somelabel: 'somevalue', extra: 'yes' });
    expect(obj.metadata.generation).toBe(3);
    const failed = await kubectlFails(['patch', 'kex', 'kopf-example-1', '--type=json', '-p', '[{"op":"test","path":"/spec/field","value":"other"}]']);
    expect(failed).toMatch(/UnprocessableEntity|Invalid|test/i);
    expect(json(await kubectl(['get', 'kex', 'kopf-example-1', '-o', 'json'])).metadata.resourceVersion).toBe(obj.metadata.resourceVersion);
  });

  it('shows int64 values with every digit and maps in byte order, in -o json, jsonpath and after a patch', async () => {
    // The text carries digits JSON.stringify of a number cannot: kubectl decodes them as int64 too.
    const body = objYaml('exact', { big: 1, neg: 2, data: { x: 'c', 10: 'a', 2: 'b' } }).replace('"big":1', '"big":9007199254740993').replace('"neg":2', '"neg":-9223372036854775808');
    await kubectl(['create', '-f', '-'], body);
    const text = await kubectl(['get', 'kex', 'exact', '-o', 'json']);
    expect(text).toContain('"big": 9007199254740993,');
    expect(text).toContain('"neg": -9223372036854775808');
    expect(text).toMatch(/"data": \{\s*"10": "a",\s*"2": "b",\s*"x": "c"\s*\}/);
    // Every level of a custom resource is a map, in byte order as a real server shows it (kubectl re-sorts
    // maps itself, so this pins what a user sees; the raw bytes are checked in exact-data.test.ts).
    expect(text).toMatch(/^\{\s*"apiVersion": "kopf.dev\/v1",\s*"kind": "KopfExample",\s*"metadata": \{\s*"creationTimestamp"/);
    expect(text).toMatch(/"spec": \{\s*"big": 9007199254740993,\s*"data": \{/);
    expect(await kubectl(['get', 'kex', 'exact', '-o', 'jsonpath={.spec.big}'])).toBe('9007199254740993');
    await kubectl(['patch', 'kex', 'exact', '--type=merge', '-p', '{"spec":{"big":9223372036854775807}}']);
    expect(await kubectl(['get', 'kex', 'exact', '-o', 'jsonpath={.spec.big} {.spec.neg}'])).toBe('9223372036854775807 -9223372036854775808');
    await kubectl(['delete', 'kex', 'exact']); // later tests count the objects
  });

  it('filters with label selectors', async () => {
    await kubectl(['create', '-f', '-'], objYaml('blue-1', {}, { color: 'blue', tier: 'a' }));
    await kubectl(['create', '-f', '-'], objYaml('blue-2', {}, { color: 'blue', tier: 'b' }));
    await kubectl(['create', '-f', '-'], objYaml('green-1', {}, { color: 'green' }));
    const names = async (selector: string): Promise<string[]> =>
      (await kubectl(['get', 'kex', '-l', selector, '-o', 'name'])).split('\n').filter(Boolean).sort();
    expect(await names('color=blue')).toEqual(['kopfexample.kopf.dev/blue-1', 'kopfexample.kopf.dev/blue-2']);
    expect(await names('color==blue,tier!=a')).toEqual(['kopfexample.kopf.dev/blue-2']);
    expect(await names('color in (green,red)')).toEqual(['kopfexample.kopf.dev/green-1']);
    expect(await names('color,!tier')).toEqual(['kopfexample.kopf.dev/green-1']);
    expect(await names('color,color notin (blue)')).toEqual(['kopfexample.kopf.dev/green-1']);
    expect(await names('color notin (blue)')).toHaveLength(4); // notin also matches objects without the key
    expect(await kubectlFails(['get', 'kex', '-l', 'color in blue'])).toMatch(/unable to parse requirement|found 'blue', expected: '\('/);
    const removed = (await kubectl(['delete', 'kex', '-l', 'color=blue'])).split('\n').filter(Boolean).sort();
    expect(removed).toEqual(['kopfexample.kopf.dev "blue-1" deleted', 'kopfexample.kopf.dev "blue-2" deleted']);
    expect(await names('color')).toEqual(['kopfexample.kopf.dev/green-1']);
  });

  it('keeps an object with a finalizer Terminating until the finalizer is removed', async () => {
    await kubectl(['create', '-f', '-'], objYaml('held', {}, {}, ['example.com/hold']));
    expect(await kubectl(['delete', 'kex', 'held', '--wait=false'])).toContain('kopfexample.kopf.dev "held" deleted');
    const deleting = json(await kubectl(['get', 'kex', 'held', '-o', 'json']));
    expect(deleting.metadata.deletionTimestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(deleting.metadata.finalizers).toEqual(['example.com/hold']);
    expect(await kubectl(['get', 'kex', 'held', '-o', 'name'])).toBe('kopfexample.kopf.dev/held\n');
    expect(await kubectlFails(['patch', 'kex', 'held', '--type=merge', '-p', '{"metadata":{"finalizers":["example.com/hold","x.io/new"]}}'])).toContain(
      'no new finalizers can be added if the object is being deleted',
    );
    const waiting = kubectl(['wait', '--for=delete', 'kex/held', '--timeout=20s']);
    await kubectl(['patch', 'kex', 'held', '--type=json', '-p', '[{"op":"remove","path":"/metadata/finalizers"}]']);
    expect(await waiting).toMatch(/kopfexample.kopf.dev\/held condition met|^$/);
    expect(await kubectlFails(['get', 'kex', 'held'])).toContain('kopfexamples.kopf.dev "held" not found');
  });

  it('reads /healthz, /version and /metrics through kubectl get --raw, and answers auth can-i', async () => {
    expect(await kubectl(['get', '--raw', '/healthz'])).toBe('ok');
    expect(json(await kubectl(['get', '--raw', '/version']))).toMatchObject({ major: '1', gitVersion: expect.stringMatching(/^v1\./) });
    const metrics = await kubectl(['get', '--raw', '/metrics']);
    expect(metrics).toMatch(/^apiserver_request_total\{verb="POST",group="kopf.dev",version="v1",resource="kopfexamples",.*code="201"\} \d+$/m);
    expect(metrics).toMatch(/^apiserver_storage_objects\{resource="kopfexamples.kopf.dev"\} \d+$/m);
    // No RBAC here: everything is allowed, and kubectl auth can-i says so.
    expect(await kubectl(['auth', 'can-i', 'delete', 'kopfexamples'])).toBe('yes\n');
  });

  it('rides out injected 503/429 answers by honouring Retry-After, as client-go does', async () => {
    const before = server.requests().length;
    server.faults.failNext(3, 503, { retryAfterSeconds: 0 });
    server.faults.failNext(2, 429, { retryAfterSeconds: 0 });
    expect(await kubectl(['get', 'namespaces', 'default', '-o', 'name'])).toBe('namespace/default\n');
    const codes = server.requests().slice(before).map((r) => r.code);
    expect(codes.filter((c) => c === 503)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(2);
    expect(codes.at(-1)).toBe(200);
  });

  it('lists the API resources, built-in and custom', async () => {
    const lines = (await kubectl(['api-resources'])).split('\n');
    expect(lines[0]?.split(/\s{2,}/)).toEqual(['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND']);
    const row = (name: string): string[] | undefined => lines.find((l) => l.startsWith(`${name} `))?.split(/\s+/);
    expect(row('kopfexamples')).toEqual(['kopfexamples', 'kopfexes,kopfex,kexes,kex', 'kopf.dev/v1', 'true', 'KopfExample']);
    expect(row('configmaps')).toEqual(['configmaps', 'cm', 'v1', 'true', 'ConfigMap']);
    expect(row('namespaces')).toEqual(['namespaces', 'ns', 'v1', 'false', 'Namespace']);
    expect(row('nodes')).toEqual(['nodes', 'no', 'v1', 'false', 'Node']);
    expect(row('leases')).toEqual(['leases', 'coordination.k8s.io/v1', 'true', 'Lease']);
    expect(row('customresourcedefinitions')).toEqual(['customresourcedefinitions', 'crd,crds', 'apiextensions.k8s.io/v1', 'false', 'CustomResourceDefinition']);
  });

  it('gets, labels and selects nodes: cluster-scoped, short name no, kube’s node columns', async () => {
    const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'kn-1', labels: { zone: 'a' } }, status: { nodeInfo: { kubeletVersion: 'v1.32.0' }, conditions: [{ type: 'Ready', status: 'True' }] } };
    expect(await kubectl(['create', '-f', '-'], JSON.stringify(node))).toBe('node/kn-1 created\n');
    const [header, row] = (await kubectl(['get', 'nodes'])).trimEnd().split('\n');
    expect(header?.split(/\s{2,}/)).toEqual(['NAME', 'STATUS', 'ROLES', 'AGE', 'VERSION']);
    expect(row).toMatch(/^kn-1\s+Ready\s+<none>\s+\S+\s+v1\.32\.0$/);
    expect(await kubectl(['label', 'node', 'kn-1', 'disk=ssd', 'node-role.kubernetes.io/compute='])).toBe('node/kn-1 labeled\n');
    expect(await kubectl(['get', 'no', '-l', 'disk=ssd', '-n', 'elsewhere', '-o', 'jsonpath={.items[*].metadata.name}'])).toBe('kn-1');
    expect(await kubectlFails(['label', 'node', 'kn-1', 'zone=b'])).toContain("'zone' already has a value (a), and --overwrite is false");
    expect(await kubectl(['label', 'node', 'kn-1', 'zone=b', '--overwrite'])).toBe('node/kn-1 labeled\n');
    expect(await kubectl(['label', 'node', 'kn-1', 'disk-'])).toBe('node/kn-1 unlabeled\n');
    expect(json(await kubectl(['get', 'node', 'kn-1', '-o', 'json'])).metadata.labels).toEqual({ zone: 'b', 'node-role.kubernetes.io/compute': '' });
    expect(await kubectl(['get', 'nodes', '-l', 'disk=ssd'])).toBe('');
    expect((await kubectl(['get', 'nodes', '--no-headers'])).split(/\s+/).slice(0, 3)).toEqual(['kn-1', 'Ready', 'compute']);
    expect(await kubectl(['delete', 'node', 'kn-1'])).toBe('node "kn-1" deleted\n');
  });

  it('applies a ConfigMap twice idempotently', async () => {
    const file = join(fixtures, 'configmap.yaml');
    expect(await kubectl(['apply', '-f', file])).toBe('configmap/applied-config created\n');
    const first = json(await kubectl(['get', 'configmap', 'applied-config', '-o', 'json']));
    expect(await kubectl(['apply', '-f', file])).toBe('configmap/applied-config unchanged\n');
    const second = json(await kubectl(['get', 'configmap', 'applied-config', '-o', 'json']));
    expect(second.metadata.resourceVersion).toBe(first.metadata.resourceVersion);
    expect(second.data).toEqual({ greeting: 'hello', target: 'world' });
    expect(second.metadata.annotations['kubectl.kubernetes.io/last-applied-configuration']).toContain('"greeting":"hello"');
    const [header, row] = (await kubectl(['get', 'configmaps', '-n', 'default', '-l', 'app=opkit-test'])).trimEnd().split('\n');
    expect(header?.split(/\s{2,}/)).toEqual(['NAME', 'DATA', 'AGE']);
    expect(row).toMatch(/^applied-config\s+2\s+\d+s$/);
  });

  it('edits, labels, annotates and describes a custom resource', async () => {
    await kubectl(['create', '-f', '-'], objYaml('edited', { duration: '1m' }));
    const editEnv = { ...env, KUBE_EDITOR: 'sed -i s/duration:\\ 1m/duration:\\ 7m/' };
    const edited = await new Promise<string>((resolve, reject) => {
      execFile(KUBECTL, ['edit', 'kex', 'edited'], { env: editEnv, timeout: deadline(30_000) }, (error, stdout, stderr) =>
        error ? reject(new Error(`kubectl edit failed: ${stderr || error.message}`)) : resolve(stdout),
      );
    });
    expect(edited).toBe('kopfexample.kopf.dev/edited edited\n');
    await kubectl(['label', 'kex', 'edited', 'tier=gold']);
    await kubectl(['annotate', 'kex', 'edited', 'note=hello']);
    const obj = json(await kubectl(['get', 'kex', 'edited', '-o', 'json']));
    expect(obj.spec.duration).toBe('7m');
    expect(obj.metadata.labels).toEqual({ tier: 'gold' });
    expect(obj.metadata.annotations).toEqual({ note: 'hello' });
    const described = await kubectl(['describe', 'kex', 'edited']);
    expect(described).toMatch(/^Name:\s+edited$/m);
    expect(described).toMatch(/^Labels:\s+tier=gold$/m);
    expect(described).toMatch(/^Events:\s+<none>$/m);
  });

  it('applies server-side and creates and deletes a namespace with its contents', async () => {
    const manifest = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'ssa', namespace: 'default' }, data: { a: '1' } });
    expect(await kubectl(['apply', '--server-side', '--field-manager=opkit-test', '-f', '-'], manifest)).toBe('configmap/ssa serverside-applied\n');
    const ssa = json(await kubectl(['get', 'configmap', 'ssa', '-o', 'json']));
    expect(ssa.data).toEqual({ a: '1' });
    const rival = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'ssa', namespace: 'default' }, data: { a: '2' } });
    expect(await kubectlFailsWith(['apply', '--server-side', '--field-manager=rival', '-f', '-'], rival)).toContain('Apply failed with 1 conflict: conflict with "opkit-test": .data.a');
    expect(await kubectl(['apply', '--server-side', '--field-manager=rival', '--force-conflicts', '-f', '-'], rival)).toBe('configmap/ssa serverside-applied\n');
    const taken = json(await kubectl(['get', 'configmap', 'ssa', '-o', 'json', '--show-managed-fields']));
    expect(taken.data).toEqual({ a: '2' });
    expect(taken.metadata.managedFields.map((m: { manager: string; operation: string }) => `${m.manager}/${m.operation}`)).toEqual(['rival/Apply']);
    // kubectl's imperative generators send protobuf bodies (typed clients), manifests send JSON.
    expect(await kubectl(['create', 'namespace', 'doomed'])).toBe('namespace/doomed created\n');
    expect(await kubectl(['create', 'configmap', 'inside', '-n', 'doomed', '--from-literal=k=v', '--from-literal=n=1'])).toBe('configmap/inside created\n');
    await kubectl(['create', 'secret', 'generic', 'hush', '-n', 'doomed', '--from-literal=password=s3cret']);
    expect(await kubectl(['create', 'deployment', 'web', '-n', 'doomed', '--image=nginx:1.27', '--replicas=2'])).toBe('deployment.apps/web created\n');
    expect(await kubectl(['get', 'deployment', 'web', '-n', 'doomed', '-o', 'jsonpath={.spec.template.spec.containers[0].image} {.spec.replicas}'])).toBe('nginx:1.27 2');
    // Defaulted like kube's (a tagged image pulls IfNotPresent), so a naive desired-vs-live diff shows up here too.
    expect(await kubectl(['get', 'deployment', 'web', '-n', 'doomed', '-o', 'jsonpath={.spec.strategy.type} {.spec.template.spec.containers[0].imagePullPolicy}'])).toBe(
      'RollingUpdate IfNotPresent',
    );
    expect(await kubectl(['get', 'serviceaccount', 'default', '-n', 'doomed', '-o', 'name'])).toBe('serviceaccount/default\n');
    expect(await kubectl(['scale', 'deployment', 'web', '-n', 'doomed', '--replicas=5'])).toBe('deployment.apps/web scaled\n');
    expect(await kubectl(['get', 'deployment', 'web', '-n', 'doomed', '-o', 'jsonpath={.spec.replicas}'])).toBe('5');
    await kubectl(['create', '-n', 'doomed', '-f', '-'], JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'manifest' }, data: { k: 'v' } }));
    expect(json(await kubectl(['get', 'configmap', 'inside', '-n', 'doomed', '-o', 'json'])).data).toEqual({ k: 'v', n: '1' });
    const secret = json(await kubectl(['get', 'secret', 'hush', '-n', 'doomed', '-o', 'json']));
    expect(Buffer.from(secret.data.password, 'base64').toString()).toBe('s3cret');
    expect(secret.type).toBe('Opaque');
    const namespace = json(await kubectl(['get', 'namespace', 'doomed', '-o', 'json']));
    expect(namespace.status.phase).toBe('Active');
    expect(namespace.metadata.labels).toEqual({ 'kubernetes.io/metadata.name': 'doomed' });
    expect(await kubectl(['get', 'namespaces', '-l', 'kubernetes.io/metadata.name in (default,doomed)', '-o', 'name'])).toBe(
      'namespace/default\nnamespace/doomed\n',
    );
    expect(await kubectl(['delete', 'namespace', 'doomed', '--timeout=20s'])).toBe('namespace "doomed" deleted\n');
    expect(await kubectlFails(['get', 'namespace', 'doomed'])).toContain('namespaces "doomed" not found');
    expect(await kubectlFails(['get', 'configmap', 'inside', '-n', 'doomed'])).toContain('not found');
  });

  it('deletes the CRD and with it every custom resource', async () => {
    await kubectl(['delete', '-f', join(fixtures, 'crd.yaml'), '--timeout=20s']);
    expect(await kubectlFails(['get', 'crd', 'kopfexamples.kopf.dev'])).toContain('not found');
    const list = json(await kubectl(['get', '--raw', '/api/v1/namespaces/default/configmaps']));
    expect(list.kind).toBe('ConfigMapList');
  });
});

function objYaml(name: string, spec: Record<string, unknown>, labels: Record<string, string> = {}, finalizers: string[] = []): string {
  return JSON.stringify({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name, labels, finalizers }, spec });
}

/** Stops a spawned kubectl and waits until it has exited. */
function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Accumulates a stream's text and waits (with a deadline) until it matches. */
function collect(stream: NodeJS.ReadableStream): { waitFor(pattern: RegExp, timeoutMs?: number): Promise<void> } {
  let text = '';
  const waiters = new Set<() => void>();
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    text += chunk;
    for (const w of waiters) w();
  });
  return {
    waitFor: (pattern, timeoutMs = deadline(15_000)) =>
      new Promise((resolve, reject) => {
        const check = (): void => {
          if (!pattern.test(text)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`output did not match ${pattern} within ${timeoutMs} ms; got: ${JSON.stringify(text)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
}
