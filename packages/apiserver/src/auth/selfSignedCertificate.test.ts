// Unit test of the self-signed certificate: a valid X.509 certificate (Node parses and verifies it) for the
// loopback names and the given hosts, whose key serves TLS.
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { selfSignedCertificate, serialNumber } from './selfSignedCertificate.js';

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

  it('makes serial numbers whose DER encoding is minimal and positive, whatever the random bytes (a zero first byte was refused by OpenSSL)', () => {
    for (const first of [0x00, 0x01, 0x3f, 0x40, 0x7f, 0x80, 0xff]) {
      const random = Buffer.alloc(16, 0x05);
      random[0] = first;
      const serial = serialNumber(random);
      expect(serial).toHaveLength(16);
      expect(serial[0]! >= 0x40 && serial[0]! <= 0x7f, `first byte ${first} gave ${serial[0]}`).toBe(true);
      expect(serial.subarray(1)).toEqual(random.subarray(1));
    }
  });
});
