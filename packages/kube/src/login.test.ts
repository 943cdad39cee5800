// What a login handler's ConnectionInfo becomes: Kopf's Authorization header rules, TLS options from
// PEM text or base64, and credentials that log in again after a 401 (once) or on expiry.
import { describe, expect, it } from 'vitest';
import type { ConnectionInfo, LoginReason } from './login.js';
import { LoginCredentials, loginHeaders, loginTls } from './login.js';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

describe('login', () => {
  it('makes the Authorization header as Kopf does', () => {
    const server = 'https://k8s:6443';
    expect(loginHeaders({ server, token: 'abc' })).toEqual({ Authorization: 'Bearer abc' });
    expect(loginHeaders({ server, scheme: 'Digest', token: 'abc' })).toEqual({ Authorization: 'Digest abc' });
    expect(loginHeaders({ server, scheme: 'Negotiate' })).toEqual({ Authorization: 'Negotiate' });
    expect(loginHeaders({ server, username: 'u', password: 'p' })).toEqual({ Authorization: `Basic ${Buffer.from('u:p').toString('base64')}` });
    expect(loginHeaders({ server })).toEqual({});
  });

  it('takes PEM data as text or base64, and refuses a path and data for the same thing', () => {
    const tls = loginTls({ server: 'https://k8s', caData: PEM, certificateData: Buffer.from(PEM).toString('base64'), insecure: true });
    expect(String(tls.ca)).toBe(PEM);
    expect(String(tls.cert)).toBe(PEM);
    expect(tls.rejectUnauthorized).toBe(false);
    expect(() => loginTls({ server: 'https://k8s', caData: PEM, caPath: '/ca.pem' })).toThrow(/both caPath and caData/);
  });

  it('logs in again once after a 401, ignoring refusals of requests sent before, and when expired', async () => {
    const reasons: LoginReason[] = [];
    let n = 0;
    const login = (reason: LoginReason): Promise<ConnectionInfo> => {
      reasons.push(reason);
      n += 1;
      return Promise.resolve({ server: 'https://k8s', token: `t${n}`, ...(n === 2 ? { expiration: new Date(Date.now() - 1) } : {}) });
    };
    const credentials = new LoginCredentials({ server: 'https://k8s', token: 't0' }, login);
    const old = await credentials.headers();
    expect(old).toEqual({ Authorization: 'Bearer t0' });
    credentials.invalidate(old);
    const [a, b] = await Promise.all([credentials.headers(), credentials.headers()]);
    expect([a, b]).toEqual([{ Authorization: 'Bearer t1' }, { Authorization: 'Bearer t1' }]);
    credentials.invalidate(old); // a late refusal of the old token: already replaced
    expect(await credentials.headers()).toEqual({ Authorization: 'Bearer t1' });
    credentials.invalidate({ Authorization: 'Bearer t1' });
    expect(await credentials.headers()).toEqual({ Authorization: 'Bearer t2' }); // this one has expired already
    expect(await credentials.headers()).toEqual({ Authorization: 'Bearer t3' });
    expect(reasons).toEqual(['unauthorized', 'unauthorized', 'expired']);
  });
});
