// Self-made certificates for the webhook server: a short-lived CA and a serving certificate it signs,
// whose subject alternative names cover every host name and IP the API server may use to reach the
// operator. The CA goes into the webhook configurations' `caBundle`; nothing is written to disk.
// X.509 encoding is node-forge's; keys come from Node's crypto (fast, native RSA key generation).
import { createPrivateKey, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { createRequire } from 'node:module';
import type Forge from 'node-forge';
import { WebhooksError } from './errors.js';

const requireModule = createRequire(import.meta.url);
let forgeLoaded: typeof Forge | undefined;

/** node-forge, loaded when certificates are first made: an operator without admission webhooks never makes any. */
function forgeModule(): typeof Forge {
  return (forgeLoaded ??= requireModule('node-forge') as typeof Forge);
}

/** Options of {@link generateCertificates}. */
export interface CertificateOptions {
  /** Host names and IP addresses to cover (DNS and IP SANs); the first is also the subject's CN. */
  readonly hostnames: readonly string[];
  /** Days the certificates stay valid. @defaultValue 365 */
  readonly validDays?: number;
  /** The CA's common name. @defaultValue 'Opkit webhook CA' */
  readonly caName?: string;
}

/** A generated CA and serving certificate, PEM-encoded. */
export interface GeneratedCertificates {
  /** The CA certificate (PEM): what clients trust. */
  readonly caPem: string;
  /** The serving certificate (PEM), signed by the CA. */
  readonly certPem: string;
  /** The serving certificate's private key (PKCS#8 PEM). */
  readonly keyPem: string;
  /** The CA certificate as a webhook configuration's `caBundle`: base64 of its PEM. */
  readonly caBundle: string;
}

function keyPair(): { publicKey: Forge.pki.PublicKey; privateKey: Forge.pki.PrivateKey; privatePem: string } {
  const forge = forgeModule();
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    publicKey: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
    privateKey: forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
    privatePem,
  };
}

/**
 * A positive 128-bit serial number (hex) whose DER INTEGER is minimal: the first byte between 0x40 and 0x7f. With
 * only the high bit cleared, a first byte of 0 (one certificate in 256) is a leading zero that DER forbids, and
 * OpenSSL refuses the certificate ("illegal padding").
 */
export function serialNumber(random: Buffer = randomBytes(16)): string {
  const bytes = Buffer.from(random);
  bytes[0] = (bytes[0]! & 0x3f) | 0x40;
  return bytes.toString('hex');
}

/** The SAN entries of host names (DNS, type 2) and IPs (type 7). */
function altNames(hostnames: readonly string[]): { type: number; value?: string; ip?: string }[] {
  return hostnames.map((name) => (isIP(name) ? { type: 7, ip: name } : { type: 2, value: name }));
}

/**
 * Generate a CA and a serving certificate for the given host names and IPs.
 *
 * @throws WebhooksError (`certificate`) for no host names or an invalid one.
 * @example
 * ```ts
 * const certs = generateCertificates({ hostnames: ['localhost', '127.0.0.1'] });
 * https.createServer({ cert: certs.certPem, key: certs.keyPem }, handler);
 * webhook.clientConfig.caBundle = certs.caBundle;
 * ```
 */
export function generateCertificates(options: CertificateOptions): GeneratedCertificates {
  const hostnames = [...new Set(options.hostnames.filter((name) => name !== ''))];
  if (hostnames.length === 0) throw new WebhooksError('certificate', 'A serving certificate needs at least one host name or IP address to cover; got none.');
  for (const name of hostnames) {
    if (!isIP(name) && !/^(\*\.)?[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(name)) {
      throw new WebhooksError('certificate', `Cannot put ${JSON.stringify(name)} into a certificate: expected a DNS name (e.g. host.k3d.internal) or an IP address.`);
    }
  }
  const validDays = options.validDays ?? 365;
  if (!Number.isFinite(validDays) || validDays <= 0) throw new WebhooksError('certificate', `validDays must be a positive number of days; got ${String(validDays)}.`);
  const notBefore = new Date(Date.now() - 60_000); // a minute back: tolerate small clock skew
  const notAfter = new Date(notBefore.getTime() + validDays * 86_400_000);

  const forge = forgeModule();
  const ca = keyPair();
  const caCert = forge.pki.createCertificate();
  caCert.publicKey = ca.publicKey;
  caCert.serialNumber = serialNumber();
  caCert.validity.notBefore = notBefore;
  caCert.validity.notAfter = notAfter;
  const caSubject = [{ name: 'commonName', value: options.caName ?? 'Opkit webhook CA' }];
  caCert.setSubject(caSubject);
  caCert.setIssuer(caSubject);
  caCert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  caCert.sign(ca.privateKey as Forge.pki.rsa.PrivateKey, forge.md.sha256.create());

  const leaf = keyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = leaf.publicKey;
  cert.serialNumber = serialNumber();
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = notAfter;
  cert.setSubject([{ name: 'commonName', value: hostnames[0]! }]);
  cert.setIssuer(caSubject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: altNames(hostnames) },
    { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(ca.privateKey as Forge.pki.rsa.PrivateKey, forge.md.sha256.create());

  const caPem = forge.pki.certificateToPem(caCert);
  return { caPem, certPem: forge.pki.certificateToPem(cert), keyPem: leaf.privatePem, caBundle: Buffer.from(caPem, 'utf8').toString('base64') };
}

/**
 * Whether a PEM certificate and PEM private key belong together (a half-written pair does not).
 *
 * @example
 * ```ts
 * if (certificateMatchesKey(certPem, keyPem)) server.setSecureContext({ cert: certPem, key: keyPem });
 * ```
 */
export function certificateMatchesKey(certPem: string | Buffer, keyPem: string | Buffer): boolean {
  try {
    return new X509Certificate(certPem).checkPrivateKey(createPrivateKey(keyPem));
  } catch {
    return false;
  }
}
