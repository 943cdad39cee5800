// Everything at once: startup and cleanup activities, several create handlers (one posting events,
// one failing once and retried, one creating an adopted and labelled pod), an update handler, a field
// handler, a mandatory delete handler, and an event spy on the pods it created.
import { adopt, events, label, on, TemporaryError } from '@opkit/core';
import { connect } from '@opkit/kube';

function seconds(value: number): Promise<void> {
  return new Promise((resolve) => { setTimeout(resolve, value * 1000); });
}

/** OPKIT_EXAMPLE_FAST=1 shortens the demo's own waits (for tests). */
const pause = (value: number): Promise<void> => seconds(process.env.OPKIT_EXAMPLE_FAST ? value / 20 : value);

on.startup(async function startup_fn_simple({ logger }) {
  logger.info('Starting in 1s...');
  await pause(1);
});

on.startup(function startup_fn_retried({ retry, logger }) {
  if (retry < 3) throw new TemporaryError(`Going to succeed in ${3 - retry}s`, { delay: process.env.OPKIT_EXAMPLE_FAST ? 0.05 : 1 });
  logger.info('Starting retried...');
});

on.cleanup(async function cleanup_fn({ logger }) {
  logger.info('Cleaning up in 3s...');
  await pause(3);
});

on.create('kopfexamples', function create_1({ body }) {
  events.info(body, { reason: 'AnyReason' });
  events.event(body, { type: 'Warning', reason: 'SomeReason', message: 'Cannot do something' });
  return { 'job1-status': 100 };
});

on.create('kopfexamples', async function create_2({ retry }) {
  await pause(1); // e.g. polling an external API
  if (!retry) throw new Error('Whoops!'); // retried by the framework, even across restarts
  return { 'job2-status': 100 };
});

on.update('kopfexamples', function update({ diff, logger }) {
  logger.info('Handling the diff');
  logger.info(JSON.stringify(diff));
});

on.field('kopfexamples', 'spec.lst', function update_lst({ old, new: value, logger }) {
  logger.info(`Handling the FIELD = ${JSON.stringify(old)} -> ${JSON.stringify(value)}`);
});

// Kopf's handler is named `delete`, a reserved word for a JavaScript function: the id keeps Kopf's name
// (so its progress record and log lines are Kopf's: `Handler 'delete' succeeded.`).
on.delete('kopfexamples', function delete_() {
  // Mandatory: the object keeps the finalizer until this ran.
}, { id: 'delete' });

on.create('kopfexamples', async function create_pod({ signal }) {
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: {}, spec: { containers: [{ name: 'the-only-one', image: 'busybox', command: ['sh', '-x', '-c', 'sleep 1'] }] } };
  adopt(pod);
  label(pod, { labels: { application: 'kopf-example-10' } });
  const client = await connect();
  try {
    const pods = await client.resolveOne({ group: '', version: 'v1', plural: 'pods' }, { signal });
    await client.create(pods, pod, { namespace: (pod.metadata as { namespace: string }).namespace, signal });
  } finally {
    client.close();
  }
});

on.event('pods', function example_pod_change({ logger }) {
  logger.info('This pod is special for us.');
}, { labels: { application: 'kopf-example-10' } });
