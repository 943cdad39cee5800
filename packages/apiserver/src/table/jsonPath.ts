// A small JSONPath evaluator for printer columns and selectable fields, with the subset of
// kubectl's JSONPath that CRD `additionalPrinterColumns` use: `.a.b`, `['a.b']`, `[0]`, `[-1]`,
// `[1:3]`, `[*]`, `.*`, `..name`, and filters `[?(@.type=="Ready")]` (==, !=, <, <=, >, >=, and
// existence `[?(@.x)]`). Missing keys give no result rather than an error, as the server allows.

import { compareNumbers } from '@opkit/json';
import { JsonPathError } from '../validation/errors.js';

type Literal = string | number | boolean | null;

/** One step of a parsed JSONPath. */
export type JsonPathSegment =
  | { type: 'field'; name: string }
  | { type: 'wildcard' }
  | { type: 'recursive'; name: string | null }
  | { type: 'index'; index: number }
  | { type: 'slice'; start: number | undefined; end: number | undefined; step: number | undefined }
  | { type: 'filter'; path: JsonPathSegment[]; op: '==' | '!=' | '<' | '<=' | '>' | '>=' | 'exists'; value: Literal };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

class PathParser {
  private i = 0;
  constructor(private readonly text: string, private readonly original: string) {}

  private fail(message: string): JsonPathError {
    return new JsonPathError(message, this.original);
  }

  private readName(): string {
    let name = '';
    while (this.i < this.text.length) {
      const ch = this.text.charAt(this.i);
      if (ch === '\\' && this.i + 1 < this.text.length) {
        name += this.text.charAt(this.i + 1);
        this.i += 2;
        continue;
      }
      if (ch === '.' || ch === '[' || ch === ' ' || ch === '=' || ch === '!' || ch === '<' || ch === '>' || ch === ')') break;
      name += ch;
      this.i++;
    }
    return name;
  }

  /** Parses segments until the end (or, inside a filter, until an operator or `)`). */
  segments(inFilter: boolean): JsonPathSegment[] {
    const out: JsonPathSegment[] = [];
    while (this.i < this.text.length) {
      const ch = this.text.charAt(this.i);
      if (inFilter && (ch === ' ' || ch === '=' || ch === '!' || ch === '<' || ch === '>' || ch === ')')) break;
      if (ch === '.') {
        if (this.text.charAt(this.i + 1) === '.') {
          this.i += 2;
          if (this.text.charAt(this.i) === '*') {
            this.i++;
            out.push({ type: 'recursive', name: null });
          } else {
            const name = this.readName();
            out.push({ type: 'recursive', name: name.length > 0 ? name : null });
          }
          continue;
        }
        this.i++;
        if (this.text.charAt(this.i) === '*') {
          this.i++;
          out.push({ type: 'wildcard' });
          continue;
        }
        const name = this.readName();
        if (name.length > 0) out.push({ type: 'field', name });
        continue;
      }
      if (ch === '[') {
        out.push(this.bracket());
        continue;
      }
      if (out.length === 0 && !inFilter) {
        // `metadata.name` without the leading dot is accepted like kubectl does inside `{}`.
        const name = this.readName();
        if (name.length === 0) throw this.fail(`unrecognized character '${ch}'`);
        out.push({ type: 'field', name });
        continue;
      }
      throw this.fail(`unrecognized character '${ch}' at position ${this.i}`);
    }
    return out;
  }

  private bracket(): JsonPathSegment {
    const close = this.findClose();
    const inner = this.text.slice(this.i + 1, close).trim();
    const start = this.i;
    this.i = close + 1;
    if (inner === '*') return { type: 'wildcard' };
    const quoted = /^(['"])(.*)\1$/s.exec(inner);
    if (quoted) return { type: 'field', name: quoted[2] ?? '' };
    if (/^-?\d+$/.test(inner)) return { type: 'index', index: Number(inner) };
    const slice = /^(-?\d*):(-?\d*)(?::(-?\d*))?$/.exec(inner);
    if (slice) {
      const num = (s: string | undefined): number | undefined => (s === undefined || s === '' ? undefined : Number(s));
      return { type: 'slice', start: num(slice[1]), end: num(slice[2]), step: num(slice[3]) };
    }
    if (inner.startsWith('?(') && inner.endsWith(')')) return this.filter(inner.slice(2, -1), start);
    throw this.fail(`unsupported array expression '[${inner}]'`);
  }

  private findClose(): number {
    let quote: string | null = null;
    let depth = 0;
    for (let j = this.i; j < this.text.length; j++) {
      const ch = this.text.charAt(j);
      if (quote !== null) {
        if (ch === quote) quote = null;
        continue;
      }
      if (ch === '"' || ch === "'") quote = ch;
      else if (ch === '[') depth++;
      else if (ch === ']') {
        depth--;
        if (depth === 0) return j;
      }
    }
    throw this.fail('unclosed array expect ]');
  }

  private filter(expr: string, _at: number): JsonPathSegment {
    const trimmed = expr.trim();
    if (!trimmed.startsWith('@')) throw this.fail(`filter must start with @: '${expr}'`);
    const sub = new PathParser(trimmed.slice(1), this.original);
    const path = sub.segments(true);
    const rest = trimmed.slice(1 + sub.i).trim();
    if (rest.length === 0) return { type: 'filter', path, op: 'exists', value: null };
    const m = /^(==|!=|<=|>=|<|>)\s*(.+)$/s.exec(rest);
    if (!m) throw this.fail(`unsupported filter '${expr}'`);
    return { type: 'filter', path, op: m[1] as '==', value: parseLiteral((m[2] ?? '').trim(), this.original) };
  }
}

function parseLiteral(text: string, original: string): Literal {
  const quoted = /^(['"])(.*)\1$/s.exec(text);
  if (quoted) return quoted[2] ?? '';
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return Number(text);
  throw new JsonPathError(`unsupported literal '${text}'`, original);
}

/**
 * Parses a JSONPath (`.spec.x`, `{.status.conditions[?(@.type=="Ready")].status}`); throws
 * `JsonPathError` when it does not parse.
 *
 * @example
 * parseJsonPath('.spec.replicas'); // [{ type: 'field', name: 'spec' }, { type: 'field', name: 'replicas' }]
 */
export function parseJsonPath(path: string): JsonPathSegment[] {
  let text = path.trim();
  if (text.startsWith('{') && text.endsWith('}')) text = text.slice(1, -1).trim();
  if (text.startsWith('$')) text = text.slice(1);
  return new PathParser(text, path).segments(false);
}

function children(node: unknown): unknown[] {
  if (Array.isArray(node)) return node;
  if (isRecord(node)) return Object.keys(node).sort().map((k) => node[k]);
  return [];
}

function compare(actual: unknown, op: Exclude<Extract<JsonPathSegment, { type: 'filter' }>['op'], 'exists'>, expected: Literal): boolean {
  // An int64 beyond 2^53 is a bigint; it compares with a number literal by value.
  if (typeof actual === 'bigint' && typeof expected === 'number') {
    const order = compareNumbers(actual, expected);
    return op === '==' ? order === 0 : op === '!=' ? order !== 0 : op === '<' ? order < 0 : op === '<=' ? order <= 0 : op === '>' ? order > 0 : order >= 0;
  }
  if (op === '==') return actual === expected;
  if (op === '!=') return actual !== expected;
  if (typeof actual === 'number' && typeof expected === 'number') {
    return op === '<' ? actual < expected : op === '<=' ? actual <= expected : op === '>' ? actual > expected : actual >= expected;
  }
  if (typeof actual === 'string' && typeof expected === 'string') {
    return op === '<' ? actual < expected : op === '<=' ? actual <= expected : op === '>' ? actual > expected : actual >= expected;
  }
  return false;
}

function step(nodes: unknown[], seg: JsonPathSegment): unknown[] {
  const out: unknown[] = [];
  for (const node of nodes) {
    switch (seg.type) {
      case 'field':
        if (isRecord(node) && Object.prototype.hasOwnProperty.call(node, seg.name)) out.push(node[seg.name]);
        break;
      case 'wildcard':
        out.push(...children(node));
        break;
      case 'recursive': {
        const walk = (n: unknown): void => {
          if (seg.name === null) out.push(...children(n));
          else if (isRecord(n) && Object.prototype.hasOwnProperty.call(n, seg.name)) out.push(n[seg.name]);
          for (const c of children(n)) walk(c);
        };
        walk(node);
        break;
      }
      case 'index':
        if (Array.isArray(node)) {
          const i = seg.index < 0 ? node.length + seg.index : seg.index;
          if (i >= 0 && i < node.length) out.push(node[i]);
        }
        break;
      case 'slice':
        if (Array.isArray(node)) {
          const len = node.length;
          const norm = (v: number | undefined, d: number): number => (v === undefined ? d : v < 0 ? Math.max(0, len + v) : Math.min(len, v));
          const stepBy = seg.step === undefined || seg.step === 0 ? 1 : seg.step;
          if (stepBy > 0) for (let i = norm(seg.start, 0); i < norm(seg.end, len); i += stepBy) out.push(node[i]);
        }
        break;
      case 'filter':
        for (const item of children(node)) {
          const found = evaluate(item, seg.path);
          if (seg.op === 'exists' ? found.length > 0 : found.some((v) => compare(v, seg.op as '==', seg.value))) out.push(item);
        }
        break;
    }
  }
  return out;
}

function evaluate(root: unknown, segments: readonly JsonPathSegment[]): unknown[] {
  let nodes: unknown[] = [root];
  for (const seg of segments) nodes = step(nodes, seg);
  return nodes;
}

/**
 * Every value `path` selects in `obj` (no match → empty array). Throws `JsonPathError` on bad syntax.
 *
 * @example
 * evaluateJsonPathAll({ a: [{ n: 1 }, { n: 2 }] }, '.a[*].n'); // [1, 2]
 */
export function evaluateJsonPathAll(obj: unknown, path: string | readonly JsonPathSegment[]): unknown[] {
  return evaluate(obj, typeof path === 'string' ? parseJsonPath(path) : path);
}

/**
 * The first value `path` selects in `obj`, or `undefined` — what a printer column cell shows.
 *
 * @example
 * evaluateJsonPath(obj, '.status.conditions[?(@.type=="Ready")].status'); // 'True'
 */
export function evaluateJsonPath(obj: unknown, path: string | readonly JsonPathSegment[]): unknown {
  return evaluateJsonPathAll(obj, path)[0];
}
