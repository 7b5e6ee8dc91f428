// A digest of every kernel the project's Brook programs lower to (tests, examples, bench, lib), as the
// CPU backend's two writers generate it (JavaScript source; WebAssembly bytes, wrapper and vector
// facts), in every driver mode and both addressings, and as the WGSL writer does (every mode, four
// variant shapes: plain, direct with the wide and strided reductions, shared, masked). For refactors of the writers: the same lines
// from two builds mean the generated code is byte-identical (behaviour and speed unchanged).
//   node bench/probes/codegen-digest.mjs OLD_DIST > old.txt; node bench/probes/codegen-digest.mjs dist > new.txt; diff old.txt new.txt
// (an old build: git worktree add /tmp/base REV && cd /tmp/base && ln -s $PWD/node_modules . && npx tsc -p .)
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
const dist = path.resolve(process.argv[2]);
const { compile } = await import(`${dist}/runtime/compiler/index.js`);
const { generateKernelSource } = await import(`${dist}/runtime/compiler/codegen/js/index.js`);
const { generateKernelWasm } = await import(`${dist}/runtime/compiler/codegen/wasm/index.js`);
const { writeKernelModule } = await import(`${dist}/runtime/compiler/codegen/wgsl/index.js`);

/** The WGSL variant shapes of tests/wgsl/validate.test.ts, copied: the probe must run against builds of
 *  old revisions, which have no module to import them from. */
function wgslVariant(ir, mode, shape) {
  const n = ir.params.length;
  const share = Array.from({ length: n + 1 }, () => -1);
  if (shape === 'shared') {
    const inp = ir.params.findIndex((q) => q.role === 'in');
    const out = ir.params.findIndex((q, i) => (q.role === 'out' || q.role === 'reduce') && i > inp);
    if (inp >= 0 && out >= 0) share[out] = inp;
  }
  if (shape === 'masked') {
    const out = ir.params.findIndex((q) => q.role === 'out');
    if (out >= 0) share[n] = out;
  }
  return {
    mode, direct: ir.params.map(() => shape === 'direct'), share, masked: shape === 'masked', workgroupSize: 64,
    wide: mode === 'reduceBlocks' && shape === 'direct', strided: mode === 'reduceAll' && shape === 'direct',
    ...(mode === 'reduceAll' && shape === 'shared' ? { longRuns: true } : {}),
  };
}
function brFiles(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const f of fs.readdirSync(dir).sort()) { const p = path.join(dir, f); if (fs.statSync(p).isDirectory()) brFiles(p, out); else if (p.endsWith('.br')) out.push(p); }
  return out;
}
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const lines = [];
for (const file of [...brFiles(`${root}/tests`), ...brFiles(`${root}/examples`), ...brFiles(`${root}/bench`), ...brFiles(`${root}/lib`)]) {
  const r = compile(fs.readFileSync(file, 'utf8'), { fileName: file });
  if (!r.program) continue;
  for (const [name, k] of r.program.kernels) {
    if (k.kind === 'helper') continue;
    const ir = k.ir;
    const wgslModes = ir.kind === 'reduce' ? ['reduceAll', 'reduceBlocks', 'scatterFold', 'gatherFold'] : ir.params.some((q) => q.role === 'vout') ? ['voutCount', 'voutWrite'] : ['map'];
    for (const mode of wgslModes) {
      for (const shape of ['plain', 'direct', 'shared', 'masked']) {
        let code;
        try { code = writeKernelModule(ir, wgslVariant(ir, mode, shape), k.facts).code; } catch (e) { code = 'ERR ' + e.message; }
        lines.push(`${path.relative(root, file)} ${name} wgsl ${mode} ${shape} ${createHash('sha1').update(code).digest('hex').slice(0, 12)}`);
      }
    }
    for (const access of ['table', 'linear']) {
      const acc = ir.params.map((p) => (p.role === 'in' || p.role === 'out' ? access : null));
      const iterDims = ir.params.map((p) => (p.role === 'iter' ? [3, 2, 1, 0] : null));
      const modes = ir.kind === 'reduce' ? ['reduceAll', 'reduceBlocks'] : ['map'];
      for (const mode of modes) {
        const plan = { mode, access: acc, mask: null, iterDims, target: access };
        let js, wasm;
        try { js = generateKernelSource(ir, plan, k.facts); } catch (e) { js = 'ERR ' + e.message; }
        try { const w = generateKernelWasm(ir, plan, k.facts); wasm = Buffer.from(w.bytes).toString('base64') + '|' + (w.wrapper ?? '') + '|' + JSON.stringify({ v: w.vector, l: w.laneOps }); } catch (e) { wasm = 'ERR ' + e.message; }
        const h = (s) => createHash('sha1').update(s).digest('hex').slice(0, 12);
        lines.push(`${path.relative(root, file)} ${name} ${mode} ${access} js=${h(js)} wasm=${h(wasm)}`);
      }
    }
  }
}
console.log(lines.join('\n'));
