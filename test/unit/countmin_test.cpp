// Unit tests of the count-min core (countmin.hpp): estimates against exact
// counts (std::map) over random and Zipf streams with unions in random trees,
// the format's invariants, and every refusal.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <random>
#include <vector>

#include "capi/countmin_capi.h"
#include "countmin.hpp"
#include "hash.hpp"
#include "test_alloc.hpp"

using namespace probabilistic;
using probabilistic::testing::TestAllocator;
using Bytes = std::vector<std::uint8_t>;

namespace {

Bytes to_bytes(Buffer b) { return Bytes(b.data, b.data + b.size); }

Bytes empty_sketch(double epsilon, double delta, std::uint64_t seed = kDefaultSeed) {
    TestAllocator alloc;
    return to_bytes(countmin::make_empty(alloc, epsilon, delta, seed));
}

std::uint64_t key_hash(std::uint64_t key) { return hash_int64(static_cast<std::int64_t>(key), kDefaultSeed); }

void add(Bytes& s, std::uint64_t key, std::int64_t weight = 1) {
    TestAllocator alloc;
    countmin::add_hash(s.data(), s.size(), key_hash(key), weight, true, alloc, 20);
}

std::uint64_t count(const Bytes& s, std::uint64_t key) {
    return countmin::count_hash(countmin::parse(s.data(), s.size()), key_hash(key));
}

std::uint64_t total(const Bytes& s) { return countmin::parse_trusted(s.data(), s.size()).header.total; }

Bytes merged(const Bytes& a, const Bytes& b) {
    TestAllocator alloc;
    return to_bytes(countmin::merge(a.data(), a.size(), b.data(), b.size(), alloc));
}

ErrorKind kind_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.kind();
    }
    return ErrorKind(0);
}

std::string message_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

// Keys 0..n-1, key k with probability proportional to 1/(k+1)^s.
class Zipf {
public:
    Zipf(std::size_t n, double s) : cdf_(n) {
        double sum = 0;
        for (std::size_t k = 0; k < n; k++) cdf_[k] = sum += std::pow(static_cast<double>(k + 1), -s);
        for (double& c : cdf_) c /= sum;
    }
    std::uint64_t operator()(std::mt19937_64& rng) {
        double u = std::uniform_real_distribution<double>(0, 1)(rng);
        return static_cast<std::uint64_t>(std::lower_bound(cdf_.begin(), cdf_.end(), u) - cdf_.begin()) %
               cdf_.size();
    }

private:
    std::vector<double> cdf_;
};

struct Stream {
    std::vector<std::uint64_t> keys;
    std::vector<std::int64_t> weights;
};

// Splits the stream into parts, sketches each, and unions them in a random tree.
Bytes sketch_in_random_tree(const Stream& s, double epsilon, double delta, std::mt19937_64& rng) {
    std::size_t parts = 1 + rng() % 12;
    std::vector<Bytes> sketches(parts, empty_sketch(epsilon, delta));
    for (std::size_t i = 0; i < s.keys.size(); i++) add(sketches[rng() % parts], s.keys[i], s.weights[i]);
    while (sketches.size() > 1) {
        std::size_t i = rng() % sketches.size(), j = rng() % (sketches.size() - 1);
        if (j >= i) j++;
        Bytes u = merged(sketches[i], sketches[j]);
        sketches[std::min(i, j)] = u;
        sketches.erase(sketches.begin() + static_cast<long>(std::max(i, j)));
    }
    return sketches[0];
}

// Never below the truth; above it by more than epsilon N in at most delta of
// the keys (with a margin: 1.5 delta), for keys added and keys never added.
void check_against_truth(const Stream& s, double epsilon, double delta, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    Bytes sketch = sketch_in_random_tree(s, epsilon, delta, rng);
    std::map<std::uint64_t, std::uint64_t> truth;
    std::uint64_t n = 0;
    for (std::size_t i = 0; i < s.keys.size(); i++) {
        truth[s.keys[i]] += static_cast<std::uint64_t>(s.weights[i]);
        n += static_cast<std::uint64_t>(s.weights[i]);
    }
    ASSERT_EQ(total(sketch), n);
    countmin::Sketch parsed = countmin::parse(sketch.data(), sketch.size());
    std::size_t queries = 0, over = 0;
    double bound = epsilon * static_cast<double>(n);
    auto probe = [&](std::uint64_t key, std::uint64_t exact) {
        std::uint64_t estimate = countmin::count_hash(parsed, key_hash(key));
        ASSERT_GE(estimate, exact) << "key " << key;
        ASSERT_LE(estimate, n);
        queries++;
        over += static_cast<double>(estimate - exact) > bound;
    };
    for (const auto& [key, exact] : truth) probe(key, exact);
    for (std::uint64_t key = UINT64_C(1) << 40; key < (UINT64_C(1) << 40) + 2000; key++) probe(key, 0);
    EXPECT_LE(static_cast<double>(over), 1.5 * delta * static_cast<double>(queries) + 3)
        << over << " of " << queries << " estimates exceed epsilon N = " << bound;
}

}  // namespace

TEST(CountminSizing, WidthAndDepth) {
    EXPECT_EQ(countmin::width_for(0.001), 2719u);  // ceil(2718.28...)
    EXPECT_EQ(countmin::width_for(0.01), 272u);
    EXPECT_EQ(countmin::width_for(0.5), 6u);
    EXPECT_EQ(countmin::depth_for(0.01), 5u);  // ln 100 = 4.6
    EXPECT_EQ(countmin::depth_for(0.5), 1u);   // ln 2 = 0.69
    EXPECT_EQ(countmin::depth_for(0.3), 2u);   // ln(1/0.3) = 1.2
    EXPECT_EQ(countmin::depth_for(countmin::exp_minus(7)), 7u);
    EXPECT_EQ(countmin::depth_for(std::nextafter(countmin::exp_minus(7), 0.0)), 8u);
    EXPECT_EQ(countmin::depth_for(countmin::exp_minus(32)), 32u);
    for (unsigned d = 0; d <= countmin::kMaxDepth; d++)
        EXPECT_NEAR(countmin::exp_minus(d), std::exp(-static_cast<double>(d)), 1e-15 * std::exp(-double(d)));
    // The defaults: 48 + 8 * 2719 * 5 bytes.
    EXPECT_EQ(countmin::empty_size(countmin::kDefaultEpsilon, countmin::kDefaultDelta), 108808u);
}

TEST(CountminSizing, ParametersRefused) {
    for (double eps : {0.0, -0.1, 1.0, 2.0, double(NAN), double(INFINITY)})
        EXPECT_EQ(kind_of([&] { countmin::empty_size(eps, 0.01); }), ErrorKind::kInvalidParameter) << eps;
    for (double delta : {0.0, -0.1, 1.0, double(NAN), 1e-15})
        EXPECT_EQ(kind_of([&] { countmin::empty_size(0.01, delta); }), ErrorKind::kInvalidParameter) << delta;
    EXPECT_NE(message_of([] { countmin::empty_size(0.01, 1e-15); }).find("below the smallest"), std::string::npos);
    // 2.7e6 cells a row, 32 rows: past 511 MiB.
    try {
        countmin::empty_size(1e-6, 2e-14);
        FAIL();
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kTooLarge);
        EXPECT_EQ(e.reason(), Reason::kCountminValueLimit);
    }
    EXPECT_EQ(kind_of([] { countmin::empty_size(1e-12, 0.5); }), ErrorKind::kTooLarge);
    EXPECT_EQ(countmin::empty_size(1e-5, 0.01), 48u + 8u * 271829u * 5u);
}

TEST(CountminSketch, EmptyCountsZero) {
    Bytes s = empty_sketch(0.01, 0.01, 7);
    countmin::Sketch p = countmin::parse(s.data(), s.size());
    EXPECT_EQ(p.header.seed, 7u);
    EXPECT_EQ(p.header.total, 0u);
    EXPECT_EQ(p.header.kind, kind::kNone);
    EXPECT_EQ(s[1], kind::kVersionWithout);
    EXPECT_EQ(countmin::count_hash(p, 123), 0u);
}

TEST(CountminSketch, ExactWithoutCollisions) {
    Bytes s = empty_sketch(0.001, 0.01);
    add(s, 1);
    add(s, 1);
    add(s, 2, 40);
    add(s, 3, 0);
    EXPECT_EQ(count(s, 1), 2u);
    EXPECT_EQ(count(s, 2), 40u);
    EXPECT_EQ(count(s, 3), 0u);
    EXPECT_EQ(total(s), 42u);
    EXPECT_EQ(s[1], kind::kVersionWith);
    EXPECT_EQ(countmin::parse(s.data(), s.size()).header.kind, 20);
}

TEST(CountminSketch, ConservativeUpdateRaisesOnlyTheMinimum) {
    // Width 6, depth 1 (epsilon 0.5, delta 0.5): collisions certain; each add raises
    // the one cell, so the row sums to the total exactly.
    Bytes s = empty_sketch(0.5, 0.5);
    for (std::uint64_t k = 0; k < 100; k++) add(s, k, static_cast<std::int64_t>(k % 3));
    countmin::Sketch p = countmin::parse(s.data(), s.size());
    std::uint64_t sum = 0;
    for (std::size_t j = 0; j < p.header.width; j++) sum += load_le64(p.cells() + 8 * j);
    EXPECT_EQ(sum, p.header.total);
    // Depth 3: a value whose cells differ raises only those below min + c.
    Bytes t = empty_sketch(0.5, 0.05);
    ASSERT_EQ(countmin::parse(t.data(), t.size()).header.depth, 3u);
    add(t, 1, 5);
    std::uint64_t before = count(t, 2);
    add(t, 2, 1);
    EXPECT_EQ(count(t, 2), before + 1);
    countmin::parse(t.data(), t.size());  // the row-sum invariants hold
}

TEST(CountminSketch, CopyOnWriteLeavesInputAlone) {
    Bytes s = empty_sketch(0.01, 0.01);
    Bytes before = s;
    TestAllocator alloc;
    Buffer out = countmin::add_hash(s.data(), s.size(), 99, 3, false, alloc);
    EXPECT_EQ(s, before);
    EXPECT_NE(out.data, s.data());
    Buffer same = countmin::add_hash(s.data(), s.size(), 99, 0, false, alloc);
    EXPECT_EQ(same.data, s.data());
}

TEST(CountminSketch, NegativeWeightRefused) {
    Bytes s = empty_sketch(0.01, 0.01);
    Bytes before = s;
    EXPECT_EQ(kind_of([&] { add(s, 1, -1); }), ErrorKind::kInvalidParameter);
    EXPECT_EQ(s, before);
}

TEST(CountminSketch, TotalNeverWraps) {
    Bytes s = empty_sketch(0.01, 0.01);
    add(s, 1, INT64_MAX - 5);
    Bytes before = s;
    EXPECT_EQ(kind_of([&] { add(s, 2, 6); }), ErrorKind::kTooLarge);
    EXPECT_EQ(s, before);
    add(s, 2, 5);
    EXPECT_EQ(total(s), countmin::kMaxTotal);
    EXPECT_EQ(count(s, 1), static_cast<std::uint64_t>(INT64_MAX - 5));
    EXPECT_GE(count(s, 2), 5u);
    EXPECT_EQ(kind_of([&] { add(s, 3, 1); }), ErrorKind::kTooLarge);
    Bytes one = empty_sketch(0.01, 0.01);
    add(one, 7);
    EXPECT_EQ(kind_of([&] { merged(s, one); }), ErrorKind::kTooLarge);
    EXPECT_EQ(total(merged(s, empty_sketch(0.01, 0.01))), countmin::kMaxTotal);
}

TEST(CountminSketch, UnionIsCellwiseSum) {
    Bytes a = empty_sketch(0.01, 0.01), b = empty_sketch(0.01, 0.01), whole = empty_sketch(0.01, 0.01);
    for (std::uint64_t k = 0; k < 500; k++) {
        add(k % 2 ? a : b, k % 37, static_cast<std::int64_t>(k % 5));
        add(whole, k % 37, static_cast<std::int64_t>(k % 5));
    }
    Bytes u = merged(a, b);
    EXPECT_EQ(total(u), total(whole));
    for (std::size_t i = countmin::kHeaderSize; i < u.size(); i += 8)
        EXPECT_EQ(load_le64(&u[i]), load_le64(&a[i]) + load_le64(&b[i]));
    EXPECT_EQ(merged(a, b), merged(b, a));
    for (std::uint64_t k = 0; k < 37; k++) EXPECT_GE(count(u, k), count(whole, k));
    // An empty side takes the other's kind.
    Bytes e = merged(empty_sketch(0.01, 0.01), a);
    EXPECT_EQ(e, a);
}

TEST(CountminSketch, UnionOfDifferentParametersRefused) {
    Bytes a = empty_sketch(0.01, 0.01);
    for (auto other : {empty_sketch(0.02, 0.01), empty_sketch(0.01, 0.02), empty_sketch(0.01, 0.01, 1)}) {
        try {
            merged(a, other);
            FAIL();
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::kMismatch);
            EXPECT_EQ(e.reason(), Reason::kDifferentParameters);
            EXPECT_NE(e.detail().find("One has epsilon 0.01, delta 0.01, seed 0"), std::string::npos) << e.detail();
        }
    }
}

TEST(CountminSketch, StateParametersChecked) {
    Bytes a = empty_sketch(0.01, 0.05);
    countmin::check_state_parameters(a.data(), a.size(), 0.01, 0.05);
    try {
        countmin::check_state_parameters(a.data(), a.size(), 0.01, 0.01);
        FAIL();
    } catch (const Error& e) {
        EXPECT_EQ(e.reason(), Reason::kParametersChanged);
        EXPECT_EQ(e.field(0), "epsilon 0.01, delta 0.05");
        EXPECT_EQ(e.field(1), "0.01, 0.01");
    }
}

TEST(CountminSketch, SameAddsSameBytes) {
    Bytes a = empty_sketch(0.01, 0.01), b = empty_sketch(0.01, 0.01);
    for (std::uint64_t k = 0; k < 300; k++) {
        add(a, k * 7 % 101);
        add(b, k * 7 % 101);
    }
    EXPECT_EQ(a, b);
}

TEST(CountminTruth, RandomStreamsUnweighted) {
    std::mt19937_64 rng(11);
    for (int round = 0; round < 4; round++) {
        Stream s;
        for (int i = 0; i < 20000; i++) {
            s.keys.push_back(rng() % 3000);
            s.weights.push_back(1);
        }
        check_against_truth(s, 0.01, 0.05, 100 + round);
    }
}

TEST(CountminTruth, ZipfStreamsWeighted) {
    std::mt19937_64 rng(12);
    for (double skew : {0.8, 1.0, 1.2}) {
        Zipf zipf(5000, skew);
        Stream s;
        for (int i = 0; i < 30000; i++) {
            s.keys.push_back(zipf(rng));
            s.weights.push_back(static_cast<std::int64_t>(rng() % 4));
        }
        check_against_truth(s, 0.005, 0.01, static_cast<std::uint64_t>(skew * 10));
    }
}

TEST(CountminTruth, ShallowSketchStillBounded) {
    // Depth 1 (delta 0.5): the bound is loose in probability, never in direction.
    std::mt19937_64 rng(13);
    Zipf zipf(2000, 1.0);
    Stream s;
    for (int i = 0; i < 10000; i++) {
        s.keys.push_back(zipf(rng));
        s.weights.push_back(1);
    }
    check_against_truth(s, 0.02, 0.5, 5);
}

TEST(CountminParse, EveryFieldIsChecked) {
    Bytes good = empty_sketch(0.01, 0.01);
    add(good, 1, 3);
    add(good, 2, 4);
    countmin::parse(good.data(), good.size());
    struct Case {
        std::function<void(Bytes&)> corrupt;
        const char* says;
    };
    std::vector<Case> cases = {
        {[](Bytes& b) { b.resize(40); }, "shorter than the 48-byte header"},
        {[](Bytes& b) { b[0] = 'C'; }, "type tag"},
        {[](Bytes& b) { b[1] = 3; }, "format version 3"},
        {[](Bytes& b) { b[2] = 1; }, "unknown hash function id 1"},
        {[](Bytes& b) { b[3] = 2; }, "update rule 2"},
        {[](Bytes& b) { b[4] = 4; }, "depth 4 does not match delta"},
        {[](Bytes& b) { b[4] = 0; }, "depth 0 does not match"},
        {[](Bytes& b) { b[5] = 1; }, "reserved byte 5"},
        {[](Bytes& b) { store_le16(&b[6], 0); }, "value kind 0"},
        {[](Bytes& b) { b[1] = 1; }, "bytes 6-7 of a format version 1 value"},
        {[](Bytes& b) { store_double(&b[16], 0.0); }, "epsilon 0 is not"},
        {[](Bytes& b) { store_double(&b[16], NAN); }, "epsilon nan"},
        {[](Bytes& b) { store_double(&b[16], 0.02); }, "width 272 does not match epsilon 0.02"},
        {[](Bytes& b) { store_double(&b[24], 1.0); }, "delta 1 is not"},
        {[](Bytes& b) { store_double(&b[24], 0.02); }, "depth 5 does not match delta 0.02"},
        {[](Bytes& b) { store_le64(&b[32], 273); }, "width 273 does not match"},
        {[](Bytes& b) { store_le64(&b[40], UINT64_C(1) << 63); }, "total 9223372036854775808 is above"},
        {[](Bytes& b) { store_le64(&b[40], 6); }, "sums to 7, more than the total 6"},
        {[](Bytes& b) { store_le64(&b[40], 40); }, "the rows sum to 35, less than the total 40"},
        {[](Bytes& b) { b.push_back(0); }, "bytes long, but 5 rows of 272"},
        {[](Bytes& b) { b.pop_back(); }, "bytes long, but 5 rows of 272"},
        {[](Bytes& b) { store_le64(&b[48], load_le64(&b[48]) + 100); }, "sums to"},
    };
    for (const Case& c : cases) {
        Bytes b = good;
        c.corrupt(b);
        try {
            countmin::parse(b.data(), b.size());
            ADD_FAILURE() << "accepted: " << c.says;
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::kCorrupt) << c.says;
            EXPECT_NE(std::string(e.what()).find(c.says), std::string::npos) << e.what() << " / " << c.says;
            EXPECT_EQ(std::string(e.what()).rfind("invalid countmin sketch: ", 0), 0u) << e.what();
        }
    }
}

TEST(CountminParse, TrustedChecksWhatKeepsAccessInside) {
    Bytes good = empty_sketch(0.01, 0.01);
    Bytes b = good;
    b[4] = 0;
    EXPECT_EQ(kind_of([&] { countmin::parse_trusted(b.data(), b.size()); }), ErrorKind::kCorrupt);
    b = good;
    store_le64(&b[32], 0);
    EXPECT_EQ(kind_of([&] { countmin::parse_trusted(b.data(), b.size()); }), ErrorKind::kCorrupt);
    b = good;
    store_le64(&b[32], UINT64_C(1) << 61);  // a length that wraps in 64 bits
    EXPECT_EQ(kind_of([&] { countmin::parse_trusted(b.data(), b.size()); }), ErrorKind::kCorrupt);
}

TEST(CountminInfo, Fields) {
    Bytes s = empty_sketch(0.001, 0.01, 3);
    add(s, 5, 1000);
    countmin::Info i = countmin::info(countmin::parse(s.data(), s.size()));
    EXPECT_EQ(i.format_version, 2);
    EXPECT_EQ(i.kind, 20);
    EXPECT_EQ(i.seed, 3u);
    EXPECT_EQ(i.width, 2719u);
    EXPECT_EQ(i.depth, 5u);
    EXPECT_EQ(i.total, 1000u);
    EXPECT_DOUBLE_EQ(i.error_bound, 1.0);
    EXPECT_EQ(i.bytes, 108808u);
}

// The C face's inline per-row add (countmin_cells.h) gives the core's bytes, and
// leaves every case it does not handle to the guarded call, unchanged.
TEST(CountminCapi, InlineAddIsTheCoresAdd) {
    Bytes fast = empty_sketch(0.01, 0.01), slow = fast;
    TestAllocator alloc;
    ProbError err;
    ProbBuffer out;
    for (std::uint64_t k = 0; k < 500; k++) {
        std::uint64_t h = key_hash(k % 41);
        std::int64_t w = static_cast<std::int64_t>(k % 4);
        ASSERT_TRUE(prob_countmin_add_hash(fast.data(), fast.size(), h, w, 20, true, nullptr, &out, &err));
        countmin::add_hash(slow.data(), slow.size(), h, w, true, alloc, 20);
        ASSERT_EQ(fast, slow) << k;
    }
    Bytes empty = empty_sketch(0.01, 0.01), before = empty;
    EXPECT_FALSE(prob_countmin_add_in_place(empty.data(), empty.size(), 1, 1));  // the first add records a kind
    EXPECT_EQ(empty, before);
    before = fast;
    EXPECT_FALSE(prob_countmin_add_in_place(fast.data(), fast.size(), 1, 0));
    EXPECT_FALSE(prob_countmin_add_in_place(fast.data(), fast.size(), 1, -1));
    EXPECT_FALSE(prob_countmin_add_in_place(fast.data(), fast.size(), 1, INT64_MAX));
    EXPECT_FALSE(prob_countmin_add_in_place(fast.data(), fast.size() - 8, 1, 1));
    EXPECT_FALSE(prob_countmin_add_in_place(fast.data(), 40, 1, 1));
    EXPECT_EQ(fast, before);
    Bytes bad = fast;
    bad[4] = 0;
    EXPECT_FALSE(prob_countmin_add_in_place(bad.data(), bad.size(), 1, 1));
    bad = fast;
    store_le64(&bad[32], UINT64_C(1) << 61);
    EXPECT_FALSE(prob_countmin_add_in_place(bad.data(), bad.size(), 1, 1));
    // The guarded path refuses what the inline one left to it.
    EXPECT_FALSE(prob_countmin_add_hash(fast.data(), fast.size(), 1, -1, 20, true, nullptr, &out, &err));
    EXPECT_EQ(err.kind, PROB_INVALID_PARAMETER);
    EXPECT_FALSE(prob_countmin_add_hash(fast.data(), fast.size(), 1, INT64_MAX, 20, true, nullptr, &out, &err));
    EXPECT_EQ(err.kind, PROB_TOO_LARGE);
    EXPECT_EQ(err.reason, PROB_REASON_COUNTMIN_TOTAL);
    EXPECT_EQ(fast, before);
}

// The working state (countmin.hpp): a list of adds that becomes the value. Its
// bytes at the end are the value's built by adding the same rows to a value
// from the first, whatever the parameters, weights (0 among them), runs of one
// hash, kinds, and wherever the list turns into cells.
namespace {

struct AddList {
    std::vector<std::uint64_t> hashes;
    std::vector<std::int64_t> weights;
};

AddList stream(unsigned seed, std::size_t rows, std::uint64_t values, bool weighted) {
    std::mt19937_64 rng(seed);
    AddList s;
    for (std::size_t i = 0; i < rows; i++) {
        std::uint64_t v = rng() % values;
        int run = rng() % 4 == 0 ? 1 + static_cast<int>(rng() % 3) : 1;  // the same hash several times in a row
        for (int r = 0; r < run; r++) {
            s.hashes.push_back(key_hash(v));
            s.weights.push_back(weighted ? static_cast<std::int64_t>(rng() % 5) : 1);
        }
    }
    return s;
}

// Adds as an aggregate does: in place, taking a new buffer when one comes back.
Bytes add_all(Bytes state, const AddList& s, std::size_t from, std::size_t to, std::uint16_t kind = 20) {
    TestAllocator alloc;
    for (std::size_t i = from; i < to; i++) {
        Buffer out = countmin::add_hash(state.data(), state.size(), s.hashes[i], s.weights[i], true, alloc, kind);
        if (out.data != state.data()) state = to_bytes(out);
    }
    return state;
}

Bytes working(double epsilon, double delta) {
    TestAllocator alloc;
    return to_bytes(countmin::make_working(alloc, epsilon, delta, kDefaultSeed));
}

Bytes finished(const Bytes& state) {
    TestAllocator alloc;
    return to_bytes(countmin::finish(state.data(), state.size(), alloc));
}

}  // namespace

TEST(CountminWorkingState, SameBytesAsAddingToAValue) {
    struct Params {
        double epsilon, delta;
    };
    // Defaults (5 x 2719), small and one-row sketches (many collisions: the order matters), a value smaller than a list.
    for (Params p : {Params{0.001, 0.01}, Params{0.05, 0.01}, Params{0.02, 0.5}, Params{0.3, 0.001}, Params{0.9, 0.9}}) {
        for (unsigned seed = 1; seed <= 4; seed++) {
            for (std::size_t rows : {0, 1, 3, 50, 700, 20000}) {
                AddList s = stream(seed, rows, seed % 2 ? 40 : 100000, seed > 2);
                Bytes direct = add_all(empty_sketch(p.epsilon, p.delta), s, 0, s.hashes.size());
                Bytes state = add_all(working(p.epsilon, p.delta), s, 0, s.hashes.size());
                ASSERT_EQ(finished(state), direct) << "epsilon " << p.epsilon << " delta " << p.delta << " seed "
                                                   << seed << " rows " << rows;
                countmin::parse(direct.data(), direct.size());
            }
        }
    }
}

TEST(CountminWorkingState, StartsSmallAndGrowsToTheValue) {
    Bytes state = working(0.001, 0.01);
    EXPECT_TRUE(countmin::is_working(state.data(), state.size()));
    EXPECT_LT(state.size(), 128u);
    AddList s = stream(5, 100000, 1000000, false);
    std::size_t value_size = empty_sketch(0.001, 0.01).size(), i = 0;
    while (countmin::is_working(state.data(), state.size())) {
        ASSERT_LT(state.size(), value_size);
        state = add_all(state, s, i, i + 1);
        i++;
    }
    EXPECT_EQ(state.size(), value_size);
    EXPECT_GT(i, 1000u);  // a thousand distinct adds still fit a list smaller than the cells
    EXPECT_EQ(add_all(state, s, i, s.hashes.size()), add_all(empty_sketch(0.001, 0.01), s, 0, s.hashes.size()));
    // A value as small as a list is made at once.
    Bytes tiny = working(0.9, 0.9);
    EXPECT_FALSE(countmin::is_working(tiny.data(), tiny.size()));
    EXPECT_EQ(tiny, empty_sketch(0.9, 0.9));
}

TEST(CountminWorkingState, KindsTotalsAndRefusals) {
    TestAllocator alloc;
    // The first positive add records the kind, as on a value; a weight of 0 records none.
    Bytes a = working(0.01, 0.01), b = empty_sketch(0.01, 0.01);
    for (Bytes* x : {&a, &b}) {
        countmin::add_hash(x->data(), x->size(), 7, 0, true, alloc, 25);
        countmin::add_hash(x->data(), x->size(), 7, 2, true, alloc, 20);
        countmin::add_hash(x->data(), x->size(), 8, 1, true, alloc, 25);
    }
    EXPECT_EQ(finished(a), b);
    EXPECT_EQ(load_le16(b.data() + 6), 20);
    // A total past 2^63 - 1 is refused and leaves the state as it was.
    Bytes before = a;
    EXPECT_EQ(kind_of([&] { countmin::add_hash(a.data(), a.size(), 9, INT64_MAX, true, alloc, 20); }),
              ErrorKind::kTooLarge);
    EXPECT_EQ(a, before);
    EXPECT_EQ(kind_of([&] { countmin::add_hash(a.data(), a.size(), 9, -1, true, alloc, 20); }),
              ErrorKind::kInvalidParameter);
    // Its parameters are checked as a value's; readers of values refuse it.
    countmin::check_state_parameters(a.data(), a.size(), 0.01, 0.01);
    EXPECT_EQ(kind_of([&] { countmin::check_state_parameters(a.data(), a.size(), 0.02, 0.01); }),
              ErrorKind::kMismatch);
    EXPECT_EQ(kind_of([&] { countmin::parse(a.data(), a.size()); }), ErrorKind::kCorrupt);
    EXPECT_EQ(kind_of([&] { countmin::parse_trusted(a.data(), a.size()); }), ErrorKind::kCorrupt);
    EXPECT_EQ(kind_of([&] { countmin::merge(a.data(), a.size(), b.data(), b.size(), alloc); }), ErrorKind::kCorrupt);
    // A list whose count passes its room is refused, not read past its end.
    Bytes bad = a;
    store_le64(bad.data() + countmin::kHeaderSize, 1000);
    EXPECT_EQ(kind_of([&] { finished(bad); }), ErrorKind::kCorrupt);
    // The inline per-row add leaves a working state to the core.
    EXPECT_FALSE(prob_countmin_add_in_place(a.data(), a.size(), 9, 1));
    // finish of a value is a copy.
    EXPECT_EQ(finished(b), b);
}
