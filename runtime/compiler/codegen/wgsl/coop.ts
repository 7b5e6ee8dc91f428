/**
 * Cooperative loops, the writer's half: a map kernel whose work is one counted sum loop runs as a
 * workgroup per output element. The lanes take strided iterations (lane l runs i = start + l*step,
 * then every WG-th), each lane sums its terms in order, a fixed halving tree adds the lanes' sums,
 * and lane 0 runs the rest of the body and stores the outputs. Neighbouring lanes then read
 * neighbouring elements of a row (coalesced), and a few outputs still fill the GPU.
 *
 * Which kernels qualify and a call's trips are the schedule's (schedule/coop-loop.ts); this module
 * writes the cooperative body (`writeCoopBody`) and its workgroup memory (`coopShared`). The entry
 * point around it is kernel.ts `coopMain`.
 */
import type { IRExpr, IRLValue, IRStmt, KernelIR } from '../../ir.js';
import type { Type } from '../../types.js';
import type { CoopLoop } from '../../schedule/coop-loop.js';
import { BodyWriter } from './body.js';
import { safeName, wgslType } from './names.js';

// --- the cooperative body -------------------------------------------------------------------------

/**
 * The lines of `kbody` for a cooperative variant of `wg` lanes (the signature is the caller's, with
 * `lid: u32` first): the prologue on every lane; lanes other than 0 restart the accumulators at
 * -0.0 (the identity of float addition: x + -0.0 == x for every x, -0.0 included); the strided loop;
 * a fixed halving tree of the lanes' sums in workgroup memory (`coop_k`, declared by `coopShared`);
 * then lane 0 takes the totals and runs the epilogue.
 */
export function writeCoopBody(ir: KernelIR, loop: CoopLoop, wg: number, writer: BodyWriter): string[] {
  const L: string[] = [];
  const ind = '  ';
  const laneType = loop.indexType === 'float' ? 'f32' : loop.indexType === 'int' ? 'i32' : 'u32';
  L.push(`${ind}let k_lane = ${laneType}(lid);`);
  L.push(...writer.stmts(ir.body.slice(0, loop.at), ind));
  const negZero = 'bitcast<f32>(0x80000000u)';
  L.push(`${ind}if (lid != 0u) {`);
  for (const a of loop.accumulators) L.push(`${ind}  ${safeName(a.name)} = ${wgslType(a.type)}(${negZero});`);
  L.push(`${ind}}`);
  const orig = ir.body[loop.at] as IRStmt & { op: 'loop' };
  const t: Type = { kind: 'scalar', name: loop.indexType };
  const local = (name: string): IRExpr => ({ op: 'local', type: t, name });
  const num = (v: number): IRExpr => ({ op: 'const', type: t, value: [v] });
  const target: IRLValue = { root: { kind: 'local', name: loop.index }, type: t, path: [] };
  const laneOffset: IRExpr = loop.step === 1 ? local('k_lane') : { op: 'binary', type: t, operator: '*', left: local('k_lane'), right: num(loop.step) };
  const strided: IRStmt = {
    ...orig,
    init: [...orig.init, { op: 'assign', target, value: { op: 'binary', type: t, operator: '+', left: local(loop.index), right: laneOffset } }],
    update: [{ op: 'assign', target, value: { op: 'binary', type: t, operator: '+', left: local(loop.index), right: num(wg * loop.step) } }],
  };
  L.push(...writer.stmts([strided], ind));
  loop.accumulators.forEach((a, k) => L.push(`${ind}coop_${k}[lid] = ${safeName(a.name)};`));
  L.push(
    `${ind}workgroupBarrier();`,
    `${ind}for (var coop_s = ${wg >> 1}u; coop_s > 0u; coop_s = coop_s >> 1u) {`,
    `${ind}  if (lid < coop_s) {`,
    ...loop.accumulators.map((_, k) => `${ind}    coop_${k}[lid] = coop_${k}[lid] + coop_${k}[lid + coop_s];`),
    `${ind}  }`,
    `${ind}  workgroupBarrier();`,
    `${ind}}`,
    `${ind}if (lid == 0u) {`,
    ...loop.accumulators.map((a, k) => `${ind}  ${safeName(a.name)} = coop_${k}[0];`),
    ...writer.stmts(ir.body.slice(loop.at + 1), ind + '  '),
    `${ind}}`,
  );
  return L;
}

/** Workgroup memory of the lanes' partial sums, one array per accumulator. */
export function coopShared(loop: CoopLoop, wg: number): string[] {
  return loop.accumulators.map((a, k) => `var<workgroup> coop_${k}: array<${wgslType(a.type)}, ${wg}>;`);
}
