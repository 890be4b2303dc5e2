#!/usr/bin/env python3
"""Writes a deterministic bundle with many presets and route mappings, for benchmarks.

Usage: generate-bundle.py PRESETS MAPPINGS > bundle.json
Also writes the same routes as CSV when given --csv FILE (the sqlite3 `.import` yardstick).
"""
import json
import sys

def main():
    argv = sys.argv[1:]
    csv_path = None
    if "--csv" in argv:
        at = argv.index("--csv")
        csv_path = argv[at + 1]
        del argv[at:at + 2]
    presets, mappings = (int(argv[0]), int(argv[1])) if len(argv) == 2 else (10_000, 100_000)
    kinds = ["fade", "push", "pull", "cover", "uncover", "slide", "zoom", "flip", "sheet", "custom"]
    directions = {"push": "left", "pull": "right", "cover": "up", "uncover": "down", "slide": "left", "flip": "right"}
    curves = [
        {"name": "c%d" % i, "expression": expr}
        for i, expr in enumerate([
            "cubic-bezier(0.42, 0, 0.58, 1)", "cubic-bezier(0.2, 0, 0, 1)", "steps(4, jump-end)",
            "linear(0, 0.25 40%, 1)", "spring(duration: 0.5, bounce: 0.2)", "spring(mass: 1, stiffness: 100, damping: 10, velocity: 0)",
        ])
    ]
    preset_list = []
    for i in range(presets):
        kind = kinds[i % len(kinds)]
        p = {"name": "p%05d" % i, "kind": kind}
        if kind in directions:
            p["direction"] = directions[kind]
        p["duration"] = round(0.2 + (i % 40) * 0.01, 2)
        p["curve"] = "c%d" % (i % len(curves))
        if i % 7 == 0:
            p["interaction"] = {"completionSpeed": 1.5, "completionCurve": "c0", "finishThreshold": 0.4}
        if kind == "custom":
            p["set"] = ["to.start.alpha=0", "from.end.scale=0.9"]
        preset_list.append(p)
    screens = 1000
    delegates = max(1, (mappings + screens - 1) // screens)
    screen_list = [{"name": "S%04d" % i, "delegate": "D%04d" % (i % delegates)} for i in range(screens)]
    delegate_list = [{"name": "D%04d" % i} for i in range(delegates)]
    routes = []
    for i in range(mappings):
        d, j = i % delegates, i // delegates
        preset = None if i % 11 == 0 else "p%05d" % (i % presets)
        route = {"delegate": "D%04d" % d, "op": "present", "from": "S%04d" % j, "to": "S%04d" % ((j + d + 1) % screens), "preset": preset}
        if preset is not None and (i % presets) % 7 == 0:
            route["interaction"] = preset
        routes.append(route)
    bundle = {
        "transdb": 1,
        "library": {"name": "generated", "version": "1.0.0", "description": "%d presets, %d mappings" % (presets, mappings)},
        "curves": curves, "presets": preset_list, "delegates": delegate_list, "screens": screen_list, "routes": routes,
    }
    json.dump(bundle, sys.stdout, indent=1)
    sys.stdout.write("\n")
    if csv_path:
        with open(csv_path, "w") as f:
            f.write("delegate,op,from_screen,to_screen,preset,interaction\n")
            for r in routes:
                f.write("%s,%s,%s,%s,%s,%s\n" % (r["delegate"], r["op"], r["from"], r["to"], r["preset"] or "", r.get("interaction", "")))

if __name__ == "__main__":
    main()
