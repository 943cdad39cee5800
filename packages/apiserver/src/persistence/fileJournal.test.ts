// Unit tests for FileJournal: replay, torn tails, compaction and its crash windows, clear errors.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileJournal } from './fileJournal.js';
import { readLines } from './lines.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'opkit-journal-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const cm = (name: string, rv: number, data = 'x'): unknown => ({ metadata: { name, resourceVersion: String(rv) }, data: { v: data } });

describe('FileJournal', () => {
  it('starts empty in a new directory and replays appended changes on reopen', async () => {
    const dir = join(tempDir(), 'nested', 'data');
    const first = await FileJournal.open(dir);
    expect(first.load()).toEqual({ resourceVersion: 0, entries: new Map() });
    first.append({ resourceVersion: 2, key: 'cm/a', object: cm('a', 2) });
    first.append({ resourceVersion: 3, key: 'cm/b', object: cm('b', 3) });
    first.append({ resourceVersion: 4, key: 'cm/a', object: cm('a', 4, 'y') });
    first.append({ resourceVersion: 5, key: 'cm/b', object: null });
    first.close();
    const second = await FileJournal.open(dir);
    const state = second.load();
    expect(state.resourceVersion).toBe(5);
    expect([...state.entries]).toEqual([['cm/a', cm('a', 4, 'y')]]);
    second.close();
  });

  it('cuts a torn last line and keeps appending on a fresh line', async () => {
    const dir = tempDir();
    const journal = await FileJournal.open(dir);
    journal.append({ resourceVersion: 7, key: 'cm/a', object: cm('a', 7) });
    journal.close();
    appendFileSync(join(dir, 'journal.ndjson'), '{"rv":8,"key":"cm/b","obj'); // killed mid-write
    const reopened = await FileJournal.open(dir);
    expect(reopened.load().resourceVersion).toBe(7);
    reopened.append({ resourceVersion: 8, key: 'cm/c', object: cm('c', 8) });
    reopened.close();
    const third = await FileJournal.open(dir);
    expect([...third.load().entries.keys()]).toEqual(['cm/a', 'cm/c']);
    third.close();
  });

  it('drops a newline-terminated but unparsable last line, and refuses corruption in the middle', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'journal.ndjson'), '{"rv":1,"key":"a","object":{}}\n{"rv":2,"key"\n');
    const journal = await FileJournal.open(dir);
    expect(journal.load().resourceVersion).toBe(1);
    journal.close();
    expect(statSync(join(dir, 'journal.ndjson')).size).toBe('{"rv":1,"key":"a","object":{}}\n'.length);
    writeFileSync(join(dir, 'journal.ndjson'), 'garbage\n{"rv":2,"key":"a","object":{}}\n');
    await expect(FileJournal.open(dir)).rejects.toThrow(/corrupt at line 1 \(not the last line/);
  });

  it('compacts into a snapshot, empties the journal and replays both', async () => {
    const dir = tempDir();
    const journal = await FileJournal.open(dir, { compactAfterBytes: 100 });
    journal.append({ resourceVersion: 1, key: 'cm/a', object: cm('a', 1) });
    expect(journal.needsCompaction).toBe(false);
    journal.append({ resourceVersion: 2, key: 'cm/b', object: cm('b', 2) });
    expect(journal.needsCompaction).toBe(true);
    journal.compact(new Map([['cm/a', cm('a', 1)], ['cm/b', cm('b', 2)]]), 2);
    expect(journal.journalBytes).toBe(0);
    expect(statSync(join(dir, 'journal.ndjson')).size).toBe(0);
    journal.append({ resourceVersion: 3, key: 'cm/a', object: null });
    journal.close();
    const reopened = await FileJournal.open(dir);
    const state = reopened.load();
    expect(state.resourceVersion).toBe(3);
    expect([...state.entries]).toEqual([['cm/b', cm('b', 2)]]);
    expect(reopened.load().entries.size).toBe(0); // released after the first load()
    reopened.close();
  });

  it('writes int64 values with every digit and maps in byte order, in the journal and the snapshot', async () => {
    const dir = tempDir();
    const object = { spec: { big: 9007199254740993n, neg: -9223372036854775808n, data: { 2: 'b', 10: 'a' } } };
    const journal = await FileJournal.open(dir);
    journal.append({ resourceVersion: 1, key: 'w/a', object });
    expect(readFileSync(join(dir, 'journal.ndjson'), 'utf8')).toBe(
      '{"rv":1,"key":"w/a","object":{"spec":{"big":9007199254740993,"neg":-9223372036854775808,"data":{"10":"a","2":"b"}}}}\n',
    );
    journal.close();
    const replayed = await FileJournal.open(dir);
    expect(replayed.load().entries.get('w/a')).toEqual(object);
    replayed.compact(new Map([['w/a', object]]), 1);
    replayed.close();
    expect(readFileSync(join(dir, 'snapshot.ndjson'), 'utf8')).toContain('["w/a",{"spec":{"big":9007199254740993,"neg":-9223372036854775808,"data":{"10":"a","2":"b"}}}]');
    const restored = await FileJournal.open(dir);
    expect(restored.load().entries.get('w/a')).toEqual(object);
    restored.close();
  });

  it('skips journal lines already in the snapshot (crash between rename and truncate)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'snapshot.ndjson'), `${JSON.stringify({ format: 1, resourceVersion: 5 })}\n${JSON.stringify(['cm/a', cm('a', 5)])}\n`);
    writeFileSync(
      join(dir, 'journal.ndjson'),
      `${JSON.stringify({ rv: 4, key: 'cm/a', object: null })}\n${JSON.stringify({ rv: 6, key: 'cm/b', object: cm('b', 6) })}\n`,
    );
    writeFileSync(join(dir, 'snapshot.ndjson.tmp'), 'half a snapshot');
    const journal = await FileJournal.open(dir);
    const state = journal.load();
    expect(state.resourceVersion).toBe(6);
    expect([...state.entries.keys()].sort()).toEqual(['cm/a', 'cm/b']);
    journal.close();
  });

  it('fsyncs every append with fsync always, and rejects a bad policy or a bad snapshot', async () => {
    const dir = tempDir();
    const journal = await FileJournal.open(dir, { fsync: 'always' });
    journal.append({ resourceVersion: 1, key: 'k', object: { a: 'ü' } });
    expect(readFileSync(join(dir, 'journal.ndjson'), 'utf8')).toBe('{"rv":1,"key":"k","object":{"a":"ü"}}\n');
    journal.close();
    journal.close(); // idempotent
    expect(() => journal.append({ resourceVersion: 2, key: 'k', object: null })).toThrow(/is closed/);
    await expect(FileJournal.open(dir, { fsync: 'sometimes' as 'always' })).rejects.toThrow(/fsync must be/);
    writeFileSync(join(dir, 'snapshot.ndjson'), '{"version":9}\n');
    await expect(FileJournal.open(dir)).rejects.toThrow(/unknown header/);
    writeFileSync(join(dir, 'file'), '');
    await expect(FileJournal.open(join(dir, 'file'))).rejects.toMatchObject({ code: 'Persistence' });
  });
});

describe('FileJournal locking', () => {
  it('refuses a second journal on a directory in use and releases the lock on close', async () => {
    const dir = tempDir();
    const first = await FileJournal.open(dir);
    expect(readFileSync(join(dir, 'LOCK'), 'utf8')).toBe(`${process.pid}\n`);
    await expect(FileJournal.open(dir)).rejects.toThrow(/is in use by process \d+ \(this process\)/);
    first.close();
    const second = await FileJournal.open(dir);
    second.close();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'LOCK'), '2147483646\n'); // no such pid
    const journal = await FileJournal.open(dir);
    expect(readFileSync(join(dir, 'LOCK'), 'utf8')).toBe(`${process.pid}\n`);
    journal.close();
    expect(() => readFileSync(join(dir, 'LOCK'))).toThrow(/ENOENT/);
  });
});

describe('readLines', () => {
  it('returns complete lines with byte offsets and leaves a torn tail out', () => {
    const { lines, completeBytes } = readLines(Buffer.from('ä\n\nb\ntor'));
    expect(lines).toEqual([
      { text: 'ä', lineNumber: 1, start: 0 },
      { text: 'b', lineNumber: 3, start: 4 },
    ]);
    expect(completeBytes).toBe(6);
  });
});

describe('FileJournal and lines of the wrong shape', () => {
  const expectCorrupt = async (dir: string, file: 'journal' | 'snapshot', line: number, problem: string): Promise<void> => {
    const path = join(dir, `${file}.ndjson`);
    const error = await FileJournal.open(dir).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'Persistence' });
    expect((error as Error).message).toContain(`the ${file} ${path} is corrupt at line ${line}: ${problem}; expected `);
    expect((error as Error).message).toContain('restore it or remove the data directory');
  };
  const good = '{"rv":1,"key":"cm/a","object":{"metadata":{"name":"a"}}}\n';

  it('names the file, the line and what is wrong for valid JSON that is not a change record, even on the last line', async () => {
    const cases: [string, string][] = [
      ['{"foo":1}', 'unknown field "foo"; missing "rv", "key", "object"'],
      ['[1,"cm/b",{}]', 'it is an array, not a change record'],
      ['42', 'it is a number, not a change record'],
      ['{"rv":2,"key":"cm/b"}', 'missing "object"'],
      ['{"rv":"2","key":"cm/b","object":{}}', '"rv" is a string (2), not a positive integer'],
      ['{"rv":2,"key":7,"object":{}}', '"key" is a number, not a non-empty string'],
      ['{"rv":2,"key":"cm/b","object":"text"}', '"object" is a string, not an object or null'],
    ];
    for (const [line, problem] of cases) {
      const dir = tempDir();
      writeFileSync(join(dir, 'journal.ndjson'), `${good}${line}\n${good}`);
      await expectCorrupt(dir, 'journal', 2, problem);
      // The last line too: a torn write never parses, so valid JSON there is corruption, not a cut-off write.
      writeFileSync(join(dir, 'journal.ndjson'), `${good}${line}\n`);
      await expectCorrupt(dir, 'journal', 2, problem);
      expect(readFileSync(join(dir, 'journal.ndjson'), 'utf8')).toBe(`${good}${line}\n`); // nothing was cut
    }
  });

  it('names the snapshot line that is not a [key, object] pair, and a header that is not an object', async () => {
    const dir = tempDir();
    const header = '{"format":1,"resourceVersion":3}\n';
    writeFileSync(join(dir, 'snapshot.ndjson'), `${header}["cm/a",{}]\n{"key":"cm/b"}\n`);
    await expectCorrupt(dir, 'snapshot', 3, 'it is an object, not a [key, object] pair');
    writeFileSync(join(dir, 'snapshot.ndjson'), `${header}["cm/a"]\n`);
    await expectCorrupt(dir, 'snapshot', 2, 'it is an array of 1 items, not a [key, object] pair');
    writeFileSync(join(dir, 'snapshot.ndjson'), `${header}["",null]\n`);
    await expectCorrupt(dir, 'snapshot', 2, 'the key is a string, not a non-empty string; the object is null, not an object');
    writeFileSync(join(dir, 'snapshot.ndjson'), 'null\n');
    await expect(FileJournal.open(dir)).rejects.toThrow(`the snapshot ${join(dir, 'snapshot.ndjson')} has an unknown header at line 1: null; expected {"format":1,"resourceVersion":N}`);
  });
});
