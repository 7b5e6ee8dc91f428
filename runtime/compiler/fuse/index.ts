/**
 * Kernel fusion as an IR transform: a map kernel (the producer) and the kernel that reads its output
 * element by element (the consumer, a map or a reduction) become one kernel. Pure: runtime/brt
 * decides what to fuse (it sees the recorded calls); this module only writes the fused IR.
 *
 * In:  producer and consumer IR, and a FuseSpec: which consumer parameters read which producer
 *      output at the same position (no resizing, same box), and which producer outputs must still
 *      be stored (the others live only in registers: "dead" intermediates).
 * Out: the fused KernelIR and, per fused parameter, where its argument comes from. Or a refusal
 *      (a reason) when the pair cannot be expressed: the runtime then runs the calls one by one.
 *
 * Shape of the result:
 * - The producer becomes a helper (`h_<tag>fz`, value semantics, its own `return`s end only it; its
 *   `indexof` reads hidden positions the call passes), called once per position with its outputs
 *   copied into locals. Kept outputs are stored from those locals.
 * - A map consumer's body follows, reading the locals where it read the producer's outputs.
 * - A reduction consumer keeps its parameters at their indices and its body (the combining step);
 *   the producer's part goes to `ir.produce` (ir.ts): it computes the reduction's input element at
 *   each element position, so partial results are still combined by the unchanged body.
 * - Every value that crosses from producer to consumer passes `fuseFence` with a uint parameter that
 *   is always 0: on the GPU an exclusive-or with it hides the producer's arithmetic from the
 *   consumer's, so a compiler cannot contract `a * b` (producer) and `+ c` (consumer) into one fused
 *   multiply-add that the unfused calls, with the value stored in between, would round twice. On the
 *   CPU the fence rounds `double` components to float32, as storing them in a stream does.
 * Fused parameters are the consumer's (minus the inputs now computed), then the producer's (minus
 * outputs not kept), then the zero (one per chain: a fused producer brings its own).
 */
import type { IRExpr, IRHelper, IRParam, IRStmt, KernelIR } from '../ir.js';
import type { Type } from '../types.js';
import { UINT, VOID, vec } from '../types.js';
import { indexofParamsOf, rewriteStmts } from './rewrite.js';
import { validateKernelIR } from '../lower/validate.js';
import { kernelFacts, type KernelFacts } from '../facts/index.js';

export interface FuseSpec {
  /** Per consumer parameter: the producer 'out' parameter it reads at the same position, or -1. */
  reads: number[];
  /** Per producer parameter: for 'out' parameters, whether the fused kernel still stores it. */
  keep: boolean[];
  /** Names the producer's helper (`h_<tag>fz`), unique within one chain of fusions. */
  tag: number;
}

export type ParamOrigin = { side: 'producer' | 'consumer'; index: number } | { side: 'zero' };

export interface FusedKernel {
  ir: KernelIR;
  /** Its kernel facts (compiler/facts), decided right after its validation. */
  facts: KernelFacts;
  /** Per parameter of `ir`: the producer's or consumer's parameter whose argument it takes, or the
   *  fence's zero (a uint constant 0). */
  origin: ParamOrigin[];
}

/** The `sourceName` of the fence's zero parameter (never shown: brt passes 0 itself). */
export const FUSE_ZERO = 'fusion zero';
/** The IR-only built-in that keeps a value's bits from being merged with the arithmetic around it. */
export const FUSE_FENCE = 'fuseFence';

const FLOAT4 = vec('float', 4);

export function fuseKernels(producer: KernelIR, consumer: KernelIR, spec: FuseSpec): FusedKernel | { refused: string } {
  if (producer.kind !== 'map' || producer.produce) return { refused: 'the producer is not a plain map kernel' };
  if (producer.params.some((p) => p.role === 'vout' || p.role === 'reduce')) return { refused: 'the producer has vout outputs' };
  if (consumer.params.some((p) => p.role === 'vout')) return { refused: 'the consumer has vout outputs' };
  if (consumer.produce) return { refused: 'the consumer is already fused with a producer' };
  // A narrow intermediate (char, fixed: IRParam.storage) is read back wrapped or rounded; the value
  // in registers is not, so such a pair runs unfused.
  if (spec.reads.some((r) => r >= 0 && producer.params[r]?.storage)) return { refused: 'the intermediate stream is stored narrow (char, unsigned char, fixed)' };
  const conflict = helperConflict(producer, consumer) ?? structConflict(producer, consumer);
  if (conflict) return { refused: conflict };
  const reduce = consumer.kind === 'reduce';
  const input = reduce ? consumer.params.findIndex((p) => p.role === 'in') : -1;
  if (reduce) {
    if (spec.reads.some((r, i) => r >= 0 && i !== input) || (spec.reads[input] ?? -1) < 0) return { refused: 'a reduction fuses only through its input' };
    if (consumer.indexofParams.length > 0) return { refused: 'the reduction reads indexof' };
  }

  // Fused parameters and where their arguments come from.
  const params: IRParam[] = [];
  const origin: ParamOrigin[] = [];
  const fromConsumer: number[] = consumer.params.map(() => -1);
  const fromProducer: number[] = producer.params.map(() => -1);
  const add = (p: IRParam, o: ParamOrigin): number => {
    const k = params.length;
    params.push({ ...p, name: `p_${k}f_${p.sourceName.replace(/[^A-Za-z0-9_]/g, '_')}` });
    origin.push(o);
    return k;
  };
  consumer.params.forEach((p, i) => {
    if ((spec.reads[i] ?? -1) < 0 || i === input) fromConsumer[i] = add(p, { side: 'consumer', index: i });
  });
  producer.params.forEach((p, i) => {
    if (p.role !== 'out' || spec.keep[i]) fromProducer[i] = add(p, { side: 'producer', index: i });
  });
  let zero = producer.params.findIndex((p) => p.role === 'const' && p.sourceName === FUSE_ZERO);
  zero = zero >= 0 ? fromProducer[zero]! : add({ name: '', sourceName: FUSE_ZERO, role: 'const', type: UINT, span: producer.span }, { side: 'zero' });
  const zeroRead: IRExpr = { op: 'param', type: UINT, index: zero };

  // A position for indexof of producer parameters the fused kernel no longer has (outputs in
  // registers only): any output of the fused kernel is written at the current position, and a
  // reduction's computed input is dense, so its indexof is the element's position.
  const position = (): IRExpr | null => {
    const k = reduce ? input : params.findIndex((p) => p.role === 'out');
    return k >= 0 ? { op: 'indexof', type: FLOAT4, param: k } : null;
  };

  // The producer's part: locals for its outputs, the call, the stores of kept outputs.
  const tag = spec.tag;
  const outLocal = (j: number) => `l_${tag}fz_${j}`;
  const part: IRStmt[] = [];
  producer.params.forEach((p, j) => {
    if (p.role === 'out') part.push({ op: 'declare', name: outLocal(j), type: p.type, init: null });
  });
  const helper = kernelAsHelper(producer, `h_${tag}fz`);
  const indexofArgs: IRExpr[] = [];
  for (const i of producer.indexofParams) {
    const k = fromProducer[i]!;
    const pos = k >= 0 ? ({ op: 'indexof', type: FLOAT4, param: k } as IRExpr) : position();
    if (!pos) return { refused: 'the producer reads indexof of an output the fused kernel does not keep' };
    indexofArgs.push(pos);
  }
  part.push({
    op: 'expr',
    expr: {
      op: 'call',
      type: VOID,
      helper: helper.name,
      args: producer.params.map((p, i): IRExpr => {
        if (p.role === 'out') return { op: 'local', type: p.type, name: outLocal(i) };
        if (p.role === 'gather') return { op: 'param', type: { kind: 'gather', elem: p.type, dims: p.gatherDims ?? 1 }, index: fromProducer[i]! };
        return { op: 'param', type: p.type, index: fromProducer[i]! };
      }),
      outArgs: producer.params.map((p, i) => (p.role === 'out' ? { root: { kind: 'local', name: outLocal(i) }, type: p.type, path: [] } : null)),
      indexofArgs,
    },
    span: producer.span,
  });
  producer.params.forEach((p, j) => {
    if (p.role === 'out' && spec.keep[j]) {
      part.push({ op: 'assign', target: { root: { kind: 'param', index: fromProducer[j]! }, type: p.type, path: [] }, value: { op: 'local', type: p.type, name: outLocal(j) } });
    }
  });
  const crossing = (j: number): IRExpr => fenced({ op: 'local', type: producer.params[j]!.type, name: outLocal(j) }, zeroRead);

  const helpers = mergeHelpers(producer.helpers, [helper], consumer.helpers);
  let body: IRStmt[];
  let produce: KernelIR['produce'];
  if (reduce) {
    // The consumer keeps its indices: its body is the combining step as it was.
    body = consumer.body;
    const inType = consumer.params[input]!.type;
    part.push({ op: 'assign', target: { root: { kind: 'param', index: input }, type: inType, path: [] }, value: crossing(spec.reads[input]!) });
    produce = { from: consumer.params.length, body: part };
  } else {
    const readLocal = (c: number) => `l_${tag}fz_r${c}`;
    const reads: IRStmt[] = [];
    consumer.params.forEach((p, c) => {
      const j = spec.reads[c] ?? -1;
      if (j >= 0) reads.push({ op: 'declare', name: readLocal(c), type: p.type, init: crossing(j) });
    });
    const pos = position();
    let missing = false;
    const rest = rewriteStmts(consumer.body, {
      read: (i, e) => ((spec.reads[i] ?? -1) >= 0 ? { op: 'local', type: e.type, name: readLocal(i), span: e.span } : { ...e, index: fromConsumer[i]! }),
      index: (i) => fromConsumer[i]!,
      indexof: (i, e) => {
        if ((spec.reads[i] ?? -1) < 0) return { ...e, param: fromConsumer[i]! };
        // The value read at the current position: its position is the fused kernel's position.
        if (!pos) missing = true;
        return pos ? { ...pos, span: e.span } : e;
      },
    });
    if (missing) return { refused: 'the consumer reads indexof of a fused input and has no output' };
    body = [...part, ...reads, ...rest];
  }
  const ir: KernelIR = {
    name: `${producer.name}+${consumer.name}`,
    kind: consumer.kind,
    params,
    body,
    helpers,
    indexofParams: indexofParamsOf(produce ? [...body, ...produce.body] : body),
    span: consumer.span,
    ...(produce ? { produce } : {}),
  };
  // The fused IR meets ir.ts's invariants before a writer sees it; if not (a bug here), the calls run unfused.
  const invalid = validateKernelIR(ir);
  if (invalid.length) return { refused: `the fused kernel IR is invalid (a bug in fusion): ${invalid.join('; ')}` };
  // Then its facts, once, for every writer (compiler/facts), as for a kernel the lowering made.
  return { ir, facts: kernelFacts(ir), origin };
}

/** A map kernel as a helper: its parameters in order (outputs as out-parameters), its `indexof`
 *  reading the hidden positions the caller passes. */
export function kernelAsHelper(ir: KernelIR, name: string): IRHelper {
  const body = rewriteStmts(ir.body, {
    read: (_i, e) => e,
    index: (i) => i,
    indexof: (i, e) => ({ op: 'helperIndexof', type: e.type, param: i, span: e.span }),
  });
  return {
    name,
    params: ir.params.map((p) => ({
      name: p.name,
      type: p.role === 'gather' ? { kind: 'gather', elem: p.type, dims: p.gatherDims ?? 1 } : p.type,
      isOut: p.role === 'out',
      isStream: p.role === 'in' || p.role === 'out' || p.role === 'gather' || p.role === 'iter',
    })),
    returnType: VOID,
    body,
    hiddenIndexofParams: [...ir.indexofParams],
    span: ir.span,
  };
}

/** `x` with its float components passed through the fence (x must be cheap to repeat: a local). */
export function fenced(x: IRExpr, zero: IRExpr): IRExpr {
  const t = x.type;
  if ((t.kind === 'scalar' && (t.name === 'float' || t.name === 'double')) || (t.kind === 'vector' && (t.elem === 'float' || t.elem === 'double'))) {
    return { op: 'builtin', type: t, name: FUSE_FENCE, args: [x, zero] };
  }
  if (t.kind === 'struct' && hasFloat(t)) {
    return { op: 'construct', type: t, args: t.fields.map((f) => fenced({ op: 'field', type: f.type, value: x, field: f.name }, zero)) };
  }
  return x;
}

function hasFloat(t: Type): boolean {
  if (t.kind === 'scalar') return t.name === 'float' || t.name === 'double';
  if (t.kind === 'vector') return t.elem === 'float' || t.elem === 'double';
  if (t.kind === 'struct') return t.fields.some((f) => f.type.kind !== 'array' && hasFloat(f.type));
  return false;
}

/** Helpers of both kernels, each once (callees before callers kept). */
function mergeHelpers(...lists: IRHelper[][]): IRHelper[] {
  const out: IRHelper[] = [];
  const seen = new Set<string>();
  for (const list of lists) {
    for (const h of list) {
      if (seen.has(h.name)) continue;
      seen.add(h.name);
      out.push(h);
    }
  }
  return out;
}

const noSpans = (key: string, v: unknown) => (key === 'span' ? undefined : v);

/** Two kernels from different cells may call different helpers of one name. */
function helperConflict(a: KernelIR, b: KernelIR): string | undefined {
  const byName = new Map(a.helpers.map((h) => [h.name, h]));
  for (const h of b.helpers) {
    const other = byName.get(h.name);
    if (other && other !== h && JSON.stringify(other, noSpans) !== JSON.stringify(h, noSpans)) return `two different helpers named ${h.name}`;
  }
  return undefined;
}

/** Two kernels from different cells may use different structs of one name. */
function structConflict(a: KernelIR, b: KernelIR): string | undefined {
  const seen = new Map<string, string>();
  let clash: string | undefined;
  const visit = (t: Type): void => {
    if (t.kind === 'array' || t.kind === 'gather') return visit(t.elem);
    if (t.kind !== 'struct') return;
    const text = JSON.stringify(t);
    const before = seen.get(t.name);
    if (before !== undefined && before !== text) clash = `two different structs named ${t.name}`;
    seen.set(t.name, text);
    for (const f of t.fields) visit(f.type);
  };
  for (const k of [a, b]) {
    for (const p of k.params) visit(p.type);
    for (const h of k.helpers) {
      for (const p of h.params) visit(p.type);
      visit(h.returnType);
    }
  }
  return clash;
}
