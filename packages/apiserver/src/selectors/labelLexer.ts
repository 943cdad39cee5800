// The tokenizer of label selector text, following apimachinery's labels lexer: whitespace separates
// tokens, the symbols `! = == != ( ) , < >` are tokens of their own, everything else up to the next
// whitespace or symbol is an identifier, and `in` / `notin` are keywords only where an operator is
// expected (the parser decides that).

/** A token kind of the label selector grammar. */
export type LabelTokenKind =
  | 'identifier'
  | 'in'
  | 'notin'
  | 'eq'
  | 'eqeq'
  | 'neq'
  | 'not'
  | 'gt'
  | 'lt'
  | 'open'
  | 'close'
  | 'comma'
  | 'end'
  | 'error';

/** One token with its literal text. */
export interface LabelToken {
  kind: LabelTokenKind;
  literal: string;
}

const SYMBOLS: Record<string, LabelTokenKind> = {
  '!': 'not',
  '!=': 'neq',
  '=': 'eq',
  '==': 'eqeq',
  '(': 'open',
  ')': 'close',
  ',': 'comma',
  '>': 'gt',
  '<': 'lt',
};
const KEYWORDS: Record<string, LabelTokenKind> = { in: 'in', notin: 'notin' };

const isWhitespace = (ch: string): boolean => ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n';
const isSymbol = (ch: string): boolean => '=!(),<>'.includes(ch);

/**
 * Splits label selector text into tokens, ending with an `end` token.
 *
 * @example
 * lexLabelSelector('a in (x)').map((t) => t.kind); // ['identifier', 'in', 'open', 'identifier', 'close', 'end']
 */
export function lexLabelSelector(text: string): LabelToken[] {
  const tokens: LabelToken[] = [];
  let i = 0;
  while (true) {
    while (i < text.length && isWhitespace(text.charAt(i))) i++;
    if (i >= text.length) {
      tokens.push({ kind: 'end', literal: '' });
      return tokens;
    }
    const ch = text.charAt(i);
    if (isSymbol(ch)) {
      // Longest run of symbols that still forms a known token.
      let buffer = '';
      let last: LabelToken | undefined;
      let j = i;
      while (j < text.length && isSymbol(text.charAt(j))) {
        buffer += text.charAt(j);
        const kind = SYMBOLS[buffer];
        if (kind !== undefined) last = { kind, literal: buffer };
        else if (last !== undefined) break;
        j++;
      }
      if (last === undefined) {
        tokens.push({ kind: 'error', literal: `error expected: keyword found '${buffer}'` });
        tokens.push({ kind: 'end', literal: '' });
        return tokens;
      }
      tokens.push(last);
      i += last.literal.length;
      continue;
    }
    let j = i;
    while (j < text.length && !isWhitespace(text.charAt(j)) && !isSymbol(text.charAt(j))) j++;
    const word = text.slice(i, j);
    tokens.push({ kind: KEYWORDS[word] ?? 'identifier', literal: word });
    i = j;
  }
}
