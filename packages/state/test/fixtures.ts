// Shared test data: Kopf's example object (examples/obj.yaml) as the API server returns it.

/** examples/obj.yaml as the API server returns it after `kubectl apply` and a Kopf cycle in flight. */
export function exampleObject(): Record<string, unknown> {
  return {
    apiVersion: 'kopf.dev/v1',
    kind: 'KopfExample',
    metadata: {
      name: 'kopf-example-1',
      namespace: 'default',
      uid: '5a8ab1a9-3f07-4c47-9e1c-4a0c3f0e8a10',
      resourceVersion: '12345',
      generation: 1,
      creationTimestamp: '2026-11-22T03:00:00Z',
      labels: { somelabel: 'somevalue' },
      annotations: {
        'kubectl.kubernetes.io/last-applied-configuration': '{"apiVersion":"kopf.dev/v1","kind":"KopfExample"}\n',
        someannotation: 'somevalue',
        'kopf.zalando.org/create_fn': '{"started":"2026-11-22T03:00:01.000000+00:00","purpose":"create","retries":0,"success":false,"failure":false}',
      },
      managedFields: [{ manager: 'kubectl-client-side-apply', operation: 'Update' }],
    },
    spec: { duration: '1m', field: 'value', items: ['item1', 'item2'] },
    status: { create_fn: { message: 'hello world' }, kopf: { progress: {} } },
  };
}

