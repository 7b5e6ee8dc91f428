#!/usr/bin/env python3
"""Checks subdivision's mesh (it has no gold) against the model it subdivides, independently.

usage: scripts/original-apps/check-subdivision.py MESH.out MODEL.ply

The application reads MODEL.ply (ascii: vertices, then faces fanned into triangles), moves every
vertex by z + 100 (splyload.cpp) and z + 1/64 (model.cpp), subdivides the triangles (each new vertex
an average of neighbouring ones, so a convex combination of the model's vertices) and prints the
vertex count, then the vertices of its triangles, consecutive triples, "%3.3f, %3.3f, %3.3f".
A correct subdivision of a closed model has:
- as many vertex lines as the count says, a multiple of 3, at least as many triangles as the model
  (exactly the model's triangles when none was split: iso.ply and supercube.ply at the default
  epsilon, whose sides' squared length over the sum of the ends' z is below 1, subdiv.br uoDistance);
- no degenerate triangle (three distinct vertices at the printed precision);
- a closed surface without cracks (the adaptive scheme repairs its T-junctions): every side of a
  triangle shared by exactly two triangles, vertices matched at the printed precision, when every
  side of the model's triangles is shared by two;
- V - E + T = 2 (a sphere-like surface) when the model is closed;
- every vertex inside the bounding box of the moved model vertices (convex combinations of them).
Exit status 0 when all hold.
"""
import collections
import sys

out_path, ply_path = sys.argv[1], sys.argv[2]
problems = []

lines = open(out_path).read().split('\n')
count = int(lines[0])
verts = [tuple(float(x) for x in l.split(',')) for l in lines[1:] if l.strip()]
if len(verts) != count:
    problems.append(f'count line says {count}, {len(verts)} vertex lines follow')
if count % 3:
    problems.append(f'{count} vertices are not whole triangles')
tris = [verts[i:i + 3] for i in range(0, len(verts) - len(verts) % 3, 3)]


def key(v):
    return tuple(round(c, 3) for c in v)


# The model: header, vertices (x y z first), faces "n i0 i1 ... " fanned as splyload.cpp does.
header, body = open(ply_path).read().split('end_header', 1)
nv = int(header.split('element vertex')[1].split()[0])
nf = int(header.split('element face')[1].split()[0])
rows = [r.split() for r in body.strip().split('\n')]
model = [(float(r[0]), float(r[1]), float(r[2]) + 100 + 1 / 64) for r in rows[:nv]]
model_tris = []
for r in rows[nv:nv + nf]:
    idx = [int(x) for x in r[1:1 + int(r[0])]]
    for k in range(2, len(idx)):
        model_tris.append((idx[k - 2], idx[k - 1], idx[k]))


def sides(triangles):
    use = collections.Counter()
    for t in triangles:
        for a, b in ((0, 1), (1, 2), (2, 0)):
            use[frozenset((key(t[a]), key(t[b])))] += 1
    return use


model_closed = all(n == 2 for n in sides([[model[i] for i in t] for t in model_tris]).values())
if len(tris) < len(model_tris):
    problems.append(f'{len(tris)} triangles, fewer than the model\'s {len(model_tris)}')
elif len(tris) == len(model_tris):
    # Nothing split (every side already small enough): the triangles must be the model's.
    have = collections.Counter(frozenset(key(v) for v in t) for t in tris)
    want = collections.Counter(frozenset(key(model[i]) for i in t) for t in model_tris)
    if have != want:
        problems.append(f'{len(tris)} triangles as the model has, but not the model\'s triangles')
degenerate = [t for t in tris if len({key(v) for v in t}) < 3]
if degenerate:
    problems.append(f'{len(degenerate)} degenerate triangles, e.g. {degenerate[0]}')
use = sides(tris)
if model_closed:
    bad = {e: n for e, n in use.items() if n != 2}
    if bad:
        problems.append(f'{len(bad)} sides not shared by exactly two triangles (cracks), e.g. {next(iter(bad.items()))}')
    euler = len({key(v) for v in verts}) - len(use) + len(tris)
    if euler != 2:
        problems.append(f'V - E + T = {euler}, not 2')
lo = [min(v[i] for v in model) - 0.0005 for i in range(3)]
hi = [max(v[i] for v in model) + 0.0005 for i in range(3)]
outside = [v for v in verts if any(not lo[i] <= v[i] <= hi[i] for i in range(3))]
if outside:
    problems.append(f'{len(outside)} vertices outside the model\'s bounding box {lo} .. {hi}, e.g. {outside[0]}')

print(f'{len(tris)} triangles from {len(model_tris)} (model closed: {model_closed}), '
      f'{len({key(v) for v in verts})} distinct vertices, {len(use)} sides')
for p in problems:
    print('FAIL:', p)
sys.exit(1 if problems else 0)
