// Children: the create handler renders a Pod from the object's spec, adopts it (owner reference,
// name, namespace and labels from the parent, so deleting the parent garbage-collects the pod),
// creates it through the API, and reports the child's uid in the status.
import { adopt, on } from '@opkit/core';
import { connect } from '@opkit/kube';

on.create('kopfexamples', async function create_fn({ spec, signal }) {
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {},
    spec: {
      containers: [{
        name: 'the-only-one',
        image: 'busybox',
        command: ['sh', '-x', '-c'],
        args: [`echo "FIELD=$FIELD"\nsleep ${String(spec.duration ?? 0)}\n`],
        env: [{ name: 'FIELD', value: String(spec.field ?? 'default-value') }],
      }],
    },
  };
  adopt(pod); // owner: the KopfExample being handled
  const client = await connect();
  try {
    const pods = await client.resolveOne({ group: '', version: 'v1', plural: 'pods' }, { signal });
    const created = await client.create(pods, pod, { namespace: (pod.metadata as { namespace: string }).namespace, signal });
    return { children: [created.metadata.uid] };
  } finally {
    client.close();
  }
});
