/**
 * The entry points of the reduction modes (kernel.ts assembles the module; the modes are listed
 * there). How many threads, workgroups and leaves a call uses is the schedule's (compiler/schedule);
 * the order in which elements combine is not: it is the reduction order of docs/DECISIONS.md
 * "Reductions: order and shape", printed here the same for every workgroup size.
 */
import type { KernelIR } from '../../ir.js';
import { flattenElement } from '../../types.js';
import { loadFn, storeFn } from './memory.js';
import { wgslType } from './names.js';
import type { KernelVariant, ModulePlan } from './layout.js';
import { Shapes, vecOf, ZERO, type Pos } from './shapes.js';
import { a, argumentSetup, inBody } from './args.js';
import { REDUCE_LEAF } from '../../schedule/order.js';

/**
 * A fused reduction's input element (ir.ts `produce`): `pr_elem(o, i)` runs the producer's part at
 * input position `o` (linear index `i` in the input's dense shape), stores the outputs it keeps
 * there, and returns the element. Every reduction mode reads each element exactly once, so each
 * kept output is stored once.
 */
export function producerFn(ir: KernelIR, v: KernelVariant, plan: ModulePlan, indexofSet: Set<number>, S: Shapes, body: string[]): string {
  const { input } = reduceParams(ir);
  const inP = plan.params[input]!;
  const from = ir.produce!.from;
  const own: ModulePlan = { ...plan, params: plan.params.filter((p) => p.index >= from) };
  const o: Pos = ['o.x', 'o.y', 'o.z', 'o.w'];
  const T = wgslType(ir.params[input]!.type);
  const stores = own.params
    .filter((p) => p.role === 'out')
    .map((p) => `  st_${p.index}(${v.direct[p.index] ? 'i' : S.linear(o, p.uniform, p.uniform + 2)}, ${a(p.index)});`);
  // The computed input is dense: its indexof (the producer's position, compiler/fuse) is `o`.
  const inputPos = indexofSet.has(input) ? [`  ix_${input} = brk_pos(o);`] : [];
  // Rows read as vec4 (plan.vec4RowInput): the producer inputs bound as vec4 are loaded by pr4, four
  // elements at a time, and passed to pr_elem, which runs once per element as always.
  const quads = plan.vec4RowInput === input ? own.params.filter((p) => p.role === 'in' && plan.vec4Params.has(p.index) && !indexofSet.has(p.index)).map((p) => p.index) : [];
  const given = (k: number) => (quads.includes(k) ? `q_${k}` : undefined);
  const elem = [
    `fn pr_elem(${['o: vec4<u32>', 'i: u32', ...quads.map((k) => `q_${k}: ${wgslType(ir.params[k]!.type)}`)].join(', ')}) -> ${T} {`,
    ...inputPos,
    ...argumentSetup(ir, v, own, indexofSet, '  ', S, o, inP.uniform + 1, given),
    `  var ${a(input)}: ${T};`,
    ...body,
    ...stores,
    `  return ${a(input)};`,
    '}',
  ].join('\n');
  if (plan.vec4RowInput !== input) return elem;
  // Elements 4q .. 4q+3 of a row (vec4Rows: rows run along the last dimension, dense, 16-byte aligned).
  const at = (c: number) => `pr_elem(${[c ? `o + vec4<u32>(0u, 0u, 0u, ${c}u)` : 'o', c ? `i + ${c}u` : 'i', ...quads.map((k) => `v_${k}.${'xyzw'[c]}`)].join(', ')})`;
  return [
    elem,
    `fn pr4(o: vec4<u32>, i: u32) -> vec4<${T}> {`,
    ...quads.map((k) => `  let v_${k} = ld4_${k}(i >> 2u);`),
    `  let x = ${at(0)};`,
    `  let y = ${at(1)};`,
    `  let z = ${at(2)};`,
    `  return vec4<${T}>(x, y, z, ${at(3)});`,
    '}',
  ].join('\n');
}

export function reduceParams(ir: KernelIR): { input: number; acc: number } {
  const input = ir.params.findIndex((p) => p.role === 'in');
  const acc = ir.params.findIndex((p) => p.role === 'reduce');
  if (input < 0 || acc < 0) throw new Error(`internal: reduction '${ir.name}' needs one input stream and one reduce parameter`);
  return { input, acc };
}

/** Constants for the body in reduction modes (streams other than the input are gathers or constants). */
function constSetup(ir: KernelIR, plan: ModulePlan, ind: string): string[] {
  const v: KernelVariant = { mode: 'map', direct: ir.params.map(() => false), share: [], masked: false, workgroupSize: 1 };
  const onlyConsts: ModulePlan = { ...plan, params: plan.params.filter((p) => p.role === 'const') };
  return argumentSetup(ir, v, onlyConsts, new Set(), ind, new Shapes(undefined), [ZERO, ZERO, ZERO, ZERO]);
}

/** The combining call: acc = op(acc, x), written as the reduce body with x as the input. */
function combineCall(ir: KernelIR, input: number, acc: number, x: string, accVar: string): string {
  const args = ir.params.flatMap((p, i) => {
    if (p.role === 'gather' || !inBody(ir, i)) return [];
    if (i === input) return [x];
    if (i === acc) return [`&${accVar}`];
    return [a(i)];
  });
  return `kbody(${args.join(', ')});`;
}

export function reduceAllMains(ir: KernelIR, v: KernelVariant, plan: ModulePlan): string[] {
  const { input, acc } = reduceParams(ir);
  const T = wgslType(ir.params[acc]!.type);
  const WG = v.workgroupSize;
  const inP = plan.params[input]!;
  const words = flattenElement(ir.params[acc]!.type).length;
  // Split streams (v.pages): a dispatch reduces the U[2].y elements from U[1].z on (one range of
  // pages) into the partials from U[1].x on; `combine` then folds every range's partials in order.
  const first = v.pages ? 'U[1].z + ' : '';
  const load = ir.produce
    ? (e: string) => `pr_elem(brk_unflatten(${first}${e}, U[0]), ${first}${e})`
    : v.direct[input]
      ? (e: string) => `ld_${input}(${first}${e})`
      : (e: string) => `ld_${input}(brk_linear(U[${inP.uniform}u] + brk_unflatten(${first}${e}, U[0]), U[${inP.uniform + 2}u]))`;
  const partial = v.pages ? 'U[1].x + wid.x + wid.y * nwg.x' : 'wid.x + wid.y * nwg.x';
  const partialStore = storeFn('st_partial', 'b_partials', ir.params[acc]!.type, { kind: 'words', words });
  const partialLoad = loadFn('ld_partial', 'b_partials', ir.params[acc]!.type, { kind: 'words', words });
  const resultStore = storeFn('st_result', 'b_result', ir.params[acc]!.type, { kind: 'words', words });
  const consts = constSetup(ir, plan, '  ');
  const tree = (target: string) => treeCombine(ir, input, acc, WG, target);
  const shared = `var<workgroup> sh: array<${T}, ${WG}>;\nvar<workgroup> shv: array<u32, ${WG}>;`;
  const main = v.strided ? stridedMain() : chunkedMain();
  /** acc folded with the elements e, e + step, ... below `end`, four loads in flight, then the rest
   *  one by one (the lines after `var e = ...`, inside the thread's `if`). */
  function foldFour(step: string, end: string): string[] {
    const times = (k: number) => (step === '1u' ? `${k}u` : `${k}u * ${step}`);
    return [
      '    loop {',
      `      if (e + ${times(3)} >= ${end}) { break; }`,
      ...[0, 1, 2, 3].map((k) => `      let x${k} = ${load(k === 0 ? 'e' : `e + ${times(k)}`)};`),
      ...[0, 1, 2, 3].map((k) => `      ${combineCall(ir, input, acc, `x${k}`, 'acc')}`),
      `      e = e + ${times(4)};`,
      '    }',
      `    for (; e < ${end}; e = e + ${step}) {`,
      `      ${combineCall(ir, input, acc, load('e'), 'acc')}`,
      '    }',
    ];
  }
  function stridedMain(): string {
    return [
    `@compute @workgroup_size(${WG})`,
    'fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32,',
    '        @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {',
    ...consts,
    '  let t = gid.x + gid.y * U[1].y;',
    '  let n = U[2].y;',
    `  var acc: ${T};`,
    '  var valid = false;',
    ...[
        // Commutative operation: grid-strided elements, so neighbouring threads load neighbouring
        // words (coalesced); four loads in flight before they are combined (eight measured slower
        // on an H100: 0.28 ms instead of 0.12 ms for 256 MiB).
        '  let threads = U[2].w;',
        '  if (t < n) {',
        `    acc = ${load('t')};`,
        '    valid = true;',
        '    var e = t + threads;',
        ...foldFour('threads', 'n'),
        '  }',
      ],
    ...tree(`st_partial(${partial}, sh[0]);`),
    '}',
  ].join('\n');
  }
  // Order-keeping: threads own contiguous chunks of `chunk` elements, folded left to right with four
  // loads in flight; the chunks of a workgroup are neighbours, so combining neighbours in the tree
  // keeps the order. Valid chunks form a prefix of the threads. (Measured on an H100: a variant with
  // coalesced tiles and a tree per tile ran 2.5 times slower than this, the barriers dominating.)
  function chunkedMain(): string {
    return [
      `@compute @workgroup_size(${WG})`,
      'fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32,',
      '        @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {',
      ...consts,
      '  let t = gid.x + gid.y * U[1].y;',
      '  let n = U[2].y;',
      '  let chunk = U[2].x;',
      `  var acc: ${T};`,
      '  var valid = false;',
      '  if (t < (n + chunk - 1u) / chunk) {',
      '    let start = t * chunk;',
      '    let end = min(start + chunk, n);',
      `    acc = ${load('start')};`,
      '    valid = true;',
      '    var e = start + 1u;',
      ...foldFour('1u', 'end'),
      '  }',
      ...tree(`st_partial(${partial}, sh[0]);`),
      '}',
    ].join('\n');
  }
  // The partials are the nodes of one fixed tree over the leaves (the chunks or lanes of `main`):
  // lane lid folds an aligned run of them as that tree does, then the workgroup tree joins the runs.
  const final = [
    `@compute @workgroup_size(${WG})`,
    'fn combine(@builtin(local_invocation_index) lid: u32) {',
    ...consts,
    ...(v.longRuns ? runTree(ir, input, acc, T, WG, 'U[2].z', (q) => [`x = ld_partial(${q});`]) : shortRun(ir, input, acc, T)),
    ...tree('st_result(0u, sh[0]);'),
    '}',
  ].join('\n');
  return [shared, partialStore, partialLoad, resultStore, main, final];
}

/**
 * The short form of `combine` (schedule/reduce.ts SHORT_RUN: at most 4 * WG partials): lane lid
 * folds partials [4 lid, 4 lid + 4) as the fixed tree does, (0,1) (2,3) then (0,2), a missing right
 * side carried up. Straight loads and combines, no stack: the form of every default plan.
 */
function shortRun(ir: KernelIR, input: number, acc: number, T: string): string[] {
  return [
    '  let n = U[2].z;',
    `  var acc: ${T};`,
    '  var valid = false;',
    '  let start = lid * 4u;',
    '  if (start < n) {',
    '    acc = ld_partial(start);',
    '    valid = true;',
    `    if (start + 1u < n) { ${combineCall(ir, input, acc, 'ld_partial(start + 1u)', 'acc')} }`,
    '    if (start + 2u < n) {',
    '      var x = ld_partial(start + 2u);',
    `      if (start + 3u < n) { ${combineCall(ir, input, acc, 'ld_partial(start + 3u)', 'x')} }`,
    `      ${combineCall(ir, input, acc, 'x', 'acc')}`,
    '    }',
    '  }',
  ];
}

/**
 * Lane `lid` of a workgroup of WG folds the leaves [lid * run, (lid + 1) * run) of `count` (run: the
 * least power of two with run * WG >= count) into `acc` exactly as the fixed tree over all leaves
 * does: (0,1) (2,3) ..., then (0,2) (4,6) ..., a missing right side carried up; `valid` when the lane
 * had a leaf. The subtrees complete so far wait on a stack (one per bit of the leaf count), so a run
 * is folded in one pass; the workgroup tree (treeCombine) then joins the lanes' subtrees. The result
 * is the same for every WG: the tree is the leaves', not the workgroup's. `leaf(q)` sets `x` to leaf q.
 */
function runTree(ir: KernelIR, input: number, acc: number, T: string, WG: number, count: string, leaf: (q: string) => string[]): string[] {
  return [
    `  let rt_leaves = ${count};`,
    '  var rt_run = 1u;',
    `  loop { if (rt_run * ${WG}u >= rt_leaves) { break; } rt_run = rt_run * 2u; }`,
    `  var acc: ${T};`,
    '  var valid = false;',
    '  let rt_first = lid * rt_run;',
    '  if (rt_first < rt_leaves) {',
    '    let rt_last = min(rt_first + rt_run, rt_leaves);',
    `    var rt_st: array<${T}, 32>;`,
    '    var rt_top = 0u;',
    '    for (var q = rt_first; q < rt_last; q = q + 1u) {',
    `      var x: ${T};`,
    ...leaf('q').map((l) => '      ' + l),
    '      for (var k = q - rt_first; (k & 1u) != 0u; k = k >> 1u) {',
    '        rt_top = rt_top - 1u;',
    '        var y = rt_st[rt_top];',
    `        ${combineCall(ir, input, acc, 'x', 'y')}`,
    '        x = y;',
    '      }',
    '      rt_st[rt_top] = x;',
    '      rt_top = rt_top + 1u;',
    '    }',
    '    acc = rt_st[rt_top - 1u];',
    '    for (var j = rt_top - 1u; j > 0u; j = j - 1u) {',
    '      var y = rt_st[j - 1u];',
    `      ${combineCall(ir, input, acc, 'acc', 'y')}`,
    '      acc = y;',
    '    }',
    '    valid = true;',
    '  }',
  ];
}

/** Workgroup tree over neighbours: sh[lid] = op(sh[lid], sh[lid + s]) keeps the element order;
 *  valid entries (threads that had elements) form a prefix. */
function treeCombine(ir: KernelIR, input: number, acc: number, WG: number, target: string): string[] {
  return [
    `  sh[lid] = acc;`,
    `  shv[lid] = select(0u, 1u, valid);`,
    `  workgroupBarrier();`,
    `  for (var s = 1u; s < ${WG}u; s = s * 2u) {`,
    `    if ((lid % (2u * s)) == 0u && lid + s < ${WG}u && shv[lid + s] != 0u) {`,
    `      var x = sh[lid];`,
    `      ${combineCall(ir, input, acc, 'sh[lid + s]', 'x')}`,
    `      sh[lid] = x;`,
    `    }`,
    `    workgroupBarrier();`,
    `  }`,
    `  if (lid == 0u && shv[0] != 0u) { ${target} }`,
  ];
}

/** Workgroup tree for a commutative operation where every thread holds a value (a wide block has
 *  at least WG elements): the lower half combines the upper half, no modulo, no validity flags. */
function halvingTree(ir: KernelIR, input: number, acc: number, WG: number, target: string): string[] {
  return [
    `  sh[lid] = acc;`,
    `  workgroupBarrier();`,
    `  for (var s = ${WG >> 1}u; s > 0u; s = s >> 1u) {`,
    `    if (lid < s) {`,
    `      var x = sh[lid];`,
    `      ${combineCall(ir, input, acc, 'sh[lid + s]', 'x')}`,
    `      sh[lid] = x;`,
    `    }`,
    `    workgroupBarrier();`,
    `  }`,
    `  if (lid == 0u) { ${target} }`,
  ];
}

export function reduceBlocksMain(ir: KernelIR, v: KernelVariant, plan: ModulePlan, S: Shapes): string {
  const { input, acc } = reduceParams(ir);
  const T = wgslType(ir.params[acc]!.type);
  const inP = plan.params[input]!;
  const accP = plan.params[acc]!;
  const consts = constSetup(ir, plan, '  ');
  const u = S.unflatten('i', 0);
  const target = S.linear(u.pos, accP.uniform, accP.uniform + 2);
  // Element j (row-major inside the block) of target o's block: with constant shapes, a block
  // that varies along one dimension (a row) is `first + j` there, no unflattening.
  const inShape = S.words(inP.uniform + 1);
  const outShape = S.words(0);
  let setup: string[];
  let at: (j: string) => string;
  let count: string;
  let rowStart = '';
  if (inShape && outShape) {
    const bs = inShape.map((e, d) => e / outShape[d]!);
    const first = u.pos.map((c, d) => (c === ZERO || bs[d] === 1 ? c : `${c} * ${bs[d]}u`)) as Pos;
    rowStart = S.linear(first, inP.uniform, inP.uniform + 2);
    const along = [0, 1, 2, 3].filter((d) => bs[d]! > 1);
    count = `${bs.reduce((x, y) => x * y, 1)}u`;
    setup = [];
    at = (j) => {
      if (along.length <= 1) {
        const pos = first.slice() as Pos;
        const d = along[0] ?? 3;
        pos[d] = pos[d] === ZERO ? j : `${pos[d]} + ${j}`;
        const linear = S.linear(pos, inP.uniform, inP.uniform + 2);
        return ir.produce ? `pr_elem(${vecOf(pos)}, ${linear})` : `ld_${input}(${linear})`;
      }
      const pos = `${vecOf(first)} + brk_unflatten(${j}, ${S.vec(inP.uniform + 1)} / ${S.vec(0)})`;
      // A fused input is dense from 0 (its lo is 0), so its position is its domain position.
      if (ir.produce) return `pr_elem(${pos}, brk_linear(${pos}, ${S.vec(inP.uniform + 2)}))`;
      return `ld_${input}(brk_linear(${S.vec(inP.uniform)} + ${pos}, ${S.vec(inP.uniform + 2)}))`;
    };
  } else {
    setup = [`  let bs = U[${inP.uniform + 1}u] / U[0];`, '  let count = bs.x * bs.y * bs.z * bs.w;', `  let first = ${vecOf(u.pos)} * bs;`];
    count = 'count';
    at = (j) =>
      ir.produce
        ? `pr_elem(first + brk_unflatten(${j}, bs), brk_linear(first + brk_unflatten(${j}, bs), U[${inP.uniform + 2}u]))`
        : `ld_${input}(brk_linear(U[${inP.uniform}u] + first + brk_unflatten(${j}, bs), U[${inP.uniform + 2}u]))`;
  }
  if (v.wide && plan.vec4RowInput === input) {
    // The row's vec4 q: loaded, or computed by a fused producer at the row's elements 4q .. 4q+3.
    let quad = (q: string) => `ld4_${input}(b4 + ${q})`;
    if (ir.produce) {
      const d = inShape!.findIndex((e, k) => e / outShape![k]! > 1);
      quad = (q) => {
        const pos = [...u.pos.map((c, k) => (k === d && c !== ZERO ? `${c} * ${inShape![k]! / outShape![k]!}u` : c))] as Pos;
        pos[3] = pos[3] === ZERO ? `4u * (${q})` : `${pos[3]} + 4u * (${q})`;
        return `pr4(${vecOf(pos)}, ${rowStart} + 4u * (${q}))`;
      };
    }
    return vec4RowsMain(ir, v, input, acc, T, [...consts, ...u.setup.map((l) => '  ' + l)], rowStart, count, target, quad);
  }
  if (v.wide) {
    // Large blocks: a workgroup per target element. A commutative operation takes grid-strided
    // elements (neighbouring threads read neighbouring words: coalesced, four loads in flight);
    // otherwise the block's leaves (REDUCE_LEAF elements each, row-major, folded left to right) join
    // in the fixed tree, as on the CPU, whatever the workgroup size (runTree).
    const WG = v.workgroupSize;
    const fold = v.strided
      ? [
          '  if (lid < n) {',
          `    acc = ${at('lid')};`,
          '    valid = true;',
          `    var j = lid + ${WG}u;`,
          '    loop {',
          `      if (j + ${3 * WG}u >= n) { break; }`,
          ...[0, 1, 2, 3].map((k) => `      let x${k} = ${at(k === 0 ? 'j' : `j + ${k * WG}u`)};`),
          ...[0, 1, 2, 3].map((k) => `      ${combineCall(ir, input, acc, `x${k}`, 'acc')}`),
          `      j = j + ${4 * WG}u;`,
          '    }',
          `    for (; j < n; j = j + ${WG}u) {`,
          `      ${combineCall(ir, input, acc, at('j'), 'acc')}`,
          '    }',
          '  }',
        ]
      : runTree(ir, input, acc, T, WG, `(n + ${REDUCE_LEAF - 1}u) / ${REDUCE_LEAF}u`, (q) => [
          `let s0 = ${q} * ${REDUCE_LEAF}u;`,
          `let e0 = min(s0 + ${REDUCE_LEAF}u, n);`,
          `x = ${at('s0')};`,
          'for (var j = s0 + 1u; j < e0; j = j + 1u) {',
          `  ${combineCall(ir, input, acc, at('j'), 'x')}`,
          '}',
        ]);
    return [
      `var<workgroup> sh: array<${T}, ${WG}>;`,
      `var<workgroup> shv: array<u32, ${WG}>;`,
      `@compute @workgroup_size(${WG})`,
      'fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {',
      // Split streams: a dispatch covers the targets from U[1].z on (one range of pages).
      `  let i = ${v.pages ? 'U[1].z + ' : ''}wid.x + wid.y * nwg.x;`,
      '  if (i >= U[1].x) { return; }',
      ...consts,
      ...u.setup.map((l) => '  ' + l),
      ...setup,
      `  let n = ${count};`,
      ...(v.strided ? [`  var acc: ${T};`, '  var valid = false;'] : []),
      ...fold,
      ...(v.strided ? halvingTree(ir, input, acc, WG, `st_${acc}(${target}, sh[0]);`) : treeCombine(ir, input, acc, WG, `st_${acc}(${target}, sh[0]);`)),
      '}',
    ].join('\n');
  }
  return [
    `@compute @workgroup_size(${v.workgroupSize})`,
    'fn main(@builtin(global_invocation_id) gid: vec3<u32>) {',
    '  let i = U[1].z + gid.x + gid.y * U[1].y;',
    '  if (i >= U[1].x) { return; }',
    ...consts,
    ...u.setup.map((l) => '  ' + l),
    ...setup,
    `  var acc: ${T} = ${at('0u')};`,
    `  for (var j = 1u; j < ${count}; j = j + 1u) {`,
    `    ${combineCall(ir, input, acc, at('j'), 'acc')}`,
    '  }',
    `  st_${acc}(${target}, acc);`,
    '}',
  ].join('\n');
}

/** A partial reduction whose rows are read as vec4 (schedule/tiling.ts vec4Rows; the lane count is the
 *  order's, schedule/order.ts VEC4_BLOCK_WG): thread lid folds vec4s lid, lid + WG, ... of the row,
 *  each vec4's words in order, then the workgroup combines in a halving tree. `setup`: the lines
 *  that set the constants and the target position. */
function vec4RowsMain(ir: KernelIR, v: KernelVariant, input: number, acc: number, T: string, setup: string[], rowStart: string, count: string, target: string, ld: (q: string) => string): string {
  const WG = v.workgroupSize;
  const words = (x: string) => ['y', 'z', 'w'].map((c) => `${combineCall(ir, input, acc, `${x}.${c}`, 'acc')}`);
  return [
    `var<workgroup> sh: array<${T}, ${WG}>;`,
    `@compute @workgroup_size(${WG})`,
    'fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {',
    '  let i = wid.x + wid.y * nwg.x;',
    '  if (i >= U[1].x) { return; }',
    ...setup,
    `  let b4 = (${rowStart}) >> 2u;`,
    `  let n4 = ${count} >> 2u;`,
    `  let f = ${ld('lid')};`,
    `  var acc: ${T} = f.x;`,
    ...words('f').map((l) => '  ' + l),
    `  var j = lid + ${WG}u;`,
    '  loop {',
    `    if (j + ${3 * WG}u >= n4) { break; }`,
    ...[0, 1, 2, 3].map((k) => `    let x${k} = ${ld(k === 0 ? 'j' : `j + ${k * WG}u`)};`),
    ...[0, 1, 2, 3].flatMap((k) => [`    ${combineCall(ir, input, acc, `x${k}.x`, 'acc')}`, ...words(`x${k}`).map((l) => '    ' + l)]),
    `    j = j + ${4 * WG}u;`,
    '  }',
    `  for (; j < n4; j = j + ${WG}u) {`,
    `    let x = ${ld('j')};`,
    `    ${combineCall(ir, input, acc, 'x.x', 'acc')}`,
    ...words('x').map((l) => '    ' + l),
    '  }',
    ...halvingTree(ir, input, acc, WG, `st_${acc}(${target}, sh[0]);`),
    '}',
  ].join('\n');
}

/**
 * The fold modes, one invocation per element of the target stream (U[0] its whole shape), over the
 * positions listed for it (offsets/list, filled by the backend in any order, sorted here first):
 * - scatterFold: the data elements aimed at this destination element are folded into it in order;
 * - gatherFold: the positions fetching this source element each receive the current value in order,
 *   which the body then updates with both arguments set to it; the last value is stored back.
 */
export function foldMain(ir: KernelIR, v: KernelVariant, plan: ModulePlan, mode: 'scatterFold' | 'gatherFold'): string {
  const { input, acc } = reduceParams(ir);
  const inP = plan.params[input]!;
  const consts = constSetup(ir, plan, '  ');
  const step = mode === 'scatterFold'
    ? [`    ${combineCall(ir, input, acc, `ld_${input}(e)`, 'acc')}`]
    : [`    st_${input}(e, acc);`, '    let old = acc;', `    ${combineCall(ir, input, acc, 'old', 'acc')}`];
  return [
    `@compute @workgroup_size(${v.workgroupSize})`,
    'fn main(@builtin(global_invocation_id) gid: vec3<u32>) {',
    '  let i = U[1].z + gid.x + gid.y * U[1].y;',
    '  if (i >= U[1].x) { return; }',
    '  let start = b_offsets[i];',
    '  let end = b_offsets[i + 1u];',
    '  if (start == end) { return; }',
    ...consts,
    ...sortListLines(),
    `  var acc = ld_${acc}(i);`,
    '  for (var k = start; k < end; k = k + 1u) {',
    `    let e = brk_linear(U[${inP.uniform}u] + brk_unflatten(b_list[k], U[${inP.uniform + 1}u]), U[${inP.uniform + 2}u]);`,
    ...step,
    '  }',
    `  st_${acc}(i, acc);`,
    '}',
  ].join('\n');
}

/** Insertion sort of b_list[start..end) (the positions aimed at one element, listed in any order). */
function sortListLines(): string[] {
  return [
    '  for (var k = start + 1u; k < end; k = k + 1u) {',
    '    let x = b_list[k];',
    '    var j = k;',
    '    loop {',
    '      if (j == start || b_list[j - 1u] <= x) { break; }',
    '      b_list[j] = b_list[j - 1u];',
    '      j = j - 1u;',
    '    }',
    '    b_list[j] = x;',
    '  }',
  ];
}
