#!/usr/bin/env python3
"""Regenerates test/vectors/cuckoo.json from a running server with the extension.

    . test/cluster.sh && start_cluster     # or any server: PGHOST, PGPORT, PGUSER, PGDATABASE
    /usr/bin/python3 python/make_cuckoo_vectors.py

Each vector is a list of operations (add or remove a bigint or text value) on
cuckoo_empty(capacity, fpr, seed), optionally followed by the union with
another such list; the file records the exact bytes the extension produced.
The vectors are the contract of doc/FORMAT.md section 5: regenerate them only
with a format version or hash id change. Needs only psql.
"""

import hashlib
import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VECTORS = os.path.join(ROOT, "test", "vectors", "cuckoo.json")
MAX_HEX_BYTES = 20000

APPLY = r"""
CREATE FUNCTION pg_temp.apply(c cuckoo, ops jsonb) RETURNS cuckoo LANGUAGE plpgsql AS $$
DECLARE op jsonb;
BEGIN
    FOR op IN SELECT * FROM jsonb_array_elements(ops) LOOP
        IF op->>0 IN ('add_range', 'remove_range') THEN
            FOR i IN (op->>2)::bigint..(op->>3)::bigint BY (op->>4)::bigint LOOP
                IF op->>0 = 'add_range' THEN c := cuckoo_add(c, i); ELSE c := cuckoo_remove(c, i); END IF;
            END LOOP;
        ELSIF op->>1 = 'bigint' THEN
            IF op->>0 = 'add' THEN c := cuckoo_add(c, (op->>2)::bigint);
            ELSE c := cuckoo_remove(c, (op->>2)::bigint); END IF;
        ELSE
            IF op->>0 = 'add' THEN c := cuckoo_add(c, op->>2);
            ELSE c := cuckoo_remove(c, op->>2); END IF;
        END IF;
    END LOOP;
    RETURN c;
END $$;
"""


def adds(kind, values):
    if isinstance(values, range):
        return [["add_range", kind, values.start, values[-1], values.step]]
    return [["add", kind, str(v)] for v in values]


def removes(kind, values):
    if isinstance(values, range):
        return [["remove_range", kind, values.start, values[-1], values.step]]
    return [["remove", kind, str(v)] for v in values]


def vectors():
    out = []

    def v(name, capacity, fpr, seed, ops, union=None):
        out.append({"name": name, "capacity": capacity, "fpr": fpr, "seed": seed, "ops": ops, "union_ops": union})

    v("empty capacity 1", 1, 0.01, 0, [])
    v("empty capacity 1000", 1000, 0.01, 0, [])
    v("empty rate 0.5 seed -1", 10, 0.5, -1, [])
    v("empty rate 0.1 with pad bits", 2, 0.1, 0, [])
    v("one bigint", 10, 0.01, 0, adds("bigint", [42]))
    v("one text", 10, 0.01, 0, adds("text", ["hello"]))
    v("duplicates fill two buckets", 100, 0.01, 0, adds("bigint", [7] * 8))
    v("to capacity, kicks", 200, 0.01, 0, adds("bigint", range(1, 201)))
    v("to capacity at 0.1", 50, 0.1, 3, adds("bigint", range(1, 51)))
    v("to capacity at 1e-5 (20-bit)", 300, 1e-05, 0, adds("bigint", range(1, 301)))
    v("32-bit fingerprints", 100, 2e-09, 5, adds("bigint", range(1, 101)))
    v("adds and removes", 300, 0.001, 11,
      adds("bigint", range(1, 301)) + removes("bigint", range(1, 301, 3)) + removes("bigint", [100000])
      + adds("text", ["a", "b", "c"]))
    v("union", 500, 0.01, 0, adds("bigint", range(1, 201)), adds("bigint", range(150, 351)))
    v("union at 0.001 seed 9", 400, 0.001, 9, adds("text", ["t%d" % i for i in range(150)]),
      adds("text", ["t%d" % i for i in range(100, 300)]))
    v("large", 20000, 0.01, 0, adds("bigint", range(20000)))
    return out


def psql(sql):
    return subprocess.run(["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1"], input=sql, text=True,
                          capture_output=True, check=True).stdout


def main():
    vs = vectors()
    sql = APPLY
    for v in vs:
        base = "pg_temp.apply(cuckoo_empty(%d, %r, %d), %s)" % (
            v["capacity"], v["fpr"], v["seed"], "'" + json.dumps(v["ops"]) + "'::jsonb")
        expr = base
        if v["union_ops"] is not None:
            other = "pg_temp.apply(cuckoo_empty(%d, %r, %d), %s)" % (
                v["capacity"], v["fpr"], v["seed"], "'" + json.dumps(v["union_ops"]) + "'::jsonb")
            expr = "cuckoo_union(%s, %s)" % (base, other)
        v["sql"] = "SELECT " + expr
        sql += "SELECT encode(%s::bytea, 'hex');\n" % expr
    lines = psql(sql).split()
    assert len(lines) == len(vs), lines
    for v, hexed in zip(vs, lines):
        data = bytes.fromhex(hexed)
        v["bytes"] = len(data)
        v["sha256"] = hashlib.sha256(data).hexdigest()
        if len(data) <= MAX_HEX_BYTES:
            v["hex"] = hexed
    version = psql("SELECT extversion FROM pg_extension WHERE extname = 'probabilistic'").strip()
    doc = {
        "description": "probabilistic cuckoo test vectors (doc/FORMAT.md section 5): operations on "
                       "cuckoo_empty(capacity, fpr, seed) and the exact bytes the extension produced. "
                       "Regenerate with python/make_cuckoo_vectors.py.",
        "fields": {
            "ops": "in order: [add|remove, type, text of the value] adds or removes one copy; "
                   "[add_range|remove_range, bigint, first, last, step] does so for each bigint of the range",
            "union_ops": "when present, the result is cuckoo_union(ops applied, union_ops applied)",
            "hex": "the whole value (absent over 20000 bytes: use sha256)",
        },
        "extension_version": version,
        "cuckoo": vs,
    }
    with open(VECTORS, "w") as fh:
        json.dump(doc, fh, indent=1)
        fh.write("\n")


if __name__ == "__main__":
    main()
