#!/usr/bin/env python3
"""The per-type overloads of the hashing aggregates in sql/probabilistic.sql.

hll_add_agg, hll_count_distinct, bloom_agg, cuckoo_agg and countmin_agg hash their argument. Each has
one overload per type of HASHED_TYPES, not only anyelement (ddsketch_agg and kll_agg, which read
numbers, one per type of NUMERIC_TYPES): a caller that sees only the
aggregate's signature (Citus's wrapper) still knows the argument's type, and a value
whose type converts implicitly to several (a string, "char") resolves to exactly one
overload. The SQL of one type is the same for every type, so it is written once, in
FAMILIES, and this script writes it for every type between the lines

    -- BEGIN GENERATED <family> ...
    -- END GENERATED <family>

of sql/probabilistic.sql; everything outside those lines is written by hand.

    python3 sql/overloads.py            rewrite the generated blocks in place
    python3 sql/overloads.py --check [FILE]
                                        "ok - ..." if the file (sql/probabilistic.sql) is
                                        what this writes, else "not ok - ..." and a diff,
                                        exit status 1 (test/scripts/overloads.sh)
    python3 sql/overloads.py --type T   the SQL of every family for type T alone (what an
                                        update script that adds type T creates)

Adding a hashed input type: one line in HASHED_TYPES, run the script, then write the
update script that creates that type's overloads (--type prints them); see DEVELOPERS.md.
Needs only Python 3's standard library.
"""
import difflib
import os
import re
import sys

# One line per hashed input type, as SQL spells it.
HASHED_TYPES = [
    "smallint",
    "integer",
    "bigint",
    "real",
    "double precision",
    "numeric",
    "sketch_text",  # text, varchar, char(n) and name convert to it implicitly (see its type)
    "bytea",
    "uuid",
    "date",
    "timestamp",
    "timestamptz",
    '"char"',  # converts implicitly to text and matches anyelement: ambiguous without its own
    "anyelement",  # every other type, hashed by its own rule (doc/FORMAT.md 2)
]

# The numeric input types of the families that read values as numbers, not hashes.
NUMERIC_TYPES = ["smallint", "integer", "bigint", "real", "double precision", "numeric"]

# The objects of one type T in each family, in the order they are created.
FAMILIES = {
    "hll": """\
CREATE FUNCTION hll_add_trans(hll, {T}) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, {T}) IS 'transition function of hll_add_agg and hll_count_distinct';
CREATE FUNCTION hll_add_trans(hll, {T}, integer) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, {T}, integer) IS 'transition function of hll_add_agg';
CREATE AGGREGATE hll_add_agg({T}) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg({T}) IS 'sketch (p = 14) of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_add_agg({T}, integer) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg({T}, integer) IS 'sketch at precision p of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_count_distinct({T}) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_cardinality, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_count_distinct({T}) IS 'estimated count(DISTINCT x), from a p = 14 sketch';
""",
    "bloom": """\
CREATE FUNCTION bloom_add_trans(bloom, {T}, bigint, double precision) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, {T}, bigint, double precision) IS
    'transition function of bloom_agg(x, capacity, fpr)';
CREATE AGGREGATE bloom_agg({T}, bigint, double precision) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg({T}, bigint, double precision) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr';
CREATE FUNCTION bloom_add_trans(bloom, {T}, bigint, double precision, text) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, {T}, bigint, double precision, text) IS
    'transition function of bloom_agg(x, capacity, fpr, layout)';
CREATE AGGREGATE bloom_agg({T}, bigint, double precision, text) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg({T}, bigint, double precision, text) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr, in a named layout';
CREATE FUNCTION bloom_distinct_trans(internal, {T}) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, {T}) IS 'transition function of bloom_agg(x)';
CREATE FUNCTION bloom_distinct_trans(internal, {T}, double precision) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, {T}, double precision) IS 'transition function of bloom_agg(x, fpr)';
CREATE AGGREGATE bloom_agg({T}) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg({T}) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate 0.01';
CREATE AGGREGATE bloom_agg({T}, double precision) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg({T}, double precision) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate fpr';
""",
    "cuckoo": """\
CREATE FUNCTION cuckoo_add_trans(cuckoo, {T}, bigint, double precision) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_add_trans(cuckoo, {T}, bigint, double precision) IS
    'transition function of cuckoo_agg(x, capacity, fpr)';
CREATE AGGREGATE cuckoo_agg({T}, bigint, double precision) (
    SFUNC = cuckoo_add_trans, STYPE = cuckoo, FINALFUNC = cuckoo_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = cuckoo_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE cuckoo_agg({T}, bigint, double precision) IS
    'cuckoo filter of the non-NULL values of a column (every copy), sized for capacity items at false positive rate fpr';
""",
    "hll_family": """\
CREATE FUNCTION hll_add_family_trans(hll, {T}, integer, text) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_family_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_family_trans(hll, {T}, integer, text) IS 'transition function of hll_add_agg(x, p, family)';
CREATE AGGREGATE hll_add_agg({T}, integer, text) (
    SFUNC = hll_add_family_trans, STYPE = hll, FINALFUNC = hll_family_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg({T}, integer, text) IS
    'sketch at precision p of the distinct non-NULL values of a column, hashed as the family''s producer hashes them';
""",
    "ddsketch": """\
CREATE FUNCTION ddsketch_add_trans(ddsketch, {T}) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_add_trans(ddsketch, {T}) IS 'transition function of ddsketch_agg(x)';
CREATE FUNCTION ddsketch_add_trans(ddsketch, {T}, double precision) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_add_trans(ddsketch, {T}, double precision) IS 'transition function of ddsketch_agg(x, alpha)';
CREATE FUNCTION ddsketch_add_trans(ddsketch, {T}, double precision, integer) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_add_trans(ddsketch, {T}, double precision, integer) IS
    'transition function of ddsketch_agg(x, alpha, max_buckets)';
CREATE AGGREGATE ddsketch_agg({T}) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = ddsketch_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_agg({T}) IS
    'quantile sketch of the non-NULL values of a column, relative accuracy 0.01, at most 2048 buckets per sign';
CREATE AGGREGATE ddsketch_agg({T}, double precision) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = ddsketch_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_agg({T}, double precision) IS
    'quantile sketch of the non-NULL values of a column at relative accuracy alpha, at most 2048 buckets per sign';
CREATE AGGREGATE ddsketch_agg({T}, double precision, integer) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = ddsketch_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_agg({T}, double precision, integer) IS
    'quantile sketch of the non-NULL values of a column at relative accuracy alpha, at most max_buckets buckets per sign';
""",
    # BEGIN issue-27 countmin
    "countmin": """\
CREATE FUNCTION countmin_add_trans(countmin, {T}) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, {T}) IS 'transition function of countmin_agg(x)';
CREATE AGGREGATE countmin_agg({T}) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg({T}) IS
    'count-min sketch of the non-NULL values of a column, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, {T}, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, {T}, double precision, double precision) IS
    'transition function of countmin_agg(x, epsilon, delta)';
CREATE AGGREGATE countmin_agg({T}, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg({T}, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, at the given epsilon and delta';
CREATE FUNCTION countmin_add_trans(countmin, {T}, bigint) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, {T}, bigint) IS 'transition function of countmin_agg(x, weight)';
CREATE AGGREGATE countmin_agg({T}, bigint) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg({T}, bigint) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, {T}, bigint, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, {T}, bigint, double precision, double precision) IS
    'transition function of countmin_agg(x, weight, epsilon, delta)';
CREATE AGGREGATE countmin_agg({T}, bigint, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg({T}, bigint, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at the given epsilon and delta';
""",
    # END issue-27
    # BEGIN issue-26 kll
    "kll": """\
CREATE FUNCTION kll_add_trans(kll, {T}) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION kll_add_trans(kll, {T}) IS 'transition function of kll_agg(x)';
CREATE FUNCTION kll_add_trans(kll, {T}, integer) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION kll_add_trans(kll, {T}, integer) IS 'transition function of kll_agg(x, k)';
CREATE AGGREGATE kll_agg({T}) (
    SFUNC = kll_add_trans, STYPE = kll, FINALFUNC = kll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = kll_agg_combine, PARALLEL = SAFE
);
COMMENT ON AGGREGATE kll_agg({T}) IS 'rank-error quantile sketch (KLL, k = 200) of the non-NULL values of a column';
CREATE AGGREGATE kll_agg({T}, integer) (
    SFUNC = kll_add_trans, STYPE = kll, FINALFUNC = kll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = kll_agg_combine, PARALLEL = SAFE
);
COMMENT ON AGGREGATE kll_agg({T}, integer) IS 'rank-error quantile sketch (KLL) at parameter k of the non-NULL values of a column';
""",
    # END issue-26
    # BEGIN issue-28 agebloom
    "agebloom": """\
CREATE FUNCTION agebloom_add_trans(agebloom, {T}, bigint, double precision) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_add_trans(agebloom, {T}, bigint, double precision) IS
    'transition function of agebloom_agg(x, window, fpr)';
CREATE AGGREGATE agebloom_agg({T}, bigint, double precision) (
    SFUNC = agebloom_add_trans, STYPE = agebloom, FINALFUNC = agebloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg({T}, bigint, double precision) IS
    'filter of the last window non-NULL values in the aggregate''s order, at false positive rate fpr';
CREATE FUNCTION agebloom_time_trans(agebloom, {T}, interval, bigint, double precision, timestamptz) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_time_trans(agebloom, {T}, interval, bigint, double precision, timestamptz) IS
    'transition function of agebloom_agg(x, window, capacity, fpr, at)';
CREATE AGGREGATE agebloom_agg({T}, interval, bigint, double precision, timestamptz) (
    SFUNC = agebloom_time_trans, STYPE = agebloom, FINALFUNC = agebloom_time_agg_final,
    FINALFUNC_MODIFY = READ_ONLY, COMBINEFUNC = agebloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg({T}, interval, bigint, double precision, timestamptz) IS
    'filter of the non-NULL values added at times at within the window before the newest, capacity a window, at rate fpr';
""",
    # END issue-28
    # BEGIN issue-28 fuse
    "fuse": """\
CREATE FUNCTION fuse_add_trans(fuse, {T}) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, {T}) IS 'transition function of fuse_agg(x)';
CREATE FUNCTION fuse_add_trans(fuse, {T}, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, {T}, double precision) IS 'transition function of fuse_agg(x, fpr)';
CREATE FUNCTION fuse_add_trans(fuse, {T}, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, {T}, double precision, bigint) IS 'transition function of fuse_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_agg({T}) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg({T}) IS 'binary fuse filter of the non-NULL values of a column at false positive rate 2^-8';
CREATE AGGREGATE fuse_agg({T}, double precision) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg({T}, double precision) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr';
CREATE AGGREGATE fuse_agg({T}, double precision, bigint) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg({T}, double precision, bigint) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr, hashed under seed';
CREATE FUNCTION fuse_keys_add_trans(fuse, {T}) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, {T}) IS 'transition function of fuse_keys_agg(x)';
CREATE FUNCTION fuse_keys_add_trans(fuse, {T}, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, {T}, double precision) IS 'transition function of fuse_keys_agg(x, fpr)';
CREATE FUNCTION fuse_keys_add_trans(fuse, {T}, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, {T}, double precision, bigint) IS
    'transition function of fuse_keys_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_keys_agg({T}) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg({T}) IS 'key set (for fuse_build, fuse_union) of the non-NULL values of a column, rate 2^-8';
CREATE AGGREGATE fuse_keys_agg({T}, double precision) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg({T}, double precision) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column, for a filter at rate at most fpr';
CREATE AGGREGATE fuse_keys_agg({T}, double precision, bigint) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg({T}, double precision, bigint) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column hashed under seed, for a filter at rate at most fpr';
""",
    # END issue-28
}

# The types of each family: HASHED_TYPES unless listed here.
FAMILY_TYPES = {"ddsketch": NUMERIC_TYPES, "kll": NUMERIC_TYPES}

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "probabilistic.sql")
BEGIN = re.compile(r"^-- BEGIN GENERATED (\w+)\b.*\n", re.M)


def family_sql(family, types=None):
    """The block's body: for each type, a heading line and its objects."""
    if types is None:
        types = FAMILY_TYPES.get(family, HASHED_TYPES)
    return "".join("\n-- %s\n%s" % (t, FAMILIES[family].format(T=t)) for t in types) + "\n"


def generated(text):
    """text with every generated block rewritten; raises ValueError on a malformed file."""
    out, pos, seen = [], 0, []
    for begin in BEGIN.finditer(text):
        family = begin.group(1)
        if family not in FAMILIES:
            raise ValueError("unknown generated block %r (families: %s)" % (family, ", ".join(FAMILIES)))
        if family in seen:
            raise ValueError("generated block %r appears twice" % family)
        if begin.start() < pos:
            raise ValueError("generated block %r begins inside another" % family)
        end = re.compile(r"^-- END GENERATED %s\n" % family, re.M).search(text, begin.end())
        if end is None:
            raise ValueError("generated block %r has no line '-- END GENERATED %s'" % (family, family))
        out += [text[pos:begin.end()], family_sql(family)]
        pos = end.start()
        seen.append(family)
    missing = [f for f in FAMILIES if f not in seen]
    if missing:
        raise ValueError("no generated block for %s" % ", ".join(missing))
    return "".join(out) + text[pos:]


def main(argv):
    if len(argv) == 2 and argv[0] == "--type":
        sys.stdout.write("".join(family_sql(f, [argv[1]]) for f in FAMILIES
                                 if argv[1] in FAMILY_TYPES.get(f, HASHED_TYPES)))
        return 0
    check = argv[:1] == ["--check"]
    if not (argv == [] or check and len(argv) <= 2):
        sys.stderr.write(__doc__)
        return 2
    path = argv[1] if len(argv) == 2 else SCRIPT
    with open(path) as f:
        text = f.read()
    name = os.path.relpath(path)
    try:
        want = generated(text)
    except ValueError as e:
        print("not ok - %s: %s" % (name, e))
        return 1
    if not check:
        if want != text:
            with open(path, "w") as f:
                f.write(want)
        print("wrote the generated blocks of %s (%d types)" % (name, len(HASHED_TYPES)))
        return 0
    if want == text:
        print("ok - %s: its generated blocks are what sql/overloads.py writes (%d types x %d families)"
              % (name, len(HASHED_TYPES), len(FAMILIES)))
        return 0
    print("not ok - %s differs from what sql/overloads.py writes (run python3 sql/overloads.py):" % name)
    sys.stdout.writelines("    " + l for l in difflib.unified_diff(
        text.splitlines(True), want.splitlines(True), name, "sql/overloads.py", n=1))
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
