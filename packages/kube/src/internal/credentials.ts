// Why this file exists: the request headers that authenticate us, and how they are refreshed. Static
// tokens never change; token files (in-cluster projected tokens, kubeconfig `tokenFile`) are re-read
// when the file changes and after a 401; exec/auth-provider users go through client-node's
// authenticators, rebuilt after a 401 so that cached exec tokens are dropped.

import { stat, readFile } from 'node:fs/promises';
import type { KubeConfig } from '@kubernetes/client-node';
import { KubeConfigError } from '../errors.js';

/** Produces authentication headers for each request. */
export interface Credentials {
  /** Headers to add to the next request (Authorization, Impersonate-User …). */
  headers(): Promise<Record<string, string>>;
  /** The server answered 401 to a request with the `used` headers: drop whatever is cached so the next `headers()` reads afresh. */
  invalidate(used?: Readonly<Record<string, string>>): void;
}

/** Fixed headers: a static token, basic auth, client certificates (which live in the agent), or nothing. */
export class StaticCredentials implements Credentials {
  readonly #headers: Record<string, string>;
  constructor(headers: Record<string, string>) {
    this.#headers = headers;
  }
  headers(): Promise<Record<string, string>> {
    return Promise.resolve(this.#headers);
  }
  invalidate(): void {
    // Nothing to re-read: a static credential stays what it is.
  }
}

/**
 * A bearer token read from a file. The file's modification time is checked at most every
 * `checkIntervalMs`; a changed file, or a 401, makes the next request read it again.
 */
export class TokenFileCredentials implements Credentials {
  readonly #path: string;
  readonly #extra: Record<string, string>;
  readonly #checkIntervalMs: number;
  #token: string | undefined;
  #mtimeMs = -1;
  #checkedAt = 0;
  #pending: Promise<string> | undefined;

  constructor(path: string, extra: Record<string, string> = {}, checkIntervalMs = 1000) {
    this.#path = path;
    this.#extra = extra;
    this.#checkIntervalMs = checkIntervalMs;
  }

  async headers(): Promise<Record<string, string>> {
    const token = Date.now() - this.#checkedAt < this.#checkIntervalMs && this.#token !== undefined ? this.#token : await this.#refresh();
    return { ...this.#extra, Authorization: `Bearer ${token}` };
  }

  invalidate(): void {
    this.#token = undefined;
    this.#mtimeMs = -1;
    this.#checkedAt = 0;
  }

  #refresh(): Promise<string> {
    this.#pending ??= this.#read().finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  }

  async #read(): Promise<string> {
    try {
      const info = await stat(this.#path);
      if (this.#token === undefined || info.mtimeMs !== this.#mtimeMs) {
        this.#token = (await readFile(this.#path, 'utf8')).trim();
        this.#mtimeMs = info.mtimeMs;
      }
      this.#checkedAt = Date.now();
      return this.#token;
    } catch (error) {
      throw new KubeConfigError(`cannot read the token file ${this.#path}: ${(error as Error).message}`, [], { cause: error });
    }
  }
}

/**
 * Users whose credentials come from client-node's authenticators (exec plugins, OIDC, cloud auth
 * providers). A 401 rebuilds the KubeConfig, so exec plugins run again instead of reusing a cached token.
 */
export class ClientNodeCredentials implements Credentials {
  readonly #build: () => KubeConfig;
  #config: KubeConfig;

  constructor(build: () => KubeConfig) {
    this.#build = build;
    this.#config = build();
  }

  async headers(): Promise<Record<string, string>> {
    const options: { headers?: Record<string, unknown>; auth?: string } = {};
    try {
      await this.#config.applyToHTTPSOptions(options);
    } catch (error) {
      throw new KubeConfigError(`the kubeconfig user's credentials failed: ${(error as Error).message}`, [], { cause: error });
    }
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(options.headers ?? {})) {
      if (typeof value === 'string') headers[key] = value;
    }
    if (options.auth) headers.Authorization = `Basic ${Buffer.from(options.auth).toString('base64')}`;
    return headers;
  }

  invalidate(): void {
    this.#config = this.#build();
  }
}
