#!/usr/bin/env bash
# hll_import / hll_export of Apache DataSketches HLL images against datasketches-cpp
# 5.2.0 itself (issue 25): test/scripts/datasketches_oracle.cpp, built here
# against the vendored header-only sources (../shared/vendor/datasketches-cpp-*.tar.xz;
# a "skip - " line when they are absent):
#   - round trips: for a grid of lgK 4-21 x HLL_4/6/8 x 0 to 10^5 values (LIST,
#     SET and HLL modes, compact and updatable images, sketches made full size,
#     HLL_4 with many exceptions) and unions (out of order),
#     hll_export(hll_import(b)) is byte for byte the compact image datasketches-cpp
#     writes after reading b: the same coupons, registers, HIP and kxq sums; that is
#     b itself for compact LIST and HLL images (a compact SET's coupons may come
#     back in another order, from datasketches-cpp too);
#   - estimates: imported sketches report datasketches-cpp's estimate (HIP) in HLL
#     mode; LIST/SET (the coupon count, DataSketches adds its interpolation, < 1e-4)
#     and out-of-order sketches (ours from the registers) within the bounds below;
#   - exported images read back in datasketches-cpp give our estimate and registers;
#   - hll_union of imported sketches: datasketches-cpp's hll_union's registers, flags,
#     HLL_4 cur_min and exception table, estimate within 0.1%;
#   - continuing: hll_add_agg(x, lgK, 'datasketches') over bigints, doubles (with
#     -0.0 and NaN) and strings (UTF-8), and hll_add on an imported sketch, equal
#     datasketches-cpp's update() over the same values in the same order: the same
#     compact image while the sketch stays in one mode (an imported HLL-mode image
#     continued byte for byte, HLL_4's cur_min and exception table included); after
#     a LIST/SET turns into HLL registers, the same registers with HIP within 1e-4
#     (DataSketches starts HIP at its interpolated coupon estimate, we at the
#     coupon count).
# Runs against PGHOST/PGPORT as a superuser (test/run_tests.sh).
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
DB=prob_imports_ds
sql() { psql -X -q -At -v ON_ERROR_STOP=1 -d "$DB" "$@"; }
cleanup() {
	psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $DB" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT
tar -xJf "$tarball" -C "$work"
src=$(echo "$work"/datasketches-cpp-*)
g++ -std=c++17 -O1 -I"$src/hll/include" -I"$src/common/include" -o "$work/oracle" test/scripts/datasketches_oracle.cpp
oracle=$work/oracle
psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB ENCODING 'UTF8' TEMPLATE template0"
sql -c "CREATE EXTENSION probabilistic"

# ---- round trips and estimates over the grid ------------------------------------------------
"$oracle" gen >"$work/gen.tsv"
sql -c "CREATE TABLE g (name text, lgk int, t int, n bigint, img text, est float8, re text)" \
	-c "\\copy g FROM '$work/gen.tsv'" \
	-c "CREATE TABLE imp AS SELECT g.*, hll_import(decode(img, 'hex'), 'datasketches') AS h FROM g"
check "the grid covers LIST, SET and HLL, HLL_4/6/8, compact and updatable, full size, out of order" \
	"$(sql -c "SELECT count(DISTINCT get_byte(decode(img, 'hex'), 7)), count(DISTINCT get_byte(decode(img, 'hex'), 5) & 8), bool_or(get_byte(decode(img, 'hex'), 5) & 32 <> 0),
	                  bool_or(get_byte(decode(img, 'hex'), 5) & 16 <> 0), count(DISTINCT lgk), count(*) FROM g")" \
	"9|2|t|t|8|459"
check "hll_export(hll_import(b)) is datasketches-cpp's compact image of b, byte for byte" \
	"$(sql -c "SELECT count(*) FILTER (WHERE encode(hll_export(h, 'datasketches'), 'hex') <> re) FROM imp")" "0"
check "compact LIST and HLL images written by datasketches-cpp round-trip to themselves" \
	"$(sql -c "SELECT count(*) FILTER (WHERE encode(hll_export(h, 'datasketches'), 'hex') <> img) FROM imp
	           WHERE name IN ('compact', 'union') AND get_byte(decode(img, 'hex'), 7) & 3 <> 1")" "0"
# A compact SET lists its table in slot order; read again, its coupons go into a
# new table in that order, and may land elsewhere: datasketches-cpp's own
# deserialize and serialize_compact reorder them as hll_export does (checked above).
echo "# compact SET images that datasketches-cpp itself writes back in another order: $(sql -c "SELECT count(*) FILTER (WHERE re <> img) || ' of ' || count(*) FROM imp WHERE name = 'compact' AND get_byte(decode(img, 'hex'), 7) & 3 = 1")"
check "HLL-mode (in order) estimates are datasketches-cpp's" \
	"$(sql -c "SELECT count(*) FILTER (WHERE (hll_info(h)->>'estimate')::float8 <> est) FROM imp
	           WHERE get_byte(decode(img, 'hex'), 7) & 3 = 2 AND get_byte(decode(img, 'hex'), 5) & 16 = 0")" "0"
check "LIST/SET estimates within 1e-4 of datasketches-cpp's (its coupon interpolation)" \
	"$(sql -c "SELECT count(*) FILTER (WHERE abs((hll_info(h)->>'estimate')::float8 - est) > 1e-4 * greatest(est, 1)) FROM imp
	           WHERE get_byte(decode(img, 'hex'), 7) & 3 < 2")" "0"
check "out-of-order estimates within 0.1% of datasketches-cpp's composite estimator" \
	"$(sql -c "SELECT count(*) FILTER (WHERE abs((hll_info(h)->>'estimate')::float8 / est - 1) > 1e-3) FROM imp
	           WHERE get_byte(decode(img, 'hex'), 5) & 16 <> 0")" "0"
echo "# out of order: largest relative difference from datasketches-cpp $(sql -c "SELECT round(max(abs((hll_info(h)->>'estimate')::float8 / est - 1))::numeric, 6) FROM imp WHERE get_byte(decode(img, 'hex'), 5) & 16 <> 0")"

# Exported images read back in datasketches-cpp: its estimate is ours, its registers
# (as HLL_8) those of the original image.
sql -c "SELECT encode(hll_export(h, 'datasketches'), 'hex') FROM imp ORDER BY name, lgk, t, n" | "$oracle" read >"$work/back.tsv"
sql -c "SELECT encode(decode(img, 'hex'), 'hex') FROM imp ORDER BY name, lgk, t, n" | "$oracle" read >"$work/orig.tsv"
check "exported images read in datasketches-cpp: the same registers (as HLL_8) as the images imported" \
	"$(cut -f2 "$work/back.tsv" | md5sum)" "$(cut -f2 "$work/orig.tsv" | md5sum)"
check "exported images read in datasketches-cpp: our estimates (in-order HLL exactly)" \
	"$(paste <(cut -f1 "$work/back.tsv") <(sql -c "SELECT (hll_info(h)->>'estimate')::float8, get_byte(decode(img, 'hex'), 7) & 3 = 2 AND get_byte(decode(img, 'hex'), 5) & 16 = 0 FROM imp ORDER BY name, lgk, t, n" | tr '|' '\t') |
	awk -F'\t' '{ d = $1 - $2; if (d < 0) d = -d; r = $2 > 1 ? d / $2 : d; if (($3 == "t" && $1 != $2) || r > 1e-3) bad++ } END { print bad + 0 }')" "0"

# ---- continuing: DataSketches' update() over the same values ---------------------------------
sql -c "CREATE FUNCTION cont(h hll, xs bigint[]) RETURNS hll LANGUAGE plpgsql AS \$\$
        DECLARE x bigint; BEGIN FOREACH x IN ARRAY xs LOOP h := hll_add(h, x); END LOOP; RETURN h; END \$\$"
# ds_stream LGK TYPE: datasketches-cpp's compact image and estimate over the lines on stdin.
ds_stream() { "$oracle" stream "$1" "$2"; }
# Compares two "hex<TAB>estimate" results: identical images, or (after a LIST/SET
# turned into HLL, where HIP starts from another coupon estimate) identical registers
# via datasketches-cpp; estimates within 1e-4 (LIST/SET: DataSketches interpolates).
same() {
	local a=$1 b=$2 ra rb
	close() { awk -v x="${a##*	}" -v y="${b##*	}" 'BEGIN { d = x - y; if (d < 0) d = -d; exit !(d <= 1e-4 * y) }'; }
	[ "${a%%	*}" = "${b%%	*}" ] && close && { echo same; return; }
	ra=$(printf '%s\n' "${a%%	*}" | "$oracle" read | cut -f2 | cut -c81-)
	rb=$(printf '%s\n' "${b%%	*}" | "$oracle" read | cut -f2 | cut -c81-)
	[ "$ra" = "$rb" ] && close && { echo registers; return; }
	echo "differ: $a / $b"
}
export_est="encode(hll_export(h, 'datasketches'), 'hex') || E'\\t' || (hll_info(h)->>'estimate')"
exact=0 regs=0 bad=()
for lgk in 4 7 8 12 14; do
	for n in 1 7 8 150 3000 40000; do
		[ "$lgk" -eq 14 ] && [ "$n" -lt 3000 ] && continue
		want=$(sql -c "SELECT 'L ' || (i * 7919 - 123456789) FROM generate_series(1, $n) i" | ds_stream "$lgk" 8)
		got=$(sql -c "SELECT $export_est FROM (SELECT hll_add_agg(i * 7919 - 123456789, $lgk, 'datasketches' ORDER BY i) h FROM generate_series(1, $n) i) s")
		r=$(same "$got" "$want")
		case $r in same) exact=$((exact + 1)) ;; registers) regs=$((regs + 1)) ;; *) bad+=("bigint lgK $lgk n $n: $r") ;; esac
		want=$(sql -c "SELECT 'D ' || (i / 8.0 - 3)::float8 FROM generate_series(1, $n) i UNION ALL SELECT 'D -0.0' UNION ALL SELECT 'D nan'" | ds_stream "$lgk" 8)
		got=$(sql -c "SELECT $export_est FROM (SELECT hll_add_agg(x, $lgk, 'datasketches' ORDER BY o) h FROM
		              (SELECT i AS o, (i / 8.0 - 3)::float8 AS x FROM generate_series(1, $n) i UNION ALL SELECT $n + 1, '-0'
		               UNION ALL SELECT $n + 2, 'NaN') v) s")
		r=$(same "$got" "$want")
		case $r in same) exact=$((exact + 1)) ;; registers) regs=$((regs + 1)) ;; *) bad+=("double lgK $lgk n $n: $r") ;; esac
		want=$(sql -c "SELECT 'S ' || 'ü-' || i FROM generate_series(1, $n) i" | ds_stream "$lgk" 8)
		got=$(sql -c "SELECT $export_est FROM (SELECT hll_add_agg('ü-' || i, $lgk, 'datasketches' ORDER BY i) h FROM generate_series(1, $n) i) s")
		r=$(same "$got" "$want")
		case $r in same) exact=$((exact + 1)) ;; registers) regs=$((regs + 1)) ;; *) bad+=("text lgK $lgk n $n: $r") ;; esac
	done
done
# Narrower types widen as update() widens them: integer and smallint to a long, real to a
# double; bytea is hashed as it is (update(const void*, size)), as a string's UTF-8 bytes are.
for n in 7 3000; do
	want=$(sql -c "SELECT 'L ' || (i - 1500) FROM generate_series(1, $n) i" | ds_stream 12 8)
	for ty in integer smallint; do
		got=$(sql -c "SELECT $export_est FROM (SELECT hll_add_agg((i - 1500)::$ty, 12, 'datasketches' ORDER BY i) h FROM generate_series(1, $n) i) s")
		r=$(same "$got" "$want")
		case $r in same | registers) ;; *) bad+=("$ty n $n: $r") ;; esac
	done
	want=$(sql -c "SELECT 'S ' || 'ü-' || i FROM generate_series(1, $n) i" | ds_stream 12 8)
	got=$(sql -c "SELECT $export_est FROM (SELECT hll_add_agg(convert_to('ü-' || i, 'UTF8'), 12, 'datasketches' ORDER BY i) h FROM generate_series(1, $n) i) s")
	r=$(same "$got" "$want")
	case $r in same | registers) ;; *) bad+=("bytea n $n: $r") ;; esac
	want=$(sql -c "SELECT 'D ' || (i / 4.0 - 100)::float8 FROM generate_series(1, $n) i" | ds_stream 12 8)
	got=$(sql -c "SELECT $export_est FROM (SELECT hll_add_agg((i / 4.0 - 100)::real, 12, 'datasketches' ORDER BY i) h FROM generate_series(1, $n) i) s")
	r=$(same "$got" "$want")
	case $r in same | registers) ;; *) bad+=("real n $n: $r") ;; esac
done
# update() ignores empty strings (and datasketches-java empty byte arrays): so do we.
want=$(printf 'S \nS a\nS \nS b\n' | ds_stream 12 8)
got=$(sql -c "SELECT $export_est FROM (SELECT hll_add_agg(x, 12, 'datasketches' ORDER BY o) h FROM unnest(ARRAY['', 'a', '', 'b']) WITH ORDINALITY u(x, o)) s")
r=$(same "$got" "$want")
case $r in same) ;; *) bad+=("empty strings: $r") ;; esac
check "empty strings and byte arrays are ignored, as update() ignores them" \
	"$(sql -c "SELECT hll_add(h, ''::text) = h, hll_add(h, ''::bytea) = h, hll_cardinality(h)
	           FROM (SELECT hll_add_agg(x, 12, 'datasketches') h FROM unnest(ARRAY['a', 'b']) x) s")" "t|t|2"
check "hll_add_agg(x, lgK, 'datasketches') over bigint, integer, smallint, double precision, real, text and bytea is datasketches-cpp's update()" \
	"$(printf '%s\n' "${bad[@]}" | head -3)" ""
echo "# hll_add_agg vs update(): $exact identical images, $regs identical registers (HLL after a promotion); estimates within 1e-4"
# Continuing an imported sketch with hll_add, for each target type and mode at the start.
bad=()
for t in 4 6 8; do
	for split in 3 100 2000; do
		img=$(sql -c "SELECT 'L ' || i FROM generate_series(1, $split) i" | ds_stream 11 "$t" | cut -f1)
		want=$(sql -c "SELECT 'L ' || i FROM generate_series(1, $split + 5000) i" | ds_stream 11 "$t")
		got=$(sql -c "SELECT $export_est FROM (SELECT cont(hll_import(decode('$img', 'hex'), 'datasketches'),
		              ARRAY(SELECT i FROM generate_series($split + 1, $split + 5000) i)) h) s")
		r=$(same "$got" "$want")
		case $r in same | registers) ;; *) bad+=("HLL_$t from $split: $r") ;; esac
	done
done
check "hll_add on imported sketches (HLL_4/6/8, from LIST, SET and HLL) continues as update() does" \
	"$(printf '%s\n' "${bad[@]}" | head -3)" ""
# Continuing an HLL-mode image (no promotion, so HIP too): byte for byte, HLL_4's cur_min
# moves and exception table included.
bad=()
# lgK 10 from 400,000 values: HLL_4's cur_min moves from 6 to 7; lgK 12 from 10^6: two
# exceptions in its table.
for case in "4 10 400000 60000" "6 10 400000 60000" "8 10 400000 60000" "4 12 1000000 30000"; do
	read -r t lgk n more <<<"$case"
	img=$(seq 1 "$n" | sed 's/^/L /' | ds_stream "$lgk" "$t" | cut -f1)
	want=$(seq 1 $((n + more)) | sed 's/^/L /' | ds_stream "$lgk" "$t")
	got=$(sql -c "SELECT $export_est FROM (SELECT cont(hll_import(decode('$img', 'hex'), 'datasketches'),
	              ARRAY(SELECT i FROM generate_series($n + 1, $n + $more) i)) h) s")
	[ "${got%%	*}" = "${want%%	*}" ] || bad+=("HLL_$t lgK $lgk: $(printf '%s' "${got%%	*}" | cut -c1-80) / $(printf '%s' "${want%%	*}" | cut -c1-80)")
done
check "hll_add on imported HLL-mode sketches gives update()'s very image (HLL_4: cur_min and exceptions too)" \
	"$(printf '%s\n' "${bad[@]}" | head -3)" ""

# ---- unions: datasketches-cpp's hll_union over the same images --------------------------------
# Two HLL-mode sketches (out of order after the union) and an HLL with a LIST: the same
# registers, cur_min and exceptions (the image but its HIP and kxq doubles, bytes 8-31),
# the estimate within 0.1%.
bad=()
for t in 4 8; do
	a=$(seq 1 300000 | sed 's/^/L /' | ds_stream 12 "$t" | cut -f1)
	b=$(seq 200001 700000 | sed 's/^/L /' | ds_stream 12 "$t" | cut -f1)
	c=$(seq 900001 900005 | sed 's/^/L /' | ds_stream 12 "$t" | cut -f1)
	for pair in "$a $b" "$a $c"; do
		read -r x y <<<"$pair"
		want=$(printf '%s\n%s\n' "$x" "$y" | "$oracle" union 12 "$t")
		got=$(sql -c "SELECT $export_est FROM (SELECT hll_import(decode('$x', 'hex'), 'datasketches')
		              || hll_import(decode('$y', 'hex'), 'datasketches') h) s")
		gi=${got%%	*} wi=${want%%	*}
		[ "${gi:0:16}${gi:64}" = "${wi:0:16}${wi:64}" ] &&
			awk -v x="${got##*	}" -v y="${want##*	}" 'BEGIN { d = x / y - 1; if (d < 0) d = -d; exit !(d <= 1e-3) }' ||
			bad+=("HLL_$t union: ${got##*	} / ${want##*	}: $(printf '%s' "$gi" | cut -c1-80) / $(printf '%s' "$wi" | cut -c1-80)")
	done
done
check "hll_union of imported sketches has datasketches-cpp's union's registers, HLL_4 table and estimate (0.1%)" \
	"$(printf '%s\n' "${bad[@]}" | head -3)" ""

# ---- families ------------------------------------------------------------------------------
check "a union with another family is refused, naming both" \
	"$(sql -c "SELECT hll_union(hll_add_agg(i, 12, 'datasketches'), hll_add_agg(i, 12)) FROM generate_series(1, 10) i" 2>&1 | head -1)" \
	"ERROR:  cannot combine hll values of the hash families datasketches and probabilistic"
check "numeric is refused with a hint" \
	"$(sql -c "SELECT hll_add(hll_add_agg(1, 12, 'datasketches'), 1.5::numeric)" 2>&1 | grep -c 'HINT:  Cast the value to bigint, double precision, text or bytea')" "1"
finish_checks
