// A timer someone awaits must keep the process alive: Node ends a script whose top-level await can no
// longer settle (exit code 13, "unsettled top-level await") when only unref'd timers are pending. Each
// case runs a real ES module script in a child Node against the built package and checks that it ran
// to its end. (The system clock's timers used to be unref'd, so a queue's retry and anything awaiting
// `systemClock.setTimeout` ended the script early.)
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { deadline } from '@opkit/test-tools';

const TASKS = new URL('../dist/index.js', import.meta.url).href;

/** Runs `body` as a top-level-await ES module that imports @opkit/tasks as `tasks`. */
function script(body: string): { status: number | null; stdout: string; stderr: string } {
  const source = `import * as tasks from '${TASKS}';\n${body}`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

// Each case starts a child Node: on a loaded machine that alone can take longer than vitest's default 5 s.
describe('awaited timers keep the process alive', { timeout: deadline(120_000) }, () => {
  it('sleep(), with the default clock and with systemClock given explicitly', () => {
    const result = script(`await tasks.sleep(50); await tasks.sleep(50, { clock: tasks.systemClock }); console.log('slept twice');`);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('slept twice\n');
    expect(result.status).toBe(0);
  });

  it('a promise resolved by systemClock.setTimeout', () => {
    const result = script(`await new Promise((resolve) => tasks.systemClock.setTimeout(resolve, 50)); console.log('fired');`);
    expect(result.stdout).toBe('fired\n');
    expect(result.status).toBe(0);
  });

  it('an awaited TaskQueue.run() waiting for a retry', () => {
    const result = script(`
      const stop = new AbortController();
      const queue = new tasks.TaskQueue({ backoffStart: 50, jitter: 0 });
      let attempts = 0;
      queue.enqueue('job', async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('first attempt fails');
        stop.abort();
      });
      await queue.run(stop.signal);
      console.log('attempts: ' + attempts);
    `);
    expect(result.stdout).toBe('attempts: 2\n');
    expect(result.status).toBe(0);
  });

  it('an abort still ends the wait at once and leaves nothing keeping the process up', () => {
    const result = script(`
      const stop = new AbortController();
      const slept = tasks.sleep(600_000, { signal: stop.signal }).catch((reason) => console.log('aborted: ' + reason));
      stop.abort('bye');
      await slept;
    `);
    expect(result.stdout).toBe('aborted: bye\n');
    expect(result.status).toBe(0);
  });
});
