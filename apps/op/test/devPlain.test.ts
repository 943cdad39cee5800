// `op dev --plain` and `--json` from recorded sessions: Kopf-worded log lines, generation banners,
// no escape bytes (even when the operator prints them), and JSON lines that keep big integers.
import { describe, expect, it } from 'vitest';
import type { DevRecord } from '../src/index.js';
import { jsonLine, plainLines, sanitize } from '../src/dev/plain.js';
import { recorded } from './helpers/devFeeds.js';

function plain(records: readonly DevRecord[], level: 'debug' | 'info' = 'info'): string[] {
  return records.flatMap((record) => plainLines(record, { level, utc: true }));
}

describe('plainLines', () => {
  it('prints the reload mid-handler as Kopf-worded lines and generation banners', () => {
    const lines = plain(recorded('reload-mid-handler'));
    expect(lines).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} INFO {4}\[default\/kopf-example-1\] Handler 'create_fn' succeeded\.$/));
    expect(lines).toContainEqual(expect.stringMatching(/^── gen 1 stopped in \d+\.\d s \(graceful\) ──$/));
    expect(lines).toContainEqual(expect.stringMatching(/^── gen 2: src\/operator\.ts changed · loaded \d+ ms · pid \d+ ──$/));
    expect(lines).toContainEqual('op dev: kubectl --kubeconfig .opkit/kubeconfig get kopfexamples.kopf.dev -A');
    expect(lines.some((line) => line.includes('DEBUG'))).toBe(false);
    expect(plain(recorded('reload-mid-handler'), 'debug').some((line) => line.includes('DEBUG'))).toBe(true);
  });

  it('says a forced stop was forced', () => {
    expect(plain(recorded('forced-stop'))).toContainEqual(expect.stringMatching(/^── gen 1 stopped forced after \d+\.\d s ──$/));
  });

  it('prints a build error with its place and code frame', () => {
    const lines = plain(recorded('build-error'));
    const at = lines.findIndex((line) => line.startsWith('── gen 2 failed to load (the running generation keeps running): Cannot load '));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(lines[at + 1]).toMatch(/^ {3}at \/.*\/src\/operator\.ts:4:26$/);
    expect(lines.slice(at + 2, at + 8)).toContain("   > 4 |   return { message: 'v1' ;");
  });

  it('never prints an escape byte, not even one the operator printed', () => {
    const noisy = { v: 1, ts: 0, type: 'dev.output', gen: 1, stream: 'stdout', line: '\u001b[31mred\u001b[0m \u001b]0;title\u0007bell\u0007' } as unknown as DevRecord;
    const all = [...recorded('reload-mid-handler'), ...recorded('forced-stop'), ...recorded('build-error'), noisy];
    const text = plain(all, 'debug').join('\n');
    expect([...text].filter((char) => char !== '\n' && char !== '\t' && (char < ' ' || char === '\u007f'))).toEqual([]);
    expect(plainLines(noisy)[0]).toMatch(/STDOUT {2}red bell\?$/);
    expect(sanitize('a\u001b[2Jb\tc')).toBe('ab\tc');
  });
});

describe('jsonLine', () => {
  it('writes records exactly, integers beyond 2^53 included', () => {
    const record = { v: 1, ts: 1, type: 'dev.object', event: 'ADDED', resource: 'r', kind: 'K', object: { metadata: { name: 'x' }, spec: { big: 9007199254740993n } } } as unknown as DevRecord;
    expect(jsonLine(record)).toBe('{"v":1,"ts":1,"type":"dev.object","event":"ADDED","resource":"r","kind":"K","object":{"metadata":{"name":"x"},"spec":{"big":9007199254740993}}}');
  });
});
