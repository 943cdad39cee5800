// Unit tests of service-account tokens: kube's claims, signature, time window and audience checks, and the
// signing key kept in a data directory so that tokens survive a restart.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVICE_ACCOUNT_ISSUER, SIGNING_KEY_FILE, ServiceAccountTokens } from './serviceAccountTokens.js';

const claims = { namespace: 'team-a', name: 'robot', uid: 'u-1', audiences: [SERVICE_ACCOUNT_ISSUER], issuedAt: 1000, expiresAt: 4600, id: 'j-1' };

describe('ServiceAccountTokens', () => {
  it('issues a JWT with kube’s claims and verifies it within its window and audience', () => {
    const tokens = new ServiceAccountTokens(Buffer.alloc(32, 1));
    const token = tokens.issue({ ...claims, bound: { kind: 'Pod', name: 'p', uid: 'p-1' } });
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
    expect(payload).toEqual({
      aud: [SERVICE_ACCOUNT_ISSUER], exp: 4600, iat: 1000, nbf: 1000, iss: SERVICE_ACCOUNT_ISSUER, jti: 'j-1', sub: 'system:serviceaccount:team-a:robot',
      'kubernetes.io': { namespace: 'team-a', serviceaccount: { name: 'robot', uid: 'u-1' }, pod: { name: 'p', uid: 'p-1' } },
    });
    expect(tokens.verify(token, 4599)).toEqual({ ok: true, claims: { ...claims, bound: { kind: 'Pod', name: 'p', uid: 'p-1' } } });
    expect(tokens.verify(token, 4600)).toMatchObject({ ok: false, reason: 'expired', message: 'service account token has expired' });
    expect(tokens.verify(token, 999)).toMatchObject({ ok: false, reason: 'expired' });
    expect(tokens.verify(token, 2000, ['vault'])).toMatchObject({ ok: false, reason: 'audience' });
  });

  it('does not know tokens signed with another key, tampered with, or of another shape', () => {
    const token = new ServiceAccountTokens(Buffer.alloc(32, 1)).issue(claims);
    const other = new ServiceAccountTokens(Buffer.alloc(32, 2));
    expect(other.verify(token, 2000)).toMatchObject({ ok: false, reason: 'unknown' });
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 'admin' })).toString('base64url');
    expect(new ServiceAccountTokens(Buffer.alloc(32, 1)).verify(`${h}.${forged}.${s}`, 2000)).toMatchObject({ ok: false, reason: 'unknown' });
    expect(other.verify('not-a-jwt', 2000)).toMatchObject({ ok: false, reason: 'unknown' });
    expect(() => new ServiceAccountTokens(Buffer.alloc(8))).toThrow('the service-account signing key must have at least 32 bytes, got 8');
  });

  it('keeps its key in a data directory (mode 0600), so a token outlives the process that issued it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'opkit-sa-key-'));
    try {
      const token = (await ServiceAccountTokens.open({ dataDir: dir })).issue(claims);
      expect((await stat(join(dir, SIGNING_KEY_FILE))).mode & 0o777).toBe(0o600);
      expect((await readFile(join(dir, SIGNING_KEY_FILE), 'utf8')).trim()).toMatch(/^[A-Za-z0-9+/]{43}=$/);
      expect((await ServiceAccountTokens.open({ dataDir: dir })).verify(token, 2000).ok).toBe(true);
      expect((await ServiceAccountTokens.open()).verify(token, 2000).ok).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
