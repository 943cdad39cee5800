// Why this file exists: Kopf's login handlers hand the operator a ConnectionInfo — a server, its TLS
// settings and credentials — instead of a kubeconfig. This is that structure, how it becomes a
// connection (URL, TLS agent options, headers), and the credentials that log in again when the server
// answers 401 or the credentials expire.
import { readFileSync } from 'node:fs';
import type https from 'node:https';
import { KubeConfigError } from './errors.js';
import type { Credentials } from './internal/credentials.js';

/**
 * Where and how to connect, as a login handler returns it (Kopf's `kopf.ConnectionInfo`, in camelCase).
 * PEM data may be given as text or base64 (as in a kubeconfig's `*-data` fields).
 */
export interface ConnectionInfo {
  /** The API server's URL, e.g. `https://10.0.0.1:6443`. */
  readonly server: string;
  /** A CA certificate file, or its PEM data. */
  readonly caPath?: string | undefined;
  readonly caData?: string | undefined;
  /** Skip TLS verification (development only). */
  readonly insecure?: boolean | undefined;
  /** Basic authentication. */
  readonly username?: string | undefined;
  readonly password?: string | undefined;
  /** The `Authorization` scheme of `token`. @defaultValue 'Bearer' */
  readonly scheme?: string | undefined;
  readonly token?: string | undefined;
  /** A client certificate and its private key: files, or PEM data. */
  readonly certificatePath?: string | undefined;
  readonly certificateData?: string | undefined;
  readonly privateKeyPath?: string | undefined;
  readonly privateKeyData?: string | undefined;
  /** The namespace implied where none is given. @defaultValue 'default' */
  readonly defaultNamespace?: string | undefined;
  /** Among several login results, the highest priority is used. @defaultValue 0 */
  readonly priority?: number | undefined;
  /** When the credentials stop being valid: the next request logs in again first. */
  readonly expiration?: Date | string | number | undefined;
}

/** Why credentials are (re)fetched: at connect time, after a 401, or once they expired. */
export type LoginReason = 'initial' | 'unauthorized' | 'expired';

/** Fetches connection information (e.g. by running the operator's login handlers). */
export type LoginFn = (reason: LoginReason) => Promise<ConnectionInfo>;

/** PEM text as given, or decoded from base64. */
function pem(value: string | undefined, path: string | undefined, what: string): Buffer | undefined {
  if (path !== undefined && value !== undefined) throw new KubeConfigError(`The login gave both ${what}Path and ${what}Data; give one of them.`);
  if (path !== undefined) {
    try {
      return readFileSync(path);
    } catch (error) {
      throw new KubeConfigError(`The login's ${what}Path ${path} cannot be read: ${(error as Error).message}`, [], { cause: error });
    }
  }
  if (value === undefined || value === '') return undefined;
  return Buffer.from(value, value.includes('-----BEGIN') ? 'utf8' : 'base64');
}

/**
 * The TLS options of a login's connection.
 *
 * @throws KubeConfigError for unreadable files or a file and data given for the same thing.
 * @example
 * ```ts
 * loginTls({ server: 'https://k8s:6443', caData: pemText, insecure: false }); // { ca, rejectUnauthorized: true }
 * ```
 */
export function loginTls(info: ConnectionInfo): https.AgentOptions {
  const options: https.AgentOptions = { rejectUnauthorized: !info.insecure };
  const ca = pem(info.caData, info.caPath, 'ca');
  const cert = pem(info.certificateData, info.certificatePath, 'certificate');
  const key = pem(info.privateKeyData, info.privateKeyPath, 'privateKey');
  if (ca) options.ca = ca;
  if (cert) options.cert = cert;
  if (key) options.key = key;
  return options;
}

/**
 * The `Authorization` header of a login's credentials, as Kopf makes it: `<scheme> <token>` (Bearer by
 * default), else basic authentication from username and password, else none.
 *
 * @example
 * ```ts
 * loginHeaders({ server, token: 'abc' }); // { Authorization: 'Bearer abc' }
 * ```
 */
export function loginHeaders(info: ConnectionInfo): Record<string, string> {
  if (info.scheme && info.token) return { Authorization: `${info.scheme} ${info.token}` };
  if (info.scheme) return { Authorization: info.scheme };
  if (info.token) return { Authorization: `Bearer ${info.token}` };
  if (info.username && info.password) return { Authorization: `Basic ${Buffer.from(`${info.username}:${info.password}`).toString('base64')}` };
  return {};
}

function expiresAt(info: ConnectionInfo): number | undefined {
  if (info.expiration === undefined || info.expiration === null) return undefined;
  const at = info.expiration instanceof Date ? info.expiration.getTime() : typeof info.expiration === 'number' ? info.expiration : Date.parse(info.expiration);
  return Number.isFinite(at) ? at : undefined;
}

/**
 * Credentials from a login: the headers of the last login's result; after a 401, or once the result's
 * `expiration` passed, the next request logs in again (once, however many requests wait). The server
 * and TLS settings stay those of the first login.
 *
 * @example
 * ```ts
 * const credentials = new LoginCredentials(await login('initial'), login);
 * ```
 */
export class LoginCredentials implements Credentials {
  readonly #login: LoginFn;
  #info: ConnectionInfo;
  #stale: LoginReason | undefined;
  #pending: Promise<ConnectionInfo> | undefined;

  constructor(info: ConnectionInfo, login: LoginFn) {
    this.#info = info;
    this.#login = login;
  }

  async headers(): Promise<Record<string, string>> {
    const expiry = expiresAt(this.#info);
    const reason = this.#stale ?? (expiry !== undefined && expiry <= Date.now() ? 'expired' : undefined);
    if (reason !== undefined) {
      this.#pending ??= this.#login(reason).finally(() => { this.#pending = undefined; });
      const info = await this.#pending;
      this.#info = info;
      this.#stale = undefined;
    }
    return loginHeaders(this.#info);
  }

  invalidate(used?: Readonly<Record<string, string>>): void {
    // A request sent before the last login was refused: that login already replaced what it used.
    if (used !== undefined && used.Authorization !== loginHeaders(this.#info).Authorization) return;
    this.#stale = 'unauthorized';
  }
}
