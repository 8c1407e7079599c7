#!/usr/bin/env bash
# kll against datasketches-cpp 5.2.0 itself (issue 26): test/scripts/kll_oracle.cpp,
# built here against the vendored header-only sources
# (../shared/vendor/datasketches-cpp-*.tar.xz; a "skip - " line when absent) and
# the core's kll.cpp, no server: our sketch after the same updates is byte for byte
# the image datasketches-cpp writes (its coin set to ours), images of doubles and
# floats import and export to themselves, quantiles and ranks of an import are
# datasketches-cpp's, merges have its shape, and ranks stay within the rank error.
# Then against datasketches-postgresql (CREATE EXTENSION datasketches) in the server
# (PGHOST), built from ../shared/vendor/datasketches-postgresql-*.tar.xz and installed
# into it first (test/vendor.sh; the build cached in /var/cache/probabilistic; a
# "skip - " line only when there is no server, or neither those tarballs nor an
# installed extension): its kll_double_sketch and kll_float_sketch images import
# (kll_import) and export (kll_export) to their bytes, with its quantiles and ranks; our exports read back in it with our count and
# quantiles; its merge of our export with its sketch, and ours of its import with
# ours, within the rank error of the truth (DataSketches' 2.296 / k^0.9723, computed
# here, not kll_rank_error: the bound comes from outside the code under test).
set -euo pipefail
cd "$(dirname "$0")/../.."
. test/cluster.sh
. test/vendor.sh
. test/checks.sh

if ! tarball=$(vendor_tarball 'datasketches-cpp-*.tar.xz'); then
	echo "skip - ../shared/vendor/datasketches-cpp-*.tar.xz is absent: no datasketches-cpp to check against"
	exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xJf "$tarball" -C "$work"
src=$(echo "$work"/datasketches-cpp-*)
g++ -std=c++17 -O2 -ffp-contract=off -I"$src/kll/include" -I"$src/common/include" -Isrc -Isrc/core \
	-o "$work/oracle" test/scripts/kll_oracle.cpp src/core/kll.cpp src/core/header.cpp src/core/core.cpp
"$work/oracle"

if [ -z "${PGHOST:-}" ]; then
	echo "skip - no server (PGHOST) to check datasketches-postgresql's kll against"
	exit 0
fi
status=0
ensure_datasketches || status=$?
if [ $status = 1 ]; then
	echo "skip - neither ../shared/vendor/datasketches-postgresql-*.tar.xz nor an installed datasketches extension to check against"
	exit 0
fi
check "datasketches-postgresql is available in $PG_BIN's server (built from ../shared/vendor and installed)" \
	"$status $(psql -X -At -d postgres -c "SELECT count(*) FROM pg_available_extensions WHERE name = 'datasketches'")" "0 1"
[ "$failures" = 0 ] || finish_checks
DB=prob_kll_ds
sql() { psql -X -q -At -v ON_ERROR_STOP=1 -d "$DB" "$@"; }
trap 'psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $DB" 2>/dev/null || true; rm -rf "$work"' EXIT
PGOPTIONS=--client-min-messages=warning psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB"
sql -c "CREATE EXTENSION probabilistic" -c "CREATE EXTENSION datasketches"
sql <<'SQL'
CREATE TABLE v AS
SELECT d, k, x FROM unnest('{lognormal,integers,sorted,signs}'::text[]) d, unnest('{8,200,1000}'::int[]) k,
     LATERAL (SELECT CASE d WHEN 'lognormal' THEN exp(3 * sin(i * 1.7) * cos(i * 0.3))
                            WHEN 'integers' THEN (i * 7919 % 1000)::float8
                            WHEN 'sorted' THEN i::float8
                            ELSE (i % 3 - 1) * exp(sin(i)) END AS x
              FROM generate_series(1, CASE k WHEN 8 THEN 3000 ELSE 30000 END) i) g;
CREATE TABLE theirs AS
SELECT d, k, kll_double_sketch_build(x, k) AS s, kll_float_sketch_build(x::real, k) AS f, count(*) AS n
FROM v GROUP BY d, k;
CREATE TABLE ours AS SELECT d, k, kll_agg(x, k) AS s FROM v GROUP BY d, k;
SQL
Q="'{0,0.01,0.1,0.5,0.9,0.99,1}'::float8[]"
check "datasketches-postgresql's double and float images import and export to their bytes (12 sketches)" \
	"$(sql -c "SELECT count(*) FILTER (WHERE kll_export(kll_import(s::bytea)) = s::bytea AND kll_export(kll_import(f::bytea), 'float') = f::bytea
	                                    AND kll_count(kll_import(s::bytea)) = n) FROM theirs")" 12
check "imports answer datasketches-postgresql's quantiles and ranks" \
	"$(sql -c "SELECT count(*) FILTER (WHERE quantiles(kll_import(s::bytea), $Q) = kll_double_sketch_get_quantiles(s, $Q)
	                                    AND quantile_rank(kll_import(s::bytea), 1) = kll_double_sketch_get_rank(s, 1)) FROM theirs")" 12
check "our exports read in datasketches-postgresql: our count and quantiles" \
	"$(sql -c "SELECT count(*) FILTER (WHERE kll_double_sketch_get_n(kll_export(s)::kll_double_sketch) = kll_count(s)
	                                    AND kll_double_sketch_get_quantiles(kll_export(s)::kll_double_sketch, $Q) = quantiles(s, $Q)) FROM ours")" 12
check "merges both ways (its merge of our export, our union of its import) within the rank error of the truth" \
	"$(sql -c "SELECT count(*) FILTER (WHERE abs(kll_double_sketch_get_rank(m, t) - e) <= eps AND abs(quantile_rank(u, t) - e) <= eps)
	           FROM (SELECT o.d, o.k, kll_double_sketch_merge(s) AS m, kll_union_agg(u) AS u,
	                        2.296 / o.k::float8 ^ 0.9723 AS eps FROM
	                 (SELECT d, k, kll_export(s)::kll_double_sketch AS s, s AS u FROM ours
	                  UNION ALL SELECT d, k, s, kll_import(s::bytea) FROM theirs) o GROUP BY o.d, o.k) m
	           JOIN (SELECT d, k, t, avg((x <= t)::int) AS e FROM v, (SELECT d AS td, k AS tk, percentile_disc(0.5) WITHIN GROUP (ORDER BY x) AS t
	                 FROM v GROUP BY d, k) p WHERE v.d = p.td AND v.k = p.tk GROUP BY d, k, t) e USING (d, k)")" 12
finish_checks
