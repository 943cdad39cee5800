// Splits a data file into its complete lines without decoding it as one string (a snapshot of a
// large store can exceed the longest string V8 allows), remembering where each line starts so that a
// torn tail can be cut off at a byte offset.

/** One complete (newline-terminated, non-empty) line of a file. */
export interface FileLine {
  /** The line's text without its newline. */
  text: string;
  /** 1-based line number, for error messages. */
  lineNumber: number;
  /** Byte offset where the line starts. */
  start: number;
}

/** The complete lines of a buffer and the byte length they cover. */
export interface FileLines {
  lines: FileLine[];
  /** Bytes up to and including the last newline; anything after it is a torn (unterminated) tail. */
  completeBytes: number;
}

/**
 * Splits `buffer` at `\n` bytes. An unterminated last segment is not returned (it is a torn write);
 * blank lines are skipped.
 *
 * @example
 * readLines(Buffer.from('a\nb\ntor')); // { lines: [a@0, b@2], completeBytes: 4 }
 */
export function readLines(buffer: Buffer): FileLines {
  const lines: FileLine[] = [];
  let start = 0;
  let lineNumber = 0;
  for (;;) {
    const nl = buffer.indexOf(0x0a, start);
    if (nl < 0) break;
    lineNumber += 1;
    if (nl > start) lines.push({ text: buffer.toString('utf8', start, nl), lineNumber, start });
    start = nl + 1;
  }
  return { lines, completeBytes: start };
}
