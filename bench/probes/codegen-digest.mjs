// A digest of every kernel the project's Brook programs lower to (tests, examples, bench, lib), as the
// CPU backend's two writers generate it (JavaScript source; WebAssembly bytes, wrapper and vector
// facts), in every driver mode and both addressings. For refactors of the writers: the same lines
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
