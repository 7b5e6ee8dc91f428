/**
 * The ray tracer's scene and camera (bench/apps/ray.ts): a floor, a subdivided icosahedron sphere, a
 * torus and a cube, as triangles with their first vertex, two edges and a colour, the layout the
 * Moller-Trumbore test wants. Built in float64, stored as float32; the same numbers feed the Brook
 * kernels, the hand-written WGSL and the float64 reference.
 */

export type Vec3 = [number, number, number];

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const norm = (a: Vec3): Vec3 => scale(a, 1 / Math.hypot(a[0], a[1], a[2]));

interface Tri {
  a: Vec3;
  b: Vec3;
  c: Vec3;
  color: Vec3;
}

/** An icosahedron subdivided `levels` times, pushed onto the unit sphere: 20 * 4^levels triangles. */
function icosphere(levels: number): [Vec3, Vec3, Vec3][] {
  const t = (1 + Math.sqrt(5)) / 2;
  const v: Vec3[] = [[-1, t, 0], [1, t, 0], [-1, -t, 0], [1, -t, 0], [0, -1, t], [0, 1, t], [0, -1, -t], [0, 1, -t], [t, 0, -1], [t, 0, 1], [-t, 0, -1], [-t, 0, 1]].map((p) => norm(p as Vec3));
  const f = [[0, 11, 5], [0, 5, 1], [0, 1, 7], [0, 7, 10], [0, 10, 11], [1, 5, 9], [5, 11, 4], [11, 10, 2], [10, 7, 6], [7, 1, 8], [3, 9, 4], [3, 4, 2], [3, 2, 6], [3, 6, 8], [3, 8, 9], [4, 9, 5], [2, 4, 11], [6, 2, 10], [8, 6, 7], [9, 8, 1]];
  let tris: [Vec3, Vec3, Vec3][] = f.map(([i, j, k]) => [v[i!]!, v[j!]!, v[k!]!]);
  for (let l = 0; l < levels; l++) {
    const next: [Vec3, Vec3, Vec3][] = [];
    for (const [a, b, c] of tris) {
      const ab = norm(scale(add(a, b), 0.5));
      const bc = norm(scale(add(b, c), 0.5));
      const ca = norm(scale(add(c, a), 0.5));
      next.push([a, ab, ca], [b, bc, ab], [c, ca, bc], [ab, bc, ca]);
    }
    tris = next;
  }
  return tris;
}

/** A torus around the y axis: `seg` x `sides` quads, two triangles each. */
function torus(R: number, r: number, seg: number, sides: number): [Vec3, Vec3, Vec3][] {
  const at = (i: number, j: number): Vec3 => {
    const u = (2 * Math.PI * i) / seg;
    const w = (2 * Math.PI * j) / sides;
    const d = R + r * Math.cos(w);
    return [d * Math.cos(u), r * Math.sin(w), d * Math.sin(u)];
  };
  const out: [Vec3, Vec3, Vec3][] = [];
  for (let i = 0; i < seg; i++) {
    for (let j = 0; j < sides; j++) {
      const p = at(i, j), q = at(i + 1, j), s = at(i + 1, j + 1), o = at(i, j + 1);
      out.push([p, q, s], [p, s, o]);
    }
  }
  return out;
}

/** A unit cube centred on the origin: 12 triangles. */
function cube(): [Vec3, Vec3, Vec3][] {
  const c = (x: number, y: number, z: number): Vec3 => [x - 0.5, y - 0.5, z - 0.5];
  const faces: Vec3[][] = [
    [c(0, 0, 0), c(1, 0, 0), c(1, 1, 0), c(0, 1, 0)], [c(0, 0, 1), c(0, 1, 1), c(1, 1, 1), c(1, 0, 1)],
    [c(0, 0, 0), c(0, 1, 0), c(0, 1, 1), c(0, 0, 1)], [c(1, 0, 0), c(1, 0, 1), c(1, 1, 1), c(1, 1, 0)],
    [c(0, 1, 0), c(1, 1, 0), c(1, 1, 1), c(0, 1, 1)], [c(0, 0, 0), c(0, 0, 1), c(1, 0, 1), c(1, 0, 0)],
  ];
  return faces.flatMap(([a, b, d, e]) => [[a!, b!, d!], [a!, d!, e!]] as [Vec3, Vec3, Vec3][]);
}

function place(tris: [Vec3, Vec3, Vec3][], s: number, rotY: number, tiltX: number, at: Vec3, color: Vec3): Tri[] {
  const cy = Math.cos(rotY), sy = Math.sin(rotY), cx = Math.cos(tiltX), sx = Math.sin(tiltX);
  const m = (p: Vec3): Vec3 => {
    const y1 = p[1] * cx - p[2] * sx;
    const z1 = p[1] * sx + p[2] * cx;
    return add([(p[0] * cy + z1 * sy) * s, y1 * s, (-p[0] * sy + z1 * cy) * s], at);
  };
  return tris.map(([a, b, c]) => ({ a: m(a), b: m(b), c: m(c), color }));
}

export interface Scene {
  /** Triangles: first vertex, edges to the second and third, colour; float3 each, packed. */
  v0: Float32Array;
  e1: Float32Array;
  e2: Float32Array;
  color: Float32Array;
  count: number;
  /** The first `floorTris` triangles are the floor (shaded as a checkerboard). */
  floorTris: number;
  /** Camera: eye, and the forward, right and up vectors (right and up scaled to the view's half extent). */
  eye: Vec3;
  forward: Vec3;
  right: Vec3;
  up: Vec3;
  /** Direction towards the light (unit). */
  light: Vec3;
}

/** The scene at a detail level (0: ~480 triangles, 1: ~2,300), seen by a width x height camera. */
export function buildScene(detail: 0 | 1, width: number, height: number): Scene {
  const tris: Tri[] = [];
  const F = 6;
  tris.push({ a: [-F, 0, -F], b: [F, 0, -F], c: [F, 0, F], color: [0.8, 0.8, 0.8] }, { a: [-F, 0, -F], b: [F, 0, F], c: [-F, 0, F], color: [0.8, 0.8, 0.8] });
  tris.push(...place(icosphere(detail === 0 ? 2 : 3), 0.8, 0, 0, [-1.1, 0.8, 0.6], [0.85, 0.25, 0.2]));
  tris.push(...place(torus(0.6, 0.22, detail === 0 ? 12 : 32, detail === 0 ? 6 : 16), 1, 0.3, 1.1, [1.15, 0.75, 0.4], [0.2, 0.45, 0.85]));
  tris.push(...place(cube(), 0.7, 0.5, 0, [0.15, 0.35, -0.9], [0.9, 0.75, 0.2]));
  const n = tris.length;
  const v0 = new Float32Array(3 * n), e1 = new Float32Array(3 * n), e2 = new Float32Array(3 * n), color = new Float32Array(3 * n);
  tris.forEach((t, i) => {
    v0.set(t.a, 3 * i);
    e1.set(sub(t.b, t.a), 3 * i);
    e2.set(sub(t.c, t.a), 3 * i);
    color.set(t.color, 3 * i);
  });
  const eye: Vec3 = [0, 1.6, -4.6];
  const forward = norm(sub([0, 0.55, 0.2], eye));
  const right0 = norm(cross([0, 1, 0], forward));
  const up0 = cross(forward, right0);
  const half = Math.tan((40 / 2) * (Math.PI / 180));
  return {
    v0, e1, e2, color, count: n, floorTris: 2,
    eye, forward,
    right: scale(right0, half * (width / height)),
    up: scale(up0, half),
    light: norm([-0.5, 1, -0.35]),
  };
}
