// Where a failed load points: Node puts `path:line`, the source line and a caret first in the stack
// of a syntax error (also TypeScript syntax that cannot be stripped); other errors name the place in
// their first stack frame inside the operator's own files.
import { fileURLToPath } from 'node:url';
import type { ErrorLocation } from './protocol.js';

function toPath(file: string): string {
  try {
    return file.startsWith('file://') ? fileURLToPath(file.replace(/\?.*$/, '')) : file;
  } catch {
    return file;
  }
}

/**
 * The location of a load error: the failing file, line and column (1-based), if the error tells.
 *
 * @param isOwn - whether a file belongs to the operator (frames elsewhere — Node, op, node_modules — are skipped).
 * @example
 * ```ts
 * errorLocation(error, (file) => file.startsWith('/home/me/op/')); // { file: '/home/me/op/src/operator.ts', line: 3, column: 10 }
 * ```
 */
export function errorLocation(error: unknown, isOwn: (file: string) => boolean): ErrorLocation | undefined {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const stack = current.stack ?? '';
    // Syntax errors: "/path/file.ts:4\n<source lines>\n<spaces>^^^\n\nSyntaxError: …": the line number is
    // that of the source line right above the caret (there is no caret at the end of a file).
    const head = /^(\/[^\n]*?|file:\/\/[^\n]*?):(\d+)\n((?:[^\n]*\n)*?)\n/.exec(`${stack}\n`);
    if (head) {
      const caret = /^( *)\^/m.exec(head[3]!);
      return { file: toPath(head[1]!), line: Number(head[2]), column: (caret?.[1]!.length ?? 0) + 1 };
    }
    for (const match of stack.matchAll(/(?:\(|at )((?:file:\/\/|\/)[^\s()]+?):(\d+):(\d+)\)?$/gm)) {
      const file = toPath(match[1]!);
      if (isOwn(file)) return { file, line: Number(match[2]), column: Number(match[3]) };
    }
  }
  return undefined;
}
