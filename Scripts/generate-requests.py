#!/usr/bin/env python3
"""Writes a deterministic request file for `transdb resolve --batch`, for benchmarks.

Usage: generate-requests.py COUNT [MAPPINGS] [--csv] [--seed N] > requests.ndjson

The requests fit the catalog that `generate-bundle.py PRESETS MAPPINGS` makes (1,000 screens
S0000-S0999 in library `generated`, ceil(MAPPINGS / 1000) delegates, present routes only), so the
same mix exercises the same paths at every catalog size: routes that have a mapping (some an
explicit nil), present routes without one, dismiss (a delegate without the method), unknown
screens, library-qualified names, and push / tab through a container the catalog does not have.
MAPPINGS defaults to 1,000,000; --csv writes `op,from,to,container` CSV instead of NDJSON.
"""
import random
import sys

SCREENS = 1000


def main():
    argv = sys.argv[1:]
    csv = "--csv" in argv
    if csv:
        argv.remove("--csv")
    seed = 1
    if "--seed" in argv:
        at = argv.index("--seed")
        seed = int(argv[at + 1])
        del argv[at:at + 2]
    if not 1 <= len(argv) <= 2:
        sys.exit(__doc__.strip().splitlines()[2])
    count = int(argv[0])
    mappings = int(argv[1]) if len(argv) == 2 else 1_000_000
    delegates = max(1, (mappings + SCREENS - 1) // SCREENS)
    rng = random.Random(seed)

    def screen(i):
        return "S%04d" % i

    def mapped():
        # generate-bundle.py: route i is on delegate i % D, from S(i // D) to S((j + d + 1) % 1000);
        # the presented screen B asks D(B % D), whose route to B comes from S((B - d - 1) % 1000).
        while True:
            to = rng.randrange(SCREENS)
            d = to % delegates
            j = (to - d - 1) % SCREENS
            if j * delegates + d < mappings:
                return screen(j), screen(to)

    out = sys.stdout
    if csv:
        out.write("op,from,to,container\n")
    for _ in range(count):
        roll = rng.randrange(100)
        container = None
        if roll < 40:
            op, (a, b) = "present", mapped()
        elif roll < 65:
            op, a, b = "present", screen(rng.randrange(SCREENS)), screen(rng.randrange(SCREENS))
        elif roll < 75:
            op, a, b = "dismiss", screen(rng.randrange(SCREENS)), screen(rng.randrange(SCREENS))
        elif roll < 80:
            op, a, b = "present", screen(rng.randrange(SCREENS)), "X%05d" % rng.randrange(100_000)
        elif roll < 85:
            op, (a, b) = "present", mapped()
            a, b = "generated/" + a, "generated/" + b
        elif roll < 95:
            op = "push" if roll < 90 else "pop"
            a, b, container = screen(rng.randrange(SCREENS)), screen(rng.randrange(SCREENS)), "Nav"
        else:
            op, a, b, container = "tab", screen(rng.randrange(SCREENS)), screen(rng.randrange(SCREENS)), "Tabs"
        if csv:
            out.write("%s,%s,%s,%s\n" % (op, a, b, container or ""))
        elif container:
            out.write('{"op": "%s", "from": "%s", "to": "%s", "container": "%s"}\n' % (op, a, b, container))
        else:
            out.write('{"op": "%s", "from": "%s", "to": "%s"}\n' % (op, a, b))


if __name__ == "__main__":
    main()
