// kll against datasketches-cpp 5.2.0 itself (test/scripts/kll_datasketches.sh):
// built against the vendored header-only sources with KLL_VALIDATION, which
// makes DataSketches take its compaction coin from kll_next_offset; before each
// update that compacts, the oracle sets it to our coin (kll::coin of the count
// and level), so both sides pick the same halves. Prints TAP-like lines.
//   - updates: for k x n x distribution, our sketch exported is byte for byte
//     the image datasketches-cpp serializes (doubles; with -0 and +0 among the
//     values, but for their order among themselves: we sort -0 first), and our
//     own format reads back to the same sketch;
//   - imports: datasketches-cpp images (doubles and floats) imported and
//     exported are the same bytes; quantiles and ranks of the import are
//     datasketches-cpp's get_quantile / get_rank (inclusive and exclusive);
//   - merges: the same n, k, min_k, levels, min and max as datasketches-cpp's
//     merge (the halves kept may differ: its merge draws several coins at
//     once), and every rank within the sketch's rank error of the truth;
//   - the rank error: kll::rank_error(k, double_sided) is datasketches-cpp's
//     get_normalized_rank_error(k, pmf) for every k, and the bound every rank
//     above is held to is datasketches-cpp's, not ours.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>
// Every standard header the DataSketches ones include, before private becomes public.
#include <cstring>
#include <functional>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <type_traits>

#define KLL_VALIDATION
#define private public
#include "kll_sketch.hpp"
#undef private

#include "core/kll.hpp"

uint32_t datasketches::kll_next_offset = 0;

namespace kll = probabilistic::kll;
using ds_sketch = datasketches::kll_sketch<double>;
using ds_float_sketch = datasketches::kll_sketch<float>;

static int failures = 0, checks = 0;

static void check(bool ok, const std::string& what) {
    checks++;
    if (!ok) {
        failures++;
        std::printf("not ok - %s\n", what.c_str());
    }
}

class HeapAllocator : public probabilistic::Allocator {
public:
    std::vector<std::vector<std::uint8_t>> blocks;
    std::uint8_t* allocate(std::size_t size) override {
        blocks.emplace_back(size);
        return blocks.back().data();
    }
};

template <class S, class T>
static void ds_update(S& s, T v) {
    if (s.levels_[0] == 0) datasketches::kll_next_offset = kll::coin(s.n_, s.find_level_to_compact());
    s.update(v);
}

static std::vector<double> values(const std::string& dist, long n, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::vector<double> v(static_cast<std::size_t>(n));
    std::lognormal_distribution<double> logn(0, 2);
    std::uniform_int_distribution<int> few(0, 9);
    for (long i = 0; i < n; i++) {
        double x;
        if (dist == "uniform") x = std::uniform_real_distribution<double>(-1e6, 1e6)(rng);
        else if (dist == "lognormal") x = logn(rng);
        else if (dist == "sorted") x = static_cast<double>(i);
        else if (dist == "reverse") x = static_cast<double>(n - i);
        else if (dist == "ties") x = few(rng);
        else if (dist == "signed zeros") x = few(rng) < 3 ? -0.0 : few(rng) < 5 ? 0.0 : few(rng);
        else x = i % 97 == 0 ? INFINITY : i % 89 == 0 ? -INFINITY : static_cast<double>(static_cast<float>(logn(rng)));
        v[static_cast<std::size_t>(i)] = x;
    }
    return v;
}

static std::string name(const std::string& dist, int k, long n) {
    return dist + " k=" + std::to_string(k) + " n=" + std::to_string(n);
}

// An image with every -0 item made +0.
static std::vector<std::uint8_t> zeros_as_one(const std::vector<std::uint8_t>& image) {
    kll::Sketch s = kll::import_datasketches(image.data(), image.size());
    for (auto& x : s.items)
        if (x == 0) x = 0.0;
    if (s.n > 0 && s.min == 0) s.min = 0.0;
    if (s.n > 0 && s.max == 0) s.max = 0.0;
    return kll::export_datasketches(s, false);
}

// Our sketch's quantiles and ranks against datasketches-cpp's on the same sketch.
template <class S>
static void same_answers(const kll::Sketch& ours, S& theirs, const std::vector<double>& xs, const std::string& what) {
    const double qs[] = {0, 0.0001, 0.001, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999, 0.9999, 1};
    bool ok = true;
    for (bool inclusive : {true, false}) {
        for (double q : qs) {
            double a;
            kll::quantile(ours, q, inclusive, &a);
            double b = static_cast<double>(theirs.get_quantile(q, inclusive));
            if (!(a == b || (std::isnan(a) && std::isnan(b)))) ok = false;
        }
        for (std::size_t i = 0; i < xs.size(); i += std::max<std::size_t>(1, xs.size() / 50)) {
            // A float sketch is asked about the float nearest x, as datasketches-cpp's get_rank(float) is.
            auto x = static_cast<typename S::value_type>(xs[i]);
            double a;
            kll::rank(ours, static_cast<double>(x), inclusive, &a);
            if (a != theirs.get_rank(x, inclusive)) ok = false;
        }
    }
    check(ok, what + ": quantiles and ranks are datasketches-cpp's");
}

// Every rank of the truth within datasketches-cpp's single-sided rank error of the sketch's min_k.
static void within_bound(const kll::Sketch& s, std::vector<double> truth, const std::string& what) {
    std::sort(truth.begin(), truth.end());
    double bound = ds_sketch::get_normalized_rank_error(s.min_k, false), worst = 0;
    for (double q : {0.001, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999}) {
        double x = truth[static_cast<std::size_t>(q * static_cast<double>(truth.size() - 1))], r;
        kll::rank(s, x, true, &r);
        double exact = static_cast<double>(std::upper_bound(truth.begin(), truth.end(), x) - truth.begin()) /
                       static_cast<double>(truth.size());
        worst = std::max(worst, std::fabs(r - exact));
    }
    check(worst <= bound, what + ": rank error " + std::to_string(worst) + " within " + std::to_string(bound));
}

int main() {
    HeapAllocator alloc;
    // kll_rank_error is datasketches-cpp's normalized rank error, both kinds, at every k.
    {
        int differ = 0;
        for (unsigned k = kll::kMinK; k <= kll::kMaxK; k++)
            for (bool pmf : {false, true})
                differ += kll::rank_error(static_cast<std::uint16_t>(k), pmf) !=
                          ds_sketch::get_normalized_rank_error(static_cast<std::uint16_t>(k), pmf);
        check(differ == 0, "rank_error is datasketches-cpp's get_normalized_rank_error at every k (" +
                               std::to_string(differ) + " differ)");
    }
    const int ks[] = {8, 9, 20, 200, 201, 1000};
    const long ns[] = {0, 1, 2, 7, 8, 9, 21, 200, 201, 1000, 10000, 300000};
    const char* dists[] = {"uniform", "lognormal", "sorted", "reverse", "ties", "special", "signed zeros"};
    unsigned seed = 1;
    for (int k : ks)
        for (long n : ns)
            for (const char* dist : dists) {
                if (n == 300000 && k != 200 && k != 8) continue;
                std::string what = name(dist, k, n);
                std::vector<double> v = values(dist, n, seed++);
                ds_sketch theirs(static_cast<uint16_t>(k));
                ds_float_sketch theirs_f(static_cast<uint16_t>(k));
                kll::Sketch ours = kll::empty(static_cast<std::uint16_t>(k));
                for (double x : v) {
                    ds_update(theirs, x);
                    ds_update(theirs_f, static_cast<float>(x));
                    kll::update(ours, x);
                }
                auto image = theirs.serialize();
                std::vector<std::uint8_t> mine = kll::export_datasketches(ours, false);
                if (std::string(dist) == "signed zeros")
                    // We sort -0 before +0, datasketches-cpp's std::sort either way: the
                    // same image but for the order of -0 and +0 among themselves.
                    check(zeros_as_one(mine) == zeros_as_one(std::vector<std::uint8_t>(image.begin(), image.end())),
                          what + ": our sketch exported is datasketches-cpp's image, -0 and +0 aside");
                else
                    check(mine == std::vector<std::uint8_t>(image.begin(), image.end()),
                          what + ": our sketch exported is datasketches-cpp's image");
                probabilistic::Buffer b = kll::encode(ours, alloc);
                kll::Sketch back = kll::parse(b.data, b.size);
                check(kll::export_datasketches(back, false) == mine, what + ": our format reads back the same sketch");
                kll::Sketch imported = kll::import_datasketches(image.data(), image.size());
                check(kll::export_datasketches(imported, false) == std::vector<std::uint8_t>(image.begin(), image.end()),
                      what + ": a double image imported and exported is itself");
                auto image_f = theirs_f.serialize();
                kll::Sketch imported_f = kll::import_datasketches(image_f.data(), image_f.size());
                check(kll::export_datasketches(imported_f, true) ==
                          std::vector<std::uint8_t>(image_f.begin(), image_f.end()),
                      what + ": a float image imported and exported is itself");
                if (n == 0) continue;
                same_answers(imported, theirs, v, what + " (doubles)");
                same_answers(imported_f, theirs_f, v, what + " (floats)");
                if (n >= 1000) within_bound(ours, v, what);
            }
    // Merges, k equal and not, small into large and large into small.
    const int pairs[][2] = {{200, 200}, {200, 100}, {100, 200}, {8, 200}, {200, 8}, {1000, 50}};
    const long sizes[][2] = {{100000, 100000}, {100000, 150}, {150, 100000}, {5, 5}, {300, 70000}, {0, 5000}, {5000, 0}};
    for (const auto& p : pairs)
        for (const auto& sz : sizes) {
            std::string what = "merge k=" + std::to_string(p[0]) + "+" + std::to_string(p[1]) + " n=" +
                               std::to_string(sz[0]) + "+" + std::to_string(sz[1]);
            std::vector<double> a = values("lognormal", sz[0], seed++), c = values("uniform", sz[1], seed++);
            ds_sketch ta(static_cast<uint16_t>(p[0])), tc(static_cast<uint16_t>(p[1]));
            kll::Sketch oa = kll::empty(static_cast<std::uint16_t>(p[0])),
                        oc = kll::empty(static_cast<std::uint16_t>(p[1]));
            for (double x : a) ds_update(ta, x), kll::update(oa, x);
            for (double x : c) ds_update(tc, x), kll::update(oc, x);
            ta.merge(tc);
            kll::merge(oa, oc);
            bool same = ta.get_n() == oa.n && ta.get_k() == oa.k && ta.min_k_ == oa.min_k &&
                        ta.num_levels_ == oa.num_levels() && (oa.n == 0 || (ta.get_min_item() == oa.min &&
                                                                             ta.get_max_item() == oa.max));
            for (unsigned h = 0; same && h <= oa.num_levels(); h++) same = ta.levels_[h] == oa.levels[h];
            check(same, what + ": n, k, min_k, levels, min and max are datasketches-cpp's");
            std::vector<double> all = a;
            all.insert(all.end(), c.begin(), c.end());
            if (all.size() >= 1000) within_bound(oa, all, what);
            // Merging an imported image continues it.
            auto image = tc.serialize();
            kll::Sketch imported = kll::import_datasketches(image.data(), image.size());
            kll::Sketch ob = kll::empty(static_cast<std::uint16_t>(p[0]));
            for (double x : a) kll::update(ob, x);
            kll::merge(ob, imported);
            if (all.size() >= 1000) within_bound(ob, all, what + " (imported)");
        }
    std::printf("%s - kll against datasketches-cpp: %d checks, %d failed\n", failures ? "not ok" : "ok", checks,
                failures);
    return failures ? 1 : 0;
}
