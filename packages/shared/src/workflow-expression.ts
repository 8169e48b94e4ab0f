/**
 * The safe condition language of sequence flows (issue 13): literals (number, "string", true/false, null), variable
 * names (a.b paths), comparison (== != > >= < <=), && || !, parentheses and `x in [a, b]`. A tokenizer and a
 * recursive-descent parser build a small tree; evaluation walks it over the variables a business module passes.
 * No eval, no Function, no property access beyond plain own data. Errors are thrown with a Chinese message.
 */

export class ExpressionError extends Error {
  override name = 'ExpressionError';
}

type Token =
  | { t: 'num'; v: number; pos: number }
  | { t: 'str'; v: string; pos: number }
  | { t: 'id'; v: string; pos: number }
  | { t: 'op'; v: string; pos: number }
  | { t: 'end'; pos: number };

export type ExpressionNode =
  | { k: 'lit'; v: number | string | boolean | null }
  | { k: 'var'; path: string[] }
  | { k: 'not'; e: ExpressionNode }
  | { k: 'neg'; e: ExpressionNode }
  | { k: 'and' | 'or'; l: ExpressionNode; r: ExpressionNode }
  | { k: 'cmp'; op: '==' | '!=' | '>' | '>=' | '<' | '<='; l: ExpressionNode; r: ExpressionNode }
  | { k: 'in'; l: ExpressionNode; list: ExpressionNode[]; negate: boolean };

const MAX_LENGTH = 2000;
const MAX_DEPTH = 50;
const OPS = ['&&', '||', '==', '!=', '>=', '<=', '>', '<', '!', '(', ')', '[', ']', ',', '-'];

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      const m = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(src.slice(i));
      const text = m?.[0] ?? c;
      tokens.push({ t: 'num', v: Number(text), pos: i });
      i += text.length;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let out = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && j + 1 < src.length) {
          const n = src[j + 1] as string;
          out += n === 'n' ? '\n' : n === 't' ? '\t' : n;
          j += 2;
        } else {
          out += src[j];
          j++;
        }
      }
      if (j >= src.length) throw new ExpressionError(`第${i + 1}个字符处的字符串没有结束引号`);
      tokens.push({ t: 'str', v: out, pos: i });
      i = j + 1;
      continue;
    }
    if (/[A-Za-z_\u4e00-\u9fa5$]/.test(c)) {
      const m =
        /^[A-Za-z_\u4e00-\u9fa5$][A-Za-z0-9_\u4e00-\u9fa5$]*(?:\.[A-Za-z_\u4e00-\u9fa5$][A-Za-z0-9_\u4e00-\u9fa5$]*)*/.exec(
          src.slice(i),
        );
      const text = m?.[0] ?? c;
      tokens.push({ t: 'id', v: text, pos: i });
      i += text.length;
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (!op) throw new ExpressionError(`第${i + 1}个字符“${c}”无法识别`);
    tokens.push({ t: 'op', v: op, pos: i });
    i += op.length;
  }
  tokens.push({ t: 'end', pos: src.length });
  return tokens;
}

const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);

class Parser {
  private i = 0;
  private depth = 0;
  private readonly tokens: Token[];
  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  private peek(): Token {
    return this.tokens[this.i] as Token;
  }
  private next(): Token {
    return this.tokens[this.i++] as Token;
  }
  private isOp(v: string): boolean {
    const t = this.peek();
    return t.t === 'op' && t.v === v;
  }
  private expectOp(v: string): void {
    const t = this.next();
    if (t.t !== 'op' || t.v !== v) throw new ExpressionError(`第${t.pos + 1}个字符处缺少“${v}”`);
  }
  private enter(): void {
    if (++this.depth > MAX_DEPTH) throw new ExpressionError('表达式嵌套过深');
  }
  private leave(): void {
    this.depth--;
  }

  parse(): ExpressionNode {
    const node = this.or();
    const t = this.peek();
    if (t.t !== 'end') throw new ExpressionError(`第${t.pos + 1}个字符处有多余的内容`);
    return node;
  }

  private or(): ExpressionNode {
    let l = this.and();
    while (this.isOp('||')) {
      this.next();
      l = { k: 'or', l, r: this.and() };
    }
    return l;
  }

  private and(): ExpressionNode {
    let l = this.unary();
    while (this.isOp('&&')) {
      this.next();
      l = { k: 'and', l, r: this.unary() };
    }
    return l;
  }

  private unary(): ExpressionNode {
    if (this.isOp('!')) {
      this.next();
      this.enter();
      const e = this.unary();
      this.leave();
      return { k: 'not', e };
    }
    return this.comparison();
  }

  private comparison(): ExpressionNode {
    const l = this.operand();
    const t = this.peek();
    if (t.t === 'op' && ['==', '!=', '>', '>=', '<', '<='].includes(t.v)) {
      this.next();
      const r = this.operand();
      return { k: 'cmp', op: t.v as '==', l, r };
    }
    if (t.t === 'id' && (t.v === 'in' || t.v === 'not')) {
      let negate = false;
      if (t.v === 'not') {
        const n = this.tokens[this.i + 1];
        if (!(n && n.t === 'id' && n.v === 'in')) return l;
        this.next();
        negate = true;
      }
      this.next();
      this.expectOp('[');
      const list: ExpressionNode[] = [];
      if (!this.isOp(']')) {
        for (;;) {
          list.push(this.literal());
          if (this.isOp(',')) {
            this.next();
            continue;
          }
          break;
        }
      }
      this.expectOp(']');
      return { k: 'in', l, list, negate };
    }
    return l;
  }

  private literal(): ExpressionNode {
    const t = this.peek();
    if (t.t === 'num' || t.t === 'str') {
      this.next();
      return { k: 'lit', v: t.v };
    }
    if (t.t === 'op' && t.v === '-') {
      this.next();
      const n = this.next();
      if (n.t !== 'num') throw new ExpressionError(`第${t.pos + 1}个字符处的负号后须是数字`);
      return { k: 'lit', v: -n.v };
    }
    if (t.t === 'id' && ['true', 'false', 'null'].includes(t.v)) {
      this.next();
      return { k: 'lit', v: t.v === 'null' ? null : t.v === 'true' };
    }
    throw new ExpressionError(`第${t.pos + 1}个字符处：列表中只能是常量`);
  }

  private operand(): ExpressionNode {
    const t = this.peek();
    if (t.t === 'op' && t.v === '(') {
      this.next();
      this.enter();
      const e = this.or();
      this.leave();
      this.expectOp(')');
      return e;
    }
    if (t.t === 'op' && t.v === '-') {
      this.next();
      this.enter();
      const e = this.operand();
      this.leave();
      return { k: 'neg', e };
    }
    if (t.t === 'num' || t.t === 'str') {
      this.next();
      return { k: 'lit', v: t.v };
    }
    if (t.t === 'id') {
      this.next();
      if (t.v === 'true' || t.v === 'false') return { k: 'lit', v: t.v === 'true' };
      if (t.v === 'null') return { k: 'lit', v: null };
      if (t.v === 'in' || t.v === 'not') throw new ExpressionError(`第${t.pos + 1}个字符处缺少操作数`);
      const path = t.v.split('.');
      const bad = path.find((p) => FORBIDDEN_SEGMENTS.has(p));
      if (bad) throw new ExpressionError(`不允许使用变量名“${bad}”`);
      return { k: 'var', path };
    }
    if (t.t === 'end') throw new ExpressionError('表达式不完整');
    throw new ExpressionError(`第${t.pos + 1}个字符“${t.v}”处缺少操作数`);
  }
}

/** Parses an expression; throws ExpressionError with a Chinese message when it is not valid. */
export function parseExpression(source: string): ExpressionNode {
  if (typeof source !== 'string' || source.trim() === '') throw new ExpressionError('条件表达式不能为空');
  if (source.length > MAX_LENGTH) throw new ExpressionError(`条件表达式最长${MAX_LENGTH}个字符`);
  return new Parser(tokenize(source)).parse();
}

/** null when valid, else the Chinese reason (the properties panel's syntax check). */
export function checkExpression(source: string): string | null {
  try {
    parseExpression(source);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

type Value = number | string | boolean | null | undefined;

function lookup(vars: Record<string, unknown>, path: string[]): Value {
  let cur: unknown = vars;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, seg)) return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  if (cur === null || cur === undefined) return null;
  if (typeof cur === 'number' || typeof cur === 'string' || typeof cur === 'boolean') return cur;
  return String(cur);
}

/** Numbers compare with numeric text ("1000000" == 1000000); otherwise strict equality. */
function coercePair(a: Value, b: Value): [Value, Value] {
  if (typeof a === 'number' && typeof b === 'string' && b.trim() !== '' && Number.isFinite(Number(b)))
    return [a, Number(b)];
  if (typeof b === 'number' && typeof a === 'string' && a.trim() !== '' && Number.isFinite(Number(a)))
    return [Number(a), b];
  return [a ?? null, b ?? null];
}

function equals(a: Value, b: Value): boolean {
  const [x, y] = coercePair(a, b);
  return x === y;
}

function truthy(v: Value): boolean {
  return v !== null && v !== undefined && v !== false && v !== 0 && v !== '';
}

function evalNode(node: ExpressionNode, vars: Record<string, unknown>): Value {
  switch (node.k) {
    case 'lit':
      return node.v;
    case 'var':
      return lookup(vars, node.path);
    case 'not':
      return !truthy(evalNode(node.e, vars));
    case 'neg': {
      const v = evalNode(node.e, vars);
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isFinite(n)) throw new ExpressionError('负号只能用于数字');
      return -n;
    }
    case 'and':
      return truthy(evalNode(node.l, vars)) && truthy(evalNode(node.r, vars));
    case 'or':
      return truthy(evalNode(node.l, vars)) || truthy(evalNode(node.r, vars));
    case 'in': {
      const v = evalNode(node.l, vars);
      const found = node.list.some((item) => equals(v, evalNode(item, vars)));
      return node.negate ? !found : found;
    }
    case 'cmp': {
      const l = evalNode(node.l, vars);
      const r = evalNode(node.r, vars);
      if (node.op === '==') return equals(l, r);
      if (node.op === '!=') return !equals(l, r);
      const [a, b] = coercePair(l, r);
      if (a === null || b === null || a === undefined || b === undefined) return false;
      if (typeof a !== typeof b) return false;
      switch (node.op) {
        case '>':
          return (a as number) > (b as number);
        case '>=':
          return (a as number) >= (b as number);
        case '<':
          return (a as number) < (b as number);
        default:
          return (a as number) <= (b as number);
      }
    }
  }
}

/** Evaluates a parsed expression (or its source) over the variables: the result as a boolean. */
export function evaluateExpression(expression: string | ExpressionNode, vars: Record<string, unknown>): boolean {
  const node = typeof expression === 'string' ? parseExpression(expression) : expression;
  return truthy(evalNode(node, vars));
}

/** The variable names an expression reads (the properties panel lists them). */
export function expressionVariables(source: string): string[] {
  const out = new Set<string>();
  const walk = (n: ExpressionNode): void => {
    if (n.k === 'var') out.add(n.path.join('.'));
    else if (n.k === 'not' || n.k === 'neg') walk(n.e);
    else if (n.k === 'and' || n.k === 'or' || n.k === 'cmp') {
      walk(n.l);
      walk(n.r);
    } else if (n.k === 'in') walk(n.l);
  };
  walk(parseExpression(source));
  return [...out];
}
