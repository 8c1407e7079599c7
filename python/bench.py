"""python3 python/bench.py [rounds]: the Python package's costs, measured (a report, not a test;
nothing to compare against in Python: the JavaScript package's bench.mjs has bloom-filters).

The same operations as js/bench.mjs: bloom (fixed and blocked) and fuse ``contains`` per key on
a filter of 1M keys at 1% (half the probes added keys, half not), hll ``add`` per value, and the
time to parse and validate a 12 KiB hll (p = 14, dense) and a 1 MiB filter (fixed, 1M keys at
1%: 1.2 MB). Medians of interleaved rounds; the load average before and after.
"""

import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from probabilistic import bloom, fuse, hll  # noqa: E402

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 7
N, FPR, PROBES, ADDS = 1_000_000, 0.01, 20_000, 20_000


def load():
    return " ".join("%.2f" % x for x in os.getloadavg())


def main():
    print("python %s, %d cpus, load average %s, %d rounds" % (sys.version.split()[0], os.cpu_count(), load(), ROUNDS))
    keys = ["key:%d" % i for i in range(N)]
    probes = ["key:%d" % (i * 7919 % N) if i % 2 else "other:%d" % i for i in range(PROBES)]
    adds = ["value:%d" % i for i in range(ADDS)]
    t = time.perf_counter()
    fixed = bloom.Bloom.from_values(keys, N, FPR)
    blocked = bloom.Bloom.from_values(keys, N, FPR, layout="blocked")
    fz = fuse.Fuse.from_values(keys, FPR)
    print("built the filters in %.1f s" % (time.perf_counter() - t))
    for f in (fixed, blocked, fz):
        if not all(f.contains(k) for k in keys[::997]):
            raise SystemExit("false negative")
    h = hll.Hll.empty(14)
    for k in keys[:100_000]:
        h.add(k)
    hll_bytes, bloom_bytes = h.to_bytes(), fixed.to_bytes()

    def probe(f):
        def run():
            for k in probes:
                f.contains(k)
            return PROBES
        return run

    def hll_add():
        s = hll.Hll.empty(14)
        for k in adds:
            s.add(k)
        return ADDS

    cases = [
        ("bloom contains (fixed), 1M keys at 1%", probe(fixed), "us"),
        ("bloom contains (blocked), 1M keys at 1%", probe(blocked), "us"),
        ("fuse contains, 1M keys at 1%", probe(fz), "us"),
        ("hll add (p = 14)", hll_add, "us"),
        ("parse + validate a %d-byte hll" % len(hll_bytes), lambda: (hll.Hll.parse(hll_bytes), 1)[1], "ms"),
        ("parse + validate a %d-byte bloom" % len(bloom_bytes), lambda: (bloom.Bloom.parse(bloom_bytes), 1)[1], "ms"),
    ]
    times = {name: [] for name, _, _ in cases}
    for r in range(ROUNDS):
        order = cases if r % 2 == 0 else cases[::-1]
        for name, fn, _ in order:
            t = time.perf_counter()
            n = fn()
            times[name].append((time.perf_counter() - t) / n)
    for name, _, unit in cases:
        scale = 1e6 if unit == "us" else 1e3
        ts = sorted(x * scale for x in times[name])
        print("%-45s median %10.3f %s per operation (min %.3f, max %.3f)" % (name, statistics.median(ts), unit, ts[0], ts[-1]))
    print("load average after: %s" % load())


if __name__ == "__main__":
    main()
