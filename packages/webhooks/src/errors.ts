// Errors raised by @opkit/webhooks: bad options, certificates that cannot be made or loaded, a server
// that cannot listen. What a webhook call gets wrong is answered over HTTP, never thrown.

/** What went wrong, as a stable string. */
export type WebhooksErrorCode = 'invalid-option' | 'certificate' | 'listen' | 'invalid-setting' | 'not-configured' | 'startup-failed';

/**
 * Base error of @opkit/webhooks.
 *
 * @example
 * ```ts
 * try { generateCertificates({ hostnames: [] }); } catch (error) { (error as WebhooksError).code; } // 'certificate'
 * ```
 */
export class WebhooksError extends Error {
  override readonly name: string = 'WebhooksError';

  constructor(
    readonly code: WebhooksErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
