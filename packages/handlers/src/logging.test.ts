import { parseJson } from '@opkit/json';
import { noopLogger } from '@opkit/tasks';
import { describe, expect, it } from 'vitest';
import { createLogger, objectLogger, postingLogger } from './logging.js';
import type { LogRecord } from './logging.js';
import { feedLogger } from './feed.js';
import { EventPoster, resolvePostingSettings } from './posting.js';
import type { FeedEventInput } from './feed.js';

const body = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'kopf-example-1', namespace: 'default', uid: 'u1' } };

function capture(format: 'plain' | 'full' | 'json', level: 'debug' | 'info' = 'info'): { lines: string[]; records: LogRecord[]; logger: ReturnType<typeof createLogger> } {
  const lines: string[] = [];
  const records: LogRecord[] = [];
  return { lines, records, logger: createLogger({ format, level, write: (line) => lines.push(line), onRecord: (record) => records.push(record) }) };
}

describe('createLogger', () => {
  it('plain: the object prefix, the message, then fields', () => {
    const { lines, logger } = capture('plain');
    objectLogger(logger, body).info("Handler 'create_fn' succeeded.");
    objectLogger(logger, { ...body, metadata: { name: 'cluster-thing' } }).warn('careful', { count: 2, text: 'two words' });
    logger.info('Operator-level line.');
    expect(lines).toEqual([
      "[default/kopf-example-1] Handler 'create_fn' succeeded.",
      '[cluster-thing] careful count=2 text="two words"',
      'Operator-level line.',
    ]);
  });

  it('full: time, logger name and level columns as Kopf prints them', () => {
    const { lines, logger } = capture('full');
    objectLogger(logger, body).error('Oops');
    expect(lines[0]).toMatch(/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}\] opkit\.objects {8}\[ERROR {3}\] \[default\/kopf-example-1\] Oops$/);
  });

  it('json: one object per line with severity, timestamp, object and fields', () => {
    const { lines, logger } = capture('json');
    objectLogger(logger, body).info('hello', { big: 10n ** 20n });
    const entry = parseJson(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({ message: 'hello', severity: 'info', big: 10n ** 20n, object: { kind: 'KopfExample', name: 'kopf-example-1', namespace: 'default', uid: 'u1' } });
    expect(typeof entry.timestamp).toBe('string');
  });

  it('writes integers beyond 2^53 with every digit, in json and plain lines', () => {
    const json = capture('json');
    json.logger.info('sized', { bytes: 9007199254740993n, spec: { big: 9007199254740993n } });
    expect(json.lines[0]).toContain('"bytes":9007199254740993,"spec":{"big":9007199254740993}');
    const plain = capture('plain');
    plain.logger.info('sized', { spec: { big: 9007199254740993n } });
    expect(plain.lines[0]).toContain('spec={"big":9007199254740993}');
  });

  it('filters by level and reports every written record', () => {
    const { lines, records, logger } = capture('plain', 'info');
    logger.debug('hidden');
    logger.info('shown');
    expect(lines).toEqual(['shown']);
    expect(records.map((record) => record.message)).toEqual(['shown']);
    expect(() => createLogger({ format: 'xml' as never })).toThrow("Unknown log format \"xml\": expected 'plain', 'full' or 'json'.");
  });
});

describe('feedLogger', () => {
  it('reports each line as a log event while the feed is read, and only writes it while not', () => {
    const { lines, logger } = capture('plain');
    const events: FeedEventInput[] = [];
    let reading = true;
    const log = objectLogger(feedLogger(logger, (event) => events.push(event), {}, () => reading), body);
    log.info('read');
    reading = false;
    log.info('unread');
    expect(lines).toEqual(['[default/kopf-example-1] read', '[default/kopf-example-1] unread']);
    expect(events).toEqual([{ type: 'log', level: 'info', message: 'read', object: { resource: 'KopfExample', namespace: 'default', name: 'kopf-example-1', uid: 'u1' } }]);
  });
});

describe('isEnabled', () => {
  it('says which levels go somewhere: the level of the logger, the feed while read, the levels posted as events', () => {
    const base = createLogger({ format: 'plain', level: 'info', write: () => undefined });
    expect([base.isEnabled!('debug'), base.isEnabled!('info'), objectLogger(base, body).isEnabled!('error')]).toEqual([false, true, true]);
    let reading = false;
    const fed = objectLogger(feedLogger(base, () => undefined, {}, () => reading), body);
    expect(fed.isEnabled!('debug')).toBe(false);
    reading = true; // every level goes to the feed while it is read
    expect(fed.isEnabled!('debug')).toBe(true);
    const quiet = createLogger({ format: 'plain', level: 'error', write: () => undefined });
    const posted: string[] = [];
    const sink = { post: (_: unknown, event: { type: string }) => void posted.push(event.type), posts: (type: string) => type !== 'Debug' && type !== 'Normal' };
    const posting = postingLogger(quiet, body, sink);
    expect([posting.isEnabled!('debug'), posting.isEnabled!('info'), posting.isEnabled!('warn')]).toEqual([false, false, true]);
    // A sink that cannot say posts everything: every level counts as enabled.
    expect(postingLogger(quiet, body, { post: () => undefined }).isEnabled!('debug')).toBe(true);
  });

  it("an EventPoster posts the types at and above posting.level, none when posting is off", () => {
    const poster = (settings: Parameters<typeof resolvePostingSettings>[0]) => new EventPoster({ client: {} as never, settings: resolvePostingSettings(settings), logger: noopLogger });
    expect(['Debug', 'Normal', 'Warning', 'Error'].map((type) => poster({ level: 'warn' }).posts(type))).toEqual([false, false, true, true]);
    expect(poster({ level: 'debug', enabled: false }).posts('Error')).toBe(false);
  });
});
