// Kubernetes name rules (apimachinery's util/validation): DNS-1123 labels and subdomains, DNS-1035
// labels, qualified names (label and annotation keys, finalizers), label values and path segments.
// Each validator returns the list of problems in kube's words; an empty list means valid.

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1035_LABEL_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?';
const QUALIFIED_NAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_VALUE_FMT = `(${QUALIFIED_NAME_FMT})?`;

const dns1123Label = new RegExp(`^${DNS1123_LABEL_FMT}$`);
const dns1123Subdomain = new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`);
const dns1035Label = new RegExp(`^${DNS1035_LABEL_FMT}$`);
const qualifiedName = new RegExp(`^${QUALIFIED_NAME_FMT}$`);
const labelValue = new RegExp(`^${LABEL_VALUE_FMT}$`);

const QUALIFIED_NAME_MSG = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_MSG = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

/**
 * `validation.RegexError`: `<msg> (e.g. 'a', or 'b', regex used for validation is '<fmt>')`.
 *
 * @example
 * regexError('bad', '[a-z]+', 'abc');
 */
export function regexError(message: string, format: string, ...examples: string[]): string {
  if (examples.length === 0) return `${message} (regex used for validation is '${format}')`;
  const shown = examples.map((e, i) => `${i > 0 ? ' or ' : ''}'${e}', `).join('');
  return `${message} (e.g. ${shown}regex used for validation is '${format}')`;
}

/**
 * `validation.MaxLenError`.
 *
 * @example
 * maxLenError(63); // 'must be no more than 63 characters'
 */
export function maxLenError(length: number): string {
  return `must be no more than ${length} characters`;
}

/** The byte length of a string as Go's `len()` counts it (UTF-8). */
export function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/**
 * RFC 1123 label: lowercase alphanumerics and '-', at most 63 characters (namespaces, services).
 *
 * @example
 * isDns1123Label('my-name'); // []
 */
export function isDns1123Label(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 63) errs.push(maxLenError(63));
  if (!dns1123Label.test(value)) {
    errs.push(regexError("a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character", DNS1123_LABEL_FMT, 'my-name', '123-abc'));
  }
  return errs;
}

/**
 * RFC 1123 subdomain: dot-separated labels, at most 253 characters (most object names).
 *
 * @example
 * isDns1123Subdomain('example.com'); // []
 */
export function isDns1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 253) errs.push(maxLenError(253));
  if (!dns1123Subdomain.test(value)) {
    errs.push(regexError("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character", DNS1123_SUBDOMAIN_FMT, 'example.com'));
  }
  return errs;
}

/**
 * RFC 1035 label: like a 1123 label but starting with a letter (CRD plural, versions).
 *
 * @example
 * isDns1035Label('v1'); // []
 */
export function isDns1035Label(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 63) errs.push(maxLenError(63));
  if (!dns1035Label.test(value)) {
    errs.push(regexError("a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character", DNS1035_LABEL_FMT, 'my-name', 'abc-123'));
  }
  return errs;
}

/**
 * Qualified name (`[prefix/]name`): label and annotation keys, finalizers.
 *
 * @example
 * isQualifiedName('example.com/my-key'); // []
 */
export function isQualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0] ?? '';
  } else if (parts.length === 2) {
    const prefix = parts[0] ?? '';
    name = parts[1] ?? '';
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else errs.push(...isDns1123Subdomain(prefix).map((m) => `prefix part ${m}`));
  } else {
    return [`a qualified name ${regexError(QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`];
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (byteLength(name) > 63) errs.push(`name part ${maxLenError(63)}`);
  if (!qualifiedName.test(name)) errs.push(`name part ${regexError(QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

/**
 * Label value: empty, or up to 63 characters of `[A-Za-z0-9_.-]` starting and ending alphanumeric.
 *
 * @example
 * isValidLabelValue('my_value'); // []
 */
export function isValidLabelValue(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 63) errs.push(maxLenError(63));
  if (!labelValue.test(value)) errs.push(regexError(LABEL_VALUE_MSG, LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'));
  return errs;
}

/**
 * Path segment name (resources with `nameValidation: 'path-segment'`): not `.`/`..`, no `/` or `%`.
 * With `prefix` (a generateName) only the character rules apply.
 *
 * @example
 * isValidPathSegmentName('a/b'); // ["may not contain '/'"]
 */
export function isValidPathSegmentName(value: string, prefix = false): string[] {
  if (!prefix) {
    for (const bad of ['.', '..']) if (value === bad) return [`may not be '${bad}'`];
  }
  const errs: string[] = [];
  for (const bad of ['/', '%']) if (value.includes(bad)) errs.push(`may not contain '${bad}'`);
  return errs;
}

/** How object names of a resource are validated. */
export type NameValidation = 'dns1123-subdomain' | 'dns1123-label' | 'dns1035-label' | 'path-segment';

/**
 * Validates an object name (or, with `prefix`, a generateName whose trailing '-' is allowed).
 *
 * @example
 * validateName('My', 'dns1123-subdomain'); // ['a lowercase RFC 1123 subdomain …']
 */
export function validateName(value: string, rule: NameValidation, prefix = false): string[] {
  if (rule === 'path-segment') return isValidPathSegmentName(value, prefix);
  // apimachinery's maskTrailingDash: a generateName may end with '-', the suffix follows.
  const name = prefix && value.length > 1 && value.endsWith('-') ? `${value.slice(0, -2)}a` : value;
  if (rule === 'dns1123-label') return isDns1123Label(name);
  if (rule === 'dns1035-label') return isDns1035Label(name);
  return isDns1123Subdomain(name);
}
