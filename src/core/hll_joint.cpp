#include "hll_joint.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <array>
#include <limits>
#include <map>
#include <memory>

namespace probabilistic::hll {
namespace {

// The order of every floating-point operation below is part of the format
// (doc/FORMAT.md, "Joint estimation"): python/probabilistic_format.py repeats
// it step by step.

// Log-likelihood, gradient and Hessian in the rates (a, b, x) = (0, 1, 2).
struct Eval {
    double ll = 0;
    double g[3] = {0, 0, 0};
    double h[3][3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
};

double rho_of(int k, int q) { return std::ldexp(1.0, -std::min(k, q)); }

// ln P(K = k) for one register of rate lam and its first two derivatives.
void single_terms(double lam, int k, int q, double& l, double& d1, double& d2) {
    if (k == 0) {
        l = -lam;
        d1 = -1.0;
        d2 = 0.0;
        return;
    }
    double rho = rho_of(k, q);
    double t = lam * rho;
    double e = std::exp(-t);
    double d = -std::expm1(-t);
    double r = e / d;
    l = std::log(d);
    d1 = rho * r;
    d2 = -(rho * rho) * (r / d);
    if (k <= q) {
        l = l - t;
        d1 = d1 - rho;
    }
}

// c registers of value k whose rate is the sum of the rates in `which`.
void add_single(Eval& ev, double c, const double* rate, int k, int q, std::initializer_list<int> which) {
    if (c == 0) return;
    double lam = 0;
    for (int i : which) lam = lam + rate[i];
    double l, d1, d2;
    single_terms(lam, k, q, l, d1, d2);
    ev.ll = ev.ll + c * l;
    for (int i : which) {
        ev.g[i] = ev.g[i] + c * d1;
        for (int j : which) ev.h[i][j] = ev.h[i][j] + c * d2;
    }
}

// Q = P(K1 = K2 = k) / exp(-s rho) for 0 < k <= q (P itself for k = q + 1),
// Q = 1 - A - B + C = Dax Dbx + C Dx without cancellation.
double equal_q_value(const double* rate, double rho) {
    double a = rate[0], b = rate[1], x = rate[2];
    double s = (a + b) + x;
    double dax = -std::expm1(-(a + x) * rho), dbx = -std::expm1(-(b + x) * rho);
    return dax * dbx + std::exp(-s * rho) * -std::expm1(-x * rho);
}

// Q (equal_q_value) and its first (q1) and second (q2) derivatives in (a, b, x).
double equal_q(const double* rate, int k, int q, double (&q1)[3], double (&q2)[3][3]) {
    double a = rate[0], b = rate[1], x = rate[2];
    double s = (a + b) + x;
    double rho = rho_of(k, q);
    double A = std::exp(-(a + x) * rho), B = std::exp(-(b + x) * rho), C = std::exp(-s * rho);
    double da = -std::expm1(-a * rho), db = -std::expm1(-b * rho);
    q1[0] = rho * (A * db);
    q1[1] = rho * (B * da);
    q1[2] = rho * (A + B * da);
    double r2 = rho * rho;
    double m2[3][3] = {{-(rho * q1[0]), r2 * C, -(rho * q1[0])},
                       {r2 * C, -(rho * q1[1]), -(rho * q1[1])},
                       {-(rho * q1[0]), -(rho * q1[1]), -(rho * q1[2])}};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) q2[i][j] = m2[i][j];
    return equal_q_value(rate, rho);
}

// c pairs in a cell of probability P with derivatives p1, p2 (in the rates): c ln P.
void add_log(Eval& ev, double c, double P, const double (&p1)[3], const double (&p2)[3][3]) {
    double gq[3] = {p1[0] / P, p1[1] / P, p1[2] / P};
    ev.ll = ev.ll + c * std::log(P);
    for (int i = 0; i < 3; i++) {
        ev.g[i] = ev.g[i] + c * gq[i];
        for (int j = 0; j < 3; j++) ev.h[i][j] = ev.h[i][j] + c * (p2[i][j] / P - gq[i] * gq[j]);
    }
}

// c register pairs with K1 = K2 = k.
void add_equal(Eval& ev, double c, const double* rate, int k, int q) {
    if (c == 0) return;
    double s = (rate[0] + rate[1]) + rate[2];
    if (k == 0) {
        ev.ll = ev.ll - c * s;
        for (int i = 0; i < 3; i++) ev.g[i] = ev.g[i] - c;
        return;
    }
    // P = exp(-s rho) Q for k <= q, P = Q for k = q + 1.
    double q1[3], q2[3][3];
    double Q = equal_q(rate, k, q, q1, q2);
    add_log(ev, c, Q, q1, q2);
    if (k <= q) {
        double rho = rho_of(k, q);
        ev.ll = ev.ll - c * (s * rho);
        for (int i = 0; i < 3; i++) ev.g[i] = ev.g[i] - c * rho;
    }
}

// P(K1 = K2 = k) for 0 < k, added to P, and its derivatives to p1 and p2.
void sum_equal(const double* rate, int k, int q, double& P, double (&p1)[3], double (&p2)[3][3]) {
    double q1[3], q2[3][3];
    double Q = equal_q(rate, k, q, q1, q2);
    if (k > q) {
        P = P + Q;
        for (int i = 0; i < 3; i++) {
            p1[i] = p1[i] + q1[i];
            for (int j = 0; j < 3; j++) p2[i][j] = p2[i][j] + q2[i][j];
        }
        return;
    }
    // exp(-s rho) Q: every rate's derivative of the factor is -rho times it.
    double rho = rho_of(k, q), r2 = rho * rho;
    double E = std::exp(-((rate[0] + rate[1]) + rate[2]) * rho);
    P = P + E * Q;
    for (int i = 0; i < 3; i++) {
        p1[i] = p1[i] + E * (q1[i] - rho * Q);
        for (int j = 0; j < 3; j++) p2[i][j] = p2[i][j] + E * (((q2[i][j] - rho * q1[j]) - rho * q1[i]) + r2 * Q);
    }
}

// The five histograms as floating-point counts: observed, or expected under
// given rates. The pairs K1 = K2 >= pool count as one cell (see pool_start).
struct Cells {
    int q;
    std::vector<double> ax, b, a, bx, eq;
    int pool;
};

Cells cells_of(const JointHistogram& h) {
    Cells c{h.q, {}, {}, {}, {}, {}, h.q + 2};
    for (int k = 0; k <= h.q + 1; k++) {
        c.ax.push_back(static_cast<double>(h.ax[k]));
        c.b.push_back(static_cast<double>(h.b[k]));
        c.a.push_back(static_cast<double>(h.a[k]));
        c.bx.push_back(static_cast<double>(h.bx[k]));
        c.eq.push_back(static_cast<double>(h.eq[k]));
    }
    return c;
}

Eval evaluate(const Cells& cells, const double* rate) {
    Eval ev;
    int q = cells.q;
    double pooled = 0, P = 0, p1[3] = {0, 0, 0}, p2[3][3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    for (int k = 0; k <= q + 1; k++) {
        add_single(ev, cells.ax[k], rate, k, q, {0, 2});
        add_single(ev, cells.b[k], rate, k, q, {1});
        add_single(ev, cells.a[k], rate, k, q, {0});
        add_single(ev, cells.bx[k], rate, k, q, {1, 2});
        if (k < cells.pool) {
            add_equal(ev, cells.eq[k], rate, k, q);
        } else {
            pooled = pooled + cells.eq[k];
            sum_equal(rate, k, q, P, p1, p2);
        }
    }
    if (pooled > 0) add_log(ev, pooled, P, p1, p2);
    return ev;
}

// P(K <= k) for a register of rate lam: 0 for k = -1, 1 for k = q + 1.
double cdf(double lam, int k, int q) {
    if (k < 0) return 0.0;
    if (k > q) return 1.0;
    return std::exp(-lam * std::ldexp(1.0, -k));
}

// P(K = k) for a register of rate lam.
double pmf(double lam, int k, int q) {
    if (k == 0) return std::exp(-lam);
    double t = lam * rho_of(k, q);
    double p = -std::expm1(-t);
    return k <= q ? std::exp(-t) * p : p;
}

// The histograms' expected counts, m times each cell's probability.
Cells expected_cells(int q, double m, const double* rate, int pool) {
    double a = rate[0], b = rate[1], x = rate[2];
    Cells c{q, {}, {}, {}, {}, {}, pool};
    for (int k = 0; k <= q + 1; k++) {
        c.ax.push_back(m * (pmf(a + x, k, q) * (1.0 - cdf(b, k, q))));
        c.b.push_back(m * (pmf(b, k, q) * cdf(a + x, k - 1, q)));
        c.a.push_back(m * (pmf(a, k, q) * cdf(b + x, k - 1, q)));
        c.bx.push_back(m * (pmf(b + x, k, q) * (1.0 - cdf(a, k, q))));
        double s = (a + b) + x;
        double pe;
        if (k == 0) {
            pe = std::exp(-s);
        } else {
            double rho = rho_of(k, q);
            double pq = equal_q_value(rate, rho);
            pe = k <= q ? std::exp(-s * rho) * pq : pq;
        }
        c.eq.push_back(m * pe);
    }
    return c;
}

// Solves M d = g for a symmetric 3x3 M by Cholesky; false if M is not positive definite.
bool cholesky_solve(const double m[3][3], const double* g, double* d) {
    double l[3][3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j <= i; j++) {
            double s = m[i][j];
            for (int k = 0; k < j; k++) s = s - l[i][k] * l[j][k];
            if (i == j) {
                if (!(s > 0)) return false;
                l[i][i] = std::sqrt(s);
            } else {
                l[i][j] = s / l[j][j];
            }
        }
    }
    double y[3];
    for (int i = 0; i < 3; i++) {
        double s = g[i];
        for (int k = 0; k < i; k++) s = s - l[i][k] * y[k];
        y[i] = s / l[i][i];
    }
    for (int i = 2; i >= 0; i--) {
        double s = y[i];
        for (int k = i + 1; k < 3; k++) s = s - l[k][i] * d[k];
        d[i] = s / l[i][i];
    }
    return true;
}

// The inverse of a symmetric 3x3 matrix by cofactors; false if singular.
bool invert3(const double m[3][3], double inv[3][3]) {
    double c00 = m[1][1] * m[2][2] - m[1][2] * m[2][1];
    double c01 = m[1][2] * m[2][0] - m[1][0] * m[2][2];
    double c02 = m[1][0] * m[2][1] - m[1][1] * m[2][0];
    double det = (m[0][0] * c00 + m[0][1] * c01) + m[0][2] * c02;
    if (!(det > 0) || !std::isfinite(det)) return false;
    double c11 = m[0][0] * m[2][2] - m[0][2] * m[2][0];
    double c12 = m[0][2] * m[1][0] - m[0][0] * m[1][2];
    double c22 = m[0][0] * m[1][1] - m[0][1] * m[1][0];
    double c[3][3] = {{c00, c01, c02}, {c01, c11, c12}, {c02, c12, c22}};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) inv[i][j] = c[i][j] / det;
    return true;
}

// The first register value whose pairs K1 = K2 count as one cell, from w =
// |A ∪ B| / m (the start's union): pool = max(1, e + 4), w = f 2^e with
// 0.5 <= f < 1, so the pooled cell begins 3 to 4 values above the union's
// typical register (q + 2 when that is beyond the top: nothing pooled). The
// pairs far above it are few (each expected well under once) and their
// likelihood is nearly all about x: one at a high value says much about a
// small intersection. Left apart, at |A ∩ B| within a standard deviation of
// 0 they made the estimate's spread larger than the Fisher information says
// (3x at |A ∩ B| = 0, 1.15x at 0.6 standard deviations, p = 14), biased it
// by -0.1 to -0.2 standard deviations and the likelihood-ratio bounds too
// narrow; as one cell (a count of several) the estimate's spread matches its
// information (doc/HLL_SET_ALGEBRA.md).
int pool_start(double w, int q) {
    int e = 0;
    std::frexp(w, &e);
    return std::min(std::max(1, e + 4), q + 2);
}

constexpr int kMaxIterations = 100;
constexpr int kMaxDampings = 30;
constexpr double kMaxStep = 4.0;
constexpr double kStepTolerance = 1e-10;
constexpr double kGainTolerance = 1e-14;
constexpr double kStartFloor = 1e-3;

double sqrt_nonneg(double v) { return v > 0 ? std::sqrt(v) : 0.0; }

class VectorAllocator final : public Allocator {
public:
    std::uint8_t* allocate(std::size_t size) override {
        blocks_.emplace_back(new std::uint8_t[size == 0 ? 1 : size]);
        return blocks_.back().get();
    }

private:
    std::vector<std::unique_ptr<std::uint8_t[]>> blocks_;
};

void histogram_of(const Sketch& s, std::vector<std::uint64_t>& c, int& q, double& m) {
    check_own_family(s, "bounds and standard errors");
    if (s.sparse()) {
        q = 64 - kSparsePrecision;
        m = static_cast<double>(register_count(kSparsePrecision));
        c.assign(q + 2, 0);
        std::size_t n = s.sparse_count();
        c[0] = register_count(kSparsePrecision) - n;
        for (std::size_t i = 0; i < n; i++) c[std::min<unsigned>(s.entry(i) & 63u, q + 1)]++;
        return;
    }
    int p = s.precision();
    q = 64 - p;
    m = static_cast<double>(register_count(p));
    c.assign(q + 2, 0);
    for (std::size_t i = 0, r = register_count(p); i < r; i++) c[std::min<unsigned>(get_reg(s.payload, i), q + 1)]++;
}

}  // namespace

JointHistogram::JointHistogram(int q_, double m_)
    : q(q_), m(m_), ax(q_ + 2, 0), b(q_ + 2, 0), a(q_ + 2, 0), bx(q_ + 2, 0), eq(q_ + 2, 0) {}

void JointHistogram::add(unsigned k1, unsigned k2) {
    unsigned top = static_cast<unsigned>(q + 1);
    k1 = std::min(k1, top);
    k2 = std::min(k2, top);
    if (k1 < k2) {
        ax[k1]++;
        b[k2]++;
    } else if (k1 > k2) {
        a[k1]++;
        bx[k2]++;
    } else {
        eq[k1]++;
    }
}

namespace {
// m^2 / I: the Poissonized variance of an estimate from m registers, I their
// expected Fisher information about the rate at that estimate (+infinity when
// I is not positive).
double poisson_variance(int q, double m, double estimate) {
    double lam = estimate / m;
    // Expected Fisher information of m registers about lam: m sum P(K = k) (-d2).
    double info = 0;
    for (int k = 1; k <= q + 1; k++) {
        double l, d1, d2;
        single_terms(lam, k, q, l, d1, d2);
        info = info - pmf(lam, k, q) * d2;
    }
    info = m * info;
    if (!(info > 0)) return std::numeric_limits<double>::infinity();
    return (m * m) / info;
}
}  // namespace

double standard_error(int q, double m, double estimate) {
    if (!(estimate > 0)) return 0.0;
    double v = poisson_variance(q, m, estimate);
    if (!std::isfinite(v)) return v;
    // Poissonized variance minus the Poisson variance of the count itself
    // (doc/FORMAT.md): the variance for the fixed set the sketch holds.
    return sqrt_nonneg(v - estimate);
}

namespace {

// The Jaccard index held while maximising (its profile bounds): x = c (a + b),
// c = J / (1 - J); kNone: the three rates are free.
struct Tie {
    enum Kind { kNone, kJaccard } kind = kNone;
    double c = 0;
};

// The gradient and Hessian the iteration uses: those of L in (a, b, x); tied,
// those of L(a, b, c (a + b)) in (a, b) (d/da + c d/dx, d/db + c d/dx) with
// x's row and column 0.
void tie_derivatives(const Eval& ev, const Tie& tie, double (&g)[3], double (&hm)[3][3]) {
    for (int i = 0; i < 3; i++) {
        g[i] = ev.g[i];
        for (int j = 0; j < 3; j++) hm[i][j] = ev.h[i][j];
    }
    if (tie.kind == Tie::kNone) return;
    double k = tie.c;
    for (int i = 0; i < 2; i++) {
        g[i] = ev.g[i] + k * ev.g[2];
        for (int j = 0; j < 2; j++) hm[i][j] = (ev.h[i][j] + k * ev.h[i][2]) + k * (ev.h[2][j] + k * ev.h[2][2]);
        hm[i][2] = hm[2][i] = 0;
    }
    g[2] = 0;
    hm[2][2] = 0;
}

// Holds coordinate `held` of a Newton system (see newton_maximise).
void hold(double (&gt)[3], double (&mt)[3][3], int held) {
    gt[held] = 0;
    for (int j = 0; j < 3; j++) mt[held][j] = mt[j][held] = 0;
    mt[held][held] = 1;
}

// Damped Newton maximisation in up to three coordinates, at most
// kMaxIterations steps. system(gt, mt, tau) gives the Newton system at the
// current point: gt the gradient, mt the negated Hessian (a held coordinate
// has gt 0, its row and column 0 and its diagonal 1), tau the damping's
// start. Each step solves mt + mu I for mu = 0, then tau, 10 tau, ... (at
// most kMaxDampings tries), the step scaled down to a largest coordinate of
// kMaxStep; move(d, gain, ll) moves by d and says whether the point was
// accepted (a log-likelihood ll at least as high, gain above the last). The
// iteration stops when no try is accepted, or after a step of at most
// kStepTolerance or a gain of at most kGainTolerance |ll|. Returns the
// iterations taken.
template <class System, class Move>
int newton_maximise(System system, Move move) {
    int it = 0;
    for (; it < kMaxIterations; it++) {
        double gt[3], mt[3][3], tau;
        system(gt, mt, tau);
        double mu = 0, step = 0, gain = 0, ll = 0;
        bool accepted = false;
        for (int t = 0; t < kMaxDampings && !accepted; t++) {
            double md[3][3], d[3];
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++) md[i][j] = i == j ? mt[i][j] + mu : mt[i][j];
            mu = mu == 0 ? tau : 10 * mu;
            if (!cholesky_solve(md, gt, d)) continue;
            step = std::max(std::max(std::fabs(d[0]), std::fabs(d[1])), std::fabs(d[2]));
            if (step > kMaxStep) {
                double f = kMaxStep / step;
                for (double& di : d) di = di * f;
                step = kMaxStep;
            }
            accepted = move(d, gain, ll);
        }
        if (!accepted) break;
        if (step <= kStepTolerance || gain <= kGainTolerance * std::fabs(ll)) {
            it++;
            break;
        }
    }
    return it;
}

// Damped Newton maximisation of L from `rate` (updated in place, ev = L
// there) in theta = (ln a, ln b, x / w) over the model's domain: a and b
// stay positive, x >= 0 (a step that would take x below 0 stops it at 0, and
// while x is 0 with the likelihood falling into the domain, x is held
// there). With fixed = 0, 1 or 2, that rate (a, b or x) stays where it is
// (the profile likelihood of the bounds); -1 frees all three. Tied (Tie), x
// follows a and b, the derivatives are those of tie_derivatives and x's step
// is 0. Returns the iterations taken.
int maximise(const Cells& cells, double* rate, Eval& ev, double w, int fixed, const Tie& tie = Tie{}) {
    bool tied = tie.kind == Tie::kJaccard;
    auto system = [&](double (&gt)[3], double (&mt)[3][3], double& tau) {
        double r[3] = {rate[0], rate[1], w};
        double g[3], hm[3][3];
        tie_derivatives(ev, tie, g, hm);
        for (int i = 0; i < 3; i++) gt[i] = r[i] * g[i];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) mt[i][j] = -((r[i] * hm[i][j]) * r[j]);
        mt[0][0] = mt[0][0] - gt[0];
        mt[1][1] = mt[1][1] - gt[1];
        tau = 1e-6 * ((std::fabs(mt[0][0]) + std::fabs(mt[1][1])) + std::fabs(mt[2][2]));
        if (!(tau > 0)) tau = 1e-6;
        if (tied) hold(gt, mt, 2);
        if (fixed >= 0) hold(gt, mt, fixed);
        // x on the edge of the domain, the likelihood rising only outside it.
        if (!tied && fixed != 2 && rate[2] == 0 && !(gt[2] > 0)) hold(gt, mt, 2);
    };
    auto move = [&](const double* d, double& gain, double& ll) {
        double next[3] = {rate[0] * std::exp(d[0]), rate[1] * std::exp(d[1]), std::max(rate[2] + w * d[2], 0.0)};
        if (tied) next[2] = tie.c * (next[0] + next[1]);
        if (!(next[0] > 0 && next[1] > 0)) return false;
        Eval ne = evaluate(cells, next);
        if (!(ne.ll >= ev.ll)) return false;
        gain = ne.ll - ev.ll;
        ll = ne.ll;
        std::copy(next, next + 3, rate);
        ev = ne;
        return true;
    };
    return newton_maximise(system, move);
}

constexpr int kMaxBoundSteps = 60;
constexpr double kBoundTolerance = 1e-9;

// One end of a likelihood-ratio interval: the t on the given side (+1, -1) of
// the maximum `hat` where the (profile) log-likelihood has fallen by `drop`
// from its maximum `top`. `at(t, ll, slope)` gives the log-likelihood at t and
// its derivative, false outside the domain (counted as beyond the bound);
// `keep()` is called when t becomes the last point known inside. Safeguarded
// Newton (doc/FORMAT.md): from `start`, Newton steps on h(t) = top - L(t) -
// drop while they stay inside the bracket, else the bracket's midpoint (or,
// with no outer end yet, twice as far from hat); stops when a step is at most
// 1e-9 * (|t| + scale), after 60 evaluations at most.
template <class At, class Keep>
double likelihood_bound(double hat, double top, double drop, int side, double start, double scale, At at, Keep keep) {
    double inner = hat, outer = 0, t = start;
    bool have_outer = false;
    for (int n = 0; n < kMaxBoundSteps; n++) {
        double ll = 0, slope = 0, next;
        if (at(t, ll, slope) && std::isfinite(ll)) {
            double h = (top - ll) - drop;
            if (h < 0) {
                inner = t;
                keep();
            } else {
                outer = t;
                have_outer = true;
            }
            // Newton on h: h' = -slope.
            next = t + h / slope;
            bool ahead = side * (next - inner) > 0;
            bool short_of = !have_outer || side * (outer - next) > 0;
            if (!(ahead && short_of && std::isfinite(next)))
                next = have_outer ? 0.5 * (inner + outer) : inner + 2 * (inner - hat);
        } else {
            outer = t;
            have_outer = true;
            next = 0.5 * (inner + outer);
        }
        if (std::fabs(next - t) <= kBoundTolerance * (std::fabs(t) + scale)) return next;
        t = next;
    }
    return t;
}

// The integers inside [lo, hi] (clamped at 0), or `value` rounded when there is none.
Bounds integer_bounds(double lo, double hi, double value) {
    double lower = std::ceil(std::max(lo, 0.0)), upper = std::floor(hi);
    if (lower > upper) lower = upper = std::round(value);
    return Bounds{lower, upper};
}

// The informative counts: the registers where one sketch is above the other,
// n[0] where A's is (k1 > k2, the a histogram), n[1] where B's is (the b
// histogram). Only a value of B \ A that outranks A's register shows in B,
// so when B \ A is small against A, n[1] is a small Poisson count (often 0)
// and nearly all the registers say about |B \ A|. A chi-square critical
// value under-covers there, on the side where the count's mean grows, as
// Poisson likelihood-ratio intervals do (73% in the trials with n[1] = 0 at
// |A| = 10^7, |A ∩ B| = 10^5, |B \ A| = 1,500; doc/HLL_SET_ALGEBRA.md). So
// each count's share of the profile's fall is taken back by w (profile_bounds)
// such that, were the count all the information, the bound would be its
// mid-p upper bound. Expected under `rate`: mu[j] = m sum_k P(part j's own
// register is k) P(the other sketch's is below k), its gradient dmu[j] in
// (a, b, x).
struct Informative {
    double n[2] = {0, 0};
    double mu[2] = {0, 0};
    double dmu[2][3] = {{0, 0, 0}, {0, 0, 0}};
    double w[2] = {0, 0};   // the share of each count's log-likelihood ratio taken back
};

// P(K = k) for a register of rate lam, and its derivative in lam.
void pmf_slope(double lam, int k, int q, double& p, double& d) {
    if (k == 0) {
        p = std::exp(-lam);
        d = -p;
        return;
    }
    double rho = rho_of(k, q), t = lam * rho, e = std::exp(-t), f = -std::expm1(-t);
    if (k <= q) {
        p = e * f;
        d = rho * (e * (e - f));
    } else {
        p = f;
        d = rho * e;
    }
}

void expected_informative(int q, double m, const double* rate, Informative& inf) {
    for (int j = 0; j < 2; j++) {
        double own = rate[j], other = rate[1 - j] + rate[2];
        double mu = 0, d_own = 0, d_other = 0;
        for (int k = 1; k <= q + 1; k++) {
            double p, dp;
            pmf_slope(own, k, q, p, dp);
            double c = std::exp(-other * rho_of(k - 1, q));
            mu = mu + p * c;
            d_own = d_own + dp * c;
            d_other = d_other - (p * c) * rho_of(k - 1, q);
        }
        inf.mu[j] = m * mu;
        inf.dmu[j][j] = m * d_own;
        inf.dmu[j][1 - j] = m * d_other;
        inf.dmu[j][2] = m * d_other;
    }
}

// Counts above this get no share: theirs would be under 1% (a bound about
// 0.5% wider at most), and the sum below grows with the count.
constexpr double kMidPLimit = 400;

// The mid-p upper bound of a Poisson mean from the count n (Lancaster 1961):
// the mean U with P(X < n) + P(X = n) / 2 = tail. Garwood's exact bound
// (P(X <= n) = tail) over-covered: 96.1% for |A ∩ B| and 96.4% for |B \ A|
// at |B \ A| = 6,000 above, where mid-p gives 95.5% and 95.7%. Newton from
// Wilson and Hilferty's approximation of Garwood's bound, which lies above
// it (the function is decreasing and convex there: one step lands below the
// root, the next ones climb to it).
double mid_p_upper(double n, double tail, double z) {
    double n1 = n + 1;
    double c = (1.0 - 1.0 / (9.0 * n1)) + z / (3.0 * std::sqrt(n1));
    double u = n1 * ((c * c) * c);
    for (int it = 0; it < kMaxIterations; it++) {
        double t = std::exp(-u), below = 0, prev = 0;
        for (int j = 0; j < n; j++) {
            below = below + t;
            prev = t;
            t = (t * u) / (j + 1);
        }
        double f = (below + 0.5 * t) - tail, slope = -0.5 * (prev + t);
        double next = u - f / slope;
        if (!(next > 0) || !std::isfinite(next)) break;
        double step = std::fabs(next - u);
        u = next;
        if (step <= 1e-12 * u) break;
    }
    return u;
}

// N's Poisson deviance from mu, halved: mu - N - N ln(mu / N).
double half_deviance(double n, double mu) { return n > 0 ? (mu - n) - n * std::log(mu / n) : mu; }

// Profile likelihood-ratio bounds of one rate (i = 0: a, 1: b, 2: x) as
// counts: L maximised over the other two at each value of rate i (by the
// envelope theorem its slope is dL/d rate_i there), the ends where it is
// `drop` below the maximum `top` (at `rate`). Their distances from the
// estimate are scaled by sqrt((v - n) / v), v the Poissonized variance of the
// count (finite and positive) and n the count reported: the same correction
// from a Poisson to a fixed set as the standard error's. Where the count
// j of registers above the other sketch's has grown past its observed n[j],
// w[j] times its log-likelihood ratio (Informative) is given back to L, and
// its slope along the profile (the other two rates moving as -H_oo^-1 H_oi)
// to L's slope.
Bounds profile_bounds(const Cells& cells, const double* rate, double top, double w, int i, double drop, double z,
                      double v, double n, double m, const Informative& base) {
    double hat = rate[i], wald = z * (std::sqrt(v) / m);
    double end[2];
    bool edge = false;
    // L and its slope at a profile point r (pe its evaluation) with each
    // informative count's share given back.
    auto give_back = [&](const double* r, const Eval& pe, double& ll, double& slope) {
        Informative inf;
        expected_informative(cells.q, m, r, inf);
        // The other two rates' slopes along the profile: -H_oo^-1 H_oi. A
        // rate on its edge (x = 0; a or b below 1e-9 w, which the iteration
        // approaches by steps in ln) stays there: its row left out (with both
        // in, the nearly singular H_oo gave slopes of 1e11 that stopped the
        // bound's search next to the estimate: bounds [0, 0] of |A \ B| for a
        // truth of 65 with equal registers at p = 4).
        int o1 = i == 0 ? 1 : 0, o2 = i == 2 ? 1 : 2;
        bool on_edge[3] = {r[0] < 1e-9 * w, r[1] < 1e-9 * w, r[2] == 0};
        double dr[3] = {0, 0, 0};
        dr[i] = 1;
        if (on_edge[o1] && !on_edge[o2] && pe.h[o2][o2] != 0) {
            dr[o2] = -pe.h[o2][i] / pe.h[o2][o2];
        } else if (on_edge[o2] && !on_edge[o1] && pe.h[o1][o1] != 0) {
            dr[o1] = -pe.h[o1][i] / pe.h[o1][o1];
        } else if (!on_edge[o1] && !on_edge[o2]) {
            double det = pe.h[o1][o1] * pe.h[o2][o2] - pe.h[o1][o2] * pe.h[o1][o2];
            if (det != 0) {
                dr[o1] = -(pe.h[o2][o2] * pe.h[o1][i] - pe.h[o1][o2] * pe.h[o2][i]) / det;
                dr[o2] = -(pe.h[o1][o1] * pe.h[o2][i] - pe.h[o1][o2] * pe.h[o1][i]) / det;
            }
        }
        for (int j = 0; j < 2; j++) {
            if (!(base.w[j] > 0)) continue;
            double nj = base.n[j];
            auto part = [&](double mu) { return mu > nj ? base.w[j] * half_deviance(nj, mu) : 0.0; };
            ll = ll + (part(inf.mu[j]) - part(base.mu[j]));
            if (inf.mu[j] > nj) {
                double dmu = (inf.dmu[j][0] * dr[0] + inf.dmu[j][1] * dr[1]) + inf.dmu[j][2] * dr[2];
                slope = slope + base.w[j] * ((1.0 - nj / inf.mu[j]) * dmu);
            }
        }
    };
    for (int side : {-1, 1}) {
        double kept[3] = {rate[0], rate[1], rate[2]}, tried[3] = {rate[0], rate[1], rate[2]};
        double inner = hat, tried_t = hat;
        bool fell = false;
        auto at = [&](double t, double& ll, double& slope) {
            tried_t = t;
            // From the last point inside, by d = t - inner. Profiling x: a
            // and b grow by s = max(-d, 0), keeping a + x and b + x (the sizes
            // of A and B) when x moves down; moving up they are kept (they
            // stay > 0). Profiling a (or b): x moves by -d, keeping a + x (b +
            // x), and the other grows by s = max(d, 0), keeping its size too
            // when a moves up; moving down it is kept.
            // Where that start is outside the domain (x pushed below 0), a
            // and b start from the other two as kept; x has no second start.
            double s = i == 2 ? std::max(inner - t, 0.0) : std::max(t - inner, 0.0);
            double r[3];
            for (int j = 0; j < 3; j++) r[j] = j == i ? t : j == 2 ? kept[2] - (t - inner) : kept[j] + s;
            Eval pe;
            auto defined = [&] {
                if (!(r[0] > 0 && r[1] > 0 && r[2] >= 0)) return false;
                pe = evaluate(cells, r);
                return std::isfinite(pe.ll);
            };
            if (!defined()) {
                if (i == 2) return false;
                for (int j = 0; j < 3; j++) r[j] = j == i ? t : kept[j];
                if (!defined()) return false;
            }
            maximise(cells, r, pe, w, i);
            std::copy(r, r + 3, tried);
            ll = pe.ll;
            slope = pe.g[i];
            if (base.w[0] > 0 || base.w[1] > 0) give_back(r, pe, ll, slope);
            fell = fell || (std::isfinite(ll) && (top - ll) - drop >= 0);
            return true;
        };
        auto keep = [&] {
            std::copy(tried, tried + 3, kept);
            inner = tried_t;
        };
        // x on its edge: the interval starts there.
        if (side < 0 && hat == 0) {
            end[0] = 0;
            edge = true;
            continue;
        }
        end[side > 0] = likelihood_bound(hat, top, drop, side, hat + side * wald, wald, at, keep);
        // Below: no point fell by drop, every one beyond was outside the
        // domain, so the interval reaches the edge, a part of 0. (The
        // estimate there is a rate near 0 but positive, and the scaled end
        // would be too: a count's lower bound of 1 that missed a true 0.)
        if (side < 0 && !fell) edge = true;
    }
    double f = std::sqrt(std::max(v - n, 0.0) / v);
    double lower = edge ? 0.0 : (hat - f * (hat - end[0])) * m;
    return integer_bounds(lower, (hat + f * (end[1] - hat)) * m, n);
}

// The ends of the profile likelihood-ratio interval of the Jaccard index J =
// x / (a + b + x) from the maximum `rate`: at each J = t in [0, 1), L(a, b, k (a +
// b)) with k = t / (1 - t) maximised over a and b (maximise tied), from the
// last point kept's union split as J says; its slope dL/dt = g2 (a + b) / (1 - t)^2.
// edge: the lower side reached J = 0 without the likelihood falling by drop.
void jaccard_profile(const Cells& cells, const double* rate, double top, double w, double drop, double wald,
                     double (&end)[2], bool& edge) {
    double hat = rate[2] / ((rate[0] + rate[1]) + rate[2]);
    edge = false;
    for (int side : {-1, 1}) {
        double kept[3] = {rate[0], rate[1], rate[2]}, tried[3] = {rate[0], rate[1], rate[2]};
        bool fell = false;
        auto at = [&](double t, double& ll, double& slope) {
            if (!(t >= 0 && t < 1)) return false;
            // From the last point kept, its union s = a + b + x kept: a and b
            // share (1 - t) s as they did, x is t s. (Keeping a and b, x = k (a
            // + b) fell to nothing where a and b were next to 0: Jaccard
            // bounds 0.9999999992..1 for a truth of 0.79 with equal registers.)
            double k = t / (1 - t), ab = kept[0] + kept[1], s = ab + kept[2];
            double r[3] = {((1 - t) * s) * (kept[0] / ab), ((1 - t) * s) * (kept[1] / ab), t * s};
            if (!(r[0] + r[2] > 0 && r[1] + r[2] > 0)) return false;
            Eval pe = evaluate(cells, r);
            if (!std::isfinite(pe.ll)) return false;
            maximise(cells, r, pe, w, -1, Tie{Tie::kJaccard, k});
            std::copy(r, r + 3, tried);
            ll = pe.ll;
            slope = pe.g[2] * ((r[0] + r[1]) / ((1 - t) * (1 - t)));
            fell = fell || (top - ll) - drop >= 0;
            return true;
        };
        auto keep = [&] { std::copy(tried, tried + 3, kept); };
        // J = 0 (x on its edge): the interval starts there.
        if (side < 0 && hat == 0) {
            end[0] = 0;
            edge = true;
            continue;
        }
        end[side > 0] = likelihood_bound(hat, top, drop, side, hat + side * wald, wald, at, keep);
        if (side < 0 && !fell) edge = true;
    }
}

double quantile_of_confidence(double confidence);

// What joint_estimate needs of the fit: the likelihood of h's cells
// maximised from rate (updated in place), with w = nu / m; the iterations
// and the signed intersection into o; the expected Fisher information at the
// maximum (Poissonized), from which the covariances come.
struct JointFit {
    Cells cells;
    Eval ev;  // at the maximum
    Eval fisher;
};

// The signed estimate of a part whose maximum lies on the edge 0: one Newton
// step of its profile likelihood out of the domain, g / I, g the score there
// (<= 0) and I the expected profile information, N22 - N2o No^-1 No2 with N
// the expected information (row and column `i` the part's, o the other two).
// 0 when I is not positive and finite.
double edge_step(const double (&neg)[3][3], double score) {
    double det = neg[0][0] * neg[1][1] - neg[0][1] * neg[1][0];
    if (!(det > 0)) return 0.0;
    double cross = (neg[2][0] * (neg[1][1] * neg[0][2] - neg[0][1] * neg[1][2]) +
                    neg[2][1] * (neg[0][0] * neg[1][2] - neg[1][0] * neg[0][2])) / det;
    double info = neg[2][2] - cross;
    if (!(info > 0) || !std::isfinite(info)) return 0.0;
    return std::min(score / info, 0.0);
}

JointFit fit_joint(const JointHistogram& h, double* rate, double w, Overlap& o) {
    JointFit f{cells_of(h), Eval{}, Eval{}};
    f.cells.pool = pool_start(w, h.q);
    f.ev = evaluate(f.cells, rate);
    o.iterations = maximise(f.cells, rate, f.ev, w, -1);
    f.fisher = evaluate(expected_cells(h.q, h.m, rate, f.cells.pool), rate);
    o.intersection_unclamped = std::min(rate[2] * h.m, 0x1p64);
    if (rate[2] == 0) {
        double neg[3][3];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) neg[i][j] = -f.fisher.h[i][j];
        o.intersection_unclamped = h.m * edge_step(neg, f.ev.g[2]);
    }
    return f;
}

// Bounds that also hold the estimate rounded (as hll_cardinality rounds).
Bounds holding(Bounds b, double value) {
    double r = std::round(value);
    return Bounds{std::min(b.lower, r), std::max(b.upper, r)};
}

// Nothing in common: each side's part is all of it (one side empty).
Overlap apart(const Estimate& e1, const Estimate& e2) {
    Overlap o;
    o.a = o.a_only = e1;
    o.b = o.b_only = e2;
    o.union_ = e1.value == 0 ? e2 : e1;
    return o;
}

}  // namespace

Overlap joint_estimate(const JointHistogram& h, const double* confidence) {
    int q = h.q;
    double m = h.m;
    double z = confidence != nullptr ? quantile_of_confidence(*confidence) : 0;
    std::vector<std::uint64_t> c1(q + 2), c2(q + 2), cu(q + 2);
    for (int k = 0; k <= q + 1; k++) {
        c1[k] = h.ax[k] + h.a[k] + h.eq[k];
        c2[k] = h.b[k] + h.bx[k] + h.eq[k];
        cu[k] = h.b[k] + h.a[k] + h.eq[k];
    }
    double n1 = ertl_estimate(c1.data(), q, m), n2 = ertl_estimate(c2.data(), q, m);
    if (n1 == 0 || n2 == 0) {
        Overlap o = apart(Estimate{n1, standard_error(q, m, n1)}, Estimate{n2, standard_error(q, m, n2)});
        if (confidence != nullptr) {
            o.a_bounds = o.a_only_bounds = cardinality_bounds(c1, q, m, *confidence);
            o.b_bounds = o.b_only_bounds = cardinality_bounds(c2, q, m, *confidence);
            o.union_bounds = cardinality_bounds(cu, q, m, *confidence);
        }
        return o;
    }
    Overlap o;
    double nu = ertl_estimate(cu.data(), q, m);
    double lo = kStartFloor * nu;
    double x0 = std::min(std::max((n1 + n2) - nu, lo), std::min(n1, n2));
    double rate[3] = {std::max(n1 - x0, lo) / m, std::max(n2 - x0, lo) / m, x0 / m};
    double w = nu / m;

    JointFit fit = fit_joint(h, rate, w, o);
    const Cells& cells = fit.cells;
    const Eval& ev = fit.ev;
    const Eval& fisher = fit.fisher;
    // Capped as the single estimate is (doc/FORMAT.md section 3.10).
    double na = std::min(rate[0] * m, 0x1p64), nb = std::min(rate[1] * m, 0x1p64), nx = std::min(rate[2] * m, 0x1p64);
    // Covariance of the counts: m^2 I^-1 with I the expected Fisher
    // information at the estimate (Poissonized), minus the Poisson variance
    // of each part's own count (doc/FORMAT.md).
    double neg[3][3], cov[3][3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) neg[i][j] = -fisher.h[i][j];
    double inv[3][3];
    double inf = std::numeric_limits<double>::infinity();
    if (invert3(neg, inv)) {
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) cov[i][j] = (m * m) * inv[i][j];
    } else {
        for (int i = 0; i < 3; i++) cov[i][i] = inf;
    }
    double poisson_a = cov[0][0], poisson_b = cov[1][1], poisson_x = cov[2][2];
    double pcov[3][3];
    std::copy(&cov[0][0], &cov[0][0] + 9, &pcov[0][0]);
    cov[0][0] = cov[0][0] - na;
    cov[1][1] = cov[1][1] - nb;
    cov[2][2] = cov[2][2] - nx;
    double nu_ml = (na + nb) + nx;
    o.a_only = {na, sqrt_nonneg(cov[0][0])};
    o.b_only = {nb, sqrt_nonneg(cov[1][1])};
    o.intersection = {nx, sqrt_nonneg(cov[2][2])};
    o.a = {na + nx, sqrt_nonneg((cov[0][0] + cov[2][2]) + 2 * cov[0][2])};
    o.b = {nb + nx, sqrt_nonneg((cov[1][1] + cov[2][2]) + 2 * cov[1][2])};
    o.union_ = {nu_ml, sqrt_nonneg(((cov[0][0] + cov[1][1]) + cov[2][2]) +
                                   2 * ((cov[0][1] + cov[0][2]) + cov[1][2]))};
    // Jaccard x / (a + b + x), by the delta method at the estimate (its union nu_ml).
    double u2 = nu_ml * nu_ml;
    double wj[3] = {-nx / u2, -nx / u2, (na + nb) / u2};
    double vj = 0, vjp = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            vj = vj + (wj[i] * cov[i][j]) * wj[j];
            vjp = vjp + (wj[i] * pcov[i][j]) * wj[j];
        }
    o.jaccard = {nx / nu_ml, sqrt_nonneg(vj)};

    if (confidence == nullptr) return o;
    // |A|, |B| and |A ∪ B|: the bounds of one sketch (hll_cardinality_bounds)
    // of A's, B's and the union's registers, holding the joint estimates (a
    // sketch's own estimate and the joint one differ, rarely by more than the
    // bounds' half-width).
    o.a_bounds = holding(cardinality_bounds(c1, q, m, *confidence), o.a.value);
    o.b_bounds = holding(cardinality_bounds(c2, q, m, *confidence), o.b.value);
    o.union_bounds = holding(cardinality_bounds(cu, q, m, *confidence), o.union_.value);
    // Jaccard: profile likelihood-ratio bounds (value ∓ z·SE where its
    // Poissonized variance is not finite and positive), their distances from
    // the maximum scaled to fixed sets as the counts' are, in [0, 1].
    double drop = 0.5 * (z * z);
    if (vjp > 0 && std::isfinite(vjp)) {
        double end[2], jhat = rate[2] / ((rate[0] + rate[1]) + rate[2]);
        bool edge;
        jaccard_profile(cells, rate, ev.ll, w, drop, z * std::sqrt(vjp), end, edge);
        double f = std::sqrt(std::max(vj, 0.0) / vjp);
        o.jaccard_bounds = {edge ? 0.0 : std::max(jhat - f * (jhat - end[0]), 0.0),
                            std::min(jhat + f * (end[1] - jhat), 1.0)};
    } else {
        o.jaccard_bounds = ratio_bounds(o.jaccard, *confidence);
    }
    // |A \ B|, |B \ A| and |A ∩ B|: profile likelihood-ratio bounds in the
    // joint likelihood (value ∓ z·standard_error where the Poissonized
    // variance is not finite and positive).
    double top = ev.ll;
    Informative base;
    for (int k = 0; k <= q + 1; k++) {
        base.n[0] = base.n[0] + cells.a[k];
        base.n[1] = base.n[1] + cells.b[k];
    }
    expected_informative(q, m, rate, base);
    for (int j = 0; j < 2; j++) {
        if (base.n[j] > kMidPLimit) continue;
        double d = half_deviance(base.n[j], mid_p_upper(base.n[j], 0.5 * (1.0 - *confidence), z));
        base.w[j] = d > drop ? 1.0 - drop / d : 0.0;
    }
    Estimate part[3] = {o.a_only, o.b_only, o.intersection};
    double poisson[3] = {poisson_a, poisson_b, poisson_x};
    Bounds* out[3] = {&o.a_only_bounds, &o.b_only_bounds, &o.intersection_bounds};
    for (int i = 0; i < 3; i++) {
        double n = part[i].value, half = z * part[i].standard_error;
        if (poisson[i] > 0 && std::isfinite(poisson[i]))
            *out[i] = holding(profile_bounds(cells, rate, top, w, i, drop, z, poisson[i], n, m, base), n);
        else
            *out[i] = holding(integer_bounds(n - half, n + half, n), n);
    }
    return o;
}

Overlap joint_estimate(const JointHistogram& h) { return joint_estimate(h, nullptr); }

namespace {

// ---- Two sparse values ----

// The count of values that share an index at precision 26 with another, a
// Poisson count of mean mu: the smallest k with P(C <= k) >= confidence.
double collision_bound(double mu, double confidence) {
    if (!(mu > 0)) return 0.0;
    if (mu > 500) return std::ceil(mu + normal_quantile(confidence) * std::sqrt(mu));
    double term = std::exp(-mu), sum = term, k = 0;
    while (sum < confidence && k < 2000) {
        k = k + 1;
        term = (term * mu) / k;
        sum = sum + term;
    }
    return k;
}

// The expected number of values hidden by collisions among n values in m
// indices (n^2 / 2m, n much smaller than m).
double collision_mean(double n, double m) { return (n * n) / (2 * m); }

// The half-width below which a count's bounds do not go where its error is a
// few discrete events (the lookup of a sparse value in a dense one), from v,
// the count's variance for fixed sets, and k, the (1 + confidence) / 2 bound
// of a Poisson count of mean v: below v = 1 the estimate lies within v of a
// count that is off by a Poisson number of events of mean at most v, so k +
// v; from 1 up, k's distance from its mean, k - v.
double discrete_half_width(double v, double confidence) {
    if (!(v > 0) || !std::isfinite(v)) return 0.0;
    double k = collision_bound(v, 0.5 * (1 + confidence));
    return v < 1 ? k + v : k - v;
}

// Two sparse values, entry by entry at precision 26 (h), with the estimates
// of joint_estimate. Each index present in either is one entry of A ∪ B;
// an index with the same rank in both (`matched`) is a value of A ∩ B, every
// other entry of A one of A \ B (of B, B \ A). That is exact but for values
// that share an index with another (a collision), each of which moves each
// count by at most one: every count's bounds are its entry count ∓ k, k the
// confidence bound of the number of collisions among A ∪ B (mean: the
// union's estimate minus its entries), |A ∪ B|'s only upwards (a collision
// only hides a value); |A| and |B| those of hll_cardinality_bounds.
void sparse_pair_bounds(Overlap& o, const JointHistogram& h, const Sketch& sa, const Sketch& sb, double confidence) {
    int q = h.q;
    double matched = 0, in_a = 0, in_b = 0, m = h.m;
    std::vector<std::uint64_t> cu(q + 2);
    for (int k = 0; k <= q + 1; k++) {
        cu[k] = h.b[k] + h.a[k] + h.eq[k];
        if (k > 0) matched = matched + static_cast<double>(h.eq[k]);
    }
    in_a = static_cast<double>(sa.sparse_count());
    in_b = static_cast<double>(sb.sparse_count());
    double entries = m - static_cast<double>(cu[0]);
    double k = collision_bound(collision_mean(entries, m), confidence);
    auto around = [&](double count, double value) { return holding(integer_bounds(count - k, count + k, value), value); };
    o.a_bounds = holding(cardinality_bounds(sa, confidence), o.a.value);
    o.b_bounds = holding(cardinality_bounds(sb, confidence), o.b.value);
    o.union_bounds = holding(Bounds{entries, entries + k}, o.union_.value);
    o.intersection_bounds = around(matched, o.intersection.value);
    o.a_only_bounds = around(in_a - matched, o.a_only.value);
    o.b_only_bounds = around(in_b - matched, o.b_only.value);
    double j_lo = std::max(matched - k, 0.0) / (entries + k), j_hi = std::min((matched + k) / entries, 1.0);
    o.jaccard_bounds = {std::min(j_lo, o.jaccard.value), std::max(j_hi, o.jaccard.value)};
}

Overlap sparse_pair(const Sketch& sa, const Sketch& sb, const double* confidence) {
    JointHistogram h(64 - kSparsePrecision, static_cast<double>(register_count(kSparsePrecision)));
    std::size_t i = 0, j = 0, na = sa.sparse_count(), nb = sb.sparse_count(), used = 0;
    while (i < na || j < nb) {
        std::uint32_t ea = i < na ? sa.entry(i) : 0, eb = j < nb ? sb.entry(j) : 0;
        if (j >= nb || (i < na && (ea >> 6) < (eb >> 6))) {
            h.add(ea & 63u, 0);
            i++;
        } else if (i >= na || (eb >> 6) < (ea >> 6)) {
            h.add(0, eb & 63u);
            j++;
        } else {
            h.add(ea & 63u, eb & 63u);
            i++;
            j++;
        }
        used++;
    }
    h.add_zero_pairs(register_count(kSparsePrecision) - used);
    if (na == 0 || nb == 0) return joint_estimate(h, confidence);
    Overlap o = joint_estimate(h, nullptr);
    if (confidence != nullptr) sparse_pair_bounds(o, h, sa, sb, *confidence);
    return o;
}

// ---- One sparse value S against a dense value D: S's entries looked up in D's registers ----
//
// Each entry of S (a value of S, up to collisions) is a value of D with
// probability pi (|S ∩ D| = pi |S|); D's registers hold the values of D \ S,
// a rate b per register (|D \ S| = b m), and those of S in D. A register
// where D has value d and S entries of ranks r1, r2, ... (at D's precision)
// is at most d with probability F(d) (1 - pi)^(number of ranks above d), F(d)
// = exp(-b 2^-d) that of D \ S alone (1 for d = q + 1). So an entry above
// D's register is certainly not in D, one at it is likely in D where D \ S
// seldom reaches that value, and one below says nothing of its membership.

struct Lookup {
    int q = 0;
    double m = 0;
    std::vector<double> free;  // D's registers without an entry of S, by value (q + 2)
    // D's registers with entries: by (D's value, entries above it, entries at it).
    std::map<std::array<unsigned, 3>, double> seen;
    // The same registers by their entries' ranks, sorted (the expected information).
    std::map<std::vector<unsigned>, double> shapes;
};

Lookup lookup_of(const Sketch& s, const std::vector<std::uint8_t>& regs, int p) {
    Lookup c;
    c.q = 64 - p;
    c.m = static_cast<double>(register_count(p));
    c.free.assign(c.q + 2, 0);
    unsigned top = static_cast<unsigned>(c.q + 1);
    std::vector<bool> taken(regs.size(), false);
    std::size_t n = s.sparse_count();
    for (std::size_t i = 0; i < n;) {
        std::uint32_t idx, at_idx;
        unsigned r;
        entry_at(s.entry(i), p, idx, r);
        std::vector<unsigned> ranks{std::min(r, top)};
        for (i++; i < n; i++) {
            entry_at(s.entry(i), p, at_idx, r);
            if (at_idx != idx) break;
            ranks.push_back(std::min(r, top));
        }
        unsigned d = std::min<unsigned>(regs[idx], top), above = 0, at = 0;
        for (unsigned rk : ranks) {
            above += rk > d;
            at += rk == d;
        }
        c.seen[{d, above, at}] += 1;
        std::sort(ranks.begin(), ranks.end());
        c.shapes[ranks] += 1;
        taken[idx] = true;
    }
    for (std::size_t k = 0; k < regs.size(); k++)
        if (!taken[k]) c.free[std::min<unsigned>(regs[k], top)] += 1;
    return c;
}

// The log-likelihood in (pi, b), its gradient and Hessian.
struct Eval2 {
    double ll = 0;
    double g[2] = {0, 0};
    double h[2][2] = {{0, 0}, {0, 0}};
};

// P(K = d) for a register of rate b with its first and second derivatives in b.
void pmf_terms(double b, int d, int q, double& p, double& p1, double& p2) {
    double l, d1, d2;
    single_terms(b, d, q, l, d1, d2);
    p = pmf(b, d, q);
    p1 = p * d1;
    p2 = p * (d2 + d1 * d1);
}

// F(d) = P(K <= d) for a register of rate b (0 below 0, 1 above q) with its derivatives in b.
void cdf_terms(double b, int d, int q, double& f, double& f1, double& f2) {
    if (d < 0 || d > q) {
        f = d < 0 ? 0.0 : 1.0;
        f1 = f2 = 0;
        return;
    }
    double rho = std::ldexp(1.0, -d);
    f = std::exp(-b * rho);
    f1 = -(rho * f);
    f2 = (rho * rho) * f;
}

Eval2 lookup_eval(const Lookup& c, double pi, double b) {
    Eval2 ev;
    int q = c.q;
    auto add_b = [&](double n, int d) {
        double l, d1, d2;
        single_terms(b, d, q, l, d1, d2);
        ev.ll = ev.ll + n * l;
        ev.g[1] = ev.g[1] + n * d1;
        ev.h[1][1] = ev.h[1][1] + n * d2;
    };
    for (int k = 0; k <= q + 1; k++)
        if (c.free[k] != 0) add_b(c.free[k], k);
    double v = 1 - pi;
    for (const auto& [key, n] : c.seen) {
        int d = static_cast<int>(key[0]);
        double above = key[1], at = key[2];
        if (above > 0) {
            double t = n * above;
            ev.ll = ev.ll + t * std::log(v);
            ev.g[0] = ev.g[0] - t / v;
            ev.h[0][0] = ev.h[0][0] - t / (v * v);
        }
        if (at == 0) {
            add_b(n, d);
            continue;
        }
        // P(register = d) / (1 - pi)^above = P(d) + (1 - (1 - pi)^at) F(d - 1).
        double p, p1, p2, f, f1, f2;
        pmf_terms(b, d, q, p, p1, p2);
        cdf_terms(b, d - 1, q, f, f1, f2);
        double share = -std::expm1(at * std::log1p(-pi));  // 1 - (1 - pi)^at
        double dv = at * std::pow(v, at - 1), ddv = at == 1 ? 0.0 : -((at * (at - 1)) * std::pow(v, at - 2));
        double t = p + share * f, tp = dv * f, tpp = ddv * f;
        double tb = p1 + share * f1, tbb = p2 + share * f2, tpb = dv * f1;
        double gp = tp / t, gb = tb / t;
        ev.ll = ev.ll + n * std::log(t);
        ev.g[0] = ev.g[0] + n * gp;
        ev.g[1] = ev.g[1] + n * gb;
        ev.h[0][0] = ev.h[0][0] + n * (tpp / t - gp * gp);
        ev.h[0][1] = ev.h[0][1] + n * (tpb / t - gp * gb);
        ev.h[1][1] = ev.h[1][1] + n * (tbb / t - gb * gb);
    }
    ev.h[1][0] = ev.h[0][1];
    return ev;
}

// Damped Newton maximisation in (pi, ln b) over 0 <= pi <= 1, b > 0, as
// maximise: a step past an edge of pi stops there, and pi is held on an edge
// while the likelihood rises only beyond it. fixed = 0 or 1 holds pi or b.
int lookup_maximise(const Lookup& c, double& pi, double& b, Eval2& ev, int fixed) {
    auto system = [&](double (&gt)[3], double (&mt)[3][3], double& tau) {
        double h[3][3] = {{-ev.h[0][0], -(ev.h[0][1] * b), 0}, {-(ev.h[1][0] * b), -((b * ev.h[1][1]) * b), 0}, {0, 0, 1}};
        gt[0] = ev.g[0];
        gt[1] = b * ev.g[1];
        gt[2] = 0;
        h[1][1] = h[1][1] - gt[1];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) mt[i][j] = h[i][j];
        tau = 1e-6 * (std::fabs(mt[0][0]) + std::fabs(mt[1][1]));
        if (!(tau > 0)) tau = 1e-6;
        if (fixed >= 0) hold(gt, mt, fixed);
        if ((pi == 0 && !(gt[0] > 0)) || (pi == 1 && !(gt[0] < 0))) hold(gt, mt, 0);
    };
    auto move = [&](const double* d, double& gain, double& ll) {
        double np = std::min(std::max(pi + d[0], 0.0), 1.0), nb = b * std::exp(d[1]);
        if (!(nb > 0)) return false;
        Eval2 ne = lookup_eval(c, np, nb);
        if (!(ne.ll >= ev.ll)) return false;
        gain = ne.ll - ev.ll;
        ll = ne.ll;
        pi = np;
        b = nb;
        ev = ne;
        return true;
    };
    return newton_maximise(system, move);
}

// The expected Fisher information about (pi, b) of D's registers: those
// without an entry (rate b), and those with entries by their ranks: P(d) =
// (1 - pi)^A (P_b(d) + (1 - (1 - pi)^E) F(d - 1)) with A and E the entries
// above and at d, summed over d = 0 .. q + 1 (outcomes of probability 0 left
// out).
void lookup_information(const Lookup& c, double pi, double b, double (&info)[2][2]) {
    int q = c.q;
    double v = 1 - pi, free = 0, one = 0;
    for (int k = 0; k <= q + 1; k++) free = free + c.free[k];
    for (int k = 1; k <= q + 1; k++) {
        double l, d1, d2;
        single_terms(b, k, q, l, d1, d2);
        one = one - pmf(b, k, q) * d2;
    }
    info[0][0] = info[0][1] = info[1][0] = 0;
    info[1][1] = free * one;
    for (const auto& [ranks, n] : c.shapes) {
        for (int d = 0; d <= q + 1; d++) {
            double above = 0, at = 0;
            for (unsigned r : ranks) {
                above += static_cast<int>(r) > d;
                at += static_cast<int>(r) == d;
            }
            double p, p1, p2, f, f1, f2;
            pmf_terms(b, d, q, p, p1, p2);
            cdf_terms(b, d - 1, q, f, f1, f2);
            double share = at > 0 ? -std::expm1(at * std::log1p(-pi)) : 0.0;
            double base = p + share * f, va = std::pow(v, above);
            double P = va * base;
            if (!(P > 0)) continue;
            double dva = above > 0 ? -(above * std::pow(v, above - 1)) : 0.0;
            double dshare = at > 0 ? at * std::pow(v, at - 1) : 0.0;
            double gp = dva * base + va * (dshare * f), gb = va * (p1 + share * f1);
            info[0][0] = info[0][0] + n * ((gp * gp) / P);
            info[0][1] = info[0][1] + n * ((gp * gb) / P);
            info[1][1] = info[1][1] + n * ((gb * gb) / P);
        }
    }
    info[1][0] = info[0][1];
}

// The ends, as values of pi (i = 0) or b (i = 1), of the profile
// likelihood-ratio interval in the lookup likelihood (the other maximised at
// each value), from the maximum (pi, b) with log-likelihood top; edge[side]
// when that side reached the end of the domain (pi 0 or 1, b 0) without the
// likelihood falling by drop. b starts each maximisation at least at
// b_floor: near 0 its steps in ln b are too small to leave.
void lookup_profile(const Lookup& c, double pi, double b, double top, int i, double drop, double wald,
                    double b_floor, double (&end)[2], bool (&edge)[2]) {
    double hat = i == 0 ? pi : b;
    for (int side : {-1, 1}) {
        int s = side > 0;
        if (i == 0 && pi == (side < 0 ? 0.0 : 1.0)) {
            end[s] = hat;
            edge[s] = true;
            continue;
        }
        double kept[2] = {pi, b}, tried[2] = {pi, b};
        bool fell = false;
        auto at = [&](double t, double& ll, double& slope) {
            if (i == 0 ? !(t >= 0 && t <= 1) : !(t > 0)) return false;
            double r[2] = {kept[0], std::max(kept[1], b_floor)};
            r[i] = t;
            Eval2 pe = lookup_eval(c, r[0], r[1]);
            if (!std::isfinite(pe.ll)) return false;
            lookup_maximise(c, r[0], r[1], pe, i);
            tried[0] = r[0];
            tried[1] = r[1];
            ll = pe.ll;
            slope = pe.g[i];
            fell = fell || (top - ll) - drop >= 0;
            return true;
        };
        auto keep = [&] {
            kept[0] = tried[0];
            kept[1] = tried[1];
        };
        end[s] = likelihood_bound(hat, top, drop, side, hat + side * wald, wald, at, keep);
        edge[s] = !fell;
    }
}

// S (sparse) against D (dense), at D's precision (doc/FORMAT.md section
// 3.14, "A sparse value against a dense one"); a is S, b is D.
Overlap lookup_estimate(const Sketch& s, const Sketch& dn, const double* confidence) {
    Estimate own = estimate_with_error(s), other = estimate_with_error(dn);
    if (own.value == 0 || other.value == 0) {
        Overlap o = apart(own, other);
        if (confidence != nullptr) {
            o.a_bounds = o.a_only_bounds = cardinality_bounds(s, *confidence);
            o.b_bounds = o.b_only_bounds = cardinality_bounds(dn, *confidence);
            o.union_bounds = own.value == 0 ? o.b_bounds : o.a_bounds;
        }
        return o;
    }
    int p = dn.precision();
    Lookup c = lookup_of(s, registers(dn), p);
    double m = c.m, n = own.value;
    double b_floor = kStartFloor * other.value / m;
    double pi = 0.5, b = std::max((other.value - 0.5 * n) / m, b_floor);
    Eval2 ev = lookup_eval(c, pi, b);
    Overlap o;
    o.iterations = lookup_maximise(c, pi, b, ev, -1);
    double info[2][2];
    lookup_information(c, pi, b, info);
    double det = info[0][0] * info[1][1] - info[0][1] * info[1][0];
    double inf = std::numeric_limits<double>::infinity();
    // Without information about pi (every entry hidden in D's registers),
    // b's variance is that of its own information.
    double vp = inf, vb = info[1][1] > 0 ? 1 / info[1][1] : inf, cpb = 0;
    if (det > 0 && std::isfinite(det)) {
        vp = info[1][1] / det;
        vb = info[0][0] / det;
        cpb = -info[0][1] / det;
    }
    double nx = pi * n, na = n - nx, nb = std::min(b * m, 0x1p64);
    // Model variances (pi Bernoulli, D \ S Poisson), less each count's own
    // spread under the model: binomial among S's n values for x, Poisson for
    // D \ S. x's error is at most its estimate's distance to 0 or to n.
    double vx = (n * n) * vp, vbm = (m * m) * vb, cxb = (n * m) * cpb;
    double widest = std::max(nx, na) * std::max(nx, na);
    double cxx = std::min(vx - nx * (na / n), widest), cbb = vbm - nb, own2 = own.standard_error * own.standard_error;
    // Their covariance no larger than the two allow (x's variance may have been capped).
    double most = std::sqrt(std::max(cxx, 0.0) * std::max(cbb, 0.0));
    cxb = std::max(std::min(cxb, most), -most);
    double u = n + nb;
    o.a = own;
    o.b = {nb + nx, sqrt_nonneg((cbb + cxx) + 2 * cxb)};
    o.union_ = {u, sqrt_nonneg(cbb + own2)};
    o.intersection = {nx, sqrt_nonneg(cxx)};
    o.a_only = {na, sqrt_nonneg(cxx + own2)};
    o.b_only = {nb, sqrt_nonneg(cbb)};
    double wx = 1 / u, wb = -nx / (u * u);
    o.jaccard = {nx / u, sqrt_nonneg(((wb * cbb) * wb + 2 * ((wb * cxb) * wx)) + (wx * cxx) * wx)};
    o.intersection_unclamped = nx;
    if (pi == 0 && info[1][1] > 0) {
        double ip = info[0][0] - (info[0][1] * info[0][1]) / info[1][1];
        if (ip > 0 && std::isfinite(ip)) o.intersection_unclamped = n * std::min(ev.g[0] / ip, 0.0);
    }
    if (confidence == nullptr) return o;
    double z = quantile_of_confidence(*confidence), drop = 0.5 * (z * z);
    o.a_bounds = cardinality_bounds(s, *confidence);
    o.b_bounds = holding(cardinality_bounds(dn, *confidence), o.b.value);
    // |S ∩ D|: the profile bounds of pi, their distances from the estimate
    // scaled from the model to fixed sets as the standard error is.
    double end[2];
    bool edge[2];
    lookup_profile(c, pi, b, ev.ll, 0, drop, vp > 0 && std::isfinite(vp) ? z * std::sqrt(vp) : 0.5, b_floor, end, edge);
    // An edge reached is the end of the domain: 0, or all of S (its upper bound).
    double fx = vx > 0 && std::isfinite(vx) ? std::sqrt(std::max(cxx, 0.0) / vx) : 1.0;
    double s_hi = o.a_bounds.upper;
    double hx = discrete_half_width(cxx, *confidence);
    double x_lo = edge[0] ? 0.0 : std::min(n * (pi - fx * (pi - end[0])), nx - hx);
    double x_hi = edge[1] ? s_hi : std::min(std::max(n * (pi + fx * (end[1] - pi)), nx + hx), s_hi);
    o.intersection_bounds = holding(integer_bounds(x_lo, x_hi, nx), nx);
    // |D \ S|: the profile bounds of b, scaled likewise.
    lookup_profile(c, pi, b, ev.ll, 1, drop, vb > 0 && std::isfinite(vb) ? z * std::sqrt(vb) : 0.5 * b, b_floor, end,
                   edge);
    double fb = vbm > 0 && std::isfinite(vbm) ? std::sqrt(std::max(cbb, 0.0) / vbm) : 1.0;
    double hb = discrete_half_width(cbb, *confidence);
    double b_lo = edge[0] ? 0.0 : std::min(m * (b - fb * (b - end[0])), nb - hb);
    double b_hi = std::max(m * (b + fb * (end[1] - b)), nb + hb);
    o.b_only_bounds = holding(integer_bounds(b_lo, b_hi, nb), nb);
    // |S \ D| = |S| - |S ∩ D|, |S ∪ D| = |S| + |D \ S|.
    const Bounds &sb = o.a_bounds, &xb = o.intersection_bounds, &db = o.b_only_bounds;
    o.a_only_bounds = holding(Bounds{std::max(sb.lower - xb.upper, 0.0), sb.upper - xb.lower}, na);
    o.union_bounds = holding(Bounds{sb.lower + db.lower, sb.upper + db.upper}, u);
    // Jaccard: value ∓ z·SE, and at least |S ∩ D|'s bounds over the union's
    // estimate (where x's discreteness, not the union, decides).
    Bounds jw = ratio_bounds(o.jaccard, *confidence);
    o.jaccard_bounds = {std::max(std::min(jw.lower, xb.lower / u), 0.0), std::min(std::max(jw.upper, xb.upper / u), 1.0)};
    return o;
}

// Both dense: their registers at the smaller precision, pair by pair.
Overlap dense_pair(const std::uint8_t* a_data, std::size_t a_size, const std::uint8_t* b_data, std::size_t b_size,
                   int p, const double* confidence) {
    VectorAllocator alloc;
    Buffer fa = fold(a_data, a_size, p, alloc), fb = fold(b_data, b_size, p, alloc);
    std::vector<std::uint8_t> ra = registers(parse_trusted(fa.data, fa.size)),
                              rb = registers(parse_trusted(fb.data, fb.size));
    JointHistogram h(64 - p, static_cast<double>(register_count(p)));
    for (std::size_t k = 0; k < ra.size(); k++) h.add(ra[k], rb[k]);
    return joint_estimate(h, confidence);
}

}  // namespace

Overlap overlap(const std::uint8_t* a_data, std::size_t a_size, const std::uint8_t* b_data, std::size_t b_size,
                const double* confidence) {
    Sketch sa = parse_trusted(a_data, a_size), sb = parse_trusted(b_data, b_size);
    check_compatible(sa.header, sb.header);
    check_own_family(sa, "joint estimates");
    // Values equal across two types need not hash equal (FORMAT.md 2.5): a
    // joint estimate of two kinds would count such values apart.
    kind::check_comparable(sa.header.kind, sb.header.kind, "hll values");
    if (confidence != nullptr) quantile_of_confidence(*confidence);
    if (sa.sparse() && sb.sparse()) return sparse_pair(sa, sb, confidence);
    if (!sa.sparse() && !sb.sparse())
        return dense_pair(a_data, a_size, b_data, b_size, std::min(sa.precision(), sb.precision()), confidence);
    if (sa.sparse()) return lookup_estimate(sa, sb, confidence);
    Overlap o = lookup_estimate(sb, sa, confidence);
    std::swap(o.a, o.b);
    std::swap(o.a_only, o.b_only);
    std::swap(o.a_bounds, o.b_bounds);
    std::swap(o.a_only_bounds, o.b_only_bounds);
    return o;
}

Estimate estimate_with_error(const Sketch& s) {
    std::vector<std::uint64_t> c;
    int q;
    double m;
    histogram_of(s, c, q, m);
    double n = ertl_estimate(c.data(), q, m);
    return Estimate{n, standard_error(q, m, n)};
}

namespace {
// The log-likelihood of one sketch's histogram c at rate lam, its first and second derivatives.
void single_eval(const std::vector<std::uint64_t>& c, int q, double lam, double& ll, double& g, double& hh) {
    ll = g = hh = 0;
    for (int k = 0; k <= q + 1; k++) {
        if (c[k] == 0) continue;
        double n = static_cast<double>(c[k]), l, d1, d2;
        single_terms(lam, k, q, l, d1, d2);
        ll = ll + n * l;
        g = g + n * d1;
        hh = hh + n * d2;
    }
}
}  // namespace

Bounds cardinality_bounds(const Sketch& s, double confidence) {
    std::vector<std::uint64_t> c;
    int q;
    double m;
    histogram_of(s, c, q, m);
    return cardinality_bounds(c, q, m, confidence);
}

Bounds cardinality_bounds(const std::vector<std::uint64_t>& c, int q, double m, double confidence) {
    double z = quantile_of_confidence(confidence);
    double n = ertl_estimate(c.data(), q, m);
    Estimate e{n, standard_error(q, m, n)};
    Bounds wald = count_bounds(e, confidence);
    // A sparse value (its entries at precision 26, q = 38): its entry count
    // is exact but for values that share an index with another (each such
    // collision hides one value), so its bounds reach from the entries up by
    // the collision count's bound.
    if (q == 64 - kSparsePrecision && n > 0) {
        double entries = m - static_cast<double>(c[0]);
        return holding(Bounds{entries, entries + collision_bound(collision_mean(entries, m), confidence)}, n);
    }
    if (!(n > 0) || !(n < 0x1p64) || !std::isfinite(e.standard_error)) return wald;
    // The maximum-likelihood rate, by damped Newton in ln(lam) from the
    // estimate (the same acceptance and stopping rules as the joint one).
    double lam = n / m, ll, g, hh;
    single_eval(c, q, lam, ll, g, hh);
    for (int it = 0; it < kMaxIterations; it++) {
        double gt = lam * g, mt = -((lam * hh) * lam) - gt;
        double tau = 1e-6 * std::fabs(mt);
        if (!(tau > 0)) tau = 1e-6;
        double mu = 0, step = 0, gain = 0;
        bool accepted = false;
        for (int t = 0; t < kMaxDampings && !accepted; t++) {
            double md = mt + mu;
            mu = mu == 0 ? tau : 10 * mu;
            if (!(md > 0)) continue;
            double d = gt / md;
            step = std::fabs(d);
            if (step > kMaxStep) {
                d = d * (kMaxStep / step);
                step = kMaxStep;
            }
            double next = lam * std::exp(d), nl, ng, nh;
            single_eval(c, q, next, nl, ng, nh);
            if (nl >= ll) {
                gain = nl - ll;
                lam = next;
                ll = nl;
                g = ng;
                hh = nh;
                accepted = true;
            }
        }
        if (!accepted || step <= kStepTolerance || gain <= kGainTolerance * std::fabs(ll)) break;
    }
    double v = poisson_variance(q, m, lam * m);
    if (!(v > 0 && std::isfinite(v) && std::isfinite(ll))) return wald;
    double top = ll, drop = 0.5 * (z * z), wald_rate = z * (std::sqrt(v) / m);
    auto at = [&](double t, double& l, double& slope) {
        if (!(t > 0)) return false;
        double h2;
        single_eval(c, q, t, l, slope, h2);
        return true;
    };
    auto keep = [] {};
    double lower = likelihood_bound(lam, top, drop, -1, lam - wald_rate, wald_rate, at, keep);
    double upper = likelihood_bound(lam, top, drop, 1, lam + wald_rate, wald_rate, at, keep);
    // Distances from the estimate scaled from a Poisson to a fixed set, as for x.
    double nml = lam * m;
    double f = std::sqrt(std::max(v - nml, 0.0) / v);
    return integer_bounds(n - f * (nml - lower * m), n + f * (upper * m - nml), n);
}

double relative_error(const Sketch& s) {
    Estimate e = estimate_with_error(s);
    return e.value > 0 ? e.standard_error / e.value : 0.0;
}

namespace {
// c[7] r^7 + ... + c[0] by Horner's rule, highest coefficient first.
double horner(const double (&c)[8], double r) {
    double s = c[7];
    for (int i = 6; i >= 0; i--) s = s * r + c[i];
    return s;
}

// AS241's coefficients, lowest degree first.
constexpr double kCentralNum[8] = {3.3871328727963666080e+0, 1.3314166789178437745e+2, 1.9715909503065514427e+3,
                                   1.3731693765509461125e+4, 4.5921953931549871457e+4, 6.7265770927008700853e+4,
                                   3.3430575583588128105e+4, 2.5090809287301226727e+3};
constexpr double kCentralDen[8] = {1.0, 4.2313330701600911252e+1, 6.8718700749205790830e+2,
                                   5.3941960214247511077e+3, 2.1213794301586595867e+4, 3.9307895800092710610e+4,
                                   2.8729085735721942674e+4, 5.2264952788528545610e+3};
constexpr double kNearNum[8] = {1.42343711074968357734e+0, 4.63033784615654529590e+0, 5.76949722146069140550e+0,
                                3.64784832476320460504e+0, 1.27045825245236838258e+0, 2.41780725177450611770e-1,
                                2.27238449892691845833e-2, 7.74545014278341407640e-4};
constexpr double kNearDen[8] = {1.0, 2.05319162663775882187e+0, 1.67638483018380384940e+0,
                                6.89767334985100004550e-1, 1.48103976427480074590e-1, 1.51986665636164571966e-2,
                                5.47593808499534494600e-4, 1.05075007164441684324e-9};
constexpr double kTailNum[8] = {6.65790464350110377720e+0, 5.46378491116411436990e+0, 1.78482653991729133580e+0,
                                2.96560571828504891230e-1, 2.65321895265761230930e-2, 1.24266094738807843860e-3,
                                2.71155556874348757815e-5, 2.01033439929228813265e-7};
constexpr double kTailDen[8] = {1.0, 5.99832206555887937690e-1, 1.36929880922735805310e-1,
                                1.48753612908506148525e-2, 7.86869131145613259100e-4, 1.84631831751005468180e-5,
                                1.42151175831644588870e-7, 2.04426310338993978564e-15};
}  // namespace

double normal_quantile(double p) {
    double q = p - 0.5;
    if (std::fabs(q) <= 0.425) {
        double r = 0.180625 - q * q;
        return (horner(kCentralNum, r) * q) / horner(kCentralDen, r);
    }
    double r = q <= 0.0 ? p : 1.0 - p;
    r = std::sqrt(-std::log(r));
    double x;
    if (r <= 5.0) {
        r = r - 1.6;
        x = horner(kNearNum, r) / horner(kNearDen, r);
    } else {
        r = r - 5.0;
        x = horner(kTailNum, r) / horner(kTailDen, r);
    }
    return q < 0.0 ? -x : x;
}

namespace {
double quantile_of_confidence(double confidence) {
    if (!(confidence > 0 && confidence < 1)) {
        char text[32];
        std::snprintf(text, sizeof text, "%g", confidence);
        throw Error(ErrorKind::kInvalidParameter,
                    std::string("confidence must be between 0 and 1 (exclusive), not ") + text);
    }
    return normal_quantile(0.5 * (1.0 + confidence));
}
}  // namespace

Bounds count_bounds(const Estimate& e, double confidence) {
    double z = quantile_of_confidence(confidence);
    double half = z * e.standard_error;
    // The integers inside the interval (the truth is an integer); when the
    // interval is narrower than the gap between two, the nearest one.
    return integer_bounds(e.value - half, e.value + half, e.value);
}

Bounds ratio_bounds(const Estimate& e, double confidence) {
    double z = quantile_of_confidence(confidence);
    double half = z * e.standard_error;
    return Bounds{std::max(e.value - half, 0.0), std::min(e.value + half, 1.0)};
}

std::int64_t round_count(double v) {
    return v >= 9223372036854775807.0 ? INT64_MAX : static_cast<std::int64_t>(std::llround(v));
}

}  // namespace probabilistic::hll
