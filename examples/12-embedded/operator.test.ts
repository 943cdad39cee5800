// 12-embedded: the application embeds the operator, which greets each object on creation and
// says good bye on deletion (a mandatory delete handler: the finalizer holds it), then stops on the flag.
import { createLogger } from '@opkit/core';
import { startTestEnv } from '@opkit/testing';
import { describe, expect, it } from 'vitest';
import { main } from './operator.ts';
import { deadline } from '@opkit/test-tools';

describe('example 12-embedded', () => {
  it('runs the operator inside the application and stops it', async () => {
    await using env = await startTestEnv({ crds: [new URL('../crd.yaml', import.meta.url).pathname] });
    const lines: string[] = [];
    const said: string[] = [];
    // Debug, as Kopf's own end-to-end runs (--verbose): the finalizer lines are debug lines in Kopf.
    const logger = createLogger({ format: 'plain', level: 'debug', write: (line) => lines.push(line) });
    const waitForLine = async (text: string): Promise<void> => {
      for (const giveUpAt = Date.now() + deadline(30_000); !lines.some((line) => line.includes(text));) {
        if (Date.now() > giveUpAt) throw new Error(`no log line ${text}; got:\n${lines.join('\n')}`);
        await new Promise((resolve) => { setTimeout(resolve, 20); });
      }
    };
    await main({
      client: env.client, logger, say: (line) => said.push(line),
      settle: async (name, phase) => {
        if (phase === 'created') await waitForLine(`[default/${name}] Creation is processed: 1 succeeded; 0 failed.`);
        else await env.waitForGone({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name, namespace: 'default' });
      },
    });
    for (const step of [0, 1, 2]) {
      expect(lines).toContain(`[default/kopf-example-${step}] Hello, kopf-example-${step}!`);
      expect(lines).toContain(`[default/kopf-example-${step}] Good bye, kopf-example-${step}!`);
      expect(lines).toContain(`[default/kopf-example-${step}] Adding the finalizer, thus preventing the actual deletion.`);
    }
    expect(said).toEqual(['Starting the main app.', 'Do the main app activity here. Step 1/3.', 'Do the main app activity here. Step 2/3.',
      'Do the main app activity here. Step 3/3.', 'Exiting the main app.']);
    expect(lines).toContain('Stop-flag is set to True. Operator is stopping.');
  });
});
