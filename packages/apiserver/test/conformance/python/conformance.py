# The Python side of the cross-client conformance suite: drives the embedded API server with the official
# Kubernetes Python client (Debian's python3-kubernetes) and prints one JSON line per scenario with what it
# observed; the TypeScript suite (../conformance.test.ts) asserts the same expected outcomes for every client.
#
# Usage: /usr/bin/python3 conformance.py KUBECONFIG SCENARIO...
# Each line: {"scenario": ID, "observation": {...}} or {"scenario": ID, "error": "<traceback>"}.
# One interpreter runs a whole batch of scenarios (its start is the slow part).
import json
import os
import sys
import time
import traceback
from datetime import datetime, timezone

import urllib3
from kubernetes import client, config, watch
from kubernetes.client.rest import ApiException

# The secure server's certificate is self-signed and its kubeconfig says insecure-skip-tls-verify: no warning per request.
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

GROUP, VERSION, PLURAL = 'conformance.opkit.dev', 'v1', 'widgets'
FIXTURES = sys.argv[0].rsplit('/', 2)[0] + '/fixtures/'
CRD_PATH = FIXTURES + 'widget-crd.json'
# The conversion-webhook scenario's webhook (conversionWebhook.ts, served by the TypeScript suite): its URL, CA bundle
# and a URL that refuses connections.
WEBHOOK = {key: os.environ.get('CONFORMANCE_WEBHOOK_' + key.upper(), '') for key in ('url', 'ca_bundle', 'dead_url')}
HOLD = 'conformance.opkit.dev/hold'


def ns_of(scenario):
    return 'cf-' + scenario


def raw(fn, *args, **kwargs):
    """Calls a generated API method and answers the response body as JSON (no model decoding)."""
    resp = fn(*args, _preload_content=False, **kwargs)
    return json.loads(resp.data)


def failure(fn, *args, **kwargs):
    """Calls fn expecting an API error; answers its code, reason and message."""
    try:
        fn(*args, **kwargs)
    except ApiException as e:
        body = json.loads(e.body) if e.body else {}
        return {'code': e.status, 'reason': body.get('reason'), 'message': body.get('message')}
    return {'unexpected': 'the request succeeded'}


def call(api, method, path, body=None, content_type='application/json', query=None):
    """A request with an explicit Content-Type through the client's ApiClient (patch types the generated methods do not choose)."""
    resp = api.call_api(path, method, query_params=query or [], header_params={'Content-Type': content_type, 'Accept': 'application/json'},
                        body=body, auth_settings=['BearerToken'], _preload_content=False, _return_http_data_only=True)
    return json.loads(resp.data)


def names(listing):
    return [item['metadata']['name'] for item in listing['items']]


def with_token(api, token):
    """An ApiClient to the same server that authenticates with a bearer token."""
    conf = client.Configuration()
    conf.host = api.configuration.host
    conf.verify_ssl = False
    conf.api_key = {'authorization': token}
    conf.api_key_prefix = {'authorization': 'Bearer'}
    return client.ApiClient(conf)


def wait_until(what, check, timeout=20.0):
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise TimeoutError('timed out after %ss waiting until %s' % (timeout, what))
        time.sleep(0.05)


def create_ns(core, name):
    core.create_namespace({'metadata': {'name': name}})


def cm(name, data=None, labels=None, finalizers=None):
    meta = {'name': name}
    if labels:
        meta['labels'] = labels
    if finalizers:
        meta['finalizers'] = finalizers
    return {'apiVersion': 'v1', 'kind': 'ConfigMap', 'metadata': meta, 'data': data or {}}


def widget(name, spec):
    return {'apiVersion': GROUP + '/' + VERSION, 'kind': 'Widget', 'metadata': {'name': name}, 'spec': spec}


class Scenarios:
    def __init__(self, api):
        self.api = api
        self.core = client.CoreV1Api(api)
        self.apps = client.AppsV1Api(api)
        self.custom = client.CustomObjectsApi(api)
        self.crds = client.ApiextensionsV1Api(api)
        self.coord = client.CoordinationV1Api(api)

    def crud_configmap(self, ns):
        create_ns(self.core, ns)
        created = raw(self.core.create_namespaced_config_map, ns, cm('a', {'k': 'v1'}))
        read = raw(self.core.read_namespaced_config_map, 'a', ns)
        read_data = dict(read['data'])
        read['data'] = {'k': 'v2'}
        updated = raw(self.core.replace_namespaced_config_map, 'a', ns, read)
        listed = names(raw(self.core.list_namespaced_config_map, ns))
        self.core.delete_namespaced_config_map('a', ns)
        return {
            'created': created['data'], 'uid': bool(created['metadata'].get('uid')), 'read': read_data,
            'updated': updated['data'], 'rvIncreased': int(updated['metadata']['resourceVersion']) > int(created['metadata']['resourceVersion']),
            'listed': listed, 'afterDelete': failure(self.core.read_namespaced_config_map, 'a', ns),
        }

    def crud_custom(self, ns):
        create_ns(self.core, ns)
        with open(CRD_PATH) as f:
            self.crds.create_custom_resource_definition(json.load(f))

        def established():
            crd = raw(self.crds.read_custom_resource_definition, 'widgets.conformance.opkit.dev')
            return any(c['type'] == 'Established' and c['status'] == 'True' for c in crd.get('status', {}).get('conditions', []))
        wait_until('the Widget CRD is Established', established)
        created = self.custom.create_namespaced_custom_object(GROUP, VERSION, ns, PLURAL, widget('w1', {'color': 'red', 'replicas': 1}))
        created_state = {'spec': dict(created['spec']), 'generation': created['metadata']['generation']}
        created['spec']['color'] = 'blue'
        updated = self.custom.replace_namespaced_custom_object(GROUP, VERSION, ns, PLURAL, 'w1', created)
        listed = names(self.custom.list_namespaced_custom_object(GROUP, VERSION, ns, PLURAL))
        self.custom.delete_namespaced_custom_object(GROUP, VERSION, ns, PLURAL, 'w1')
        return {
            'established': True,
            'created': created_state,
            'updated': {'color': updated['spec']['color'], 'generation': updated['metadata']['generation']},
            'listed': listed,
            'afterDelete': failure(self.custom.get_namespaced_custom_object, GROUP, VERSION, ns, PLURAL, 'w1'),
        }

    def conflict(self, ns):
        create_ns(self.core, ns)
        raw(self.core.create_namespaced_config_map, ns, cm('c', {'k': '1'}))
        stale = raw(self.core.read_namespaced_config_map, 'c', ns)
        fresh = dict(stale, data={'k': '2'})
        raw(self.core.replace_namespaced_config_map, 'c', ns, fresh)
        return {'firstUpdate': 'ok', 'stale': failure(self.core.replace_namespaced_config_map, 'c', ns, dict(stale, data={'k': '3'}))}

    def already_exists(self, ns):
        create_ns(self.core, ns)
        self.core.create_namespaced_config_map(ns, cm('dup'))
        return {'second': failure(self.core.create_namespaced_config_map, ns, cm('dup'))}

    def selectors(self, ns):
        create_ns(self.core, ns)
        self.core.create_namespaced_config_map(ns, cm('a', labels={'app': 'web', 'tier': 'fe'}))
        self.core.create_namespaced_config_map(ns, cm('b', labels={'app': 'web', 'tier': 'db'}))
        self.core.create_namespaced_config_map(ns, cm('c', labels={'app': 'db'}))

        def q(label=None, field=None):
            kwargs = {}
            if label:
                kwargs['label_selector'] = label
            if field:
                kwargs['field_selector'] = field
            return sorted(names(raw(self.core.list_namespaced_config_map, ns, **kwargs)))
        return {
            'app=web': q('app=web'), 'app=web,tier!=db': q('app=web,tier!=db'), 'tier in (db,cache)': q('tier in (db,cache)'),
            '!tier': q('!tier'), 'field metadata.name=c': q(field='metadata.name=c'),
            'app=web + field metadata.name!=a': q('app=web', 'metadata.name!=a'),
        }

    def pagination(self, ns):
        create_ns(self.core, ns)
        for i in range(5):
            self.core.create_namespaced_config_map(ns, cm('p%d' % i))
        pages, continues, remaining, token = [], [], [], None
        while True:
            kwargs = {'limit': 2}
            if token:
                kwargs['_continue'] = token
            page = raw(self.core.list_namespaced_config_map, ns, **kwargs)
            pages.append(names(page))
            token = page['metadata'].get('continue')
            continues.append(bool(token))
            remaining.append(page['metadata'].get('remainingItemCount'))
            if not token:
                break
        return {'pages': pages, 'continues': continues, 'remaining': remaining}

    def watch(self, ns):
        create_ns(self.core, ns)
        start = raw(self.core.list_namespaced_config_map, ns)['metadata']['resourceVersion']
        created = raw(self.core.create_namespaced_config_map, ns, cm('w', {'k': '1'}))
        updated = raw(self.core.patch_namespaced_config_map, 'w', ns, {'data': {'k': '2'}})
        self.core.delete_namespaced_config_map('w', ns)
        events = []
        w = watch.Watch()
        # kube-apiserver sends a watch's bookmark 2 s before its timeout (or every minute): 3 s ends the watch with one.
        for event in w.stream(self.core.list_namespaced_config_map, ns, resource_version=start, allow_watch_bookmarks=True, timeout_seconds=3):
            events.append((event['type'], event['raw_object']))
        return watch_observation(events, created, updated)

    def watch_expired(self, ns):
        create_ns(self.core, ns)
        created = raw(self.core.create_namespaced_config_map, ns, cm('e', {'n': '0'}))
        for i in range(1, 46):
            self.core.patch_namespaced_config_map('e', ns, {'data': {'n': str(i)}})
        rv = created['metadata']['resourceVersion']
        try:
            for _ in watch.Watch().stream(self.core.list_namespaced_config_map, ns, resource_version=rv, timeout_seconds=2):
                return {'unexpected': 'an event instead of 410'}
        except ApiException as e:
            # The watch helper raises the ERROR event's Status as ApiException(code, "Reason: message").
            reason, _, message = e.reason.partition(': ')
            return {'from': rv, 'code': e.status, 'reason': reason, 'message': message}
        return {'unexpected': 'the watch ended without an ERROR event'}

    def watch_list(self, ns):
        create_ns(self.core, ns)
        raw(self.core.create_namespaced_config_map, ns, cm('a', {'k': '1'}))
        last = raw(self.core.create_namespaced_config_map, ns, cm('b', {'k': '1'}))
        # The generated list method of this client has no send_initial_events: the request is made with its
        # ApiClient (its configuration and credentials), the stream read as the server sends it.
        resp = self.core.api_client.call_api(
            '/api/v1/namespaces/{namespace}/configmaps', 'GET', path_params={'namespace': ns},
            query_params=[('watch', 'true'), ('sendInitialEvents', 'true'), ('resourceVersionMatch', 'NotOlderThan'),
                          ('allowWatchBookmarks', 'true'), ('timeoutSeconds', '2')],
            header_params={'Accept': 'application/json'}, auth_settings=['BearerToken'],
            _preload_content=False, _return_http_data_only=True)
        events = [json.loads(line) for line in resp.data.decode().splitlines() if line.strip()]
        end = next((i for i, e in enumerate(events) if e['type'] == 'BOOKMARK'), None)
        initial = events if end is None else events[:end]
        observed = {'initial': ['%s %s' % (e['type'], e['object']['metadata'].get('name')) for e in initial], 'endBookmark': None}
        if end is not None:
            bookmark = events[end]['object']
            observed['endBookmark'] = {
                'kind': bookmark.get('kind'), 'annotations': bookmark['metadata'].get('annotations'),
                'rvAtLeastLast': int(bookmark['metadata']['resourceVersion']) >= int(last['metadata']['resourceVersion']),
            }
        return observed

    def status(self, ns):
        create_ns(self.core, ns)
        created = self.custom.create_namespaced_custom_object(GROUP, VERSION, ns, PLURAL, widget('s', {'color': 'red', 'replicas': 1}))
        body = dict(created, spec={'color': 'green', 'replicas': 1}, status={'phase': 'Ready'})
        after_status = self.custom.replace_namespaced_custom_object_status(GROUP, VERSION, ns, PLURAL, 's', body)
        body = dict(after_status, spec={'color': 'blue', 'replicas': 1}, status={'phase': 'Gone'})
        after_main = self.custom.replace_namespaced_custom_object(GROUP, VERSION, ns, PLURAL, 's', body)
        return {'afterStatus': widget_state(after_status), 'afterMain': widget_state(after_main)}

    def scale(self, ns):
        create_ns(self.core, ns)
        self.custom.create_namespaced_custom_object(GROUP, VERSION, ns, PLURAL, widget('s', {'color': 'red', 'replicas': 1}))
        scale = self.custom.get_namespaced_custom_object_scale(GROUP, VERSION, ns, PLURAL, 's')
        self.custom.patch_namespaced_custom_object_scale(GROUP, VERSION, ns, PLURAL, 's', {'spec': {'replicas': 3}})
        after = self.custom.get_namespaced_custom_object(GROUP, VERSION, ns, PLURAL, 's')
        return {'scale': scale_state(scale), 'specReplicasAfter': after['spec']['replicas']}

    def patches(self, ns):
        create_ns(self.core, ns)
        base = '/api/v1/namespaces/%s/configmaps' % ns
        self.core.create_namespaced_config_map(ns, cm('pm', {'a': '1', 'b': '2'}))
        merged = call(self.api, 'PATCH', base + '/pm', {'data': {'b': None, 'c': '3'}}, 'application/merge-patch+json')
        jsonp = raw(self.core.patch_namespaced_config_map, 'pm', ns, [{'op': 'add', 'path': '/data/d', 'value': '4'}, {'op': 'remove', 'path': '/data/a'}])
        containers = [{'name': 'a', 'image': 'img1'}, {'name': 'b', 'image': 'img2'}]
        self.apps.create_namespaced_deployment(ns, deployment('d1', containers))
        self.apps.create_namespaced_deployment(ns, deployment('d2', containers))
        change = {'spec': {'template': {'spec': {'containers': [{'name': 'b', 'image': 'img3'}]}}}}
        strategic = raw(self.apps.patch_namespaced_deployment, 'd1', ns, change)  # a dict body: the client sends a strategic merge patch
        merge_on_list = call(self.api, 'PATCH', '/apis/apps/v1/namespaces/%s/deployments/d2' % ns, change, 'application/merge-patch+json')
        self.custom.create_namespaced_custom_object(GROUP, VERSION, ns, PLURAL, widget('wp', {'color': 'red'}))
        strategic_custom = failure(call, self.api, 'PATCH', '/apis/%s/%s/namespaces/%s/%s/wp' % (GROUP, VERSION, ns, PLURAL),
                                   {'spec': {'color': 'blue'}}, 'application/strategic-merge-patch+json')
        apply_path = base + '/ap'

        def apply(manager, value, force=False):
            query = [('fieldManager', manager)] + ([('force', 'true')] if force else [])
            return call(self.api, 'PATCH', apply_path, json.dumps(cm('ap', {'x': value})), 'application/apply-patch+yaml', query)
        applied = apply('m1', '1')
        conflict = failure(apply, 'm2', '2')
        forced = apply('m2', '2', True)
        return {
            'merge': merged['data'], 'json': jsonp['data'], 'strategic': images(strategic), 'mergeOnList': images(merge_on_list),
            'strategicOnCustom': strategic_custom,
            'apply': {'data': applied['data'], 'managers': managers(applied)}, 'applyConflict': conflict,
            'applyForce': {'data': forced['data'], 'managers': managers(forced)},
        }

    def finalizers(self, ns):
        create_ns(self.core, ns)
        self.core.create_namespaced_config_map(ns, cm('f', {'k': 'v'}, finalizers=[HOLD]))
        deleted = raw(self.core.delete_namespaced_config_map, 'f', ns)
        still = raw(self.core.read_namespaced_config_map, 'f', ns)
        self.core.patch_namespaced_config_map('f', ns, [{'op': 'remove', 'path': '/metadata/finalizers'}])
        return {
            'deleteResponse': finalizer_state(deleted), 'stillThere': finalizer_state(still),
            'afterRelease': failure(self.core.read_namespaced_config_map, 'f', ns),
        }

    def deletecollection(self, ns):
        create_ns(self.core, ns)
        for name, app in (('d1', 'del'), ('d2', 'del'), ('k1', 'keep')):
            self.core.create_namespaced_config_map(ns, cm(name, labels={'app': app}))
        self.core.delete_collection_namespaced_config_map(ns, label_selector='app=del')
        return {'remaining': names(raw(self.core.list_namespaced_config_map, ns))}

    def namespace_deletion(self, ns):
        create_ns(self.core, ns)
        self.core.create_namespaced_config_map(ns, cm('held', finalizers=[HOLD]))
        deleted = raw(self.core.delete_namespace, ns)
        terminating = raw(self.core.read_namespace, ns)
        self.core.patch_namespaced_config_map('held', ns, [{'op': 'remove', 'path': '/metadata/finalizers'}])

        def gone():
            try:
                self.core.read_namespace(ns)
                return False
            except ApiException as e:
                return e.status == 404
        wait_until('namespace %s is gone' % ns, gone)
        return {
            'deleteResponse': ns_state(deleted), 'whileContentRemains': ns_state(terminating),
            'gone': failure(self.core.read_namespace, ns),
        }

    def leases(self, ns):
        create_ns(self.core, ns)
        now = datetime.now(timezone.utc).strftime('%Y-%m-%dT%H:%M:%S.%fZ')
        lease = {'apiVersion': 'coordination.k8s.io/v1', 'kind': 'Lease', 'metadata': {'name': 'l'},
                 'spec': {'holderIdentity': 'a', 'leaseDurationSeconds': 15, 'acquireTime': now, 'renewTime': now}}
        created = raw(self.coord.create_namespaced_lease, ns, lease)
        renewed_body = json.loads(json.dumps(created))
        renewed_body['spec']['holderIdentity'] = 'b'
        renewed = raw(self.coord.replace_namespaced_lease, 'l', ns, renewed_body)
        observed = {'created': lease_state(created, now), 'renewed': {'holder': renewed['spec']['holderIdentity']}}
        created['spec']['holderIdentity'] = 'c'
        observed['stale'] = failure(self.coord.replace_namespaced_lease, 'l', ns, created)
        return observed

    def tokens(self, ns):
        create_ns(self.core, ns)
        self.core.create_namespaced_service_account(ns, {'metadata': {'name': 'robot'}})
        before = time.time()
        issued = call(self.api, 'POST', '/api/v1/namespaces/%s/serviceaccounts/robot/token' % ns,
                      {'apiVersion': 'authentication.k8s.io/v1', 'kind': 'TokenRequest', 'spec': {'expirationSeconds': 3600}})
        token = issued['status']['token']
        review = call(self.api, 'POST', '/apis/authentication.k8s.io/v1/tokenreviews',
                      {'apiVersion': 'authentication.k8s.io/v1', 'kind': 'TokenReview', 'spec': {'token': token}})
        robot = with_token(self.api, token)
        whoami = call(robot, 'POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews',
                      {'apiVersion': 'authentication.k8s.io/v1', 'kind': 'SelfSubjectReview'})
        return token_observation(token, issued, before, review, whoami['status']['userInfo'])

    def rbac(self, ns):
        ns_a, ns_b = ns + '-a', ns + '-b'
        create_ns(self.core, ns_a)
        create_ns(self.core, ns_b)
        rbac = client.RbacAuthorizationV1Api(self.api)
        self.core.create_namespaced_service_account(ns_a, {'metadata': {'name': 'robot'}})
        rbac.create_namespaced_role(ns_a, {'metadata': {'name': 'pod-reader'}, 'rules': [{'apiGroups': [''], 'resources': ['pods'], 'verbs': ['get', 'list']}]})
        subject = [{'kind': 'ServiceAccount', 'name': 'robot', 'namespace': ns_a}]
        rbac.create_namespaced_role_binding(ns_a, {'metadata': {'name': 'robot-pods'}, 'roleRef': {'apiGroup': 'rbac.authorization.k8s.io', 'kind': 'Role', 'name': 'pod-reader'}, 'subjects': subject})
        issued = call(self.api, 'POST', '/api/v1/namespaces/%s/serviceaccounts/robot/token' % ns_a,
                      {'apiVersion': 'authentication.k8s.io/v1', 'kind': 'TokenRequest', 'spec': {}})
        robot_api = with_token(self.api, issued['status']['token'])
        robot = client.CoreV1Api(robot_api)

        def can_list_secrets():
            review = call(robot_api, 'POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews',
                          {'apiVersion': 'authorization.k8s.io/v1', 'kind': 'SelfSubjectAccessReview',
                           'spec': {'resourceAttributes': {'verb': 'list', 'resource': 'secrets', 'namespace': ns_a}}})
            return review['status']['allowed']
        observed = {
            'podsInA': names(raw(robot.list_namespaced_pod, ns_a)),
            'secretsInA': failure(robot.list_namespaced_secret, ns_a),
            'podsInB': failure(robot.list_namespaced_pod, ns_b),
            'canListSecretsBefore': can_list_secrets(),
        }
        rbac.create_cluster_role({'metadata': {'name': 'cf-secret-reader'}, 'rules': [{'apiGroups': [''], 'resources': ['secrets'], 'verbs': ['list']}]})
        rbac.create_namespaced_role_binding(ns_a, {'metadata': {'name': 'robot-secrets'}, 'roleRef': {'apiGroup': 'rbac.authorization.k8s.io', 'kind': 'ClusterRole', 'name': 'cf-secret-reader'}, 'subjects': subject})
        observed['canListSecretsAfter'] = can_list_secrets()
        observed['secretsInAAfter'] = names(raw(robot.list_namespaced_secret, ns_a))
        return observed

    def conversion(self, ns, strategy):
        """The conversion scenarios: one object of a two-version CRD written and read at both versions, watched at v2."""
        create_ns(self.core, ns)
        with open(FIXTURES + ('gadget-crd.json' if strategy == 'None' else 'gizmo-crd.json')) as f:
            crd = json.load(f)
        if strategy == 'Webhook':
            if not WEBHOOK['url']:
                raise RuntimeError('the conversion-webhook scenario needs CONFORMANCE_WEBHOOK_URL (the suite serves the webhook)')
            crd['spec']['conversion']['webhook']['clientConfig'] = {'url': WEBHOOK['url'], 'caBundle': WEBHOOK['ca_bundle']}
        name, plural, kind = crd['metadata']['name'], crd['spec']['names']['plural'], crd['spec']['names']['kind']
        self.crds.create_custom_resource_definition(crd)

        def established():
            read = raw(self.crds.read_custom_resource_definition, name)
            return any(c['type'] == 'Established' and c['status'] == 'True' for c in read.get('status', {}).get('conditions', []))
        wait_until('the %s CRD is Established' % kind, established)

        def listed(version):
            return ['%s %s' % (i['metadata']['name'], conversion_state(i)) for i in self.custom.list_namespaced_custom_object(GROUP, version, ns, plural)['items']]
        start = self.custom.list_namespaced_custom_object(GROUP, 'v2', ns, plural)['metadata']['resourceVersion']
        created = self.custom.create_namespaced_custom_object(GROUP, 'v1', ns, plural, {'apiVersion': GROUP + '/v1', 'kind': kind, 'metadata': {'name': 'g1'}, 'spec': {'size': 1}})
        read_v2 = self.custom.get_namespaced_custom_object(GROUP, 'v2', ns, plural, 'g1')
        observed = {'created': conversion_state(created), 'readAtV2': conversion_state(read_v2)}
        read_v2['spec'] = {'size': 2} if strategy == 'None' else {'count': 2}
        observed['updatedAtV2'] = conversion_state(self.custom.replace_namespaced_custom_object(GROUP, 'v2', ns, plural, 'g1', read_v2))
        observed['readAtV1'] = conversion_state(self.custom.get_namespaced_custom_object(GROUP, 'v1', ns, plural, 'g1'))
        observed['listV1'] = listed('v1')
        observed['listV2'] = listed('v2')
        self.custom.patch_namespaced_custom_object(GROUP, 'v1', ns, plural, 'g1', {'spec': {'size': 3}})
        events = []
        for event in watch.Watch().stream(self.custom.list_namespaced_custom_object, GROUP, 'v2', ns, plural, resource_version=start, allow_watch_bookmarks=True, timeout_seconds=2):
            if event['type'] != 'BOOKMARK':
                events.append('%s %s' % (event['type'], conversion_state(event['raw_object'])))
        observed['watchV2'] = events
        if strategy == 'Webhook':
            self.crds.patch_custom_resource_definition(name, {'spec': {'conversion': {'webhook': {'clientConfig': {'url': WEBHOOK['dead_url']}}}}})

            def down():
                seen = failure(self.custom.get_namespaced_custom_object, GROUP, 'v2', ns, plural, 'g1')
                return seen if 'unexpected' not in seen else None
            error = wait_until('reads at v2 fail with the webhook down', down)
            observed['down'] = {
                'readAtV1': conversion_state(self.custom.get_namespaced_custom_object(GROUP, 'v1', ns, plural, 'g1')),
                'readAtV2': dict(error, reason=error.get('reason') or ''),
            }
        return observed

    def conversion_none(self, ns):
        return self.conversion(ns, 'None')

    def conversion_webhook(self, ns):
        return self.conversion(ns, 'Webhook')


def conversion_state(obj):
    """As conversionState in scenarios.ts: `apiVersion spec` (compact JSON)."""
    return '%s %s' % (obj.get('apiVersion'), json.dumps(obj.get('spec'), separators=(',', ':')))


def watch_observation(events, created, updated):
    objects = [(t, o) for t, o in events if t != 'BOOKMARK']
    bookmarks = [o for t, o in events if t == 'BOOKMARK']
    rvs = [int(o['metadata']['resourceVersion']) for _, o in objects]
    return {
        'types': [t for t, _ in objects], 'names': [o['metadata']['name'] for _, o in objects],
        'addedRvIsCreateRv': len(rvs) > 0 and str(rvs[0]) == created['metadata']['resourceVersion'],
        'modifiedRvIsUpdateRv': len(rvs) > 1 and str(rvs[1]) == updated['metadata']['resourceVersion'],
        'deletedRvAfter': len(rvs) > 2 and rvs[2] > rvs[1],
        'bookmark': {
            'seen': len(bookmarks) > 0, 'kinds': sorted(set(b['kind'] for b in bookmarks)),
            'rvAtLeastLast': len(rvs) > 0 and all(int(b['metadata']['resourceVersion']) >= rvs[-1] for b in bookmarks),
            'last': events[-1][0] if events else None,
        },
    }


def widget_state(obj):
    return {'color': obj['spec']['color'], 'phase': obj.get('status', {}).get('phase'), 'generation': obj['metadata']['generation']}


def scale_state(scale):
    return {'apiVersion': scale['apiVersion'], 'kind': scale['kind'], 'name': scale['metadata']['name'],
            'specReplicas': scale['spec'].get('replicas'), 'statusReplicas': scale.get('status', {}).get('replicas')}


def deployment(name, containers):
    labels = {'app': name}
    return {'apiVersion': 'apps/v1', 'kind': 'Deployment', 'metadata': {'name': name},
            'spec': {'selector': {'matchLabels': labels}, 'template': {'metadata': {'labels': labels}, 'spec': {'containers': containers}}}}


def images(dep):
    return ['%s:%s' % (c['name'], c['image']) for c in dep['spec']['template']['spec']['containers']]


def managers(obj):
    return ['%s:%s' % (m['manager'], m['operation']) for m in obj['metadata'].get('managedFields', [])]


def finalizer_state(obj):
    return {'deletionTimestamp': bool(obj['metadata'].get('deletionTimestamp')), 'finalizers': obj['metadata'].get('finalizers', [])}


def ns_state(obj):
    return {'phase': obj.get('status', {}).get('phase'), 'deletionTimestamp': bool(obj['metadata'].get('deletionTimestamp'))}


def lease_state(obj, sent):
    import re
    return {'holder': obj['spec']['holderIdentity'], 'duration': obj['spec']['leaseDurationSeconds'],
            'renewTimeMicro': bool(re.match(r'^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$', obj['spec']['renewTime'])),
            'renewTimeKept': obj['spec']['renewTime'] == sent}


def token_observation(token, issued, before, review, whoami):
    expires = datetime.strptime(issued['status']['expirationTimestamp'], '%Y-%m-%dT%H:%M:%SZ').replace(tzinfo=timezone.utc).timestamp()
    return {
        'token': len(token) > 0, 'expiresInAnHour': before + 3600 - 5 <= expires <= time.time() + 3600 + 5,
        'review': {'authenticated': review['status'].get('authenticated'), 'username': review['status'].get('user', {}).get('username')},
        'whoami': {'username': whoami.get('username'), 'groups': sorted(whoami.get('groups', []))},
    }


def main():
    kubeconfig, scenarios = sys.argv[1], sys.argv[2:]
    api = config.new_client_from_config(config_file=kubeconfig)
    runner = Scenarios(api)
    for scenario in scenarios:
        try:
            observation = getattr(runner, scenario.replace('-', '_'))(ns_of(scenario))
            line = {'scenario': scenario, 'observation': observation}
        except Exception:  # noqa: BLE001 - every failure is reported to the suite, which fails that scenario
            line = {'scenario': scenario, 'error': traceback.format_exc()}
        print(json.dumps(line), flush=True)


if __name__ == '__main__':
    main()
