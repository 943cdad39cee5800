// Who is asking: bearer tokens to identities, as kube-apiserver's token authenticators do. The single
// `token` option keeps its meaning (required on every request, user `opkit:token`, the admin); `users`
// maps more tokens to user names, so that several clients (a test and the operator under test) are told
// apart in the audit log; service-account tokens (TokenRequest) are verified and name their ServiceAccount,
// which must still exist with the uid the token names. A request without a token is `system:anonymous`
// unless `token` makes one required; a token nobody knows is refused with 401, as on a cluster, and so is
// an expired service-account token or one of a deleted ServiceAccount.
import { randomBytes } from 'node:crypto';
import { ApiServerError, StatusError } from '../errors.js';
import type { ServiceAccountTokens, BoundObject, ServiceAccountClaims } from '../auth/serviceAccountTokens.js';
import { SERVICE_ACCOUNT_ISSUER } from '../auth/serviceAccountTokens.js';
import { serviceAccountUser, userInfoOf } from '../rbac/rulesFor.js';

/** The user name of requests bearing the `token` option's token. */
export const TOKEN_USER = 'opkit:token';
/** The user name of requests without credentials. */
export const ANONYMOUS_USER = 'system:anonymous';
/** The group every request of the admin is in; RBAC never denies it (as kube's privileged group). */
export const MASTERS_GROUP = 'system:masters';
/** The extra key naming the credential of a service-account token (`JTI=<id>`). */
export const CREDENTIAL_ID_EXTRA = 'authentication.kubernetes.io/credential-id';

/**
 * Who a request is: user name, groups, and for service accounts a uid and extras, as kube's `user.Info`.
 *
 * @example
 * const robot: Identity = { name: 'system:serviceaccount:team-a:robot', uid: '…',
 *   groups: ['system:serviceaccounts', 'system:serviceaccounts:team-a', 'system:authenticated'] };
 */
export interface Identity {
  readonly name: string;
  readonly groups: readonly string[];
  readonly uid?: string;
  readonly extra?: Readonly<Record<string, readonly string[]>>;
}

/** The admin's identity (the `token` option's user, or the token the server makes in RBAC mode). */
export const ADMIN_IDENTITY: Identity = Object.freeze({ name: TOKEN_USER, groups: Object.freeze([MASTERS_GROUP, 'system:authenticated']) });
const ANONYMOUS_IDENTITY: Identity = Object.freeze({ name: ANONYMOUS_USER, groups: Object.freeze(['system:unauthenticated']) });

/** How the authenticator reaches the stored objects a service-account token depends on. */
export interface TokenLookups {
  /** The verifier of service-account tokens. */
  readonly tokens: ServiceAccountTokens;
  /** The uid of a stored ServiceAccount, undefined when there is none. */
  readonly serviceAccountUid: (namespace: string, name: string) => string | undefined;
  /** The uid of a stored bound object (Secret, Pod in the namespace; Node cluster-wide). */
  readonly boundObjectUid: (kind: BoundObject['kind'], namespace: string, name: string) => string | undefined;
  /** Milliseconds since the epoch (the server's clock). */
  readonly now: () => number;
}

/** What a token review found: an identity with the audiences it is valid for, or the error. */
export type TokenReviewResult = { readonly identity: Identity; readonly audiences: readonly string[] } | { readonly error: string };

/**
 * The bearer token of an `Authorization` header, read as kube's bearer-token authenticator reads it:
 * `Bearer <token>` (scheme in any case, the token being the second space-separated part), else none.
 *
 * @example
 * bearerToken('Bearer abc'); // 'abc'
 */
export function bearerToken(header: string | undefined): string | undefined {
  const auth = (header ?? '').trim();
  if (auth === '') return undefined;
  const parts = auth.split(' ');
  if (parts.length < 2 || parts[0]!.toLowerCase() !== 'bearer') return undefined;
  const token = parts[1]!;
  return token === '' ? undefined : token;
}

function checkUsers(users: Record<string, string>): Map<string, string> {
  if (typeof users !== 'object' || users === null || Array.isArray(users)) {
    throw new ApiServerError('InvalidOptions', `invalid users: ${JSON.stringify(users)}; expected an object mapping bearer tokens to user names`);
  }
  const map = new Map<string, string>();
  for (const [token, user] of Object.entries(users)) {
    if (token === '' || /\s/.test(token)) throw new ApiServerError('InvalidOptions', `invalid users entry ${JSON.stringify(token)}: a token must be non-empty and without whitespace`);
    if (typeof user !== 'string' || user === '') throw new ApiServerError('InvalidOptions', `invalid users entry for token ${JSON.stringify(token)}: expected a non-empty user name, got ${JSON.stringify(user)}`);
    map.set(token, user);
  }
  return map;
}

/**
 * Bearer-token authentication with run-time changes (credential rotation, users added by tests).
 *
 * @example
 * const auth = new Authenticator({ users: { t1: 'alice' } });
 * auth.authenticate('Bearer t1'); // 'alice'
 */
export class Authenticator {
  #token: string | undefined;
  readonly #adminToken: string | undefined;
  readonly #users: Map<string, string>;
  readonly #identities = new Map<string, Identity>();
  readonly #lookups: TokenLookups | undefined;
  /** Verified service-account tokens for the server's audience: a signature check costs far more than a lookup. */
  readonly #verified = new Map<string, { claims: ServiceAccountClaims; identity: Identity; audiences: readonly string[] }>();

  /**
   * `adminToken`: a further token of the admin that is not required (RBAC mode makes one so that the
   * kubeconfig it writes is the admin while requests without a token stay anonymous).
   */
  constructor(options: { token?: string | undefined; users?: Record<string, string> | undefined; adminToken?: string | undefined; lookups?: TokenLookups | undefined }) {
    this.#token = options.token;
    this.#adminToken = options.adminToken;
    this.#users = checkUsers(options.users ?? {});
    this.#lookups = options.lookups;
  }

  /** The token a kubeconfig of the admin carries (the `token` option's, else the made one), if any. */
  get adminToken(): string | undefined {
    return this.#token ?? this.#adminToken;
  }

  /** The required token (undefined: none). */
  get token(): string | undefined {
    return this.#token;
  }

  /** Changes the required token (undefined: none). */
  setToken(token: string | undefined): void {
    this.#token = token;
  }

  /**
   * Maps a token to a user name; with no token, a fresh random one. Returns the token.
   *
   * @example
   * const token = auth.addUser('system:serviceaccount:default:operator');
   */
  addUser(user: string, token?: string): string {
    const chosen = token ?? randomBytes(24).toString('base64url');
    checkUsers({ [chosen]: user });
    this.#users.set(chosen, user);
    return chosen;
  }

  /** A token that authenticates as `user`, if one is known. */
  tokenFor(user: string): string | undefined {
    if (user === TOKEN_USER) return this.adminToken;
    for (const [token, name] of this.#users) if (name === user) return token;
    return undefined;
  }

  /** The user name of a request's `Authorization` header; throws a 401 Status when it is refused. */
  authenticate(header: string | undefined): string {
    return this.identify(header).name;
  }

  /**
   * The identity of a request's `Authorization` header; throws a 401 Status when it is refused.
   *
   * @example
   * auth.identify('Bearer ' + token).groups; // ['system:serviceaccounts', 'system:serviceaccounts:team-a', 'system:authenticated']
   */
  identify(header: string | undefined): Identity {
    const token = bearerToken(header);
    if (token !== undefined) {
      const known = this.#known(token);
      if (known) return known;
      const reviewed = this.#serviceAccount(token, [SERVICE_ACCOUNT_ISSUER]);
      if (reviewed !== undefined) {
        if ('identity' in reviewed) return reviewed.identity;
        throw unauthorized();
      }
      // With no authenticator configured, credentials are not checked at all (the server's default).
      if (this.#token !== undefined || this.#adminToken !== undefined || this.#users.size > 0) throw unauthorized();
      return ANONYMOUS_IDENTITY;
    }
    if (this.#token !== undefined) throw unauthorized();
    return ANONYMOUS_IDENTITY;
  }

  /**
   * What a TokenReview answers for a token: the identity and the audiences it is valid for among
   * `audiences` (none given: the server's own), or the error.
   *
   * @example
   * const result = auth.review(token, []);
   * if ('identity' in result) result.identity.name;
   */
  review(token: string, audiences: readonly string[]): TokenReviewResult {
    const wanted = audiences.length > 0 ? audiences : [SERVICE_ACCOUNT_ISSUER];
    const known = this.#known(token);
    if (known) {
      const matching = wanted.filter((a) => a === SERVICE_ACCOUNT_ISSUER);
      return matching.length > 0 ? { identity: known, audiences: matching } : { error: '[invalid bearer token, token audiences is invalid for the target audiences]' };
    }
    return this.#serviceAccount(token, wanted) ?? { error: '[invalid bearer token, token lookup failed]' };
  }

  #known(token: string): Identity | undefined {
    if ((this.#token !== undefined && token === this.#token) || (this.#adminToken !== undefined && token === this.#adminToken)) return ADMIN_IDENTITY;
    const user = this.#users.get(token);
    if (user === undefined) return undefined;
    let identity = this.#identities.get(user);
    if (!identity) {
      identity = userInfoOf(user);
      this.#identities.set(user, identity);
    }
    return identity;
  }

  /** Undefined: not a service-account token of this server. */
  #serviceAccount(token: string, audiences: readonly string[]): TokenReviewResult | undefined {
    const lookups = this.#lookups;
    if (!lookups || token.split('.').length !== 3) return undefined;
    const nowSeconds = Math.floor(lookups.now() / 1000);
    const forServer = audiences.length === 1 && audiences[0] === SERVICE_ACCOUNT_ISSUER;
    let cached = forServer ? this.#verified.get(token) : undefined;
    if (cached && (nowSeconds >= cached.claims.expiresAt || nowSeconds < cached.claims.issuedAt)) {
      this.#verified.delete(token);
      cached = undefined;
    }
    let claims: ServiceAccountClaims;
    if (cached) claims = cached.claims;
    else {
      const result = lookups.tokens.verify(token, nowSeconds, audiences);
      if (!result.ok) return result.reason === 'unknown' ? undefined : { error: `[invalid bearer token, ${result.message}]` };
      claims = result.claims;
    }
    const uid = lookups.serviceAccountUid(claims.namespace, claims.name);
    if (uid === undefined) return { error: `[invalid bearer token, service account ${claims.namespace}/${claims.name} has been deleted]` };
    if (uid !== claims.uid) return { error: `[invalid bearer token, service account UID (${claims.uid}) does not match service account UID (${uid})]` };
    if (claims.bound) {
      const boundUid = lookups.boundObjectUid(claims.bound.kind, claims.namespace, claims.bound.name);
      if (boundUid === undefined) return { error: `[invalid bearer token, ${claims.bound.kind.toLowerCase()} ${claims.namespace}/${claims.bound.name} has been deleted]` };
      if (claims.bound.uid !== '' && boundUid !== claims.bound.uid) return { error: `[invalid bearer token, ${claims.bound.kind.toLowerCase()} UID (${claims.bound.uid}) does not match the bound object's UID (${boundUid})]` };
    }
    if (cached) return cached;
    const reviewed = { claims, identity: serviceAccountIdentity(claims), audiences: claims.audiences.filter((a) => audiences.includes(a)) };
    if (forServer) {
      if (this.#verified.size >= MAX_VERIFIED_TOKENS) this.#verified.clear();
      this.#verified.set(token, reviewed);
    }
    return reviewed;
  }
}

/**
 * The identity a verified service-account token carries, as kube's authenticator gives it.
 *
 * @example
 * serviceAccountIdentity(claims).name; // 'system:serviceaccount:team-a:robot'
 */
export function serviceAccountIdentity(claims: ServiceAccountClaims): Identity {
  const extra: Record<string, string[]> = {};
  if (claims.bound?.kind === 'Pod') {
    extra['authentication.kubernetes.io/pod-name'] = [claims.bound.name];
    extra['authentication.kubernetes.io/pod-uid'] = [claims.bound.uid];
  }
  if (claims.id !== '') extra[CREDENTIAL_ID_EXTRA] = [`JTI=${claims.id}`];
  const base = userInfoOf(serviceAccountUser(claims.namespace, claims.name));
  return { name: base.name, uid: claims.uid, groups: base.groups, extra };
}

/** How many verified tokens are remembered (all are forgotten at once when full). */
const MAX_VERIFIED_TOKENS = 4096;

function unauthorized(): StatusError {
  return new StatusError(401, 'Unauthorized', 'Unauthorized');
}
