#!/usr/bin/env bash
# README.md's quick start runs as it says: "every query below runs as shown in a fresh database
# with the extension, in this order; the comments show what it returns".
#
# Every ```sql block of the "## Quick start" section runs, in order, in one psql session with
# ON_ERROR_STOP in a fresh database. A statement followed directly by comment lines shows its
# result there: the rows ("--  5607 | 5600", cells split at "|"), or a table in psql's aligned
# form (a header line, a "----+----" line, then the rows); a note after two or more spaces and
# "(" ends a row, and comment lines indented further than a row are the note's continuation.
# Each shown result must equal the statement's output, cell for cell.
#
# Needs a server (PGHOST, PGPORT, a superuser PGUSER) with the extension installed.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec /usr/bin/python3 - <<'PY'
import os, re, subprocess, sys
os.environ["PGOPTIONS"] = "-c client_min_messages=warning"

DB = "prob_quickstart"
text = open("README.md", encoding="utf-8").read()
section = re.search(r"^## Quick start\n(.*?)^## ", text, re.S | re.M).group(1)
blocks = re.findall(r"^```sql\n(.*?)^```", section, re.S | re.M)
failures = 0

def ok(what):
    print("ok - " + what)

def not_ok(what, *lines):
    global failures
    failures += 1
    print("not ok - " + what)
    for l in lines:
        print("    " + l)

# Statements, each with the result its comments show (None: nothing shown).
statements = []
for block in blocks:
    lines = block.split("\n")
    i, current = 0, []
    while i < len(lines):
        line = lines[i]
        if not current and (line.startswith("--") or not line.strip()):
            i += 1
            continue
        current.append(line)
        code = re.sub(r"\s--.*$", "", line).rstrip()
        i += 1
        if not code.endswith(";"):
            continue
        shown = []
        while i < len(lines) and lines[i].startswith("--"):
            shown.append(lines[i][2:])
            i += 1
        statements.append(("\n".join(current), shown))
        current = []
    if current:
        not_ok("a quick start block ends without a semicolon", *current)

def rows_shown(shown):
    if not shown:
        return None
    if len(shown) > 1 and re.fullmatch(r"\s*-+(\+-+)*\s*", shown[1]):   # psql's aligned table
        body = shown[2:]
    else:
        body = [l for l in shown if re.match(r"^ {1,2}\S", l)]          # deeper: a note's continuation
    rows = []
    for l in body:
        l = re.split(r"\s{2,}\(", l)[0]
        rows.append([c.strip() for c in l.split("|")])
    return rows

subprocess.run(["psql", "-X", "-q", "-d", "postgres", "-c", f"DROP DATABASE IF EXISTS {DB}", "-c", f"CREATE DATABASE {DB}"], check=True)
try:
    script = ["\\set ON_ERROR_STOP on", "SET client_min_messages = warning;", "CREATE EXTENSION probabilistic;"]
    for n, (sql, _) in enumerate(statements):
        script += [f"\\echo @@{n}", sql]
    script.append("\\echo @@end")
    r = subprocess.run(["psql", "-X", "-q", "-A", "-t", "-F", "|", "-d", DB], input="\n".join(script) + "\n",
                       capture_output=True, text=True)
    out = r.stdout.split("\n")
    if r.returncode != 0 or "@@end" not in out:
        not_ok("the quick start runs in a fresh database, in order", *r.stderr.strip().split("\n")[-5:])
    else:
        ok(f"the quick start runs in a fresh database, in order ({len(statements)} statements)")
    results, n = {}, None
    for l in out:
        m = re.fullmatch(r"@@(\d+|end)", l)
        if m:
            n = m.group(1)
            results[n] = []
        elif n is not None and l != "":
            results[n].append([c.strip() for c in l.split("|")])
    for n, (sql, shown) in enumerate(statements):
        want = rows_shown(shown)
        if want is None:
            continue
        got = results.get(str(n))
        first = sql.strip().split("\n")[0][:70]
        if got == want:
            ok(f"shows what it returns: {first}")
        else:
            not_ok(f"shows what it returns: {first}", f"README: {want}", f"server: {got}")
finally:
    subprocess.run(["psql", "-X", "-q", "-d", "postgres", "-c", f"DROP DATABASE IF EXISTS {DB}"])
sys.exit(1 if failures else 0)
PY
