import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { certificateMatchesKey, generateCertificates, serialNumber } from './certificates.js';
import { WebhooksError } from './errors.js';

describe('generateCertificates', () => {
  it('makes a CA and a serving certificate it signs, covering every host name and IP', () => {
    const certs = generateCertificates({ hostnames: ['host.k3d.internal', '127.0.0.1', '::1', 'localhost'] });
    const ca = new X509Certificate(certs.caPem);
    const leaf = new X509Certificate(certs.certPem);
    expect(ca.ca).toBe(true);
    expect(leaf.ca).toBe(false);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.checkIssued(ca)).toBe(true);
    expect(leaf.subject).toBe('CN=host.k3d.internal');
    expect(leaf.subjectAltName).toBe('DNS:host.k3d.internal, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, DNS:localhost');
    expect(leaf.checkHost('host.k3d.internal')).toBe('host.k3d.internal');
    expect(leaf.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(leaf.checkHost('example.com')).toBeUndefined();
    expect(leaf.keyUsage).toContain('1.3.6.1.5.5.7.3.1'); // serverAuth
    expect(Buffer.from(certs.caBundle, 'base64').toString('utf8')).toBe(certs.caPem);
    expect(certificateMatchesKey(certs.certPem, certs.keyPem)).toBe(true);
    expect(new Date(leaf.validTo).getTime() - Date.now()).toBeGreaterThan(364 * 86_400_000);
  });

  it('makes a new CA and key every time', () => {
    const one = generateCertificates({ hostnames: ['localhost'] });
    const two = generateCertificates({ hostnames: ['localhost'], validDays: 2 });
    expect(one.caPem).not.toBe(two.caPem);
    expect(certificateMatchesKey(one.certPem, two.keyPem)).toBe(false);
    expect(new X509Certificate(two.certPem).verify(new X509Certificate(one.caPem).publicKey)).toBe(false);
  });

  it('rejects no host names and names that cannot go into a certificate', () => {
    expect(() => generateCertificates({ hostnames: [] })).toThrow(WebhooksError);
    expect(() => generateCertificates({ hostnames: ['bad name'] })).toThrow(/Cannot put "bad name" into a certificate: expected a DNS name/);
    expect(() => generateCertificates({ hostnames: ['localhost'], validDays: 0 })).toThrow(/validDays must be a positive number/);
  });

  it('says a half-written or foreign pair does not match', () => {
    const certs = generateCertificates({ hostnames: ['localhost'] });
    expect(certificateMatchesKey(certs.certPem, 'garbage')).toBe(false);
    expect(certificateMatchesKey('garbage', certs.keyPem)).toBe(false);
  });
});

describe('serialNumber', () => {
  it('is 16 bytes whose DER encoding is minimal and positive, whatever the random bytes (a zero first byte was refused by OpenSSL)', () => {
    for (const first of [0x00, 0x01, 0x3f, 0x40, 0x7f, 0x80, 0xff]) {
      const random = Buffer.alloc(16, 0x05);
      random[0] = first;
      const serial = Buffer.from(serialNumber(random), 'hex');
      expect(serial).toHaveLength(16);
      expect(serial[0]! >= 0x40 && serial[0]! <= 0x7f, `first byte ${first} gave ${serial[0]}`).toBe(true);
      expect(serial.subarray(1)).toEqual(random.subarray(1));
    }
  });
});
