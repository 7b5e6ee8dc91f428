/**
 * The arguments of a kernel body inside an entry point: values of inputs, iterators, constants and
 * outputs at an output position (`argumentSetup`), and the call of `kbody` with them. Shared by the
 * map entries (mains.ts) and the reduction entries (reduce.ts).
 */
import type { KernelIR } from '../../ir.js';
import { flattenElement } from '../../types.js';
import { wgslType } from './names.js';
import type { KernelVariant, ModulePlan } from './layout.js';
import { vecOf, type Pos, type Shapes } from './shapes.js';

/** The WGSL name of kernel parameter i. */
export const a = (i: number) => `a_${i}`;

/** Statements computing argument values for output position `o` (components `o`) with linear index `i`,
 *  in an iteration space of shape U[space] (the output's, U[0], unless a fused reduction's producer
 *  runs at input positions). */
export function argumentSetup(ir: KernelIR, v: KernelVariant, plan: ModulePlan, indexofSet: Set<number>, ind: string, S: Shapes, o: Pos, space = 0, loaded?: (i: number) => string | undefined): string[] {
  const lines: string[] = [];
  for (const p of plan.params) {
    const i = p.index;
    const u = p.uniform;
    const ty = wgslType(p.type);
    switch (p.role) {
      case 'in': {
        const given = loaded?.(i);
        if (given !== undefined) {
          lines.push(`${ind}let ${a(i)} = ${given};`);
          break;
        }
        if (v.direct[i] && !indexofSet.has(i)) {
          lines.push(`${ind}let ${a(i)} = ld_${i}(i);`);
          break;
        }
        const rp = S.resize(o, u + 1, space);
        lines.push(`${ind}let ${a(i)} = ld_${i}(${v.direct[i] ? 'i' : S.linear(rp, u, u + 2)});`);
        if (indexofSet.has(i)) {
          lines.push(`${ind}ix_${i} = brk_pos(${vecOf(rp)});`);
          if (v.mode === 'map' && S.specialized) lines.push(`${ind}ixu_${i} = ${vecOf(rp)};`);
        }
        break;
      }
      case 'iter': {
        const n = flattenElement(p.type).length;
        const r = `r_${i}`;
        lines.push(`${ind}let ${r} = U[${u}u] + brk_resize(${vecOf(o)}, U[${u + 1}u], ${S.vec(space)});`);
        lines.push(`${ind}let lo_${i} = bitcast<vec4<f32>>(U[${u + 3}u]);`);
        lines.push(`${ind}let hi_${i} = bitcast<vec4<f32>>(U[${u + 4}u]);`);
        // 1-D: every component steps with the index; 2-D and up: component c steps along dimension
        // c counted from the fastest (.x along the columns, .y along the rows). The value: the rule of
        // compiler/facts/iterator.ts (brk_iter divides exactly, as the CPU writers do).
        const one = `U[${u + 5}u].x <= 1u`;
        lines.push(`${ind}let v_${i} = brk_iter(lo_${i}, hi_${i}, select(${r}.wzyx, ${r}.wwww, ${one}), select(U[${u + 2}u].wzyx, U[${u + 2}u].wwww, ${one}));`);
        const comps = ['x', 'y', 'z', 'w'].slice(0, n);
        lines.push(`${ind}let ${a(i)} = ${n === 1 ? `v_${i}.x` : `${ty}(${comps.map((c) => `v_${i}.${c}`).join(', ')})`};`);
        if (indexofSet.has(i)) lines.push(`${ind}ix_${i} = brk_pos(${r} - U[${u}u]);`);
        break;
      }
      case 'const': {
        const flat = flattenElement(p.type);
        const words = flat.map((c, k) => {
          const w = `U[${u + (k >> 2)}u].${'xyzw'[k & 3]}`;
          return c.scalar === 'float' ? `bitcast<f32>(${w})` : c.scalar === 'int' ? `bitcast<i32>(${w})` : c.scalar === 'bool' ? `(${w} != 0u)` : w;
        });
        lines.push(`${ind}let ${a(i)} = ${buildFromFlat(p.type, words)};`);
        break;
      }
      case 'out':
        lines.push(`${ind}var ${a(i)}: ${ty};`);
        if (indexofSet.has(i)) {
          lines.push(`${ind}ix_${i} = brk_pos(${vecOf(o)});`);
          if (v.mode === 'map' && S.specialized) lines.push(`${ind}ixu_${i} = ${vecOf(o)};`);
        }
        break;
      case 'vout':
        lines.push(`${ind}var ${a(i)}: ${ty};`);
        break;
      default:
        break;
    }
  }
  return lines;
}

/** A value of type t from its flat component expressions (C order). */
export function buildFromFlat(t: import('../../types.js').Type, words: string[]): string {
  let k = 0;
  const build = (ty: import('../../types.js').Type): string => {
    if (ty.kind === 'scalar') return words[k++]!;
    if (ty.kind === 'vector') return `${wgslType(ty)}(${Array.from({ length: ty.size }, () => words[k++]!).join(', ')})`;
    if (ty.kind === 'struct') return `${wgslType(ty)}(${ty.fields.map((f) => build(f.type)).join(', ')})`;
    if (ty.kind === 'array' && ty.length !== null) return `${wgslType(ty)}(${Array.from({ length: ty.length }, () => build(ty.elem)).join(', ')})`;
    throw new Error(`internal: constant of type ${ty.kind}`);
  };
  return build(t);
}

/** The call of `kbody`; `lead`: arguments before the parameters' (a cooperative body's lane). */
export function bodyCall(ir: KernelIR, lead: string[] = []): string {
  const args = [...lead, ...ir.params.flatMap((p, i) => (p.role === 'gather' || !inBody(ir, i) ? [] : p.role === 'out' || p.role === 'reduce' || p.role === 'vout' ? [`&${a(i)}`] : [a(i)]))];
  return `kbody(${args.join(', ')});`;
}

/** Whether kernel parameter i is a parameter of `kbody` (all but a fused reduction's producer's). */
export function inBody(ir: KernelIR, i: number): boolean {
  return !ir.produce || i < ir.produce.from;
}

