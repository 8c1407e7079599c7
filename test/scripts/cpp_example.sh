#!/usr/bin/env bash
# The C++ core, installed with `make install-core`, is all an application needs
# to read a filter fetched from PostgreSQL and check keys locally.
# examples/bloom_check.cpp is built against a temporary install only (through
# its pkg-config file); its answers for thousands of present and absent keys
# must be the server's bloom_contains, line for line, false positives
# included: text and bigint keys, fixed and scalable filters, seed 0 and
# others. Its hll cardinality must be hll_cardinality's. Corrupt values, bad
# keys and failing queries end it with a message and exit status 1.
#
# Runs against the server in PGHOST/PGPORT as the superuser PGUSER (what
# test/run_tests.sh sets up with test/cluster.sh); it creates and drops its
# own database, installs only into a temporary directory (the library is
# built in build/core/), and exits non-zero if any check fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
. test/cluster.sh
ensure_packages make g++ pkg-config libpq-dev libxxhash-dev

DB=prob_cpp_example
TMP=$(mktemp -d /tmp/probabilistic-cpp.XXXXXX)
export PGCLIENTENCODING=UTF8

sql() { psql -X -q -At -v ON_ERROR_STOP=1 -d "$DB" "$@"; }

. test/checks.sh

drop_database() { psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $DB" 2>/dev/null || true; }
trap 'drop_database; rm -rf "$TMP"' EXIT
drop_database

# ---- install, and build the example from the install alone ----
make -s -j2 install-core PREFIX="$TMP/prefix" PG_CONFIG="$PG_BIN/pg_config"
make -s install-core PREFIX=/usr DESTDIR="$TMP/stage" PG_CONFIG="$PG_BIN/pg_config"
# Every header of the core is public (hll_dense.h, in C, too); the C face (src/capi) is not installed.
headers=$(cd src/core && ls ./*.hpp ./*.h | sed 's|^\./||' | sort)
check "install-core installs the library, the core's $(echo "$headers" | wc -l) headers and a pkg-config file" \
	"$(cd "$TMP/prefix" && find . -type f | sort | tr '\n' ' ')" \
	"$(printf './include/probabilistic/%s ' $headers)./lib/libprobabilistic-core.a ./lib/pkgconfig/probabilistic-core.pc "
check "with DESTDIR, the files go under it and the .pc names the final prefix" \
	"$(cd "$TMP/stage" && find . -type f | sort | tr '\n' ' ')$(grep '^prefix=' "$TMP/stage/usr/lib/pkgconfig/probabilistic-core.pc")" \
	"$(printf './usr/include/probabilistic/%s ' $headers)./usr/lib/libprobabilistic-core.a ./usr/lib/pkgconfig/probabilistic-core.pc prefix=/usr"

export PKG_CONFIG_PATH="$TMP/prefix/lib/pkgconfig"
CXXFLAGS=(-std=c++17 -O2 -Wall -Wextra -Werror)
for header in $(cd src/core && ls ./*.hpp | sed "s|^\./||; s|\.hpp$||"); do
	if echo "#include <probabilistic/$header.hpp>" |
		c++ "${CXXFLAGS[@]}" -fsyntax-only -x c++ - $(pkg-config --cflags probabilistic-core) 2>"$TMP/err"; then
		pass "installed $header.hpp compiles on its own"
	else
		fail "installed $header.hpp compiles on its own" "$(cat "$TMP/err")"
	fi
done
# The .h headers are also the C face's: each compiles as C on its own too.
for header in $(cd src/core && ls ./*.h | sed 's|^\./||'); do
	for lang in c c++; do
		if echo "#include <probabilistic/$header>" |
			c++ -x "$lang" -Wall -Wextra -Werror -fsyntax-only - $(pkg-config --cflags probabilistic-core) 2>"$TMP/err"; then
			pass "installed $header compiles on its own as $lang"
		else
			fail "installed $header compiles on its own as $lang" "$(cat "$TMP/err")"
		fi
	done
done

# examples/README.md's build line, recording which headers it read.
c++ "${CXXFLAGS[@]}" -MD -MF "$TMP/bloom_check.d" examples/bloom_check.cpp -o "$TMP/bloom_check" \
	$(pkg-config --cflags --libs probabilistic-core libpq)
# Every header of the core it reads (bloom.hpp and what that includes) comes from the install.
read_installed=$(grep -oE "$TMP/prefix/include/probabilistic/[a-z_]*\.(hpp|h)" "$TMP/bloom_check.d" | sort -u | wc -l)
check "the example reads the core's headers from the install, none from src/" \
	"$([ "$read_installed" -ge 3 ] && echo "installed headers read")|$(grep -c 'src/core' "$TMP/bloom_check.d" || true)" \
	"installed headers read|0"
bloom_check() { "$TMP/bloom_check" -d "dbname=$DB" "$@"; }

# ---- filters built in SQL ----
psql -X -q -d postgres -c "CREATE DATABASE $DB"
sql <<'SQL'
CREATE EXTENSION probabilistic;
-- fill(init, x): init with every x added, for seeds and layouts bloom_agg does not make
CREATE FUNCTION fill_step(state bloom, init bloom, x anyelement) RETURNS bloom
    LANGUAGE sql AS 'SELECT bloom_add(coalesce(state, init), x)';
CREATE AGGREGATE fill(bloom, anyelement) (sfunc = fill_step, stype = bloom);

-- Multibyte UTF-8, the empty string, blanks and a tab are keys like any other.
CREATE TABLE text_keys AS
    SELECT 'key-' || i AS k FROM generate_series(1, 2500) i
    UNION ALL SELECT 'ключ ' || i || ' ✓' FROM generate_series(1, 500) i
    UNION ALL VALUES (''), (' padded '), (E'tab\there');
CREATE TABLE bigint_keys AS
    SELECT i * 7919 - 10000000 AS k FROM generate_series(1, 3000) i
    UNION ALL VALUES (-9223372036854775808), (9223372036854775807), (0);

-- The keys, then as many others, in an order that mixes them.
CREATE TABLE text_probes AS
    SELECT row_number() OVER (ORDER BY md5(k)) AS id, k, present FROM (
        SELECT k, true AS present FROM text_keys
        UNION ALL SELECT 'key-' || i, false FROM generate_series(2501, 5500) i
        UNION ALL SELECT 'ключ ' || i || ' ✗', false FROM generate_series(1, 500) i
        UNION ALL VALUES (' ', false), ('padded', false), ('tab here', false)) p;
CREATE TABLE bigint_probes AS
    SELECT row_number() OVER (ORDER BY md5(k::text)) AS id, k, present FROM (
        SELECT k, true AS present FROM bigint_keys
        UNION ALL SELECT i * 7919 - 10000000 + 1, false FROM generate_series(1, 3000) i
        UNION ALL VALUES (-9223372036854775807, false), (9223372036854775806, false), (-1, false)) p;

CREATE TABLE filters (name text PRIMARY KEY, key_type text, f bloom);
INSERT INTO filters
    SELECT 'text, fixed, bloom_agg(k, 3000, 0.05)', 'text', bloom_agg(k, 3000, 0.05) FROM text_keys
    UNION ALL SELECT 'text, fixed, sized by bloom_agg(k)', 'text', bloom_agg(k) FROM text_keys
    UNION ALL SELECT 'text, scalable, seed -7', 'text', fill(bloom_empty(200, 0.05, true, -7), k) FROM text_keys
    UNION ALL SELECT 'bigint, fixed, seed 2^62', 'bigint', fill(bloom_empty(3000, 0.05, false, 4611686018427387904), k) FROM bigint_keys
    UNION ALL SELECT 'bigint, scalable, seed 0', 'bigint', fill(bloom_empty(100, 0.02, true), k) FROM bigint_keys;
SQL
check "the scalable filters have grown several layers" \
	"$(sql -c "SELECT string_agg(((bloom_info(f)->>'layer_count')::int > 2 AND bloom_info(f)->>'layout' = 'scalable')::text, ',')
		FROM filters WHERE name LIKE '%scalable%'")" "true,true"

# ---- bloom_check against bloom_contains ----
for type in text bigint; do
	sql -c "SELECT k FROM ${type}_probes ORDER BY id" >"$TMP/$type.keys"
	sql -c "SELECT present FROM ${type}_probes ORDER BY id" >"$TMP/$type.present"
done
mapfile -t names < <(sql -c "SELECT name FROM filters ORDER BY name")
for name in "${names[@]}"; do
	type=$(sql -c "SELECT key_type FROM filters WHERE name = '$name'")
	sql -c "SELECT CASE WHEN bloom_contains(f, p.k) THEN 'maybe' ELSE 'no' END || E'\t' || p.k
		FROM filters, ${type}_probes p WHERE name = '$name' ORDER BY p.id" >"$TMP/want"
	if ! bloom_check --"$type" "SELECT f FROM filters WHERE name = '$name'" <"$TMP/$type.keys" >"$TMP/got" 2>"$TMP/err"; then
		fail "$name: bloom_check runs" "$(cat "$TMP/err")"
		continue
	fi
	counts=$(paste "$TMP/$type.present" "$TMP/got" | awk -F'\t' '
		{ n++ } $1 == "t" && $2 == "no" { missed++ } $1 == "f" && $2 == "maybe" { fp++ }
		END { printf "%d %d %d", n, missed, fp }')
	read -r probes missed false_positives <<<"$counts"
	if cmp -s "$TMP/want" "$TMP/got"; then
		pass "$name: $probes answers as bloom_contains's, $false_positives false positives among them"
	else
		fail "$name: answers as bloom_contains's" "$(diff "$TMP/want" "$TMP/got" | head -5)"
	fi
	check "$name: no key that was added is reported absent; some false positives were compared" \
		"$missed|$([ "$false_positives" -gt 0 ] && echo some)" "0|some"
	# The same value read as bytea is the same filter.
	check "$name: f::bytea gives the same answers" \
		"$(bloom_check --"$type" "SELECT f::bytea FROM filters WHERE name = '$name'" <"$TMP/$type.keys" | cmp - "$TMP/got" && echo same)" "same"
done

# ---- hll ----
sql <<'SQL'
CREATE TABLE sketches (name text PRIMARY KEY, h hll);
INSERT INTO sketches
    SELECT 'sparse, 1000 values', hll_add_agg(i) FROM generate_series(1, 1000) i
    UNION ALL SELECT 'dense, p = 14, 200000 values', hll_add_agg(i) FROM generate_series(1, 200000) i
    UNION ALL SELECT 'dense, p = 10, text', hll_add_agg('k' || i, 10) FROM generate_series(1, 50000) i
    UNION ALL SELECT 'empty', hll_empty(12, 5);
SQL
mapfile -t names < <(sql -c "SELECT name FROM sketches ORDER BY name")
for name in "${names[@]}"; do
	check "hll $name: --hll prints hll_cardinality" \
		"$(bloom_check --hll "SELECT h FROM sketches WHERE name = '$name'" 2>&1)" \
		"$(sql -c "SELECT hll_cardinality(h) FROM sketches WHERE name = '$name'")"
done

# ---- failures end with a message and status 1 ----
# fails WHAT PATTERN ARGS... < input: bloom_check exits 1 with PATTERN in its message.
fails() {
	local what=$1 pattern=$2 status=0
	shift 2
	bloom_check "$@" >"$TMP/out" 2>"$TMP/err" || status=$?
	if [ "$status" = 1 ] && grep -qE "$pattern" "$TMP/err"; then
		pass "$what: $(head -1 "$TMP/err")"
	else
		fail "$what" "exit status $status, wanted 1; stderr: $(cat "$TMP/err")" "wanted a message matching: $pattern"
	fi
}
FILTER="(SELECT f::bytea FROM filters WHERE name = 'text, fixed, bloom_agg(k, 3000, 0.05)')"
flip() { echo "SELECT set_byte(b, $1, get_byte(b, $1) # $2) FROM $FILTER x(b)"; }
fails "a flipped type tag" "invalid bloom filter: type tag is 0x43" --text "$(flip 0 1)" </dev/null
fails "a flipped hash id" "invalid bloom filter: unknown hash function id 3" --text "$(flip 2 1)" </dev/null
fails "a flipped layout byte" "invalid bloom filter: unknown layout" --text "$(flip 3 4)" </dev/null
fails "kind 0 in a format version 2 value" "invalid bloom filter: value kind 0 in a format version 2 value" --text "$(flip 6 25)" </dev/null
fails "a flipped bit in the bit array" "invalid bloom filter: layer 0 claims [0-9]+ bits set, but [0-9]+ are" \
	--text "$(flip 70 16)" </dev/null
fails "a truncated filter" "invalid bloom filter: .*bytes" --text "SELECT substr(b, 1, length(b) - 1) FROM $FILTER x(b)" </dev/null
fails "an hll where a bloom is expected" "invalid bloom filter: type tag is 0x48" \
	--text "SELECT hll_add_agg(i) FROM generate_series(1, 100) i" </dev/null
fails "a bloom where an hll is expected" "invalid hll.*type tag is 0x42" --hll "SELECT f FROM filters LIMIT 1" </dev/null
fails "a key that is not a bigint" 'line 3 is not a bigint: "12x"' \
	--bigint "SELECT f FROM filters WHERE name = 'bigint, fixed, seed 2^62'" <<<$'1\n2\n12x'
fails "a bigint out of range" 'line 1 is not a bigint' \
	--bigint "SELECT f FROM filters WHERE name = 'bigint, fixed, seed 2^62'" <<<'9223372036854775808'
fails "a failing query" 'query failed: ERROR:  relation "no_such_table" does not exist' \
	--text "SELECT f FROM no_such_table" </dev/null
fails "no row" "the query returned 0 rows of 1 columns" --text "SELECT f FROM filters WHERE false" </dev/null
fails "NULL" "the query returned NULL" --text "SELECT NULL::bloom" </dev/null
fails "no server" "could not connect" -d "host=$TMP port=1" --text "SELECT 1" </dev/null
status=0
bloom_check --text >/dev/null 2>&1 || status=$?
check "no query: usage, exit status 2" "$status" "2"

finish_checks
