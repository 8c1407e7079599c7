#!/usr/bin/env bash
# doc/REFERENCE.md is complete and its examples are true.
#
# (a) Every object of the installed extension (pg_depend deptype 'e') is
#     mentioned. The mention rule: some inline code span of REFERENCE.md (text
#     between single backticks outside fenced blocks, with "\|" read as "|")
#     starts with the object's key, and the key is not followed there by a
#     letter, digit or underscore. The keys:
#       function, aggregate   its name and "(":          `hll_add_agg(`
#                             (one mention covers every overload)
#       operator              left type, symbol, right type: `hll || hll`,
#                             `bloom @> anyelement`; prefix: `# hll`
#       cast                  `source::target`:          `bytea::hll`, `hll::hll(p)`
#       type                  its name:                  `bloom`
#       operator class/family its name:                  `hll_ops`
#     Any other kind of member fails the check until this script knows it.
# (b) Every ```sql block runs, in document order, in one psql session with
#     ON_ERROR_STOP in a scratch database (CREATE DATABASE; CREATE EXTENSION
#     probabilistic; dropped at exit): any error fails, and later blocks may
#     use what earlier ones created. Each block must end with a semicolon.
#     A ```sql-error block must fail: it holds one line "-- SQLSTATE XXXXX",
#     exactly one of its statements fails, with that SQLSTATE (and it must
#     not leave a transaction open).
# (c) A ```text block that follows a sql or sql-error block with only blank
#     lines between is its output: for ```sql, what `psql -X -q` prints to
#     stdout (aligned, with headers and row count); for ```sql-error, what it
#     prints to stderr (ERROR, DETAIL, HINT lines). Compared line by line,
#     ignoring trailing blanks and leading or trailing empty lines. The scratch
#     database sets TimeZone UTC, DateStyle ISO, lc_messages C and
#     extra_float_digits 1 so that the output is the same everywhere.
#
# Needs a server (PGHOST, PGPORT, a superuser PGUSER) with the extension
# installed. With --update it rewrites the ```text blocks with the actual
# output instead of comparing (review the diff).
set -euo pipefail
cd "$(dirname "$0")/../.."
exec /usr/bin/python3 - "$@" <<'PY'
import os, re, signal, subprocess, sys, time

DOC = "doc/REFERENCE.md"
UPDATE = "--update" in sys.argv[1:]
start = time.monotonic()
db = f"probabilistic_reference_{os.getpid()}"
admin_db = os.environ.get("PGDATABASE", "postgres")
failures = []


def psql(database, sql):
    return subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", database],
                          input=sql, capture_output=True, text=True)


def must(database, sql):
    r = psql(database, sql)
    if r.returncode != 0:
        sys.exit(f"not ok - {sql.strip()}\n{r.stderr}")
    return r.stdout


def normalised(s):
    lines = [l.rstrip() for l in s.split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return lines


# ---- REFERENCE.md: fenced blocks and the inline code spans outside them.
lines = open(DOC).read().split("\n")
FENCE = re.compile(r"^(\s*)(`{3,})([\w-]*)\s*$")
blocks, prose = [], []
i = 0
while i < len(lines):
    m = FENCE.match(lines[i])
    if not m:
        prose.append(lines[i])
        i += 1
        continue
    indent, ticks, lang = m.groups()
    j = i + 1
    while j < len(lines) and lines[j] != indent + ticks:
        j += 1
    if j == len(lines):
        sys.exit(f"not ok - {DOC}:{i + 1}: unclosed code block")
    blocks.append({"lang": lang, "open": i, "close": j, "body": "\n".join(lines[i + 1:j]) + "\n"})
    i = j + 1
spans = [s.replace("\\|", "|") for line in prose for s in re.findall(r"`([^`]+)`", line)]


def mentioned(key):
    for s in spans:
        if s.startswith(key):
            rest = s[len(key):]
            if key.endswith("(") or not rest or not (rest[0].isalnum() or rest[0] == "_"):
                return True
    return False


def on_exit(*_):
    sys.exit(1)


signal.signal(signal.SIGTERM, on_exit)
signal.signal(signal.SIGINT, on_exit)
try:
    must(admin_db, f"CREATE DATABASE {db};\n"
                   f"ALTER DATABASE {db} SET timezone = 'UTC'; ALTER DATABASE {db} SET datestyle = 'ISO, MDY';"
                   f"ALTER DATABASE {db} SET lc_messages = 'C'; ALTER DATABASE {db} SET extra_float_digits = 1;"
                   f"ALTER DATABASE {db} SET max_parallel_workers_per_gather = 0")
    # ---- (a) every member of the extension is mentioned.
    members = must(db, r"""
        CREATE EXTENSION probabilistic;
        \pset format unaligned
        \pset tuples_only on
        \pset fieldsep '\t'
        WITH m AS (
            SELECT d.classid, d.objid FROM pg_depend d JOIN pg_extension e ON d.refobjid = e.oid
            WHERE d.refclassid = 'pg_extension'::regclass AND e.extname = 'probabilistic' AND d.deptype = 'e')
        SELECT CASE p.prokind WHEN 'a' THEN 'aggregate' ELSE 'function' END, p.proname || '('
          FROM m JOIN pg_proc p ON m.classid = 'pg_proc'::regclass AND p.oid = m.objid
        UNION
        SELECT 'operator', CASE WHEN o.oprleft = 0 THEN '' ELSE format_type(o.oprleft, NULL) || ' ' END
                           || o.oprname || ' ' || format_type(o.oprright, NULL)
          FROM m JOIN pg_operator o ON m.classid = 'pg_operator'::regclass AND o.oid = m.objid
        UNION
        SELECT 'cast', format_type(c.castsource, NULL) || '::' || format_type(c.casttarget, NULL)
          FROM m JOIN pg_cast c ON m.classid = 'pg_cast'::regclass AND c.oid = m.objid
        UNION
        SELECT 'type', format_type(t.oid, NULL)
          FROM m JOIN pg_type t ON m.classid = 'pg_type'::regclass AND t.oid = m.objid
        UNION
        SELECT 'operator class', c.opcname
          FROM m JOIN pg_opclass c ON m.classid = 'pg_opclass'::regclass AND c.oid = m.objid
        UNION
        SELECT 'operator family', f.opfname
          FROM m JOIN pg_opfamily f ON m.classid = 'pg_opfamily'::regclass AND f.oid = m.objid
        UNION
        SELECT 'unknown kind', pg_describe_object(m.classid, m.objid, 0) FROM m
         WHERE m.classid NOT IN ('pg_proc'::regclass, 'pg_operator'::regclass, 'pg_cast'::regclass,
                                 'pg_type'::regclass, 'pg_opclass'::regclass, 'pg_opfamily'::regclass)
        ORDER BY 1, 2
    """)
    objects = [tuple(l.split("\t")) for l in members.splitlines() if l]
    if len(objects) < 10:
        failures.append(f"only {len(objects)} extension objects found in the catalog")
    for kind, key in objects:
        if kind == "unknown kind":
            failures.append(f"extension member of a kind this script does not check: {key}")
        elif not mentioned(key):
            failures.append(f"{DOC} does not mention {kind} `{key}`")
    kinds = {}
    for kind, _ in objects:
        kinds[kind] = kinds.get(kind, 0) + 1

    # ---- (b), (c): run every example in one session, then compare the outputs.
    # Markers on stdout and stderr split both streams into one chunk per block.
    MARK = "@@reference.sh@@"
    examples = [(n, b) for n, b in enumerate(blocks) if b["lang"] in ("sql", "sql-error")]
    for n, b in examples:
        code = [l for l in b["body"].split("\n") if l.strip() and not l.strip().startswith("--")]
        if not code or not (code[-1].rstrip().endswith(";") or code[-1].lstrip().startswith("\\")):
            failures.append(f"{DOC}:{b['open'] + 1}: an example must end with a semicolon")
    if failures:
        examples = []
    script = ["\\set ON_ERROR_STOP on\n"]
    for e, (n, b) in enumerate(examples):
        script.append(f"\\echo {MARK} {e}\n\\warn {MARK} {e}\n")
        if b["lang"] == "sql":
            script.append(b["body"])
        else:
            script.append("\\set ON_ERROR_STOP off\n\\set LAST_ERROR_SQLSTATE 00000\n" + b["body"]
                          + f"\\echo {MARK}state :LAST_ERROR_SQLSTATE\n\\set ON_ERROR_STOP on\n")
    script.append(f"\\echo {MARK} end\n")
    r = psql(db, "".join(script))

    def chunks(stream):
        out, key = {}, None
        for line in stream.split("\n"):
            m = re.fullmatch(re.escape(MARK) + r" (\d+|end)", line)
            if m:
                key = m.group(1)
                out[key] = []
            elif key is not None:
                out[key].append(line)
        return {k: "\n".join(v) for k, v in out.items()}

    stdout, stderr = chunks(r.stdout), chunks(r.stderr)
    if r.returncode != 0 and "end" not in stdout:
        last = max((int(k) for k in stdout if k != "end"), default=0)
        n, b = examples[last]
        failures.append(f"{DOC}:{b['open'] + 1}: example failed (later examples did not run)\n"
                        f"{stderr.get(str(last), r.stderr)}")
        examples = examples[:last]
    runs = compared = errors = 0
    rewrites = []
    for e, (n, b) in enumerate(examples):
        where = f"{DOC}:{b['open'] + 1}"
        out, err = stdout.get(str(e), ""), stderr.get(str(e), "")
        runs += 1
        if b["lang"] == "sql":
            actual = out
        else:
            errors += 1
            want_state = re.findall(r"^--\s*SQLSTATE\s+([0-9A-Z]{5})\s*$", b["body"], re.M)
            got_state = re.findall("^" + re.escape(MARK) + r"state (\S+)$", out, re.M)
            count = len(re.findall(r"^(ERROR|FATAL):", err, re.M))
            if len(want_state) != 1:
                failures.append(f"{where}: a sql-error block needs exactly one '-- SQLSTATE XXXXX' line")
                continue
            if count != 1 or got_state != want_state:
                failures.append(f"{where}: expected one error with SQLSTATE {want_state[0]}, "
                                f"got {count} errors, last SQLSTATE {' '.join(got_state)}\n{err}")
                continue
            actual = err
        nxt = blocks[n + 1] if n + 1 < len(blocks) else None
        if nxt is None or nxt["lang"] != "text" or any(l.strip() for l in lines[b["close"] + 1:nxt["open"]]):
            continue
        if UPDATE:
            rewrites.append((nxt["open"], nxt["close"], normalised(actual)))
            continue
        compared += 1
        want, have = normalised(nxt["body"]), normalised(actual)
        if want != have:
            failures.append(f"{where}: output differs\n--- {DOC}\n" + "\n".join(want)
                            + "\n--- actual\n" + "\n".join(have))
    if UPDATE:
        for open_, close, new in reversed(rewrites):
            lines[open_ + 1:close] = new
        open(DOC, "w").write("\n".join(lines))
        print(f"rewrote {len(rewrites)} output blocks in {DOC}")
finally:
    psql(admin_db, f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")

for f in failures:
    print("not ok -", f)
if failures:
    sys.exit(1)
def plural(word, n):
    if n == 1:
        return word
    return word[:-1] + "ies" if word.endswith("y") else word + ("es" if word.endswith("s") else "s")


summary = ", ".join(f"{v} {plural(k, v)}" for k, v in sorted(kinds.items()))
print(f"ok - {DOC} mentions all {len(objects)} extension objects ({summary})")
checked = "outputs rewritten" if UPDATE else f"{compared} outputs matched"
print(f"ok - {runs} examples ran ({errors} of them expected errors), {checked}, "
      f"in {time.monotonic() - start:.1f} s")
PY
