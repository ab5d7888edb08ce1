/**
 * Declared field formulas (`formula` on an entity field): parsed once by jsep into an AST and
 * evaluated here, by the form while the user types and by the server's write pipeline on save,
 * so the two can never disagree. Pure and isomorphic.
 *
 * Arithmetic is exact: every value is a fraction of big integers (money travels as "36.00", and
 * 0.1 + 0.2 must be 0.3), and the result is rounded half away from zero to the target's scale
 * only at the end. A blank input or a division by zero makes the result blank (null), never
 * NaN or Infinity.
 */
import jsep from 'jsep';

type Node = jsep.Expression;

/** A fraction n/d with d > 0. */
interface Q { n: bigint; d: bigint }

export const FORMULA_FUNCTIONS = ['round', 'min', 'max', 'abs', 'if', 'coalesce'] as const;
const BINARY = new Set(['+', '-', '*', '/', '>', '<', '>=', '<=', '==', '!=']);

const abs = (x: bigint) => (x < 0n ? -x : x);
function gcd(a: bigint, b: bigint): bigint {
  a = abs(a); b = abs(b);
  while (b) [a, b] = [b, a % b];
  return a || 1n;
}
function q(n: bigint, d: bigint): Q {
  if (d < 0n) { n = -n; d = -d; }
  const g = gcd(n, d);
  return { n: n / g, d: d / g };
}
const add = (a: Q, b: Q) => q(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a: Q, b: Q) => q(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a: Q, b: Q) => q(a.n * b.n, a.d * b.d);
const div = (a: Q, b: Q): Q | null => (b.n === 0n ? null : q(a.n * b.d, a.d * b.n));
const cmp = (a: Q, b: Q) => { const x = a.n * b.d - b.n * a.d; return x < 0n ? -1 : x > 0n ? 1 : 0; };
const ONE: Q = { n: 1n, d: 1n };
const ZERO: Q = { n: 0n, d: 1n };

/** A decimal as typed or stored ("36.00", 36, "1e-3", " 5 ") as an exact fraction; blank or not a number → null. */
export function toFraction(v: unknown): Q | null {
  if (v === null || v === undefined || v === '' || typeof v === 'boolean') return null;
  if (typeof v === 'number' && !Number.isFinite(v)) return null;
  const m = /^\s*([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/.exec(String(v));
  if (!m || (!m[2] && !m[3])) return null;
  const frac = m[3] ?? '';
  let n = BigInt(`${m[2] || '0'}${frac}`);
  let d = 10n ** BigInt(frac.length);
  const e = Number(m[4] ?? 0);
  if (e > 0) n *= 10n ** BigInt(e); else if (e < 0) d *= 10n ** BigInt(-e);
  return q(m[1] === '-' ? -n : n, d);
}

/** Half away from zero, exactly, to `scale` decimals. */
function roundTo(x: Q, scale: number): Q {
  const f = 10n ** BigInt(Math.max(0, scale));
  const scaled = x.n * f;
  let i = scaled / x.d; // truncated toward zero
  const rem = abs(scaled % x.d);
  if (rem * 2n >= x.d) i += x.n < 0n ? -1n : 1n;
  return q(i, f);
}

/** A fraction as fixed-point text with `scale` decimals ("33.03", "-0.50", "12"). */
export function formatFraction(x: Q, scale: number): string {
  const r = roundTo(x, scale);
  const f = 10n ** BigInt(Math.max(0, scale));
  const units = (r.n * f) / r.d;
  const neg = units < 0n;
  const digits = abs(units).toString().padStart(scale + 1, '0');
  const text = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return neg && units !== 0n ? `-${text}` : text;
}

const cache = new Map<string, Node>();

/** The formula's AST; throws a message naming what is not allowed (the generator reports it). */
export function parseFormula(src: string): Node {
  const hit = cache.get(src);
  if (hit) return hit;
  const ast = jsep(src);
  check(ast);
  cache.set(src, ast);
  return ast;
}

function check(node: Node): void {
  switch (node.type) {
    case 'Literal':
      if (typeof node.value !== 'number') throw new Error(`只能使用数字常量：${String(node.raw)}`);
      return;
    case 'Identifier':
      return;
    case 'BinaryExpression':
      if (!BINARY.has(node.operator as string)) throw new Error(`不支持的运算符：${String(node.operator)}`);
      check(node.left as Node); check(node.right as Node);
      return;
    case 'UnaryExpression':
      if (node.operator !== '-' && node.operator !== '+') throw new Error(`不支持的运算符：${String(node.operator)}`);
      check(node.argument as Node);
      return;
    case 'CallExpression': {
      const callee = node.callee as Node;
      if (callee.type !== 'Identifier' || !(FORMULA_FUNCTIONS as readonly string[]).includes(callee.name as string)) {
        throw new Error(`不支持的函数：${callee.type === 'Identifier' ? String(callee.name) : '?'}`);
      }
      (node.arguments as Node[]).forEach(check);
      return;
    }
    default:
      throw new Error(`不支持的表达式：${node.type}`);
  }
}

/** The field names a formula reads (its identifiers that are not function names). */
export function formulaInputs(src: string): string[] {
  const out = new Set<string>();
  const walk = (n: Node) => {
    if (n.type === 'Identifier') out.add(n.name as string);
    else if (n.type === 'BinaryExpression') { walk(n.left as Node); walk(n.right as Node); }
    else if (n.type === 'UnaryExpression') walk(n.argument as Node);
    else if (n.type === 'CallExpression') (n.arguments as Node[]).forEach(walk);
  };
  walk(parseFormula(src));
  return [...out];
}

/** Comparisons yield 1 or 0 (for `if`). */
function evalNode(n: Node, values: Record<string, unknown>): Q | null {
  switch (n.type) {
    case 'Literal': return toFraction(n.value);
    case 'Identifier': return toFraction(values[n.name as string]);
    case 'UnaryExpression': {
      const a = evalNode(n.argument as Node, values);
      return a === null ? null : n.operator === '-' ? q(-a.n, a.d) : a;
    }
    case 'BinaryExpression': {
      const a = evalNode(n.left as Node, values);
      const b = evalNode(n.right as Node, values);
      if (a === null || b === null) return null;
      switch (n.operator) {
        case '+': return add(a, b);
        case '-': return sub(a, b);
        case '*': return mul(a, b);
        case '/': return div(a, b);
        case '>': return cmp(a, b) > 0 ? ONE : ZERO;
        case '<': return cmp(a, b) < 0 ? ONE : ZERO;
        case '>=': return cmp(a, b) >= 0 ? ONE : ZERO;
        case '<=': return cmp(a, b) <= 0 ? ONE : ZERO;
        case '==': return cmp(a, b) === 0 ? ONE : ZERO;
        case '!=': return cmp(a, b) !== 0 ? ONE : ZERO;
      }
      return null;
    }
    case 'CallExpression': {
      const name = (n.callee as Node).name as string;
      const args = n.arguments as Node[];
      if (name === 'coalesce') {
        for (const a of args) { const v = evalNode(a, values); if (v !== null) return v; }
        return null;
      }
      if (name === 'if') {
        const c = evalNode(args[0]!, values);
        if (c === null) return null;
        return evalNode(c.n !== 0n ? args[1]! : args[2]!, values);
      }
      const vs = args.map((a) => evalNode(a, values));
      if (vs.some((v) => v === null)) return null;
      const xs = vs as Q[];
      if (name === 'abs') return q(abs(xs[0]!.n), xs[0]!.d);
      if (name === 'min') return xs.reduce((m, x) => (cmp(x, m) < 0 ? x : m));
      if (name === 'max') return xs.reduce((m, x) => (cmp(x, m) > 0 ? x : m));
      if (name === 'round') {
        const digits = xs[1] ? Number(xs[1].n / xs[1].d) : 0;
        return roundTo(xs[0]!, digits);
      }
      return null;
    }
  }
  return null;
}

/**
 * The formula's value over a record's values, as the target field stores it: fixed-point text
 * with `scale` decimals, or null when an input is blank or a divisor is zero.
 */
export function evaluateFormula(src: string, values: Record<string, unknown>, scale: number): string | null {
  const v = evalNode(parseFormula(src), values);
  return v === null ? null : formatFraction(v, scale);
}

/** What formula evaluation needs of an entity (structural: the browser's and the server's entity both fit). */
export interface FormulaEntity {
  fields: Record<string, { type: string; scale?: number; formula?: string }>;
}

/** The decimals a formula's target keeps: money 2, a number its scale, an integer none. */
export function targetScale(f: { type: string; scale?: number }): number {
  if (f.type === 'money') return 2;
  if (f.type === 'number') return f.scale ?? 4;
  return 0;
}

/**
 * The entity's formula fields in an order where each comes after the formula fields it reads
 * (the generator refuses cycles, so this always completes).
 */
export function formulaOrder(entity: FormulaEntity): string[] {
  const formulas = Object.entries(entity.fields).filter(([, f]) => f.formula).map(([k]) => k);
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (k: string, path: string[]) => {
    if (seen.has(k)) return;
    if (path.includes(k)) throw new Error(`公式循环引用：${[...path, k].join(' → ')}`);
    for (const dep of formulaInputs(entity.fields[k]!.formula!)) if (entity.fields[dep]?.formula) visit(dep, [...path, k]);
    seen.add(k);
    out.push(k);
  };
  for (const k of formulas) visit(k, []);
  return out;
}

/**
 * Every formula field of the entity over `values`, in dependency order (a margin reads the
 * amount excluding tax just worked out). Returns only the formula fields' values.
 */
export function computeFormulas(entity: FormulaEntity, values: Record<string, unknown>): Record<string, string | number | null> {
  const merged: Record<string, unknown> = { ...values };
  const out: Record<string, string | number | null> = {};
  for (const k of formulaOrder(entity)) {
    const f = entity.fields[k]!;
    const text = evaluateFormula(f.formula!, merged, targetScale(f));
    const v = text !== null && (f.type === 'integer' || f.type === 'bigint') ? Number(text) : text;
    merged[k] = v;
    out[k] = v;
  }
  return out;
}
