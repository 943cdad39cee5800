// The @kubernetes/client-node side of the conformance suite: each scenario of scenarios.ts driven through the
// client's typed APIs (CoreV1Api, AppsV1Api, CustomObjectsApi, CoordinationV1Api, …) and its Watch, reporting the
// same observation shapes as the Python and kubectl drivers.
import {
  ApiextensionsV1Api,
  AppsV1Api,
  AuthenticationV1Api,
  AuthorizationV1Api,
  CoordinationV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  RbacAuthorizationV1Api,
  V1MicroTime,
  Watch,
  setHeaderOptions,
} from '@kubernetes/client-node';
import type { V1ConfigMap, V1CustomResourceDefinition, V1Deployment, V1ObjectMeta } from '@kubernetes/client-node';
import { readFileSync } from 'node:fs';
import { conversionState } from './scenarios.js';
import type { ErrorObservation, ScenarioId } from './scenarios.js';
import { waitFor } from './support.js';

const GROUP = 'conformance.opkit.dev';
const VERSION = 'v1';
const PLURAL = 'widgets';
const HOLD = 'conformance.opkit.dev/hold';
const CRD = JSON.parse(readFileSync(new URL('./fixtures/widget-crd.json', import.meta.url), 'utf8')) as V1CustomResourceDefinition;

/** Where the conversion-webhook scenario's webhook answers (see conversionWebhook.ts). */
export interface ConversionWebhookTarget {
  readonly url: string;
  readonly caBundle: string;
  readonly deadUrl: string;
}

/** The CRD of a conversion scenario: Gadget (strategy None) or Gizmo (strategy Webhook, pointed at `webhook`). */
export function conversionCrd(strategy: 'None' | 'Webhook', webhook: ConversionWebhookTarget | undefined): Json {
  const file = strategy === 'None' ? 'gadget-crd.json' : 'gizmo-crd.json';
  const crd = JSON.parse(readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8')) as Json;
  if (strategy === 'Webhook') {
    if (!webhook) throw new Error('the conversion-webhook scenario needs the test\'s conversion webhook');
    crd.spec.conversion.webhook.clientConfig = { url: webhook.url, caBundle: webhook.caBundle };
  }
  return crd;
}

type Json = Record<string, any>;

/** The code, reason and message of the API error `call` fails with (an observation saying it succeeded otherwise). */
async function failure(call: Promise<unknown>): Promise<ErrorObservation | { unexpected: string }> {
  try {
    await call;
  } catch (error) {
    const e = error as { code?: number; body?: unknown };
    if (typeof e.code !== 'number') throw error;
    const body = (typeof e.body === 'string' ? JSON.parse(e.body) : e.body) as Json;
    return { code: e.code, reason: body.reason, message: body.message };
  }
  return { unexpected: 'the request succeeded' };
}

function cm(name: string, data: Record<string, string> = {}, labels?: Record<string, string>, finalizers?: string[]): V1ConfigMap {
  const metadata: V1ObjectMeta = { name };
  if (labels) metadata.labels = labels;
  if (finalizers) metadata.finalizers = finalizers;
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata, data };
}

function widget(name: string, spec: Json): Json {
  return { apiVersion: `${GROUP}/${VERSION}`, kind: 'Widget', metadata: { name }, spec };
}

function deployment(name: string, containers: { name: string; image: string }[]): V1Deployment {
  const labels = { app: name };
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name }, spec: { selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers } } } };
}

const names = (list: { items: { metadata?: V1ObjectMeta }[] }): string[] => list.items.map((i) => i.metadata?.name ?? '');
const images = (d: V1Deployment): string[] => (d.spec?.template.spec?.containers ?? []).map((c) => `${c.name}:${c.image ?? ''}`);
const managers = (meta: Json): string[] => ((meta.managedFields ?? []) as Json[]).map((m) => `${m.manager}:${m.operation}`);

/** Runs the conformance scenarios with @kubernetes/client-node against the server of `kubeconfig`. */
export class ClientNodeDriver {
  private readonly kc = new KubeConfig();
  private readonly core: CoreV1Api;
  private readonly apps: AppsV1Api;
  private readonly custom: CustomObjectsApi;

  constructor(kubeconfig: string, private readonly webhook?: ConversionWebhookTarget) {
    this.kc.loadFromString(kubeconfig);
    this.core = this.kc.makeApiClient(CoreV1Api);
    this.apps = this.kc.makeApiClient(AppsV1Api);
    this.custom = this.kc.makeApiClient(CustomObjectsApi);
  }

  /** Runs one scenario in namespace `ns` and answers its observation. */
  async run(id: ScenarioId, ns: string): Promise<unknown> {
    if (id !== 'rbac') await this.core.createNamespace({ body: { metadata: { name: ns } } });
    switch (id) {
      case 'crud-configmap': return this.crudConfigMap(ns);
      case 'crud-custom': return this.crudCustom(ns);
      case 'conflict': {
        await this.core.createNamespacedConfigMap({ namespace: ns, body: cm('c', { k: '1' }) });
        const stale = await this.core.readNamespacedConfigMap({ name: 'c', namespace: ns });
        await this.core.replaceNamespacedConfigMap({ name: 'c', namespace: ns, body: { ...stale, data: { k: '2' } } });
        return { firstUpdate: 'ok', stale: await failure(this.core.replaceNamespacedConfigMap({ name: 'c', namespace: ns, body: { ...stale, data: { k: '3' } } })) };
      }
      case 'already-exists':
        await this.core.createNamespacedConfigMap({ namespace: ns, body: cm('dup') });
        return { second: await failure(this.core.createNamespacedConfigMap({ namespace: ns, body: cm('dup') })) };
      case 'selectors': return this.selectors(ns);
      case 'pagination': return this.pagination(ns);
      case 'watch': return this.watch(ns);
      case 'watch-expired': return this.watchExpired(ns);
      case 'watch-list': return this.watchList(ns);
      case 'status': return this.status(ns);
      case 'scale': {
        await this.custom.createNamespacedCustomObject({ group: GROUP, version: VERSION, namespace: ns, plural: PLURAL, body: widget('s', { color: 'red', replicas: 1 }) });
        const scale = (await this.custom.getNamespacedCustomObjectScale({ group: GROUP, version: VERSION, namespace: ns, plural: PLURAL, name: 's' })) as Json;
        await this.custom.patchNamespacedCustomObjectScale(
          { group: GROUP, version: VERSION, namespace: ns, plural: PLURAL, name: 's', body: { spec: { replicas: 3 } } },
          setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
        );
        const after = (await this.custom.getNamespacedCustomObject({ group: GROUP, version: VERSION, namespace: ns, plural: PLURAL, name: 's' })) as Json;
        return {
          scale: { apiVersion: scale.apiVersion, kind: scale.kind, name: scale.metadata?.name, specReplicas: scale.spec?.replicas, statusReplicas: scale.status?.replicas },
          specReplicasAfter: after.spec.replicas,
        };
      }
      case 'patches': return this.patches(ns);
      case 'finalizers': return this.finalizers(ns);
      case 'deletecollection': {
        for (const [name, app] of [['d1', 'del'], ['d2', 'del'], ['k1', 'keep']] as const) {
          await this.core.createNamespacedConfigMap({ namespace: ns, body: cm(name, {}, { app }) });
        }
        await this.core.deleteCollectionNamespacedConfigMap({ namespace: ns, labelSelector: 'app=del' });
        return { remaining: names(await this.core.listNamespacedConfigMap({ namespace: ns })) };
      }
      case 'namespace-deletion': return this.namespaceDeletion(ns);
      case 'leases': return this.leases(ns);
      case 'tokens': return this.tokens(ns);
      case 'rbac': return this.rbac(ns);
      case 'conversion-none': return this.conversion(ns, 'None');
      case 'conversion-webhook': return this.conversion(ns, 'Webhook');
    }
  }

  /** The conversion scenarios: one object of a two-version CRD written and read at both versions, watched at v2. */
  private async conversion(ns: string, strategy: 'None' | 'Webhook'): Promise<unknown> {
    const crds = this.kc.makeApiClient(ApiextensionsV1Api);
    const crd = conversionCrd(strategy, this.webhook);
    const crdName = String(crd.metadata.name);
    const plural = String(crd.spec.names.plural);
    const kind = String(crd.spec.names.kind);
    await crds.createCustomResourceDefinition({ body: crd as V1CustomResourceDefinition });
    await waitFor(`the ${kind} CRD is Established`, async () => {
      const read = await crds.readCustomResourceDefinition({ name: crdName });
      return read.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True') ?? false;
    });
    const at = (version: string) => ({ group: GROUP, version, namespace: ns, plural });
    const spec2 = (n: number): Json => (strategy === 'None' ? { size: n } : { count: n });
    const list = async (version: string) => ((await this.custom.listNamespacedCustomObject(at(version))) as { items: Json[] }).items.map((i) => `${String(i.metadata.name)} ${conversionState(i)}`);
    const start = String(((await this.custom.listNamespacedCustomObject(at('v2'))) as Json).metadata.resourceVersion);
    const created = (await this.custom.createNamespacedCustomObject({ ...at('v1'), body: { apiVersion: `${GROUP}/v1`, kind, metadata: { name: 'g1' }, spec: { size: 1 } } })) as Json;
    const readAtV2 = (await this.custom.getNamespacedCustomObject({ ...at('v2'), name: 'g1' })) as Json;
    const updatedAtV2 = (await this.custom.replaceNamespacedCustomObject({ ...at('v2'), name: 'g1', body: { ...readAtV2, spec: spec2(2) } })) as Json;
    const readAtV1 = (await this.custom.getNamespacedCustomObject({ ...at('v1'), name: 'g1' })) as Json;
    const observed: Json = {
      created: conversionState(created), readAtV2: conversionState(readAtV2), updatedAtV2: conversionState(updatedAtV2), readAtV1: conversionState(readAtV1),
      listV1: await list('v1'), listV2: await list('v2'),
    };
    await this.custom.patchNamespacedCustomObject({ ...at('v1'), name: 'g1', body: { spec: { size: 3 } } }, setHeaderOptions('Content-Type', PatchStrategy.MergePatch));
    const events = await this.watchAll(`/apis/${GROUP}/v2/namespaces/${ns}/${plural}`, { resourceVersion: start, allowWatchBookmarks: true, timeoutSeconds: 2 });
    observed.watchV2 = events.filter((e) => e.type !== 'BOOKMARK').map((e) => `${e.type} ${conversionState(e.object)}`);
    if (strategy === 'Webhook') {
      await crds.patchCustomResourceDefinition(
        { name: crdName, body: { spec: { conversion: { webhook: { clientConfig: { url: this.webhook!.deadUrl } } } } } },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      );
      const readV2 = () => failure(this.custom.getNamespacedCustomObject({ ...at('v2'), name: 'g1' }));
      await waitFor('reads at v2 fail with the webhook down', async () => !('unexpected' in (await readV2())));
      const error = await readV2();
      observed.down = {
        readAtV1: conversionState((await this.custom.getNamespacedCustomObject({ ...at('v1'), name: 'g1' })) as Json),
        readAtV2: 'unexpected' in error ? error : { ...error, reason: error.reason ?? '' },
      };
    }
    return observed;
  }

  private async crudConfigMap(ns: string): Promise<unknown> {
    const created = await this.core.createNamespacedConfigMap({ namespace: ns, body: cm('a', { k: 'v1' }) });
    const read = await this.core.readNamespacedConfigMap({ name: 'a', namespace: ns });
    const updated = await this.core.replaceNamespacedConfigMap({ name: 'a', namespace: ns, body: { ...read, data: { k: 'v2' } } });
    const listed = names(await this.core.listNamespacedConfigMap({ namespace: ns }));
    await this.core.deleteNamespacedConfigMap({ name: 'a', namespace: ns });
    return {
      created: created.data, uid: Boolean(created.metadata?.uid), read: read.data, updated: updated.data,
      rvIncreased: Number(updated.metadata?.resourceVersion) > Number(created.metadata?.resourceVersion), listed,
      afterDelete: await failure(this.core.readNamespacedConfigMap({ name: 'a', namespace: ns })),
    };
  }

  private async crudCustom(ns: string): Promise<unknown> {
    const crds = this.kc.makeApiClient(ApiextensionsV1Api);
    await crds.createCustomResourceDefinition({ body: CRD });
    await waitFor('the Widget CRD is Established', async () => {
      const read = await crds.readCustomResourceDefinition({ name: 'widgets.conformance.opkit.dev' });
      return read.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True') ?? false;
    });
    const at = { group: GROUP, version: VERSION, namespace: ns, plural: PLURAL };
    const created = (await this.custom.createNamespacedCustomObject({ ...at, body: widget('w1', { color: 'red', replicas: 1 }) })) as Json;
    const updated = (await this.custom.replaceNamespacedCustomObject({ ...at, name: 'w1', body: { ...created, spec: { ...created.spec, color: 'blue' } } })) as Json;
    const listed = ((await this.custom.listNamespacedCustomObject(at)) as { items: Json[] }).items.map((i) => i.metadata.name);
    await this.custom.deleteNamespacedCustomObject({ ...at, name: 'w1' });
    return {
      established: true, created: { spec: created.spec, generation: created.metadata.generation },
      updated: { color: updated.spec.color, generation: updated.metadata.generation }, listed,
      afterDelete: await failure(this.custom.getNamespacedCustomObject({ ...at, name: 'w1' })),
    };
  }

  private async selectors(ns: string): Promise<unknown> {
    await this.core.createNamespacedConfigMap({ namespace: ns, body: cm('a', {}, { app: 'web', tier: 'fe' }) });
    await this.core.createNamespacedConfigMap({ namespace: ns, body: cm('b', {}, { app: 'web', tier: 'db' }) });
    await this.core.createNamespacedConfigMap({ namespace: ns, body: cm('c', {}, { app: 'db' }) });
    const q = async (labelSelector?: string, fieldSelector?: string) => names(await this.core.listNamespacedConfigMap({ namespace: ns, labelSelector, fieldSelector })).sort();
    return {
      'app=web': await q('app=web'), 'app=web,tier!=db': await q('app=web,tier!=db'), 'tier in (db,cache)': await q('tier in (db,cache)'),
      '!tier': await q('!tier'), 'field metadata.name=c': await q(undefined, 'metadata.name=c'),
      'app=web + field metadata.name!=a': await q('app=web', 'metadata.name!=a'),
    };
  }

  private async pagination(ns: string): Promise<unknown> {
    for (let i = 0; i < 5; i++) await this.core.createNamespacedConfigMap({ namespace: ns, body: cm(`p${i}`) });
    const pages: string[][] = [];
    const continues: boolean[] = [];
    const remaining: (number | null)[] = [];
    let token: string | undefined;
    do {
      const page = await this.core.listNamespacedConfigMap({ namespace: ns, limit: 2, _continue: token });
      pages.push(names(page));
      token = page.metadata?._continue || undefined;
      continues.push(Boolean(token));
      remaining.push(page.metadata?.remainingItemCount ?? null);
    } while (token);
    return { pages, continues, remaining };
  }

  /** Watches `path` from `params` until the server ends the stream; answers every event (type and raw object). */
  private async watchAll(path: string, params: Json): Promise<{ type: string; object: Json }[]> {
    const events: { type: string; object: Json }[] = [];
    await new Promise<void>((resolve, reject) => {
      new Watch(this.kc)
        .watch(path, params, (type, object: Json) => events.push({ type, object }), (err: unknown) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve()))
        .catch(reject);
    });
    return events;
  }

  private async watch(ns: string): Promise<unknown> {
    const start = (await this.core.listNamespacedConfigMap({ namespace: ns })).metadata?.resourceVersion;
    const created = await this.core.createNamespacedConfigMap({ namespace: ns, body: cm('w', { k: '1' }) });
    const updated = await this.core.patchNamespacedConfigMap({ name: 'w', namespace: ns, body: { data: { k: '2' } } }, setHeaderOptions('Content-Type', PatchStrategy.MergePatch));
    await this.core.deleteNamespacedConfigMap({ name: 'w', namespace: ns });
    // kube-apiserver sends a watch's bookmark 2 s before its timeout (or every minute): 3 s ends the watch with one.
    const events = await this.watchAll(`/api/v1/namespaces/${ns}/configmaps`, { resourceVersion: start, allowWatchBookmarks: true, timeoutSeconds: 3 });
    return watchObservation(events, created.metadata?.resourceVersion, updated.metadata?.resourceVersion);
  }

  private async watchExpired(ns: string): Promise<unknown> {
    const created = await this.core.createNamespacedConfigMap({ namespace: ns, body: cm('e', { n: '0' }) });
    for (let i = 1; i <= 45; i++) {
      await this.core.patchNamespacedConfigMap({ name: 'e', namespace: ns, body: { data: { n: String(i) } } }, setHeaderOptions('Content-Type', PatchStrategy.MergePatch));
    }
    const from = created.metadata?.resourceVersion ?? '';
    const events = await this.watchAll(`/api/v1/namespaces/${ns}/configmaps`, { resourceVersion: from, timeoutSeconds: 2 });
    const error = events.find((e) => e.type === 'ERROR');
    if (!error || events.length !== 1) return { unexpected: events.map((e) => e.type) };
    return { from, code: error.object.code, reason: error.object.reason, message: error.object.message };
  }

  private async watchList(ns: string): Promise<unknown> {
    await this.core.createNamespacedConfigMap({ namespace: ns, body: cm('a', { k: '1' }) });
    const last = await this.core.createNamespacedConfigMap({ namespace: ns, body: cm('b', { k: '1' }) });
    // The typed client has no parameter for sendInitialEvents; its Watch passes any query parameter on.
    const events = await this.watchAll(`/api/v1/namespaces/${ns}/configmaps`, { sendInitialEvents: true, resourceVersionMatch: 'NotOlderThan', allowWatchBookmarks: true, timeoutSeconds: 2 });
    return watchListObservation(events, last.metadata?.resourceVersion);
  }

  private async status(ns: string): Promise<unknown> {
    const at = { group: GROUP, version: VERSION, namespace: ns, plural: PLURAL, name: 's' };
    const created = (await this.custom.createNamespacedCustomObject({ ...at, body: widget('s', { color: 'red', replicas: 1 }) })) as Json;
    const afterStatus = (await this.custom.replaceNamespacedCustomObjectStatus({ ...at, body: { ...created, spec: { color: 'green', replicas: 1 }, status: { phase: 'Ready' } } })) as Json;
    const afterMain = (await this.custom.replaceNamespacedCustomObject({ ...at, body: { ...afterStatus, spec: { color: 'blue', replicas: 1 }, status: { phase: 'Gone' } } })) as Json;
    const state = (o: Json) => ({ color: o.spec.color, phase: o.status?.phase, generation: o.metadata.generation });
    return { afterStatus: state(afterStatus), afterMain: state(afterMain) };
  }

  private async patches(ns: string): Promise<unknown> {
    const patch = (strategy: PatchStrategy) => setHeaderOptions('Content-Type', strategy);
    await this.core.createNamespacedConfigMap({ namespace: ns, body: cm('pm', { a: '1', b: '2' }) });
    const merged = await this.core.patchNamespacedConfigMap({ name: 'pm', namespace: ns, body: { data: { b: null, c: '3' } } }, patch(PatchStrategy.MergePatch));
    const json = await this.core.patchNamespacedConfigMap(
      { name: 'pm', namespace: ns, body: [{ op: 'add', path: '/data/d', value: '4' }, { op: 'remove', path: '/data/a' }] },
      patch(PatchStrategy.JsonPatch),
    );
    const containers = [{ name: 'a', image: 'img1' }, { name: 'b', image: 'img2' }];
    await this.apps.createNamespacedDeployment({ namespace: ns, body: deployment('d1', containers) });
    await this.apps.createNamespacedDeployment({ namespace: ns, body: deployment('d2', containers) });
    const change = { spec: { template: { spec: { containers: [{ name: 'b', image: 'img3' }] } } } };
    const strategic = await this.apps.patchNamespacedDeployment({ name: 'd1', namespace: ns, body: change }, patch(PatchStrategy.StrategicMergePatch));
    const mergeOnList = await this.apps.patchNamespacedDeployment({ name: 'd2', namespace: ns, body: change }, patch(PatchStrategy.MergePatch));
    await this.custom.createNamespacedCustomObject({ group: GROUP, version: VERSION, namespace: ns, plural: PLURAL, body: widget('wp', { color: 'red' }) });
    const strategicOnCustom = await failure(this.custom.patchNamespacedCustomObject(
      { group: GROUP, version: VERSION, namespace: ns, plural: PLURAL, name: 'wp', body: { spec: { color: 'blue' } } },
      patch(PatchStrategy.StrategicMergePatch),
    ));
    const apply = (manager: string, value: string, force?: boolean) =>
      this.core.patchNamespacedConfigMap({ name: 'ap', namespace: ns, body: cm('ap', { x: value }), fieldManager: manager, force }, patch(PatchStrategy.ServerSideApply));
    const applied = await apply('m1', '1');
    const applyConflict = await failure(apply('m2', '2'));
    const forced = await apply('m2', '2', true);
    return {
      merge: merged.data, json: json.data, strategic: images(strategic), mergeOnList: images(mergeOnList), strategicOnCustom,
      apply: { data: applied.data, managers: managers(applied.metadata ?? {}) }, applyConflict,
      applyForce: { data: forced.data, managers: managers(forced.metadata ?? {}) },
    };
  }

  private async finalizers(ns: string): Promise<unknown> {
    await this.core.createNamespacedConfigMap({ namespace: ns, body: cm('f', { k: 'v' }, undefined, [HOLD]) });
    // The DELETE answers the object itself (not a Status) while a finalizer holds it, but the typed client decodes
    // it as a V1Status: the state is read back with a get (scenarios.ts lists this as partly expressed).
    await this.core.deleteNamespacedConfigMap({ name: 'f', namespace: ns });
    const still = await this.core.readNamespacedConfigMap({ name: 'f', namespace: ns });
    await this.core.patchNamespacedConfigMap({ name: 'f', namespace: ns, body: [{ op: 'remove', path: '/metadata/finalizers' }] }, setHeaderOptions('Content-Type', PatchStrategy.JsonPatch));
    const state = (meta: Json | undefined) => ({ deletionTimestamp: Boolean(meta?.deletionTimestamp), finalizers: meta?.finalizers ?? [] });
    return {
      stillThere: state(still.metadata),
      afterRelease: await failure(this.core.readNamespacedConfigMap({ name: 'f', namespace: ns })),
    };
  }

  private async namespaceDeletion(ns: string): Promise<unknown> {
    await this.core.createNamespacedConfigMap({ namespace: ns, body: cm('held', {}, undefined, [HOLD]) });
    await this.core.deleteNamespace({ name: ns });
    const terminating = await this.core.readNamespace({ name: ns });
    await this.core.patchNamespacedConfigMap({ name: 'held', namespace: ns, body: [{ op: 'remove', path: '/metadata/finalizers' }] }, setHeaderOptions('Content-Type', PatchStrategy.JsonPatch));
    await waitFor(`namespace ${ns} is gone`, async () => (await failure(this.core.readNamespace({ name: ns })) as { code?: number }).code === 404);
    const state = (o: Json) => ({ phase: o.status?.phase, deletionTimestamp: Boolean(o.metadata?.deletionTimestamp) });
    return { whileContentRemains: state(terminating), gone: await failure(this.core.readNamespace({ name: ns })) };
  }

  private async leases(ns: string): Promise<unknown> {
    const coord = this.kc.makeApiClient(CoordinationV1Api);
    const now = new V1MicroTime();
    const sent = now.toISOString();
    const created = await coord.createNamespacedLease({ namespace: ns, body: { metadata: { name: 'l' }, spec: { holderIdentity: 'a', leaseDurationSeconds: 15, acquireTime: now, renewTime: now } } });
    // The stored renewTime as the server wrote it (the typed client turns it into a Date): read through the generic API.
    const stored = (await this.custom.getNamespacedCustomObject({ group: 'coordination.k8s.io', version: 'v1', namespace: ns, plural: 'leases', name: 'l' })) as Json;
    const renewed = await coord.replaceNamespacedLease({ name: 'l', namespace: ns, body: { ...created, spec: { ...created.spec, holderIdentity: 'b' } } });
    const renewTime = String(stored.spec.renewTime);
    return {
      created: { holder: created.spec?.holderIdentity, duration: created.spec?.leaseDurationSeconds, renewTimeMicro: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(renewTime), renewTimeKept: renewTime === sent },
      renewed: { holder: renewed.spec?.holderIdentity },
      stale: await failure(coord.replaceNamespacedLease({ name: 'l', namespace: ns, body: { ...created, spec: { ...created.spec, holderIdentity: 'c' } } })),
    };
  }

  /** A client of the same server authenticating with `token`. */
  private withToken(token: string): KubeConfig {
    const kc = new KubeConfig();
    const cluster = this.kc.getCurrentCluster();
    kc.loadFromOptions({
      clusters: [{ name: 'c', server: cluster?.server ?? '', skipTLSVerify: true }],
      users: [{ name: 'u', token }],
      contexts: [{ name: 'x', cluster: 'c', user: 'u' }],
      currentContext: 'x',
    });
    return kc;
  }

  private async tokens(ns: string): Promise<unknown> {
    await this.core.createNamespacedServiceAccount({ namespace: ns, body: { metadata: { name: 'robot' } } });
    const before = Date.now();
    const issued = await this.core.createNamespacedServiceAccountToken({ name: 'robot', namespace: ns, body: { spec: { expirationSeconds: 3600, audiences: [] } } });
    const token = issued.status?.token ?? '';
    const review = await this.kc.makeApiClient(AuthenticationV1Api).createTokenReview({ body: { spec: { token } } });
    const whoami = await this.withToken(token).makeApiClient(AuthenticationV1Api).createSelfSubjectReview({ body: {} });
    const expires = issued.status?.expirationTimestamp?.getTime() ?? 0;
    return {
      token: token.length > 0, expiresInAnHour: expires >= before + 3_595_000 && expires <= Date.now() + 3_605_000,
      review: { authenticated: review.status?.authenticated, username: review.status?.user?.username },
      whoami: { username: whoami.status?.userInfo?.username, groups: [...(whoami.status?.userInfo?.groups ?? [])].sort() },
    };
  }

  private async rbac(ns: string): Promise<unknown> {
    const [a, b] = [`${ns}-a`, `${ns}-b`];
    await this.core.createNamespace({ body: { metadata: { name: a } } });
    await this.core.createNamespace({ body: { metadata: { name: b } } });
    const rbac = this.kc.makeApiClient(RbacAuthorizationV1Api);
    await this.core.createNamespacedServiceAccount({ namespace: a, body: { metadata: { name: 'robot' } } });
    await rbac.createNamespacedRole({ namespace: a, body: { metadata: { name: 'pod-reader' }, rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] }] } });
    const subjects = [{ kind: 'ServiceAccount', name: 'robot', namespace: a }];
    await rbac.createNamespacedRoleBinding({ namespace: a, body: { metadata: { name: 'robot-pods' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pod-reader' }, subjects } });
    const issued = await this.core.createNamespacedServiceAccountToken({ name: 'robot', namespace: a, body: { spec: {} } });
    const robotKc = this.withToken(issued.status?.token ?? '');
    const robot = robotKc.makeApiClient(CoreV1Api);
    const canListSecrets = async () =>
      (await robotKc.makeApiClient(AuthorizationV1Api).createSelfSubjectAccessReview({ body: { spec: { resourceAttributes: { verb: 'list', resource: 'secrets', namespace: a } } } })).status?.allowed;
    const observed: Json = {
      podsInA: names(await robot.listNamespacedPod({ namespace: a })),
      secretsInA: await failure(robot.listNamespacedSecret({ namespace: a })),
      podsInB: await failure(robot.listNamespacedPod({ namespace: b })),
      canListSecretsBefore: await canListSecrets(),
    };
    await rbac.createClusterRole({ body: { metadata: { name: 'cf-secret-reader' }, rules: [{ apiGroups: [''], resources: ['secrets'], verbs: ['list'] }] } });
    await rbac.createNamespacedRoleBinding({ namespace: a, body: { metadata: { name: 'robot-secrets' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cf-secret-reader' }, subjects } });
    observed.canListSecretsAfter = await canListSecrets();
    observed.secretsInAAfter = names(await robot.listNamespacedSecret({ namespace: a }));
    return observed;
  }
}

/** The observation of the watch scenario from the events received (shared with the Python driver's logic). */
export function watchObservation(events: { type: string; object: Json }[], createdRv: string | undefined, updatedRv: string | undefined): unknown {
  const objects = events.filter((e) => e.type !== 'BOOKMARK');
  const bookmarks = events.filter((e) => e.type === 'BOOKMARK');
  const rvs = objects.map((e) => Number(e.object.metadata.resourceVersion));
  return {
    types: objects.map((e) => e.type), names: objects.map((e) => e.object.metadata.name),
    addedRvIsCreateRv: rvs.length > 0 && String(rvs[0]) === createdRv,
    modifiedRvIsUpdateRv: rvs.length > 1 && String(rvs[1]) === updatedRv,
    deletedRvAfter: rvs.length > 2 && rvs[2]! > rvs[1]!,
    bookmark: {
      seen: bookmarks.length > 0, kinds: [...new Set(bookmarks.map((b) => String(b.object.kind)))].sort(),
      rvAtLeastLast: rvs.length > 0 && bookmarks.every((b) => Number(b.object.metadata.resourceVersion) >= rvs.at(-1)!),
      last: events.at(-1)?.type ?? null,
    },
  };
}

/** A WatchList stream's events up to its first BOOKMARK, as every driver reports them. */
export function watchListObservation(events: { type: string; object: Json }[], lastRv: string | undefined): unknown {
  const end = events.findIndex((e) => e.type === 'BOOKMARK');
  const bookmark = end >= 0 ? events[end]!.object : undefined;
  return {
    initial: (end >= 0 ? events.slice(0, end) : events).map((e) => `${e.type} ${String(e.object.metadata?.name)}`),
    endBookmark: bookmark
      ? { kind: bookmark.kind, annotations: bookmark.metadata?.annotations ?? null, rvAtLeastLast: Number(bookmark.metadata?.resourceVersion) >= Number(lastRv) }
      : null,
  };
}
