// Who is asking: bearer tokens to user names, as kube-apiserver's token authenticators do. The single
// `token` option keeps its meaning (required on every request, user `opkit:token`); `users` maps more
// tokens to user names, so that several clients (a test and the operator under test) are told apart in
// the audit log. A request without a token is `system:anonymous` unless `token` makes one required; a
// token nobody knows is refused with 401, as on a cluster.
import { randomBytes } from 'node:crypto';
import { ApiServerError, StatusError } from '../errors.js';

/** The user name of requests bearing the `token` option's token. */
export const TOKEN_USER = 'opkit:token';
/** The user name of requests without credentials. */
export const ANONYMOUS_USER = 'system:anonymous';

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
  readonly #users: Map<string, string>;

  constructor(options: { token?: string | undefined; users?: Record<string, string> | undefined }) {
    this.#token = options.token;
    this.#users = checkUsers(options.users ?? {});
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
    if (user === TOKEN_USER) return this.#token;
    for (const [token, name] of this.#users) if (name === user) return token;
    return undefined;
  }

  /** The user name of a request's `Authorization` header; throws a 401 Status when it is refused. */
  authenticate(header: string | undefined): string {
    const token = bearerToken(header);
    if (token !== undefined) {
      if (this.#token !== undefined && token === this.#token) return TOKEN_USER;
      const user = this.#users.get(token);
      if (user !== undefined) return user;
      // With no authenticator configured, credentials are not checked at all (the server's default).
      if (this.#token !== undefined || this.#users.size > 0) throw unauthorized();
      return ANONYMOUS_USER;
    }
    if (this.#token !== undefined) throw unauthorized();
    return ANONYMOUS_USER;
  }
}

function unauthorized(): StatusError {
  return new StatusError(401, 'Unauthorized', 'Unauthorized');
}
