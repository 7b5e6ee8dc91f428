#!/usr/bin/env python3
"""Independent check of rapid_collide's contact counts (docs/ORIGINAL-APPS.md): a brute-force
triangle-pair intersection test of our own, in float64, over the same model and placement.

usage: check-rapid-collide.py MODEL.ply STDERR-FILE [ANGLE-DEGREES]

collide_test.cpp loads MODEL.ply (ASCII: vertices, then faces as fans "n i0 i1 ... i(n-1)"), places
one copy rotated by ANGLE (default 90) degrees about the z axis through the origin
(R = [[c, s, 0], [-s, c, 0], [0, 0, 1]], x' = R x, c and s of the float32 angle) and the other as
it is, and counts the colliding triangle pairs twice: with the CPU RAPID tree
("Num Collisions N ...") and with its Brook kernels ("Num Collisions brook M"), both on stderr.
Here every pair (i, j) with the boxes of R T_i and T_j overlapping is tested exactly: two triangles
that are not coplanar intersect when an edge of one crosses the other (segment against triangle,
boundaries included). Coplanar pairs are counted apart (they are reported, not tested).
Prints our count and the application's two; exits 1 when they differ.
"""
import math
import re
import struct
import sys

import numpy as np


def load_ply(path):
    words = open(path).read().split()
    i = 0
    nv = nf = 0
    props = 0
    while words[i] != 'end_header':
        if words[i] == 'element' and words[i + 1] == 'vertex':
            nv = int(words[i + 2])
        elif words[i] == 'element' and words[i + 1] == 'face':
            nf = int(words[i + 2])
        elif words[i] == 'property' and nf == 0 and words[i + 1] != 'list':
            props += 1
        i += 1
    i += 1
    verts = []
    for _ in range(nv):
        verts.append([float(w) for w in words[i:i + 3]])
        i += props
    tris = []
    for _ in range(nf):
        n = int(words[i])
        idx = [int(w) for w in words[i + 1:i + 1 + n]]
        i += 1 + n
        for k in range(2, n):  # a fan, as the loader reads it
            tris.append([verts[idx[k - 2]], verts[idx[k - 1]], verts[idx[k]]])
    return np.array(tris, dtype=np.float64)


def f32(x):
    return struct.unpack('f', struct.pack('f', x))[0]


def segment_hits(p, q, a, b, c):
    """Segment p-q meets triangle abc (boundaries included); parallel segments do not count."""
    d = q - p
    e1 = b - a
    e2 = c - a
    h = np.cross(d, e2)
    det = float(np.dot(e1, h))
    if abs(det) < 1e-18:
        return False
    inv = 1.0 / det
    s = p - a
    u = float(np.dot(s, h)) * inv
    if u < 0 or u > 1:
        return False
    qv = np.cross(s, e1)
    v = float(np.dot(d, qv)) * inv
    if v < 0 or u + v > 1:
        return False
    t = float(np.dot(e2, qv)) * inv
    return 0 <= t <= 1


def coplanar(t1, t2):
    n = np.cross(t1[1] - t1[0], t1[2] - t1[0])
    scale = np.linalg.norm(n)
    if scale == 0:
        return True
    return all(abs(float(np.dot(n / scale, v - t1[0]))) < 1e-12 for v in t2)


def intersect(t1, t2):
    for k in range(3):
        if segment_hits(t1[k], t1[(k + 1) % 3], t2[0], t2[1], t2[2]):
            return True
        if segment_hits(t2[k], t2[(k + 1) % 3], t1[0], t1[1], t1[2]):
            return True
    return False


def main():
    model, errfile = sys.argv[1], sys.argv[2]
    degrees = float(sys.argv[3]) if len(sys.argv) > 3 else 90.0
    angle = f32(f32(degrees) * f32(3.1415926536 / 180))
    c, s = f32(math.cos(angle)), f32(math.sin(angle))
    rot = np.array([[c, s, 0.0], [-s, c, 0.0], [0.0, 0.0, 1.0]])
    tris = load_ply(model)
    moved = tris @ rot.T
    lo1, hi1 = moved.min(axis=1), moved.max(axis=1)
    lo2, hi2 = tris.min(axis=1), tris.max(axis=1)
    count = 0
    flat = 0
    for i in range(len(tris)):
        near = np.nonzero(np.all((lo1[i] <= hi2) & (lo2 <= hi1[i]), axis=1))[0]
        for j in near:
            if coplanar(moved[i], tris[j]):
                flat += 1
            elif intersect(moved[i], tris[j]):
                count += 1
    text = open(errfile).read()
    cpu = re.search(r'Num Collisions (\d+) Num BBoxes', text)
    brook = re.search(r'Num Collisions brook (\d+)', text)
    got = (int(cpu.group(1)) if cpu else None, int(brook.group(1)) if brook else None)
    print(f'{len(tris)} triangles, rotation {degrees} degrees: brute force {count} intersecting pairs '
          f'({flat} coplanar pairs not tested); application: RAPID {got[0]}, brook {got[1]}')
    sys.exit(0 if got == (count, count) else 1)


if __name__ == '__main__':
    main()
