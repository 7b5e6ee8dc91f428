/**
 * Ray (paper 5.1, dissertation 6.2.4): a simplified version of Purcell et al.'s GPU ray tracer, as
 * three kernels: eye-ray setup, ray-triangle intersection (Moller-Trumbore against every triangle,
 * keeping the nearest hit), and shading (Lambert with an ambient term, a checkered floor).
 * The rate is the paper's: ray-triangle tests per second (rays x triangles per run).
 * Small: 128 x 96 rays, 478 triangles; full: 640 x 480 rays, 2,318 triangles.
 * Checked against a float64 ray caster: the nearest hit distance of every pixel; pixels whose ray
 * grazes an edge may differ between float32 and float64, so up to 0.2% of them may disagree.
 * Hand versions: WGSL (bench/wgsl/ray.ts: the same three passes by hand; triangles staged through
 * workgroup memory in tiles).
 */
import type { BrookRuntimeHandle } from '../../runtime/brt/index.js';
import type { Check } from '../reference.js';
import { rayWgsl } from '../wgsl/ray.js';
import { runFigure3, type AppDefinition, type BrookJob, type Figure3 } from './figure3.js';
import { kernels } from './kernels.js';
import { buildScene, type Scene } from './ray-scene.js';
import type { AppSize } from './size.js';
import { FLOAT3, FLOAT4 } from './streams.js';

export interface RayParams {
  size: AppSize;
  width: number;
  height: number;
  detail: 0 | 1;
}

export function rayParams(size: AppSize): RayParams {
  return size === 'full' ? { size, width: 640, height: 480, detail: 1 } : { size, width: 128, height: 96, detail: 0 };
}

export function rayScene(p: RayParams): Scene {
  return buildScene(p.detail, p.width, p.height);
}

/** The float64 nearest-hit distance of every pixel's eye ray (Infinity for a miss), row-major. */
export function rayReference(p: RayParams, sc: Scene): Float64Array {
  const { width: w, height: h } = p;
  const out = new Float64Array(w * h);
  const n = sc.count;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sx = ((x + 0.5) / w) * 2 - 1;
      const sy = ((y + 0.5) / h) * 2 - 1;
      let dx = sc.forward[0] + sx * sc.right[0] - sy * sc.up[0];
      let dy = sc.forward[1] + sx * sc.right[1] - sy * sc.up[1];
      let dz = sc.forward[2] + sx * sc.right[2] - sy * sc.up[2];
      const l = Math.hypot(dx, dy, dz);
      dx /= l;
      dy /= l;
      dz /= l;
      let best = Infinity;
      for (let i = 0; i < n; i++) {
        const ax = sc.e1[3 * i]!, ay = sc.e1[3 * i + 1]!, az = sc.e1[3 * i + 2]!;
        const bx = sc.e2[3 * i]!, by = sc.e2[3 * i + 1]!, bz = sc.e2[3 * i + 2]!;
        const px = dy * bz - dz * by, py = dz * bx - dx * bz, pz = dx * by - dy * bx;
        const det = ax * px + ay * py + az * pz;
        if (Math.abs(det) < 1e-12) continue;
        const inv = 1 / det;
        const s0 = sc.eye[0] - sc.v0[3 * i]!, s1 = sc.eye[1] - sc.v0[3 * i + 1]!, s2 = sc.eye[2] - sc.v0[3 * i + 2]!;
        const u = (s0 * px + s1 * py + s2 * pz) * inv;
        if (u < 0 || u > 1) continue;
        const qx = s1 * az - s2 * ay, qy = s2 * ax - s0 * az, qz = s0 * ay - s1 * ax;
        const v = (dx * qx + dy * qy + dz * qz) * inv;
        if (v < 0 || u + v > 1) continue;
        const t = (bx * qx + by * qy + bz * qz) * inv;
        if (t > 1e-4 && t < best) best = t;
      }
      out[y * w + x] = best;
    }
  }
  return out;
}

/** Hits as float4 (t, triangle, u, v; triangle < 0 for a miss) against the float64 distances. */
export function rayCheck(hits: ArrayLike<number>, want: Float64Array): Check {
  const allowed = Math.max(2, Math.floor(0.002 * want.length));
  let bad = 0;
  let first = -1;
  for (let i = 0; i < want.length; i++) {
    const t = hits[4 * i]!;
    const missed = !(hits[4 * i + 1]! >= 0);
    const ref = want[i]!;
    const wrong = missed !== !Number.isFinite(ref) || (!missed && Math.abs(t - ref) > 1e-3 * Math.max(1, ref));
    if (wrong) {
      bad++;
      if (first < 0) first = i;
    }
  }
  return {
    ok: bad <= allowed,
    maxRelError: bad / allowed,
    detail: bad <= allowed ? undefined : `${bad} of ${want.length} pixels disagree with float64 (at most ${allowed} may, at grazing edges); first at pixel ${first}: got t = ${hits[4 * first]}, triangle ${hits[4 * first + 1]}, expected t = ${want[first]}`,
  };
}

/** `ref`: the float64 distances, when the caller computed them already (they take seconds at full size). */
export function rayApp(given: { eyeRays: unknown; intersect: unknown; shade: unknown }, p: RayParams, sc = rayScene(p), ref?: Float64Array): AppDefinition {
  const k = kernels(given, ['eyeRays', 'intersect', 'shade']);
  const { width: w, height: h } = p;
  const rays = w * h;
  const want = () => (ref ??= rayReference(p, sc));
  return {
    id: 'ray',
    title: 'Ray',
    size: `${w} x ${h} rays, ${sc.count.toLocaleString('en-US')} triangles`,
    unit: 'M ray-triangle tests/s',
    work: rays * sc.count,
    workNote: 'ray-triangle tests a second (every ray against every triangle), as the paper reported',
    checkedAgainst: 'a float64 ray caster (nearest hit of every pixel)',
    bytes: 12 * 4 * sc.count + rays * (12 + 16 + 12),
    largestBufferBytes: 16 * rays,
    brook(rt: BrookRuntimeHandle): BrookJob {
      const T = sc.count;
      const v0 = rt.createStream('v0', FLOAT3, [T]);
      const e1 = rt.createStream('e1', FLOAT3, [T]);
      const e2 = rt.createStream('e2', FLOAT3, [T]);
      const color = rt.createStream('color', FLOAT3, [T]);
      const dir = rt.createStream('dir', FLOAT3, [h, w]);
      const hit = rt.createStream('hit', FLOAT4, [h, w]);
      const rgb = rt.createStream('rgb', FLOAT3, [h, w]);
      const hits = new Float32Array(4 * rays);
      const image = new Float32Array(3 * rays);
      return {
        bytesIn: 4 * 12 * T,
        bytesOut: 28 * rays,
        async upload() {
          await rt.streamRead(v0, sc.v0);
          await rt.streamRead(e1, sc.e1);
          await rt.streamRead(e2, sc.e2);
          await rt.streamRead(color, sc.color);
          await rt.finish();
        },
        run() {
          rt.call(k.eyeRays, [sc.forward, sc.right, sc.up, w, h, dir]);
          rt.call(k.intersect, [dir, sc.eye, v0, e1, e2, T, hit]);
          rt.call(k.shade, [dir, hit, sc.eye, sc.light, e1, e2, color, sc.floorTris, rgb]);
        },
        async download() {
          await rt.streamWrite(hit, hits);
          await rt.streamWrite(rgb, image);
        },
        check: () => rayCheck(hits, want()),
        dispose() {
          for (const s of [v0, e1, e2, color, dir, hit, rgb]) rt.free(s);
        },
      };
    },
    wgsl: (gpu) => rayWgsl(gpu, p, sc, (got) => rayCheck(got, want())),
    noWgsl: undefined,
  };
}

/** Figure 3 for the ray tracer with the notebook's `eyeRays`, `intersect` and `shade`. */
export function rayFigure3(given: { eyeRays: unknown; intersect: unknown; shade: unknown }, p: RayParams, sc = rayScene(p), ref?: Float64Array): Promise<Figure3> {
  return runFigure3(rayApp(given, p, sc, ref), p.size);
}
