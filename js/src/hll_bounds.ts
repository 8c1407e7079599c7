/**
 * hll_cardinality_bounds (FORMAT.md §3.14): a dense sketch's likelihood-ratio bounds, a sparse
 * one's from its entry count up by the collision count's bound. Every floating-point operation is
 * in the order of src/core/hll_joint.cpp (cardinality_bounds and what it calls). exp and log are
 * correctly rounded (crmath.ts), as glibc's are but for a few inputs in 10,000; expm1 is
 * Math.expm1, fdlibm's algorithm as glibc's is (js/README.md, "What is left out").
 */
import { ParameterError } from "./errors.js";
import { cRound } from "./bytes.js";
import { crExp, crLog } from "./crmath.js";

const MAX_ITERATIONS = 100, MAX_DAMPINGS = 30, MAX_STEP = 4.0;
const STEP_TOLERANCE = 1e-10, GAIN_TOLERANCE = 1e-14;
const MAX_BOUND_STEPS = 60, BOUND_TOLERANCE = 1e-9;
const SPARSE_Q = 64 - 26;
const ESTIMATE_MAX = 2 ** 64;

// ------------------------------------------------------------ the normal quantile (AS241)

/** c[7] r^7 + … + c[0] by Horner's rule, highest coefficient first. */
function horner(c: readonly number[], r: number): number {
  let s = c[7];
  for (let i = 6; i >= 0; i--) s = s * r + c[i];
  return s;
}

// Wichura (1988), algorithm AS241 (PPND16), lowest degree first.
const CENTRAL_NUM = [3.3871328727963666080e+0, 1.3314166789178437745e+2, 1.9715909503065514427e+3,
  1.3731693765509461125e+4, 4.5921953931549871457e+4, 6.7265770927008700853e+4,
  3.3430575583588128105e+4, 2.5090809287301226727e+3];
const CENTRAL_DEN = [1.0, 4.2313330701600911252e+1, 6.8718700749205790830e+2, 5.3941960214247511077e+3,
  2.1213794301586595867e+4, 3.9307895800092710610e+4, 2.8729085735721942674e+4, 5.2264952788528545610e+3];
const NEAR_NUM = [1.42343711074968357734e+0, 4.63033784615654529590e+0, 5.76949722146069140550e+0,
  3.64784832476320460504e+0, 1.27045825245236838258e+0, 2.41780725177450611770e-1,
  2.27238449892691845833e-2, 7.74545014278341407640e-4];
const NEAR_DEN = [1.0, 2.05319162663775882187e+0, 1.67638483018380384940e+0, 6.89767334985100004550e-1,
  1.48103976427480074590e-1, 1.51986665636164571966e-2, 5.47593808499534494600e-4, 1.05075007164441684324e-9];
const TAIL_NUM = [6.65790464350110377720e+0, 5.46378491116411436990e+0, 1.78482653991729133580e+0,
  2.96560571828504891230e-1, 2.65321895265761230930e-2, 1.24266094738807843860e-3,
  2.71155556874348757815e-5, 2.01033439929228813265e-7];
const TAIL_DEN = [1.0, 5.99832206555887937690e-1, 1.36929880922735805310e-1, 1.48753612908506148525e-2,
  7.86869131145613259100e-4, 1.84631831751005468180e-5, 1.42151175831644588870e-7, 2.04426310338993978564e-15];

/** The standard normal quantile of p (the server's normal_quantile). */
function normalQuantile(p: number): number {
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return (horner(CENTRAL_NUM, r) * q) / horner(CENTRAL_DEN, r);
  }
  let r = q <= 0.0 ? p : 1.0 - p;
  r = Math.sqrt(-crLog(r));
  let x: number;
  if (r <= 5.0) {
    r = r - 1.6;
    x = horner(NEAR_NUM, r) / horner(NEAR_DEN, r);
  } else {
    r = r - 5.0;
    x = horner(TAIL_NUM, r) / horner(TAIL_DEN, r);
  }
  return q < 0.0 ? -x : x;
}

/** z of a two-sided confidence; refuses one outside (0, 1) as the server does (22023). */
export function confidenceQuantile(confidence: number): number {
  if (typeof confidence !== "number" || !(confidence > 0 && confidence < 1))
    throw new ParameterError(`confidence must be between 0 and 1 (exclusive), not ${String(confidence)}`);
  return normalQuantile(0.5 * (1.0 + confidence));
}

// ------------------------------------------------------------ one register's likelihood

const rhoOf = (k: number, q: number) => 2 ** -Math.min(k, q);

// single_terms' outputs: ln P(K = k) for one register of rate lam, its first two derivatives (a
// typed array holds them unboxed).
const T = new Float64Array(3);

function singleTerms(lam: number, k: number, q: number): void {
  if (k === 0) {
    T[0] = -lam; T[1] = -1.0; T[2] = 0.0;
    return;
  }
  const rho = rhoOf(k, q);
  const t = lam * rho;
  const e = crExp(-t);
  const d = -Math.expm1(-t);
  const r = e / d;
  let l = crLog(d), d1 = rho * r;
  const d2 = -(rho * rho) * (r / d);
  if (k <= q) {
    l = l - t;
    d1 = d1 - rho;
  }
  T[0] = l; T[1] = d1; T[2] = d2;
}

/** P(K = k) for a register of rate lam. */
function pmf(lam: number, k: number, q: number): number {
  if (k === 0) return crExp(-lam);
  const t = lam * rhoOf(k, q);
  const p = -Math.expm1(-t);
  return k <= q ? crExp(-t) * p : p;
}

// single_eval's outputs: the log-likelihood of a histogram at a rate, its first and second derivatives.
const E = new Float64Array(3);

function singleEval(c: readonly number[], q: number, lam: number): void {
  let ll = 0, g = 0, hh = 0;
  for (let k = 0; k <= q + 1; k++) {
    if (c[k] === 0) continue;
    const n = c[k];
    singleTerms(lam, k, q);
    ll = ll + n * T[0];
    g = g + n * T[1];
    hh = hh + n * T[2];
  }
  E[0] = ll; E[1] = g; E[2] = hh;
}

/** m^2 / I, I the expected Fisher information of m registers at the estimate (+∞ when I ≤ 0). */
function poissonVariance(q: number, m: number, estimate: number): number {
  const lam = estimate / m;
  let info = 0;
  for (let k = 1; k <= q + 1; k++) {
    singleTerms(lam, k, q);
    info = info - pmf(lam, k, q) * T[2];
  }
  info = m * info;
  if (!(info > 0)) return Infinity;
  return (m * m) / info;
}

/** The standard error of one estimate from m registers (the server's standard_error). */
export function standardError(q: number, m: number, estimate: number): number {
  if (!(estimate > 0)) return 0.0;
  const v = poissonVariance(q, m, estimate);
  if (!Number.isFinite(v)) return v;
  const w = v - estimate;
  return w > 0 ? Math.sqrt(w) : 0.0;
}

// ------------------------------------------------------------ bounds

/** The integers inside [max(lo, 0), hi], or value rounded when there is none. */
function integerBounds(lo: number, hi: number, value: number): [number, number] {
  let lower = Math.ceil(lo < 0.0 ? 0.0 : lo), upper = Math.floor(hi);
  if (lower > upper) lower = upper = cRound(value);
  return [lower, upper];
}

/** Bounds that also hold the estimate rounded. */
function holding(b: [number, number], value: number): [number, number] {
  const r = cRound(value);
  return [Math.min(b[0], r), Math.max(b[1], r)];
}

/** The smallest k with P(C ≤ k) ≥ confidence, C Poisson of mean mu. */
function collisionBound(mu: number, confidence: number): number {
  if (!(mu > 0)) return 0.0;
  if (mu > 500) return Math.ceil(mu + normalQuantile(confidence) * Math.sqrt(mu));
  let term = crExp(-mu), sum = term, k = 0;
  while (sum < confidence && k < 2000) {
    k = k + 1;
    term = (term * mu) / k;
    sum = sum + term;
  }
  return k;
}

/**
 * One end of the likelihood-ratio interval of a histogram's rate by safeguarded Newton: from
 * start, Newton steps on h(t) = top - L(t) - drop while they stay inside the bracket, else its
 * midpoint (with no outer end yet, twice as far from hat); stops when a step is at most
 * 1e-9 (|t| + scale), after 60 evaluations at most.
 */
function likelihoodBound(c: readonly number[], q: number, hat: number, top: number, drop: number, side: number,
                         start: number, scale: number): number {
  let inner = hat, outer = 0, t = start, haveOuter = false;
  for (let n = 0; n < MAX_BOUND_STEPS; n++) {
    let next: number;
    let inside = t > 0;
    if (inside) { singleEval(c, q, t); inside = Number.isFinite(E[0]); }
    if (inside) {
      const ll = E[0], slope = E[1];
      const h = (top - ll) - drop;
      if (h < 0) inner = t;
      else { outer = t; haveOuter = true; }
      next = t + h / slope;
      const ahead = side * (next - inner) > 0;
      const shortOf = !haveOuter || side * (outer - next) > 0;
      if (!(ahead && shortOf && Number.isFinite(next)))
        next = haveOuter ? 0.5 * (inner + outer) : inner + 2 * (inner - hat);
    } else {
      outer = t;
      haveOuter = true;
      next = 0.5 * (inner + outer);
    }
    if (Math.abs(next - t) <= BOUND_TOLERANCE * (Math.abs(t) + scale)) return next;
    t = next;
  }
  return t;
}

/**
 * The bounds of a register histogram c[0..q+1] of m registers (q = 38: a sparse value's entries)
 * whose estimate is n, at the confidence whose z is given, as doubles (the server's
 * cardinality_bounds).
 */
export function boundsOfHistogram(c: readonly number[], q: number, m: number, n: number, z: number,
                                  confidence: number): [number, number] {
  const se = standardError(q, m, n);
  const half = z * se;
  const wald = integerBounds(n - half, n + half, n);
  // A sparse value: its entry count is exact but for values that share an index with another.
  if (q === SPARSE_Q && n > 0) {
    const entries = m - c[0];
    return holding([entries, entries + collisionBound((entries * entries) / (2 * m), confidence)], n);
  }
  if (!(n > 0) || !(n < ESTIMATE_MAX) || !Number.isFinite(se)) return wald;
  // The maximum-likelihood rate, by damped Newton in ln(lam) from the estimate.
  let lam = n / m;
  singleEval(c, q, lam);
  let ll = E[0], g = E[1], hh = E[2];
  for (let it = 0; it < MAX_ITERATIONS; it++) {
    const gt = lam * g, mt = -((lam * hh) * lam) - gt;
    let tau = 1e-6 * Math.abs(mt);
    if (!(tau > 0)) tau = 1e-6;
    let mu = 0, step = 0, gain = 0, accepted = false;
    for (let t = 0; t < MAX_DAMPINGS && !accepted; t++) {
      const md = mt + mu;
      mu = mu === 0 ? tau : 10 * mu;
      if (!(md > 0)) continue;
      let d = gt / md;
      step = Math.abs(d);
      if (step > MAX_STEP) {
        d = d * (MAX_STEP / step);
        step = MAX_STEP;
      }
      const next = lam * crExp(d);
      singleEval(c, q, next);
      if (E[0] >= ll) {
        gain = E[0] - ll;
        lam = next; ll = E[0]; g = E[1]; hh = E[2];
        accepted = true;
      }
    }
    if (!accepted || step <= STEP_TOLERANCE || gain <= GAIN_TOLERANCE * Math.abs(ll)) break;
  }
  const v = poissonVariance(q, m, lam * m);
  if (!(v > 0 && Number.isFinite(v) && Number.isFinite(ll))) return wald;
  const top = ll, drop = 0.5 * (z * z), waldRate = z * (Math.sqrt(v) / m);
  const lower = likelihoodBound(c, q, lam, top, drop, -1, lam - waldRate, waldRate);
  const upper = likelihoodBound(c, q, lam, top, drop, 1, lam + waldRate, waldRate);
  // Distances from the estimate scaled from a Poisson to a fixed set.
  const nml = lam * m;
  const f = Math.sqrt(Math.max(v - nml, 0.0) / v);
  return integerBounds(n - f * (nml - lower * m), n + f * (upper * m - nml), n);
}
