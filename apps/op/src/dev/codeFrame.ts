// A code frame for a load error: the lines around the failing one, numbered, with a caret under the
// column — what a developer needs to fix a typo without leaving the terminal UI.

/**
 * The lines of a code frame.
 *
 * @example
 * ```ts
 * codeFrame('a\nb(\nc', 2, 3);
 * // ['  1 | a', '> 2 | b(', '    |   ^', '  3 | c']
 * ```
 */
export function codeFrame(source: string, line: number, column: number, context = 2): string[] {
  const lines = source.split(/\r?\n/);
  if (line < 1 || line > lines.length) return [];
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  const result: string[] = [];
  for (let number = first; number <= last; number++) {
    const text = (lines[number - 1] ?? '').replaceAll('\t', '  ');
    const marker = number === line ? '>' : ' ';
    result.push(`${marker} ${String(number).padStart(width)} | ${text}`);
    if (number === line) {
      const before = (lines[number - 1] ?? '').slice(0, Math.max(0, column - 1)).replaceAll('\t', '  ');
      result.push(`  ${' '.repeat(width)} | ${' '.repeat(before.length)}^`);
    }
  }
  return result;
}
