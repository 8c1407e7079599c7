// Unit tests of the ddsketch core (ddsketch.hpp) and its C face (ddsketch_capi.h):
// answers against exact quantiles of sorted arrays, the relative-error
// guarantee at every q, union order invariance byte for byte (with collapsing),
// the exact sum, and every refusal of outside bytes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <vector>

#include "ddsketch.hpp"
#include "test_alloc.hpp"

using namespace probabilistic;
using probabilistic::testing::TestAllocator;
using Bytes = std::vector<std::uint8_t>;

namespace {

Bytes to_bytes(Buffer b) { return Bytes(b.data, b.data + b.size); }

Bytes empty(double alpha = 0.01, long long max_buckets = 2048) {
    TestAllocator alloc;
    return to_bytes(ddsketch::make_empty(alloc, alpha, max_buckets));
}

// Row by row through the in-place path, as the aggregate does.
Bytes build(const std::vector<double>& values, double alpha = 0.01, long long max_buckets = 2048) {
    Bytes b = empty(alpha, max_buckets);
    for (double v : values) {
        TestAllocator alloc;
        Buffer out = ddsketch::add(b.data(), b.size(), v, true, alloc);
        if (out.data != b.data()) b = to_bytes(out);
    }
    return b;
}

Bytes merged(const Bytes& a, const Bytes& b) {
    TestAllocator alloc;
    return to_bytes(ddsketch::merge(a.data(), a.size(), b.data(), b.size(), alloc));
}

ddsketch::Sketch sketch_of(const Bytes& b) { return ddsketch::parse(b.data(), b.size()); }

// percentile_disc's value: position max(1, ceil(q n)).
double exact_disc(const std::vector<double>& sorted, double q) {
    double row = std::ceil(q * static_cast<double>(sorted.size()));
    std::size_t p = row <= 1 ? 0 : static_cast<std::size_t>(row) - 1;
    return sorted[std::min(p, sorted.size() - 1)];
}

// doc/FORMAT.md 6.2's bucket index of a magnitude x > 0, computed here from the
// spec (frexp and the cubic): what decides, by 6.4's collapse rule, which
// answers keep the alpha guarantee. Never ddsketch::index_of or the collapse
// bound ddsketch_info reports (the code under test).
std::int32_t spec_index(double x, double alpha) {
    int e;
    double f = std::frexp(x, &e);
    double s = 2.0 * f - 1.0;
    double l = static_cast<double>(e - 1) + (((6.0 / 35.0) * s + (-3.0 / 5.0)) * s + (10.0 / 7.0)) * s;
    return static_cast<std::int32_t>(std::ceil((7.0 / (20.0 * alpha)) * l));
}

// A store of the magnitudes of one sign (6.4): collapsed when its indexes span
// more than MAXB buckets, and then its lowest index lo = highest - MAXB + 1.
struct SpecStore {
    bool collapsed = false;
    std::int32_t lo = 0;
    // The guarantee holds for a magnitude x of this store when it is not below lo's bucket.
    bool guaranteed(double x, double alpha) const { return !collapsed || spec_index(x, alpha) >= lo; }
};

SpecStore spec_store(const std::vector<double>& values, bool negative, double alpha, long long max_buckets) {
    SpecStore st;
    std::int32_t low = INT32_MAX, high = INT32_MIN;
    for (double v : values)
        if (v != 0 && (v < 0) == negative) {
            low = std::min(low, spec_index(std::fabs(v), alpha));
            high = std::max(high, spec_index(std::fabs(v), alpha));
        }
    if (low <= high && static_cast<long long>(high) - low + 1 > max_buckets) {
        st.collapsed = true;
        st.lo = static_cast<std::int32_t>(high - max_buckets + 1);
    }
    return st;
}

std::vector<double> grid() {
    std::vector<double> qs;
    for (int i = 0; i <= 1000; i++) qs.push_back(i / 1000.0);
    for (double q : {0.0001, 0.0005, 0.9995, 0.9999, 0.99999}) qs.push_back(q);
    return qs;
}

void expect_within(const std::vector<double>& values, double alpha, long long max_buckets = 2048) {
    Bytes b = build(values, alpha, max_buckets);
    ddsketch::Sketch s = sketch_of(b);
    std::vector<double> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    ASSERT_EQ(s.count, values.size());
    EXPECT_EQ(s.min, sorted.front());
    EXPECT_EQ(s.max, sorted.back());
    // Past max_buckets the lowest magnitudes fold (the collapse test checks those answers);
    // which ones is computed here from the spec.
    SpecStore pos = spec_store(values, false, alpha, max_buckets), neg = spec_store(values, true, alpha, max_buckets);
    auto guaranteed = [&](double v) {
        return v == 0 || (v > 0 ? pos.guaranteed(v, alpha) : neg.guaranteed(-v, alpha));
    };
    for (double q : grid()) {
        double got, truth = exact_disc(sorted, q);
        ASSERT_TRUE(ddsketch::quantile(s, q, &got));
        if (!guaranteed(truth)) continue;
        EXPECT_LE(std::fabs(got - truth), alpha * std::fabs(truth)) << "q " << q << " truth " << truth << " got " << got;
        // percentile_cont's interpolation, where both neighbours have one sign.
        double at = q * static_cast<double>(sorted.size() - 1);
        double lo = sorted[static_cast<std::size_t>(std::floor(at))], hi = sorted[static_cast<std::size_t>(std::ceil(at))];
        if ((lo >= 0) == (hi >= 0) && guaranteed(lo) && guaranteed(hi)) {
            double cont = lo + (hi - lo) * (at - std::floor(at));
            ASSERT_TRUE(ddsketch::quantile_cont(s, q, &got));
            EXPECT_LE(std::fabs(got - cont), alpha * std::fabs(cont) * (1 + 1e-12) + 1e-300) << "cont q " << q;
        }
    }
}

std::vector<double> draw(std::size_t n, std::function<double(std::mt19937_64&)> f, std::uint64_t seed = 42) {
    std::mt19937_64 rng(seed);
    std::vector<double> v(n);
    for (auto& x : v) x = f(rng);
    return v;
}

}  // namespace

TEST(DdsketchMapping, RepresentativeWithinAlphaOfEveryValue) {
    for (double alpha : {0.0001, 0.001, 0.01, 0.05, 0.2, 0.5}) {
        double m = ddsketch::multiplier(alpha);
        std::mt19937_64 rng(7);
        std::uniform_real_distribution<double> exponent(-1070.0, 1020.0), u(1.0, 2.0);
        for (int i = 0; i < 200000; i++) {
            double v = std::ldexp(u(rng), static_cast<int>(exponent(rng)));
            double rep = ddsketch::representative(ddsketch::index_of(v, m), m);
            ASSERT_LE(std::fabs(rep - v), alpha * v) << "alpha " << alpha << " v " << v;
        }
        for (double v : {std::ldexp(1.0, -1074), 1e-310, 1.0, 2.0, 1.7976931348623157e308}) {
            std::int32_t k = ddsketch::index_of(v, m);
            double rep = std::min(ddsketch::representative(k, m), 1.7976931348623157e308);
            EXPECT_LE(std::fabs(rep - v), alpha * v) << v;
        }
    }
}

TEST(DdsketchMapping, IndexIsMonotoneAndEdgesBracket) {
    double m = ddsketch::multiplier(0.01);
    std::vector<double> v = draw(100000, [](std::mt19937_64& r) {
        return std::exp(std::uniform_real_distribution<double>(-700, 700)(r));
    });
    std::sort(v.begin(), v.end());
    for (std::size_t i = 1; i < v.size(); i++) ASSERT_LE(ddsketch::index_of(v[i - 1], m), ddsketch::index_of(v[i], m));
    for (double x : v) {
        std::int32_t k = ddsketch::index_of(x, m);
        EXPECT_LE(ddsketch::lower_edge(k, m), x * (1 + 1e-12));
        EXPECT_GE(ddsketch::upper_edge(k, m), x * (1 - 1e-12));
    }
    EXPECT_EQ(ddsketch::index_of(1.0, m), 0);
    EXPECT_EQ(ddsketch::index_of(std::nextafter(1.0, 2.0), m), 1);
    // The bucket count per octave is m = 35 at alpha = 0.01.
    EXPECT_EQ(ddsketch::index_of(2.0, m), 35);
}

TEST(DdsketchAccuracy, DistributionsAtEveryQ) {
    std::lognormal_distribution<double> ln1(0, 1), ln3(0, 3);
    std::vector<std::pair<const char*, std::vector<double>>> cases = {
        {"lognormal 1", draw(20000, [&](std::mt19937_64& r) { return ln1(r); })},
        {"lognormal 3", draw(20000, [&](std::mt19937_64& r) { return ln3(r); })},
        {"pareto 1", draw(20000, [](std::mt19937_64& r) {
             return 1.0 / (1.0 - std::uniform_real_distribution<double>(0, 1)(r));
         })},
        {"bimodal", draw(20000, [](std::mt19937_64& r) {
             double u = std::uniform_real_distribution<double>(0.5, 1.5)(r);
             return (r() & 1) ? u * 1e-6 : u * 1e6;
         })},
        {"uniform integers", draw(20000, [](std::mt19937_64& r) {
             return static_cast<double>(std::uniform_int_distribution<int>(1, 1000)(r));
         })},
        {"mixed signs with zeros", draw(20000, [&](std::mt19937_64& r) {
             std::uint64_t k = r() % 5;
             return k == 0 ? 0.0 : k == 1 ? -ln1(r) : k == 2 ? -ln3(r) : ln3(r);
         })},
        {"all equal", std::vector<double>(5000, -3.25)},
        {"tiny and huge", {1e-300, 5e-324, 1e300, 1.7976931348623157e308, -1e-310, 42.0}},
    };
    std::vector<double> sorted = cases[0].second;
    std::sort(sorted.begin(), sorted.end());
    cases.push_back({"sorted", sorted});
    std::reverse(sorted.begin(), sorted.end());
    cases.push_back({"reverse sorted", sorted});
    for (auto& [name, values] : cases) {
        SCOPED_TRACE(name);
        for (double alpha : {0.01, 0.05}) expect_within(values, alpha);
        expect_within(values, 0.001, 65536);
    }
    expect_within(cases[0].second, 0.0001, 65536);
    // Without a collapse: the whole range at the default 2048 buckets.
    EXPECT_FALSE(ddsketch::info(sketch_of(build(cases[0].second)), 0).positive_collapsed);
}

TEST(DdsketchAccuracy, Rank) {
    std::lognormal_distribution<double> ln(0, 2);
    std::vector<double> v = draw(10000, [&](std::mt19937_64& r) { return (r() & 1) ? ln(r) : -ln(r); });
    v.push_back(0);
    ddsketch::Sketch s = sketch_of(build(v));
    std::sort(v.begin(), v.end());
    auto frac_le = [&](double x) {
        return static_cast<double>(std::upper_bound(v.begin(), v.end(), x) - v.begin()) / static_cast<double>(v.size());
    };
    for (double x : {-100.0, -3.0, -1.0, -0.01, 0.0, 0.01, 0.5, 1.0, 7.0, 1e6, -1e6}) {
        double r;
        ASSERT_TRUE(ddsketch::rank(s, x, &r));
        // Between the fractions at and below x / (1 + alpha) and x / (1 - alpha).
        double a = frac_le(x / 1.01), b = frac_le(x / 0.99);
        EXPECT_GE(r, std::min(a, b)) << x;
        EXPECT_LE(r, std::max(a, b)) << x;
    }
    double r;
    ASSERT_TRUE(ddsketch::rank(s, v.front() - 1, &r));
    EXPECT_EQ(r, 0);
    ASSERT_TRUE(ddsketch::rank(s, v.back(), &r));
    EXPECT_EQ(r, 1);
}

TEST(DdsketchCollapse, LowestBucketsFoldAndTheGuaranteeAboveTheBound) {
    std::vector<double> v = draw(20000, [](std::mt19937_64& r) {
        return std::exp(std::uniform_real_distribution<double>(-40, 40)(r));
    });
    Bytes b = build(v, 0.01, 256);
    ddsketch::Sketch s = sketch_of(b);
    ddsketch::Info info = ddsketch::info(s, b.size());
    EXPECT_TRUE(info.positive_collapsed);
    EXPECT_FALSE(info.negative_collapsed);
    EXPECT_EQ(info.positive_buckets, 256u);
    // The collapse bound is lower(lo) (6.6, 6.7), lo computed here from the spec:
    // the edge between the indexes lo - 1 and lo, to 1e-12.
    SpecStore st = spec_store(v, false, 0.01, 256);
    ASSERT_TRUE(st.collapsed);
    EXPECT_EQ(info.positive_lowest, st.lo);
    EXPECT_EQ(spec_index(info.positive_collapse_bound * (1 - 1e-12), 0.01), st.lo - 1);
    EXPECT_EQ(spec_index(info.positive_collapse_bound * (1 + 1e-12), 0.01), st.lo);
    std::vector<double> sorted = v;
    std::sort(sorted.begin(), sorted.end());
    int kept = 0, folded = 0;
    for (double q : grid()) {
        double got, truth = exact_disc(sorted, q);
        ASSERT_TRUE(ddsketch::quantile(s, q, &got));
        if (st.guaranteed(truth, 0.01)) {
            EXPECT_LE(std::fabs(got - truth), 0.01 * truth) << q;
            kept++;
        } else {
            // Folded: the truth's sign, and a magnitude at most upper(lo): in bucket lo or below.
            EXPECT_GT(got, 0);
            EXPECT_LE(spec_index(got, 0.01), st.lo) << q;
            folded++;
        }
    }
    EXPECT_GT(kept, 40);
    EXPECT_GT(folded, 100);
    // The collapsed sketch of a mirror image collapses the negative store alike.
    for (double& x : v) x = -x;
    ddsketch::Info neg = ddsketch::info(sketch_of(build(v, 0.01, 256)), 0);
    EXPECT_TRUE(neg.negative_collapsed);
    EXPECT_EQ(neg.negative_collapse_bound, info.positive_collapse_bound);
}

TEST(DdsketchUnion, ByteForByteInAnyOrderWithAndWithoutCollapse) {
    std::lognormal_distribution<double> ln(0, 6);
    std::vector<double> v = draw(30000, [&](std::mt19937_64& r) {
        std::uint64_t k = r() % 7;
        return k == 0 ? 0.0 : k < 3 ? -ln(r) : ln(r);
    });
    for (long long max_buckets : {2048LL, 300LL, 40LL, 1LL}) {
        SCOPED_TRACE(max_buckets);
        Bytes whole = build(v, 0.01, max_buckets);
        for (std::uint64_t seed : {1, 2, 3}) {
            // Parts of random sizes, each built from a shuffled slice, unioned in a shuffled order.
            std::mt19937_64 rng(seed);
            std::vector<double> shuffled = v;
            std::shuffle(shuffled.begin(), shuffled.end(), rng);
            std::vector<Bytes> parts;
            for (std::size_t at = 0; at < shuffled.size();) {
                std::size_t n = 1 + rng() % 5000;
                std::vector<double> slice(shuffled.begin() + static_cast<std::ptrdiff_t>(at),
                                          shuffled.begin() + static_cast<std::ptrdiff_t>(std::min(shuffled.size(), at + n)));
                parts.push_back(build(slice, 0.01, max_buckets));
                at += n;
            }
            parts.push_back(empty(0.01, max_buckets));
            std::shuffle(parts.begin(), parts.end(), rng);
            Bytes left = parts[0];
            for (std::size_t i = 1; i < parts.size(); i++) left = merged(left, parts[i]);
            EXPECT_EQ(left, whole);
            // A tree of unions, right to left.
            while (parts.size() > 1) {
                std::vector<Bytes> next;
                for (std::size_t i = 0; i + 1 < parts.size(); i += 2) next.push_back(merged(parts[i + 1], parts[i]));
                if (parts.size() % 2) next.push_back(parts.back());
                parts = next;
            }
            EXPECT_EQ(parts[0], whole);
        }
        // Built from the sorted values and from the decoded path alike.
        std::vector<double> sorted = v;
        std::sort(sorted.begin(), sorted.end());
        EXPECT_EQ(build(sorted, 0.01, max_buckets), whole);
        ddsketch::Sketch s;
        s.max_buckets = static_cast<std::uint32_t>(max_buckets);
        for (double x : v) ddsketch::add(s, x);
        TestAllocator alloc;
        EXPECT_EQ(to_bytes(ddsketch::encode(s, alloc)), whole);
        EXPECT_NO_THROW(ddsketch::validate(whole.data(), whole.size()));
    }
}

TEST(DdsketchSum, ExactAndOrderFree) {
    auto sum_of = [](const std::vector<double>& v) { return ddsketch::sum(sketch_of(build(v))); };
    EXPECT_EQ(sum_of(std::vector<double>(10, 0.1)), 1.0);  // a double loop gives 0.9999999999999999
    EXPECT_EQ(sum_of({1e308, 1e308, -1e308}), 1e308);
    EXPECT_EQ(sum_of({1e-300, 1.0, -1.0}), 1e-300);
    EXPECT_EQ(sum_of({5e-324, 5e-324, 5e-324}), 1.5e-323);
    EXPECT_EQ(sum_of({-2.5, 1.0}), -1.5);
    EXPECT_EQ(sum_of({}), 0);
    EXPECT_EQ(sum_of({1.0, std::ldexp(1.0, -53)}), 1.0);                         // a tie, to even
    EXPECT_EQ(sum_of({1.0, std::ldexp(1.0, -53), std::ldexp(1.0, -100)}), std::nextafter(1.0, 2.0));
    EXPECT_EQ(sum_of({1.0, -std::ldexp(1.0, -54), -std::ldexp(1.0, -200)}), std::nextafter(1.0, 0.0));
    EXPECT_EQ(sum_of({1.7976931348623157e308, -1.7976931348623157e308, 3.0}), 3.0);
    EXPECT_THROW(sum_of({1.7976931348623157e308, 1.7976931348623157e308}), Error);
    // A carry or borrow out of the top limb after the total shrank by a limb (issue 38:
    // the in-place add lost it): the values' exact sums, worked by hand.
    EXPECT_EQ(sum_of({0.875, -0.675, 0.875}), 0.875 + (0.875 - 0.675));   // 1.075
    EXPECT_EQ(sum_of({1.5e19, -1e19, 1.5e19}), 2e19);
    EXPECT_EQ(sum_of({1e19, -1e19, -1.0, 1e19}), 1e19 - 1.0);             // 1e19 rounded
    EXPECT_EQ(sum_of({-0.5, 0.75, -0.5}), -0.25);
    EXPECT_THROW(sum_of({-1.7976931348623157e308, 8.98846567431158e307, -1.7976931348623157e308}), Error);
    // Integers up to 2^53 sum exactly; the order changes no byte.
    std::vector<double> v = draw(5000, [](std::mt19937_64& r) {
        return std::ldexp(std::uniform_real_distribution<double>(-1, 1)(r), static_cast<int>(r() % 200) - 100);
    });
    Bytes a = build(v);
    std::reverse(v.begin(), v.end());
    EXPECT_EQ(build(v), a);
    std::vector<double> ints = draw(5000, [](std::mt19937_64& r) { return static_cast<double>(static_cast<int>(r() % 2000001) - 1000000); });
    long long exact = 0;
    for (double x : ints) exact += static_cast<long long>(x);
    EXPECT_EQ(sum_of(ints), static_cast<double>(exact));
}

TEST(DdsketchRefusals, ValuesAndParameters) {
    Bytes b = empty();
    TestAllocator alloc;
    auto kind_of = [](const std::function<void()>& f) {
        try {
            f();
        } catch (const Error& e) {
            return e.kind();
        }
        return ErrorKind::kInterrupted;
    };
    for (double bad : {std::nan(""), HUGE_VAL, -HUGE_VAL})
        EXPECT_EQ(kind_of([&] { ddsketch::add(b.data(), b.size(), bad, true, alloc); }), ErrorKind::kInvalidParameter);
    EXPECT_EQ(b, empty());
    for (double alpha : {0.0, 0.00009, 0.51, 1.0, std::nan(""), -0.01})
        EXPECT_EQ(kind_of([&] { ddsketch::make_empty(alloc, alpha, 2048); }), ErrorKind::kInvalidParameter) << alpha;
    for (long long mb : {0LL, -1LL, 65537LL})
        EXPECT_EQ(kind_of([&] { ddsketch::make_empty(alloc, 0.01, mb); }), ErrorKind::kInvalidParameter) << mb;
    Bytes other = empty(0.02);
    EXPECT_EQ(kind_of([&] { merged(b, other); }), ErrorKind::kMismatch);
    EXPECT_EQ(kind_of([&] { merged(b, empty(0.01, 100)); }), ErrorKind::kMismatch);
    try {
        ddsketch::check_state_parameters(b.data(), b.size(), 0.02, 2048);
        FAIL();
    } catch (const Error& e) {
        EXPECT_EQ(e.reason(), Reason::kParametersChanged);
    }
    ddsketch::Sketch s = sketch_of(build({1, 2, 3}));
    double out;
    for (double q : {-0.1, 1.1, std::nan("")})
        EXPECT_EQ(kind_of([&] { ddsketch::quantile(s, q, &out); }), ErrorKind::kInvalidParameter);
    EXPECT_EQ(kind_of([&] { ddsketch::rank(s, std::nan(""), &out); }), ErrorKind::kInvalidParameter);
    EXPECT_FALSE(ddsketch::quantile(sketch_of(empty()), 0.5, &out));
    EXPECT_FALSE(ddsketch::rank(sketch_of(empty()), 0.5, &out));
}

TEST(DdsketchRefusals, CorruptBytesFieldByField) {
    Bytes good = build({-3.0, -1.0, 0.0, 0.0, 2.0, 5.0, 300.0, 1e-9});
    ASSERT_NO_THROW(ddsketch::validate(good.data(), good.size()));
    auto refuses = [](Bytes b, const char* what) {
        try {
            ddsketch::validate(b.data(), b.size());
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::kCorrupt) << what;
            EXPECT_NE(std::string(e.what()).find("invalid ddsketch value"), std::string::npos) << e.what();
            return;
        }
        ADD_FAILURE() << "accepted: " << what;
    };
    // good with one field rewritten by a store of core.hpp.
    auto patched = [&](std::size_t at, auto store, auto v) {
        Bytes b = good;
        store(b.data() + at, v);
        return b;
    };
    auto with = [&](std::size_t at, std::uint8_t v) { return patched(at, [](std::uint8_t* p, std::uint8_t x) { *p = x; }, v); };
    auto with_double = [&](std::size_t at, double v) { return patched(at, store_double, v); };
    auto with32 = [&](std::size_t at, std::uint32_t v) { return patched(at, store_le32, v); };
    auto with64 = [&](std::size_t at, std::uint64_t v) { return patched(at, store_le64, v); };
    refuses(Bytes(good.begin(), good.begin() + 79), "short");
    refuses(with(0, 'C'), "tag");
    refuses(with(1, 2), "version 2");
    refuses(with(1, 3), "version 3");
    refuses(with(2, 1), "hash id");
    refuses(with(3, 4), "flags");
    refuses(with(3, 1), "collapsed flag without max buckets");
    refuses(with(4, 3), "width 3");
    refuses(with(4, 2), "wider than needed");
    refuses(with(6, 1), "reserved 6");
    refuses(with(77, 1), "reserved 76");
    refuses(with_double(8, 0.6), "alpha");
    refuses(with_double(8, std::nan("")), "alpha NaN");
    refuses(with_double(8, 0.02), "alpha changes buckets");
    refuses(with32(16, 0), "max buckets 0");
    refuses(with32(16, 70000), "max buckets");
    refuses(with32(16, 2), "fewer max buckets than buckets");
    refuses(with32(20, 36), "limbs");
    refuses(with32(20, 2), "length");
    refuses(with64(24, 9), "count");
    refuses(with64(32, 3), "zero count");
    refuses(with_double(40, -4.0), "min in another bucket");
    refuses(with_double(40, 1.0), "min positive");
    refuses(with_double(48, 310.0), "max in another bucket");
    refuses(with_double(48, HUGE_VAL), "max infinite");
    refuses(with32(56, 17), "sum low");
    refuses(with32(60, 1), "positive lowest moves extremes");
    refuses(with32(64, 9), "positive bucket count");
    refuses(with32(68, static_cast<std::uint32_t>(-2000000)), "negative lowest out of range");
    Bytes longer = good;
    longer.push_back(0);
    refuses(longer, "trailing byte");
    // The first count of the positive store zeroed (and the count adjusted).
    ddsketch::Sketch s = sketch_of(good);
    std::size_t pos_at = 80 + 8 * s.sum.limbs.size();
    Bytes b = good;
    b[pos_at] = 0;
    store_le64(b.data() + 24, s.count - s.positive.counts[0]);
    refuses(b, "first count zero");
    // A sum not in its fewest limbs: a zero limb added on top.
    TestAllocator alloc;
    ddsketch::Sketch wide = s;
    wide.sum.limbs.push_back(0);
    refuses(to_bytes(ddsketch::encode(wide, alloc)), "sum limbs not fewest");
    // The sum within count * min .. count * max exactly: 1.0 with the sum 1 + 2^-64 is
    // refused (a relative tolerance accepted it), 1 + 2^-64 with three values of 1.0 too,
    // and the exact ends are accepted.
    ddsketch::Sketch one = sketch_of(build({1.0}));
    one.sum.add(std::ldexp(1.0, -64));
    refuses(to_bytes(ddsketch::encode(one, alloc)), "sum above count * max");
    ddsketch::Sketch three = sketch_of(build({1.0, 1.0, 1.0}));
    three.sum.add(-std::ldexp(1.0, -70));
    refuses(to_bytes(ddsketch::encode(three, alloc)), "sum below count * min");
    ddsketch::Sketch ends = sketch_of(build({0.1, 0.1, 0.1}));
    EXPECT_NO_THROW(ddsketch::validate(good.data(), good.size()));
    Bytes ends_bytes = to_bytes(ddsketch::encode(ends, alloc));
    EXPECT_NO_THROW(ddsketch::validate(ends_bytes.data(), ends_bytes.size()));
    ddsketch::Sketch empty_sum = sketch_of(empty());
    empty_sum.min = -0.0;
    refuses(to_bytes(ddsketch::encode(empty_sum, alloc)), "empty with -0 min");
    // The checks of stored values keep every operation in bounds: the sum's limbs and the
    // stores' indexes in their ranges (a fuzzer found a limb index of -2^30 looping on).
    for (const Bytes& b : {with32(56, 0xBC000000u), with32(60, 0x7FFFFFFFu), with32(68, 0x80000000u)}) {
        try {
            ddsketch::parse_trusted(b.data(), b.size());
            ADD_FAILURE() << "trusted parse accepted an out-of-range field";
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::kCorrupt);
        }
    }
    // Every prefix and every one-byte change is refused or valid, never a crash.
    for (std::size_t n = 0; n < good.size(); n++) {
        try {
            ddsketch::validate(good.data(), n);
            ADD_FAILURE() << "prefix " << n;
        } catch (const Error&) {
        }
    }
    for (std::size_t i = 0; i < good.size(); i++)
        for (int bit = 0; bit < 8; bit++) {
            Bytes f = good;
            f[i] ^= static_cast<std::uint8_t>(1 << bit);
            try {
                ddsketch::Sketch t = ddsketch::parse(f.data(), f.size());
                double out;
                ddsketch::quantile(t, 0.5, &out);
            } catch (const Error& e) {
                EXPECT_EQ(e.kind(), ErrorKind::kCorrupt);
            }
        }
}

TEST(DdsketchFormat, EmptyBytesAndAValue) {
    Bytes e = empty();
    ASSERT_EQ(e.size(), 80u);
    EXPECT_EQ(e[0], 'D');
    EXPECT_EQ(e[1], 1);
    EXPECT_EQ(e[2], 0);
    EXPECT_EQ(load_double(e.data() + 8), 0.01);
    EXPECT_EQ(load_le32(e.data() + 16), 2048u);
    for (std::size_t i = 20; i < 80; i++) EXPECT_EQ(e[i], 0) << i;
    // 1.0: bucket 0 of the positive store, sum 1 = 2^0 in one limb at j = 0.
    Bytes one = build({1.0});
    ASSERT_EQ(one.size(), 80u + 8 + 1);
    EXPECT_EQ(one[4], 1);
    EXPECT_EQ(load_le32(one.data() + 20), 1u);
    EXPECT_EQ(load_le64(one.data() + 24), 1u);
    EXPECT_EQ(load_le32(one.data() + 60), 0u);
    EXPECT_EQ(load_le32(one.data() + 64), 1u);
    EXPECT_EQ(load_le64(one.data() + 80), 1u);
    EXPECT_EQ(one[88], 1);
    // A count past 255 widens the store to 2 bytes.
    Bytes many = build(std::vector<double>(256, 1.0));
    EXPECT_EQ(many[4], 2);
    EXPECT_EQ(load_le16(many.data() + many.size() - 2), 256u);
}
