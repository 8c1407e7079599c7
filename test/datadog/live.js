// ddsketch_import / ddsketch_export against DataDog's own sketches-js (the
// version pinned in package.json), run by test/scripts/datadog_live.sh with a
// server in PGHOST/PGPORT and a database (argv[2]) that has the extension.
// Prints TAP-style lines ("ok - ", "not ok - ", "# "); exits non-zero on a failure.
//
// The truth is the sorted values themselves; the bounds are doc/FORMAT.md 6.9's:
//   - an image sketches-js writes (LogarithmicMapping, what its DDSketch classes
//     use) imports converted: every answer within 2 ra + ra^2 of the true value
//     at its position, and within 3 ra + ra^2 of sketches-js's own answer there;
//   - an image with sketches-js's CubicallyInterpolatedMapping imports bucket for
//     bucket: ddsketch_agg over the same values puts each in the bucket
//     sketches-js's key() gives, and answers are within alpha;
//   - an image we export decodes in sketches-js to the counts per key that
//     sketches-js's own key() gives for the values, and its quantiles are within
//     alpha of the truth, ours within alpha;
//   - imported sketches continue with ddsketch_agg's (union), and a union of
//     different relative accuracies is refused.
'use strict';
const { execFileSync } = require('child_process');
const { DDSketch, LogCollapsingLowestDenseDDSketch } = require('@datadog/sketches-js');
const { CubicallyInterpolatedMapping } = require('@datadog/sketches-js/dist/ddsketch/mapping');

const DB = process.argv[2];
let failures = 0;
function ok(cond, name, detail) {
    if (cond) console.log(`ok - ${name}`);
    else {
        failures++;
        console.log(`not ok - ${name}${detail ? ': ' + detail : ''}`);
    }
}

function sql(query) {
    return execFileSync('psql', ['-X', '-q', '-At', '-v', 'ON_ERROR_STOP=1', '-d', DB], {
        input: query,
        encoding: 'utf8',
        maxBuffer: 1 << 28,
    }).trim();
}
function sqlError(query) {
    try {
        execFileSync('psql', ['-X', '-q', '-At', '-v', 'ON_ERROR_STOP=1', '-v', 'VERBOSITY=verbose', '-d', DB], {
            input: query,
            encoding: 'utf8',
            stdio: ['pipe', 'pipe', 'pipe'],
        });
        return '';
    } catch (e) {
        return String(e.stderr);
    }
}

// A seeded generator (mulberry32) and the values: log-normal magnitudes, a third negative, some zeros.
function rng(seed) {
    return function () {
        seed |= 0;
        seed = (seed + 0x6d2b79f5) | 0;
        let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}
function values(seed, n, sigma) {
    const r = rng(seed);
    const out = [];
    for (let i = 0; i < n; i++) {
        const u1 = r() || 1e-12, u2 = r();
        const g = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
        let v = Math.exp(sigma * g);
        if (i % 3 === 0) v = -v;
        if (i % 61 === 0) v = 0;
        out.push(v);
    }
    return out;
}

const hex = (bytes) => Buffer.from(bytes).toString('hex');
const sorted = (xs) => [...xs].sort((a, b) => a - b);
// Our answers at every 0-based position p: quantile((p + 0.5) / n) is position p (percentile_disc's).
function ourPositions(expr, n) {
    const qs = [];
    for (let p = 0; p < n; p++) qs.push((p + 0.5) / n);
    const text = sql(`SELECT quantiles(${expr}, ARRAY[${qs.join(',')}]::float8[])`);
    return text.slice(1, -1).split(',').map(Number);
}
// sketches-js's answer at position p: its rank is q (n - 1), read as the first key whose running count exceeds it.
function jsAt(sk, p, n) {
    return sk.getValueAtQuantile(p === n - 1 ? 1 : (p + 0.5) / (n - 1));
}
// The worst |answer - truth| / |truth| (0 when both are 0).
function worst(answers, truth) {
    let w = 0, at = -1;
    for (let p = 0; p < truth.length; p++) {
        const e = truth[p] === 0 ? (answers[p] === 0 ? 0 : Infinity) : Math.abs(answers[p] - truth[p]) / Math.abs(truth[p]);
        if (e > w) { w = e; at = p; }
    }
    return { w, at };
}
// A store's non-zero counts by key.
function bins(store) {
    const m = new Map();
    store.bins.forEach((c, i) => { if (c !== 0) m.set(store.offset + i, c); });
    return m;
}
function sameBins(a, b) {
    if (a.size !== b.size) return false;
    for (const [k, c] of a) if (b.get(k) !== c) return false;
    return true;
}
const slack = 1 + 1e-9;

// 1. Images sketches-js writes (LogarithmicMapping): converted, within 2 ra + ra^2.
for (const [klass, name] of [[DDSketch, 'DDSketch'], [LogCollapsingLowestDenseDDSketch, 'LogCollapsingLowestDenseDDSketch']]) {
    for (const ra of [0.001, 0.01, 0.02, 0.05, 0.1]) {
        // The collapsing class keeps 2048 bins: values over a range it holds whole.
        const xs = values(Math.round(ra * 1e6) + name.length, 3000, name === 'DDSketch' ? 2.5 : ra < 0.01 ? 0.25 : 1.5);
        const sk = new klass({ relativeAccuracy: ra });
        xs.forEach((v) => sk.accept(v));
        const img = hex(sk.toProto());
        const expr = `ddsketch_import('\\x${img}'::bytea, 'datadog-js')`;
        const truth = sorted(xs);
        const n = truth.length;
        const ours = ourPositions(expr, n);
        const js = truth.map((_, p) => jsAt(sk, p, n));
        const bound = 2 * ra + ra * ra;
        const a = worst(ours, truth), j = worst(js, truth);
        const info = JSON.parse(sql(`SELECT ddsketch_info(${expr})`));
        console.log(`# ${name} ra ${ra}: worst relative error ours ${a.w.toExponential(3)} (bound ${bound}), sketches-js ${j.w.toExponential(3)}`);
        ok(info.count === n && info.zero_count === sk.zeroCount && info.alpha === ra && info.sum_known === false,
            `${name} ra ${ra}: imports with its count, zero count and relative accuracy`, JSON.stringify(info));
        ok(a.w <= bound * slack, `${name} ra ${ra}: every position within 2 ra + ra^2 of the truth`, `worst ${a.w} at ${a.at}`);
        let d = 0;
        for (let p = 0; p < n; p++) if (truth[p] !== 0) d = Math.max(d, Math.abs(ours[p] - js[p]) / Math.abs(truth[p]));
        ok(j.w <= ra * slack && d <= (3 * ra + ra * ra) * slack,
            `${name} ra ${ra}: within 3 ra + ra^2 of sketches-js's own answers (which are within ra)`, `${d} ${j.w}`);
    }
}

// 2. Images with sketches-js's CubicallyInterpolatedMapping: bucket for bucket, the same buckets as ddsketch_agg.
for (const ra of [0.001, 0.01, 0.05]) {
    const xs = values(77 + ra * 1e4, 3000, 2.0);
    const sk = new DDSketch({ relativeAccuracy: ra });
    sk.mapping = new CubicallyInterpolatedMapping(ra);
    xs.forEach((v) => sk.accept(v));
    const expr = `ddsketch_import('\\x${hex(sk.toProto())}'::bytea, 'datadog-js')`;
    const info = JSON.parse(sql(`SELECT ddsketch_info(${expr})`));
    const alpha = info.alpha, maxb = info.max_buckets;
    // Our mapping at that alpha, by ddsketch_agg over the same values (with room for every
    // bucket: nothing folds), exported and decoded by sketches-js.
    const vals = xs.map((v) => v.toPrecision(17)).join(',');
    const agg = `(SELECT ddsketch_agg(x, ${alpha}, 65536) FROM unnest(ARRAY[${vals}]::float8[]) x)`;
    const back = DDSketch.fromProto(Buffer.from(sql(`SELECT encode(ddsketch_export(${agg}, 'datadog-js'), 'hex')`), 'hex'));
    ok(sameBins(bins(back.store), bins(sk.store)) && sameBins(bins(back.negativeStore), bins(sk.negativeStore)),
        `cubic ra ${ra} (alpha ${alpha}): ddsketch_agg puts every value in the bucket sketches-js's key() gives`);
    const reexport = DDSketch.fromProto(Buffer.from(sql(`SELECT encode(ddsketch_export(${expr}, 'datadog-js'), 'hex')`), 'hex'));
    ok(sameBins(bins(reexport.store), bins(sk.store)) && sameBins(bins(reexport.negativeStore), bins(sk.negativeStore)),
        `cubic ra ${ra}: imported bucket for bucket, exported again to the same bins`);
    const truth = sorted(xs);
    const a = worst(ourPositions(expr, truth.length), truth);
    ok(a.w <= alpha * slack, `cubic ra ${ra}: the imported sketch answers within alpha ${alpha}`, `worst ${a.w} at ${a.at}`);
    // Continued with ddsketch_agg's sketch of new values, of the imported sketch's parameters
    // (its max_buckets is the span of its buckets): within alpha of all of them.
    const ys = values(991 + ra * 1e4, 1500, 2.0);
    const yvals = ys.map((v) => v.toPrecision(17)).join(',');
    const cont = `(${expr} || (SELECT ddsketch_agg(x, ${alpha}, ${maxb}) FROM unnest(ARRAY[${yvals}]::float8[]) x))`;
    const all = sorted(xs.concat(ys));
    const c = worst(ourPositions(cont, all.length), all);
    ok(c.w <= alpha * slack, `cubic ra ${ra}: imported, continued with ddsketch_agg: within alpha`, `worst ${c.w} at ${c.at}`);
}

// 3. Our sketches exported: sketches-js decodes the counts its own key() gives, and answers within alpha.
for (const alpha of [0.001, 0.01, 0.0123456789, 0.05, 0.2]) {
    const xs = values(5 + alpha * 1e6, 3000, 2.0);
    const vals = xs.map((v) => v.toPrecision(17)).join(',');
    const agg = `(SELECT ddsketch_agg(x, ${alpha}, 65536) FROM unnest(ARRAY[${vals}]::float8[]) x)`;
    const img = Buffer.from(sql(`SELECT encode(ddsketch_export(${agg}, 'datadog-js'), 'hex')`), 'hex');
    const sk = DDSketch.fromProto(img);
    const key = sk.mapping;  // the mapping sketches-js reconstructs from the image (CUBIC)
    const want = [new Map(), new Map()];
    let zeros = 0;
    for (const v of xs) {
        if (v === 0) { zeros++; continue; }
        const m = want[v > 0 ? 0 : 1], k = key.key(Math.abs(v));
        m.set(k, (m.get(k) || 0) + 1);
    }
    ok(key.constructor.name === 'CubicallyInterpolatedMapping' && sameBins(bins(sk.store), want[0]) &&
        sameBins(bins(sk.negativeStore), want[1]) && sk.zeroCount === zeros && sk.count === xs.length,
        `alpha ${alpha}: exported image decodes in sketches-js to the counts its key() gives every value`);
    const truth = sorted(xs), n = truth.length;
    const js = truth.map((_, p) => jsAt(sk, p, n));
    const ours = ourPositions(agg, n);
    const j = worst(js, truth), a = worst(ours, truth);
    let d = 0;
    for (let p = 0; p < n; p++) if (truth[p] !== 0) d = Math.max(d, Math.abs(ours[p] - js[p]) / Math.abs(truth[p]));
    console.log(`# exported alpha ${alpha}: worst relative error ours ${a.w.toExponential(3)}, sketches-js ${j.w.toExponential(3)}`);
    ok(a.w <= alpha * slack && j.w <= alpha * slack && d <= 2 * alpha * slack,
        `alpha ${alpha}: quantiles agree (sketches-js's and ours within alpha of the truth)`, `${a.w} ${j.w} ${d}`);
}

// 4. Continuing and merging converted images; refusals.
{
    const ra = 0.01;
    const xs = values(4242, 2000, 1.5), ys = values(4343, 2000, 1.5);
    const sk = new DDSketch({ relativeAccuracy: ra });
    xs.forEach((v) => sk.accept(v));
    const expr = `ddsketch_import('\\x${hex(sk.toProto())}'::bytea, 'datadog-js')`;
    const yvals = ys.map((v) => v.toPrecision(17)).join(',');
    const cont = `(${expr} || (SELECT ddsketch_agg(x) FROM unnest(ARRAY[${yvals}]::float8[]) x))`;
    const all = sorted(xs.concat(ys));
    const c = worst(ourPositions(cont, all.length), all);
    ok(c.w <= (2 * ra + ra * ra) * slack, 'sketches-js image (0.01) continued with ddsketch_agg(x) (0.01): within 2 ra + ra^2',
        `worst ${c.w}`);
    const other = new DDSketch({ relativeAccuracy: 0.02 });
    xs.forEach((v) => other.accept(v));
    const err = sqlError(`SELECT ddsketch_import('\\x${hex(other.toProto())}'::bytea, 'datadog-js') || ddsketch_agg(x) FROM (VALUES (1.0::float8)) t(x)`);
    ok(/different parameters/.test(err) && /22023/.test(err), 'an image of relative accuracy 0.02 does not merge with ddsketch_agg(x) (0.01)', err);
    const sumErr = sqlError(`SELECT ddsketch_sum(${cont})`);
    ok(/sum of this ddsketch is not known/.test(sumErr), 'ddsketch_sum refuses a continued import', sumErr);
}

process.exit(failures === 0 ? 0 : 1);
