// A self-signed TLS certificate for the server, made with node:crypto alone. kubectl (client-go) never
// sends bearer tokens over plain http, so `kubectl --token=… auth whoami` and every RBAC-mode request from
// kubectl need https. Node can make keys and sign bytes but not write certificates, so the X.509 DER
// (RFC 5280: version 3, an ECDSA P-256 key, subject and issuer `CN=opkit-apiserver`, subjectAltName
// `localhost`, `127.0.0.1`, `::1`) is encoded here; clients connect with insecure-skip-tls-verify as for http.
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

const seq = (...c: Buffer[]): Buffer => tlv(0x30, ...c);

function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const bytes: number[] = [40 * parts[0]! + parts[1]!];
  for (const part of parts.slice(2)) {
    const chunk: number[] = [part & 0x7f];
    for (let v = Math.floor(part / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift(0x80 | (v & 0x7f));
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function positiveInteger(bytes: Buffer): Buffer {
  return tlv(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}

function utcTime(date: Date): Buffer {
  const iso = date.toISOString(); // 2026-11-26T00:00:00.000Z → 261126000000Z
  return tlv(0x17, Buffer.from(`${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`, 'ascii'));
}

function ipBytes(ip: string): Buffer {
  if (isIPv4(ip)) return Buffer.from(ip.split('.').map(Number));
  const [head = '', tail = ''] = ip.split('::');
  const groups = (s: string): string[] => (s === '' ? [] : s.split(':'));
  const h = groups(head);
  const t = groups(tail);
  const all = ip.includes('::') ? [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t] : h;
  return Buffer.concat(all.map((g) => { const b = Buffer.alloc(2); b.writeUInt16BE(parseInt(g, 16)); return b; }));
}

/**
 * A positive 128-bit serial number whose DER INTEGER is minimal: the first byte between 0x40 and 0x7f. With only
 * the high bit cleared, a first byte of 0 (one certificate in 256) is a leading zero that DER forbids, and OpenSSL
 * refuses the certificate ("illegal padding").
 */
export function serialNumber(random: Buffer = randomBytes(16)): Buffer {
  const serial = Buffer.from(random);
  serial[0] = (serial[0]! & 0x3f) | 0x40;
  return serial;
}

/** A PEM certificate and its PEM private key, as `https.createServer` takes them. */
export interface SelfSignedCertificate {
  readonly cert: string;
  readonly key: string;
}

/**
 * Makes a self-signed certificate valid for ten years from an hour ago, for `localhost`, `127.0.0.1`,
 * `::1` and `hosts` (names or IP addresses).
 *
 * @example
 * const { cert, key } = selfSignedCertificate(['10.0.0.5']);
 * https.createServer({ cert, key }, handler);
 */
export function selfSignedCertificate(hosts: readonly string[] = [], now: Date = new Date()): SelfSignedCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const ecdsaWithSha256 = seq(oid('1.2.840.10045.4.3.2'));
  const name = seq(tlv(0x31, seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from('opkit-apiserver', 'utf8')))));
  const notBefore = new Date(now.getTime() - 3_600_000);
  const notAfter = new Date(now.getTime() + 10 * 365 * 86_400_000);
  const names = [...new Set(['localhost', '127.0.0.1', '::1', ...hosts])].filter((h) => h !== '' && h !== '0.0.0.0' && h !== '::');
  const altNames = names.map((h) => (isIPv4(h) || isIPv6(h) ? tlv(0x87, ipBytes(h)) : tlv(0x82, Buffer.from(h, 'ascii'))));
  const extensions = tlv(0xa3, seq(
    seq(oid('2.5.29.17'), tlv(0x04, seq(...altNames))),
    seq(oid('2.5.29.37'), tlv(0x04, seq(oid('1.3.6.1.5.5.7.3.1')))),
  ));
  const serial = serialNumber();
  const tbs = seq(
    tlv(0xa0, positiveInteger(Buffer.from([2]))),
    positiveInteger(serial),
    ecdsaWithSha256,
    name,
    seq(utcTime(notBefore), utcTime(notAfter)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const signature = sign('sha256', tbs, { key: privateKey, dsaEncoding: 'der' });
  const der = seq(tbs, ecdsaWithSha256, tlv(0x03, Buffer.from([0]), signature));
  const cert = `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
  const key = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return { cert, key };
}
