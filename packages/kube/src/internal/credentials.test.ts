import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KubeConfigError } from '../errors.js';
import { TokenFileCredentials } from './credentials.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'opkit-cred-'));
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

describe('TokenFileCredentials', () => {
  it('re-reads the token when the file changes (checked at most once a second)', async () => {
    const path = join(dir, 'token');
    writeFileSync(path, 'first\n');
    utimesSync(path, 1000, 1000);
    const credentials = new TokenFileCredentials(path, { 'Impersonate-User': 'me' });
    expect(await credentials.headers()).toEqual({ 'Impersonate-User': 'me', Authorization: 'Bearer first' });
    writeFileSync(path, 'second\n');
    utimesSync(path, 2000, 2000);
    expect((await credentials.headers()).Authorization).toBe('Bearer first');
    vi.setSystemTime(new Date('2026-01-01T00:00:01.5Z'));
    expect((await credentials.headers()).Authorization).toBe('Bearer second');
  });

  it('re-reads at once after invalidate() (a 401)', async () => {
    const path = join(dir, 'token');
    writeFileSync(path, 'first');
    utimesSync(path, 1000, 1000);
    const credentials = new TokenFileCredentials(path);
    await credentials.headers();
    writeFileSync(path, 'rotated');
    utimesSync(path, 3000, 3000);
    credentials.invalidate();
    expect((await credentials.headers()).Authorization).toBe('Bearer rotated');
  });

  it('reports an unreadable token file as a KubeConfigError naming the path', async () => {
    const credentials = new TokenFileCredentials(join(dir, 'missing'));
    await expect(credentials.headers()).rejects.toBeInstanceOf(KubeConfigError);
    await expect(credentials.headers()).rejects.toThrow(/missing/);
  });
});
