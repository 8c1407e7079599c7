"""Checks python/probabilistic/hll_import_format.py, written from doc/FORMAT.md 3.15, 3.16 and 3.17,
against published hash vectors, the bytes postgresql-hll and Redis wrote (as
sql/hll_import.sql pins them), and (when PGHOST is set, as test/cluster.sh's
start_cluster exports it) the extension's hll_import, hll_export and
hll_add_agg(x, p, family) on random sets over the parameter grid.
Run: /usr/bin/python3 -m unittest discover -s python -v
"""

import doctest
import os
import random
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from probabilistic import hll_import_format as hf  # noqa: E402
from make_hll_vectors import psql  # noqa: E402

# Bytes postgresql-hll 2.17 wrote (sql/hll_import.sql).
PG_BYTES = [
    "118b7f",
    "128b7fb419d210486ab6c1de0820a06c76c0a8004403b7fb05c44a0fd4c5f69b6c771b5b3d5839b2488b0c",
    "1385400890150984",
    "148400298680988119863288a2",
    "13a47f80a83c14",
]


def load_tests(loader, tests, ignore):
    tests.addTests(doctest.DocTestSuite(hf))
    return tests


class Hashes(unittest.TestCase):
    def test_murmur3_published_vectors(self):
        self.assertEqual(hf.murmur3_x64_128(b""), (0, 0))
        self.assertEqual(hf.murmur3_x64_128(b"hello")[0], 0xCBD8A7B341BD9B02)
        self.assertEqual(hf.murmur3_x64_128(b"The quick brown fox jumps over the lazy dog"),
                         (0xE34BBC7BBC071B6C, 0x7A433CA9C49A9347))
        # java-hll's vectors (postgresql-hll's sql/data/murmur_*.csv): seed, input, first word.
        self.assertEqual(hf.pg_hash_bigint(3475270650314491794, 2147483647), -3696531339345168657 & hf.MASK64)
        self.assertEqual(hf.pg_hash_bigint(-945726292679342924, 0), -876529480041849111 & hf.MASK64)
        self.assertEqual(hf.pg_hash_bytes(bytes.fromhex("18195B"), 12487), -4552673506532642215 & hf.MASK64)
        self.assertEqual(hf.pg_hash_bytes(bytes.fromhex("4C2FB64A99FA9E5D919777"), 8979979),
                         -1298638686744033783 & hf.MASK64)

    def test_redis_hash_against_redis_bytes(self):
        live = hf.RedisHll.from_bytes(bytes.fromhex("48594c4c01000000000000000000008060f38050b1844bfb80425a"))
        ours = hf.RedisHll.empty()
        for e in (b"a", b"b", b"c"):
            ours = ours.add_value(e)
        self.assertEqual(ours.registers(), live.registers())


class Formats(unittest.TestCase):
    def test_pg_bytes_round_trip(self):
        for h in PG_BYTES:
            b = bytes.fromhex(h)
            s = hf.PgHll.from_bytes(b)
            self.assertEqual(s.to_bytes(), b)
            self.assertEqual(hf.PgHll.from_hll_value(s.to_hll_value()).to_bytes(), b)

    def test_pg_corrupt(self):
        for h in ["118b", "218b7f", "108b7f", "11837f", "11eb7f", "118bff", "128b7f", "13843f0000",
                  "13847f0000", "13847f00ff", "13517f00009000", "1484000000"]:
            with self.assertRaises(hf.FormatError, msg=h):
                hf.PgHll.from_bytes(bytes.fromhex(h))

    def test_adding_and_union_agree(self):
        rng = random.Random(25)
        for _ in range(30):
            params = (rng.randint(4, 12), rng.randint(1, 7), rng.choice([0, 1, 4, 63]), rng.random() < 0.5)
            xs = [rng.getrandbits(64) for _ in range(rng.choice([3, 40, 600]))]
            cut = len(xs) // 2
            a, b, all_ = hf.PgHll(*params), hf.PgHll(*params), hf.PgHll(*params)
            for x in xs[:cut]:
                a.add(x)
            for x in xs[cut:]:
                b.add(x)
            for x in xs:
                all_.add(x)
            self.assertEqual(a.union(b).to_bytes(), all_.to_bytes())
            self.assertEqual(hf.PgHll.from_bytes(all_.to_bytes()).to_bytes(), all_.to_bytes())


@unittest.skipUnless(os.environ.get("PGHOST"), "PGHOST is unset: no server to compare with")
class AgainstTheExtension(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        psql("CREATE EXTENSION IF NOT EXISTS probabilistic;")

    def test_import_export_and_aggregate(self):
        rng = random.Random(2025)
        cases, sql = [], []
        for k in range(24):
            params = (rng.randint(4, 14), rng.randint(1, 7), rng.choice([0, 2, 8, 63]), rng.random() < 0.5)
            n = rng.choice([0, 2, 30, 400, 3000])
            s = hf.PgHll(*params)
            for x in range(k * 10000, k * 10000 + n):
                s.add(hf.pg_hash_bigint(x))
            b = s.to_bytes()
            cases.append((s, b))
            sql.append("SELECT encode(hll_import('\\x%s', 'postgresql-hll')::bytea, 'hex'), "
                       "encode(hll_export(hll_import('\\x%s', 'postgresql-hll'), 'postgresql-hll'), 'hex');"
                       % (b.hex(), b.hex()))
        out = psql("\n".join(sql)).splitlines()
        for (s, b), line in zip(cases, out):
            stored, exported = line.split("|")
            self.assertEqual(stored, s.to_hll_value().hex())
            self.assertEqual(exported, b.hex())
        # The aggregate at the default parameters, and Redis's family.
        for n in (5, 500, 5000):
            s = hf.PgHll(11)
            r = hf.RedisHll.empty()
            for x in range(1, n + 1):
                s.add(hf.pg_hash_bigint(x))
                r = r.add_value(b"e%d" % x)
            got = psql("SELECT encode(hll_add_agg(x::bigint, 11, 'postgresql-hll')::bytea, 'hex'), "
                       "encode(hll_export(hll_add_agg('e' || x, 14, 'redis'), 'redis'), 'hex') "
                       "FROM generate_series(1, %d) x;" % n).strip().split("|")
            self.assertEqual(got[0], s.to_hll_value().hex())
            self.assertEqual(got[1], r.to_bytes().hex())



# datasketches-cpp 5.2.0's compact image of update(1), update(2), update(3) at lgK 11, HLL_8.
DS_LIST_3 = bytes.fromhex("0201070b030803082bf2fb06862ff90d75816607")


class DataSketches(unittest.TestCase):
    def test_update_matches_datasketches_bytes(self):
        s = hf.DsHll(11)
        for v in (1, 2, 3):
            s.update(hf.ds_coupon(hf.ds_long(v)))
        self.assertEqual(s.to_bytes(), DS_LIST_3)
        self.assertEqual(hf.DsHll.from_bytes(DS_LIST_3).to_bytes(), DS_LIST_3)
        self.assertEqual(hf.ds_double(-0.0), hf.ds_double(0.0))
        self.assertEqual(hf.ds_double(float("nan")), bytes.fromhex("000000000000f87f"))

    def test_modes_and_types_round_trip(self):
        for lgk in (4, 7, 8, 11):
            for tgt in (0, 1, 2):
                for n in (0, 5, 40, 400, 20000):
                    s = hf.DsHll(lgk, tgt)
                    for v in range(n):
                        s.update(hf.ds_coupon(hf.ds_long(v * 7919)))
                    b = s.to_bytes()
                    back = hf.DsHll.from_bytes(b)
                    self.assertEqual(back.mode, s.mode)
                    if s.mode == hf.DS_HLL:
                        self.assertEqual(back.to_bytes(), b)
                        self.assertEqual(back.regs, s.regs)
                    else:
                        self.assertEqual(sorted(c for c in back.coupons if c), sorted(c for c in s.coupons if c))

    def test_corrupt(self):
        for bad in (DS_LIST_3[:6], bytes([2, 2]) + DS_LIST_3[2:], DS_LIST_3[:3] + bytes([3]) + DS_LIST_3[4:],
                    DS_LIST_3[:6] + bytes([8]) + DS_LIST_3[7:], DS_LIST_3[:-4] + DS_LIST_3[8:12]):
            with self.assertRaises(hf.FormatError):
                hf.DsHll.from_bytes(bad)


class DataSketchesAgainstTheExtension(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        psql("CREATE EXTENSION IF NOT EXISTS probabilistic;")

    def test_aggregate_and_import(self):
        for lgk, n in ((11, 5), (11, 100), (11, 3000), (6, 500), (16, 40000)):
            s = hf.DsHll(lgk)
            for x in range(1, n + 1):
                s.update(hf.ds_coupon(hf.ds_long(x)))
            got = psql("SELECT encode(hll_export(h, 'datasketches'), 'hex') || '|' || encode(h::bytea, 'hex') FROM "
                       "(SELECT hll_add_agg(x::bigint, %d, 'datasketches' ORDER BY x) h FROM generate_series(1, %d) x) a;"
                       % (lgk, n)).strip()
            self.assertEqual(got, s.to_bytes().hex() + "|" + s.to_hll_value().hex())
            for tgt in (0, 1):
                s.tgt = tgt
                b = s.to_bytes()
                got = psql("SELECT encode(hll_import('\\x%s', 'datasketches')::bytea, 'hex');" % b.hex()).strip()
                # A compact SET is read by inserting its coupons again (FORMAT.md 3.17).
                self.assertEqual(got, hf.DsHll.from_bytes(b).to_hll_value().hex())


if __name__ == "__main__":
    unittest.main()
