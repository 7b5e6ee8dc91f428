#!/usr/bin/env python3
"""Independent check of raytracer's image (docs/ORIGINAL-APPS.md): a float64 ray tracer of our own over
the same scene file, camera and shading formulas, compared pixel by pixel with the P6 image the
application wrote.

usage: check-raytracer.py SCENE.vox IMAGE.ppm [cbox|glassner]

The scene's triangles are the last records of the .vox file (per triangle: v0 v1 v2 n0 n1 n2 c0 c1 c2,
three float32 each, after the int count); the grid before them is not used: every triangle is tested
against every ray (brute force, not the application's voxel walk). The camera is main.cpp's (its
Cross, whose z component is v1.z*v2.y - v1.y*v2.x, included: that defines the scene's camera); the eye
rays are its iterator's, from (1, 1) to (-1, -1) over the image; the nearest hit with t >= 0, u, v >= 0,
u + v <= 1; the colour C * max(0, N . L) with N and C weighted (u, v, 1 - u - v) over vertices 0, 1, 2,
as krnShadeHits does, and ppmImage's byte (char)(x * 255).
Prints the number of pixels, lit pixels (ours / the image's), pixels differing by more than 2 levels
and the largest difference; exits 1 when more than 2% of the pixels differ by more than 2 levels.
"""
import math
import struct
import sys

SCENES = {
    'cbox': dict(lookFrom=(278.0, 273.0, -800.0), lookAt=(278.1, 273.1, 0.0), up=(0, 1, 0), fov=35.0, light=(278.0, 530.0, 279.5)),
    'glassner': dict(lookFrom=(-7.610099, -339.653137, 237.733948), lookAt=(23.224901, 980.535034, -321.560577), up=(0, 0, 1), fov=55.0, light=(-206.808, -16.2987, 297.281)),
}


def sub(a, b): return tuple(x - y for x, y in zip(a, b))
def add(a, b): return tuple(x + y for x, y in zip(a, b))
def mul(a, s): return tuple(x * s for x in a)
def dot(a, b): return sum(x * y for x, y in zip(a, b))
def cross(a, b): return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])
def norm(a): return mul(a, 1 / math.sqrt(dot(a, a)))
def app_cross(a, b): return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[2] * b[1] - a[1] * b[0])


def triangles(path):
    data = open(path, 'rb').read()
    for n in range(1, len(data) // 108 + 1):
        at = len(data) - 108 * n - 4
        if at >= 0 and struct.unpack_from('<i', data, at)[0] == n:
            floats = struct.unpack_from('<%df' % (27 * n), data, at + 4)
            return [[floats[27 * i + 3 * k:27 * i + 3 * k + 3] for k in range(9)] for i in range(n)]
    raise SystemExit('no triangle records found at the end of ' + path)


def read_ppm(path):
    data = open(path, 'rb').read()
    parts = data.split(maxsplit=4)
    assert parts[0] == b'P6' and parts[3] == b'255', 'not a P6 image with maxval 255'
    w, h = int(parts[1]), int(parts[2])
    return w, h, data[len(data) - 3 * w * h:]


def render(tris, scene, w, h):
    s = SCENES[scene]
    cw = norm(sub(s['lookAt'], s['lookFrom']))
    cu = norm(app_cross(s['up'], cw))
    cv = norm(app_cross(cw, cu))
    ty = math.tan(math.pi / 180 * s['fov'] / 2)
    tx = ty * w / h
    out = bytearray()
    # The pixel stream has extents (w, h): w rows of h; the iterator's x runs along a row.
    for r in range(w):
        for c in range(h):
            fx, fy = 1 - 2 * c / h, 1 - 2 * r / w
            o = s['lookFrom']
            d = norm(add(add(cw, mul(cu, tx * fx)), mul(cv, ty * fy)))
            best = None
            for k, t in enumerate(tris):
                e1, e2 = sub(t[1], t[0]), sub(t[2], t[0])
                p = cross(d, e2)
                det = dot(e1, p)
                if det == 0:
                    continue
                tv = sub(o, t[0])
                q = cross(tv, e1)
                th, uu, vv = dot(e2, q) / det, dot(tv, p) / det, dot(d, q) / det
                if uu >= 0 and vv >= 0 and uu + vv <= 1 and th >= 0 and (best is None or th < best[0]):
                    best = (th, uu, vv, k)
            rgb = (0.0, 0.0, 0.0)
            if best:
                th, uu, vv, k = best
                t = tris[k]
                bc = (uu, vv, 1 - uu - vv)
                n = add(add(mul(t[3], bc[0]), mul(t[4], bc[1])), mul(t[5], bc[2]))
                col = add(add(mul(t[6], bc[0]), mul(t[7], bc[1])), mul(t[8], bc[2]))
                hit = add(o, mul(d, th))
                light = norm(sub(s['light'], hit))
                rgb = mul(col, max(0.0, dot(n, light)))
            out += bytes(int(x * 255.0) & 0xff for x in rgb)
    return out


def main():
    vox, ppm = sys.argv[1], sys.argv[2]
    scene = sys.argv[3] if len(sys.argv) > 3 else 'cbox'
    w, h, got = read_ppm(ppm)
    ours = render(triangles(vox), scene, w, h)
    diffs = [max(abs(got[3 * i + j] - ours[3 * i + j]) for j in range(3)) for i in range(w * h)]
    lit = lambda img: sum(1 for i in range(w * h) if any(img[3 * i:3 * i + 3]))
    bad = sum(1 for x in diffs if x > 2)
    print(f'{w}x{h} pixels: lit {lit(ours)} (reference) / {lit(got)} (image); {bad} differ by more than 2 levels; largest difference {max(diffs)}')
    sys.exit(1 if bad > 0.02 * w * h else 0)


main()
