/**
 * Type syntax to Type: TypeSpec (built-in names, typedef names, `struct Tag`, inline struct
 * definitions), declarator pointers and array extents, TypeName in casts and sizeof. Also the
 * constant evaluator used for array sizes and `vout [N]`.
 *
 * Kernel rule (decided here, documented in BRK2402): `double` inside kernels is computed as float32,
 * with a warning. Both backends agree that way, and WebGPU has no f64.
 */
import type { Expr, StructDef, TypeName, TypeSpec } from '../ast.js';
import type { StructType, Type } from '../types.js';
import type { Span } from '../source.js';
import { builtinTypeByName, sizeOf, typeToString } from '../types.js';
import { limitText, MAX_HOST_OBJECT_BYTES } from '../limits.js';
import { reportCheck } from '../messages/check.js';
import type { Ctx } from './ctx.js';
import { ERROR, closestName, isLoose } from './typing.js';
import { checkOperand } from './operands.js';
import { LIBRARY_STRUCTS } from './hostlib.js';

export function resolveTypeSpec(ctx: Ctx, ts: TypeSpec): Type {
  const t = resolveBase(ctx, ts);
  ts.type = t;
  return t;
}

/** BrookGPU's C++ `brook::stream`: a stream of any element type and rank (checked where it is used,
 *  at run time). In host memory it is an 8-byte handle (hostlib/stream-handles.ts). */
const BROOK_STREAM: Type = { kind: 'stream', elem: ERROR, rank: null, iter: false };
const BROOK_ITER: Type = { kind: 'stream', elem: ERROR, rank: null, iter: true };

function resolveBase(ctx: Ctx, ts: TypeSpec): Type {
  if (ts.struct) return defineStruct(ctx, ts.struct, ts.name);
  const name = ts.name;
  const builtin = builtinTypeByName(name);
  if (builtin) return builtin;
  // `brook::StreamInterface *` is what a brook::stream converts to: a pointer to the stream.
  if (name === 'brook::stream' || name === 'brook::StreamInterface') return BROOK_STREAM;
  if (name === 'brook::iter') return BROOK_ITER;
  if (name.startsWith('struct ')) {
    const tag = name.slice(7).trim();
    const s = ctx.structs.get(tag) ?? LIBRARY_STRUCTS.get(tag);
    if (s) return s;
    reportCheck(ctx.bag, 'BRK2004', ts.span, { name: tag });
    return ERROR;
  }
  const td = ctx.scope.lookupTypedef(name) ?? ctx.typedefs.get(name);
  if (td) return td;
  const tagged = ctx.structs.get(name); // C++: `Pair p;` after `struct Pair { ... };`
  if (tagged) return tagged;
  const candidates = [...ctx.typedefs.keys(), ...ctx.structs.keys(), 'float', 'float2', 'float3', 'float4', 'int', 'int2', 'int3', 'int4', 'double', 'char', 'void', 'uint', 'bool'];
  const near = closestName(name, candidates);
  reportCheck(ctx.bag, 'BRK2002', ts.span, { name }, near ? { hint: `did you mean '${near}'?` } : undefined);
  return ERROR;
}

/** Register a struct definition; anonymous structs take the typedef name later (see typedef). */
export function defineStruct(ctx: Ctx, def: StructDef, fallbackName?: string): StructType {
  const name = def.tag ?? (fallbackName && /^[A-Za-z_]\w*$/.test(fallbackName) && !isBuiltinName(fallbackName) ? fallbackName : `__anon${ctx.anon++}`);
  // A struct declared before (`struct S;`) is completed in place: pointers to it see the fields.
  const before = def.tag ? ctx.structs.get(def.tag) : undefined;
  const st: StructType = before?.incomplete ? before : { kind: 'struct', name, fields: [] };
  delete st.incomplete;
  if (def.tag) ctx.structs.set(def.tag, st); // before fields: a struct may point to itself
  const seen = new Set<string>();
  for (const f of def.fields) {
    let ft = resolveTypeSpec(ctx, f.typeSpec);
    for (let i = 0; i < f.pointer; i++) ft = { kind: 'pointer', to: ft };
    ft = applyArrayDims(ctx, ft, f.arrayDims);
    requireComplete(ctx, ft, f.typeSpec.span);
    if (seen.has(f.name)) reportCheck(ctx.bag, 'BRK2007', f.span, { name: f.name, struct: name });
    seen.add(f.name);
    st.fields.push({ name: f.name, type: ft });
  }
  return st;
}

/** `struct S;` (or `class C;`): an incomplete type until its definition (pointers to it work). */
export function declareIncomplete(ctx: Ctx, tag: string): void {
  if (!ctx.structs.has(tag)) ctx.structs.set(tag, { kind: 'struct', name: tag, fields: [], incomplete: true });
}

/** A value (not a pointer) of an incomplete type: C and C++ need its definition. */
export function requireComplete(ctx: Ctx, t: Type, span: Span): void {
  let x = t;
  while (x.kind === 'array') x = x.elem;
  if (x.kind === 'struct' && x.incomplete) reportCheck(ctx.bag, 'BRK2004', span, { name: x.name }, { hint: `'${x.name}' is only declared ('class ${x.name};'): define it before this, or use a pointer to it` });
}

export function applyArrayDims(ctx: Ctx, base: Type, dims: readonly (Expr | null)[], initLength?: number): Type {
  let t = base;
  for (let i = dims.length - 1; i >= 0; i--) {
    const d = dims[i];
    let length: number | null = null;
    if (d) {
      const dt = d.type ?? checkOperand(ctx, d);
      const v = evalConst(ctx, d);
      if (isLoose(dt)) length = null; // already reported (an unknown name)
      else if (v === undefined || !Number.isInteger(v) || v <= 0) reportCheck(ctx.bag, 'BRK2009', d.span);
      else length = v;
    } else if (i === 0 && initLength !== undefined) {
      length = initLength;
    }
    t = { kind: 'array', elem: t, length };
    // Checked before anything is laid out or allocated: a too large array is one error, not an OOM.
    const bytes = length === null ? 0 : sizeOf(t);
    if (bytes > MAX_HOST_OBJECT_BYTES) {
      const at = d ?? dims.find((x) => x);
      if (at) reportCheck(ctx.bag, 'BRK2010', at.span, { count: length ?? 0, elem: typeToString(t.elem), bytes, limit: limitText(MAX_HOST_OBJECT_BYTES) });
      return ERROR;
    }
  }
  return t;
}

function isBuiltinName(n: string): boolean {
  return n === 'struct' || builtinTypeByName(n) !== undefined;
}

export function resolveTypeName(ctx: Ctx, tn: TypeName): Type {
  let t = resolveTypeSpec(ctx, tn.typeSpec);
  for (let i = 0; i < tn.pointer; i++) t = { kind: 'pointer', to: t };
  t = applyArrayDims(ctx, t, tn.arrayDims);
  tn.type = t;
  return t;
}

/** Integer constant expressions (array sizes, vout bounds): literals, hostlib constants, + - * / % <<
 *  >> and parentheses. Undefined when not constant. */
export function evalConst(ctx: Ctx, e: Expr): number | undefined {
  switch (e.kind) {
    case 'NumberLit': return e.value;
    case 'CharLit': return e.value;
    case 'Ident': {
      const sym = ctx.scope.lookup(e.name);
      return sym?.hostlib?.value ?? sym?.constValue;
    }
    case 'UnaryExpr': {
      const v = evalConst(ctx, e.operand);
      if (v === undefined) return undefined;
      return e.op === '-' ? -v : e.op === '+' ? v : e.op === '~' ? ~v : e.op === '!' ? Number(!v) : undefined;
    }
    case 'BinaryExpr': {
      const a = evalConst(ctx, e.left);
      const b = evalConst(ctx, e.right);
      if (a === undefined || b === undefined) return undefined;
      switch (e.op) {
        case '+': return a + b;
        case '-': return a - b;
        case '*': return a * b;
        case '/': return b === 0 ? undefined : Number.isInteger(a) && Number.isInteger(b) ? Math.trunc(a / b) : a / b;
        case '%': return b === 0 ? undefined : a % b;
        case '<<': return Number.isInteger(a) && b >= 0 && b < 64 ? a * 2 ** b : undefined; // exact: a too large size is reported, never wrapped
        case '>>': return a >> b;
        default: return undefined;
      }
    }
    case 'CastExpr': return evalConst(ctx, e.operand);
    case 'SizeofExpr': {
      // `unsigned char bytes[sizeof(float)]`: C's layout (types.ts sizeOf).
      const target = e.target;
      const t = target.kind === 'TypeName' ? (target.type ?? resolveTypeName(ctx, target)) : (target.type ?? checkOperand(ctx, target));
      return isLoose(t) || t.kind === 'void' ? undefined : sizeOf(t);
    }
    default: return undefined;
  }
}
