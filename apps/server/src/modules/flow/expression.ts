/**
 * The workflow's expression language (decision "Flow: …" in docs/decisions.md). BPMN conditions, assignees and
 * timer values are written `${…}`; bpmn-engine's own resolver has no operators (`${days > 3}` is silently false)
 * and its JavaScript conditions run in `node:vm`, which is no sandbox. So expressions are parsed by this small
 * grammar and evaluated over the instance's variables only — no calls, no member access, no globals:
 *
 * ```
 * expr    := or
 * or      := and (('||' | 'or') and)*
 * and     := not (('&&' | 'and') not)*
 * not     := ('!' | 'not') not | compare
 * compare := sum (('==' | '!=' | '<' | '<=' | '>' | '>=' | 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge') sum)?
 * sum     := product (('+' | '-') product)*
 * product := unary (('*' | '/' | '%') unary)*
 * unary   := '-' unary | 'empty' unary | primary
 * primary := number | 'string' | "string" | true | false | null | name | '(' expr ')'
 * name    := [A-Za-z_][A-Za-z0-9_]*   (the prefixes `environment.variables.` and `variables.` are accepted)
 * ```
 *
 * Evaluation is total: an unknown variable is `null`, arithmetic on non-numbers is `null`, an ordering
 * comparison with a non-number/non-string is false. Every expression is compiled when a model is saved or
 * deployed, so a malformed one is refused there, never discovered at run time.
 */

import { FLOW_LIMITS, LimitMessage } from './limits.js';

export type Value = string | number | boolean | null;
export type Variables = Readonly<Record<string, unknown>>;

type Node =
  | { kind: 'literal'; value: Value }
  | { kind: 'name'; name: string }
  | { kind: 'unary'; op: '!' | '-' | 'empty'; arg: Node }
  | { kind: 'binary'; op: string; left: Node; right: Node };

export class ExpressionError extends Error {}

/** Longest expression accepted, and deepest nesting: bounds on parse time for hostile input. */
const MAX_LENGTH = 500;
const MAX_DEPTH = 32;

const WORD_OPERATORS: Record<string, string> = {
  and: '&&',
  or: '||',
  not: '!',
  eq: '==',
  ne: '!=',
  lt: '<',
  le: '<=',
  gt: '>',
  ge: '>=',
};
const KEYWORDS = new Set(['true', 'false', 'null', 'empty', ...Object.keys(WORD_OPERATORS)]);
/** Names that must never be looked up, even on the plain variables object. */
const FORBIDDEN_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

type Token =
  | { type: 'num'; value: number }
  | { type: 'str'; value: string }
  | { type: 'name'; value: string }
  | { type: 'op'; value: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      const m = /^(\d+(\.\d+)?|\.\d+)/.exec(text.slice(i));
      if (!m) throw new ExpressionError(`无法识别的数字（位置 ${i + 1}）`);
      tokens.push({ type: 'num', value: Number(m[0]) });
      i += m[0].length;
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      let value = '';
      while (j < text.length && text[j] !== c) {
        if (text[j] === '\\' && j + 1 < text.length) {
          value += text[j + 1];
          j += 2;
        } else {
          value += text[j];
          j++;
        }
      }
      if (j >= text.length) throw new ExpressionError('字符串缺少结束引号');
      tokens.push({ type: 'str', value });
      i = j + 1;
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*/.exec(text.slice(i));
      const word = (m as RegExpExecArray)[0];
      tokens.push({ type: 'name', value: word });
      i += word.length;
      continue;
    }
    const two = text.slice(i, i + 2);
    if (['==', '!=', '<=', '>=', '&&', '||'].includes(two)) {
      tokens.push({ type: 'op', value: two });
      i += 2;
      continue;
    }
    if ('<>!+-*/%()'.includes(c)) {
      tokens.push({ type: 'op', value: c });
      i++;
      continue;
    }
    throw new ExpressionError(`不允许的字符「${c}」`);
  }
  return tokens;
}

function variableName(path: string): string {
  let name = path;
  for (const prefix of ['environment.variables.', 'variables.']) {
    if (name.startsWith(prefix)) {
      name = name.slice(prefix.length);
      break;
    }
  }
  if (name.includes('.')) throw new ExpressionError(`不支持属性访问「${path}」`);
  if (FORBIDDEN_NAMES.has(name)) throw new ExpressionError(`不允许的变量名「${name}」`);
  return name;
}

class Parser {
  private pos = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Node {
    if (this.tokens.length === 0) throw new ExpressionError('表达式为空');
    const node = this.or();
    if (this.pos < this.tokens.length) throw new ExpressionError(`多余的内容「${this.show(this.peek())}」`);
    return node;
  }

  private show(t: Token | undefined): string {
    return t === undefined ? '' : String(t.value);
  }
  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }
  /** The operator at the cursor, with word operators (`and`, `eq`, …) read as their symbols. */
  private peekOp(): string | undefined {
    const t = this.peek();
    if (!t) return undefined;
    if (t.type === 'op') return t.value;
    if (t.type === 'name' && t.value in WORD_OPERATORS) return WORD_OPERATORS[t.value];
    return undefined;
  }
  private nest<T>(work: () => T): T {
    if (++this.depth > MAX_DEPTH) throw new ExpressionError('表达式嵌套过深');
    try {
      return work();
    } finally {
      this.depth--;
    }
  }

  private or(): Node {
    let left = this.and();
    while (this.peekOp() === '||') {
      this.pos++;
      left = { kind: 'binary', op: '||', left, right: this.and() };
    }
    return left;
  }
  private and(): Node {
    let left = this.not();
    while (this.peekOp() === '&&') {
      this.pos++;
      left = { kind: 'binary', op: '&&', left, right: this.not() };
    }
    return left;
  }
  private not(): Node {
    if (this.peekOp() === '!') {
      this.pos++;
      return this.nest(() => ({ kind: 'unary', op: '!', arg: this.not() }));
    }
    return this.compare();
  }
  private compare(): Node {
    const left = this.sum();
    const op = this.peekOp();
    if (op && ['==', '!=', '<', '<=', '>', '>='].includes(op)) {
      this.pos++;
      return { kind: 'binary', op, left, right: this.sum() };
    }
    return left;
  }
  private sum(): Node {
    let left = this.product();
    for (let op = this.peekOp(); op === '+' || op === '-'; op = this.peekOp()) {
      this.pos++;
      left = { kind: 'binary', op, left, right: this.product() };
    }
    return left;
  }
  private product(): Node {
    let left = this.unary();
    for (let op = this.peekOp(); op === '*' || op === '/' || op === '%'; op = this.peekOp()) {
      this.pos++;
      left = { kind: 'binary', op, left, right: this.unary() };
    }
    return left;
  }
  private unary(): Node {
    const t = this.peek();
    if (t?.type === 'op' && t.value === '-') {
      this.pos++;
      return this.nest(() => ({ kind: 'unary', op: '-', arg: this.unary() }));
    }
    if (t?.type === 'name' && t.value === 'empty') {
      this.pos++;
      return this.nest(() => ({ kind: 'unary', op: 'empty', arg: this.unary() }));
    }
    return this.primary();
  }
  private primary(): Node {
    const t = this.peek();
    if (!t) throw new ExpressionError('表达式不完整');
    this.pos++;
    if (t.type === 'num') return { kind: 'literal', value: t.value };
    if (t.type === 'str') return { kind: 'literal', value: t.value };
    if (t.type === 'name') {
      if (t.value === 'true') return { kind: 'literal', value: true };
      if (t.value === 'false') return { kind: 'literal', value: false };
      if (t.value === 'null') return { kind: 'literal', value: null };
      if (KEYWORDS.has(t.value)) throw new ExpressionError(`「${t.value}」的位置不正确`);
      return { kind: 'name', name: variableName(t.value) };
    }
    if (t.value === '(') {
      const inner = this.nest(() => this.or());
      const close = this.peek();
      if (close?.type !== 'op' || close.value !== ')') throw new ExpressionError('缺少右括号');
      this.pos++;
      return inner;
    }
    throw new ExpressionError(`「${t.value}」的位置不正确`);
  }
}

/** A variable's value as the language sees it: scalars as they are, anything else (objects, arrays) is null. */
function lookup(vars: Variables, name: string): Value {
  if (!Object.hasOwn(vars, name)) return null;
  const v = vars[name];
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  return null;
}

const truthy = (v: Value): boolean => v !== null && v !== false && v !== 0 && v !== '';
const numeric = (v: Value): number | null => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};

function equal(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  // `${days == 3}` with days sent as "3": numbers and numeric strings compare as numbers (as JUEL coerces).
  if (typeof a === 'number' || typeof b === 'number') {
    const x = numeric(a);
    const y = numeric(b);
    return x !== null && y !== null && x === y;
  }
  if (typeof a === 'boolean' || typeof b === 'boolean') return String(a) === String(b);
  return false;
}

function order(op: string, a: Value, b: Value): boolean {
  const x = numeric(a);
  const y = numeric(b);
  let cmp: number;
  if (x !== null && y !== null && (typeof a === 'number' || typeof b === 'number')) cmp = x - y;
  else if (typeof a === 'string' && typeof b === 'string') cmp = a < b ? -1 : a > b ? 1 : 0;
  else return false;
  return op === '<' ? cmp < 0 : op === '<=' ? cmp <= 0 : op === '>' ? cmp > 0 : cmp >= 0;
}

function evaluate(node: Node, vars: Variables): Value {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'name':
      return lookup(vars, node.name);
    case 'unary': {
      const v = evaluate(node.arg, vars);
      if (node.op === '!') return !truthy(v);
      if (node.op === 'empty') return v === null || v === '';
      const n = numeric(v);
      return n === null ? null : -n;
    }
    case 'binary': {
      if (node.op === '&&') return truthy(evaluate(node.left, vars)) && truthy(evaluate(node.right, vars));
      if (node.op === '||') return truthy(evaluate(node.left, vars)) || truthy(evaluate(node.right, vars));
      const a = evaluate(node.left, vars);
      const b = evaluate(node.right, vars);
      switch (node.op) {
        case '==':
          return equal(a, b);
        case '!=':
          return !equal(a, b);
        case '<':
        case '<=':
        case '>':
        case '>=':
          return order(node.op, a, b);
        case '+':
          if (typeof a === 'string' || typeof b === 'string') return `${a ?? ''}${b ?? ''}`;
          return arithmetic(node.op, a, b);
        default:
          return arithmetic(node.op, a, b);
      }
    }
  }
}

function arithmetic(op: string, a: Value, b: Value): Value {
  const x = numeric(a);
  const y = numeric(b);
  if (x === null || y === null) return null;
  const r = op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : op === '/' ? x / y : x % y;
  return Number.isFinite(r) ? r : null;
}

/** A compiled expression: evaluate it against variables, or inspect which names and literals it uses. */
export interface Compiled {
  readonly source: string;
  evaluate(vars: Variables): Value;
  /** Variable names it reads. */
  readonly names: ReadonlySet<string>;
  /** String literals compared with each variable (`outcome == 'return'` → outcome: {return}). */
  readonly comparedLiterals: ReadonlyMap<string, ReadonlySet<string>>;
}

function inspect(node: Node, names: Set<string>, literals: Map<string, Set<string>>): void {
  if (node.kind === 'name') names.add(node.name);
  else if (node.kind === 'unary') inspect(node.arg, names, literals);
  else if (node.kind === 'binary') {
    if (node.op === '==' || node.op === '!=') {
      const pair =
        node.left.kind === 'name' && node.right.kind === 'literal'
          ? [node.left.name, node.right.value]
          : node.right.kind === 'name' && node.left.kind === 'literal'
            ? [node.right.name, node.left.value]
            : undefined;
      if (pair && typeof pair[1] === 'string') {
        const set = literals.get(pair[0] as string) ?? new Set<string>();
        set.add(pair[1]);
        literals.set(pair[0] as string, set);
      }
    }
    inspect(node.left, names, literals);
    inspect(node.right, names, literals);
  }
}

/** Parses the inside of `${…}`; throws {@link ExpressionError} with a Chinese reason. */
export function compile(body: string): Compiled {
  if (body.length > MAX_LENGTH) throw new ExpressionError(`表达式过长（最多 ${MAX_LENGTH} 个字符）`);
  const node = new Parser(tokenize(body)).parse();
  const names = new Set<string>();
  const comparedLiterals = new Map<string, Set<string>>();
  inspect(node, names, comparedLiterals);
  return { source: body, evaluate: (vars) => evaluate(node, vars), names, comparedLiterals };
}

/**
 * The `${…}` parts of a text, found in one left-to-right pass: each `${` runs to the next `}`; once no `}`
 * follows, no later `${` can close either, so the scan stops. (A regular expression retried at every unclosed
 * `${` rescans the rest of the text each time — quadratic on a text of many `${`.)
 */
function embeddedBodies(text: string): string[] {
  const bodies: string[] = [];
  let from = 0;
  for (;;) {
    const open = text.indexOf('${', from);
    if (open === -1) break;
    const close = text.indexOf('}', open + 2);
    if (close === -1) break;
    bodies.push(text.slice(open + 2, close));
    from = close + 1;
  }
  return bodies;
}

/** The body of a whole `${…}` expression (surrounding white space allowed), or undefined. */
export const expressionBody = (text: string): string | undefined => {
  const t = text.trim();
  return t.length >= 3 && t.startsWith('${') && t.endsWith('}') ? t.slice(2, -1) : undefined;
};

/** Whether a text is exactly one `${…}` expression. */
export const isExpression = (text: unknown): boolean =>
  typeof text === 'string' && expressionBody(text) !== undefined;
/** Whether a text contains a `${…}` expression anywhere. */
export const hasExpression = (text: unknown): boolean => {
  if (typeof text !== 'string') return false;
  const open = text.indexOf('${');
  return open !== -1 && text.indexOf('}', open + 2) !== -1;
};

/** Refuses a text longer than any a model may hold before it is scanned. */
function checkSize(text: string): void {
  if (text.length > FLOW_LIMITS.templateChars) throw new ExpressionError(LimitMessage.templateTooLong);
}

/**
 * Compiles every `${…}` in a text (a condition, an assignee, a timer value); throws on the first malformed one.
 * Returns the compiled parts (empty for a plain text).
 */
export function compileTemplate(text: string): Compiled[] {
  checkSize(text);
  const whole = expressionBody(text);
  if (whole !== undefined) return [compile(whole)];
  return embeddedBodies(text).map((body) => compile(body));
}

const cache = new Map<string, Compiled>();
function cached(body: string): Compiled {
  let c = cache.get(body);
  if (!c) {
    c = compile(body);
    if (cache.size > 5000) cache.clear();
    cache.set(body, c);
  }
  return c;
}

/**
 * Resolves a template the way bpmn-elements expects (`environment.resolveExpression`): a whole `${…}` gives the
 * value itself; `${…}` inside a text is replaced by its value as text; a text without one comes back unchanged.
 */
export function resolveTemplate(text: unknown, vars: Variables): unknown {
  if (typeof text !== 'string' || !hasExpression(text)) return text;
  checkSize(text);
  const whole = expressionBody(text);
  if (whole !== undefined) return cached(whole).evaluate(vars);
  let out = '';
  let from = 0;
  for (;;) {
    const open = text.indexOf('${', from);
    const close = open === -1 ? -1 : text.indexOf('}', open + 2);
    if (close === -1) break;
    const v = cached(text.slice(open + 2, close)).evaluate(vars);
    out += text.slice(from, open) + (v === null ? '' : String(v));
    from = close + 1;
  }
  return out + text.slice(from);
}
