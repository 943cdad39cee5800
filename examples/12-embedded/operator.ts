// Embedding: an application runs the operator inside its own process with operator(), waits until
// it is ready, does its own work (creating and deleting objects), and stops it with an AbortSignal.
// The handlers use the operator memo given by the application.
import { operator, Registry } from '@opkit/core';
import type { Logger } from '@opkit/core';
import type { KubeClient, Resource } from '@opkit/kube';

/** The handlers of this operator, as a named export (op run and loadOperator use it too). */
export const registry = new Registry();

function format(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_match, key: string) => String(values[key] ?? ''));
}

registry.on.create('kopfexamples', function create_fn({ memo, name, logger }) {
  logger.info(format(memo.createTpl as string, { name }));
});

registry.on.delete('kopfexamples', function delete_fn({ memo, name, logger }) {
  logger.info(format(memo.deleteTpl as string, { name }));
});

/** What the application needs. */
export interface MainOptions {
  readonly client: KubeClient;
  readonly steps?: number;
  readonly say?: (line: string) => void;
  /** Waits for a step's object to be handled before going on (the original sleeps 1 s instead). */
  readonly settle?: (name: string, phase: 'created' | 'deleted') => Promise<void>;
  readonly logger?: Logger;
}

/**
 * The application: start the operator, create and delete kopf-example-N objects, stop the operator.
 */
export async function main(options: MainOptions): Promise<void> {
  const { client, steps = 3, say = (line) => process.stdout.write(`${line}\n`) } = options;
  say('Starting the main app.');
  const controller = new AbortController();
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => { markReady = resolve; });
  const running = operator({
    registry, client, clusterwide: true, signal: controller.signal, ready: markReady,
    memo: { createTpl: 'Hello, {name}!', deleteTpl: 'Good bye, {name}!' },
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await Promise.race([ready, running]);
  const kex: Resource = await client.resolveOne('kopfexamples.kopf.dev');
  for (let step = 0; step < steps; step++) {
    say(`Do the main app activity here. Step ${step + 1}/${steps}.`);
    const name = `kopf-example-${step}`;
    await client.create(kex, { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name, namespace: 'default' } }, { namespace: 'default' });
    await options.settle?.(name, 'created');
    await client.delete(kex, name, { namespace: 'default' });
    await options.settle?.(name, 'deleted');
  }
  say('Exiting the main app.');
  controller.abort();
  await running;
}
