// The label selector grammar, as apimachinery's labels parser reads it: requirements separated by
// commas, `!key`, `key`, `key op value`, `key in (a,b)`; `in`/`notin` are keywords only in operator
// position. Errors carry kube's exact messages (`unable to parse requirement: …`).

import { SelectorError } from '../validation/errors.js';
import { goQuote } from '../validation/goFormat.js';
import { isQualifiedName } from '../validation/names.js';
import type { LabelToken } from './labelLexer.js';
import { lexLabelSelector } from './labelLexer.js';
import type { LabelOperator, LabelRequirement } from './labelRequirement.js';
import { newRequirement } from './labelRequirement.js';

const BINARY_OPERATORS = 'in, notin, =, ==, !=, gt, lt';

class LabelParser {
  private pos = 0;
  constructor(private readonly tokens: LabelToken[]) {}

  /** The next token; in a value position `in`/`notin` are plain identifiers. */
  private peek(values: boolean): LabelToken {
    const t = this.tokens[this.pos] ?? { kind: 'end', literal: '' };
    return values && (t.kind === 'in' || t.kind === 'notin') ? { kind: 'identifier', literal: t.literal } : t;
  }

  private next(values: boolean): LabelToken {
    const t = this.peek(values);
    if (this.pos < this.tokens.length) this.pos++;
    return t;
  }

  parse(): LabelRequirement[] {
    const requirements: LabelRequirement[] = [];
    for (;;) {
      const t = this.peek(true);
      if (t.kind === 'end') return requirements;
      if (t.kind !== 'identifier' && t.kind !== 'not') throw this.fail(`found '${t.literal}', expected: !, identifier, or 'end of string'`);
      try {
        requirements.push(this.requirement());
      } catch (e) {
        if (e instanceof SelectorError) throw this.fail(`unable to parse requirement: ${e.message}`);
        throw e;
      }
      const after = this.next(true);
      if (after.kind === 'end') return requirements;
      if (after.kind !== 'comma') throw this.fail(`found '${after.literal}', expected: ',' or 'end of string'`);
      const following = this.peek(true);
      if (following.kind !== 'identifier' && following.kind !== 'not') throw this.fail(`found '${following.literal}', expected: identifier after ','`);
    }
  }

  private fail(message: string): SelectorError {
    return new SelectorError('InvalidLabelSelector', message);
  }

  private requirement(): LabelRequirement {
    let t = this.next(true);
    let negated = false;
    if (t.kind === 'not') {
      negated = true;
      t = this.next(true);
    }
    if (t.kind !== 'identifier') throw this.fail(`found '${t.literal}', expected: identifier`);
    const key = t.literal;
    const keyErrs = isQualifiedName(key);
    if (keyErrs.length > 0) throw this.fail(`<nil>: Invalid value: ${goQuote(key)}: ${keyErrs.join('; ')}`);
    const ahead = this.peek(true).kind;
    // `!key` never takes an operator: in `!key=value` the caller then finds '=' where ',' belongs.
    if (negated) return newRequirement(key, '!', []);
    if (ahead === 'end' || ahead === 'comma') return newRequirement(key, 'exists', []);
    const op = this.next(false);
    let operator: LabelOperator;
    switch (op.kind) {
      case 'in': operator = 'in'; break;
      case 'notin': operator = 'notin'; break;
      case 'eq': operator = '='; break;
      case 'eqeq': operator = '=='; break;
      case 'neq': operator = '!='; break;
      case 'gt': operator = 'gt'; break;
      case 'lt': operator = 'lt'; break;
      default: throw this.fail(`found '${op.literal}', expected: ${BINARY_OPERATORS}`);
    }
    const values = operator === 'in' || operator === 'notin' ? this.setValues() : this.exactValue();
    return newRequirement(key, operator, values);
  }

  private exactValue(): string[] {
    const t = this.peek(true);
    if (t.kind === 'end' || t.kind === 'comma') return [''];
    this.next(true);
    if (t.kind === 'identifier') return [t.literal];
    throw this.fail(`found '${t.literal}', expected: identifier`);
  }

  private setValues(): string[] {
    const open = this.next(true);
    if (open.kind !== 'open') throw this.fail(`found '${open.literal}' expected: '('`);
    const t = this.peek(true);
    if (t.kind === 'close') {
      this.next(true);
      return [''];
    }
    if (t.kind !== 'identifier' && t.kind !== 'comma') throw this.fail(`found '${t.literal}', expected: ',', ')' or identifier`);
    const values = this.identifierList();
    const close = this.next(true);
    if (close.kind !== 'close') throw this.fail(`found '${t.literal}', expected: ')'`);
    return values;
  }

  private identifierList(): string[] {
    const values = new Set<string>();
    for (;;) {
      const t = this.next(true);
      if (t.kind === 'identifier') {
        values.add(t.literal);
        const after = this.peek(true);
        if (after.kind === 'comma') continue;
        if (after.kind === 'close') return [...values];
        throw this.fail(`found '${after.literal}', expected: ',' or ')'`);
      }
      if (t.kind === 'comma') {
        if (values.size === 0) values.add('');
        const after = this.peek(true);
        if (after.kind === 'close') {
          values.add('');
          return [...values];
        }
        if (after.kind === 'comma') {
          this.next(true);
          values.add('');
        }
        continue;
      }
      throw this.fail(`found '${t.literal}', expected: ',', or identifier`);
    }
  }
}

/**
 * Parses selector text into its requirements, in text order. Throws `SelectorError`.
 *
 * @example
 * parseLabelRequirements('a=b,!c').map((r) => r.operator); // ['=', '!']
 */
export function parseLabelRequirements(text: string): LabelRequirement[] {
  const tokens = lexLabelSelector(text);
  const error = tokens.find((t) => t.kind === 'error');
  return new LabelParser(error ? tokens.slice(0, tokens.indexOf(error) + 1) : tokens).parse();
}
