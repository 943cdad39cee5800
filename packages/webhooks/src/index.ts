// @opkit/webhooks: the admission webhook server of an operator and the webhook configurations that
// point the API server at it. Every export is listed by name.

// The server
export { startWebhookServer } from './webhookServer.js';
export type { WebhookServer, WebhookServerOptions, WebhookCall, AdmissionReviewFn, UrlClientConfig, CertificateFiles } from './webhookServer.js';

// Certificates
export { generateCertificates, certificateMatchesKey } from './certificates.js';
export type { CertificateOptions, GeneratedCertificates } from './certificates.js';

// Errors
export { WebhooksError } from './errors.js';
export type { WebhooksErrorCode } from './errors.js';
