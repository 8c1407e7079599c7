// Issue 41, first step: stored bytes against error for the candidate stored forms of hll.
// A standalone measurement; nothing here is part of the extension. bench/hll_candidates.sh
// builds and runs it; doc/HLL_COMPACT.md explains the method and the results.
//
// Candidates (one "design" covers HLL, UltraLogLog and ExaLogLog: ExaLogLog(t, d) keeps in
// each register the largest update value u and whether each of the d values below it was
// seen; HyperLogLog is ELL(0, 0) and UltraLogLog is ELL(0, 2)):
//   ours      6-bit HLL registers (or the sparse list where the format keeps it), the core's
//             estimator (src/core: hll::ertl_estimate, or the real value's hll::estimate);
//   HLL+rANS  the same registers entropy-coded with a static model of the register
//             distribution at the sketch's own estimate; the same estimator;
//   ULL, ELL  raw registers (8, 6+t+d bits) and the same rANS coding; our own
//             maximum-likelihood estimator (Ertl 2024, section on ML estimation);
//   anchors   Apache DataSketches HLL_4, HLL_8 and CPC, their serialized sizes and estimates.
//
// Simulation shortcuts (each exact in distribution, validated by `validate`):
//   registers for n distinct values: the counts per register are multinomial(n, 1/m) (drawn
//     as successive binomials); given k values in a register, its state is drawn from the top
//     down: the largest update value by inverting P(max <= v) = F(v)^k, how many of the k
//     hit it (binomial conditioned on >= 1), then level by level below it the count among
//     the rest (binomial with the level's share of what remains below);
//   DataSketches (and any sketch whose state changes only when a register's value or a new
//     coupon appears): its private coupon-update entry point is fed coupons drawn from the
//     exact distribution its hash produces; past 16K values, only the state-changing coupons,
//     each after a geometric number of no-op values, so the sequence of state changes (and
//     thus the HIP estimate, which only moves on a change) has its exact law.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "../src/core/hash.hpp"
#include "../src/core/hll.hpp"

#include "hll/include/hll.hpp"
#include "cpc/include/cpc_sketch.hpp"
#include "cpc/include/cpc_union.hpp"

namespace pc = probabilistic;
namespace ds = datasketches;

// ---------------------------------------------------------------------------------------------
// DataSketches' private update entry points, reached by the standard explicit-instantiation
// rule (access is not checked in the arguments of an explicit instantiation). Test harness only.
template <typename Tag, typename Tag::type M>
struct Reach {
    friend typename Tag::type get(Tag) { return M; }
};
struct HllCouponUpdate {
    using type = void (ds::hll_sketch::*)(uint32_t);
    friend type get(HllCouponUpdate);
};
template struct Reach<HllCouponUpdate, &ds::hll_sketch::coupon_update>;
struct CpcRowColUpdate {
    using type = void (ds::cpc_sketch::*)(uint32_t);
    friend type get(CpcRowColUpdate);
};
template struct Reach<CpcRowColUpdate, &ds::cpc_sketch::row_col_update>;

namespace {

// ---------------------------------------------------------------------------------------------
// Random numbers: xoshiro256**, seeded by splitmix64.
struct Rng {
    using result_type = uint64_t;
    uint64_t s[4];
    explicit Rng(uint64_t seed) {
        for (auto& x : s) {
            seed += 0x9E3779B97F4A7C15ull;
            uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
            x = z ^ (z >> 31);
        }
    }
    static constexpr uint64_t min() { return 0; }
    static constexpr uint64_t max() { return ~uint64_t(0); }
    static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    uint64_t operator()() {
        uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
        s[2] ^= s[0], s[3] ^= s[1], s[1] ^= s[2], s[0] ^= s[3], s[2] ^= t, s[3] = rotl(s[3], 45);
        return r;
    }
    double open01() { return ((*this)() >> 11 | 1) * 0x1p-53; }  // (0, 1)
    uint64_t binomial(uint64_t n, double q) {
        if (n == 0 || q <= 0) return 0;
        if (q >= 1) return n;
        return std::binomial_distribution<uint64_t>(n, q)(*this);
    }
    // Number of failures before the first success, success probability q.
    uint64_t geometric(double q) {
        if (q >= 1) return 0;
        double g = std::floor(std::log(open01()) / std::log1p(-q));
        return g > 9e18 ? uint64_t(9e18) : uint64_t(g);
    }
};

// The core's values live in plain heap blocks here, freed with the allocator.
struct HeapAlloc final : pc::Allocator {
    std::vector<std::unique_ptr<uint8_t[]>> blocks;
    uint8_t* allocate(size_t size) override {
        blocks.emplace_back(new uint8_t[size ? size : 1]);
        return blocks.back().get();
    }
};

inline int clz64(uint64_t x) { return x == 0 ? 64 : __builtin_clzll(x); }

// ---------------------------------------------------------------------------------------------
// Register designs: ExaLogLog(t, d) at precision p. A hash's update value is
// k = (nlz << t) + sub + 1, nlz = leading zeros of the bits above the index (at most
// 64 - p - t), sub = t further hash bits; rho[k] its probability, tail[k] = P(value > k).
struct Design {
    int t, d, p;
    int umax;
    std::vector<double> rho, tail;
    std::vector<int> group;  // the nlz of each update value (its rho class)
    Design(int t_, int d_, int p_) : t(t_), d(d_), p(p_) {
        int jmax = 64 - p - t;
        umax = (jmax + 1) << t;
        rho.assign(umax + 1, 0);
        group.assign(umax + 1, 0);
        for (int k = 1; k <= umax; k++) {
            int j = (k - 1) >> t;
            rho[k] = std::ldexp(1.0, -(std::min(j, jmax - 1) + 1 + t));
            group[k] = j;
        }
        tail.assign(umax + 1, 0);
        for (int k = umax; k >= 1; k--) tail[k - 1] = tail[k] + rho[k];
    }
    size_t m() const { return size_t(1) << p; }
    int bits() const { return 6 + t + d; }
    size_t raw_bytes() const { return (m() * bits() + 7) / 8; }
    uint32_t dmask() const { return d == 0 ? 0 : (d == 32 ? ~0u : ((1u << d) - 1)); }
    bool is_hll() const { return t == 0 && d == 0; }
};

// Adds one hash, as ExaLogLog does (index from the low bits, above the t sub bits). An empty
// register takes the bare update value: no bits for levels below 1.
inline void ell_insert(const Design& g, uint32_t* regs, uint64_t h) {
    size_t idx = (h >> g.t) & (g.m() - 1);
    uint32_t sub = uint32_t(h) & ((1u << g.t) - 1);
    int nlz = clz64(h | ((uint64_t(1) << (g.p + g.t)) - 1));
    uint32_t k = (uint32_t(nlz) << g.t) + sub + 1;
    uint32_t cur = regs[idx], u = cur >> g.d, nv = cur;
    if (k > u) {
        uint32_t delta = k - u;
        nv = k << g.d;
        if (u > 0 && delta <= uint32_t(g.d)) nv |= ((cur & g.dmask()) | (1u << g.d)) >> delta;
    } else if (k < u && u - k <= uint32_t(g.d)) {
        nv = cur | (1u << (g.d - (u - k)));
    }
    regs[idx] = nv;
}

// Union of two registers of one design.
inline uint32_t ell_merge(uint32_t r1, uint32_t r2, int d) {
    uint32_t u1 = r1 >> d, u2 = r2 >> d;
    if (u1 > u2 && u2 > 0) {
        uint32_t s = u1 - u2;
        return s > uint32_t(d) ? r1 : r1 | (((1u << d) | (r2 & ((1u << d) - 1))) >> s);
    }
    if (u2 > u1 && u1 > 0) {
        uint32_t s = u2 - u1;
        return s > uint32_t(d) ? r2 : r2 | (((1u << d) | (r1 & ((1u << d) - 1))) >> s);
    }
    return r1 | r2;
}

// Bin(k, q) conditioned on at least one success.
uint64_t binomial_at_least_one(Rng& rng, uint64_t k, double q) {
    if (q >= 1) return k;
    double kq = double(k) * q;
    if (kq > 20) {
        for (;;) {
            uint64_t c = rng.binomial(k, q);
            if (c > 0) return c;
        }
    }
    double l1q = std::log1p(-q);
    double target = rng.open01() * -std::expm1(double(k) * l1q);
    double pmf = kq * std::exp(double(k - 1) * l1q), cum = pmf;
    uint64_t c = 1;
    double ratio = q / (1 - q);
    while (target > cum && c < k) {
        pmf *= double(k - c) / double(c + 1) * ratio;
        c++;
        cum += pmf;
        if (pmf == 0) break;
    }
    return c;
}

// The state of a register that received k distinct values (see the header comment).
uint32_t draw_register(const Design& g, Rng& rng, uint64_t k) {
    if (k == 0) return 0;
    double lu = std::log(rng.open01()) / double(k);  // max <= v  <=>  log1p(-tail[v]) >= lu
    int lo = 1, hi = g.umax;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (std::log1p(-g.tail[mid]) >= lu) hi = mid; else lo = mid + 1;
    }
    int u = lo;
    uint64_t left = k - binomial_at_least_one(rng, k, g.rho[u] / (1 - g.tail[u]));
    uint32_t reg = uint32_t(u) << g.d;
    for (int delta = 1; delta <= g.d && left > 0; delta++) {
        int l = u - delta;
        if (l < 1) break;
        uint64_t c = rng.binomial(left, g.rho[l] / (1 - g.tail[l]));
        if (c > 0) reg |= 1u << (g.d - delta);
        left -= c;
    }
    return reg;
}

// The registers of n distinct values: multinomial counts, then each register's state.
void draw_registers(const Design& g, Rng& rng, uint64_t n, std::vector<uint32_t>& regs) {
    size_t m = g.m();
    regs.assign(m, 0);
    uint64_t left = n;
    for (size_t i = 0; i < m; i++) {
        uint64_t k = i + 1 == m ? left : rng.binomial(left, 1.0 / double(m - i));
        left -= k;
        regs[i] = draw_register(g, rng, k);
    }
}

// ---------------------------------------------------------------------------------------------
// Estimators.
// Maximum likelihood under the Poisson model: each level l is seen with probability
// 1 - exp(-lambda rho_l), independently; a register tells which levels above u - d were seen.
// log L = -lambda a + sum_j b_j log(1 - exp(-lambda rho_j)).
double ml_estimate(const Design& g, const std::vector<uint32_t>& regs) {
    int groups = 64 - g.p - g.t + 1;
    std::vector<double> b(groups, 0), rj(groups, 0);
    for (int k = 1; k <= g.umax; k++) rj[g.group[k]] = g.rho[k];
    double a = 0;
    for (uint32_t r : regs) {
        int u = int(r >> g.d);
        if (u == 0) { a += 1; continue; }
        a += g.tail[u];
        b[g.group[u]] += 1;
        for (int delta = 1; delta <= g.d; delta++) {
            int l = u - delta;
            if (l < 1) break;
            if (r & (1u << (g.d - delta))) b[g.group[l]] += 1; else a += g.rho[l];
        }
    }
    double bsum = 0;
    for (double x : b) bsum += x;
    if (bsum == 0) return 0;
    if (a == 0) return INFINITY;
    auto F = [&](double lam, double* deriv) {
        double f = 0, df = 0;
        for (int j = 0; j < groups; j++) {
            if (b[j] == 0) continue;
            double x = lam * rj[j];
            double em1 = std::expm1(x);
            f += b[j] * rj[j] / em1;
            df -= b[j] * rj[j] * rj[j] * (em1 + 1) / (em1 * em1);
        }
        if (deriv) *deriv = df;
        return f;
    };
    double hi = bsum / a, lo = hi;  // F(hi) <= a
    while (F(lo, nullptr) < a) lo *= 0.5;
    double x = lo;
    for (int it = 0; it < 200; it++) {
        double df, f = F(x, &df) - a;
        if (f > 0) lo = x; else hi = x;
        double nx = x - f / df;
        if (!(nx > lo && nx < hi)) nx = 0.5 * (lo + hi);
        if (std::fabs(nx - x) <= 1e-13 * x) { x = nx; break; }
        x = nx;
    }
    return x * double(g.m());
}

// Ours: the core's estimator (doc/FORMAT.md section 3.10) on the register histogram.
double ours_estimate(const Design& g, const std::vector<uint32_t>& regs) {
    int q = 64 - g.p;
    std::vector<uint64_t> c(q + 2, 0);
    for (uint32_t r : regs) c[r]++;
    return pc::hll::ertl_estimate(c.data(), q, double(g.m()));
}

// ---------------------------------------------------------------------------------------------
// rANS (byte-wise renormalisation, 32-bit states, 16-bit probabilities, two states taking
// turns over one byte stream) with a static model: the register distribution under the
// Poisson model at rate lambda per register, lambda stored in the header as
// round(16 log2 lambda) (2 bytes). The largest update value u of a register is one symbol
// (alphabet 0 .. umax); the d bits below it go in groups of up to 4 (a 16-symbol alphabet
// per group, the product of the levels' probabilities 1 - exp(-lambda rho_l) of being seen),
// so an ELL(2,20) register is at most 6 symbols and an HLL register exactly one.
constexpr int kScaleBits = 16;
constexpr uint32_t kScale = 1u << kScaleBits;
constexpr uint32_t kRansL = 1u << 23;
constexpr int kCoarseShift = 7;  // a 512-entry table; the symbol is then found by a short scan

struct Table {  // one alphabet: cumulative starts (size + 1 entries) and ideal costs
    std::vector<uint32_t> start;
    std::vector<double> cost;
    uint32_t freq(uint32_t s) const { return start[s + 1] - start[s]; }
};

struct CodeModel {
    double lambda = 0;
    Table u;
    std::vector<uint8_t> coarse;  // decoding u: the symbol at each multiple of 2^kCoarseShift
    // Bit groups: group[w][L] for a group of w bits whose first (highest) level is L, and
    // the same starts flattened for decoding: flat[w][L * (2^w + 1) + symbol].
    std::vector<Table> group[5];
    std::vector<uint32_t> flat[5];
};

Table make_table(const std::vector<double>& pmf) {
    Table t;
    std::vector<uint32_t> f(pmf.size());
    int64_t sum = 0;
    size_t big = 0;
    for (size_t i = 0; i < pmf.size(); i++) {
        f[i] = std::max<uint32_t>(1, uint32_t(std::min(pmf[i] * kScale + 0.5, double(kScale))));
        sum += f[i];
        if (f[i] > f[big]) big = i;
    }
    f[big] = uint32_t(int64_t(f[big]) + (int64_t(kScale) - sum));
    t.start.assign(pmf.size() + 1, 0);
    for (size_t i = 0; i < pmf.size(); i++) t.start[i + 1] = t.start[i] + f[i];
    t.cost.resize(pmf.size());
    for (size_t i = 0; i < pmf.size(); i++) t.cost[i] = pmf[i] > 0 ? -std::log2(pmf[i]) : 1e9;
    return t;
}

int16_t lambda_code(double lambda) {
    if (!(lambda > 0)) return INT16_MIN;
    double c = std::round(16 * std::log2(lambda));
    return int16_t(std::max(-32767.0, std::min(32767.0, c)));
}

int group_width(const Design& g, int k) { return std::min(4, g.d - 4 * k); }

CodeModel make_model(const Design& g, int16_t code) {
    CodeModel cm;
    cm.lambda = code == INT16_MIN ? 0 : std::exp2(code / 16.0);
    double lam = cm.lambda;
    std::vector<double> pmf(g.umax + 1);
    pmf[0] = std::exp(-lam);
    for (int v = 1; v <= g.umax; v++) pmf[v] = std::exp(-lam * g.tail[v]) * -std::expm1(-lam * g.rho[v]);
    cm.u = make_table(pmf);
    cm.coarse.assign(kScale >> kCoarseShift, 0);
    for (uint32_t c = 0, v = 0; c < cm.coarse.size(); c++) {
        while (cm.u.start[v + 1] <= (c << kCoarseShift)) v++;
        cm.coarse[c] = uint8_t(v);
    }
    for (int k = 0; 4 * k < g.d; k++) {
        int w = group_width(g, k);
        if (!cm.group[w].empty()) continue;
        cm.group[w].resize(g.umax + 1);
        for (int top = 1; top <= g.umax; top++) {
            std::vector<double> gp(size_t(1) << w);
            for (uint32_t sym = 0; sym < gp.size(); sym++) {
                double pr = 1;
                for (int b = 0; b < w; b++) {  // bit w-1-b of the symbol is level top - b
                    int l = top - b;
                    double seen = l >= 1 ? -std::expm1(-lam * g.rho[l]) : 0;
                    pr *= (sym >> (w - 1 - b)) & 1 ? seen : 1 - seen;
                }
                gp[sym] = pr;
            }
            cm.group[w][top] = make_table(gp);
        }
        size_t row = (size_t(1) << w) + 1;
        cm.flat[w].assign(row * (g.umax + 1), 0);
        for (int top = 1; top <= g.umax; top++)
            std::copy(cm.group[w][top].start.begin(), cm.group[w][top].start.end(), cm.flat[w].begin() + row * top);
    }
    return cm;
}

inline void rans_put(uint32_t& x, uint8_t*& ptr, uint32_t start, uint32_t freq) {
    uint32_t xmax = ((kRansL >> kScaleBits) << 8) * freq;
    while (x >= xmax) {
        *--ptr = uint8_t(x);
        x >>= 8;
    }
    x = ((x / freq) << kScaleBits) + (x % freq) + start;
}

struct Coded {
    std::vector<uint8_t> bytes;  // rANS stream (the payload after the header and lambda code)
    double ideal_bits = 0;       // the same model's ideal code length
};

// The symbols of a register: u, then its bit groups from the highest level down (a group
// whose highest level is below 1 holds no information and is not coded).
template <typename Emit>
inline void register_symbols(const Design& g, const CodeModel& cm, uint32_t r, Emit&& emit) {
    uint32_t u = r >> g.d;
    emit(cm.u, u);
    if (u == 0) return;
    for (int k = 0; 4 * k < g.d; k++) {
        int top = int(u) - 4 * k - 1;
        if (top < 1) break;
        int w = group_width(g, k);
        uint32_t sym = (r >> (g.d - 4 * k - w)) & ((1u << w) - 1);
        emit(cm.group[w][top], sym);
    }
}

Coded encode(const Design& g, const CodeModel& cm, const std::vector<uint32_t>& regs) {
    Coded out;
    std::vector<std::pair<uint32_t, uint32_t>> syms;  // (start, freq) in decoding order
    syms.reserve(regs.size() * 2);
    for (uint32_t r : regs)
        register_symbols(g, cm, r, [&](const Table& t, uint32_t s) {
            syms.emplace_back(t.start[s], t.freq(s));
            out.ideal_bits += t.cost[s];
        });
    std::vector<uint8_t> buf(syms.size() * 3 + 64);
    uint8_t* end = buf.data() + buf.size();
    uint8_t* ptr = end;
    uint32_t x[2] = {kRansL, kRansL};
    for (size_t i = syms.size(); i-- > 0;) rans_put(x[i & 1], ptr, syms[i].first, syms[i].second);
    ptr -= 4;
    std::memcpy(ptr, &x[1], 4);
    ptr -= 4;
    std::memcpy(ptr, &x[0], 4);
    out.bytes.assign(ptr, end);
    return out;
}

inline uint32_t rans_get(uint32_t& x, const uint8_t*& ptr, const Table& t, uint32_t sym) {
    const uint32_t mask = kScale - 1;
    x = t.freq(sym) * (x >> kScaleBits) + (x & mask) - t.start[sym];
    while (x < kRansL) x = (x << 8) | *ptr++;
    return sym;
}

// Decodes m registers; `sink(i, reg)` receives each (so a union can merge as it decodes).
template <bool kBits, typename Sink>
inline void decode_impl(const Design& g, const CodeModel& cm, const uint8_t* ptr, size_t m, Sink&& sink) {
    uint32_t x[2];
    std::memcpy(&x[0], ptr, 4);
    std::memcpy(&x[1], ptr + 4, 4);
    ptr += 8;
    const uint32_t mask = kScale - 1;
    const uint32_t* ustart = cm.u.start.data();
    unsigned k = 0;
    if (!kBits) {  // one symbol a register: the two states alternate register by register
        size_t i = 0;
        for (; i + 1 < m; i += 2) {
            uint32_t s0 = x[0] & mask, s1 = x[1] & mask;
            uint32_t u0 = cm.coarse[s0 >> kCoarseShift], u1 = cm.coarse[s1 >> kCoarseShift];
            while (ustart[u0 + 1] <= s0) u0++;
            while (ustart[u1 + 1] <= s1) u1++;
            x[0] = (ustart[u0 + 1] - ustart[u0]) * (x[0] >> kScaleBits) + s0 - ustart[u0];
            while (x[0] < kRansL) x[0] = (x[0] << 8) | *ptr++;
            x[1] = (ustart[u1 + 1] - ustart[u1]) * (x[1] >> kScaleBits) + s1 - ustart[u1];
            while (x[1] < kRansL) x[1] = (x[1] << 8) | *ptr++;
            sink(i, u0);
            sink(i + 1, u1);
        }
        for (; i < m; i++) {
            uint32_t s0 = x[0] & mask, u0 = cm.coarse[s0 >> kCoarseShift];
            while (ustart[u0 + 1] <= s0) u0++;
            rans_get(x[0], ptr, cm.u, u0);
            sink(i, u0);
        }
        return;
    }
    // Full groups of 4 bits, then one narrower group if d is not a multiple of 4.
    const int full = g.d / 4, rest = g.d % 4;
    const uint32_t* f4 = cm.flat[4].empty() ? nullptr : cm.flat[4].data();
    const uint32_t* fr = rest ? cm.flat[rest].data() : nullptr;
    // The state of the next symbol is always x0: the two states swap after every symbol.
    uint32_t x0 = x[k & 1], x1 = x[(k + 1) & 1];
    for (size_t i = 0; i < m; i++) {
        uint32_t slot = x0 & mask;
        uint32_t u = cm.coarse[slot >> kCoarseShift];
        while (ustart[u + 1] <= slot) u++;
        x0 = (ustart[u + 1] - ustart[u]) * (x0 >> kScaleBits) + slot - ustart[u];
        while (x0 < kRansL) x0 = (x0 << 8) | *ptr++;
        std::swap(x0, x1);
        uint32_t r = u << g.d;
        int top = int(u) - 1;
        for (int gi = 0; gi < full + (rest ? 1 : 0) && top >= 1; gi++, top -= 4) {
            int w = gi < full ? 4 : rest;
            const uint32_t* st = (gi < full ? f4 + 17 * top : fr + ((1 << rest) + 1) * top);
            uint32_t s = x0 & mask;
            uint32_t sym = 0;  // branch-free: how many symbols start at or below s
            if (w == 4) {
                for (int j = 1; j < 16; j++) sym += st[j] <= s;
            } else {
                for (int j = 1; j < (1 << w); j++) sym += st[j] <= s;
            }
            x0 = (st[sym + 1] - st[sym]) * (x0 >> kScaleBits) + s - st[sym];
            while (x0 < kRansL) x0 = (x0 << 8) | *ptr++;
            std::swap(x0, x1);
            r |= sym << (g.d - 4 * gi - w);
        }
        sink(i, r);
    }
}

template <typename Sink>
inline void decode(const Design& g, const CodeModel& cm, const uint8_t* ptr, size_t m, Sink&& sink) {
    if (g.d == 0) decode_impl<false>(g, cm, ptr, m, sink); else decode_impl<true>(g, cm, ptr, m, sink);
}

// Canonical Huffman for one-symbol registers (HLL): the same model, each probability
// floored at 2^-9 so that no code is longer than kHuffBits; decoded by one table lookup a
// register. Faster to decode than rANS, a little larger (a code is at least one bit).
constexpr int kHuffBits = 14;

struct Huffman {
    std::vector<uint8_t> len;     // per symbol
    std::vector<uint32_t> code;   // per symbol, MSB-first
    std::vector<uint16_t> table;  // 2^kHuffBits entries: symbol | length << 8
};

Huffman make_huffman(const Design& g, double lambda) {
    size_t A = g.umax + 1;
    std::vector<double> w(A);
    for (size_t v = 0; v < A; v++) {
        double pv = v == 0 ? std::exp(-lambda) : std::exp(-lambda * g.tail[v]) * -std::expm1(-lambda * g.rho[v]);
        w[v] = std::max(pv, std::ldexp(1.0, -9));
    }
    // Huffman lengths by repeated merging of the two lightest.
    std::vector<int> parent(2 * A, -1);
    std::vector<double> weight(w);
    weight.resize(2 * A, 0);
    std::vector<bool> used(2 * A, false);
    size_t nodes = A;
    for (size_t step = 0; step + 1 < A; step++) {
        int a = -1, b = -1;
        for (size_t i = 0; i < nodes; i++) {
            if (used[i]) continue;
            if (a < 0 || weight[i] < weight[a]) b = a, a = int(i);
            else if (b < 0 || weight[i] < weight[b]) b = int(i);
        }
        used[a] = used[b] = true;
        weight[nodes] = weight[a] + weight[b];
        parent[a] = parent[b] = int(nodes);
        nodes++;
    }
    Huffman h;
    h.len.assign(A, 0);
    for (size_t v = 0; v < A; v++) {
        int d = 0;
        for (int x = int(v); parent[x] >= 0; x = parent[x]) d++;
        h.len[v] = uint8_t(d);
    }
    // Canonical codes: by length, then by symbol.
    std::vector<size_t> order(A);
    for (size_t v = 0; v < A; v++) order[v] = v;
    std::sort(order.begin(), order.end(), [&](size_t x, size_t y) { return h.len[x] != h.len[y] ? h.len[x] < h.len[y] : x < y; });
    h.code.assign(A, 0);
    uint32_t c = 0;
    int prev = h.len[order[0]];
    for (size_t i = 0; i < A; i++) {
        int l = h.len[order[i]];
        if (l > kHuffBits) { std::fprintf(stderr, "Huffman code too long\n"); std::exit(1); }
        c <<= (l - prev);
        prev = l;
        h.code[order[i]] = c++;
    }
    h.table.assign(size_t(1) << kHuffBits, 0);
    for (size_t v = 0; v < A; v++) {
        uint32_t first = h.code[v] << (kHuffBits - h.len[v]), count = 1u << (kHuffBits - h.len[v]);
        for (uint32_t j = 0; j < count; j++) h.table[first + j] = uint16_t(v | (uint32_t(h.len[v]) << 8));
    }
    return h;
}

std::vector<uint8_t> huffman_encode(const Huffman& h, const std::vector<uint32_t>& regs) {
    std::vector<uint8_t> out;
    out.reserve(regs.size() + 16);
    uint64_t acc = 0;
    int bits = 0;
    for (uint32_t r : regs) {
        acc = (acc << h.len[r]) | h.code[r];
        bits += h.len[r];
        while (bits >= 8) out.push_back(uint8_t(acc >> (bits - 8))), bits -= 8;
    }
    if (bits > 0) out.push_back(uint8_t(acc << (8 - bits)));
    return out;
}

template <typename Sink>
inline void huffman_decode(const Huffman& h, const uint8_t* p, size_t size, size_t m, Sink&& sink) {
    uint64_t acc = 0;  // bits left-aligned
    int bits = 0;
    size_t pos = 0;
    const uint16_t* table = h.table.data();
    for (size_t i = 0; i < m; i++) {
        if (bits < kHuffBits) {
            if (pos + 8 <= size) {  // refill with whole bytes while at least 57 bits fit
                uint64_t w;
                std::memcpy(&w, p + pos, 8);
                w = __builtin_bswap64(w);
                int take = (63 - bits) >> 3;
                acc |= (w >> (64 - 8 * take)) << (64 - bits - 8 * take);
                bits += 8 * take, pos += take;
            } else {
                while (bits <= 56) {
                    uint64_t byte = pos < size ? p[pos] : 0;
                    pos++;
                    acc |= byte << (56 - bits);
                    bits += 8;
                }
            }
        }
        uint16_t e = table[acc >> (64 - kHuffBits)];
        int l = e >> 8;
        acc <<= l;
        bits -= l;
        sink(i, uint32_t(e & 0xFF));
    }
}

// ---------------------------------------------------------------------------------------------
// Sizes.
constexpr size_t kHeader = 16;      // as ours (doc/FORMAT.md 3.2)
constexpr size_t kModelParam = 2;   // the coded forms' lambda code

// Ours today at small n: the sparse list (4 bytes an entry) while it holds at most L(p).
// The same entries coded: Rice-coded gaps between 26-bit indexes (its parameter chosen for
// the value, 1 byte), ranks in unary (optimal: rank26 is geometric(1/2)), a 2-byte count.
size_t rice_sparse_bytes(const std::vector<uint32_t>& entries) {
    if (entries.empty()) return kHeader;
    size_t best = SIZE_MAX;
    for (int k = 0; k < 26; k++) {
        uint64_t bits = 0;
        uint32_t prev = 0;
        bool first = true;
        for (uint32_t e : entries) {
            uint32_t idx = e >> 6, rank = e & 63;
            uint32_t gap = first ? idx : idx - prev - 1;
            first = false;
            prev = idx;
            bits += (gap >> k) + 1 + k + rank;
        }
        best = std::min<size_t>(best, (bits + 7) / 8);
    }
    return kHeader + 2 + 1 + best;
}

// ---------------------------------------------------------------------------------------------
// Statistics.
struct Acc {
    double n = 0, sum = 0, sum2 = 0, bytes = 0, bytes_max = 0, ideal = 0;
    void add(double rel_err, double b, double ideal_bytes = 0) {
        n++, sum += rel_err, sum2 += rel_err * rel_err, bytes += b, ideal += ideal_bytes;
        bytes_max = std::max(bytes_max, b);
    }
    double bias() const { return sum / n; }
    double rmse() const { return std::sqrt(sum2 / n); }
    double se() const { return std::sqrt(std::max(0.0, sum2 / n - bias() * bias()) / n); }
    double mean_bytes() const { return bytes / n; }
    double mvp() const { return 8 * mean_bytes() * sum2 / n; }
};

struct Row {
    std::string candidate, config;
    int target_p;
    uint64_t n;
    Acc acc;
    std::string note;
};

std::mutex g_rows_mutex;
std::vector<Row> g_rows;

void emit(Row r) {
    std::lock_guard<std::mutex> lock(g_rows_mutex);
    g_rows.push_back(std::move(r));
}

uint64_t seed_of(const std::string& what, uint64_t n, int p, int trial) {
    uint64_t h = pc::hash_bytes(what.data(), what.size(), n * 131 + uint64_t(p));
    return h ^ (uint64_t(trial) * 0x9E3779B97F4A7C15ull);
}

// ---------------------------------------------------------------------------------------------
// Register candidates: ours (p = target), HLL+rANS, ULL and ELL configurations.
struct RegCandidate {
    std::string name;  // "ULL", "ELL(2,24)", "HLL (ours)"
    int t, d;
    int dp;  // precision relative to the target p
};

std::string cfg_name(const Design& g) { return "p=" + std::to_string(g.p); }

// One register design at one n: raw and coded rows from the same sketches.
void run_register_job(const RegCandidate& c, int target_p, uint64_t n, int trials) {
    Design g(c.t, c.d, target_p + c.dp);
    Acc raw, coded, coded_est_ml, huff;
    std::vector<uint32_t> regs;
    bool ours = c.t == 0 && c.d == 0;
    for (int trial = 0; trial < trials; trial++) {
        Rng rng(seed_of(c.name, n, g.p, trial));
        draw_registers(g, rng, n, regs);
        double est = ours ? ours_estimate(g, regs) : ml_estimate(g, regs);
        double err = est / double(n) - 1;
        int16_t code = lambda_code(est / double(g.m()));
        CodeModel cm = make_model(g, code);
        Coded cd = encode(g, cm, regs);
        if (trial == 0) {  // round trip
            std::vector<uint32_t> back(g.m());
            decode(g, cm, cd.bytes.data(), g.m(), [&](size_t i, uint32_t r) { back[i] = r; });
            if (back != regs) { std::fprintf(stderr, "rANS round trip failed: %s\n", c.name.c_str()); std::exit(1); }
        }
        size_t coded_bytes = kHeader + kModelParam + cd.bytes.size();
        raw.add(err, double(kHeader + g.raw_bytes()));
        coded.add(err, double(coded_bytes), double(kHeader + kModelParam) + cd.ideal_bits / 8);
        if (ours) {
            Design e(0, 0, g.p);
            coded_est_ml.add(ml_estimate(e, regs) / double(n) - 1, double(coded_bytes));
            Huffman h = make_huffman(g, cm.lambda);
            std::vector<uint8_t> hb = huffman_encode(h, regs);
            if (trial == 0) {
                std::vector<uint32_t> back(g.m());
                huffman_decode(h, hb.data(), hb.size(), g.m(), [&](size_t i, uint32_t r) { back[i] = r; });
                if (back != regs) { std::fprintf(stderr, "Huffman round trip failed\n"); std::exit(1); }
            }
            huff.add(err, double(kHeader + kModelParam + hb.size()));
        }
    }
    std::string base = c.name;
    if (ours) {
        emit({"HLL 6-bit (ours, dense)", cfg_name(g), target_p, n, raw, ""});
        emit({"HLL + rANS", cfg_name(g), target_p, n, coded, "ideal"});
        emit({"HLL + rANS, ML estimate", cfg_name(g), target_p, n, coded_est_ml, ""});
        emit({"HLL + Huffman", cfg_name(g), target_p, n, huff, ""});
    } else {
        emit({base + " raw", cfg_name(g), target_p, n, raw, ""});
        emit({base + " + rANS", cfg_name(g), target_p, n, coded, "ideal"});
    }
}

// Ours as stored today where the value is sparse (n <= L(p) distinct entries): real values
// built by the core (XXH3 of distinct integers, a seed per trial), and their Rice-coded size.
void run_ours_sparse_job(int p, uint64_t n, int trials) {
    Acc today, rice;
    bool any_sparse = false;
    for (int trial = 0; trial < trials; trial++) {
        HeapAlloc alloc;
        uint64_t seed = seed_of("ours-sparse", n, p, trial);
        pc::Buffer b = pc::hll::builder(alloc, p, seed, pc::kind::kNone);
        for (uint64_t i = 0; i < n; i++)
            b = pc::hll::add_hash(b.data, b.size, pc::hash_int64(int64_t(i), seed), true, alloc);
        b = pc::hll::finish(b.data, b.size, alloc);
        pc::hll::Sketch s = pc::hll::parse(b.data, b.size);
        double err = pc::hll::estimate(s) / double(n) - 1;
        today.add(err, double(b.size));
        if (s.sparse()) {
            any_sparse = true;
            std::vector<uint32_t> entries(s.sparse_count());
            for (size_t i = 0; i < entries.size(); i++) entries[i] = s.entry(i);
            rice.add(err, double(rice_sparse_bytes(entries)));
        } else {
            rice.add(err, double(b.size));
        }
    }
    emit({"HLL (ours, as stored today)", "p=" + std::to_string(p), p, n, today, any_sparse ? "sparse" : "dense"});
    if (any_sparse) emit({"HLL sparse list, Rice-coded", "p=" + std::to_string(p), p, n, rice, "sparse"});
}

// ---------------------------------------------------------------------------------------------
// DataSketches: HLL_4, HLL_8 and CPC fed coupons (see the header comment).
struct DsResult {
    double hip, merged;
    size_t hll4, hll8;
    double cpc_hip, cpc_merged;
    size_t cpc;
};

// Past the values fed one by one: the next state-changing value among `togo` more. Class c
// changes the state with probability weight(c) / K per value; the values before it change
// nothing (a geometric number of them). Returns the class, or -1 when the values run out.
template <typename Weight>
int next_change(Rng& rng, int classes, double K, Weight&& weight, uint64_t& togo) {
    double wsum = 0;
    for (int c = 0; c < classes; c++) wsum += weight(c);
    if (!(wsum > 0)) return -1;
    uint64_t skip = rng.geometric(wsum / K);
    if (skip >= togo) return -1;
    togo -= skip + 1;
    double r = rng.open01() * wsum;
    int c = 0;
    for (; c < classes - 1; c++) {
        double w = weight(c);
        if (r < w) break;
        r -= w;
    }
    while (weight(c) == 0) c--;  // rounding at the end of the scan
    return c;
}

// DataSketches HLL: coupon = value << 26 | addr26, value = min(clz(h2), 62) + 1.
// CPC: row = h1 & (K - 1), col = min(clz(h2), 63).
DsResult ds_trial(int lgk, uint64_t n, Rng& rng, uint64_t per_item_limit, bool do_hll, bool do_cpc) {
    const uint32_t K = 1u << lgk;
    ds::hll_sketch h4(lgk, ds::HLL_4), h8(lgk, ds::HLL_8);
    ds::cpc_sketch cpc(lgk);
    auto hll_update = get(HllCouponUpdate());
    auto cpc_update = get(CpcRowColUpdate());
    // Mirrors: per slot the HLL value; per CPC column the rows seen.
    std::vector<uint8_t> reg(K, 0);
    std::vector<std::vector<uint64_t>> seen_bits(64, std::vector<uint64_t>());
    std::vector<uint32_t> seen_count(64, 0);
    uint64_t first = std::min(n, per_item_limit);
    for (uint64_t i = 0; i < first; i++) {
        if (do_hll) {
            uint32_t addr = uint32_t(rng()) & ((1u << 26) - 1);
            uint32_t value = uint32_t(std::min(clz64(rng()), 62) + 1);
            uint32_t coupon = (value << 26) | addr;
            (h4.*hll_update)(coupon);
            (h8.*hll_update)(coupon);
            uint32_t slot = addr & (K - 1);
            if (value > reg[slot]) reg[slot] = uint8_t(value);
        }
        if (do_cpc) {
            uint32_t row = uint32_t(rng()) & (K - 1);
            uint32_t col = uint32_t(std::min(clz64(rng()), 63));
            (cpc.*cpc_update)((row << 6) | col);
            auto& bits = seen_bits[col];
            if (bits.empty()) bits.assign((K + 63) / 64, 0);
            if (!((bits[row >> 6] >> (row & 63)) & 1)) bits[row >> 6] |= uint64_t(1) << (row & 63), seen_count[col]++;
        }
    }
    uint64_t left = n - first;
    if (do_hll && left > 0) {
        // Slots by value; a value comes with probability 2^-v that the next one raises it.
        std::vector<std::vector<uint32_t>> bucket(64);
        std::vector<uint32_t> pos(K);
        for (uint32_t s = 0; s < K; s++) pos[s] = uint32_t(bucket[reg[s]].size()), bucket[reg[s]].push_back(s);
        // A slot holding v is raised by the next value with probability 2^-v / K (0 at 63).
        auto weight = [&](int v) { return v >= 63 ? 0.0 : double(bucket[v].size()) * std::ldexp(1.0, -v); };
        uint64_t togo = left;
        for (int v; (v = next_change(rng, 64, K, weight, togo)) >= 0;) {
            auto& bv = bucket[v];
            uint32_t slot = bv[rng() % bv.size()];
            int nv = std::min(v + clz64(rng()) + 1, 63);
            // move slot from bucket v to bucket nv
            uint32_t last = bv.back();
            bv[pos[slot]] = last, pos[last] = pos[slot], bv.pop_back();
            pos[slot] = uint32_t(bucket[nv].size()), bucket[nv].push_back(slot);
            reg[slot] = uint8_t(nv);
            uint32_t addr = slot | ((uint32_t(rng()) << lgk) & ((1u << 26) - 1));
            uint32_t coupon = (uint32_t(nv) << 26) | addr;
            (h4.*hll_update)(coupon);
            (h8.*hll_update)(coupon);
        }
    }
    if (do_cpc && left > 0) {
        // Unseen (row, col) pairs; column c has probability 2^-(c+1) (2^-63 for 63).
        auto pcol = [](int c) { return c >= 63 ? std::ldexp(1.0, -63) : std::ldexp(1.0, -(c + 1)); };
        std::vector<std::vector<uint32_t>> unseen(64);
        std::vector<std::vector<uint32_t>> upos(64);
        std::vector<bool> built(64, false);
        auto build = [&](int c) {
            built[c] = true;
            auto& bits = seen_bits[c];
            upos[c].assign(K, UINT32_MAX);
            for (uint32_t row = 0; row < K; row++)
                if (bits.empty() || !((bits[row >> 6] >> (row & 63)) & 1))
                    upos[c][row] = uint32_t(unseen[c].size()), unseen[c].push_back(row);
        };
        auto weight = [&](int c) { return double(K - seen_count[c]) * pcol(c); };
        uint64_t togo = left;
        for (int c; (c = next_change(rng, 64, K, weight, togo)) >= 0;) {
            if (!built[c]) build(c);
            auto& us = unseen[c];
            uint32_t row = us[rng() % us.size()];
            uint32_t last = us.back();
            us[upos[c][row]] = last, upos[c][last] = upos[c][row], us.pop_back();
            seen_count[c]++;
            (cpc.*cpc_update)((row << 6) | uint32_t(c));
        }
    }
    DsResult res{};
    if (do_hll) {
        res.hip = h4.get_estimate();
        res.hll4 = h4.serialize_compact().size();
        res.hll8 = h8.serialize_compact().size();
        ds::hll_union un(lgk);
        un.update(h8);
        un.update(h8);  // a second HLL-mode input makes the union out of order, as a rollup's is
        res.merged = un.get_result(ds::HLL_4).get_estimate();
    }
    if (do_cpc) {
        res.cpc_hip = cpc.get_estimate();
        res.cpc = cpc.serialize().size();
        ds::cpc_union cu(lgk);
        cu.update(cpc);
        res.cpc_merged = cu.get_result().get_estimate();
    }
    return res;
}

void run_ds_job(int target_p, int lgk, uint64_t n, int trials, bool cpc_only_lgk) {
    Acc hip4, merged4, hll8, cpc_hip, cpc_merged;
    for (int trial = 0; trial < trials; trial++) {
        Rng rng(seed_of("datasketches", n, lgk, trial));
        DsResult r = ds_trial(lgk, n, rng, uint64_t(16) << lgk, !cpc_only_lgk, true);
        if (!cpc_only_lgk) {
            hip4.add(r.hip / double(n) - 1, double(r.hll4));
            merged4.add(r.merged / double(n) - 1, double(r.hll4));
            hll8.add(r.hip / double(n) - 1, double(r.hll8));
        }
        cpc_hip.add(r.cpc_hip / double(n) - 1, double(r.cpc));
        cpc_merged.add(r.cpc_merged / double(n) - 1, double(r.cpc));
    }
    std::string cfg = "lgK=" + std::to_string(lgk);
    if (!cpc_only_lgk) {
        emit({"DataSketches HLL_4, HIP (as built)", cfg, target_p, n, hip4, ""});
        emit({"DataSketches HLL_4, after union", cfg, target_p, n, merged4, ""});
        emit({"DataSketches HLL_8, HIP (as built)", cfg, target_p, n, hll8, ""});
    }
    emit({"DataSketches CPC, HIP (as built)", cfg, target_p, n, cpc_hip, ""});
    emit({"DataSketches CPC, after union", cfg, target_p, n, cpc_merged, ""});
}

// ---------------------------------------------------------------------------------------------
// Theory: per register, under the Poisson model at rate lambda, the ML estimator's relative
// variance 1 / (m lambda^2 I(lambda)) (Fisher information I) and the entropy of the register
// (the bound for any coder of independent registers); both averaged over one period of log2
// lambda. MVP = bits x relative variance x m.
struct Theory {
    double rv;   // m x relative variance
    double ent;  // bits per register
};

Theory theory(int t, int d) {
    Design g(t, d, 14);
    Theory th{0, 0};
    const int steps = 32;
    for (int s = 0; s < steps; s++) {
        double lam = std::exp2(12 + double(s) / steps);
        double info = 0;
        for (int l = 1; l <= g.umax; l++) {
            double x = lam * g.rho[l];
            double top = l + d <= g.umax ? g.tail[l + d] : 0;  // level l observed if nothing above l + d
            if (x > 700) continue;
            info += std::exp(-lam * top) * g.rho[l] * g.rho[l] * std::exp(-x) / -std::expm1(-x);
        }
        th.rv += 1 / (lam * lam * info) / steps;
        double ent = 0;
        auto h2 = [](double p) { return p <= 0 || p >= 1 ? 0.0 : -(p * std::log2(p) + (1 - p) * std::log2(1 - p)); };
        for (int u = 0; u <= g.umax; u++) {
            double pu = u == 0 ? std::exp(-lam) : std::exp(-lam * g.tail[u]) * -std::expm1(-lam * g.rho[u]);
            if (pu <= 0) continue;
            ent -= pu * std::log2(pu);
            for (int delta = 1; delta <= d && u - delta >= 1; delta++) ent += pu * h2(-std::expm1(-lam * g.rho[u - delta]));
        }
        th.ent += ent / steps;
    }
    return th;
}

void print_theory() {
    std::printf("\n## Theory (Poisson model, ML estimator, mid-range rates)\n\n");
    std::printf("| design | bits/register | m x rel. variance | RSE at m = 2^14 | MVP raw | entropy bits/register | MVP at the entropy bound |\n");
    std::printf("|---|---:|---:|---:|---:|---:|---:|\n");
    struct { const char* name; int t, d; } ds_[] = {
        {"HLL = ELL(0,0)", 0, 0}, {"ULL = ELL(0,2)", 0, 2}, {"ELL(0,3)", 0, 3}, {"ELL(0,4)", 0, 4},
        {"ELL(0,8)", 0, 8}, {"ELL(0,16)", 0, 16}, {"ELL(1,9)", 1, 9}, {"ELL(1,24)", 1, 24}, {"ELL(2,16)", 2, 16},
        {"ELL(2,20)", 2, 20}, {"ELL(2,24)", 2, 24}, {"ELL(2,32)", 2, 32}};
    for (auto& x : ds_) {
        Theory th = theory(x.t, x.d);
        int bits = 6 + x.t + x.d;
        std::printf("| %s | %d | %.4f | %.3f%% | %.3f | %.3f | %.3f |\n", x.name, bits, th.rv,
                    100 * std::sqrt(th.rv / 16384), bits * th.rv, th.ent, th.ent * th.rv);
    }
}

// ---------------------------------------------------------------------------------------------
// Validation: the shortcuts against direct hashing.
void chi2_compare(const std::vector<double>& a, const std::vector<double>& b, double& chi2, int& df) {
    chi2 = 0, df = -1;
    double ta = 0, tb = 0;
    for (size_t i = 0; i < a.size(); i++) ta += a[i], tb += b[i];
    double ea = 0, eb = 0;  // pool cells with few counts
    for (size_t i = 0; i < a.size(); i++) {
        ea += a[i], eb += b[i];
        if (ea + eb < 20 && i + 1 < a.size()) continue;
        if (ea + eb > 0) {
            double x = ea * std::sqrt(tb / ta) - eb * std::sqrt(ta / tb);
            chi2 += x * x / (ea + eb), df++;
        }
        ea = eb = 0;
    }
}

void validate(int trials, const std::string& only) {
    std::printf("\n## Validation: register shortcut against direct hashing (p = 12)\n\n");
    std::printf("Direct: XXH3 of distinct integers (the extension's hash), a seed per trial; ours through the core's\n"
                "own add_hash, the others through their insert rule. Drawn: the shortcut. %d trials each.\n\n", trials);
    std::printf("| design | n | bias direct | bias drawn | RMSE direct | RMSE drawn | coded bytes direct | coded bytes drawn | chi2 / df of the register-value histograms |\n");
    std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    struct { const char* name; int t, d; } designs[] = {{"HLL (ours)", 0, 0}, {"ULL", 0, 2}, {"ELL(0,4)", 0, 4}, {"ELL(2,20)", 2, 20}, {"ELL(2,24)", 2, 24}};
    for (auto& x : designs) {
        if (!only.empty() && std::string(x.name).find(only) == std::string::npos) continue;
        for (uint64_t n : {uint64_t(1000), uint64_t(10000), uint64_t(100000)}) {
            int p = x.t == 2 ? 9 : 12;
            Design g(x.t, x.d, p);
            Acc direct, drawn;
            std::vector<double> hd(g.umax + 1, 0), hs(g.umax + 1, 0);
            std::vector<uint32_t> regs;
            for (int trial = 0; trial < trials; trial++) {
                uint64_t seed = seed_of(std::string("validate") + x.name, n, p, trial);
                if (x.t == 0 && x.d == 0) {
                    HeapAlloc alloc;
                    // Dense from the start (an empty dense value), so all n go through registers.
                    std::vector<uint8_t> v(kHeader + pc::hll::dense_payload_size(p), 0);
                    pc::Buffer e = pc::hll::empty(alloc, p, seed);
                    std::memcpy(v.data(), e.data, kHeader);
                    v[3] = pc::hll::kReprDense;
                    for (uint64_t i = 0; i < n; i++)
                        pc::hll::add_hash_dense_in_place(v.data(), v.size(), pc::hash_int64(int64_t(i), seed));
                    auto rv = pc::hll::registers(pc::hll::parse(v.data(), v.size()));
                    regs.assign(rv.begin(), rv.end());
                } else {
                    regs.assign(g.m(), 0);
                    for (uint64_t i = 0; i < n; i++) ell_insert(g, regs.data(), pc::hash_int64(int64_t(i), seed));
                }
                for (int pass = 0; pass < 2; pass++) {
                    if (pass == 1) {
                        Rng rng(seed ^ 0x5555);
                        draw_registers(g, rng, n, regs);
                    }
                    double est = x.t == 0 && x.d == 0 ? ours_estimate(g, regs) : ml_estimate(g, regs);
                    CodeModel cm = make_model(g, lambda_code(est / double(g.m())));
                    size_t bytes = kHeader + kModelParam + encode(g, cm, regs).bytes.size();
                    (pass == 0 ? direct : drawn).add(est / double(n) - 1, double(bytes));
                    auto& h = pass == 0 ? hd : hs;
                    for (uint32_t r : regs) h[r >> g.d] += 1;
                }
            }
            double chi2;
            int df;
            chi2_compare(hd, hs, chi2, df);
            std::printf("| %s p=%d | %" PRIu64 " | %+.3f%% ± %.3f | %+.3f%% ± %.3f | %.3f%% | %.3f%% | %.1f | %.1f | %.1f / %d |\n",
                        x.name, p, n, 100 * direct.bias(), 100 * direct.se(), 100 * drawn.bias(), 100 * drawn.se(),
                        100 * direct.rmse(), 100 * drawn.rmse(), direct.mean_bytes(), drawn.mean_bytes(), chi2, df);
        }
    }
    if (!only.empty() && std::string("DataSketches").find(only) == std::string::npos) return;
    std::printf("\n## Validation: DataSketches driven by coupons against real updates (lgK = 10)\n\n");
    std::printf("Real: update(uint64) of distinct random integers (MurmurHash3 inside). Driven: coupons drawn from the\n"
                "hash's law, past 16 values per slot only the state-changing ones. %d trials each.\n\n", trials);
    std::printf("| n | HLL_4 bytes real | driven | HIP RMSE real | driven | union RMSE real | driven | CPC bytes real | driven | CPC HIP RMSE real | driven | CPC union RMSE real | driven |\n");
    std::printf("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (uint64_t n : {uint64_t(100000), uint64_t(1000000)}) {
        const int lgk = 10;
        Acc h_real, h_drv, u_real, u_drv, c_real, c_drv, cu_real, cu_drv;
        for (int trial = 0; trial < trials; trial++) {
            Rng rng(seed_of("ds-validate", n, lgk, trial));
            ds::hll_sketch h4(lgk, ds::HLL_4), h8(lgk, ds::HLL_8);
            ds::cpc_sketch cpc(lgk);
            for (uint64_t i = 0; i < n; i++) {
                uint64_t v = rng();
                h8.update(v);
                cpc.update(v);
            }
            ds::hll_sketch h4c(h8, ds::HLL_4);
            ds::hll_union un(lgk);
            un.update(h8);
            un.update(h8);
            ds::cpc_union cu(lgk);
            cu.update(cpc);
            double b4 = double(h4c.serialize_compact().size());
            h_real.add(h8.get_estimate() / double(n) - 1, b4);
            u_real.add(un.get_result(ds::HLL_4).get_estimate() / double(n) - 1, b4);
            c_real.add(cpc.get_estimate() / double(n) - 1, double(cpc.serialize().size()));
            cu_real.add(cu.get_result().get_estimate() / double(n) - 1, double(cpc.serialize().size()));
            DsResult r = ds_trial(lgk, n, rng, uint64_t(16) << lgk, true, true);
            h_drv.add(r.hip / double(n) - 1, double(r.hll4));
            u_drv.add(r.merged / double(n) - 1, double(r.hll4));
            c_drv.add(r.cpc_hip / double(n) - 1, double(r.cpc));
            cu_drv.add(r.cpc_merged / double(n) - 1, double(r.cpc));
        }
        std::printf("| %" PRIu64 " | %.1f | %.1f | %.3f%% | %.3f%% | %.3f%% | %.3f%% | %.1f | %.1f | %.3f%% | %.3f%% | %.3f%% | %.3f%% |\n", n,
                    h_real.mean_bytes(), h_drv.mean_bytes(), 100 * h_real.rmse(), 100 * h_drv.rmse(), 100 * u_real.rmse(),
                    100 * u_drv.rmse(), c_real.mean_bytes(), c_drv.mean_bytes(), 100 * c_real.rmse(), 100 * c_drv.rmse(),
                    100 * cu_real.rmse(), 100 * cu_drv.rmse());
    }
}

// ---------------------------------------------------------------------------------------------
// Union cost: merging stored values into an aggregate's working state, per stored value.
double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// This thread's CPU time: on a shared machine, wall time would count the other processes.
double cpu_seconds() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

void speed(uint64_t n) {
    std::printf("\n## Union cost per stored value (n = %" PRIu64 " each; CPU nanoseconds per value merged into the working state)\n\n", n);
    std::printf("| candidate | config | stored bytes | decode only | decode + merge | mergeable without decoding |\n");
    std::printf("|---|---|---:|---:|---:|---|\n");
    const int kValues = 64;
    const int kReps = 2000;
    HeapAlloc alloc;
    // Ours today: the core's in-place union of stored dense values.
    {
        const int p = 14;
        Design g(0, 0, p);
        std::vector<std::vector<uint8_t>> stored;
        std::vector<uint32_t> regs;
        for (int i = 0; i < kValues; i++) {
            Rng rng(1000 + i);
            draw_registers(g, rng, n, regs);
            std::vector<uint8_t> v(kHeader + pc::hll::dense_payload_size(p), 0);
            pc::Buffer e = pc::hll::empty(alloc, p, 0);
            std::memcpy(v.data(), e.data, kHeader);
            v[3] = pc::hll::kReprDense;
            for (size_t r = 0; r < regs.size(); r++) pc::hll::set_reg(v.data() + kHeader, r, regs[r]);
            stored.push_back(v);
        }
        std::vector<uint8_t> state = stored[0];
        double t0 = cpu_seconds();
        for (int rep = 0; rep < kReps; rep++) {
            auto& v = stored[rep % kValues];
            pc::hll::union_of(state.data(), state.size(), v.data(), v.size(), true, alloc);
        }
        double ns = (cpu_seconds() - t0) / kReps * 1e9;
        std::printf("| HLL 6-bit (ours, today) | p=14 | %zu | — | %.0f | yes (6-bit max) |\n", stored[0].size(), ns);
    }
    struct Cfg { const char* name; int t, d, p; };
    Cfg cfgs[] = {{"HLL", 0, 0, 14}, {"ULL", 0, 2, 13}, {"ELL(0,4)", 0, 4, 13}, {"ELL(0,8)", 0, 8, 13},
                  {"ELL(2,20)", 2, 20, 11}, {"ELL(2,24)", 2, 24, 11}};
    for (auto& c : cfgs) {
        Design g(c.t, c.d, c.p);
        std::vector<std::vector<uint32_t>> raw;
        std::vector<Coded> coded;
        std::vector<CodeModel> models;
        for (int i = 0; i < kValues; i++) {
            Rng rng(2000 + i);
            std::vector<uint32_t> regs;
            draw_registers(g, rng, n, regs);
            double est = c.t == 0 && c.d == 0 ? ours_estimate(g, regs) : ml_estimate(g, regs);
            models.push_back(make_model(g, lambda_code(est / double(g.m()))));
            coded.push_back(encode(g, models.back(), regs));
            raw.push_back(regs);
        }
        size_t m = g.m();
        // Raw registers packed as stored (8 bits for ULL, 32 for ELL(2,24); ELL(2,20): 28-bit
        // packing, unpacked with shifts), merged into a working state of 32-bit registers.
        if (!(c.t == 0 && c.d == 0)) {
            std::vector<std::vector<uint8_t>> packed;
            for (auto& regs : raw) {
                std::vector<uint8_t> b(g.raw_bytes() + 8, 0);
                for (size_t i = 0; i < m; i++) {
                    uint64_t bitpos = uint64_t(i) * g.bits();
                    uint64_t w;
                    std::memcpy(&w, b.data() + bitpos / 8, 8);
                    w |= uint64_t(regs[i]) << (bitpos % 8);
                    std::memcpy(b.data() + bitpos / 8, &w, 8);
                }
                packed.push_back(b);
            }
            std::vector<uint32_t> state(m, 0);
            uint64_t rmask = g.bits() == 32 ? 0xFFFFFFFFull : ((uint64_t(1) << g.bits()) - 1);
            double t0 = cpu_seconds();
            int reps = kReps / 4;
            for (int rep = 0; rep < reps; rep++) {
                const uint8_t* b = packed[rep % kValues].data();
                for (size_t i = 0; i < m; i++) {
                    uint64_t bitpos = uint64_t(i) * g.bits();
                    uint64_t w;
                    std::memcpy(&w, b + bitpos / 8, 8);
                    uint32_t r = uint32_t((w >> (bitpos % 8)) & rmask);
                    state[i] = ell_merge(state[i], r, g.d);
                }
            }
            double ns = (cpu_seconds() - t0) / reps * 1e9;
            std::printf("| %s raw | p=%d | %zu | — | %.0f | yes (register merge: max and shifted bits) |\n", c.name, c.p,
                        kHeader + g.raw_bytes(), ns);
        }
        {
            std::vector<uint32_t> state(m, 0), out(m);
            int reps = kReps / 4;
            double t0 = cpu_seconds();
            for (int rep = 0; rep < reps; rep++) {
                int k = rep % kValues;
                decode(g, models[k], coded[k].bytes.data(), m, [&](size_t i, uint32_t r) { out[i] = r; });
            }
            double dec = (cpu_seconds() - t0) / reps * 1e9;
            t0 = cpu_seconds();
            for (int rep = 0; rep < reps; rep++) {
                int k = rep % kValues;
                if (c.d == 0)
                    decode(g, models[k], coded[k].bytes.data(), m, [&](size_t i, uint32_t r) { state[i] = std::max(state[i], r); });
                else
                    decode(g, models[k], coded[k].bytes.data(), m, [&](size_t i, uint32_t r) { state[i] = ell_merge(state[i], r, g.d); });
            }
            double both = (cpu_seconds() - t0) / reps * 1e9;
            double mean_bytes = 0;
            for (auto& cd : coded) mean_bytes += double(kHeader + kModelParam + cd.bytes.size()) / kValues;
            std::printf("| %s + rANS | p=%d | %.0f | %.0f | %.0f | no (decode first) |\n", c.name, c.p, mean_bytes, dec, both);
            if (c.d == 0) {
                std::vector<Huffman> hs;
                std::vector<std::vector<uint8_t>> hb;
                double hbytes = 0;
                for (int i = 0; i < kValues; i++) {
                    hs.push_back(make_huffman(g, models[i].lambda));
                    hb.push_back(huffman_encode(hs.back(), raw[i]));
                    hbytes += double(kHeader + kModelParam + hb.back().size()) / kValues;
                }
                t0 = cpu_seconds();
                for (int rep = 0; rep < reps; rep++) {
                    int k = rep % kValues;
                    huffman_decode(hs[k], hb[k].data(), hb[k].size(), m, [&](size_t i, uint32_t r) { out[i] = r; });
                }
                double hdec = (cpu_seconds() - t0) / reps * 1e9;
                std::vector<uint8_t> st8(m, 0);
                t0 = cpu_seconds();
                for (int rep = 0; rep < reps; rep++) {
                    int k = rep % kValues;
                    huffman_decode(hs[k], hb[k].data(), hb[k].size(), m, [&](size_t i, uint32_t r) { st8[i] = std::max<uint8_t>(st8[i], uint8_t(r)); });
                }
                double hboth = (cpu_seconds() - t0) / reps * 1e9;
                std::printf("| %s + Huffman | p=%d | %.0f | %.0f | %.0f | no (decode first) |\n", c.name, c.p, hbytes, hdec, hboth);
            }
        }
    }
    // DataSketches: deserialize a stored image and update a union with it.
    for (int lgk : {13, 14}) {
        std::vector<std::vector<uint8_t>> h4s, cpcs;
        for (int i = 0; i < 16; i++) {
            Rng rng(3000 + i);
            ds::hll_sketch h8(lgk, ds::HLL_8);
            ds::cpc_sketch cpc(lgk);
            // Built by coupons (the driver's shortcut), then serialized as stored.
            const uint32_t K = 1u << lgk;
            auto hu = get(HllCouponUpdate());
            auto cu = get(CpcRowColUpdate());
            for (uint64_t j = 0; j < std::min<uint64_t>(n, 64 * K); j++) {
                uint32_t addr = uint32_t(rng()) & ((1u << 26) - 1);
                (h8.*hu)((uint32_t(std::min(clz64(rng()), 62) + 1) << 26) | addr);
                (cpc.*cu)(((uint32_t(rng()) & (K - 1)) << 6) | uint32_t(std::min(clz64(rng()), 63)));
            }
            auto b4 = ds::hll_sketch(h8, ds::HLL_4).serialize_compact();
            h4s.emplace_back(b4.begin(), b4.end());
            auto bc = cpc.serialize();
            cpcs.emplace_back(bc.begin(), bc.end());
        }
        int reps = 400;
        {
            ds::hll_union un(lgk);
            double t0 = cpu_seconds();
            for (int rep = 0; rep < reps; rep++) {
                auto& b = h4s[rep % h4s.size()];
                un.update(ds::hll_sketch::deserialize(b.data(), b.size()));
            }
            double ns = (cpu_seconds() - t0) / reps * 1e9;
            std::printf("| DataSketches HLL_4 (64·K values) | lgK=%d | %zu | — | %.0f | no (deserialize, then union) |\n", lgk, h4s[0].size(), ns);
        }
        {
            ds::cpc_union un(lgk);
            double t0 = cpu_seconds();
            for (int rep = 0; rep < reps; rep++) {
                auto& b = cpcs[rep % cpcs.size()];
                un.update(ds::cpc_sketch::deserialize(b.data(), b.size()));
            }
            double ns = (cpu_seconds() - t0) / reps * 1e9;
            std::printf("| DataSketches CPC (64·K values) | lgK=%d | %zu | — | %.0f | no (decompress, then union) |\n", lgk, cpcs[0].size(), ns);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Tables.
std::string fmt_n(uint64_t n) {
    int e = 0;
    uint64_t x = n;
    while (x % 10 == 0 && x > 1) x /= 10, e++;
    return x == 1 ? "10^" + std::to_string(e) : std::to_string(n);
}

void print_tables(const std::vector<int>& targets, int trials) {
    std::sort(g_rows.begin(), g_rows.end(), [](const Row& a, const Row& b) {
        if (a.target_p != b.target_p) return a.target_p < b.target_p;
        if (a.candidate != b.candidate) return a.candidate < b.candidate;
        if (a.config != b.config) return a.config < b.config;
        return a.n < b.n;
    });
    for (int tp : targets) {
        std::printf("\n## At our p = %d (%d trials per row; bytes include a 16-byte header, +2 for a coded form's model)\n\n", tp, trials);
        std::printf("| candidate | config | n | bytes (mean) | bytes (max) | RMSE | bias ± se | MVP (bits x rel. MSE) | note |\n");
        std::printf("|---|---|---:|---:|---:|---:|---:|---:|---|\n");
        for (auto& r : g_rows) {
            if (r.target_p != tp) continue;
            std::string note = r.note;
            if (note == "ideal") {
                char buf[64];
                std::snprintf(buf, sizeof buf, "model bound %.0f B", r.acc.ideal / r.acc.n);
                note = buf;
            }
            std::printf("| %s | %s | %s | %.0f | %.0f | %.3f%% | %+.3f%% ± %.3f | %.2f | %s |\n", r.candidate.c_str(),
                        r.config.c_str(), fmt_n(r.n).c_str(), r.acc.mean_bytes(), r.acc.bytes_max, 100 * r.acc.rmse(),
                        100 * r.acc.bias(), 100 * r.acc.se(), r.acc.mvp(), note.c_str());
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    int trials = 60;
    bool do_validate = false, do_speed = false, do_main = true, do_theory = true;
    int threads = 2;
    int validate_trials = 1000;
    std::vector<int> targets = {12, 14, 16};
    std::string only;  // run only the candidates whose name contains this
    std::vector<uint64_t> ns = {1000, 100000, 1000000, 100000000};
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--trials" && i + 1 < argc) trials = std::atoi(argv[++i]);
        else if (a == "--validate") do_validate = true;
        else if (a == "--validate-trials" && i + 1 < argc) validate_trials = std::atoi(argv[++i]);
        else if (a == "--speed") do_speed = true;
        else if (a == "--only-extras") do_main = false, do_theory = false;
        else if (a == "--threads" && i + 1 < argc) threads = std::atoi(argv[++i]);
        else if (a == "--quick") ns = {1000, 100000};
        else if (a == "--p" && i + 1 < argc) targets = {std::atoi(argv[++i])};
        else if (a == "--only" && i + 1 < argc) only = argv[++i];
        else if (a == "--n" && i + 1 < argc) ns = {std::strtoull(argv[++i], nullptr, 10)};
        else { std::fprintf(stderr, "usage: %s [--trials N] [--validate] [--validate-trials N] [--speed] [--only-extras] [--threads N] [--quick] [--p P] [--n N] [--only NAME]\n", argv[0]); return 2; }
    }
    auto t0 = std::chrono::steady_clock::now();
    if (do_theory) print_theory();
    if (do_main) {
        std::vector<std::function<void()>> jobs;
        // Each at the precision that reaches about our error (theory table), ULL also at ours.
        std::vector<RegCandidate> cands = {
            {"HLL (ours)", 0, 0, 0}, {"ULL", 0, 2, -1}, {"ULL", 0, 2, 0}, {"ELL(0,3)", 0, 3, -1},
            {"ELL(0,4)", 0, 4, -1}, {"ELL(0,8)", 0, 8, -1}, {"ELL(2,20)", 2, 20, -3}, {"ELL(2,24)", 2, 24, -3}};
        for (int tp : targets) {
            for (uint64_t n : ns) {
                auto wanted = [&](const std::string& name) { return only.empty() || name.find(only) != std::string::npos; };
                for (auto& c : cands)
                    if (wanted(c.name)) jobs.push_back([c, tp, n, trials] { run_register_job(c, tp, n, trials); });
                if (n <= 4096 && wanted("HLL (ours) sparse")) jobs.push_back([tp, n, trials] { run_ours_sparse_job(tp, n, trials); });
                if (wanted("DataSketches")) {
                    jobs.push_back([tp, n, trials] { run_ds_job(tp, tp, n, trials, false); });
                    jobs.push_back([tp, n, trials] { run_ds_job(tp, tp - 1, n, trials, true); });
                }
            }
        }
        // Longest first, then two workers.
        std::atomic<size_t> next{0};
        std::vector<std::thread> pool;
        std::reverse(jobs.begin(), jobs.end());
        for (int w = 0; w < threads; w++)
            pool.emplace_back([&] {
                for (size_t j; (j = next++) < jobs.size();) jobs[j]();
            });
        for (auto& th : pool) th.join();
        print_tables(targets, trials);
    }
    if (do_validate) validate(validate_trials, only);
    if (do_speed) speed(1000000);
    std::fprintf(stderr, "elapsed %.1f s\n", seconds_since(t0));
    return 0;
}
