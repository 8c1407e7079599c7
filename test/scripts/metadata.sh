#!/usr/bin/env bash
# PGXN metadata (META.json) agrees with the extension: valid JSON with the
# keys the PGXN Meta Spec 1.0.0 requires, the version of probabilistic.control,
# a provided file that exists, and an update path from every earlier version
# to that one among the scripts in sql/. Needs no server.
set -euo pipefail
cd "$(dirname "$0")/../.."
/usr/bin/python3 - <<'PY'
import glob, json, re, sys

meta = json.load(open("META.json"))
control = open("probabilistic.control").read()
current = re.search(r"^default_version = '([^']+)'", control, re.M).group(1)
errors = []
for key in ("name", "abstract", "version", "maintainer", "license", "provides", "meta-spec"):
    if key not in meta:
        errors.append(f"META.json lacks {key}")
if meta.get("meta-spec", {}).get("version") != "1.0.0":
    errors.append("meta-spec version is not 1.0.0")
if not re.fullmatch(r"\d+\.\d+\.\d+", meta.get("version", "")):
    errors.append(f"version {meta.get('version')!r} is not semantic")
provided = meta.get("provides", {}).get("probabilistic", {})
for where, version in (("distribution", meta.get("version")), ("provides", provided.get("version"))):
    if version != current:
        errors.append(f"META.json {where} version {version} is not default_version {current}")
for key in ("file", "docfile"):
    try:
        open(provided[key]).close()
    except (KeyError, OSError):
        errors.append(f"provides.{key} is missing or names no file")

# Every version with an install script reaches the current one through update scripts.
installs = {re.fullmatch(r"sql/probabilistic--([^-]+)\.sql", f).group(1)
            for f in glob.glob("sql/probabilistic--*.sql") if "--" not in f[len("sql/probabilistic--"):]}
updates = {}
for f in glob.glob("sql/probabilistic--*--*.sql"):
    a, b = re.fullmatch(r"sql/probabilistic--([^-]+)--([^-]+)\.sql", f).groups()
    updates.setdefault(a, []).append(b)
for start in sorted(installs | set(updates)):
    seen, todo = set(), [start]
    while todo:
        v = todo.pop()
        if v not in seen:
            seen.add(v)
            todo += updates.get(v, [])
    if current not in seen:
        errors.append(f"no update path from {start} to {current}")

for e in errors:
    print("not ok -", e)
if errors:
    sys.exit(1)
print(f"ok - META.json: {meta['name']} {meta['version']}, update paths to {current} from {sorted(installs | set(updates))}")
PY
