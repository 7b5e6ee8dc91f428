/**
 * The semantic checker: every check of BROOK.md section 8 (compile part) fires with its code at the
 * marked line:col (markers: see check-cases/harness.ts), nothing else fires (no cascades), and correct
 * programs give no diagnostics. Also the annotations host codegen reads (types, symbols, emitNames),
 * notebook-session names, and robustness on seeded mutants of the fixtures (at the end of the file).
 */
import { describe, expect, test } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, diagKeys, markerKeys, render } from './check-cases/harness.js';
import { mutate, rng } from './check-cases/mutate.js';
import { validateKernelIR } from '../../runtime/compiler/lower/validate.js';
import type { CallExpr, ExprStmt, FunctionDecl, Ident, VarDecl, Expr, DeclStmt, BinaryExpr } from '../../runtime/compiler/ast.js';
import { typeToString } from '../../runtime/compiler/types.js';
import type { SessionSymbol } from '../../runtime/compiler/check/index.js';
import { HOST_LIB } from '../../runtime/compiler/check/hostlib.js';
import { CHECK_MESSAGES, formatCheck } from '../../runtime/compiler/messages/check.js';

const SAXPY = 'kernel void saxpy(float a, float4 x<>, float4 y<>, out float4 result<>) { result = a * x + y; }\n';

/** [name, source with markers]. Host code sits in main() unless the case is about top level. */
const CASES: [string, string][] = [
  // ---- names and types
  ['unknown identifier in a kernel', 'kernel void k(float a<>, out float b<>) { b = /*!BRK2001*/c * a; }'],
  ['unknown identifier in host code', 'int main() { int n = 3; return /*!BRK2001*/m + n; }'],
  ['unknown struct', 'int main() { /*!BRK2004*/struct P p; return 0; }'],
  ['redeclaration in one scope', 'int main() { int x; float /*!BRK2003*/x; return 0; }'],
  ['shadowing in an inner scope is fine', 'int main() { int x = 1; { float x = 2.0f; x = x + 1.0f; } return x; }'],
  ['struct field not found', 'typedef struct { float3 o; float3 d; } Ray;\nkernel void k(Ray r<>, out float3 o<>) { o = r./*!BRK2005*/dir; }'],
  ['void variable', 'int main() { void /*!BRK2008*/v; return 0; }'],
  ['non-constant array size', 'int main() { int n = 3; float a[/*!BRK2009*/n]; return 0; }'],
  // ---- expressions
  ['bad operands', 'int main() { float *p; float *q; float r = /*!BRK2101*/p * q; return 0; }'],
  ['float modulo in host code', 'int main() { float a = 1.5f; float b = /*!BRK2101*/a % 2.0f; return 0; }'],
  // Cg's component-wise && / || and truncating casts are kernel forms; host C keeps C's rules
  ['vector && in a kernel is component-wise', 'kernel void k(float2 a<>, out float2 b<>) { bool2 m = (a > 0.0f) && (a < 1.0f); b = m ? a : float2(0, 0); }'],
  ['vector && of different sizes narrows (Cg rule)', 'kernel void k(float2 a<>, float3 c<>, out float2 b<>) { bool2 m = /*!BRK2401*/(a > 0.0f) || (c < 1.0f); b = m ? a : float2(0, 0); }'],
  ['truncating vector casts in a kernel', 'kernel void k(float4 a<>, out float3 b<>) { b = (float3)a + (float)a; }'],
  ['vector && in host code', 'int main() { float2 a = float2(1, 2); int m = /*!BRK2101*/(a > 0.0f) && (a < 1.0f); return m; }'],
  ['truncating vector cast in host code', 'int main() { float4 a = float4(1, 2, 3, 4); float3 b = /*!BRK2103*/(float3)a; return 0; }'],
  ['bitwise not on float', 'kernel void k(float a<>, out float b<>) { b = /*!BRK2102*/~a; }'],
  ['struct to float', 'typedef struct { float x; } P;\nkernel void k(P a<>, out float b<>) { b = /*!BRK2103*/a; }'],
  ['assign to a call result', 'kernel void k(float a<>, out float b<>) { /*!BRK2104*/sin(a) = 1; b = a; }'],
  ['member of a scalar', 'kernel void k(float a<>, out float b<>) { b = a./*!BRK2105*/foo; }'],
  ['swizzle out of range', 'kernel void k(float2 a<>, out float b<>) { b = a./*!BRK2106*/z; }'],
  ['swizzle too long', 'kernel void k(float4 a<>, out float4 b<>) { b = a./*!BRK2106*/xyzwx; }'],
  ['swizzle mixing xyzw and rgba', 'kernel void k(float4 a<>, out float2 b<>) { b = a./*!BRK2106*/xg; }'],
  ['write mask repeats a component', 'kernel void k(float4 a<>, out float4 b<>) { b = a; b./*!BRK2107*/xx = float2(1, 2); }'],
  ['write mask without repeats is fine', 'kernel void k(float4 a<>, out float4 b<>) { b = a; b.zy = float2(1, 2); b.w = 0; }'],
  ['index a float in host code', 'int main() { float f = 1.0f; return (int) /*!BRK2108*/f[0]; }'],
  ['call a variable', 'int main() { int f = 1; return /*!BRK2109*/f(2); }'],
  ['host function argument count', 'int add(int a, int b) { return a + b; }\nint main() { return /*!BRK2110*/add(1); }'],
  ['built-in argument count', 'kernel void k(float a<>, out float b<>) { b = /*!BRK2110*/lerp(a, 1); }'],
  ['break outside a loop', 'int main() { /*!BRK2112*/break; return 0; }'],
  ['continue outside a loop', 'kernel void k(float a<>, out float b<>) { b = a; if (a > 0) /*!BRK2113*/continue; }'],
  ['break inside a loop is fine', 'kernel void k(float a<>, out float b<>) { float i; b = 0; for (i = 0; i < 10; i++) { if (i > a) break; b += i; } }'],
  ['missing return in a helper', 'kernel float /*!BRK2114*/twice(float a<>) { if (a > 0) return 2 * a; }\nkernel void k(float a<>, out float b<>) { b = twice(a); }'],
  ['helper returning on every path is fine', 'kernel float pick(float a<>) { if (a > 0) { return a; } else { return -a; } }\nkernel void k(float a<>, out float b<>) { b = pick(a); }'],
  ['return value from a void kernel', 'kernel void k(float a<>, out float b<>) { b = a; /*!BRK2115*/return a; }'],
  ['constructor with too few components', 'kernel void k(float a<>, out float4 b<>) { b = /*!BRK2117*/float4(a, a, 1); }'],
  ['constructor mixing vectors and scalars is fine', 'kernel void k(float2 a<>, out float4 b<>) { b = float4(a, 1, 2); b = float4(1); b = float4(float3(a, 0), 1); }'],
  ['too many initializers', 'int main() { float2 v = {1, 2, /*!BRK2118*/3}; return 0; }'],
  ['vector condition', 'kernel void k(float2 a<>, out float b<>) { if (/*!BRK2119*/a) b = 1; else b = 0; }'],
  ['a stream as a host value', 'int main() { float s<10>; float x = /*!BRK2120*/s; return 0; }'],
  ['a stream passed to printf', 'int main() { float s<10>; printf("%f", /*!BRK2120*/s); return 0; }'],
  ['non-constant vector index in a kernel', 'kernel void k(float4 a<>, float i, out float b<>) { b = a[/*!BRK2121*/i]; }'],
  ['constant vector index is fine', 'kernel void k(float4 a<>, out float b<>) { b = a[2] + a[0]; }'],
  ['switch in a kernel', 'kernel void k(int a<>, out float b<>) { b = 0; /*!BRK2122*/switch (a) { case 1: b = 1; break; } }'],
  ['switch in host code is fine', 'int main() { int a = 2; switch (a) { case 1: a = 3; break; default: a = 4; } return a; }'],
  ['string literal in a kernel', 'kernel void k(float a<>, out float b<>) { b = a; b = /*!BRK2122*/"x"[0]; }'],
  ['goto in host code is fine', 'int main() { int i = 0; again: i++; if (i < 3) goto again; goto end; end: return i; }'],
  ['goto to an unknown label', 'int main() { /*!BRK2127*/goto nowhere; return 0; }'],
  ['label defined twice', 'int main() { a: ; /*!BRK2128*/a: ; return 0; }'],
  ['goto in a kernel', 'kernel void k(float a<>, out float b<>) { b = a; /*!BRK2123*/goto end; end: b = 1; }'],
  ['reduce argument without <>', 'reduce void s(float a<>, /*!BRK2202*/reduce float r) { r += a; }'],
  ['pointer in a kernel', 'kernel void k(float a<>, out float b<>) { float * /*!BRK2228*/p; b = a; }'],
  ['array in a kernel', 'kernel void k(float a<>, out float b<>) { float /*!BRK2227*/t[4]; b = a; }'],
  // ---- kernel declarations and bodies
  ['two reduce arguments', 'reduce void s(float a<>, reduce float r<>, /*!BRK2204*/reduce float q<>) { r += a; }'],
  ['no reduce argument', 'reduce void /*!BRK2204*/s(float a<>, float b) { }'],
  ['two input streams in a reduction', 'reduce void s(float a<>, /*!BRK2205*/float b<>, reduce float r<>) { r += a + b; }'],
  ['output in a reduction', 'reduce void s(float a<>, reduce float r<>, /*!BRK2206*/out float o<>) { r += a; }'],
  ['reduce types differ', 'reduce void s(float a<>, /*!BRK2207*/reduce float2 r<>) { r += a; }'],
  ['reduce argument in a map kernel', 'kernel void k(float a<>, /*!BRK2208*/reduce float r<>, out float o<>) { o = a; }'],
  ['reduce kernel returning a value', 'reduce /*!BRK2209*/float s(float a<>, reduce float r<>) { r += a; return r; }'],
  ['gather with too few indices', 'kernel void k(float a<>, float g[][], out float b<>) { b = g[/*!BRK2210*/a]; }'],
  ['a float2 or float4 index into a 1-D gather uses its .x (BrookGPU vout code: g[indexof(o)])', 'kernel void k(float2 a<>, float g[], out float b<>) { b = g[a] + g[indexof(b)]; }'],
  ['gather with too many brackets', 'kernel void k(float a<>, float g[], out float b<>) { b = g[a][/*!BRK2210*/a]; }'],
  ['gather with too few brackets', 'kernel void k(float a<>, float g[][][], out float b<>) { b = g[a][/*!BRK2210*/a]; }'],
  ['a wider index vector into a 2-D..4-D gather is fine (first components)', 'kernel void k(float a<>, float g[][], float4 v[][][], out float b<>) { b = g[indexof(b)] + g[float3(a, a, a)] + v[indexof(b)].x; }'],
  ['gather of the right rank is fine', 'kernel void k(float2 a<>, float g[][], float h[], float4 v[][][], out float b<>) { b = g[a] + g[a.y][a.x] + h[a.x] + v[float3(a, 0)].x + v[1][2][3].y; }'],
  ['write to an input stream', 'kernel void k(float a<>, out float b<>) { /*!BRK2211*/a = 1; b = a; }'],
  ['compound write to an input stream', 'kernel void k(float a<>, out float b<>) { /*!BRK2211*/a += 1; b = a; }'],
  ['write to a gather', 'kernel void k(float a<>, float g[], out float b<>) { /*!BRK2212*/g[a] = 1; b = a; }'],
  ['write to a constant', 'kernel void k(float a<>, float c, out float b<>) { /*!BRK2213*/c++; b = a * c; }'],
  ['write to an iterator', 'kernel void k(iter float i<>, out float b<>) { /*!BRK2214*/i.x = 1; b = i; }'],
  ['direct recursion', 'kernel float f(float a<>) { if (a > 1) return a * /*!BRK2215*/f(a - 1); return 1; }\nkernel void k(float a<>, out float b<>) { b = f(a); }'],
  ['indirect recursion', 'kernel float f(float a<>);\nkernel float g(float a<>) { return f(a); }\nkernel float f(float a<>) { return /*!BRK2215*/g(a); }\nkernel void k(float a<>, out float b<>) { b = f(a); }'],
  ['host function called from a kernel', 'float twice(float x) { return 2 * x; }\nkernel void k(float a<>, out float b<>) { b = /*!BRK2216*/twice(a); }'],
  ['printf in a kernel', 'kernel void k(float a<>, out float b<>) { /*!BRK2216*/printf("%f", a); b = a; }'],
  ['host variable read in a kernel', 'float scale = 2.0f;\nkernel void k(float a<>, out float b<>) { b = a * /*!BRK2217*/scale; }'],
  ['const global and enum in a kernel are fine', 'const float SCALE = 2.5f;\nenum { N = 4 };\nkernel void k(float a<>, out float b<>) { b = a * SCALE + N; }'],
  ['host variable written in a kernel', 'float total;\nkernel void k(float a<>, out float b<>) { /*!BRK2226*/total = a; b = a; }'],
  ['push without vout', 'kernel void k(float a<>, out float b<>) { b = a; push(/*!BRK2218*/b); }'],
  ['push of a non-vout', 'kernel void k(float a<>, vout [2] float e<>) { float t = a; e = t; push(/*!BRK2219*/t); }'],
  ['indexof of a constant', 'kernel void k(float a<>, float c, out float4 b<>) { b = indexof(/*!BRK2220*/c); }'],
  ['indexof of a gather', 'kernel void k(float a<>, float g[], out float4 b<>) { b = indexof /*!BRK2220*/g; }'],
  ['indexof of streams is fine', 'kernel void k(float a<>, out float4 b<>) { b = indexof(a) + indexof b; }'],
  ['reduce kernel called from a kernel', 'reduce void s(float a<>, reduce float r<>) { r += a; }\nkernel void k(float a<>, out float b<>) { float t = 0; /*!BRK2221*/s(a, t); b = t; }'],
  ['helper out argument must be assignable', 'kernel void h(float a<>, out float b<>) { b = a; }\nkernel void k(float a<>, out float c<>) { h(a, /*!BRK2222*/c + 1); }'],
  ['helper with a local as out argument is fine', 'kernel void h(float a<>, out float b<>) { b = 2 * a; }\nkernel void k(float a<>, out float c<>) { float t; h(a, t); h(a, c); c += t; }'],
  ['stream of pointers as kernel parameter', 'kernel void k(float * /*!BRK2228*/a, out float b<>) { b = 1; }'],
  // ---- host calls of kernels and the Brook API
  [
    'kernel call with too few arguments',
    SAXPY + 'int main() { float4 x<10>, y<10>, r<10>; /*!BRK2301*/saxpy(2.0f, x, y); return 0; }',
  ],
  ['scalar where a stream is wanted', SAXPY + 'int main() { float4 x<10>, r<10>; float4 v; saxpy(2.0f, x, /*!BRK2302*/v, r); return 0; }'],
  ['stream where a scalar is wanted', SAXPY + 'int main() { float4 x<10>, r<10>; float s<10>; saxpy(/*!BRK2303*/s, x, x, r); return 0; }'],
  ['stream of the wrong element type', SAXPY + 'int main() { float4 x<10>, r<10>; float y<10>; saxpy(2.0f, x, /*!BRK2304*/y, r); return 0; }'],
  [
    'iterator as output argument',
    SAXPY + 'int main() { float4 x<10>; iter float4 it<10> = iter(float4(0,0,0,0), float4(1,1,1,1)); saxpy(2.0f, x, x, /*!BRK2305*/it); return 0; }',
  ],
  ['iterator as input argument is fine', SAXPY + 'int main() { float4 x<10>, r<10>; iter float4 it<10> = iter(float4(0,0,0,0), float4(1,1,1,1)); saxpy(2.0f, it, x, r); return 0; }'],
  [
    'stream passed to an iter parameter',
    'kernel void k(iter float i<>, out float o<>) { o = i; }\nint main() { float s<10>, o<10>; k(/*!BRK2306*/s, o); return 0; }',
  ],
  [
    'reduction into a constant',
    'reduce void sum(float a<>, reduce float r<>) { r += a; }\nint main() { float s<10>; sum(s, /*!BRK2307*/1.0f); return 0; }',
  ],
  ['helper kernel launched from host', 'kernel float h(float a<>) { return a; }\nint main() { float s<10>; /*!BRK2308*/h(s); return 0; }'],
  ['kernel call used as a value', SAXPY + 'int main() { float4 x<10>, r<10>; int v = /*!BRK2309*/saxpy(2.0f, x, x, r); return 0; }'],
  ['streamRead of a non-stream', 'int main() { float a[10]; float b[10]; streamRead(/*!BRK2310*/a, b); return 0; }'],
  ['streamRead from a scalar', 'int main() { float s<10>; float v = 0; streamRead(s, /*!BRK2311*/v); return 0; }'],
  ['streamRead of int data into a float stream', 'int main() { float s<10>; int a[10]; streamRead(s, /*!BRK2312*/a); return 0; }'],
  ['domain of the wrong rank', 'int main() { float s<10, 10>; float a[100]; streamRead(/*!BRK2313*/s.domain(2, 8), a); return 0; }'],
  ['2-D domain is fine', 'int main() { float s<10, 10>; float a[100]; streamRead(s.domain(int2(2, 3), int2(8, 9)), a); streamWrite(s.domain(int2(0, 0), int2(10, 10)), a); return 0; }'],
  ['iterator without iter()', 'int main() { iter float /*!BRK2314*/it<10>; return 0; }'],
  ['iter() outside an iterator declaration', 'int main() { float x = /*!BRK2315*/iter(0.0f, 1.0f); return 0; }'],
  ['3-D iterator', 'int main() { iter float /*!BRK2316*/it<2, 2, 2> = iter(0.0f, 1.0f); return 0; }'],
  ['3-D iterator of float3 and 4-D of float4 are fine', 'int main() { iter float3 a<2, 2, 2> = iter(float3(0.0f, 0.0f, 0.0f), float3(1.0f, 1.0f, 1.0f)); iter float4 b<1, 2, 1, 2> = iter(float4(0.0f, 0.0f, 0.0f, 0.0f), float4(1.0f, 1.0f, 1.0f, 1.0f)); return 0; }'],
  ['2-D float2 iterator is fine', 'int main() { iter float2 it<4, 8> = iter(float2(0, 0), float2(8, 4)); return 0; }'],
  ['float stream extent', 'int main() { float n = 3; float s</*!BRK2317*/n>; return 0; }'],
  ['stream assignment', 'int main() { float a<10>, b<10>; /*!BRK2318*/a = b; return 0; }'],
  ['stream initialized with a brace list: one error, not two', 'int main() { float s<4> = /*!BRK2325*/{ 1.0f, 2.0f, 3.0f, 4.0f }; return 0; }'],
  ['stream initialized with a nested brace list', 'int main() { float s<2, 2> = /*!BRK2325*/{ { 1.0f, 2.0f }, { 3.0f, 4.0f } }; return 0; }'],
  ['stream initialized with another stream', 'int main() { float a<4>; float b<4> = /*!BRK2318*/a; return 0; }'],
  ['streamSwap of different types', 'int main() { float a<10>; float2 b<10>; /*!BRK2319*/streamSwap(a, b); return 0; }'],
  ['kernel name as a value', SAXPY + 'int main() { int f = /*!BRK2320*/saxpy; return 0; }'],
  ['reduction into a variable of the wrong type', 'reduce void sum(float2 a<>, reduce float2 r<>) { r += a; }\nint main() { float2 s<10>; float r; sum(s, /*!BRK2321*/r); return 0; }'],
  ['scatter op not a reduce kernel', SAXPY + 'int main() { float4 a<10>, d<10>; float i<10>; streamScatterOp(d, i, a, /*!BRK2323*/saxpy); return 0; }'],
  ['scatter with a reduce kernel is fine', 'reduce void add(float a<>, reduce float r<>) { r += a; }\nint main() { float d<10>, i<10>, a<10>; streamScatterOp(d, i, a, add); streamScatterOp(d, i, a, STREAM_SCATTER_ADD); streamGatherOp(d, i, a, STREAM_GATHER_INC); return 0; }'],
  ['kernel with no output launched', 'kernel void k(float a<>) { }\nint main() { float s<10>; /*!BRK2225*/k(s); return 0; }'],
  // ---- warnings
  ['mixed vector sizes (Cg rule)', 'kernel void k(float2 a<>, float4 b<>, out float2 c<>) { c = /*!BRK2401*/a + b; }'],
  ['double in a kernel is float32', 'kernel void k(float a<>, out float b<>) { /*!BRK2402*/double t = a; b = t; }'],
  ['a float4 stored into a float3 drops a component', 'kernel void k(float4 a<>, out float3 b<>) { b = /*!BRK2403*/a; }'],
  ['output never written', 'kernel void k(float a<>, out float b<>, out float /*!BRK2406*/c<>) { b = a; }'],
  ['output written through a helper or a write mask counts', 'kernel void h(float a<>, out float b<>) { b = a; }\nkernel void k(float a<>, out float b<>, out float2 c<>) { h(a, b); c.y = a; }'],
  ['missing return in a host function', 'int /*!BRK2404*/f(int x) { if (x) return 1; }\nint main() { return f(1); }'],
  // ---- more type rules
  ['field declared twice', 'typedef struct { float a; /*!BRK2007*/float a; } S;\nint main() { return 0; }'],
  ['built-in argument of the wrong type', 'typedef struct { float x; } S;\nkernel void k(S s<>, out float b<>) { b = sqrt(/*!BRK2111*/s); }'],
  ['helper argument of the wrong type', 'typedef struct { float x; } S;\nkernel float h(float a) { return a; }\nkernel void k(S s<>, out float b<>) { b = h(/*!BRK2103*/s); }'],
  ['host function argument of the wrong type', 'void f(float *p) { }\nint main() { float x = 1; f(/*!BRK2111*/x); return 0; }'],
  ['a stream of another element type for a host stream parameter: a warning, once per program', 'void f(float2 s<>) { }\nint main() { float a<4>; f(/*!BRK2407*/a); f(a); return 0; }'],
  ['a value where a host function takes a stream is still an error', 'void f(float2 s<>) { }\nint main() { float x = 1; f(/*!BRK2111*/x); return 0; }'],
  ['return without a value in a helper', 'kernel float h(float a) { if (a > 0) /*!BRK2116*/return; return a; }\nkernel void k(float a<>, out float b<>) { b = h(a); }'],
  ['value of a void call', 'void f() { }\nint main() { int x = /*!BRK2126*/f(); return x; }'],
  ['kernel parameter of a struct with a pointer', 'typedef struct { float *p; } S;\nkernel void k(/*!BRK2224*/S s<>, out float b<>) { b = 1; }'],
  ['stream of a struct with a pointer', 'typedef struct { float *p; } S;\nint main() { /*!BRK2322*/S s<10>; return 0; }'],
  ['pack_4ubyte takes a float4', 'kernel void k(float3 a<>, out float b<>) { b = pack_4ubyte(/*!BRK2111*/a); }'],
  ['pack_4ubyte and unpack_4ubyte of the right types are fine', 'kernel void k(float4 a<>, out float4 b<>) { b = unpack_4ubyte(pack_4ubyte(a)); }'],
  ['a char local in a kernel is 32-bit', 'kernel void k(int c<>, out int v<>) { /*!BRK2405*/char d = c; v = (d == 99) ? 1 : 0; }'],
  ['a char stream parameter is stored as 8 bits: no warning', 'kernel void k(char c<>, out char v<>) { v = c + 1; }'],
  ['struct field arrays and nested structs in host code are fine', 'typedef struct { float v[3]; struct { int a; } in; } S;\nint main() { S s; s.v[2] = 1; s.in.a = 3; return s.in.a; }'],
  // ---- one mistake, one diagnostic
  ['no cascade from an unknown name', 'kernel void k(float4 a<>, out float4 b<>) { float4 t = /*!BRK2001*/q * a + dot(q, a); b = t.xyzw + q.x; }'],
  ['no cascade from an unknown struct', 'kernel void k(float a<>, out float b<>) { /*!BRK2004*/struct Foo f; f.x = a; b = f.y * 2; }'],
];

describe('checks fire with the right code at the right place', () => {
  for (const [name, src] of CASES) {
    test(name, () => {
      const c = compile(src);
      expect(c.parseDiagnostics.map((d) => d.code), 'the source must parse').toEqual([]);
      expect(diagKeys(c), render(c)).toEqual(markerKeys(src));
    });
  }
});

describe('correct programs give no diagnostics', () => {
  const dir = join(import.meta.dirname, 'check-cases');
  for (const f of readdirSync(dir).filter((x) => x.startsWith('ok-') && x.endsWith('.br'))) {
    test(f, () => {
      const src = readFileSync(join(dir, f), 'utf8');
      const c = compile(src, { name: f });
      expect(render(c)).toBe('');
      expect(c.result.program.kernels.size).toBeGreaterThan(0);
    });
  }
});

function mainBody(c: ReturnType<typeof compile>): import('../../runtime/compiler/ast.js').Stmt[] {
  const main = c.result.program.functions.find((f) => f.name === 'main')!;
  return main.body!.body;
}

describe('trees the parser already flagged: the checker agrees and does not crash', () => {
  test('out argument not a stream: the parser reports it (BRK1211), the checker adds nothing', () => {
    const c = compile('kernel void k(float a<>, out float b) { b = a; }\nkernel float h(float a<>, out float lo) { lo = a; return a; }');
    expect(diagKeys(c)).toEqual(['BRK1211@1:26', 'BRK1211@2:27']);
  });
});

describe('messages', () => {
  test('did you mean: a close name is suggested', () => {
    const c = compile('kernel void k(float4 value<>, out float4 b<>) { b = valeu * 2; }');
    expect(c.diagnostics).toHaveLength(1);
    expect(c.diagnostics[0]!.message).toBe("unknown identifier 'valeu'");
    expect(c.diagnostics[0]!.hint).toBe("did you mean 'value'?");
  });

  test('did you mean: built-ins in kernels, library names in host code', () => {
    const k = compile('kernel void k(float a<>, out float b<>) { b = sqrtt(a); }');
    expect(k.diagnostics[0]!.hint).toBe("did you mean 'sqrt'?");
    const h = compile('int main() { printff("x"); return 0; }');
    expect(h.diagnostics[0]!.hint).toBe("did you mean 'printf'?");
  });

  test('struct field: lists the fields and suggests the closest', () => {
    const c = compile('typedef struct { float3 o; float3 d; float tmax; } Ray;\nkernel void k(Ray r<>, out float b<>) { b = r.tmx; }');
    expect(c.diagnostics[0]!.message).toBe("struct 'Ray' has no field 'tmx'");
    expect(c.diagnostics[0]!.hint).toBe("did you mean 'tmax'? Its fields are: o, d, tmax");
  });

  test('the rendered form has file:line:col, the line, a caret and a hint', () => {
    const c = compile('kernel void k(float a<>, out float b<>) {\n  a = 2;\n  b = a;\n}', { name: 'prog.br' });
    expect(render(c)).toBe([
      "prog.br:2:3: error: BRK2211: cannot write to input stream 'a'",
      ' 2 |   a = 2;',
      '   |   ^',
      "hint: input streams are read-only; copy it to a local (float t = a;) or declare an output (out ... a<>)",
    ].join('\n'));
  });

  test('kernel call argument count names the signature', () => {
    const c = compile(SAXPY + 'int main() { float4 x<10>; saxpy(1.0f, x); return 0; }');
    expect(c.diagnostics[0]!.message).toBe("kernel 'saxpy' expects 4 arguments, got 2");
    expect(c.diagnostics[0]!.hint).toBe('kernel void saxpy(float a, float4 x<>, float4 y<>, out float4 result<>)');
  });

  test('recursion names the cycle', () => {
    const c = compile('kernel float f(float a<>);\nkernel float g(float a<>) { return f(a); }\nkernel float f(float a<>) { return g(a); }\nkernel void k(float a<>, out float b<>) { b = f(a); }');
    const d = c.diagnostics.filter((x) => x.code === 'BRK2215');
    expect(d).toHaveLength(1);
    // Reported at the call that closes the cycle in source order: g(a) on line 3.
    expect(d[0]!.message).toBe("recursion: kernel 'g' calls itself through g -> f -> g");
    expect(c.sources.position(d[0]!.span.file, d[0]!.span.start)).toEqual({ line: 3, column: 36 });
  });

  test('every message template has a hint, and templates fill their arguments', () => {
    for (const [code, t] of Object.entries(CHECK_MESSAGES)) expect((t as { hint?: string }).hint, code).toBeTruthy();
    const f = formatCheck('BRK2210', { name: 'g', dims: 2, s: 's', given: 'float', why: 'w' });
    expect(f.message).toBe("gather index of the wrong rank: 'g' has 2 dimensions, indexed with float");
  });
});

describe('annotations for host code generation', () => {
  test('every expression of host code has a type, every identifier a symbol', () => {
    const c = compile(SAXPY + `
int main(int argc, char **argv) {
  float4 x<100>, y<100>, result<100>;
  float4 X[100], Y[100];
  int i;
  for (i = 0; i < 100; i++) { X[i] = float4(i, i, i, i); Y[i].x = 1.0f; }
  streamRead(x, X); streamRead(y, Y);
  saxpy(2.0f, x, y, result);
  streamWrite(result, X);
  printf("%f %d\\n", X[3].y, (int) streamSize(result).x);
  return 0;
}`);
    expect(render(c)).toBe('');
    const missing: string[] = [];
    const walk = (n: unknown): void => {
      if (!n || typeof n !== 'object') return;
      if (Array.isArray(n)) { n.forEach(walk); return; }
      const o = n as Record<string, unknown>;
      const kind = o.kind as string | undefined;
      const exprKinds = ['NumberLit', 'StringLit', 'CharLit', 'Ident', 'BinaryExpr', 'AssignExpr', 'UnaryExpr', 'PostfixExpr', 'CondExpr', 'CallExpr', 'IndexExpr', 'MemberExpr', 'CastExpr', 'SizeofExpr', 'CommaExpr', 'InitList', 'ConstructExpr', 'IndexofExpr'];
      if (kind && exprKinds.includes(kind) && !o.type) missing.push(`${kind} type`);
      if (kind === 'Ident' && !o.symbol) missing.push(`Ident ${o.name as string} symbol`);
      if (kind === 'Declarator' && !o.symbol) missing.push(`Declarator ${o.name as string}`);
      if ((kind === 'TypeSpec' || kind === 'ParamDecl') && !o.type) missing.push(kind);
      if (kind === 'ParamDecl' && !o.symbol) missing.push(`ParamDecl ${o.name as string} symbol`);
      for (const [k, v] of Object.entries(o)) if (k !== 'type' && k !== 'symbol' && k !== 'span') walk(v);
    };
    walk(c.result.program.unit);
    expect(missing).toEqual([]);
    // Kernels too (ok-*.br fixtures cover most of the language).
    for (const f of ['ok-kernel-corners.br', 'ok-helpers.br', 'ok-raytri.br', 'ok-host-c.br']) {
      const k = compile(readFileSync(join(import.meta.dirname, 'check-cases', f), 'utf8'));
      expect(render(k)).toBe('');
      walk(k.result.program.unit);
      expect(missing, f).toEqual([]);
    }
  });

  test('C arithmetic conversions in host code', () => {
    const c = compile('int main() { int i = 1; unsigned u = 2; char ch = 3; long l = 4; float f = 1; double d = 2;\n i / 2; u + i; ch + ch; l * i; f * i; f * d; i < f; 1.5 + f; 1.5f + f; return 0; }');
    const stmts = mainBody(c).filter((s): s is ExprStmt => s.kind === 'ExprStmt');
    expect(stmts.map((s) => typeToString(s.expr.type!))).toEqual(['int', 'uint', 'int', 'long', 'float', 'double', 'int', 'double', 'float']);
  });

  test('arrays decay and pointers do arithmetic in host code', () => {
    const c = compile('int main() { float a[10]; float *p = a; float *q = p + 3; long n = q - p; float v = *(a + 2); return (int) (n + v); }');
    expect(render(c)).toBe('');
    const decls = mainBody(c).filter((s): s is DeclStmt => s.kind === 'DeclStmt').map((s) => (s.decl as VarDecl).declarators[0]!);
    expect(decls.map((d) => typeToString(d.init?.type ?? { kind: 'void' }))).toEqual(['void', 'float[10]', 'float *', 'long', 'float']);
  });

  test('emitNames avoid JavaScript reserved words and shadowing', () => {
    const c = compile('int main() { int var = 1; int x = 2; { int x = 3; var = var + x; } { int x = 4; var += x; } return var + x; }');
    expect(render(c)).toBe('');
    const names: string[] = [];
    const walk = (n: unknown): void => {
      if (!n || typeof n !== 'object') return;
      if (Array.isArray(n)) { n.forEach(walk); return; }
      const o = n as Record<string, unknown>;
      if (o.kind === 'Declarator') names.push(`${o.name as string}->${(o.symbol as { emitName: string }).emitName}`);
      for (const [k, v] of Object.entries(o)) if (k !== 'symbol' && k !== 'span' && k !== 'type') walk(v);
    };
    walk(c.result.program.functions);
    expect(names).toEqual(['var->var_1', 'x->x', 'x->x_1', 'x->x_2']);
  });

  test('kernel calls: the callee symbol is a kernel, the kernel table says which kind', () => {
    const c = compile(SAXPY + 'reduce void sum(float4 a<>, reduce float4 r<>) { r += a; }\nint main() { float4 x<10>, r<10>; float4 t; saxpy(2.0f, x, x, r); sum(r, t); return 0; }');
    expect(render(c)).toBe('');
    const calls = mainBody(c).filter((s): s is ExprStmt => s.kind === 'ExprStmt').map((s) => s.expr as CallExpr);
    const ids = calls.map((x) => x.callee as Ident);
    expect(ids.map((i) => i.symbol!.kind)).toEqual(['kernel', 'kernel']);
    expect(ids.map((i) => c.result.program.kernels.get(i.name)!.kind)).toEqual(['map', 'reduce']);
  });

  test('structs are named after their typedef and listed in program.structs', () => {
    const c = compile('typedef struct { float3 o; float t; } Ray;\nstruct Hit { float d; };\ntypedef struct Hit HitT;\nkernel void k(Ray r<>, out float b<>) { b = r.t; }');
    expect(render(c)).toBe('');
    expect([...c.result.program.structs.keys()].sort()).toEqual(['Hit', 'Ray']);
    expect(c.result.program.typedefs.get('HitT')).toBe(c.result.program.structs.get('Hit'));
    expect(typeToString(c.result.program.kernels.get('k')!.ir.params[0]!.type)).toBe('Ray');
  });

  test('host library table covers the C library and the Brook API', () => {
    for (const n of ['printf', 'fprintf', 'puts', 'putchar', 'sprintf', 'rand', 'srand', 'RAND_MAX', 'malloc', 'calloc', 'free', 'brmalloc', 'memset', 'memcpy', 'strlen', 'strcmp', 'strcpy', 'atoi', 'atof', 'exit', 'abs', 'fabs', 'sqrt', 'pow', 'sinf', 'clock', 'time', 'NULL', 'stdout', 'stderr', 'assert', 'streamRead', 'streamWrite', 'streamPrint', 'streamSwap', 'streamSize', 'streamScatterOp', 'streamGatherOp', 'streamSetWriteMask', 'streamEnableWriteMask', 'streamDisableWriteMask', 'STREAM_SCATTER_ASSIGN', 'STREAM_GATHER_INC']) {
      expect(HOST_LIB.has(n), n).toBe(true);
    }
    expect(HOST_LIB.get('RAND_MAX')!.value).toBe(2147483647);
  });
});

describe('kernel typing rules', () => {
  function kernelExprTypes(src: string): string[] {
    const c = compile(src);
    expect(render(c).split('\n').filter((l) => l.includes('error'))).toEqual([]);
    const k = c.result.program.unit.items.find((i): i is FunctionDecl => i.kind === 'FunctionDecl' && i.brook !== null)!;
    return k.body!.body.filter((s): s is ExprStmt => s.kind === 'ExprStmt').map((s) => typeToString((s.expr as { value: Expr }).value.type!));
  }

  test('integer literals are floats in float context', () => {
    const c = compile('kernel void k(float a<>, out float b<>) { b = 1; b = a + 2; b = -3; }');
    const k = c.result.program.unit.items[0] as FunctionDecl;
    const values = k.body!.body.map((s) => ((s as ExprStmt).expr as { value: Expr }).value);
    expect(values.map((v) => typeToString(v.type!))).toEqual(['float', 'float', 'float']);
    expect(typeToString(((values[1] as BinaryExpr).right).type!)).toBe('float');
  });

  test('integer arithmetic stays integer', () => {
    expect(kernelExprTypes('kernel void k(int a<>, out int b<>) { b = a / 2; b = a % 3; }')).toEqual(['int', 'int']);
  });

  test('comparisons are bool, ?: is componentwise on vectors, swizzles have their length', () => {
    expect(kernelExprTypes('kernel void k(float4 a<>, out float4 b<>, out float c<>) { c = a.x < 1; b = a > 0 ? a : -a; b.xy = a.wz; b = a.xxyy; }'))
      .toEqual(['bool', 'float4', 'float2', 'float4']);
  });

  test('Cg rule: float2 + float4 is float2', () => {
    expect(kernelExprTypes('kernel void k(float2 a<>, float4 b<>, out float2 c<>) { c = a + b; }')).toEqual(['float2']);
  });

  test('a scalar fills a vector; rgba names work like xyzw', () => {
    expect(kernelExprTypes('kernel void k(float4 a<>, out float4 b<>) { b = 1; b.rgb = a.bgr; }')).toEqual(['float', 'float3']);
  });

  test('double in kernels is demoted to float with one warning per declaration', () => {
    const c = compile('kernel void k(double a<>, out double b<>) { b = a * 0.5; }');
    expect(c.diagnostics.map((d) => [d.code, d.severity])).toEqual([['BRK2402', 'warning'], ['BRK2402', 'warning']]);
    expect(typeToString(c.result.program.kernels.get('k')!.ir.params[0]!.type)).toBe('float');
  });

  test('brace elision: the checker leaves fully braced lists', () => {
    const c = compile('int main() { float m[2][2] = {1, 2, 3, 4}; float4 v = {1, 2}; return 0; }');
    expect(render(c)).toBe('');
    const decls = mainBody(c).filter((s): s is DeclStmt => s.kind === 'DeclStmt').map((s) => (s.decl as VarDecl).declarators[0]!.init!);
    const m = decls[0] as import('../../runtime/compiler/ast.js').InitList;
    expect(m.items.map((x) => x.kind)).toEqual(['InitList', 'InitList']);
    expect(m.items.map((x) => typeToString(x.type!))).toEqual(['float[2]', 'float[2]']);
    expect((m.items[1] as import('../../runtime/compiler/ast.js').InitList).items.map((x) => (x as { value: number }).value)).toEqual([3, 4]);
    expect(typeToString(decls[1]!.type!)).toBe('float4');
  });

  test('brace initializers for vectors and structs', () => {
    const c = compile('typedef struct { float2 p; float w; } S;\nkernel void k(float a<>, out float2 b<>) { float2 v = {2, 0}; S s = {{1, 2}, 3}; S t = {4, 5, 6}; b = v + s.p * t.w; }');
    expect(render(c)).toBe('');
  });
});

describe('notebook cells', () => {
  test('names from the session: streams, values, kernels of earlier cells', () => {
    const first = compile(SAXPY + 'float4 x<4>;', { cell: true });
    expect(render(first)).toBe('');
    const saxpy = first.result.program.kernels.get('saxpy')!;
    const externals = new Map<string, SessionSymbol>([
      ['saxpy', { kind: 'kernel', name: 'saxpy', kernel: saxpy }],
      ['x', { kind: 'stream', name: 'x', type: { kind: 'stream', elem: { kind: 'vector', elem: 'float', size: 4 }, rank: 1, iter: false } }],
      ['X', { kind: 'value', name: 'X', type: { kind: 'dynamic' } }],
    ]);
    const second = compile('float4 r<4>;\nstreamRead(x, X);\nsaxpy(2.0f, x, x, r);\nsaxpy(/*!BRK2303*/x, x, x, r);', { cell: true, externals });
    expect(diagKeys(second)).toEqual(markerKeys('float4 r<4>;\nstreamRead(x, X);\nsaxpy(2.0f, x, x, r);\nsaxpy(/*!BRK2303*/x, x, x, r);'));
    const clean = compile('float4 r<4>;\nstreamRead(x, X);\nsaxpy(2.0f, x, x, r);', { cell: true, externals });
    expect(render(clean)).toBe('');
    expect(clean.result.program.sessionKernels?.get('saxpy')).toBe(saxpy);
  });

  test('a helper kernel of an earlier cell is callable from a new kernel', () => {
    const first = compile('kernel float3 avg(float3 a<>, float3 b<>) { return (a + b) * 0.5; }', { cell: true });
    const avg = first.result.program.kernels.get('avg')!;
    expect(avg.helper?.name).toBe('h_avg');
    const externals = new Map<string, SessionSymbol>([['avg', { kind: 'kernel', name: 'avg', kernel: avg }]]);
    const second = compile('kernel void k(float3 a<>, out float3 c<>) { c = avg(a, a); }', { cell: true, externals });
    expect(render(second)).toBe('');
    expect(second.result.program.kernels.get('k')!.ir.helpers.map((h) => h.name)).toEqual(['h_avg']);
  });

  test('a bare stream as the last statement of a cell is fine (the notebook displays it)', () => {
    const c = compile('float4 result<4>;\nresult', { cell: true });
    expect(render(c)).toBe('');
    const last = c.result.program.statements[c.result.program.statements.length - 1] as ExprStmt;
    expect(typeToString(last.expr.type!)).toBe('float4<>');
  });

  test('helpers of a session helper come along (callees before callers)', () => {
    const first = compile('kernel float sq(float x) { return x * x; }\nkernel float norm2(float3 v) { return sq(v.x) + sq(v.y) + sq(v.z); }', { cell: true });
    const ext = (name: string) => ({ kind: 'kernel' as const, name, kernel: first.result.program.kernels.get(name)! });
    const externals = new Map<string, SessionSymbol>([['sq', ext('sq')], ['norm2', ext('norm2')]]);
    const second = compile('kernel void k(float3 a<>, out float n<>) { n = norm2(a); }', { cell: true, externals });
    expect(render(second)).toBe('');
    expect(second.result.program.kernels.get('k')!.ir.helpers.map((h) => h.name)).toEqual(['h_sq', 'h_norm2']);
  });

  test('a cell\'s top-level declarations are globals; those in blocks and loops are locals', () => {
    const c = compile('int n = 3;\nint i;\nfor (i = 0; i < n; i++) { int j = i; }', { cell: true });
    expect(render(c)).toBe('');
    const kinds: string[] = [];
    const walk = (x: unknown): void => {
      if (!x || typeof x !== 'object') return;
      if (Array.isArray(x)) { x.forEach(walk); return; }
      const o = x as Record<string, unknown>;
      if (o.kind === 'Declarator') kinds.push(`${o.name as string}:${(o.symbol as { kind: string }).kind}`);
      for (const [k, v] of Object.entries(o)) if (k !== 'symbol' && k !== 'span' && k !== 'type') walk(v);
    };
    walk(c.result.program.unit);
    expect(kinds).toEqual(['n:global', 'i:global', 'j:local']);
  });

  test('statements outside functions are an error in a program (the parser stops them first; the checker agrees)', () => {
    const c = compile('int x;\nx = 3;', { cell: true, mode: 'program' });
    expect(diagKeys(c)).toEqual(['BRK2324@2:1']);
    expect(render(compile('int x;\nx = 3;', { cell: true }))).toBe('');
  });
});

/**
 * Robustness: mutated versions of the fixtures. Whatever the parser accepts, the checker must handle
 * without throwing; when it reports no error, the lowered IR must satisfy the invariants of ir.ts.
 * The mutations come from a seeded generator, so a failure reproduces.
 */
const MUTANT_DIR = join(import.meta.dirname, 'check-cases');
const MUTANT_SOURCES = [
  ...readdirSync(MUTANT_DIR).filter((f) => f.startsWith('ok-') && f.endsWith('.br')).map((f) => join(MUTANT_DIR, f)),
  ...readdirSync(join(MUTANT_DIR, 'ir')).filter((f) => f.endsWith('.br')).map((f) => join(MUTANT_DIR, 'ir', f)),
];

describe('mutated programs never crash the checker', () => {
  for (const file of MUTANT_SOURCES) {
    test(file.slice(MUTANT_DIR.length + 1), () => {
      const original = readFileSync(file, 'utf8');
      const r = rng(file.length * 7919);
      let checked = 0;
      for (let i = 0; i < 40; i++) {
        const src = mutate(original, r);
        let c: ReturnType<typeof compile>;
        try {
          c = compile(src);
        } catch (e) {
          throw new Error(`checker threw on mutant ${i} of ${file}: ${(e as Error).stack}\n---\n${src}`);
        }
        if (c.parseDiagnostics.some((d) => d.severity === 'error')) continue;
        checked++;
        for (const d of c.result.diagnostics) expect(d.span.file, `${d.code} has a real span`).toBeGreaterThanOrEqual(0);
        if (c.result.diagnostics.some((d) => d.severity === 'error')) continue;
        for (const k of c.result.program.kernels.values()) expect(validateKernelIR(k.ir), `${k.name} in mutant ${i}\n${src}`).toEqual([]);
      }
      expect(checked).toBeGreaterThan(0);
    });
  }
});
