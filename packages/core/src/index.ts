// @opkit/core: the operator runtime — everything an operator imports. It re-exports the handling
// vocabulary of @opkit/handlers (on.*, errors, events, hierarchies) and adds operator(), the
// Operator class, loadOperator(), settings, logging, the event feed and the composition root's tokens.

// The handling vocabulary
// First: on a too-old Node, importing Opkit stops with a clear message (see requireNode.ts).
import './requireNode.js';

export {
  on, owns, needs, Registry, defaultRegistry, setDefaultRegistry, describeSelector, resolvableSelector, PRESENT, ABSENT, subhandler, currentContext, events,
  OperatorIndex,
  adopt, label, appendOwnerReference, removeOwnerReference, harmonizeNaming, adjustNamespace, buildOwnerReference, buildObjectReference,
  TemporaryError, PermanentError, HandlerTimeoutError, HandlerRetriesError, HandlerRegistrationError, HandlerScopeError,
  AdmissionError, AdmissionReviewError, reviewAdmission,
  ConversionError, ConversionReviewError, reviewConversion, convertObject, findConversionPath, checkRoundTrip, formatRoundTrip,
  HandlerClient, AdoptionError,
} from '@opkit/handlers';
export type {
  On, Selector, TypedResourceBody, HandlerSpec, HandlerStatus, PermissionNeed, MetaFilter, ValueFilter, ErrorsMode, ChangeHandlerOptions, UpdateHandlerOptions, DeleteHandlerOptions, ResumeHandlerOptions,
  EventHandlerOptions, ActivityHandlerOptions, ChangeReason, ResourceHandlerKind, ActivityKind, ResourceHandlerFn, ActivityHandlerFn,
  ResourceHandler, ActivityHandler, HandlerPatch, DiffItem, HandlerEvent, HandlerContext, ActivityContext, EventSink,
  OwnerReference, ObjectReference, EventOptions, ExceptionEventOptions,
  DaemonHandlerOptions, TimerHandlerOptions, InitialDelay, DaemonHandlerFn, DaemonContext, DaemonStopped, DaemonStoppingReason, BackgroundHandlerKind,
  IndexHandlerOptions, Index, Indices, Store,
  AdmissionOperation, AdmissionHandlerKind, AdmissionHandlerOptions, AdmissionContext, AdmissionHandlerFn, AdmissionHandler, AdmissionUserInfo, AdmissionErrorOptions,
  AdmissionReviewRequest, AdmissionReviewResponse, ReviewAdmissionOptions,
  ConversionPair, ConversionHandlerOptions, ConversionContext, ConversionResult, ConversionFn, TypedConversionFn, ConversionHandler, UntypedObject,
  ConversionReviewRequest, ConversionReviewResponse, ReviewConversionOptions, RoundTripReport, RoundTripDifference, RoundTripOptions,
  HandlerClientDefaults, HandlerObjectOptions, HandlerListOptions, CreateOrAdoptOptions,
} from '@opkit/handlers';

// Running an operator
export { operator, Operator } from './operator.js';
export type { OperatorOptions } from './operator.js';
// What on.login handlers return (Kopf's kopf.ConnectionInfo), and Kopf's login_with_kubeconfig.
export type { ConnectionInfo } from '@opkit/kube';
export { loginWithKubeconfig } from '@opkit/kube';
export { loadOperator } from '@opkit/handlers';
export type { LoadedOperator } from '@opkit/handlers';

// Settings
export { resolveSettings, toWatchSettings } from './settings.js';
export type {
  OperatorSettings, SettingsInput, PersistenceSettings, ExecutionSettings, QueueingSettings, WatchingSettings, PostingSettings, BackgroundSettings,
  ProcessSettings, PeeringSettings, AdmissionSettings, AdmissionServerSettings,
} from './settings.js';

// Admission (the webhook server and the managed configurations of on.validate/on.mutate)
export { AUTO_MANAGED_NAME } from '@opkit/webhooks';
// For `op manifests` (a layer above, which renders the configurations of a deployment).
export { renderWebhookConfigurations, serviceDnsNames, certManagerTarget, renderCrdConversion } from '@opkit/webhooks';
export type { RenderedWebhookConfiguration, WebhookService, RenderedCrdConversion } from '@opkit/webhooks';

// Logging and the feed
export { createLogger, objectLogger, objectRef, objectPrefix, postingLogger, FEED_VERSION } from '@opkit/handlers';
export type { LoggerOptions, LogFormat, LogLevel, LogRecord, LogObjectRef, FeedEvent, FeedEventInput, FeedObjectRef, FeedHandlerOutcome, FeedPeer } from '@opkit/handlers';
export { EventPoster } from '@opkit/handlers';

// The composition root
export {
  KUBE_CLIENT, CLOCK, LOGGER, SETTINGS, PROGRESS_STORAGE, DIFFBASE_STORAGE, STORAGES, EVENT_SINK, FEED, WATCH_SOURCE, INDEXER, CYCLE_QUEUE, DAEMONS, COORDINATION, ADMISSION,
} from './root/tokens.js';
export type { WatchSource, AdmissionPart, QueuedEvent, CycleQueueFactory, StoragesOptions } from './root/tokens.js';
export type { DependencyContainer } from './root/container.js';
export type { Coordination } from '@opkit/peering';
export type { RunningAdmission } from '@opkit/webhooks';

// Shared types of the task layer
export type { Logger, LogFields, Clock } from '@opkit/tasks';

// Errors
export { OperatorError } from './errors.js';
export type { OperatorErrorCode } from './errors.js';
