// Barrel of the validation module: field-error causes worded like kube-apiserver's, Kubernetes name
// rules, ObjectMeta validation, MicroTime checks, Go-style value formatting and the errors thrown by
// the pure modules (selectors, schema, table). The server's handlers call these; nothing here does I/O.
//
// Signatures the server wires in:
//   validateObjectMeta(meta: unknown, { namespaced: boolean; nameValidation: NameValidation }): Cause[]
//   NameValidation = 'dns1123-subdomain' | 'dns1123-label' | 'dns1035-label' | 'path-segment'
//   validateName(value, rule, prefix = false): string[]           // messages only (e.g. for URL names)
//   Cause = { reason: CauseReason; message: string; field: string }   // = one Status.details.causes entry
//   invalidMessage(qualifiedKind, name, causes): string          // 'Widget.example.com "w" is invalid: …'
//   configMapSizeCauses(obj), secretSizeCauses(obj): Cause[]     // the 1 MiB data limit (422 TooLong)
//   configMapKeyCauses(obj), secretKeyCauses(obj): Cause[]       // data keys must be config keys (422 Invalid)
//   microTimeValid(text): boolean; microTimeError(text): string  // strictMicroTime (400 body message)
//   InputError (base, code InputErrorCode) > SelectorError, JsonPathError

export type { Cause, CauseReason } from './cause.js';
export {
  causeInvalid,
  causeTypeInvalid,
  causeRequired,
  causeNotSupported,
  causeForbidden,
  causeTooLong,
  causeTooMany,
  causeDuplicate,
  causeToString,
  invalidMessage,
} from './cause.js';
export type { NameValidation } from './names.js';
export {
  validateName,
  isDns1123Label,
  isDns1123Subdomain,
  isDns1035Label,
  isQualifiedName,
  isValidLabelValue,
  isValidPathSegmentName,
  regexError,
  maxLenError,
  byteLength,
} from './names.js';
export type { ObjectMetaRules } from './objectMeta.js';
export {
  validateObjectMeta,
  validateLabels,
  validateAnnotations,
  validateFinalizers,
  validateOwnerReferences,
  TOTAL_ANNOTATION_SIZE_LIMIT,
} from './objectMeta.js';
export { MAX_DATA_SIZE_BYTES, configMapDataSize, secretDataSize, configMapSizeCauses, secretSizeCauses } from './dataSize.js';
export { isConfigMapKey, configMapKeyCauses, secretKeyCauses } from './dataKeys.js';
export { microTimeValid, timeValid, microTimeError } from './microTime.js';
export { goQuote, goNumber, goPrint, goSyntax, goBadValue, goJson } from './goFormat.js';
export type { InputErrorCode } from './errors.js';
export { InputError, SelectorError, JsonPathError } from './errors.js';
