// startApiServer({ dataDir }) on a path that cannot hold the data, and on a data directory whose
// journal holds a line of valid JSON but the wrong shape: the start rejects with an ApiServerError
// (code Persistence) that names the path, the line and what was expected — no hang, nothing served.
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiServerError, startApiServer } from '../src/index.js';
import { call } from './protocolHelpers.js';

const dir = mkdtempSync(join(tmpdir(), 'opkit-datadir-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function startFailure(dataDir: string): Promise<ApiServerError> {
  const error: unknown = await startApiServer({ dataDir }).then(
    async (server) => {
      await server.close();
      return undefined;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiServerError);
  expect(error).toMatchObject({ code: 'Persistence' });
  return error as ApiServerError;
}

describe('startApiServer with dataDir', () => {
  it('rejects a path under a file, a file, and a path where no directory can be created, saying what is expected', async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    const expected = 'expected a directory this process can write, or a path where one can be created';
    expect((await startFailure(join(file, 'data'))).message).toBe(`cannot use the data directory ${join(file, 'data')}: ${file} is a file, not a directory; ${expected}`);
    expect((await startFailure(file)).message).toBe(`cannot use the data directory ${file}: ${file} exists and is not a directory; ${expected}`);
    expect((await startFailure('/proc/opkit-data/nested')).message).toBe(
      `cannot use the data directory /proc/opkit-data/nested: /proc/opkit-data cannot be created here (the file system refuses new directories); ${expected}`,
    );
  });

  it('rejects a journal line of valid JSON but the wrong shape with the file and the line, and starts once it is repaired', async () => {
    const dataDir = join(dir, 'data');
    const first = await startApiServer({ dataDir });
    const created = await fetch(`${first.url}/api/v1/namespaces/default/configmaps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ metadata: { name: 'kept' }, data: { a: 'b' } }),
    });
    expect(created.status).toBe(201);
    await first.close();

    const journal = join(dataDir, 'journal.ndjson');
    const good = readFileSync(journal, 'utf8');
    const lines = good.trimEnd().split('\n').length;
    writeFileSync(journal, `${good}{"rv":999,"key":"/configmaps|default/x"}\n`);
    expect((await startFailure(dataDir)).message).toBe(
      `the journal ${journal} is corrupt at line ${lines + 1}: missing "object"; expected {"rv":<resourceVersion, a positive integer>,"key":"<storage key>","object":{…} or null}; restore it or remove the data directory`,
    );
    writeFileSync(journal, `${good}[1,2,3]\n`);
    expect((await startFailure(dataDir)).message).toContain(`the journal ${journal} is corrupt at line ${lines + 1}: it is an array, not a change record;`);

    writeFileSync(journal, good);
    const second = await startApiServer({ dataDir });
    const read = await fetch(`${second.url}/api/v1/namespaces/default/configmaps/kept`);
    expect(((await read.json()) as { data: unknown }).data).toEqual({ a: 'b' });
    await second.close();
  });

  it('keeps what it stores private: a new data directory is 0700, its journal, snapshot and lock and the audit log 0600', async () => {
    const dataDir = join(dir, 'private', 'data');
    const auditLogPath = join(dir, 'audit.jsonl');
    const server = await startApiServer({ dataDir, auditLogPath });
    try {
      const created = await call(server.url, 'POST', '/api/v1/namespaces/default/secrets', { metadata: { name: 's' }, stringData: { password: 'hunter2' } });
      expect(created.status).toBe(201);
      const mode = (path: string): string => (statSync(path).mode & 0o777).toString(8);
      expect(mode(dataDir)).toBe('700');
      expect(mode(join(dir, 'private'))).toBe('700');
      expect(mode(join(dataDir, 'journal.ndjson'))).toBe('600');
      expect(mode(join(dataDir, 'LOCK'))).toBe('600');
      expect(mode(auditLogPath)).toBe('600');
    } finally {
      await server.close();
    }
    // A journal and snapshot left readable by an older version are made private when the server opens them.
    writeFileSync(join(dataDir, 'snapshot.ndjson'), `${JSON.stringify({ format: 1, resourceVersion: 0 })}\n`);
    chmodSync(join(dataDir, 'snapshot.ndjson'), 0o644);
    chmodSync(join(dataDir, 'journal.ndjson'), 0o644);
    const again = await startApiServer({ dataDir });
    try {
      const mode = (path: string): string => (statSync(path).mode & 0o777).toString(8);
      expect(mode(join(dataDir, 'journal.ndjson'))).toBe('600');
      expect(mode(join(dataDir, 'snapshot.ndjson'))).toBe('600');
    } finally {
      await again.close();
    }
  });
});
