// JSON Pointer (RFC 6901) parsing and the array-index rules of JSON Patch (RFC 6902 §4), kept apart
// from the operations so that both the pointer grammar and the index grammar are tested on their own.

/**
 * Splits a JSON Pointer into unescaped reference tokens (`~1` → `/`, `~0` → `~`). The empty pointer
 * is the whole document (no tokens). Returns an error string for a pointer that does not start with
 * `/` or that contains a `~` not followed by `0` or `1`.
 *
 * @example
 * ```ts
 * parseJsonPointer('/a~1b/m~0n'); // ['a/b', 'm~n']
 * ```
 */
export function parseJsonPointer(pointer: string): string[] | { error: string } {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) {
    return { error: `JSON pointer "${pointer}" must be empty or start with "/"` };
  }
  const tokens = pointer.slice(1).split('/');
  for (const token of tokens) {
    if (/~(?![01])/.test(token)) {
      return { error: `JSON pointer "${pointer}" has a "~" not followed by "0" or "1"` };
    }
  }
  return tokens.map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Reads a reference token as an array index: `0` or a decimal without leading zeros. `-` (the
 * element after the last) is accepted only when `allowEnd` is set; the result is then the length.
 * Returns `undefined` for anything else, including negative numbers and leading zeros.
 */
export function parseArrayIndex(token: string, length: number, allowEnd: boolean): number | undefined {
  if (token === '-') return allowEnd ? length : undefined;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
  const index = Number(token);
  return Number.isSafeInteger(index) ? index : undefined;
}

/** Re-escapes tokens into a JSON Pointer, for error messages. */
export function formatJsonPointer(tokens: readonly string[]): string {
  return tokens.map((token) => `/${token.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
