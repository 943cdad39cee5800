// The keys of a ConfigMap's `data` and `binaryData` and of a Secret's data become file names when a pod
// mounts them, so kube-apiserver refuses a key that is not a valid config key (`IsConfigMapKey`: at most
// 253 characters of letters, digits, '-', '_' and '.', and not '.', '..' or starting with '..'), and a
// ConfigMap key present in both `data` and `binaryData`. The answers are 422 causes in kube's words, e.g.
// `data[bad/key]: Invalid value: "bad/key": a valid config key must consist of alphanumeric characters, …`.
import { causeInvalid } from './cause.js';
import type { Cause } from './cause.js';
import { maxLenError, regexError } from './names.js';

const CONFIG_KEY_FMT = '[-._a-zA-Z0-9]+';
const CONFIG_KEY = /^[-._a-zA-Z0-9]+$/;
const MAX_KEY_LENGTH = 253;

/**
 * `validation.IsConfigMapKey`: what is wrong with a ConfigMap or Secret data key (empty when valid).
 *
 * @example
 * isConfigMapKey('bad/key'); // ["a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. …)"]
 */
export function isConfigMapKey(key: string): string[] {
  const errs: string[] = [];
  if (key.length > MAX_KEY_LENGTH) errs.push(maxLenError(MAX_KEY_LENGTH));
  if (!CONFIG_KEY.test(key)) errs.push(regexError("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", CONFIG_KEY_FMT, 'key.name', 'KEY_NAME', 'key-name'));
  if (key === '.') errs.push("must not be '.'");
  else if (key === '..') errs.push("must not be '..'");
  else if (key.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}

function keysOf(value: unknown): string[] {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
}

/**
 * kube's ValidateConfigMap key rules: every `data` and `binaryData` key a valid config key, no key in both.
 *
 * @example
 * configMapKeyCauses({ data: { 'bad/key': 'x' } }); // [{ reason: 'FieldValueInvalid', field: 'data[bad/key]', … }]
 */
export function configMapKeyCauses(configMap: Record<string, unknown>): Cause[] {
  const causes: Cause[] = [];
  const binary = new Set(keysOf(configMap['binaryData']));
  for (const key of keysOf(configMap['data'])) {
    for (const msg of isConfigMapKey(key)) causes.push(causeInvalid(`data[${key}]`, key, msg));
    if (binary.has(key)) causes.push(causeInvalid(`data[${key}]`, key, 'duplicate of key present in binaryData'));
  }
  for (const key of binary) for (const msg of isConfigMapKey(key)) causes.push(causeInvalid(`binaryData[${key}]`, key, msg));
  return causes;
}

/**
 * kube's ValidateSecret key rule: every key of `data` (with `stringData` merged in, as kube merges it
 * before validating) a valid config key.
 *
 * @example
 * secretKeyCauses({ stringData: { '..x': 'y' } }); // [{ reason: 'FieldValueInvalid', field: 'data[..x]', … }]
 */
export function secretKeyCauses(secret: Record<string, unknown>): Cause[] {
  const causes: Cause[] = [];
  for (const key of new Set([...keysOf(secret['data']), ...keysOf(secret['stringData'])])) {
    for (const msg of isConfigMapKey(key)) causes.push(causeInvalid(`data[${key}]`, key, msg));
  }
  return causes;
}
