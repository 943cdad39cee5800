// @opkit/handlers: the vocabulary of handling — registering handlers (`on.*`) and their options,
// filters, errors, the context a handler receives, invoking one handler to an outcome, sub-handlers,
// posting events from handlers, and parent–child helpers. Every export is listed by name.

// Registration
// First: on a too-old Node, importing Opkit stops with a clear message (see requireNode.ts).
import './requireNode.js';

export { Registry, on, owns, needs, defaultRegistry, setDefaultRegistry, buildResourceHandler, sameSelector, describeSelector, resolvableSelector } from './registry.js';
export type { On, ResourceHandlerOptions } from './registry.js';
export { checkPermissionNeed, checkOwnedSelector } from './permissions.js';
export type { PermissionNeed } from './permissions.js';
export { PRESENT, ABSENT } from './markers.js';

// Admission
export { buildAdmissionHandler } from './admission.js';
export type {
  AdmissionOperation, AdmissionHandlerKind, AdmissionSubresource, AdmissionHandlerOptions, AdmissionUserInfo, AdmissionContext, AdmissionHandlerFn, AdmissionHandler,
} from './admission.js';
export { reviewAdmission, parseAdmissionReview } from './admissionReview.js';
export type {
  AdmissionRequest, AdmissionReviewRequest, AdmissionResponse, AdmissionReviewResponse, ReviewAdmissionOptions,
} from './admissionReview.js';

// Conversion (`on.convert`): steps between versions, chains, ConversionReview, round trips
export {
  buildConversionHandler, findConversionPath, convertObject, describeConversions, conversionCrds, conversionVersions, describeObject,
} from './conversion.js';
export type {
  ConversionPair, ConversionHandlerOptions, ConversionContext, ConversionResult, ConversionFn, TypedConversionFn, ConversionHandler, ConvertObjectOptions, UntypedObject,
} from './conversion.js';
export { reviewConversion, parseConversionReview } from './conversionReview.js';
export type {
  ConversionRequest, ConversionReviewRequest, ConversionResponse, ConversionReviewResponse, ReviewConversionOptions,
} from './conversionReview.js';
export { checkRoundTrip, formatRoundTrip } from './roundTrip.js';
export type { RoundTripDifference, RoundTripReport, RoundTripOptions } from './roundTrip.js';

// Types
export type {
  Selector, TypedResourceBody, HandlerSpec, HandlerStatus, MetaFilter, ValueFilter, ErrorsMode, FilterOptions, RetryOptions, BaseOptions,
  ChangeHandlerOptions, UpdateHandlerOptions, DeleteHandlerOptions, ResumeHandlerOptions, EventHandlerOptions, ActivityHandlerOptions,
  DaemonHandlerOptions, TimerHandlerOptions, InitialDelay, IndexHandlerOptions,
  ChangeReason, ResourceHandlerKind, BackgroundHandlerKind, ActivityKind, ResourceHandlerFn, DaemonHandlerFn, ActivityHandlerFn, HandlerFilters,
  ResourceHandler, ActivityHandler, HandlerPatch, DiffItem, HandlerEvent, HandlerContext, DaemonContext, DaemonStopped, DaemonStoppingReason,
  ActivityContext, FilterContext, InvocationOutcome, EventSink,
} from './types.js';

// Indexing
export { OperatorIndex, indexEntries } from './indices.js';
export type { Index, Indices, Store } from './indices.js';
export { Indexer, createIndices } from './indexer.js';
export type { IndexerOptions, IndexerInvoke, OperatorIndices } from './indexer.js';
export { createIndexer } from './indexing.js';
export type { IndexerInput, IndexingDeps } from './indexing.js';
export { runSpies } from './spies.js';
export type { SpyDeps, SpyInput } from './spies.js';

// Filtering and selection
export { groupHandlers, isBackgroundHandler } from './grouping.js';
export type { GroupedHandlers } from './grouping.js';
export { matchesFilters, matchValue, filterContextOf } from './filters.js';
export type { FilterInput } from './filters.js';
export { selectChangeHandlers, prematchChangeHandlers, reduceToField, fieldChanged } from './selection.js';
export type { SelectionCause } from './selection.js';
export { parseFieldPath, resolveField, deepEqual } from './fields.js';
export type { FieldPath } from './fields.js';

// Invoking
export { invokeHandler, invokeHandlerNow, isOutcomePending, subhandler } from './invoke.js';
export type { InvokeOptions } from './invoke.js';
export { findUnstorable, MAX_RESULT_BYTES } from './results.js';
export type { UnstorableResult } from './results.js';
export { runWithScope, runInTaskScope, captureScope, currentScope, currentContext } from './scope.js';
export { describeOutcome, errorMessageOf, reportOutcome } from './outcomeReport.js';
export type { OutcomeReport, AttemptFeedBase } from './outcomeReport.js';
export type { HandlerScope } from './scope.js';

// Events and hierarchies
export { events } from './events.js';
export type { EventOptions, ExceptionEventOptions } from './events.js';
export {
  adopt, label, appendOwnerReference, removeOwnerReference, harmonizeNaming, adjustNamespace, buildOwnerReference, buildObjectReference,
} from './hierarchies.js';
export type { ChildObject, OwnerReference, ObjectReference } from './hierarchies.js';

// The operator's client in handler contexts
export { HandlerClient, AdoptionError } from './client.js';
export type { HandlerClientDefaults, HandlerObjectOptions, HandlerListOptions, CreateOrAdoptOptions } from './client.js';

// Errors
export {
  TemporaryError, PermanentError, HandlerTimeoutError, HandlerRetriesError, HandlerRegistrationError, HandlerScopeError, AdmissionError, AdmissionReviewError,
  ConversionError, ConversionReviewError,
} from './errors.js';
export type {
  HandlerErrorCode, TemporaryErrorOptions, AdmissionErrorOptions, AdmissionReviewErrorCode, ConversionErrorCode, ConversionReviewErrorCode,
} from './errors.js';

// Loading operator files into a Registry (@opkit/core re-exports it)
export { loadOperator } from './loader.js';
export type { LoadedOperator } from './loader.js';

// Running activities (startup, cleanup, probes) and the operator's error
export { runActivities } from './activities.js';
export type { ActivityDeps } from './activities.js';
export { loginWithActivities } from './login.js';
export { OperatorError } from './operatorError.js';
export type { OperatorErrorCode } from './operatorError.js';
export { settingSeconds, settingOneOf, settingText, settingFlag, settingWhole } from './settingChecks.js';

// Posting Kubernetes events in the background (@opkit/core's EVENT_SINK default)
export { EventPoster, resolvePostingSettings } from './posting.js';
export type { PostingSettings } from './posting.js';

// Logging (Kopf's formats, object loggers) and the event feed's format
export { createLogger, objectLogger, objectRef, objectPrefix, postingLogger } from './logging.js';
export type { LoggerOptions, LogFormat, LogLevel, LogRecord, LogObjectRef } from './logging.js';
export { FEED_VERSION, feedLogger } from './feed.js';
export type { FeedEvent, FeedEventInput, FeedObjectRef, FeedHandlerOutcome, FeedPeer } from './feed.js';
