// The kubectl side of the conformance suite: each scenario of scenarios.ts that kubectl can express, driven by the
// real kubectl as child processes (its own HOME, so its discovery cache stays in a temporary directory). Errors are
// observed as kubectl received them: the Status body it logs at -v=8.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiServer } from '../../src/index.js';
import { conversionCrd, watchListObservation, watchObservation } from './clientNodeDriver.js';
import type { ConversionWebhookTarget } from './clientNodeDriver.js';
import { conversionState } from './scenarios.js';
import type { ErrorObservation, ScenarioId } from './scenarios.js';
import { runProcess } from './support.js';
import type { ProcessResult } from './support.js';
import { deadline } from '@opkit/test-tools';

const CRD_PATH = new URL('./fixtures/widget-crd.json', import.meta.url).pathname;
const HOLD = 'conformance.opkit.dev/hold';
type Json = Record<string, any>;

/** The last Status body kubectl logged at -v=8 (the error it received), as code, reason and message. */
export function statusFromVerboseLog(stderr: string): ErrorObservation | undefined {
  let found: ErrorObservation | undefined;
  for (const match of stderr.matchAll(/"Response Body" body=("(?:[^"\\]|\\.)*")/g)) {
    const text = JSON.parse(match[1]!) as string;
    // Long bodies (discovery, OpenAPI) are logged truncated; a Status is short and whole.
    if (!text.startsWith('{"kind":"Status"')) continue;
    const body = JSON.parse(text) as Json;
    if (body.status === 'Failure') found = { code: body.code, reason: body.reason, message: body.message };
  }
  return found;
}

/** Runs the conformance scenarios with kubectl against `server`. */
export class KubectlDriver {
  private home = '';
  private kubeconfig = '';

  /** `kubectl` is the binary; `server` is the one the kubeconfig points at (its audit log shows kubectl's pages). */
  constructor(private readonly kubectl: string, private readonly server: ApiServer, private readonly webhook?: ConversionWebhookTarget) {}

  /** Writes the server's kubeconfig into a temporary HOME. */
  async start(): Promise<void> {
    this.home = await mkdtemp(join(tmpdir(), 'opkit-conformance-kubectl-'));
    this.kubeconfig = join(this.home, 'kubeconfig');
    await this.server.writeKubeconfig(this.kubeconfig);
  }

  /** Removes the temporary HOME. */
  async stop(): Promise<void> {
    if (this.home) await rm(this.home, { recursive: true, force: true });
  }

  private exec(args: string[], input?: string): Promise<ProcessResult> {
    return runProcess(this.kubectl, ['--kubeconfig', this.kubeconfig, ...args], { env: { PATH: process.env.PATH, HOME: this.home }, input });
  }

  /** Runs kubectl expecting success; answers stdout. */
  private async ok(args: string[], input?: string): Promise<string> {
    const r = await this.exec(args, input);
    if (r.code !== 0) throw new Error(`kubectl ${args.join(' ')} failed (exit ${r.code}): ${r.stderr}`);
    return r.stdout;
  }

  private async json(args: string[], input?: unknown): Promise<Json> {
    return JSON.parse(await this.ok([...args, '-o', 'json'], input === undefined ? undefined : JSON.stringify(input))) as Json;
  }

  /** Runs kubectl expecting it to fail with an API error; answers the Status it received. */
  private async failure(args: string[], input?: unknown): Promise<ErrorObservation | { unexpected: string }> {
    const r = await this.exec([...args, '-v=8'], input === undefined ? undefined : JSON.stringify(input));
    if (r.code === 0) return { unexpected: `kubectl ${args.join(' ')} succeeded` };
    return statusFromVerboseLog(r.stderr) ?? { unexpected: `kubectl ${args.join(' ')} failed without an API error: ${r.stderr.split('\n').filter((l) => !/^I\d{4}/.test(l)).join('\n')}` };
  }

  /** Runs one scenario in namespace `ns` and answers its observation. */
  async run(id: ScenarioId, ns: string): Promise<unknown> {
    if (id !== 'rbac') await this.ok(['create', 'namespace', ns]);
    const n = ['-n', ns];
    const names = async (args: string[]) => ((await this.json(['get', ...args, ...n])).items as Json[]).map((i) => i.metadata.name as string).sort();
    switch (id) {
      case 'crud-configmap': {
        const created = await this.json(['create', ...n, '-f', '-'], cm('a', { k: 'v1' }));
        const read = await this.json(['get', 'configmap', 'a', ...n]);
        const updated = await this.json(['replace', ...n, '-f', '-'], { ...read, data: { k: 'v2' } });
        const listed = await names(['configmaps']);
        await this.ok(['delete', 'configmap', 'a', ...n]);
        return {
          created: created.data, uid: Boolean(created.metadata.uid), read: read.data, updated: updated.data,
          rvIncreased: Number(updated.metadata.resourceVersion) > Number(created.metadata.resourceVersion), listed,
          afterDelete: await this.failure(['get', 'configmap', 'a', ...n]),
        };
      }
      case 'crud-custom': {
        await this.ok(['apply', '-f', CRD_PATH]);
        await this.ok(['wait', '--for=condition=Established', 'crd/widgets.conformance.opkit.dev', '--timeout=30s']);
        const created = await this.json(['create', ...n, '-f', '-'], widget('w1', { color: 'red', replicas: 1 }));
        const updated = await this.json(['replace', ...n, '-f', '-'], { ...created, spec: { ...created.spec, color: 'blue' } });
        const listed = await names(['widgets']);
        await this.ok(['delete', 'widget', 'w1', ...n]);
        return {
          established: true, created: { spec: created.spec, generation: created.metadata.generation },
          updated: { color: updated.spec.color, generation: updated.metadata.generation }, listed,
          afterDelete: await this.failure(['get', 'widget', 'w1', ...n]),
        };
      }
      case 'conflict': {
        await this.ok(['create', ...n, '-f', '-'], JSON.stringify(cm('c', { k: '1' })));
        const stale = await this.json(['get', 'configmap', 'c', ...n]);
        await this.ok(['replace', ...n, '-f', '-'], JSON.stringify({ ...stale, data: { k: '2' } }));
        return { firstUpdate: 'ok', stale: await this.failure(['replace', ...n, '-f', '-'], { ...stale, data: { k: '3' } }) };
      }
      case 'already-exists':
        await this.ok(['create', ...n, '-f', '-'], JSON.stringify(cm('dup')));
        return { second: await this.failure(['create', ...n, '-f', '-'], cm('dup')) };
      case 'selectors':
        await this.ok(['create', ...n, '-f', '-'], JSON.stringify({
          apiVersion: 'v1', kind: 'List', items: [cm('a', {}, { app: 'web', tier: 'fe' }), cm('b', {}, { app: 'web', tier: 'db' }), cm('c', {}, { app: 'db' })],
        }));
        return {
          'app=web': await names(['configmaps', '-l', 'app=web']), 'app=web,tier!=db': await names(['configmaps', '-l', 'app=web,tier!=db']),
          'tier in (db,cache)': await names(['configmaps', '-l', 'tier in (db,cache)']), '!tier': await names(['configmaps', '-l', '!tier']),
          'field metadata.name=c': await names(['configmaps', '--field-selector', 'metadata.name=c']),
          'app=web + field metadata.name!=a': await names(['configmaps', '-l', 'app=web', '--field-selector', 'metadata.name!=a']),
        };
      case 'pagination': {
        for (let i = 0; i < 5; i++) await this.ok(['create', 'configmap', `p${i}`, ...n]);
        const before = this.listRequests(ns);
        const listed = ((await this.json(['get', 'configmaps', '--chunk-size=2', ...n])).items as Json[]).map((i) => i.metadata.name as string);
        return { names: listed, listRequests: this.listRequests(ns) - before };
      }
      case 'watch': return this.watch(ns);
      case 'watch-expired': return this.watchExpired(ns);
      case 'watch-list': {
        await this.json(['create', ...n, '-f', '-'], cm('a', { k: '1' }));
        const last = await this.json(['create', ...n, '-f', '-'], cm('b', { k: '1' }));
        const events = await this.rawWatch(ns, 'sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&timeoutSeconds=2');
        return watchListObservation(events, last.metadata.resourceVersion as string);
      }
      case 'status': {
        await this.ok(['create', ...n, '-f', '-'], JSON.stringify(widget('s', { color: 'red', replicas: 1 })));
        const afterStatus = await this.json(['patch', 'widget', 's', ...n, '--subresource=status', '--type=merge', '-p', '{"spec":{"color":"green"},"status":{"phase":"Ready"}}']);
        const afterMain = await this.json(['patch', 'widget', 's', ...n, '--type=merge', '-p', '{"spec":{"color":"blue"},"status":{"phase":"Gone"}}']);
        const state = (o: Json) => ({ color: o.spec.color, phase: o.status?.phase, generation: o.metadata.generation });
        return { afterStatus: state(afterStatus), afterMain: state(afterMain) };
      }
      case 'scale': {
        await this.ok(['create', ...n, '-f', '-'], JSON.stringify(widget('s', { color: 'red', replicas: 1 })));
        const scale = await this.json(['get', 'widget', 's', ...n, '--subresource=scale']);
        await this.ok(['scale', 'widget', 's', ...n, '--replicas=3']);
        const after = await this.json(['get', 'widget', 's', ...n]);
        return {
          scale: { apiVersion: scale.apiVersion, kind: scale.kind, name: scale.metadata?.name, specReplicas: scale.spec?.replicas, statusReplicas: scale.status?.replicas },
          specReplicasAfter: after.spec.replicas,
        };
      }
      case 'patches': return this.patches(ns);
      case 'finalizers': {
        await this.ok(['create', ...n, '-f', '-'], JSON.stringify(cm('f', { k: 'v' }, undefined, [HOLD])));
        await this.ok(['delete', 'configmap', 'f', ...n, '--wait=false']);
        const still = await this.json(['get', 'configmap', 'f', ...n]);
        await this.ok(['patch', 'configmap', 'f', ...n, '--type=json', '-p', '[{"op":"remove","path":"/metadata/finalizers"}]']);
        return {
          stillThere: { deletionTimestamp: Boolean(still.metadata.deletionTimestamp), finalizers: still.metadata.finalizers ?? [] },
          afterRelease: await this.failure(['get', 'configmap', 'f', ...n]),
        };
      }
      case 'deletecollection':
        for (const item of [cm('d1', {}, { app: 'del' }), cm('d2', {}, { app: 'del' }), cm('k1', {}, { app: 'keep' })]) {
          await this.ok(['create', ...n, '-f', '-'], JSON.stringify(item));
        }
        await this.ok(['delete', 'configmaps', '-l', 'app=del', ...n]);
        return { remaining: await names(['configmaps']) };
      case 'namespace-deletion': {
        await this.ok(['create', ...n, '-f', '-'], JSON.stringify(cm('held', {}, undefined, [HOLD])));
        await this.ok(['delete', 'namespace', ns, '--wait=false']);
        const terminating = await this.json(['get', 'namespace', ns]);
        await this.ok(['patch', 'configmap', 'held', ...n, '--type=json', '-p', '[{"op":"remove","path":"/metadata/finalizers"}]']);
        await this.ok(['wait', '--for=delete', `namespace/${ns}`, '--timeout=30s']);
        return {
          whileContentRemains: { phase: terminating.status?.phase, deletionTimestamp: Boolean(terminating.metadata.deletionTimestamp) },
          gone: await this.failure(['get', 'namespace', ns]),
        };
      }
      case 'leases': {
        const now = new Date().toISOString().replace(/Z$/, '000Z');
        const created = await this.json(['create', ...n, '-f', '-'], {
          apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'l' },
          spec: { holderIdentity: 'a', leaseDurationSeconds: 15, acquireTime: now, renewTime: now },
        });
        const renewed = await this.json(['replace', ...n, '-f', '-'], { ...created, spec: { ...created.spec, holderIdentity: 'b' } });
        const renewTime = String(created.spec.renewTime);
        return {
          created: { holder: created.spec.holderIdentity, duration: created.spec.leaseDurationSeconds, renewTimeMicro: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(renewTime), renewTimeKept: renewTime === now },
          renewed: { holder: renewed.spec.holderIdentity },
          stale: await this.failure(['replace', ...n, '-f', '-'], { ...created, spec: { ...created.spec, holderIdentity: 'c' } }),
        };
      }
      case 'tokens': {
        await this.ok(['create', 'serviceaccount', 'robot', ...n]);
        const token = (await this.ok(['create', 'token', 'robot', ...n, '--duration=1h'])).trim();
        const review = await this.json(['create', '--validate=false', '-f', '-'], { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token } });
        // kubectl sends a bearer token only over https (the server of these scenarios serves https).
        const whoami = await this.json(['auth', 'whoami', `--token=${token}`]);
        const user = (whoami.status?.userInfo ?? {}) as Json;
        return {
          token: token.length > 0, review: { authenticated: review.status?.authenticated, username: review.status?.user?.username },
          whoami: { username: user.username, groups: [...((user.groups ?? []) as string[])].sort() },
        };
      }
      case 'rbac': return this.rbac(ns);
      case 'conversion-none': return this.conversion(ns, 'None');
      case 'conversion-webhook': return this.conversion(ns, 'Webhook');
    }
  }

  /**
   * The conversion scenarios with kubectl's own way of naming a version: `gizmos.v2.conformance.opkit.dev`; the
   * watch at v2 from a resourceVersion through `kubectl get --raw` (as in the watch scenario).
   */
  private async conversion(ns: string, strategy: 'None' | 'Webhook'): Promise<unknown> {
    const n = ['-n', ns];
    const crd = conversionCrd(strategy, this.webhook);
    const plural = String(crd.spec.names.plural);
    const kind = String(crd.spec.names.kind);
    const at = (version: string) => `${plural}.${version}.conformance.opkit.dev`;
    await this.ok(['create', '-f', '-'], JSON.stringify(crd));
    await this.ok(['wait', '--for=condition=Established', `crd/${String(crd.metadata.name)}`, '--timeout=30s']);
    const list = async (version: string) => ((await this.json(['get', at(version), ...n])).items as Json[]).map((i) => `${String(i.metadata.name)} ${conversionState(i)}`);
    const start = String((JSON.parse(await this.ok(['get', '--raw', `/apis/conformance.opkit.dev/v2/namespaces/${ns}/${plural}`])) as Json).metadata.resourceVersion);
    const created = await this.json(['create', ...n, '-f', '-'], { apiVersion: 'conformance.opkit.dev/v1', kind, metadata: { name: 'g1' }, spec: { size: 1 } });
    const readAtV2 = await this.json(['get', at('v2'), 'g1', ...n]);
    const updatedAtV2 = await this.json(['replace', ...n, '-f', '-'], { ...readAtV2, spec: strategy === 'None' ? { size: 2 } : { count: 2 } });
    const readAtV1 = await this.json(['get', at('v1'), 'g1', ...n]);
    const observed: Json = {
      created: conversionState(created), readAtV2: conversionState(readAtV2), updatedAtV2: conversionState(updatedAtV2), readAtV1: conversionState(readAtV1),
      listV1: await list('v1'), listV2: await list('v2'),
    };
    await this.ok(['patch', at('v1'), 'g1', ...n, '--type=merge', '-p', '{"spec":{"size":3}}']);
    const out = await this.ok(['get', '--raw', `/apis/conformance.opkit.dev/v2/namespaces/${ns}/${plural}?watch=1&resourceVersion=${start}&allowWatchBookmarks=true&timeoutSeconds=2`]);
    const events = out.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; object: Json });
    observed.watchV2 = events.filter((e) => e.type !== 'BOOKMARK').map((e) => `${e.type} ${conversionState(e.object)}`);
    if (strategy === 'Webhook') {
      const patch = { spec: { conversion: { webhook: { clientConfig: { url: this.webhook!.deadUrl } } } } };
      await this.ok(['patch', 'crd', String(crd.metadata.name), '--type=merge', '-p', JSON.stringify(patch)]);
      let error: Json = {};
      for (const giveUpAt = Date.now() + deadline(20_000); Date.now() < giveUpAt;) {
        error = await this.failure(['get', at('v2'), 'g1', ...n]);
        if (!('unexpected' in error)) break;
      }
      observed.down = {
        readAtV1: conversionState(await this.json(['get', at('v1'), 'g1', ...n])),
        readAtV2: 'unexpected' in error ? error : { ...error, reason: error.reason ?? '' },
      };
    }
    return observed;
  }

  /**
   * A watch of configmaps in `ns` from resourceVersion `from` through `kubectl get --raw` (kubectl's own transport
   * and credentials): `kubectl get --watch` lists first and has no flag to start from a resourceVersion or ask for
   * bookmarks. The server ends the watch after `timeoutSeconds`; kubectl prints the event stream, one JSON per line.
   */
  private async rawWatch(ns: string, query: string): Promise<{ type: string; object: Json }[]> {
    const out = await this.ok(['get', '--raw', `/api/v1/namespaces/${ns}/configmaps?watch=1&${query}`]);
    return out.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; object: Json });
  }

  private async watch(ns: string): Promise<unknown> {
    // `kubectl get -o json` prints a List of its own (no resourceVersion): the list's version comes from --raw.
    const start = String((JSON.parse(await this.ok(['get', '--raw', `/api/v1/namespaces/${ns}/configmaps`])) as Json).metadata.resourceVersion);
    const n = ['-n', ns];
    const created = await this.json(['create', ...n, '-f', '-'], cm('w', { k: '1' }));
    const updated = await this.json(['patch', 'configmap', 'w', ...n, '--type=merge', '-p', '{"data":{"k":"2"}}']);
    await this.ok(['delete', 'configmap', 'w', ...n]);
    // kube-apiserver sends a watch's bookmark 2 s before its timeout: 3 s ends the watch with one.
    const events = await this.rawWatch(ns, `resourceVersion=${start}&allowWatchBookmarks=true&timeoutSeconds=3`);
    return watchObservation(events, created.metadata.resourceVersion as string, updated.metadata.resourceVersion as string);
  }

  private async watchExpired(ns: string): Promise<unknown> {
    const n = ['-n', ns];
    const created = await this.json(['create', ...n, '-f', '-'], cm('e', { n: '0' }));
    // 45 writes after it (one kubectl, one create each) outrun the server's history of 40 events.
    const items = Array.from({ length: 45 }, (_, i) => cm(`e${String(i + 1)}`, { n: String(i + 1) }));
    await this.ok(['create', ...n, '-f', '-'], JSON.stringify({ apiVersion: 'v1', kind: 'List', items }));
    const from = String(created.metadata.resourceVersion);
    const events = await this.rawWatch(ns, `resourceVersion=${from}&timeoutSeconds=2`);
    const error = events.find((e) => e.type === 'ERROR');
    if (!error || events.length !== 1) return { unexpected: events.map((e) => e.type) };
    return { from, code: error.object.code, reason: error.object.reason, message: error.object.message };
  }

  /** How many list requests for configmaps in `ns` the server has answered (kubectl's pages). */
  private listRequests(ns: string): number {
    return this.server.requests().filter((r) => r.verb === 'list' && r.resource === 'configmaps' && r.namespace === ns).length;
  }

  private async patches(ns: string): Promise<unknown> {
    const n = ['-n', ns];
    await this.ok(['create', ...n, '-f', '-'], JSON.stringify(cm('pm', { a: '1', b: '2' })));
    const merged = await this.json(['patch', 'configmap', 'pm', ...n, '--type=merge', '-p', '{"data":{"b":null,"c":"3"}}']);
    const json = await this.json(['patch', 'configmap', 'pm', ...n, '--type=json', '-p', '[{"op":"add","path":"/data/d","value":"4"},{"op":"remove","path":"/data/a"}]']);
    const containers = [{ name: 'a', image: 'img1' }, { name: 'b', image: 'img2' }];
    for (const item of [deployment('d1', containers), deployment('d2', containers)]) await this.ok(['create', ...n, '-f', '-'], JSON.stringify(item));
    const change = JSON.stringify({ spec: { template: { spec: { containers: [{ name: 'b', image: 'img3' }] } } } });
    const strategic = await this.json(['patch', 'deployment', 'd1', ...n, '--type=strategic', '-p', change]);
    const mergeOnList = await this.json(['patch', 'deployment', 'd2', ...n, '--type=merge', '-p', change]);
    await this.ok(['create', ...n, '-f', '-'], JSON.stringify(widget('wp', { color: 'red' })));
    const strategicOnCustom = await this.failure(['patch', 'widget', 'wp', ...n, '--type=strategic', '-p', '{"spec":{"color":"blue"}}']);
    const apply = (manager: string, value: string, force: boolean) =>
      ['apply', ...n, '--server-side', `--field-manager=${manager}`, '--show-managed-fields', ...(force ? ['--force-conflicts'] : []), '-f', '-'];
    const applied = await this.json(apply('m1', '1', false), cm('ap', { x: '1' }));
    const applyConflict = await this.failure(apply('m2', '2', false), cm('ap', { x: '2' }));
    const forced = await this.json(apply('m2', '2', true), cm('ap', { x: '2' }));
    const images = (d: Json) => (d.spec.template.spec.containers as Json[]).map((c) => `${c.name}:${c.image}`);
    const managers = (o: Json) => ((o.metadata.managedFields ?? []) as Json[]).map((m) => `${m.manager}:${m.operation}`);
    return {
      merge: merged.data, json: json.data, strategic: images(strategic), mergeOnList: images(mergeOnList),
      strategicOnCustom,
      apply: { data: applied.data, managers: managers(applied) }, applyConflict, applyForce: { data: forced.data, managers: managers(forced) },
    };
  }

  private async rbac(ns: string): Promise<unknown> {
    const [a, b] = [`${ns}-a`, `${ns}-b`];
    await this.ok(['create', 'namespace', a]);
    await this.ok(['create', 'namespace', b]);
    await this.ok(['create', 'serviceaccount', 'robot', '-n', a]);
    await this.ok(['create', 'role', 'pod-reader', '--verb=get,list', '--resource=pods', '-n', a]);
    await this.ok(['create', 'rolebinding', 'robot-pods', '--role=pod-reader', `--serviceaccount=${a}:robot`, '-n', a]);
    const token = (await this.ok(['create', 'token', 'robot', '-n', a])).trim();
    const robot = [`--token=${token}`];
    const names = async (args: string[]) => ((await this.json(['get', ...args, ...robot])).items as Json[]).map((i) => i.metadata.name as string);
    // `kubectl auth can-i` as the admin impersonating the robot (--as): prints yes or no (exit 0 or 1).
    const canListSecrets = async (): Promise<unknown> => {
      const r = await this.exec(['auth', 'can-i', 'list', 'secrets', '-n', a, `--as=system:serviceaccount:${a}:robot`]);
      const answer = r.stdout.trim();
      return answer === 'yes' && r.code === 0 ? true : answer === 'no' && r.code === 1 ? false : `exit ${r.code}: ${answer} ${r.stderr}`;
    };
    const observed: Json = {
      podsInA: await names(['pods', '-n', a]),
      secretsInA: await this.failure(['get', 'secrets', '-n', a, ...robot]),
      podsInB: await this.failure(['get', 'pods', '-n', b, ...robot]),
      canListSecretsBefore: await canListSecrets(),
    };
    await this.ok(['create', 'clusterrole', 'cf-secret-reader', '--verb=list', '--resource=secrets']);
    await this.ok(['create', 'rolebinding', 'robot-secrets', '--clusterrole=cf-secret-reader', `--serviceaccount=${a}:robot`, '-n', a]);
    observed.canListSecretsAfter = await canListSecrets();
    observed.secretsInAAfter = await names(['secrets', '-n', a]);
    return observed;
  }
}

function cm(name: string, data: Record<string, string> = {}, labels?: Record<string, string>, finalizers?: string[]): Json {
  const metadata: Json = { name };
  if (labels) metadata.labels = labels;
  if (finalizers) metadata.finalizers = finalizers;
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata, data };
}

function widget(name: string, spec: Json): Json {
  return { apiVersion: 'conformance.opkit.dev/v1', kind: 'Widget', metadata: { name }, spec };
}

function deployment(name: string, containers: { name: string; image: string }[]): Json {
  const labels = { app: name };
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name }, spec: { selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers } } } };
}
