// Service-account tokens as kube-apiserver issues them for TokenRequest (`serviceaccounts/<name>/token`):
// a JWT whose claims are kube's (`iss`, `sub` = system:serviceaccount:NS:NAME, `aud`, `exp`, `iat`, `nbf`,
// `jti`, and `kubernetes.io` naming the namespace, the ServiceAccount with its uid and any bound object).
// It is signed with HMAC-SHA256 by a key the server holds (kube uses RSA; no client checks the signature,
// only the server does). With a data directory the key is kept in it, so tokens survive a restart.
// Pure apart from the key file: whether the ServiceAccount still exists is the authenticator's question.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The issuer and default audience of the tokens, as a cluster's default `--service-account-issuer`. */
export const SERVICE_ACCOUNT_ISSUER = 'https://kubernetes.default.svc.cluster.local';
/** The file of the signing key in a data directory. */
export const SIGNING_KEY_FILE = 'serviceaccount-signing.key';

/** An object a token is bound to (TokenRequest `spec.boundObjectRef`): it is valid only while that object exists. */
export interface BoundObject {
  readonly kind: 'Pod' | 'Secret' | 'Node';
  readonly name: string;
  readonly uid: string;
}

/** What a service-account token says. */
export interface ServiceAccountClaims {
  readonly namespace: string;
  readonly name: string;
  /** The ServiceAccount's uid when the token was issued. */
  readonly uid: string;
  readonly audiences: readonly string[];
  /** Seconds since the epoch. */
  readonly issuedAt: number;
  /** Seconds since the epoch. */
  readonly expiresAt: number;
  /** The token's id (`jti`), shown as `authentication.kubernetes.io/credential-id: JTI=…`. */
  readonly id: string;
  readonly bound?: BoundObject;
}

/** Why a token was not accepted. `unknown`: not one of ours (another authenticator may know it). */
export type TokenVerification =
  | { readonly ok: true; readonly claims: ServiceAccountClaims }
  | { readonly ok: false; readonly reason: 'unknown' | 'expired' | 'audience'; readonly message: string };

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/**
 * Issues and verifies service-account tokens with one signing key.
 *
 * @example
 * const tokens = await ServiceAccountTokens.open({ dataDir: '/tmp/data' });
 * const token = tokens.issue({ namespace: 'team-a', name: 'robot', uid, audiences: [SERVICE_ACCOUNT_ISSUER], issuedAt, expiresAt });
 * tokens.verify(token, nowSeconds);
 */
export class ServiceAccountTokens {
  readonly #key: Buffer;
  readonly #kid: string;

  constructor(key: Buffer) {
    if (key.length < 32) throw new Error(`the service-account signing key must have at least 32 bytes, got ${key.length}`);
    this.#key = key;
    this.#kid = createHmac('sha256', key).update('kid').digest('base64url').slice(0, 43);
  }

  /** With `dataDir`: the key stored there (made on first use, mode 0600); without: a fresh random key. */
  static async open(options: { dataDir?: string | undefined } = {}): Promise<ServiceAccountTokens> {
    if (options.dataDir === undefined) return new ServiceAccountTokens(randomBytes(32));
    const path = join(options.dataDir, SIGNING_KEY_FILE);
    try {
      return new ServiceAccountTokens(Buffer.from((await readFile(path, 'utf8')).trim(), 'base64'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const key = randomBytes(32);
    await writeFile(path, `${key.toString('base64')}\n`, { mode: 0o600 });
    await chmod(path, 0o600);
    return new ServiceAccountTokens(key);
  }

  #sign(input: string): string {
    return createHmac('sha256', this.#key).update(input).digest('base64url');
  }

  /**
   * A signed token for the claims (a new `jti` when `id` is not given).
   *
   * @example
   * tokens.issue({ namespace: 'ns', name: 'sa', uid, audiences: [SERVICE_ACCOUNT_ISSUER], issuedAt: 0, expiresAt: 3600 });
   */
  issue(claims: Omit<ServiceAccountClaims, 'id'> & { id?: string }): string {
    const header = { alg: 'HS256', kid: this.#kid };
    const k8s: Record<string, unknown> = { namespace: claims.namespace, serviceaccount: { name: claims.name, uid: claims.uid } };
    if (claims.bound) k8s[claims.bound.kind.toLowerCase()] = { name: claims.bound.name, uid: claims.bound.uid };
    const payload = {
      aud: claims.audiences,
      exp: claims.expiresAt,
      iat: claims.issuedAt,
      iss: SERVICE_ACCOUNT_ISSUER,
      jti: claims.id ?? randomUUID(),
      'kubernetes.io': k8s,
      nbf: claims.issuedAt,
      sub: `system:serviceaccount:${claims.namespace}:${claims.name}`,
    };
    const input = `${b64(header)}.${b64(payload)}`;
    return `${input}.${this.#sign(input)}`;
  }

  /**
   * Checks a token's signature, time window and audience (`audiences`: the ones the checker accepts; the
   * token must name at least one of them). Returns the claims or why it was refused.
   *
   * @example
   * const result = tokens.verify(token, Math.floor(Date.now() / 1000));
   * if (result.ok) result.claims.namespace;
   */
  verify(token: string, nowSeconds: number, audiences: readonly string[] = [SERVICE_ACCOUNT_ISSUER]): TokenVerification {
    const parts = token.split('.');
    const unknown = { ok: false, reason: 'unknown', message: 'not a service-account token of this server' } as const;
    if (parts.length !== 3) return unknown;
    const expected = Buffer.from(this.#sign(`${parts[0]}.${parts[1]}`));
    const given = Buffer.from(parts[2]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return unknown;
    let payload: Record<string, any>;
    try {
      payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<string, any>;
    } catch {
      return unknown;
    }
    const k8s = payload['kubernetes.io'] ?? {};
    const aud: string[] = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    const bound = (['pod', 'secret', 'node'] as const).find((k) => k8s[k]);
    const claims: ServiceAccountClaims = {
      namespace: String(k8s.namespace ?? ''),
      name: String(k8s.serviceaccount?.name ?? ''),
      uid: String(k8s.serviceaccount?.uid ?? ''),
      audiences: aud,
      issuedAt: Number(payload.iat),
      expiresAt: Number(payload.exp),
      id: String(payload.jti ?? ''),
      ...(bound ? { bound: { kind: ({ pod: 'Pod', secret: 'Secret', node: 'Node' } as const)[bound], name: String(k8s[bound].name), uid: String(k8s[bound].uid) } } : {}),
    };
    if (nowSeconds >= claims.expiresAt) return { ok: false, reason: 'expired', message: 'service account token has expired' };
    if (nowSeconds < Number(payload.nbf ?? claims.issuedAt)) return { ok: false, reason: 'expired', message: 'service account token is not valid yet' };
    if (!aud.some((a) => audiences.includes(a))) return { ok: false, reason: 'audience', message: 'token audiences is invalid for the target audiences' };
    return { ok: true, claims };
  }
}
