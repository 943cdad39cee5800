// The scenarios of the cross-client conformance suite and the exact outcome each must have, whichever client
// drives it: every client driver (client-node, kubectl, the Python client) runs a scenario its own way and
// reports an observation of one shape; `expectOutcome` compares it with what a real kube-apiserver answers.
// A scenario a client cannot express is listed in NOT_EXPRESSIBLE with the reason, so the suite's summary names it.
import { expect } from 'vitest';

/** The clients the suite drives. */
export type ClientName = 'client-node' | 'kubectl' | 'python';

/** The scenarios, in the order every client runs them (status, scale and patches use the CRD `crud-custom` installs). */
export const SCENARIOS = [
  'crud-configmap',
  'crud-custom',
  'conflict',
  'already-exists',
  'selectors',
  'pagination',
  'watch',
  'watch-expired',
  'watch-list',
  'status',
  'scale',
  'patches',
  'finalizers',
  'deletecollection',
  'namespace-deletion',
  'leases',
  'tokens',
  'rbac',
  'conversion-none',
  'conversion-webhook',
] as const;

/** A scenario's id. */
export type ScenarioId = (typeof SCENARIOS)[number];

/** What each scenario checks, for the summary and the docs. */
export const TITLES: Record<ScenarioId, string> = {
  'crud-configmap': 'create, get, replace, list and delete a ConfigMap (404 NotFound after)',
  'crud-custom': 'install a CRD (Established), then create, replace (generation 2), list and delete a custom object',
  conflict: 'a replace with a stale resourceVersion is 409 Conflict',
  'already-exists': 'a second create of the same name is 409 AlreadyExists',
  selectors: 'label selectors (equality, inequality, set-based, existence) and field selectors',
  pagination: 'limit/continue pages with remainingItemCount',
  watch: 'a watch from a resourceVersion replays ADDED, MODIFIED, DELETED in order, then a BOOKMARK',
  'watch-expired': 'a watch from a compacted resourceVersion gets an ERROR event with 410 Expired',
  'watch-list': 'a WatchList watch (sendInitialEvents=true, resourceVersionMatch=NotOlderThan) streams the state as ADDED, then the BOOKMARK annotated k8s.io/initial-events-end',
  status: 'the status subresource changes only status, the main resource only the rest (generation)',
  scale: 'the scale subresource of a custom resource (autoscaling/v1 Scale) reads and writes spec.replicas',
  patches: 'merge, JSON, strategic (lists merged by key; 415 on custom resources) and server-side apply (conflict, force)',
  finalizers: 'DELETE of an object with a finalizer sets deletionTimestamp; removing the finalizer deletes it',
  deletecollection: 'delete by label selector removes exactly the matching objects',
  'namespace-deletion': 'a namespace stays Terminating while content remains, then is gone',
  leases: 'coordination.k8s.io/v1 Leases: create with MicroTime, renew, 409 on a stale renew',
  tokens: 'TokenRequest (serviceaccounts/token) issues a token the server accepts as the service account (TokenReview, whoami)',
  rbac: 'with authorization rbac: a service account gets what its Role grants, 403 Forbidden (kube wording) otherwise; access reviews agree',
  'conversion-none': 'a two-version CRD (conversion None): create at v1, read and replace at v2, read at v1, list at both, a watch at v2 sees the writes at v1 at v2',
  'conversion-webhook':
    'a two-version CRD (conversion Webhook, the test\'s HTTPS webhook: v1 size is v2 count): the same as conversion-none through the webhook; with the webhook down, a read at v1 (stored) works and one at v2 fails with kube\'s 500',
};

/**
 * Scenarios (or parts of them) a client cannot express, with the reason. A whole scenario listed here is not run for
 * that client; `partial` ones run the part the client can express, with the rest named.
 */
export const NOT_EXPRESSIBLE: Record<ClientName, Partial<Record<ScenarioId, { whole: boolean; reason: string }>>> = {
  'client-node': {
    finalizers: {
      whole: false,
      reason: 'the typed client decodes every DELETE answer as a V1Status, dropping the object the server answered: deletionTimestamp is read back with a get',
    },
    'namespace-deletion': {
      whole: false,
      reason: 'the typed client decodes the DELETE answer as a V1Status, dropping the Namespace the server answered: Terminating is read back with a get',
    },
  },
  python: {},
  kubectl: {
    watch: {
      whole: false,
      reason: 'kubectl get --watch lists first and has no flag for a resourceVersion to watch from, nor for bookmarks: the watch is made with kubectl get --raw (kubectl\'s transport and credentials, the server\'s event stream as is)',
    },
    'watch-expired': { whole: false, reason: 'as for watch: the watch from a compacted resourceVersion is made with kubectl get --raw' },
    'watch-list': { whole: false, reason: 'kubectl has no flag for sendInitialEvents: the WatchList watch is made with kubectl get --raw' },
    pagination: {
      whole: false,
      reason: 'kubectl pages internally (--chunk-size) and prints the merged list: the pages are checked in the audit log, not seen by the client',
    },
    finalizers: { whole: false, reason: 'kubectl delete prints the name, not the object the DELETE answered: deletionTimestamp is read back with kubectl get' },
    'namespace-deletion': { whole: false, reason: 'kubectl delete prints the name, not the Namespace the DELETE answered: Terminating is read back with kubectl get' },
    tokens: { whole: false, reason: 'kubectl create token prints only the token, not the expirationTimestamp the TokenRequest answered' },
    'conversion-none': { whole: false, reason: 'as for watch: the watch at v2 from a resourceVersion is made with kubectl get --raw' },
    'conversion-webhook': { whole: false, reason: 'as for watch: the watch at v2 from a resourceVersion is made with kubectl get --raw' },
  },
};

/** An API error as a client reports it. */
export interface ErrorObservation {
  code: number;
  reason: string;
  message: string;
}

function notFound(resource: string, name: string): ErrorObservation {
  return { code: 404, reason: 'NotFound', message: `${resource} "${name}" not found` };
}

function conflict(resource: string, name: string): ErrorObservation {
  return {
    code: 409,
    reason: 'Conflict',
    message: `Operation cannot be fulfilled on ${resource} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
  };
}

function forbidden(user: string, verb: string, resource: string, group: string, namespace: string): ErrorObservation {
  return {
    code: 403,
    reason: 'Forbidden',
    message: `${resource} is forbidden: User "${user}" cannot ${verb} resource "${resource}" in API group "${group}" in the namespace "${namespace}"`,
  };
}

function withoutKey<T extends Record<string, unknown>>(object: T, key: keyof T): Partial<T> {
  const copy: Partial<T> = { ...object };
  delete copy[key];
  return copy;
}

/**
 * How the conversion scenarios report an object: `apiVersion spec` (the spec as compact JSON, one key), e.g.
 * `conformance.opkit.dev/v2 {"count":1}`; a list item or a watch event puts its name or type in front.
 */
export function conversionState(object: { apiVersion?: unknown; spec?: unknown }): string {
  return `${String(object.apiVersion)} ${JSON.stringify(object.spec ?? null)}`;
}

/** The conversion scenarios' expected observation, with `spec(n)` the spec at v1 and `spec2(n)` at v2. */
function conversionExpected(spec1: (n: number) => string, spec2: (n: number) => string): Record<string, unknown> {
  const [v1, v2] = ['conformance.opkit.dev/v1', 'conformance.opkit.dev/v2'];
  return {
    created: `${v1} ${spec1(1)}`, readAtV2: `${v2} ${spec2(1)}`, updatedAtV2: `${v2} ${spec2(2)}`, readAtV1: `${v1} ${spec1(2)}`,
    listV1: [`g1 ${v1} ${spec1(2)}`], listV2: [`g1 ${v2} ${spec2(2)}`],
    watchV2: [`ADDED ${v2} ${spec2(1)}`, `MODIFIED ${v2} ${spec2(2)}`, `MODIFIED ${v2} ${spec2(3)}`],
  };
}

/** The namespace a scenario works in (the RBAC scenario uses `<ns>-a` and `<ns>-b`). */
export function namespaceOf(id: ScenarioId): string {
  return `cf-${id}`;
}

/**
 * Asserts that `observed` (what `client` reported for scenario `id`) is exactly what a real kube-apiserver answers.
 * Observations are plain JSON built by each driver in the shapes below.
 */
export function expectOutcome(client: ClientName, id: ScenarioId, observed: unknown): void {
  const ns = namespaceOf(id);
  const o = observed as Record<string, any>;
  switch (id) {
    case 'crud-configmap':
      expect(o).toEqual({
        created: { k: 'v1' }, uid: true, read: { k: 'v1' }, updated: { k: 'v2' }, rvIncreased: true, listed: ['a'],
        afterDelete: notFound('configmaps', 'a'),
      });
      return;
    case 'crud-custom':
      expect(o).toEqual({
        established: true, created: { spec: { color: 'red', replicas: 1 }, generation: 1 }, updated: { color: 'blue', generation: 2 },
        listed: ['w1'], afterDelete: notFound('widgets.conformance.opkit.dev', 'w1'),
      });
      return;
    case 'conflict':
      expect(o).toEqual({ firstUpdate: 'ok', stale: conflict('configmaps', 'c') });
      return;
    case 'already-exists':
      expect(o).toEqual({ second: { code: 409, reason: 'AlreadyExists', message: 'configmaps "dup" already exists' } });
      return;
    case 'selectors':
      expect(o).toEqual({
        'app=web': ['a', 'b'], 'app=web,tier!=db': ['a'], 'tier in (db,cache)': ['b'], '!tier': ['c'], 'field metadata.name=c': ['c'],
        'app=web + field metadata.name!=a': ['b'],
      });
      return;
    case 'pagination':
      if (client === 'kubectl') {
        // kubectl prints the merged list; the driver adds the list requests the audit log shows it made.
        expect(o).toEqual({ names: ['p0', 'p1', 'p2', 'p3', 'p4'], listRequests: 3 });
        return;
      }
      expect(o).toEqual({ pages: [['p0', 'p1'], ['p2', 'p3'], ['p4']], continues: [true, true, false], remaining: [3, 1, null] });
      return;
    case 'watch':
      expect(o).toEqual({
        types: ['ADDED', 'MODIFIED', 'DELETED'], names: ['w', 'w', 'w'], addedRvIsCreateRv: true, modifiedRvIsUpdateRv: true, deletedRvAfter: true,
        bookmark: { seen: true, kinds: ['ConfigMap'], rvAtLeastLast: true, last: 'BOOKMARK' },
      });
      return;
    case 'watch-expired':
      expect(o).toEqual({ from: expect.stringMatching(/^\d+$/), code: 410, reason: 'Expired', message: expect.stringMatching(/^too old resource version: \d+ \(\d+\)$/) });
      expect(o.message).toMatch(new RegExp(`^too old resource version: ${String(o.from)} `));
      return;
    case 'watch-list':
      expect(o).toEqual({
        initial: ['ADDED a', 'ADDED b'],
        endBookmark: { kind: 'ConfigMap', annotations: { 'k8s.io/initial-events-end': 'true' }, rvAtLeastLast: true },
      });
      return;
    case 'status':
      expect(o).toEqual({ afterStatus: { color: 'red', phase: 'Ready', generation: 1 }, afterMain: { color: 'blue', phase: 'Ready', generation: 2 } });
      return;
    case 'scale':
      expect(o).toEqual({ scale: { apiVersion: 'autoscaling/v1', kind: 'Scale', name: 's', specReplicas: 1, statusReplicas: 0 }, specReplicasAfter: 3 });
      return;
    case 'patches': {
      const expected = {
        merge: { a: '1', c: '3' }, json: { c: '3', d: '4' }, strategic: ['a:img1', 'b:img3'], mergeOnList: ['b:img3'],
        strategicOnCustom: {
          code: 415, reason: 'UnsupportedMediaType',
          message: 'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml',
        },
        apply: { data: { x: '1' }, managers: ['m1:Apply'] },
        applyConflict: { code: 409, reason: 'Conflict', message: 'Apply failed with 1 conflict: conflict with "m1": .data.x' },
        applyForce: { data: { x: '2' }, managers: ['m2:Apply'] },
      };
      expect(o).toEqual(expected);
      return;
    }
    case 'finalizers': {
      const held = { deletionTimestamp: true, finalizers: ['conformance.opkit.dev/hold'] };
      const expected = { deleteResponse: held, stillThere: held, afterRelease: notFound('configmaps', 'f') };
      expect(o).toEqual(NOT_EXPRESSIBLE[client][id] ? withoutKey(expected, 'deleteResponse') : expected);
      return;
    }
    case 'deletecollection':
      expect(o).toEqual({ remaining: ['k1'] });
      return;
    case 'namespace-deletion': {
      const terminating = { phase: 'Terminating', deletionTimestamp: true };
      const expected = { deleteResponse: terminating, whileContentRemains: terminating, gone: notFound('namespaces', ns) };
      expect(o).toEqual(NOT_EXPRESSIBLE[client][id] ? withoutKey(expected, 'deleteResponse') : expected);
      return;
    }
    case 'leases':
      expect(o).toEqual({
        created: { holder: 'a', duration: 15, renewTimeMicro: true, renewTimeKept: true }, renewed: { holder: 'b' },
        stale: conflict('leases.coordination.k8s.io', 'l'),
      });
      return;
    case 'tokens': {
      const user = `system:serviceaccount:${ns}:robot`;
      const review = { authenticated: true, username: user };
      const expected = {
        token: true, expiresInAnHour: true, review,
        whoami: { username: user, groups: ['system:authenticated', 'system:serviceaccounts', `system:serviceaccounts:${ns}`] },
      };
      expect(o).toEqual(NOT_EXPRESSIBLE[client].tokens ? withoutKey(expected, 'expiresInAnHour') : expected);
      return;
    }
    case 'rbac': {
      const user = `system:serviceaccount:${ns}-a:robot`;
      expect(o).toEqual({
        podsInA: [], secretsInA: forbidden(user, 'list', 'secrets', '', `${ns}-a`), podsInB: forbidden(user, 'list', 'pods', '', `${ns}-b`),
        canListSecretsBefore: false, canListSecretsAfter: true, secretsInAAfter: [],
      });
      return;
    }
    case 'conversion-none': {
      const size = (n: number) => `{"size":${String(n)}}`;
      expect(o).toEqual(conversionExpected(size, size));
      return;
    }
    case 'conversion-webhook': {
      const size = (n: number) => `{"size":${String(n)}}`;
      const count = (n: number) => `{"count":${String(n)}}`;
      expect(o).toEqual({
        ...conversionExpected(size, count),
        down: {
          // Stored at v1: read at v1 without a conversion.
          readAtV1: `conformance.opkit.dev/v1 ${size(3)}`,
          // kube's answer when the webhook cannot be reached: a 500 without a reason (kubectl: `Error from server: …`).
          readAtV2: {
            code: 500, reason: '',
            message: expect.stringMatching(
              /^conversion webhook for conformance\.opkit\.dev\/v1, Kind=Gizmo failed: Post "https:\/\/127\.0\.0\.1:\d+\/convert(\?timeout=30s)?": dial tcp 127\.0\.0\.1:\d+: connect: connection refused$/,
            ),
          },
        },
      });
      return;
    }
  }
}
