#!/usr/bin/env python3
"""Checks volume_division's mesh (it has no gold) against the volume it generates, independently.

usage: scripts/original-apps/check-volume-division.py MESH.out WIDTH

With one numeric argument WIDTH the application isosurfaces a generated sphere: voxel (a, b, c) of
the W^3 grid is 1 when (a - o)^2 + (b - o)^2 + (c - o)^2 < o^2, o = (W - 1) / 2, else 0 (ppm3d.h
readPPM3dSlice). It prints the vertices of its triangles, consecutive triples, shifted by -W/2
(integer division). A correct marching-cubes mesh of that volume at isovalue 0.39 has:
- every vertex on a grid edge whose two ends differ, 0.39 of the way from the 0 end;
- a vertex on every such edge (the surface crosses each once);
- a closed surface: every side of a triangle shared by exactly two triangles, no degenerate triangle,
  and V - E + T = 2 (a sphere).
Exit status 0 when all hold.
"""
import itertools
import re
import sys

path, w = sys.argv[1], int(sys.argv[2])
o = (w - 1) / 2


def inside(p):
    return all(0 <= c < w for c in p) and sum((c - o) ** 2 for c in p) < o * o


text = open(path).read()
pts = [tuple(float(v) + w // 2 for v in m) for m in re.findall(r'x="([-\d.]+)" y="([-\d.]+)" z="([-\d.]+)"', text)]
problems = []
edges = set()
for p in pts:
    axes = [k for k in range(3) if abs(p[k] - round(p[k])) > 1e-6]
    if len(axes) != 1:
        problems.append(f'{p} is not on a grid edge')
        continue
    k = axes[0]
    lo = [round(c) for c in p]
    lo[k] = int(p[k] // 1)
    hi = list(lo)
    hi[k] += 1
    a, b = inside(tuple(lo)), inside(tuple(hi))
    want = 0.39 if (not a and b) else 0.61 if (a and not b) else None
    if want is None or abs(p[k] - lo[k] - want) > 0.006:
        problems.append(f'{p} is not at the isovalue of its edge')
    edges.add((tuple(lo), k))
crossing = {(c, k) for c in itertools.product(range(-1, w + 1), repeat=3) for k in range(3)
            if inside(c) != inside(tuple(c[i] + (i == k) for i in range(3)))}
if crossing - edges:
    problems.append(f'{len(crossing - edges)} crossing edges carry no vertex')
if len(pts) % 3:
    problems.append(f'{len(pts)} vertices are not whole triangles')
tris = [pts[i:i + 3] for i in range(0, len(pts) - len(pts) % 3, 3)]
sides = {}
for t in tris:
    if len(set(t)) < 3:
        problems.append(f'degenerate triangle {t}')
    for i, j in ((0, 1), (1, 2), (0, 2)):
        e = tuple(sorted((t[i], t[j])))
        sides[e] = sides.get(e, 0) + 1
open_sides = sum(1 for n in sides.values() if n != 2)
if open_sides:
    problems.append(f'{open_sides} triangle sides are not shared by exactly two triangles')
v, e, t = len(set(pts)), len(sides), len(tris)
if v - e + t != 2:
    problems.append(f'Euler characteristic {v - e + t}, not 2')
print(f'volume_division {w}: {t} triangles, {v} vertices on {len(crossing)} crossing edges, V - E + T = {v - e + t}')
for p in problems[:10]:
    print('  ' + p)
sys.exit(1 if problems else 0)
