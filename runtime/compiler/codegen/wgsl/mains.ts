/**
 * The entry points of map-like modes (kernel.ts assembles the module): one invocation per output
 * position (`mapMain`, also the vout modes), a workgroup per output element for a cooperative loop
 * (`coopMain`), four outputs a thread for a coarsened 2-D map (`coarseMapMain`). Which of them a call
 * uses is the schedule's choice (compiler/schedule), carried by the variant.
 */
import type { KernelIR } from '../../ir.js';
import { wgslType } from './names.js';
import { voutParams, WG2D, type KernelVariant, type ModulePlan } from './layout.js';
import { ZERO, type Pos, type Shapes } from './shapes.js';
import { coopLoop, type CoopLoop } from '../../schedule/coop-loop.js';
import { a, argumentSetup, bodyCall } from './args.js';

/** The entry's first lines: `i` (linear output index) and the output position, or a return for
 *  threads past the end. A 2-D grid (ShapeSpec.grid 2) runs over (row, column) of a 2-D output. */
function positionSetup(v: KernelVariant, S: Shapes): { head: string[]; o: Pos } {
  if (v.shapes?.grid === 2) {
    const cols = S.comp(0, 3);
    return {
      head: [
        `@compute @workgroup_size(${WG2D[0]}, ${WG2D[1]})`,
        'fn main(@builtin(global_invocation_id) gid: vec3<u32>) {',
        '  let col = gid.x;',
        '  let row = U[1].z + gid.y;',
        `  if (col >= ${cols} || row >= U[1].x) { return; }`,
        `  let i = row * ${cols} + col;`,
      ],
      o: [ZERO, ZERO, 'row', 'col'],
    };
  }
  const u = S.unflatten('i', 0);
  return {
    head: [
      `@compute @workgroup_size(${v.workgroupSize})`,
      'fn main(@builtin(global_invocation_id) gid: vec3<u32>) {',
      '  let i = U[1].z + gid.x + gid.y * U[1].y;',
      '  if (i >= U[1].x) { return; }',
      ...u.setup.map((l) => '  ' + l),
    ],
    o: u.pos,
  };
}

export function mapMain(ir: KernelIR, v: KernelVariant, plan: ModulePlan, indexofSet: Set<number>, S: Shapes): string {
  const L: string[] = [];
  const { head, o } = positionSetup(v, S);
  L.push(...head);
  if (plan.mask) {
    const m = plan.mask.uniform;
    L.push(`  let mi = ${S.linear(o, m, m + 2)};`);
    L.push('  if (ld_mask(mi) == 0.0) { return; }');
  }
  const vouts = voutParams(ir);
  const counts = plan.extra.find((e) => e.name === 'counts');
  const offsets = plan.extra.find((e) => e.name === 'offsets');
  if (v.mode === 'voutWrite' && offsets) {
    // offsets[k * n + i] - offsets[k * n] is where position i starts pushing to vout k.
    vouts.forEach((k, j) => L.push(`  vb_${k} = b_offsets[${j}u * U[2].x + i] - b_offsets[${j}u * U[2].x];`));
  }
  L.push(...argumentSetup(ir, v, plan, indexofSet, '  ', S, o));
  L.push(`  ${bodyCall(ir)}`);
  if (v.mode === 'voutCount' && counts) {
    vouts.forEach((k, j) => {
      L.push(`  b_counts[${j}u * U[2].x + i] = vc_${k};`);
      L.push(`  atomicMax(&b_vstat[${j}u], vc_${k});`);
    });
  } else {
    for (const p of plan.params) {
      if (p.role !== 'out') continue;
      const idx = v.direct[p.index] ? 'i' : S.linear(o, p.uniform, p.uniform + 2);
      L.push(`  st_${p.index}(${idx}, ${a(p.index)});`);
    }
  }
  L.push('}');
  return L.join('\n');
}

export function coopOf(ir: KernelIR): CoopLoop {
  const c = coopLoop(ir);
  if (c.ok) return c.loop;
  throw new Error(`internal: kernel '${ir.name}' cannot run cooperatively: ${c.reason}`);
}

/**
 * The entry of a cooperative variant (coop.ts): workgroup `wid` computes output element `i`; every
 * lane sets up the arguments and runs `kbody`, lane 0 stores the outputs. `i` depends only on the
 * workgroup, so the early return is uniform and the barriers in kbody are reached by all lanes.
 * U[1].y is the number of workgroups in a grid row.
 */
export function coopMain(ir: KernelIR, v: KernelVariant, plan: ModulePlan, indexofSet: Set<number>, S: Shapes): string {
  const u = S.unflatten('i', 0);
  const L = [
    `@compute @workgroup_size(${v.workgroupSize})`,
    'fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {',
    '  let i = U[1].z + wid.x + wid.y * U[1].y;',
    '  if (i >= U[1].x) { return; }',
    ...u.setup.map((l) => '  ' + l),
    ...argumentSetup(ir, v, plan, indexofSet, '  ', S, u.pos),
    `  ${bodyCall(ir, ['lid'])}`,
    '  if (lid == 0u) {',
  ];
  for (const p of plan.params) {
    if (p.role !== 'out') continue;
    const idx = v.direct[p.index] ? 'i' : S.linear(u.pos, p.uniform, p.uniform + 2);
    L.push(`    st_${p.index}(${idx}, ${a(p.index)});`);
  }
  L.push('  }', '}');
  return L.join('\n');
}

/**
 * A coarsened 2-D map (schedule/tiling.ts mapTiling): thread (q, row) computes the four outputs at columns
 * 4q .. 4q+3 of its row, one body run each in column order, from direct inputs loaded as one vec4
 * (`i4`, their element index over 4), and stores each output as one vec4.
 */
export function coarseMapMain(ir: KernelIR, v: KernelVariant, plan: ModulePlan, indexofSet: Set<number>, S: Shapes): string {
  const cols = Number(S.words(0)![3]);
  const quads = cols / 4;
  const vecIn = plan.params.filter((p) => p.role === 'in' && plan.vec4Params.has(p.index)).map((p) => p.index);
  const outs = plan.params.filter((p) => p.role === 'out').map((p) => p.index);
  const L = [
    `@compute @workgroup_size(${WG2D[0]}, ${WG2D[1]})`,
    'fn main(@builtin(global_invocation_id) gid: vec3<u32>) {',
    '  let q = gid.x;',
    '  let row = U[1].z + gid.y;',
    `  if (q >= ${quads}u || row >= U[1].x) { return; }`,
    `  let i4 = row * ${quads}u + q;`,
    ...vecIn.map((k) => `  let v_${k} = ld4_${k}(i4);`),
    ...outs.map((k) => `  var s_${k}: vec4<${wgslType(ir.params[k]!.type)}>;`),
  ];
  for (let j = 0; j < 4; j++) {
    const c = 'xyzw'[j]!;
    L.push('  {');
    L.push(`    let col = q * 4u + ${j}u;`);
    L.push(`    let i = row * ${cols}u + col;`);
    L.push(...argumentSetup(ir, v, plan, indexofSet, '    ', S, [ZERO, ZERO, 'row', 'col'], 0, (k) => (vecIn.includes(k) ? `v_${k}.${c}` : undefined)));
    L.push(`    ${bodyCall(ir)}`);
    L.push(...outs.map((k) => `    s_${k}.${c} = ${a(k)};`));
    L.push('  }');
  }
  L.push(...outs.map((k) => `  st4_${k}(i4, s_${k});`));
  L.push('}');
  return L.join('\n');
}

