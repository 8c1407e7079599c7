-- Measuring helpers, installed in each benchmark database by bench/hll.sh.
-- They measure inside the server, so the client, the socket and psql's
-- formatting are never part of a number.

-- Nanoseconds this backend has spent running on a CPU, not counting the time
-- it waited for one: on a shared machine, the part of a query's time that
-- other processes cannot stretch.
CREATE FUNCTION bench_cpu_ns() RETURNS bigint
LANGUAGE sql AS $$
	SELECT split_part(pg_read_file('/proc/self/schedstat'), ' ', 1)::bigint
$$;

-- bench_time: runs q once and returns its first column, the elapsed server
-- time (planning + execution) and the on-CPU part of it. q must return a
-- single row. warmup runs first, untimed: a fresh backend loads the
-- extension's shared library on first use, and that dlopen must not be
-- charged to the query.
CREATE FUNCTION bench_time(q text, warmup text DEFAULT NULL,
	OUT ms float8, OUT cpu_ms float8, OUT result text)
LANGUAGE plpgsql AS $$
DECLARE
	t0 timestamptz;
	cpu0 bigint;
BEGIN
	IF warmup IS NOT NULL THEN
		EXECUTE warmup;
	END IF;
	cpu0 := bench_cpu_ns();
	t0 := clock_timestamp();
	EXECUTE q INTO result;
	ms := extract(epoch FROM clock_timestamp() - t0) * 1000;
	cpu_ms := (bench_cpu_ns() - cpu0) / 1e6;
END
$$;

-- A field of /proc/self/status in kB: the backend reading its own status.
CREATE FUNCTION bench_proc_status_kb(field text) RETURNS bigint
LANGUAGE sql AS $$
	SELECT (regexp_match(pg_read_file('/proc/self/status'), field || ':\s+(\d+) kB'))[1]::bigint
$$;

-- bench_mem: runs q under EXPLAIN ANALYZE with TIMING OFF (its rows are
-- discarded) and reports the elapsed server time and its on-CPU part, what
-- the top plan node (an
-- Aggregate) says about memory, and how much the backend's peak resident set
-- grew. Run it in a fresh backend: VmHWM is a high-water mark and never
-- comes down.
CREATE FUNCTION bench_mem(q text, warmup text DEFAULT NULL,
	OUT ms float8, OUT cpu_ms float8, OUT strategy text, OUT hashagg_peak_kb bigint, OUT batches int, OUT disk_kb bigint,
	OUT rss_growth_kb bigint)
LANGUAGE plpgsql AS $$
DECLARE
	plan json;
	hwm_before bigint;
	t0 timestamptz;
	cpu0 bigint;
BEGIN
	IF warmup IS NOT NULL THEN
		EXECUTE warmup;
	END IF;
	hwm_before := bench_proc_status_kb('VmHWM');
	cpu0 := bench_cpu_ns();
	t0 := clock_timestamp();
	EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, FORMAT JSON) ' || q INTO plan;
	ms := extract(epoch FROM clock_timestamp() - t0) * 1000;
	cpu_ms := (bench_cpu_ns() - cpu0) / 1e6;
	rss_growth_kb := bench_proc_status_kb('VmHWM') - hwm_before;
	strategy := plan -> 0 -> 'Plan' ->> 'Strategy';
	hashagg_peak_kb := (plan -> 0 -> 'Plan' ->> 'Peak Memory Usage')::bigint;
	batches := (plan -> 0 -> 'Plan' ->> 'HashAgg Batches')::int;
	disk_kb := (plan -> 0 -> 'Plan' ->> 'Disk Usage')::bigint;
END
$$;
