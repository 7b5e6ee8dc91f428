/**
 * Hand-written ray tracer passes (bench/apps/ray.ts has the job): eye rays, nearest-hit Moller-Trumbore
 * against every triangle, Lambert shading; one thread a pixel, (16, 16) workgroups.
 * Plan "global": each thread reads every triangle from memory (what the Brook kernel does).
 * Plan "tile": the 256 threads of a workgroup load 256 triangles at a time into workgroup memory and
 * all test against them there, so each triangle is read from memory once a workgroup instead of
 * once a ray. Triangles are vec4-padded (WGSL's array<vec3f> has a 16-byte stride).
 */
import type { BenchGpu } from '../gpu.js';
import { createBuffer, readBack, storageFrom } from '../gpu.js';
import type { Check } from '../reference.js';
import type { Side } from '../side.js';
import type { Scene } from '../apps/ray-scene.js';
import { bindGroup, pipeline, submit, u32f32, uniform, type Dispatch } from './common.js';

const PARAMS = /* wgsl */ `
struct P {
  eye: vec4f, forward: vec4f, right: vec4f, up: vec4f, light: vec4f,
  w: u32, h: u32, ntris: u32, floorTris: u32,
}`;

const EYE = /* wgsl */ `${PARAMS}
@group(0) @binding(0) var<storage, read_write> dir: array<vec4f>;
@group(0) @binding(1) var<uniform> p: P;
@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) g: vec3u) {
  if (g.x >= p.w || g.y >= p.h) { return; }
  let s = (vec2f(g.xy) + 0.5) / vec2f(f32(p.w), f32(p.h)) * 2.0 - 1.0;
  dir[g.y * p.w + g.x] = vec4f(normalize(p.forward.xyz + s.x * p.right.xyz - s.y * p.up.xyz), 0.0);
}`;

/** The Moller-Trumbore test, shared by both plans; `best` holds (t, triangle, u, v). */
const TEST = /* wgsl */ `
fn test(o: vec3f, d: vec3f, v0: vec3f, a: vec3f, b: vec3f, i: u32, best: ptr<function, vec4f>) {
  let q1 = cross(d, b);
  let det = dot(a, q1);
  let inv = 1.0 / det;
  let s = o - v0;
  let u = dot(s, q1) * inv;
  let q2 = cross(s, a);
  let v = dot(d, q2) * inv;
  let t = dot(b, q2) * inv;
  if (abs(det) > 1e-12 && u >= 0.0 && v >= 0.0 && u + v <= 1.0 && t > 1e-4 && t < (*best).x) {
    *best = vec4f(t, f32(i), u, v);
  }
}`;

const INTERSECT_GLOBAL = /* wgsl */ `${PARAMS}
@group(0) @binding(0) var<storage, read> dir: array<vec4f>;
@group(0) @binding(1) var<storage, read> tri: array<vec4f>;
@group(0) @binding(2) var<storage, read_write> hit: array<vec4f>;
@group(0) @binding(3) var<uniform> p: P;
${TEST}
@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) g: vec3u) {
  if (g.x >= p.w || g.y >= p.h) { return; }
  let r = g.y * p.w + g.x;
  let d = dir[r].xyz;
  var best = vec4f(1e30, -1.0, 0.0, 0.0);
  for (var i = 0u; i < p.ntris; i++) {
    test(p.eye.xyz, d, tri[3u * i].xyz, tri[3u * i + 1u].xyz, tri[3u * i + 2u].xyz, i, &best);
  }
  hit[r] = best;
}`;

const INTERSECT_TILE = /* wgsl */ `${PARAMS}
@group(0) @binding(0) var<storage, read> dir: array<vec4f>;
@group(0) @binding(1) var<storage, read> tri: array<vec4f>;
@group(0) @binding(2) var<storage, read_write> hit: array<vec4f>;
@group(0) @binding(3) var<uniform> p: P;
var<workgroup> tv0: array<vec3f, 256>;
var<workgroup> ta: array<vec3f, 256>;
var<workgroup> tb: array<vec3f, 256>;
${TEST}
@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) g: vec3u, @builtin(local_invocation_index) li: u32) {
  let inside = g.x < p.w && g.y < p.h;
  let r = min(g.y, p.h - 1u) * p.w + min(g.x, p.w - 1u);
  let d = dir[r].xyz;
  var best = vec4f(1e30, -1.0, 0.0, 0.0);
  for (var base = 0u; base < p.ntris; base += 256u) {
    let j = base + li;
    if (j < p.ntris) {
      tv0[li] = tri[3u * j].xyz;
      ta[li] = tri[3u * j + 1u].xyz;
      tb[li] = tri[3u * j + 2u].xyz;
    }
    workgroupBarrier();
    let count = min(256u, p.ntris - base);
    for (var k = 0u; k < count; k++) {
      test(p.eye.xyz, d, tv0[k], ta[k], tb[k], base + k, &best);
    }
    workgroupBarrier();
  }
  if (inside) { hit[r] = best; }
}`;

const SHADE = /* wgsl */ `${PARAMS}
@group(0) @binding(0) var<storage, read> dir: array<vec4f>;
@group(0) @binding(1) var<storage, read> hit: array<vec4f>;
@group(0) @binding(2) var<storage, read> tri: array<vec4f>;
@group(0) @binding(3) var<storage, read> color: array<vec4f>;
@group(0) @binding(4) var<storage, read_write> rgb: array<vec4f>;
@group(0) @binding(5) var<uniform> p: P;
@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) g: vec3u) {
  if (g.x >= p.w || g.y >= p.h) { return; }
  let r = g.y * p.w + g.x;
  let d = dir[r].xyz;
  let h = hit[r];
  if (h.y < 0.0) {
    rgb[r] = vec4f(mix(vec3f(0.9, 0.95, 1.0), vec3f(0.4, 0.6, 0.9), clamp(d.y * 2.0, 0.0, 1.0)), 1.0);
    return;
  }
  let i = u32(h.y);
  var n = normalize(cross(tri[3u * i + 1u].xyz, tri[3u * i + 2u].xyz));
  if (dot(n, d) > 0.0) { n = -n; }
  var base = color[i].xyz;
  if (i < p.floorTris) {
    let q = p.eye.xyz + h.x * d;
    let c = abs((floor(q.x) + floor(q.z)) % 2.0);
    base = select(vec3f(0.35, 0.35, 0.4), vec3f(0.85, 0.85, 0.85), c > 0.5);
  }
  rgb[r] = vec4f(base * (0.2 + 0.8 * max(dot(n, p.light.xyz), 0.0)), 1.0);
}`;

/** `check` judges the hit buffer, vec4 (t, triangle, u, v) a pixel (the caller owns the reference). */
export async function rayWgsl(gpu: BenchGpu, size: { width: number; height: number }, sc: Scene, check: (hits: Float32Array) => Check): Promise<Side[]> {
  const { device } = gpu;
  const { width: w, height: h } = size;
  const T = sc.count;
  const tris = new Float32Array(12 * T);
  const colors = new Float32Array(4 * T);
  for (let i = 0; i < T; i++) {
    tris.set(sc.v0.subarray(3 * i, 3 * i + 3), 12 * i);
    tris.set(sc.e1.subarray(3 * i, 3 * i + 3), 12 * i + 4);
    tris.set(sc.e2.subarray(3 * i, 3 * i + 3), 12 * i + 8);
    colors.set(sc.color.subarray(3 * i, 3 * i + 3), 4 * i);
  }
  const v4 = (v: number[]) => [...v, 0].map((f) => ({ f }));
  const bu = uniform(device, u32f32([...v4(sc.eye), ...v4(sc.forward), ...v4(sc.right), ...v4(sc.up), ...v4(sc.light), { u: w }, { u: h }, { u: T }, { u: sc.floorTris }]));
  const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;
  const btri = storageFrom(device, tris, 'ray triangles');
  const bcol = storageFrom(device, colors, 'ray colours');
  const bdir = createBuffer(device, 16 * w * h, usage, 'ray dirs');
  const bhit = createBuffer(device, 16 * w * h, usage, 'ray hits');
  const brgb = createBuffer(device, 16 * w * h, usage, 'ray rgb');
  const eye = await pipeline(device, EYE, 'ray-wgsl-eye');
  const shade = await pipeline(device, SHADE, 'ray-wgsl-shade');
  const grid: [number, number] = [Math.ceil(w / 16), Math.ceil(h / 16)];
  const plans = [
    { code: INTERSECT_GLOBAL, plan: 'a thread a ray, every triangle read from memory' },
    { code: INTERSECT_TILE, plan: 'a thread a ray, 256 triangles at a time staged in workgroup memory' },
  ];
  let live = plans.length;
  const sides: Side[] = [];
  for (const [i, v] of plans.entries()) {
    const hitPipe = await pipeline(device, v.code, `ray-wgsl-intersect-${i}`);
    const dispatches: Dispatch[] = [
      { pipe: eye, bind: bindGroup(device, eye, [bdir, bu]), grid },
      { pipe: hitPipe, bind: bindGroup(device, hitPipe, [bdir, btri, bhit, bu]), grid },
      { pipe: shade, bind: bindGroup(device, shade, [bdir, bhit, btri, bcol, brgb, bu]), grid },
    ];
    sides.push({
      impl: 'wgsl',
      plan: `${v.plan}; eye rays, intersection, shading: 3 passes`,
      run: () => submit(device, dispatches),
      check: async () => check(new Float32Array(await readBack(device, bhit, 16 * w * h))),
      dispose() {
        if (--live === 0) for (const b of [bu, btri, bcol, bdir, bhit, brgb]) b.destroy();
      },
    });
  }
  return sides;
}
