// Unit tests of the kll core (kll.hpp): the capacity rule, the in-place
// aggregate path against the plain update, ranks against the truth within the
// rank error, merges, the working state, and every refusal of outside bytes
// (ours and DataSketches' images). Byte equality with datasketches-cpp itself
// is test/scripts/kll_datasketches.sh's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "kll.hpp"
#include "test_alloc.hpp"

using namespace probabilistic;
using probabilistic::testing::TestAllocator;
using Bytes = std::vector<std::uint8_t>;

namespace {

Bytes to_bytes(Buffer b) { return Bytes(b.data, b.data + b.size); }

// Row by row through the aggregate's in-place path, then finished.
Bytes build(const std::vector<double>& values, long long k = 200) {
    TestAllocator alloc;
    Bytes b = to_bytes(kll::make_working(alloc, k));
    for (double v : values) {
        Buffer out = kll::add(b.data(), b.size(), v, true, alloc);
        if (out.data != b.data()) b = to_bytes(out);
    }
    return to_bytes(kll::finish(b.data(), b.size(), alloc));
}

std::vector<double> random_values(std::size_t n, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::lognormal_distribution<double> d(0, 1.5);
    std::vector<double> v(n);
    for (auto& x : v) x = d(rng);
    return v;
}

// DataSketches' a priori normalized rank error (doc/FORMAT.md 10.6;
// datasketches-cpp's get_normalized_rank_error), computed here from the spec: the
// tolerance of the checks below, never kll::rank_error, which is under test.
double spec_rank_error(unsigned k, bool double_sided = false) {
    return double_sided ? 2.446 / std::pow(k, 0.9433) : 2.296 / std::pow(k, 0.9723);
}

double exact_rank(std::vector<double> sorted, double x) {
    return static_cast<double>(std::upper_bound(sorted.begin(), sorted.end(), x) - sorted.begin()) /
           static_cast<double>(sorted.size());
}

void expect_corrupt(const Bytes& b, const std::string& field) {
    try {
        kll::validate(b.data(), b.size());
        ADD_FAILURE() << "accepted; expected an error naming " << field;
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kCorrupt);
        EXPECT_NE(std::string(e.what()).find(field), std::string::npos) << e.what();
    }
}

void expect_ds_corrupt(const Bytes& b, const std::string& field) {
    try {
        (void) kll::import_datasketches(b.data(), b.size());
        ADD_FAILURE() << "accepted; expected an error naming " << field;
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kCorrupt);
        EXPECT_NE(std::string(e.what()).find(field), std::string::npos) << e.what();
    }
}

}  // namespace

// kll_rank_error and kll_info's two errors are the spec's numbers (DataSketches'
// published 1.33% and 1.65% at k = 200), of min_k.
TEST(KllTest, RankErrorIsTheSpecs) {
    EXPECT_NEAR(kll::rank_error(200, false), 0.0133, 0.00005);
    EXPECT_NEAR(kll::rank_error(200, true), 0.0165, 0.00005);
    for (unsigned k : {8u, 9u, 50u, 100u, 200u, 1000u, 4096u, 65535u})
        for (bool two : {false, true}) EXPECT_DOUBLE_EQ(kll::rank_error(static_cast<std::uint16_t>(k), two), spec_rank_error(k, two)) << k << " " << two;
    TestAllocator alloc;
    Bytes a = build(random_values(30000, 5), 400), b = build(random_values(30000, 6), 100);
    Bytes m = to_bytes(kll::merge(a.data(), a.size(), b.data(), b.size(), alloc));
    kll::Info i = kll::info(kll::parse(m.data(), m.size()));
    EXPECT_DOUBLE_EQ(i.rank_error, spec_rank_error(100));
    EXPECT_DOUBLE_EQ(i.rank_error_double_sided, spec_rank_error(100, true));
}

TEST(KllTest, CapacitiesAreDataSketches) {
    // k (2/3)^depth rounded, at least 8: 200, 133, 89, 59, 40, 26, 18, 12, 8, 8.
    const std::uint32_t expect[] = {8, 8, 12, 18, 26, 40, 59, 89, 133, 200};
    for (unsigned h = 0; h < 10; h++) EXPECT_EQ(kll::level_capacity(200, 10, h), expect[h]) << h;
    EXPECT_EQ(kll::total_capacity(200, 1), 200u);
    EXPECT_EQ(kll::level_capacity(65535, 61, 0), 8u);
    EXPECT_EQ(kll::level_capacity(65535, 1, 0), 65535u);
}

// The aggregate's path (in place on a working state's bytes, compacting there)
// makes the sketch the plain update makes, at every k's capacities.
TEST(KllTest, AggregatePathIsTheUpdate) {
    for (long long k : {8, 9, 50, 200, 1000}) {
        std::vector<double> v = random_values(50000, static_cast<unsigned>(k));
        kll::Sketch s = kll::empty(static_cast<std::uint16_t>(k));
        for (double x : v) kll::update(s, x);
        TestAllocator alloc;
        EXPECT_EQ(build(v, k), to_bytes(kll::encode(s, alloc))) << k;
    }
}

TEST(KllTest, RanksWithinTheError) {
    for (long long k : {50, 200, 800}) {
        std::vector<double> v = random_values(200000, static_cast<unsigned>(k));
        Bytes b = build(v, k);
        kll::Sketch s = kll::parse(b.data(), b.size());
        std::vector<double> sorted = v;
        std::sort(sorted.begin(), sorted.end());
        double bound = spec_rank_error(static_cast<unsigned>(k));
        for (double q : {0.001, 0.01, 0.1, 0.5, 0.9, 0.99, 0.999}) {
            double est;
            ASSERT_TRUE(kll::quantile(s, q, true, &est));
            EXPECT_LE(std::fabs(exact_rank(sorted, est) - q), bound + 1.0 / sorted.size()) << k << " " << q;
            double x = sorted[static_cast<std::size_t>(q * (sorted.size() - 1))], r;
            ASSERT_TRUE(kll::rank(s, x, true, &r));
            EXPECT_LE(std::fabs(r - exact_rank(sorted, x)), bound) << k << " " << q;
        }
        EXPECT_EQ(s.n, v.size());
        EXPECT_EQ(s.min, sorted.front());
        EXPECT_EQ(s.max, sorted.back());
    }
}

TEST(KllTest, ExactWhileOneLevel) {
    std::vector<double> v = {5, 1, 4, 2, 3};
    Bytes b = build(v, 8);
    kll::Sketch s = kll::parse(b.data(), b.size());
    double out;
    ASSERT_TRUE(kll::quantile(s, 0.5, true, &out));
    EXPECT_EQ(out, 3);
    ASSERT_TRUE(kll::quantile(s, 0, true, &out));
    EXPECT_EQ(out, 1);
    ASSERT_TRUE(kll::quantile(s, 1, true, &out));
    EXPECT_EQ(out, 5);
    ASSERT_TRUE(kll::rank(s, 2, true, &out));
    EXPECT_EQ(out, 0.4);
    ASSERT_TRUE(kll::rank(s, 2, false, &out));
    EXPECT_EQ(out, 0.2);
    ASSERT_TRUE(kll::rank(s, 0.5, true, &out));
    EXPECT_EQ(out, 0);
    EXPECT_THROW(kll::quantile(s, 1.5, true, &out), Error);
    EXPECT_THROW(kll::quantile(s, NAN, true, &out), Error);
    kll::Sketch e = kll::empty(200);
    EXPECT_FALSE(kll::quantile(e, 0.5, true, &out));
    EXPECT_FALSE(kll::rank(e, 1, true, &out));
}

TEST(KllTest, Refusals) {
    EXPECT_THROW(kll::check_k(7), Error);
    EXPECT_THROW(kll::check_k(65536), Error);
    kll::Sketch s = kll::empty(8);
    EXPECT_THROW(kll::update(s, NAN), Error);
    kll::update(s, INFINITY);
    kll::update(s, -INFINITY);
    EXPECT_EQ(s.n, 2u);
    TestAllocator alloc;
    Bytes w = to_bytes(kll::make_working(alloc, 100));
    EXPECT_THROW(kll::check_state_k(w.data(), w.size(), 200), Error);
    kll::check_state_k(w.data(), w.size(), 100);
    expect_corrupt(w, "working state");
}

TEST(KllTest, MergeKeepsLeftKAndSmallerMinK) {
    std::vector<double> a = random_values(30000, 1), b = random_values(30000, 2);
    TestAllocator alloc;
    Bytes x = build(a, 400), y = build(b, 100);
    Bytes m = to_bytes(kll::merge(x.data(), x.size(), y.data(), y.size(), alloc));
    kll::Sketch s = kll::parse(m.data(), m.size());
    EXPECT_EQ(s.k, 400);
    EXPECT_EQ(s.min_k, 100);
    EXPECT_EQ(s.n, 60000u);
    std::vector<double> all = a;
    all.insert(all.end(), b.begin(), b.end());
    std::sort(all.begin(), all.end());
    for (double q : {0.01, 0.5, 0.99}) {
        double x0 = all[static_cast<std::size_t>(q * (all.size() - 1))], r;
        kll::rank(s, x0, true, &r);
        EXPECT_LE(std::fabs(r - exact_rank(all, x0)), spec_rank_error(100));
    }
    // An empty side changes nothing.
    Bytes e = to_bytes(kll::make_empty(alloc, 50));
    EXPECT_EQ(to_bytes(kll::merge(x.data(), x.size(), e.data(), e.size(), alloc)), x);
}

TEST(KllTest, CorruptValues) {
    Bytes good = build(random_values(5000, 3), 20);
    kll::validate(good.data(), good.size());
    auto with = [&](std::size_t at, std::uint8_t v) {
        Bytes b = good;
        b[at] = v;
        return b;
    };
    expect_corrupt(Bytes(good.begin(), good.begin() + 20), "shorter");
    expect_corrupt(with(0, 'D'), "type tag");
    expect_corrupt(with(1, 2), "format version");
    expect_corrupt(with(2, 1), "hash function id");
    expect_corrupt(with(3, 4), "flags");
    expect_corrupt(with(3, 2), "working state");
    expect_corrupt(with(4, 7), "k 7");
    expect_corrupt(with(6, 7), "min_k");
    expect_corrupt(with(6, 21), "min_k");
    expect_corrupt(with(8, static_cast<std::uint8_t>(good[8] + 1)), "n ");
    expect_corrupt(with(32, 0), "level count");
    expect_corrupt(with(32, 62), "level count");
    expect_corrupt(with(33, 9), "m is");
    expect_corrupt(with(34, 1), "reserved");
    expect_corrupt(with(36, 1), "free slots");
    // A level-1 item out of order, and an item past max.
    kll::Sketch s = kll::parse(good.data(), good.size());
    std::size_t items = 40 + 4 * s.num_levels();
    unsigned h = 1;
    std::size_t at = items + 8 * s.level_size(0);
    for (; s.level_size(h) < 2 || s.items[s.levels[h]] == s.items[s.levels[h] + 1]; h++) at += 8 * s.level_size(h);
    Bytes unsorted = good;
    std::swap_ranges(unsorted.begin() + at, unsorted.begin() + at + 8, unsorted.begin() + at + 8);
    expect_corrupt(unsorted, "level " + std::to_string(h) + " is not sorted");
    Bytes nan = good;
    store_double(nan.data() + items, NAN);
    expect_corrupt(nan, "level 0 holds NaN");
    Bytes big = good;
    store_double(big.data() + items, 1e300);
    expect_corrupt(big, "outside [min, max]");
    Bytes sorted_flag = with(3, 1);
    expect_corrupt(sorted_flag, "though flagged sorted");
}

TEST(KllTest, DataSketchesImages) {
    kll::Sketch s = kll::empty(200);
    for (double x : random_values(3000, 5)) kll::update(s, x);
    Bytes img = kll::export_datasketches(s, false);
    kll::Sketch back = kll::import_datasketches(img.data(), img.size());
    EXPECT_EQ(kll::export_datasketches(back, false), img);
    auto with = [&](std::size_t at, std::uint8_t v) {
        Bytes b = img;
        b[at] = v;
        return b;
    };
    expect_ds_corrupt(Bytes(img.begin(), img.begin() + 7), "shorter");
    expect_ds_corrupt(with(2, 7), "family id");
    expect_ds_corrupt(with(1, 3), "updatable");
    expect_ds_corrupt(with(1, 9), "serial version");
    expect_ds_corrupt(with(3, 8), "flags");
    expect_ds_corrupt(with(0, 2), "preamble ints");
    expect_ds_corrupt(with(4, 4), "k 4");
    expect_ds_corrupt(with(6, 6), "m is");
    expect_ds_corrupt(with(18, 0), "level count");
    expect_ds_corrupt(with(16, 250), "min k");
    expect_ds_corrupt(with(8, static_cast<std::uint8_t>(img[8] ^ 1)), "weight");
    expect_ds_corrupt(Bytes(img.begin(), img.end() - 4), "bytes long");
    Bytes e = kll::export_datasketches(kll::empty(200), false);
    EXPECT_EQ(e.size(), 8u);
    EXPECT_EQ(kll::import_datasketches(e.data(), e.size()).n, 0u);
    kll::Sketch one = kll::empty(200);
    kll::update(one, 2.5);
    Bytes single = kll::export_datasketches(one, true);
    EXPECT_EQ(single.size(), 12u);
    EXPECT_EQ(kll::import_datasketches(single.data(), single.size()).max, 2.5);
}
