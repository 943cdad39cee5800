// Barrel of the selectors module: label selectors (parse, match, format, from `metav1.LabelSelector`)
// and field selectors (parse with per-resource support checks, match against `objectFields`).
// Parsing failures throw `SelectorError`; the server answers them with 400 BadRequest and its message.
//
// Signatures the server wires in:
//   parseLabelSelector(text: string): LabelSelector            // '' selects everything
//   LabelSelector.matches(labels: Record<string, string> | undefined | null): boolean
//   LabelSelector.isEmpty(): boolean; .isNothing(): boolean; .toString(): string; .requirements
//   labelSelectorFromObject(sel: { matchLabels?, matchExpressions? } | null | undefined): LabelSelector
//   parseFieldSelector(text: string, resource: FieldSupport): FieldSelector
//   FieldSelector.matches(fields: Record<string, string>): boolean; .requiresExactMatch(field): string | undefined
//   fieldSupportFor(kind: string, namespaced: boolean, { selectableFields?, extra? }?): FieldSupport
//   objectFields(resourceKind: string, obj: unknown, { selectableFields? }?): Record<string, string>
//   SelectorError.code: 'InvalidLabelSelector' | 'InvalidFieldSelector' | 'UnsupportedFieldLabel'

export type { LabelSelector, LabelSelectorObject, LabelSelectorRequirementObject } from './labelSelector.js';
export { parseLabelSelector, labelSelectorFromObject, labelSelectorOf } from './labelSelector.js';
export type { LabelOperator, LabelRequirement } from './labelRequirement.js';
export { newRequirement, formatRequirement, requirementMatches } from './labelRequirement.js';
export { parseLabelRequirements } from './labelParser.js';
export type { LabelToken, LabelTokenKind } from './labelLexer.js';
export { lexLabelSelector } from './labelLexer.js';
export type { FieldSupport, FieldRequirement, FieldSelector } from './fieldSelector.js';
export { parseFieldSelector, escapeFieldValue, unescapeFieldValue } from './fieldSelector.js';
export type { ObjectFieldsOptions } from './objectFields.js';
export { objectFields, fieldSupportFor, kindFieldLabels } from './objectFields.js';
export { SelectorError } from '../validation/errors.js';
