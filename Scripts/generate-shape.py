#!/usr/bin/env python3
"""Writes a deterministic catalog of one shape, with requests for it, for benchmarks.

Usage: generate-shape.py SHAPE MAPPINGS DIR [--requests N] [--route-presets N] [--presets N]

SHAPE is one of:
  a  generate-bundle.py's shape: 1,000 screens, ceil(MAPPINGS / 1000) delegates, present routes
  b  every mapping between two screens of its own (2 x MAPPINGS screens), one delegate, one
     navigation container; push and pop
  c  100,000 screens on 50,000 delegates (each screen's transitioningDelegate), a quarter of the
     mappings with `*` on one side, every 13th an explicit nil; present and dismiss; 20 mappings
     on each delegate that has any (all 50,000 at 1M, 50 at 1,000)
  d  push and pop over 10,000 navigation containers, each with its own delegate, 100,000 screens;
     100 mappings on each container that has any (all 10,000 at 1M, 10 at 1,000)

At every size the requests ask about delegates and containers that have mappings in the same
proportions, so 1,000 and 1,000,000 mappings of one shape are asked the same mix of questions.

--route-presets N makes every mapping name one of the first N presets (p00000 to pN-1, in the same
order; an interaction names p00000, which has interaction settings): the same catalog, requests
and answers' shape as without it, but answers that play as few presets as a small catalog's do,
which tells how much of a large catalog's cost per answer is its many presets.

--presets N makes the catalog's presets N instead of 10,000 (a mapping names preset i mod N): with
N = MAPPINGS, every mapping plays a preset of its own, a catalog of many presets.

DIR receives bundle.json (the catalog, for `transdb import`), screens.csv and routes.csv (the same
rows for the sqlite3 `.import` yardstick: screen name,delegate; delegate,op,from,to,preset,
interaction), requests.ndjson (N requests, 200,000 by default, a mix of mapped routes, routes
without a mapping, unknown screens and qualified names) and probe.txt (one mapped request as
`op from to container`, for single-resolve timings).
"""
import json
import os
import random
import sys

PRESETS = 10_000
KINDS = ["fade", "push", "pull", "cover", "uncover", "slide", "zoom", "flip", "sheet", "custom"]
DIRECTIONS = {"push": "left", "pull": "right", "cover": "up", "uncover": "down", "slide": "left", "flip": "right"}
CURVES = [
    "cubic-bezier(0.42, 0, 0.58, 1)", "cubic-bezier(0.2, 0, 0, 1)", "steps(4, jump-end)",
    "linear(0, 0.25 40%, 1)", "spring(duration: 0.5, bounce: 0.2)", "spring(mass: 1, stiffness: 100, damping: 10, velocity: 0)",
]


def presets():
    out = []
    for i in range(PRESETS):
        kind = KINDS[i % len(KINDS)]
        p = {"name": "p%05d" % i, "kind": kind}
        if kind in DIRECTIONS:
            p["direction"] = DIRECTIONS[kind]
        p["duration"] = round(0.2 + (i % 40) * 0.01, 2)
        p["curve"] = "c%d" % (i % len(CURVES))
        if i % 7 == 0:
            p["interaction"] = {"completionSpeed": 1.5, "completionCurve": "c0", "finishThreshold": 0.4}
        out.append(p)
    return out


def preset_for(i):
    """Every 13th mapping an explicit nil; interactive presets also name an interaction."""
    if i % 13 == 0:
        return None, None
    p = i % PRESETS
    return "p%05d" % p, ("p%05d" % p if p % 7 == 0 else None)


def shape_b(n):
    screens = [("A%07d" % i, None) for i in range(n)] + [("B%07d" % i, None) for i in range(n)]
    routes = []
    for i in range(n):
        preset, interaction = preset_for(i)
        routes.append(("D", "push" if i % 2 == 0 else "pop", "A%07d" % i, "B%07d" % i, preset, interaction))
    containers = [{"name": "Nav", "kind": "navigation", "delegate": "D"}]

    def request(rng):
        roll = rng.randrange(100)
        i = rng.randrange(n)
        op = "push" if i % 2 == 0 else "pop"
        if roll < 60:
            return op, "A%07d" % i, "B%07d" % i, None
        if roll < 80:
            return op, "A%07d" % i, "B%07d" % rng.randrange(n), None
        if roll < 90:
            return op, "A%07d" % i, "X%07d" % i, None
        return op, "shape/A%07d" % i, "shape/B%07d" % i, "Nav"

    return screens, ["D"], containers, routes, request, ("push", "A0000000", "B0000000", "Nav")


def shape_c(n):
    S, D = 100_000, 50_000
    screens = [("S%06d" % i, "D%05d" % (i % D)) for i in range(S)]
    # Every delegate with mappings has 20 of them (5 with `*`), so a smaller catalog is the same
    # shape on fewer delegates; the requests reach those delegates, as they do at 1M.
    used = min(D, -(-n // 20))
    per = -(-n // used)
    routes = []
    i = 0
    for k in range(per):
        for d in range(used):
            if i >= n:
                break
            preset, interaction = preset_for(k * D + d)
            own = ["S%06d" % d, "S%06d" % (d + D)]  # the screens whose delegate is d
            slot = k % 20
            if slot == 0 or slot == 1:
                routes.append(("D%05d" % d, "present", "*", own[slot], preset, interaction))
            elif slot == 2 or slot == 3:
                routes.append(("D%05d" % d, "dismiss", own[slot - 2], "*", preset, None))
            elif slot == 4:
                routes.append(("D%05d" % d, "dismiss", "*", "*", preset, None))
            else:
                src = "S%06d" % ((d * 7 + k * 1009) % S)
                routes.append(("D%05d" % d, "present", src, own[k % 2], preset, interaction))
            i += 1

    def asked(rng):  # a screen whose delegate has mappings
        return rng.randrange(S) if used == D else rng.randrange(used) + D * rng.randrange(2)

    def request(rng):
        roll = rng.randrange(100)
        to = asked(rng)
        d = to % D
        if roll < 50:
            k = rng.randrange(5, min(per, 20)) if per > 5 else 0
            return "present", "S%06d" % ((d * 7 + k * 1009) % S), "S%06d" % to, None
        if roll < 70:
            return "present", "S%06d" % rng.randrange(S), "S%06d" % to, None
        if roll < 85:
            return "dismiss", "S%06d" % to, "S%06d" % rng.randrange(S), None
        if roll < 95:
            return "present", "S%06d" % rng.randrange(S), "X%06d" % to, None
        return "present", "shape/S%06d" % rng.randrange(S), "shape/S%06d" % to, None

    delegates = ["D%05d" % d for d in range(D)]
    return screens, delegates, [], routes, request, ("present", "S005045", "S050000", None)


def shape_d(n):
    C, S = 10_000, 100_000
    screens = [("S%06d" % i, None) for i in range(S)]
    # Every container with mappings has 100 of them, so a smaller catalog is the same shape on
    # fewer containers; the requests ask those containers, as they do at 1M.
    used = min(C, -(-n // 100))
    per = -(-n // used)
    routes = []
    i = 0
    for k in range(per):
        for c in range(used):
            if i >= n:
                break
            preset, interaction = preset_for(k * C + c)
            src = "S%06d" % ((c * 10 + k) % S)
            dst = "S%06d" % ((c * 10 + k * 7 + 1) % S)
            routes.append(("D%05d" % c, "push" if k % 2 == 0 else "pop", src, dst, preset, interaction))
            i += 1
    containers = [{"name": "N%05d" % c, "kind": "navigation", "delegate": "D%05d" % c} for c in range(C)]

    def request(rng):
        roll = rng.randrange(100)
        c = rng.randrange(used)
        k = rng.randrange(per)
        op = "push" if k % 2 == 0 else "pop"
        src = "S%06d" % ((c * 10 + k) % S)
        dst = "S%06d" % ((c * 10 + k * 7 + 1) % S)
        if roll < 60:
            return op, src, dst, "N%05d" % c
        if roll < 80:
            return op, src, "S%06d" % rng.randrange(S), "N%05d" % c
        if roll < 90:
            return op, src, dst, "N%05d" % rng.randrange(C)
        return op, "shape/" + src, "X%06d" % c, "shape/N%05d" % c

    delegates = ["D%05d" % c for c in range(C)]
    return screens, delegates, containers, routes, request, ("push", "S000000", "S000001", "N00000")


def main():
    argv = sys.argv[1:]
    count = 200_000
    if "--requests" in argv:
        at = argv.index("--requests")
        count = int(argv[at + 1])
        del argv[at:at + 2]
    global PRESETS
    if "--presets" in argv:
        at = argv.index("--presets")
        PRESETS = int(argv[at + 1])
        del argv[at:at + 2]
    route_presets = None
    if "--route-presets" in argv:
        at = argv.index("--route-presets")
        route_presets = int(argv[at + 1])
        del argv[at:at + 2]
    if len(argv) != 3 or argv[0] not in ("b", "c", "d"):
        sys.exit(__doc__.strip().splitlines()[2] + "  (shape a: Scripts/generate-bundle.py and generate-requests.py)")
    shape, n, folder = argv[0], int(argv[1]), argv[2]
    os.makedirs(folder, exist_ok=True)
    screens, delegates, containers, routes, request, probe = {"b": shape_b, "c": shape_c, "d": shape_d}[shape](n)
    if route_presets:
        routes = [
            (d, op, a, b, preset and "p%05d" % (int(preset[1:]) % route_presets), interaction and "p00000")
            for d, op, a, b, preset, interaction in routes
        ]
    with open(os.path.join(folder, "bundle.json"), "w") as f:
        # Written a section at a time: a million routes as one json.dump would hold it all twice.
        head = {
            "transdb": 1,
            "library": {"name": "shape", "version": "1.0.0", "description": "shape %s, %d mappings" % (shape, n)},
            "curves": [{"name": "c%d" % i, "expression": e} for i, e in enumerate(CURVES)],
            "presets": presets(),
            "delegates": [{"name": d} for d in delegates],
        }
        f.write(json.dumps(head)[:-1])
        f.write(',"screens":[')
        f.write(",".join(json.dumps({"name": s, "delegate": d} if d else {"name": s}) for s, d in screens))
        f.write('],"containers":' + json.dumps(containers) + ',"routes":[\n')
        for index, (d, op, a, b, preset, interaction) in enumerate(routes):
            route = {"delegate": d, "op": op, "from": a, "to": b, "preset": preset}
            if interaction:
                route["interaction"] = interaction
            f.write(("," if index else "") + json.dumps(route) + "\n")
        f.write("]}\n")
    with open(os.path.join(folder, "screens.csv"), "w") as f:
        for s, d in screens:
            f.write("%s,%s\n" % (s, d or ""))
    with open(os.path.join(folder, "routes.csv"), "w") as f:
        for d, op, a, b, preset, interaction in routes:
            f.write("%s,%s,%s,%s,%s,%s\n" % (d, op, a, b, preset or "", interaction or ""))
    rng = random.Random(1)
    with open(os.path.join(folder, "requests.ndjson"), "w") as f:
        for _ in range(count):
            op, a, b, container = request(rng)
            if container:
                f.write('{"op": "%s", "from": "%s", "to": "%s", "container": "%s"}\n' % (op, a, b, container))
            else:
                f.write('{"op": "%s", "from": "%s", "to": "%s"}\n' % (op, a, b))
    with open(os.path.join(folder, "probe.txt"), "w") as f:
        f.write(" ".join(x or "" for x in probe) + "\n")


if __name__ == "__main__":
    main()
