#!/usr/bin/env python3
"""Regenerates the fuse test vectors from a running server with the extension.

    . test/cluster.sh && start_cluster     # or any server: PGHOST, PGPORT, PGUSER, PGDATABASE
    /usr/bin/python3 python/make_fuse_vectors.py
    /usr/bin/python3 python/make_fuse_vectors.py --twin    # no server: the SQL and the twin's sizes

Each vector is fuse_agg or fuse_keys_agg over values of one SQL type with a rate
and a seed, or fuse_union of two key sets (fuse_build of it for a filter).
Writes test/vectors/fuse.json (the exact bytes the extension produced, checked
here against python/probabilistic/fuse_format.py, the twin written from doc/FORMAT.md section
12), sql/format_vectors_fuse.sql (the same vectors, so the regression suite fails
if the extension's output drifts) and expected/format_vectors_fuse.out (that file
run through psql as pg_regress runs it). The crafted values are edited headers
every reader must refuse (22P03) or accept. The vectors are the contract of
section 12: regenerate them only with a format version or hash id change, never
to make a failing test pass. Needs only psql.
"""

import hashlib
import json
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from probabilistic import fuse_format as ff  # noqa: E402
import make_hll_vectors  # noqa: E402
from make_hll_vectors import (ANSWER_OF, CREATE_ENUM, DROP_ENUM, ENUM_TYPE, ROOT, SPEC_KINDS, answers,  # noqa: E402
                              check_pinned, kind_of_bytes, literal, psql, quote)
from test_format import decode  # noqa: E402

VECTORS = os.path.join(ROOT, "test", "vectors", "fuse.json")
REGRESS_SQL = os.path.join(ROOT, "sql", "format_vectors_fuse.sql")
REGRESS_OUT = os.path.join(ROOT, "expected", "format_vectors_fuse.out")
# Values longer than this are stored in the JSON as their SHA-256 only ...
MAX_HEX_BYTES = 20000
# ... and compared inline in the regression test only up to this size.
MAX_INLINE_BYTES = 400


def vectors():
    out = []

    def v(name, agg, fpr, seed, sql_type, values=None, first_last=None, union=None, hashes=None):
        """agg: fuse_agg (a filter) or fuse_keys_agg (a key set); fpr None: the SQL defaults
        (fpr and seed); values: texts of sql_type, or first_last: [first, last] of a bigint
        series; union: another {values | first_last}: fuse_union of the two key sets
        (fuse_build of it when agg is fuse_agg); hashes: instead of values, the key set of
        these u64 hashes read from its bytes (fuse_build of it for fuse_agg)."""
        out.append({"name": name, "agg": agg, "fpr": fpr, "seed": seed, "type": sql_type, "values": values,
                    "first_last": first_last, "union": union, "hashes": hashes})

    v("filter of nothing", "fuse_agg", 0.01, 0, "bigint", values=[])
    v("key set of nothing", "fuse_keys_agg", 0.01, 0, "bigint", values=[])
    v("filter of NULLs only", "fuse_agg", 0.01, 0, "bigint", values=[None, None])
    v("one bigint", "fuse_agg", 0.01, 0, "bigint", values=["42"])
    v("one bigint at 0.5 (1-bit entries, pad bits)", "fuse_agg", 0.5, 0, "bigint", values=["42"])
    v("one bigint key set", "fuse_keys_agg", 0.01, 0, "bigint", values=["42"])
    v("three integers, attempt 0", "fuse_agg", 0.0039, 0, "integer", first_last=[1, 3])
    v("three integers, seed 271: attempt 1", "fuse_agg", 0.0039, 271, "integer", first_last=[1, 3])
    v("three integers, seed 1963: attempt 2", "fuse_agg", 0.0039, 1963, "integer", first_last=[1, 3])
    v("the defaults, 1..1000", "fuse_agg", None, 0, "integer", first_last=[1, 1000])
    v("1..1000 at 2^-8", "fuse_agg", 2 ** -8, 0, "bigint", first_last=[1, 1000])
    v("1..1000 key set at 2^-8", "fuse_keys_agg", 2 ** -8, 0, "bigint", first_last=[1, 1000])
    v("1..20000 at 0.01", "fuse_agg", 0.01, 0, "bigint", first_last=[1, 20000])
    v("1..5000 at 2^-32, seed -1", "fuse_agg", 2 ** -32, -1, "bigint", first_last=[1, 5000])
    v("1..300 at 1e-5, seed 2^62", "fuse_agg", 1e-05, 2 ** 62, "bigint", first_last=[1, 300])
    v("repeats and negatives", "fuse_agg", 0.01, 7, "bigint",
      values=["5", "-5", "5", "0", "-9223372036854775808", "9223372036854775807", "0"])
    v("text", "fuse_agg", 0.01, 0, "text", values=["", "a", "h\u00e9", "\u65e5\u672c", "a'b", "a"])
    v("text key set, seed 9", "fuse_keys_agg", 0.001, 9, "text", values=["t%d" % i for i in range(40)])
    v("varchar (kind text)", "fuse_agg", 0.1, 0, "varchar", values=["x", "y", None])
    v("numeric", "fuse_agg", 0.01, 0, "numeric", values=["1.50", "42.000", "-1e20", "NaN"])
    v("double precision", "fuse_agg", 0.01, 0, "double precision", values=["0.5", "19.99", "42", "NaN", "-0"])
    v("date", "fuse_agg", 0.01, -1, "date", values=["2024-01-01", "infinity", "1999-12-31"])
    v("timestamp", "fuse_keys_agg", 0.01, 0, "timestamp", values=["2024-01-01 00:00:00", "-infinity"])
    v("text[]", "fuse_agg", 0.01, 0, "text[]", values=["{a,b}", "{}", "{NULL}"])
    v("enum (kind of its own)", "fuse_agg", 0.01, 0, ENUM_TYPE, values=["ok", "sad", "ok"])
    v("union of key sets", "fuse_keys_agg", 0.01, 3, "bigint", first_last=[1, 300], union={"first_last": [200, 500]})
    v("union of key sets, built", "fuse_agg", 0.01, 3, "bigint", first_last=[1, 300],
      union={"first_last": [200, 500]})
    v("union with an empty key set", "fuse_keys_agg", 0.01, 0, "text", values=["a", "b"], union={"values": []})
    # Attempts 0..4 each blocked by a pair of keys with equal positions: built at attempt 5,
    # one segment more than attempt 0's sizes (section 12.4).
    v("hashes with a 2-core for attempts 0 to 4: attempt 5", "fuse_agg", 0.01, 5, None, hashes=blocked_hashes(10, 5))
    return out


def blocked_hashes(n, attempts, seed=2026):
    """n hashes (n // 2 ≥ attempts pairs) such that attempt a < attempts fails: pair a has the
    same three positions under attempt a, so neither key of it can be peeled (a 2-core).
    Found by search from a fixed seed, so always the same hashes."""
    import random
    rng = random.Random(seed)
    hashes = []
    for a in range(n // 2):
        L, C = ff.sizes(n, a)
        first = rng.getrandbits(64)
        hashes.append(first)
        if a >= attempts:
            hashes.append(rng.getrandbits(64))
            continue
        want = ff.positions(ff.mix(first, a), L, C)
        while True:
            h = rng.getrandbits(64)
            if ff.positions(ff.mix(h, a), L, C) == want:
                hashes.append(h)
                break
    return hashes


def source(sql_type, values=None, first_last=None):
    """A FROM clause whose column x holds the values (typed, NULLs included)."""
    if first_last is not None:
        return "generate_series(%d, %d) x" % tuple(first_last) if sql_type == "integer" else \
            "generate_series(%d::bigint, %d) x" % tuple(first_last)
    if not values:
        return "(VALUES (%s)) v(x) WHERE x IS NOT NULL" % literal(sql_type, None)
    return "(VALUES %s) v(x)" % ", ".join("(%s)" % literal(sql_type, t) for t in values)


def agg_sql(agg, v, part):
    args = "x" if v["fpr"] is None else "x, %r, %d" % (v["fpr"], v["seed"])
    return "(SELECT %s(%s) FROM %s)" % (agg, args, source(v["type"], part.get("values"), part.get("first_last")))


def build_sql(v):
    if v.get("hashes") is not None:
        keys = ff.Fuse.from_hashes(v["hashes"], v["fpr"], v["seed"])
        expr = "'\\x%s'::bytea::fuse" % keys.to_bytes().hex()
        return "fuse_build(%s)" % expr if v["agg"] == "fuse_agg" else expr
    if v["union"] is None:
        return agg_sql(v["agg"], v, v)
    u = "fuse_union(%s, %s)" % (agg_sql("fuse_keys_agg", v, v), agg_sql("fuse_keys_agg", v, v["union"]))
    return u if v["agg"] == "fuse_keys_agg" else "fuse_build(%s)" % u


def python_values(sql_type, values=None, first_last=None):
    if first_last is not None:
        return [(i, None) for i in range(first_last[0], first_last[1] + 1)]
    return [decode(sql_type, t) for t in values]


def twin(v):
    """The vector built by python/probabilistic/fuse_format.py."""
    fpr = ff.DEFAULT_FPR if v["fpr"] is None else v["fpr"]
    if v.get("hashes") is not None:
        k = ff.Fuse.from_hashes(v["hashes"], fpr, v["seed"])
        return k.build() if v["agg"] == "fuse_agg" else k

    def keys(part):
        pairs = python_values(v["type"], part.get("values"), part.get("first_last"))
        return ff.Fuse.keys_agg([x for x, _ in pairs], fpr, v["seed"], sql_types=[t for _, t in pairs])
    k = keys(v)
    if v["union"] is not None:
        k = k.union(keys(v["union"]))
    return k.build() if v["agg"] == "fuse_agg" else k


def spec_kind(v):
    """Section 2.5's kind of the result (the truth the server's bytes are checked against)."""
    if v.get("hashes") is not None:
        return 0
    parts = [v] + ([v["union"]] if v["union"] else [])
    has_values = any(p.get("first_last") or any(t is not None for t in (p.get("values") or [])) for p in parts)
    return SPEC_KINDS[v["type"]] if has_values else 0


def crafted_values():
    """Edited values, from the twin alone: (name, bytes, the field a reader names, or None
    when the value must be accepted). Each check of section 12.7 once, in order."""
    keys = ff.Fuse.keys_agg(range(1, 11), 0.01, 3)
    filt = keys.build()
    empty = ff.Fuse.agg([], 0.01)
    K, F, E = keys.to_bytes(), filt.to_bytes(), empty.to_bytes()

    def edit(base, offset, fmt, value):
        b = bytearray(base)
        struct.pack_into(fmt, b, offset, value)
        return bytes(b)

    swapped = bytearray(K)
    swapped[64:72], swapped[72:80] = K[72:80], K[64:72]
    tiny = ff.Fuse.keys_agg([1], 0.5).build().to_bytes()
    huge = ff.sizes(2 ** 64 - 1, 0)
    same_sizes = [a for a in range(1, 4) if ff.sizes(filt.n, a) == ff.sizes(filt.n, 0)][0]
    return [
        ("63 bytes", F[:63], "length"),
        ("type tag 0x43", edit(F, 0, "<B", 0x43), "type tag"),
        ("format version 3", edit(F, 1, "<B", 3), "format version"),
        ("hash id 1", edit(F, 2, "<B", 1), "hash id"),
        ("form 3", edit(F, 3, "<B", 3), "form"),
        ("form 0x81 (the working state)", edit(K, 3, "<B", ff.FORM_WORKING), "form"),
        ("arity 4", edit(F, 5, "<B", 4), "arity"),
        ("format version 1 with kind 20", edit(F, 1, "<B", 1), "kind"),
        ("format version 2 with kind 0", edit(F, 6, "<H", 0), "kind"),
        ("fpr 1", edit(F, 16, "<d", 1.0), "false positive rate"),
        ("fpr NaN", edit(F, 16, "<d", float("nan")), "false positive rate"),
        ("fpr 2^-33", edit(F, 16, "<d", 2.0 ** -33), "false positive rate"),
        ("fpr 0.1 with f = 7", edit(F, 16, "<d", 0.1), "fingerprint bits"),
        ("reserved 1", edit(F, 56, "<Q", 1), "reserved"),
        ("key set with segment length 16", edit(K, 32, "<Q", 16), "segment length"),
        ("key set with segment count 1", edit(K, 40, "<Q", 1), "segment count"),
        ("key set with attempt 1", edit(K, 48, "<Q", 1), "attempt"),
        ("key set of 2^62 keys", edit(K, 24, "<Q", 2 ** 62), "keys"),
        ("key set of one key more than MAXC holds", edit(K, 24, "<Q", ff.MAX_KEYS + 1), "keys"),
        ("key set of as many keys as MAXC holds", edit(K, 24, "<Q", ff.MAX_KEYS), "length"),
        ("key set one key short", edit(K, 24, "<Q", 11), "length"),
        ("key set not ascending", bytes(swapped), "hashes"),
        ("empty filter with segment length 4", edit(E, 32, "<Q", 4), "segment length"),
        ("empty filter with a byte more", E + b"\0", "length"),
        ("filter attempt 1024", edit(F, 48, "<Q", 1024), "attempt"),
        ("filter segment length doubled", edit(F, 32, "<Q", 2 * filt.segment_length), "segment length"),
        ("filter segment count + 1", edit(F, 40, "<Q", filt.segment_count + 1), "segment count"),
        ("filter attempt 4 (one more segment)", edit(F, 48, "<Q", 4), "segment count"),
        ("filter of 2^64 - 1 keys", edit(F, 24, "<Q", 2 ** 64 - 1), "segment length"),
        ("filter of 2^64 - 1 keys at their sizes (an array of 2^67 bits)",
         edit(edit(edit(F, 24, "<Q", 2 ** 64 - 1), 32, "<Q", huge[0]), 40, "<Q", huge[1]), "length"),
        ("filter a byte short", F[:-1], "length"),
        ("filter pad bit set", tiny[:-1] + bytes([tiny[-1] | 0x80]), "pad bits"),
        # Accepted: what no check can see.
        ("format version 2, kind 65535", edit(F, 6, "<H", 65535), None),
        ("format version 1 without a kind", edit(edit(F, 1, "<B", 1), 6, "<H", 0), None),
        ("filter attempt %d (the same sizes; entries are not checked)" % same_sizes,
         edit(F, 48, "<Q", same_sizes), None),
        ("filter entries all zero", F[:64] + bytes(len(F) - 64), None),
    ]


def regression_sql(vs, crafted):
    rows = []
    for i, v in enumerate(vs, 1):
        if v["bytes"] <= MAX_INLINE_BYTES:
            got, expected = "(%s)::bytea" % v["sql"], "'\\x%s'::bytea" % v["hex"]
        else:
            got, expected = "sha256((%s)::bytea)" % v["sql"], "'\\x%s'::bytea" % v["sha256"]
        rows.append("  (%d, %s,\n   %s,\n   %s)" % (i, quote(v["name"]), got, expected))
    inline = [(i, v) for i, v in enumerate(vs, 1) if v.get("hex") and v["bytes"] <= MAX_INLINE_BYTES]
    return "\n".join([
        "-- The fuse binary format as a contract (doc/FORMAT.md section 12): the extension",
        "-- must keep producing exactly these bytes for these values, so the format cannot",
        "-- drift silently. Generated with test/vectors/fuse.json by python/make_fuse_vectors.py;",
        "-- the same vectors are checked against python/fuse_format.py, an independent",
        "-- implementation. A changed byte here needs a new format version or hash id.",
        "",
        "-- An enum: a type outside the built-in catalog (a kind of its own); dropped at the end.",
        CREATE_ENUM,
        "-- pg_temp.answer_of(query): its one value as text, or the SQLSTATE of its error.",
        ANSWER_OF.strip(),
        "",
        "-- Each vector's bytes (values over %d bytes by their SHA-256)." % MAX_INLINE_BYTES,
        "SELECT n, vector, got = expected AS same_bytes",
        "FROM (VALUES",
        ",\n".join(rows),
        ") v(n, vector, got, expected)",
        "ORDER BY n;",
        "",
        "-- The server reads the vectors' bytes back (bytea and text input) unchanged.",
        "SELECT n, vector, b::fuse::bytea = b AS bytea_round_trip,",
        "       (encode(b, 'hex') = substr(b::fuse::text, 3)) AS text_output,",
        "       ('\\x' || encode(b, 'hex'))::fuse = b::fuse AS text_input",
        "FROM (VALUES",
        ",\n".join("  (%d, %s, '\\x%s'::bytea)" % (i, quote(v["name"]), v["hex"]) for i, v in inline),
        ") v(n, vector, b)",
        "ORDER BY n;",
        "",
        "-- Outside bytes every reader must refuse (22P03, section 12.7) or accept.",
        "SELECT n, vector, pg_temp.answer_of(format('SELECT %L::bytea::fuse IS NOT NULL', b)) = expected AS same_answer",
        "FROM (VALUES",
        ",\n".join("  (%d, %s, '\\x%s'::bytea, %s)" % (i, quote(r["name"]), r["hex"], quote(r["answer"]))
                   for i, r in enumerate(crafted, 1)),
        ") v(n, vector, b, expected)",
        "ORDER BY n;",
        "",
        DROP_ENUM,
        "",
    ])


def build_vectors():
    vs = vectors()
    for v in vs:
        v["sql"] = build_sql(v)
    lines = psql("".join("SELECT encode(%s::bytea, 'hex');\n" % v["sql"] for v in vs)).split()
    assert len(lines) == len(vs), lines
    disagreements = []
    for v, hexed in zip(vs, lines):
        data = bytes.fromhex(hexed)
        assert kind_of_bytes(data) == spec_kind(v), "%s: the server records kind %d, section 2.5 says %d" % (
            v["name"], kind_of_bytes(data), spec_kind(v))
        mine = twin(v).to_bytes()
        if mine != data:
            disagreements.append(describe(v["name"], mine, data))
        v["kind"] = kind_of_bytes(data)
        v["bytes"] = len(data)
        v["sha256"] = hashlib.sha256(data).hexdigest()
        v["hex"] = data.hex() if len(data) <= MAX_HEX_BYTES else None
    crafted = []
    made = crafted_values()
    got = answers(["SELECT '\\x%s'::bytea::fuse IS NOT NULL" % raw.hex() for _, raw, _ in made])
    for (name, raw, field), answer in zip(made, got):
        want = "true" if field is None else "22P03"
        if answer != want:
            disagreements.append("crafted %r: the server answers %s, section 12.7 says %s" % (name, answer, want))
        crafted.append({"name": name, "hex": raw.hex(), "accepted": field is None, "field": field, "answer": answer})
    if disagreements:
        sys.exit("the server departs from the twin (python/probabilistic/fuse_format.py):\n" + "\n".join(disagreements))
    return vs, crafted


def describe(name, mine, server):
    """Where two values first differ: the header field or the payload byte."""
    fields = ["tag", "version", "hash id", "form", "fingerprint bits", "arity", "kind", "kind", "seed"] + \
        ["seed"] * 7 + ["fpr"] * 8 + ["keys"] * 8 + ["segment length"] * 8 + ["segment count"] * 8 + \
        ["attempt"] * 8 + ["reserved"] * 8
    at = next((i for i, (a, b) in enumerate(zip(mine, server)) if a != b), min(len(mine), len(server)))
    where = fields[at] if at < 64 else "payload byte %d" % (at - 64)
    return "%s: %s differs (twin %d bytes, server %d bytes; twin header %s, server header %s)" % (
        name, where, len(mine), len(server), mine[:64].hex(), server[:64].hex())


def main():
    if "--twin" in sys.argv:
        for v in vectors():
            t = twin(v)
            print("%-45s %6d bytes  kind %5d  n %5d  attempt %d  SELECT %s" % (
                v["name"], len(t.to_bytes()), t.kind, t.n, t.attempt, build_sql(v)[:100]))
        for name, raw, field in crafted_values():
            print("crafted %-55s %s" % (name, field or "accepted"))
        return
    psql("CREATE EXTENSION IF NOT EXISTS probabilistic;")
    psql("DROP TYPE IF EXISTS %s CASCADE;\n%s" % (ENUM_TYPE, CREATE_ENUM))
    try:
        vs, crafted = build_vectors()
    finally:
        psql(DROP_ENUM)
    version = psql("SELECT extversion FROM pg_extension WHERE extname = 'probabilistic'").strip()
    doc = {
        "description": "probabilistic fuse test vectors (doc/FORMAT.md section 12): fuse_agg and fuse_keys_agg "
                       "over values and the exact bytes the extension produced. Regenerate with "
                       "python/make_fuse_vectors.py.",
        "fields": {
            "agg": "fuse_agg (a filter, form 2) or fuse_keys_agg (a key set, form 1)",
            "fpr": "the rate passed, with seed; null: fuse_agg(x) with the SQL defaults",
            "values": "texts of values of type (null: SQL NULL); first_last: a bigint (or integer) series",
            "union": "when present: fuse_union of the two key sets (fuse_build of it for fuse_agg)",
            "hashes": "when present: the key set of these hashes (no kind) read as bytes, fuse_build of it "
                      "for fuse_agg",
            "kind": "the kind the result records (section 2.5)",
            "hex": "the whole value (null over 20000 bytes: use sha256)",
            "crafted": "edited values: accepted, or refused (22P03) naming field",
        },
        "extension_version": version,
        "fuse": [{k: x for k, x in v.items() if k != "sql"} for v in vs],
        "crafted": crafted,
        "enum": {"type": ENUM_TYPE, "labels": make_hll_vectors.ENUM_LABELS},
    }
    check_pinned(VECTORS, doc, ["fuse"])
    with open(VECTORS, "w") as fh:
        json.dump(doc, fh, indent=1)
        fh.write("\n")
    make_hll_vectors.write_regression(regression_sql(vs, crafted), REGRESS_SQL, REGRESS_OUT,
                                      "format_vectors_fuse_gen")
    print("wrote %s, %s, %s" % (VECTORS, REGRESS_SQL, REGRESS_OUT))


if __name__ == "__main__":
    main()
