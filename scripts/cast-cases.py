#!/usr/bin/env python3
"""Random `shape_cast` lines for `fixed-collide eval`, for measuring casts
the criterion scenes do not cover.

    python3 scripts/cast-cases.py FAMILY [N] > cases.jsonl

FAMILY: `polygon-round` (2D: a convex polygon of 3 to 8 vertices against a
ball or capsule, either moving), `box-round` (2D: an axis-aligned box
against a ball or capsule, either moving), `round-box-3d` (3D: a moving
ball or capsule against an axis-aligned box). Half of the lines have
coordinates on a grid of halves, half any multiple of 2^-20. Seeded: the
same lines on every run.
"""
import json
import math
import random
import sys


def q(x, fine):
    return round(x * 2**20) / 2**20 if fine else round(x * 2) / 2


def hull(points):
    pts = sorted(set(points))
    if len(pts) < 3:
        return None

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    h = lower[:-1] + upper[:-1]
    return [list(p) for p in h] if len(h) >= 3 else None


def polygon(rng, fine):
    cx, cy, r = rng.uniform(-6, 6), rng.uniform(-6, 6), rng.uniform(0.5, 3)
    angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(rng.randint(3, 8)))
    pts = hull([(q(cx + r * math.cos(a), fine), q(cy + r * math.sin(a), fine)) for a in angles])
    return pts and {"polygon": {"points": pts}}


def round_shape(rng, fine, dim):
    c = [rng.uniform(-6, 6) for _ in range(dim)]
    a = [q(x + rng.uniform(-2, 2), fine) for x in c]
    r = q(rng.uniform(0.1, 1.5), fine)
    if rng.random() < 0.4:
        return {"sphere": {"center": a, "radius": r}}
    b = [q(x + rng.uniform(-2, 2), fine) for x in c]
    return {"capsule": {"a": a, "b": b, "radius": r}}


def aabb(rng, fine, dim):
    c = [rng.uniform(-6, 6) for _ in range(dim)]
    w = [rng.uniform(0, 3) for _ in range(dim)]
    lo = [q(c[k] - w[k], fine) for k in range(dim)]
    hi = [max(lo[k], q(c[k] + w[k], fine)) for k in range(dim)]
    return {"aabb": {"min": lo, "max": hi}}


def obb(rng, fine, dim):
    c = [q(rng.uniform(-6, 6), fine) for _ in range(dim)]
    half = [q(rng.uniform(0.1, 3), fine) for _ in range(dim)]
    if dim == 2:
        return {"obb": {"center": c, "half": half, "angle": q(rng.uniform(-3.2, 3.2), fine)}}
    quat = [q(rng.uniform(-1, 1), fine) for _ in range(4)]
    if all(x == 0 for x in quat):
        quat[0] = 1
    return {"obb": {"center": c, "half": half, "quat": quat}}


def flat_shape(rng, fine, dim, kinds):
    kind = rng.choice(kinds)
    if kind == "aabb":
        return aabb(rng, fine, dim)
    if kind == "obb":
        return obb(rng, fine, dim)
    c = [rng.uniform(-6, 6) for _ in range(dim)]
    a = [q(x + rng.uniform(-2, 2), fine) for x in c]
    if kind == "point":
        return {"sphere": {"center": a, "radius": 0}}
    b = [q(x + rng.uniform(-2, 2), fine) for x in c]
    return {"segment": {"a": a, "b": b}}


def flat(rng, family):
    """A moving shape of no radius and a target, or None (a pair the
    library does not cast)."""
    dim = 3 if family == "flat-3d" else 2
    fine = rng.random() < 0.5
    movers = ["point", "segment"] + (["obb"] if dim == 2 else [])
    moving = flat_shape(rng, fine, dim, movers)
    target = flat_shape(rng, fine, dim, ["aabb", "obb", "segment"])
    d = [q(rng.uniform(-16, 16), fine) for _ in range(dim)]
    return {"op": "shape_cast", "moving": moving, "d": d, "target": target}


def main():
    family = sys.argv[1] if len(sys.argv) > 1 else "polygon-round"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    rng = random.Random(family)
    dim = 3 if family == "round-box-3d" else 2
    count = 0
    while family.startswith("flat") and count < n:
        print(json.dumps(flat(rng, family)))
        count += 1
    while count < n:
        fine = rng.random() < 0.5
        other = polygon(rng, fine) if family == "polygon-round" else aabb(rng, fine, dim)
        if other is None:
            continue
        s = round_shape(rng, fine, dim)
        d = [q(rng.uniform(-16, 16), fine) for _ in range(dim)]
        moving, target = (s, other) if dim == 3 or rng.random() < 0.5 else (other, s)
        print(json.dumps({"op": "shape_cast", "moving": moving, "d": d, "target": target}))
        count += 1


main()
