// Unit test of the self-signed certificate: a valid X.509 certificate (Node parses and verifies it) for the
// loopback names and the given hosts, whose key serves TLS.
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { selfSignedCertificate } from './selfSignedCertificate.js';

describe('selfSignedCertificate', () => {
  it('is a self-signed certificate for localhost, 127.0.0.1, ::1 and the given hosts, valid now for ten years', () => {
    const now = new Date('2026-11-26T00:00:00Z');
    const { cert, key } = selfSignedCertificate(['10.1.2.3', 'dev.example', '0.0.0.0'], now);
    const x509 = new X509Certificate(cert);
    expect(x509.subject).toBe('CN=opkit-apiserver');
    expect(x509.issuer).toBe('CN=opkit-apiserver');
    expect(x509.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, IP Address:10.1.2.3, DNS:dev.example');
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect(x509.checkPrivateKey(createPrivateKey(key))).toBe(true);
    expect(new Date(x509.validFrom).getTime()).toBe(now.getTime() - 3_600_000);
    expect(new Date(x509.validTo).getUTCFullYear()).toBe(2036);
  });
});
