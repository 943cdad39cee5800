// The server's one-writer rule, checked on its sources: only src/registry/storeWriter.ts calls the
// ObjectStore's mutating methods, and only the registry (src/registry/) reaches the StoreWriter. Every
// other module — HTTP handlers, controllers, admission, the composition in apiServer.ts — writes by
// calling the registry. Kind rules live in the strategies: the registry and the HTTP layer compare no
// storage key with a kind's. The scanner itself is tested on inline samples, so a new way of calling the
// store (optional chaining, brackets, destructuring) is known to be caught.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ObjectStore } from './storage/index.js';

const SRC = fileURLToPath(new URL('.', import.meta.url));

/** ObjectStore's public methods that only read (or subscribe); every other method counts as a write. */
const READS = new Set(['constructor', 'resourceVersion', 'count', 'setPersistence', 'subscribe', 'get', 'byUid', 'dependentsOf', 'list', 'storageKeys', 'entries']);

/** The store's mutating methods, from what ObjectStore exposes (private helpers are not callable outside). */
const STORE_WRITES = Object.getOwnPropertyNames(ObjectStore.prototype).filter((name) => !READS.has(name) && !['stamp', 'put', 'unindex', 'emit'].includes(name));

/** Source without comments and string contents (so prose about "a restore" is not a call). */
function code(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, (literal) => (STORE_WRITES.some((m) => literal.slice(1, -1) === m) ? literal : "''"));
}

/** The store writes a source makes: `.m(`, `?.m(`, `['m']`, `{ m }` destructuring, for every mutating method m. */
function storeWrites(source: string): string[] {
  const text = code(source);
  const found: string[] = [];
  for (const m of STORE_WRITES) {
    const patterns = [new RegExp(`\\??\\.\\s*${m}\\b`), new RegExp(`\\[\\s*['"\`]${m}['"\`]\\s*\\]`), new RegExp(`\\{[^}]*\\b${m}\\b[^}]*\\}\\s*=`)];
    if (patterns.some((p) => p.test(text))) found.push(m);
  }
  return found;
}

/** Whether a source reaches the StoreWriter (its class, or an engine's `writer`). */
function reachesWriter(source: string): boolean {
  const text = code(source);
  return /\bStoreWriter\b/.test(text) || /\.\s*writer\b/.test(text);
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

describe('the one store writer', () => {
  it('knows the store’s mutating methods', () => {
    expect(STORE_WRITES.sort()).toEqual(['commitCreate', 'commitDelete', 'commitUpdate', 'restore']);
  });

  it('flags every way of calling them', () => {
    expect(storeWrites('engine.store.commitCreate(key, obj);')).toEqual(['commitCreate']);
    expect(storeWrites('this.store?.commitDelete(key, old)')).toEqual(['commitDelete']);
    expect(storeWrites("store['commitUpdate'](key, a, b)")).toEqual(['commitUpdate']);
    expect(storeWrites('const { restore } = store;')).toEqual(['restore']);
    expect(storeWrites('// after a restore, commitUpdate is not called here\nconst x = store.get(k, ns, n);')).toEqual([]);
    expect(storeWrites("const message = 'commitCreate failed';")).toEqual([]);
    expect(reachesWriter('engine.writer.write(type, change)')).toBe(true);
    expect(reachesWriter('new StoreWriter(store)')).toBe(true);
    expect(reachesWriter('await objects.create(type, ns, body, {}, user)')).toBe(false);
  });

  it('is one function: inside src/registry/storeWriter.ts only StoreWriter.apply calls them', () => {
    const source = code(readFileSync(join(SRC, 'registry/storeWriter.ts'), 'utf8'));
    const start = source.indexOf('private apply(');
    expect(start).toBeGreaterThan(0);
    const outside = source.slice(0, start) + source.slice(source.indexOf('\n  }\n', start));
    expect(storeWrites(outside)).toEqual([]);
    expect(storeWrites(source.slice(start)).sort()).toEqual([...STORE_WRITES].sort());
  });

  it('is src/registry/storeWriter.ts: no other module calls the store’s mutating methods', () => {
    const offenders: string[] = [];
    for (const path of sources(SRC)) {
      const file = relative(SRC, path).split('\\').join('/');
      if (file === 'storage/objectStore.ts' || file === 'registry/storeWriter.ts') continue;
      for (const m of storeWrites(readFileSync(path, 'utf8'))) offenders.push(`${file}: ${m}`);
    }
    expect(offenders).toEqual([]);
  });

  it('leaves kind rules to the strategies (no storage-key comparisons with a kind in registry/ or http/)', () => {
    const kindCompare = /storageKey\s*[!=]==\s*(['"`]|[A-Z][A-Z_]+\b)|\b[A-Z][A-Z_]+\s*[!=]==\s*[\w.]*storageKey/;
    expect(kindCompare.test("if (type.storageKey === '/namespaces') x();")).toBe(true);
    expect(kindCompare.test('if (type.storageKey !== CRDS) x();')).toBe(true);
    expect(kindCompare.test('if (snap.storageKey !== type.storageKey) x();')).toBe(false);
    const offenders = sources(SRC)
      .map((path) => relative(SRC, path).split('\\').join('/'))
      .filter((file) => (file.startsWith('registry/') || file.startsWith('http/')) && file !== 'registry/strategies.ts')
      .filter((file) => kindCompare.test(code(readFileSync(join(SRC, file), 'utf8'))));
    expect(offenders).toEqual([]);
  });

  it('is reached only through the registry', () => {
    const offenders = sources(SRC)
      .map((path) => relative(SRC, path).split('\\').join('/'))
      .filter((file) => !file.startsWith('registry/') && reachesWriter(readFileSync(join(SRC, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
