#!/usr/bin/python3
"""ddsketch's exact sum against exact arithmetic (Python's fractions).

ddsketch_sum is the exact sum of the values added, rounded once to the nearest
double (ties to even), or refused (54000) when that rounding leaves the double
range. Here the truth is computed by fractions.Fraction, which shares nothing
with the server's limb arithmetic: values at the limb boundaries of the
server's representation (2^(64 j) and one step either side), sign changes that
shrink the running total by limbs and carry out of them again, the ends of the
double range and subnormals, in random groups; each group added in three row
orders (each row at a time: the in-place path), split into two parts whose
sketches are unioned, and in a parallel plan. The sketch's bytes must not
depend on the order, the split or the plan.

Run by ddsketch_sum_exact.sh with PGHOST, PGPORT, PGUSER and PGDATABASE set.
"""
import math
import random
import subprocess
import sys
from fractions import Fraction

PSQL = ["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", "SET client_min_messages = warning"]
DBL_MAX = sys.float_info.max
failures = {}  # category -> the first few failures
checks = {}    # category -> how many were checked


def psql(sql, stdin=None):
    """Runs sql (or, with sql None, the script stdin) and returns what it printed."""
    r = subprocess.run(PSQL + ["-c", sql] if sql is not None else PSQL + ["-f", "-"],
                       input=stdin, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("psql failed: " + r.stderr)
    return r.stdout


def check(category, ok, what):
    """One check of a category; each category prints one ok or not ok line at the end."""
    checks[category] = checks.get(category, 0) + 1
    if not ok:
        failures.setdefault(category, []).append(what)


def boundary_values(rng):
    """Values at the server's limb boundaries and the double range's ends."""
    out = []
    for j in range(-3, 4):
        base = math.ldexp(1.0, 64 * j)
        for v in (base, math.nextafter(base, 0), math.nextafter(base, math.inf),
                  base * 1.5, base - math.ldexp(base, -52), base * 0.875):
            out += [v, -v]
    out += [DBL_MAX, -DBL_MAX, DBL_MAX / 2, 5e-324, -5e-324, 2.2250738585072014e-308,
            math.ldexp(1.0, 970), math.ldexp(1.0, 969), 1.0, -1.0, 0.875, -0.675, 1e19, -1e19, 1.5e19]
    return out


def random_value(rng, boundaries):
    r = rng.random()
    if r < 0.5:
        return rng.choice(boundaries)
    if r < 0.8:  # near a boundary: a small change either side
        b = rng.choice(boundaries)
        return b + rng.choice([-1, 1]) * math.ldexp(rng.random(), math.frexp(b)[1] - rng.randint(1, 80))
    sign = rng.choice([-1, 1])
    return sign * math.ldexp(rng.random(), rng.randint(-1074, 1024)) if rng.random() < 0.3 else \
        sign * rng.random() * 10 ** rng.randint(-5, 25)


def expected_sum(values):
    """The exact sum rounded once, or None when it leaves the double range."""
    total = sum((Fraction(v) for v in values), Fraction(0))
    try:
        return float(total)
    except OverflowError:
        return None


def main():
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 20261207)
    boundaries = boundary_values(rng)
    groups = []
    # The cases first, then random groups.
    groups.append([0.875, -0.675, 0.875])
    groups.append([1.5e19, -1e19, 1.5e19])
    groups.append([1e19, -1e19, -1.0, 1e19])
    groups.append([-DBL_MAX, 8.98846567431158e307, -DBL_MAX])
    groups.append([DBL_MAX, math.ldexp(1.0, 970)])          # a tie past the range: refused
    groups.append([DBL_MAX, math.ldexp(1.0, 969)])          # rounds down to DBL_MAX
    groups.append([DBL_MAX, DBL_MAX, -DBL_MAX])
    for _ in range(600):
        n = rng.randint(1, 30)
        g = [random_value(rng, boundaries) for _ in range(n)]
        g = [v for v in g if math.isfinite(v)] or [1.0]
        groups.append(g)

    rows = []
    for gi, g in enumerate(groups):
        for i, v in enumerate(g):
            rows.append("%d\t%d\t%r\t%d" % (gi, i, v, rng.randrange(1 << 30)))
    # psql -c cannot take COPY data; feed it as a script.
    script = ("DROP TABLE IF EXISTS sum_rows;\nCREATE TABLE sum_rows (g int, i int, x float8, r int);\n"
              "COPY sum_rows FROM STDIN;\n" + "\n".join(rows) + "\n\\.\n"
              "CREATE OR REPLACE FUNCTION sum_text(s ddsketch) RETURNS text LANGUAGE plpgsql AS $$\n"
              "BEGIN RETURN ddsketch_sum(s)::text;\n"
              "EXCEPTION WHEN program_limit_exceeded THEN RETURN 'refused'; END $$;\n")
    psql(None, stdin=script)

    out = psql("""
SELECT g, sum_text(a), sum_text(b), sum_text(c), sum_text(d),
       a = b AND a = c AND a = d
FROM (SELECT g,
             ddsketch_agg(x ORDER BY i) a,
             ddsketch_agg(x ORDER BY i DESC) b,
             ddsketch_agg(x ORDER BY r) c,
             ddsketch_union(ddsketch_agg(x ORDER BY i) FILTER (WHERE i % 2 = 0),
                            ddsketch_agg(x ORDER BY r) FILTER (WHERE i % 2 = 1)) d
      FROM sum_rows GROUP BY g) s ORDER BY g""")
    for line in out.splitlines():
        g, a, b, c, d, same = line.split("|")
        want = expected_sum(groups[int(g)])
        want_text = "refused" if want is None else repr(want)
        for name, got in (("in row order", a), ("reversed", b), ("shuffled", c), ("split and unioned", d)):
            got_value = got if got == "refused" else repr(float(got))
            check("ddsketch_sum %s equals the exact sum rounded once, or refuses past the double range" % name,
                  got_value == want_text,
                  "group %s %s: ddsketch_sum %s, exact %s (values %r)" % (g, name, got, want_text, groups[int(g)]))
        check("the sketch's bytes do not depend on the row order or the split", same == "t", "group %s: the sketch's bytes depend on the row order or the split" % g)

    # A parallel plan over many rows a group, against the serial plan and the truth.
    big = [[random_value(rng, boundaries) for _ in range(2000)] for _ in range(40)]
    big = [[v for v in g if math.isfinite(v)] for g in big]
    rows = ["%d\t%d\t%r\t0" % (gi, i, v) for gi, g in enumerate(big) for i, v in enumerate(g)]
    psql(None, stdin="DROP TABLE IF EXISTS sum_big;\nCREATE TABLE sum_big (g int, i int, x float8, r int);\n"
         "COPY sum_big FROM STDIN;\n" + "\n".join(rows) + "\n\\.\nANALYZE sum_big;\n")
    # sum_text's exception block cannot run in a parallel query: the parallel plan gives
    # the bytes, the serial plan the bytes and the sums.
    query = "SELECT g, md5(ddsketch_send(ddsketch_agg(x))::text) FROM sum_big GROUP BY g ORDER BY g"
    parallel_settings = ("SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; "
                         "SET min_parallel_table_scan_size = 0; SET max_parallel_workers_per_gather = 2; "
                         "SET enable_hashagg = off; SET parallel_leader_participation = off;")
    plan = psql(parallel_settings + " EXPLAIN (COSTS OFF) " + query)
    check("the parallel query runs in parallel", "Partial" in plan and "Gather" in plan,
          "the parallel query has no parallel plan:\n" + plan)
    parallel = psql(parallel_settings + " " + query)
    serial = psql("SET max_parallel_workers_per_gather = 0; SELECT g, sum_text(s), md5(ddsketch_send(s)::text) "
                  "FROM (SELECT g, ddsketch_agg(x) s FROM sum_big GROUP BY g) q ORDER BY g")
    check("a parallel plan gives the serial plan's bytes",
          parallel == "".join(l.split("|")[0] + "|" + l.split("|")[2] + "\n" for l in serial.splitlines()),
          "a parallel plan gives other bytes than the serial plan")
    for line in serial.splitlines():
        g, got, _ = line.split("|")
        want = expected_sum(big[int(g)])
        want_text = "refused" if want is None else repr(want)
        check("ddsketch_sum of 2,000 rows a group equals the exact sum", (got if got == "refused" else repr(float(got))) == want_text,
              "big group %s: ddsketch_sum %s, exact %s" % (g, got, want_text))
    psql("DROP TABLE sum_rows; DROP TABLE sum_big; DROP FUNCTION sum_text(ddsketch);")
    for category, n in checks.items():
        if category in failures:
            print("not ok - %s: %d of %d wrong" % (category, len(failures[category]), n))
            for what in failures[category][:5]:
                print("    " + what)
        else:
            print("ok - %s (%d cases)" % (category, n))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
