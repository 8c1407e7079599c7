"""Checks the package as users get it (python/probabilistic, `import probabilistic`):

- its public API (one module per type) against test/vectors/*.json, which were
  captured from the server: values built through the API have the server's bytes
  and answers, the server's bytes read back and are written unchanged, corrupt
  bytes are refused; the doctests of every public module;
- `pip install` from the repository on Debian's packages alone: a venv made with
  --system-site-packages (where Debian's python3-xxhash is), `pip install
  --no-build-isolation --no-index` of python/, then an example run from outside
  the source tree against the installed copy, its answers equal to the vectors'
  and, when PGHOST is set, to the running server's.

Run: /usr/bin/python3 -m unittest discover -s python -v
"""

import doctest
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import probabilistic  # noqa: E402
from probabilistic import (agebloom, bloom, countmin, cuckoo, ddsketch, fuse, hashing, hll, kll,  # noqa: E402
                           topk)
from make_hll_vectors import psql  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def vectors(name):
    with open(os.path.join(ROOT, "test", "vectors", name + ".json")) as f:
        return json.load(f)


def series_or_values(inp):
    if "series" in inp:
        lo, hi = inp["series"]
        return [str(i) for i in range(lo, hi + 1)]
    return inp["values"]


def repeated(values):
    """The [text, times] pairs of the ddsketch and kll vectors as floats."""
    return [float(text) for text, times in values for _ in range(times)]


def _agebloom_of(values):
    f = agebloom.Agebloom.count_window(2 * len(values), 0.01)
    for v in values:
        f.add(v)
    return f


class PublicApi(unittest.TestCase):
    def test_doctests(self):
        for module in (probabilistic, hashing, hll, bloom, cuckoo, fuse, agebloom, ddsketch, kll, topk, countmin):
            with self.subTest(module=module.__name__):
                result = doctest.testmod(module, verbose=False)
                self.assertGreater(result.attempted, 0)
                self.assertEqual(result.failed, 0)

    def test_filters_count_their_lookups_and_no_answers(self):
        added = ["id:%d" % i for i in range(500)]
        absent = ["other:%d" % i for i in range(2000)]
        makers = {
            "bloom": lambda: bloom.Bloom.from_values(added, 500, 0.01),
            "cuckoo": lambda: cuckoo.Cuckoo.from_values(added, 500, 0.01),
            "fuse": lambda: fuse.Fuse.from_values(added, 0.01),
            "agebloom": lambda: _agebloom_of(added),
        }
        for name, make in makers.items():
            with self.subTest(filter=name):
                f = make()
                self.assertEqual((f.stats.lookups, f.stats.answered_no), (0, 0), "adding is not a lookup")
                no = sum(1 for k in absent if not f.contains(k))
                self.assertTrue(all(f.contains(k) for k in added), "a value added answered no")
                self.assertEqual(f.stats.lookups, len(absent) + len(added))
                self.assertEqual(f.stats.answered_no, no)
                self.assertGreater(no, 0.9 * len(absent))
                self.assertEqual(f.stats.no_share, no / (len(absent) + len(added)))
                g = type(f).parse(f.to_bytes())
                self.assertEqual(g.stats.lookups, 0, "a value read starts its own count")
                g.stats = f.stats
                g.contains("other:0")
                self.assertEqual(f.stats.lookups, len(absent) + len(added) + 1)
                f.stats.reset()
                self.assertEqual(f.stats.no_share, 0.0)

    def test_hll_and_bloom_of_text_have_the_servers_bytes(self):
        for rec in vectors("hll")["hll"]:
            if rec["build"] == "typed" and rec["input"].get("type") == "text":
                h = hll.Hll.from_values(series_or_values(rec["input"]), precision=rec["precision"], seed=rec["seed"])
                self.assertEqual(h.to_text(), "\\x" + rec["hex"], rec["name"])
                self.assertEqual(h.cardinality(), rec["cardinality"], rec["name"])
        for rec in vectors("bloom")["bloom"]:
            if rec["build"] == "agg" and rec["input"].get("type") == "text" and not rec["kind_cleared"]:
                values = series_or_values(rec["input"])
                b = bloom.Bloom.from_values(values, rec["capacity"], rec["fpr"], layout=rec["layout"], seed=rec["seed"])
                self.assertEqual(b.to_bytes().hex(), rec["hex"], rec["name"])
                self.assertTrue(all(b.contains(v) for v in values if v is not None), rec["name"])
                self.assertEqual(b.cardinality(), rec["cardinality"], rec["name"])

    def test_server_bytes_read_back_unchanged(self):
        cases = [(hll.Hll, r["hex"]) for r in vectors("hll")["hll"] if "hex" in r]
        cases += [(bloom.Bloom, r["hex"]) for r in vectors("bloom")["bloom"] if "hex" in r]
        cases += [(cuckoo.Cuckoo, r["hex"]) for r in vectors("cuckoo")["cuckoo"] if "hex" in r]
        cases += [(fuse.Fuse, r["hex"]) for r in vectors("fuse")["fuse"] if "hex" in r]
        cases += [(agebloom.Agebloom, r["hex"]) for r in vectors("agebloom")["agebloom"] if "hex" in r]
        cases += [(topk.Topk, r["hex"]) for r in vectors("topk")["vectors"] if "hex" in r]
        cases += [(countmin.CountMin, r["hex"]) for r in vectors("countmin")["countmin"] if "hex" in r]
        cases += [(ddsketch.DDSketch, r["bytes"]) for r in vectors("ddsketch")["ddsketch"] if "bytes" in r]
        cases += [(kll.KLL, r["bytes"]) for r in vectors("kll")["kll"] if "bytes" in r]
        cases = [(cls, hex_) for cls, hex_ in cases if hex_]
        self.assertEqual(len({cls for cls, _ in cases}), 9)
        for cls, hex_ in cases:
            with self.subTest(cls=cls.__name__, hex=hex_[:40]):
                data = bytes.fromhex(hex_)
                self.assertEqual(cls.parse(data).to_bytes(), data)
                self.assertEqual(bytes(cls.parse("\\x" + hex_)), data)
                for corrupt in (bytes([data[0] ^ 0xFF]) + data[1:], data[:3]):   # another type tag, no header
                    with self.assertRaises(ValueError):
                        cls.parse(corrupt)

    def test_quantiles_and_ranks_are_the_servers(self):
        d = vectors("ddsketch")
        for rec in d["ddsketch"]:
            s = ddsketch.DDSketch.empty(float(rec["alpha"]), int(rec["max_buckets"]))
            for x in repeated(rec["values"]):
                s.add(x)
            self.assertEqual(s.to_bytes().hex(), rec["bytes"], rec["name"])
            self.assertEqual([s.quantile(q) for q in d["qs"]], rec["quantiles"] or [None] * len(d["qs"]),
                             rec["name"])
        d = vectors("kll")
        for rec in d["kll"]:
            if "union_with" in rec:
                continue
            s = kll.KLL.empty(int(rec["k"]))
            for x in repeated(rec["values"]):
                s.add(x)
            self.assertEqual(s.to_bytes().hex(), rec["bytes"], rec["name"])
            self.assertEqual([s.quantile(q) for q in d["qs"]], rec["quantiles"] or [None] * len(d["qs"]),
                             rec["name"])
            self.assertEqual([s.rank(x) for x in d["xs"]], rec["ranks"] or [None] * len(d["xs"]), rec["name"])

    def test_in_place_and_new_values(self):
        a = kll.KLL.empty(8)
        for x in range(100):
            a.add(x)
        before = a.to_bytes()
        both = a.merge(a)
        self.assertEqual((a.to_bytes(), both.n), (before, 200))
        d = ddsketch.DDSketch.empty()
        d.add(1.0)
        self.assertEqual((d.merge(d).count, d.count), (2, 1))
        h = hll.Hll.empty(10)
        h.add("x")
        self.assertEqual((h.union(hll.Hll.from_values(["y"], 10)).cardinality(), h.cardinality()), (2, 1))
        self.assertEqual(hll.union([h, h.copy()]), h)
        with self.assertRaises(probabilistic.ComparisonError):
            h.add(1)                                    # a text sketch refuses a bigint, as hll_add does


# The example run inside the venv, from outside the source tree: it prints what it found.
EXAMPLE = r'''
import datetime, decimal, json, sys, uuid
import probabilistic
from probabilistic import bloom, hashing, hll

given = json.loads(sys.argv[1])     # the rows of two of test/vectors' filters and sketches
known = bloom.Bloom.from_values(given["bloom"]["values"], given["bloom"]["capacity"], given["bloom"]["fpr"])

seen = bloom.Bloom.from_values([str(i) for i in range(1, 501)], capacity=1000, fpr=0.05)
seen.add("501")
visitors = hll.Hll.from_values([str(i) for i in range(1, 201)], precision=10)
again = hll.Hll.parse(visitors.to_text())
print(json.dumps({
    "file": probabilistic.__file__,
    "version": probabilistic.__version__,
    "known_bloom_hex": known.to_bytes().hex(),
    "known_bloom_contains": [known.contains(x) for x in given["bloom"]["values"] if x is not None],
    "bloom_hex": seen.to_bytes().hex(),
    "bloom_contains": [seen.contains(x) for x in ("1", "500", "501")],
    "bloom_absent": sum(seen.contains(str(i)) for i in range(10**6, 10**6 + 1000)),
    "hll_hex": visitors.to_bytes().hex(),
    "hll_cardinality": again.cardinality(),
    "hashes": [hashing.sketch_hash(decimal.Decimal("1.50")),
               hashing.sketch_hash(uuid.UUID("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11")),
               hashing.sketch_hash(datetime.datetime(2024, 1, 1, 7, tzinfo=datetime.timezone(-datetime.timedelta(hours=5)))),
               hashing.sketch_hash(b"abc"), hashing.sketch_hash(42)],
}))
'''


class Installed(unittest.TestCase):
    """pip install into a venv, offline, from Debian's packages (python3-venv, python3-pip,
    python3-setuptools, python3-xxhash), as python/README.md says."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="probabilistic-pip.")
        # The package's files as the repository has them, copied so that the in-tree build
        # (setuptools writes build/ and *.egg-info next to pyproject.toml) leaves the checkout
        # untouched.
        src = os.path.join(cls.tmp, "src")
        os.mkdir(src)
        for name in ("pyproject.toml", "README.md"):
            shutil.copy(os.path.join(HERE, name), src)
        shutil.copytree(os.path.join(HERE, "probabilistic"), os.path.join(src, "probabilistic"),
                        ignore=shutil.ignore_patterns("__pycache__"))
        venv = os.path.join(cls.tmp, "venv")
        cls.python = os.path.join(venv, "bin", "python")
        cls.sh([sys.executable, "-m", "venv", "--system-site-packages", venv])
        cls.sh([cls.python, "-m", "pip", "install", "--no-build-isolation", "--no-index", "--no-cache-dir",
                 "--disable-pip-version-check", src])
        cls.venv = os.path.realpath(venv)
        cls.bloom_rec = next(r for r in vectors("bloom")["bloom"] if r["name"] == "v2 fixed 50 at 0.01 text")
        given = {"bloom": {"values": cls.bloom_rec["input"]["values"], "capacity": cls.bloom_rec["capacity"],
                           "fpr": cls.bloom_rec["fpr"]}}
        out = cls.sh([cls.python, "-c", EXAMPLE, json.dumps(given)], cwd=cls.tmp).stdout
        cls.found = json.loads(out.strip().splitlines()[-1])

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    @staticmethod
    def sh(cmd, cwd=None):
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PIP_INDEX_URL")}
        done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise AssertionError("%s failed (%d):\n%s\n%s" % (" ".join(cmd), done.returncode, done.stdout[-3000:],
                                                              done.stderr[-3000:]))
        return done

    def test_imported_from_the_venv(self):
        path = os.path.realpath(self.found["file"])
        self.assertTrue(path.startswith(self.venv + os.sep), path)
        self.assertFalse(path.startswith(os.path.realpath(HERE)), path)
        self.assertEqual(self.found["version"], probabilistic.__version__)
        installed = os.path.dirname(path)
        self.assertTrue(os.path.exists(os.path.join(installed, "py.typed")))
        shown = self.sh([self.python, "-m", "pip", "show", "probabilistic"]).stdout
        self.assertIn("Requires: xxhash", shown)

    def test_answers_are_the_servers(self):
        """The filter and the sketch the example built equal the ones the server built from
        the same rows (test/vectors, captured from it)."""
        hll_rec = next(r for r in vectors("hll")["hll"] if r["name"] == "typed p=10 text 1..200")
        f = self.found
        self.assertEqual(f["hll_hex"], hll_rec["hex"])
        self.assertEqual(f["hll_cardinality"], hll_rec["cardinality"])
        self.assertEqual(f["known_bloom_hex"], self.bloom_rec["hex"])
        self.assertEqual(f["known_bloom_contains"], [True] * sum(x is not None for x in self.bloom_rec["input"]["values"]))
        self.assertEqual(f["bloom_contains"], [True, True, True])
        # 1000 absent values at fpr 0.05 with 501 of 1000 keys: far fewer than 1000 found.
        self.assertLess(f["bloom_absent"], 200)
        sql = {r["sql"]: r["hash"] for r in vectors("hll")["sketch_hash"]}
        self.assertEqual(f["hashes"], [sql["sketch_hash('1.50'::numeric, 0)"],
                                       sql["sketch_hash('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid, 0)"],
                                       sql["sketch_hash('2024-01-01 07:00:00-05'::timestamptz, 0)"],
                                       sql["sketch_hash('\\x616263'::bytea, 0)"],
                                       sql["sketch_hash('42'::bigint, 0)"]])

    @unittest.skipUnless(os.environ.get("PGHOST"), "needs a running server (PGHOST)")
    def test_the_server_reads_what_the_installed_package_wrote(self):
        psql("CREATE EXTENSION IF NOT EXISTS probabilistic;")
        f = self.found
        out = psql("SELECT encode((SELECT bloom_add(bloom_agg(x::text, 1000, 0.05), '501'::text)"
                   " FROM generate_series(1, 500) x)::bytea, 'hex');"
                   "SELECT hll_cardinality(decode('%s', 'hex')::hll);"
                   "SELECT bloom_contains(decode('%s', 'hex')::bloom, x::text) FROM unnest(ARRAY['1', '500', '501']) x;"
                   "SELECT count(*) FILTER (WHERE bloom_contains(decode('%s', 'hex')::bloom, x::text))"
                   " FROM generate_series(1000000, 1000999) x;"
                   % (f["hll_hex"], f["bloom_hex"], f["bloom_hex"])).split()
        self.assertEqual(out[0], f["bloom_hex"])
        self.assertEqual(int(out[1]), f["hll_cardinality"])
        self.assertEqual(out[2:5], ["t", "t", "t"])
        self.assertEqual(int(out[5]), f["bloom_absent"])


if __name__ == "__main__":
    unittest.main()
