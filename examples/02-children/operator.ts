// Children: the create handler renders a Pod from the object's spec, adopts it (owner reference,
// name, namespace and labels from the parent, so deleting the parent garbage-collects the pod),
// creates it through the operator's own client, and reports the child's uid in the status.
import { adopt, on } from '@opkit/core';

on.create('kopfexamples', async function create_fn({ spec, client }) {
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
  adopt(pod); // owner: the KopfExample being handled; a generated name `<parent>-…`
  const created = await client.create(pod); // the operator's connection, in the parent's namespace
  return { children: [created.metadata.uid] };
});
