// @opkit/webhooks: the admission webhook server of an operator and the webhook configurations that
// point the API server at it. Every export is listed by name.

// First: on a too-old Node, importing Opkit stops with a clear message (see requireNode.ts).
import './requireNode.js';

// The server
export { startWebhookServer, conversionWebhookPath, CONVERSION_PATH } from './webhookServer.js';
export type {
  WebhookServer, WebhookServerOptions, WebhookCall, AdmissionReviewFn, ConversionCall, ConversionReviewFn, UrlClientConfig, CertificateFiles,
} from './webhookServer.js';

// Certificates
export { generateCertificates, certificateMatchesKey } from './certificates.js';
export type { CertificateOptions, GeneratedCertificates } from './certificates.js';

// Webhook configurations
export { renderWebhookConfigurations, buildWebhooks, webhookName, clientConfigFor, objectSelectorOf, resourcesOf } from './configurations.js';
export type {
  WebhookClientConfig, WebhookService, RenderedWebhook, RenderedWebhookConfiguration, LabelRequirement, WebhookRenderOptions,
} from './configurations.js';

// Where the API server finds the server
export { LOCAL_CLUSTER_HOSTS, localClusterServer, serviceClientConfig, serviceDnsNames, certManagerTarget } from './targets.js';
export type { LocalClusterPreset, CertManagerOptions, CertManagerTarget } from './targets.js';

// Managed configurations
export { ManagedWebhookConfigurations, VALIDATING_WEBHOOK_CONFIGURATIONS, MUTATING_WEBHOOK_CONFIGURATIONS } from './managedConfigurations.js';
export type { ManagedWebhookConfigurationsOptions } from './managedConfigurations.js';

// The conversion stanza of CRDs (on.convert)
export { renderCrdConversion, ManagedCrdConversions, CUSTOM_RESOURCE_DEFINITIONS, CONVERSION_REVIEW_VERSIONS } from './crdConversion.js';
export type { RenderedCrdConversion, ManagedCrdConversionsOptions } from './crdConversion.js';

// An operator's admission side (what @opkit/core starts with the operator)
export { startAdmission, resolveAdmissionSettings, AUTO_MANAGED_NAME } from './admission.js';
export type { AdmissionDeps, RunningAdmission, AdmissionSettings, AdmissionServerSettings } from './admission.js';

// Errors
export { WebhooksError } from './errors.js';
export type { WebhooksErrorCode } from './errors.js';
