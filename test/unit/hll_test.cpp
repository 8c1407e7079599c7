#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "hash.hpp"
#include "hll.hpp"
#include "capi/hll_capi.h"
#include "test_alloc.hpp"

using namespace probabilistic;
using probabilistic::testing::TestAllocator;

namespace {

// A sketch owned by the test, driven through the core's public operations.
struct Hll {
    TestAllocator alloc;
    Buffer buf;

    explicit Hll(int p, std::uint64_t seed = 0) { buf = hll::empty(alloc, p, seed); }
    void add(std::uint64_t h) { buf = hll::add_hash(buf.data, buf.size, h, /*in_place=*/true, alloc); }
    hll::Sketch sketch() const { return hll::parse(buf.data, buf.size); }
    std::vector<std::uint8_t> bytes() const { return {buf.data, buf.data + buf.size}; }
    double estimate() const { return hll::estimate(sketch()); }
};

// What the registers must be: max rank per index, computed from the hashes directly.
std::vector<std::uint8_t> reference_registers(const std::vector<std::uint64_t>& hashes, int p) {
    std::vector<std::uint8_t> regs(std::size_t(1) << p, 0);
    for (std::uint64_t h : hashes) {
        std::uint32_t idx = hll::dense_index(h, p);
        regs[idx] = std::max<std::uint8_t>(regs[idx], static_cast<std::uint8_t>(hll::dense_rank(h, p)));
    }
    return regs;
}

std::vector<std::uint64_t> random_hashes(std::size_t n, std::uint64_t seed) {
    std::vector<std::uint64_t> out(n);
    for (std::size_t i = 0; i < n; i++) out[i] = hash_int64(static_cast<std::int64_t>(i), seed);
    return out;
}

// A hash whose dense form at precision p lands in register idx with rank r.
std::uint64_t hash_for(int p, std::uint64_t idx, unsigned r) {
    std::uint64_t h = idx << (64 - p);
    if (r <= static_cast<unsigned>(64 - p)) h |= std::uint64_t(1) << (64 - p - r);
    return h;
}

}  // namespace

TEST(HllFormat, EmptySketchIsSixteenByteSparseHeader) {
    Hll h(14, 0x0102030405060708ULL);
    ASSERT_EQ(h.buf.size, hll::kHeaderSize);
    const std::vector<std::uint8_t> want = {'H', 1, kHashId, 1, 14, 26, 0, 0, 8, 7, 6, 5, 4, 3, 2, 1};
    EXPECT_EQ(h.bytes(), want);
    EXPECT_EQ(h.estimate(), 0.0);
}

// Values built under hash id 1 (0.1.0, 0.2.0) stay readable; unknown ids are refused.
TEST(HllFormat, ReadsHashIdOneAndRefusesUnknownIds) {
    Hll h(14, 0);
    std::vector<std::uint8_t> bytes = h.bytes();
    for (std::uint8_t id : {kHashIdV1, kHashId}) {
        bytes[2] = id;
        EXPECT_NO_THROW(hll::parse(bytes.data(), bytes.size())) << int(id);
    }
    for (std::uint8_t id : {0, 3}) {
        bytes[2] = id;
        EXPECT_THROW(hll::parse(bytes.data(), bytes.size()), Error) << int(id);
    }
}

TEST(HllFormat, PrecisionBounds) {
    TestAllocator a;
    EXPECT_THROW(hll::empty(a, 3, 0), Error);
    EXPECT_THROW(hll::empty(a, 19, 0), Error);
    EXPECT_NO_THROW(hll::empty(a, 4, 0));
    EXPECT_NO_THROW(hll::empty(a, 18, 0));
}

TEST(HllFormat, DensePayloadIsSixBitsPerRegister) {
    EXPECT_EQ(hll::dense_payload_size(14), 12288u);
    EXPECT_EQ(hll::dense_payload_size(4), 12u);
    EXPECT_EQ(hll::sparse_limit(14), 3072u);
    EXPECT_EQ(hll::sparse_limit(18), hll::kMaxSparseEntries);
}

TEST(HllFormat, RankIsLeadingZerosPlusOneCappedAtAllZero) {
    EXPECT_EQ(hll::dense_rank(hash_for(14, 5, 1), 14), 1u);
    EXPECT_EQ(hll::dense_rank(hash_for(14, 5, 50), 14), 50u);
    EXPECT_EQ(hll::dense_rank(hash_for(14, 5, 51), 14), 51u);  // all 50 remaining bits zero
    EXPECT_EQ(hll::max_rank(14), 51u);
    EXPECT_EQ(hll::dense_index(hash_for(14, 12345, 3), 14), 12345u);
}

TEST(HllSparse, SmallSetIsSparseAndTensOfBytes) {
    Hll h(14);
    for (std::uint64_t x : random_hashes(10, 1)) h.add(x);
    EXPECT_TRUE(h.sketch().sparse());
    EXPECT_EQ(h.buf.size, hll::kHeaderSize + 10 * 4);
}

TEST(HllSparse, NearExactUpToAThousand) {
    for (std::size_t n : {1u, 2u, 10u, 100u, 500u, 1000u}) {
        Hll h(14);
        for (std::uint64_t x : random_hashes(n, 42)) h.add(x);
        EXPECT_NEAR(h.estimate(), static_cast<double>(n), 0.001 * n + 0.5) << "n=" << n;
    }
}

TEST(HllSparse, DuplicatesDoNotGrowTheSketch) {
    Hll h(14);
    auto hs = random_hashes(100, 3);
    for (std::uint64_t x : hs) h.add(x);
    std::size_t size = h.buf.size;
    for (std::uint64_t x : hs) h.add(x);
    EXPECT_EQ(h.buf.size, size);
}

TEST(HllSparse, BecomesDenseJustPastTheLimit) {
    Hll h(10);
    std::size_t limit = hll::sparse_limit(10);
    std::vector<std::uint64_t> seen;
    std::uint64_t i = 0;
    // Distinct sparse indexes until the limit is reached.
    while (h.sketch().sparse_count() < limit) {
        std::uint64_t x = hash_int64(static_cast<std::int64_t>(i++), 9);
        seen.push_back(x);
        h.add(x);
        ASSERT_TRUE(h.sketch().sparse());
    }
    std::uint64_t x;
    do {
        x = hash_int64(static_cast<std::int64_t>(i++), 9);
        seen.push_back(x);
        h.add(x);
    } while (h.sketch().sparse());
    EXPECT_EQ(h.buf.size, hll::kHeaderSize + hll::dense_payload_size(10));
    EXPECT_EQ(hll::registers(h.sketch()), reference_registers(seen, 10));
}

TEST(HllDense, RegistersMatchReferenceAtEveryPrecision) {
    for (int p = hll::kMinPrecision; p <= hll::kMaxPrecision; p++) {
        Hll h(p);
        auto hs = random_hashes(20000, static_cast<std::uint64_t>(p));
        for (std::uint64_t x : hs) h.add(x);
        EXPECT_EQ(hll::registers(h.sketch()), reference_registers(hs, p)) << "p=" << p;
    }
}

TEST(HllDense, ExtremeRanksRoundTrip) {
    Hll h(4);
    std::vector<std::uint64_t> hs;
    for (int i = 0; i < 2000; i++) hs.push_back(hash_int64(i, 77));
    for (std::uint64_t x : hs) h.add(x);
    ASSERT_FALSE(h.sketch().sparse());
    h.add(hash_for(4, 15, 61));  // all 60 bits after the index zero: the maximum rank
    hs.push_back(hash_for(4, 15, 61));
    auto regs = hll::registers(h.sketch());
    EXPECT_EQ(regs[15], 61u);
    EXPECT_EQ(regs, reference_registers(hs, 4));
}

TEST(HllCanonical, InsertionOrderDoesNotChangeBytes) {
    for (std::size_t n : {50u, 5000u}) {
        auto hs = random_hashes(n, 11);
        Hll a(12), b(12);
        for (std::uint64_t x : hs) a.add(x);
        std::mt19937_64 rng(1);
        std::shuffle(hs.begin(), hs.end(), rng);
        for (std::uint64_t x : hs) b.add(x);
        EXPECT_EQ(a.bytes(), b.bytes()) << "n=" << n;
    }
}

TEST(HllUnion, UnionEqualsSketchOfUnionForEveryRepresentationPair) {
    for (std::size_t na : {10u, 3000u, 50000u}) {
        for (std::size_t nb : {10u, 3000u, 50000u}) {
            auto ha = random_hashes(na, 100), hb = random_hashes(nb, 200);
            Hll a(14), b(14), whole(14);
            for (std::uint64_t x : ha) { a.add(x); whole.add(x); }
            for (std::uint64_t x : hb) { b.add(x); whole.add(x); }
            TestAllocator alloc;
            Buffer u = hll::union_of(a.buf.data, a.buf.size, b.buf.data, b.buf.size, false, alloc);
            EXPECT_EQ(std::vector<std::uint8_t>(u.data, u.data + u.size), whole.bytes()) << na << " " << nb;
        }
    }
}

TEST(HllUnion, DifferentPrecisionsFoldToTheSmaller) {
    auto ha = random_hashes(40000, 1), hb = random_hashes(40000, 2);
    Hll a(14), b(11);
    for (std::uint64_t x : ha) a.add(x);
    for (std::uint64_t x : hb) b.add(x);
    TestAllocator alloc;
    Buffer u = hll::union_of(a.buf.data, a.buf.size, b.buf.data, b.buf.size, false, alloc);
    hll::Sketch s = hll::parse(u.data, u.size);
    EXPECT_EQ(s.precision(), 11);
    std::vector<std::uint64_t> all = ha;
    all.insert(all.end(), hb.begin(), hb.end());
    EXPECT_EQ(hll::registers(s), reference_registers(all, 11));
}

TEST(HllUnion, DenseSamePrecisionMergesInPlaceWithoutAllocating) {
    Hll a(12), b(12);
    for (std::uint64_t x : random_hashes(20000, 1)) a.add(x);
    for (std::uint64_t x : random_hashes(20000, 2)) b.add(x);
    TestAllocator alloc;
    Buffer u = hll::union_of(a.buf.data, a.buf.size, b.buf.data, b.buf.size, true, alloc);
    EXPECT_EQ(u.data, a.buf.data);
    EXPECT_EQ(alloc.allocations(), 0u);
}

TEST(HllUnion, SeedsMustMatch) {
    Hll a(14, 1), b(14, 2);
    TestAllocator alloc;
    try {
        hll::union_of(a.buf.data, a.buf.size, b.buf.data, b.buf.size, false, alloc);
        FAIL() << "expected a mismatch error";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kMismatch);
        EXPECT_NE(e.detail().find("seed 1"), std::string::npos);
        EXPECT_NE(e.detail().find("seed 2"), std::string::npos);
    }
}

TEST(HllFold, FoldedRegistersEqualDirectSketchAtLowerPrecision) {
    for (std::size_t n : {100u, 100000u}) {
        auto hs = random_hashes(n, 5);
        Hll h(16);
        for (std::uint64_t x : hs) h.add(x);
        TestAllocator alloc;
        for (int p = 4; p <= 16; p++) {
            Buffer f = hll::fold(h.buf.data, h.buf.size, p, alloc);
            EXPECT_EQ(hll::registers(hll::parse(f.data, f.size)), reference_registers(hs, p)) << n << " p=" << p;
        }
        EXPECT_THROW(hll::fold(h.buf.data, h.buf.size, 17, alloc), Error);
    }
}

TEST(HllContains, SubsetIsContainedAndSupersetIsNot) {
    auto hs = random_hashes(30000, 8);
    Hll small(14), big(14);
    for (std::size_t i = 0; i < hs.size(); i++) {
        big.add(hs[i]);
        if (i % 3 == 0) small.add(hs[i]);
    }
    EXPECT_TRUE(hll::contains(big.sketch(), small.sketch()));
    EXPECT_FALSE(hll::contains(small.sketch(), big.sketch()));
    EXPECT_TRUE(hll::contains(big.sketch(), big.sketch()));
}

TEST(HllInPlace, NotInPlaceLeavesTheInputUntouched) {
    Hll h(12);
    for (std::uint64_t x : random_hashes(10000, 1)) h.add(x);
    auto before = h.bytes();
    TestAllocator alloc;
    Buffer out = hll::add_hash(h.buf.data, h.buf.size, hash_for(12, 7, 40), false, alloc);
    EXPECT_NE(out.data, h.buf.data);
    EXPECT_EQ(h.bytes(), before);
}

TEST(HllAlloc, AllocationFailureIsBadAlloc) {
    TestAllocator alloc;
    alloc.fail_after(0);
    EXPECT_THROW(hll::empty(alloc, 14, 0), std::bad_alloc);
}

// Outside bytes: every way of being wrong is a kCorrupt error.
class HllCorrupt : public ::testing::Test {
protected:
    std::vector<std::uint8_t> sparse_, dense_;
    void SetUp() override {
        Hll s(8), d(8);
        for (std::uint64_t x : random_hashes(5, 1)) s.add(x);
        for (std::uint64_t x : random_hashes(5000, 1)) d.add(x);
        sparse_ = s.bytes();
        dense_ = d.bytes();
        ASSERT_TRUE(hll::parse(sparse_.data(), sparse_.size()).sparse());
        ASSERT_FALSE(hll::parse(dense_.data(), dense_.size()).sparse());
    }
    static void expect_corrupt(std::vector<std::uint8_t> v, const char* what) {
        try {
            hll::parse(v.data(), v.size());
            ADD_FAILURE() << "accepted: " << what;
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::kCorrupt) << what;
        }
    }
};

TEST_F(HllCorrupt, HeaderFields) {
    auto v = sparse_;
    expect_corrupt({v.begin(), v.begin() + 15}, "truncated header");
    for (auto [off, val] : std::vector<std::pair<int, int>>{
             {0, 'B'}, {1, 2}, {1, 0}, {2, 9}, {3, 0}, {3, 3}, {4, 3}, {4, 19}, {5, 25}, {6, 1}, {7, 1}}) {
        auto c = v;
        c[off] = static_cast<std::uint8_t>(val);
        expect_corrupt(c, ("byte " + std::to_string(off)).c_str());
    }
}

TEST_F(HllCorrupt, SparsePayload) {
    auto v = sparse_;
    expect_corrupt({v.begin(), v.end() - 1}, "partial entry");
    auto dup = v;
    dup.insert(dup.end(), v.end() - 4, v.end());
    expect_corrupt(dup, "repeated entry");
    auto swapped = v;
    std::swap_ranges(swapped.begin() + 16, swapped.begin() + 20, swapped.begin() + 20);
    expect_corrupt(swapped, "unsorted entries");
    auto rank0 = v;
    rank0[16] &= 0xC0;
    expect_corrupt(rank0, "rank 0");
    auto rank40 = v;
    rank40[16] = static_cast<std::uint8_t>((rank40[16] & 0xC0) | 40);
    expect_corrupt(rank40, "rank 40");
    std::vector<std::uint8_t> too_many(v.begin(), v.begin() + 16);
    for (std::uint32_t i = 0; i <= hll::sparse_limit(8); i++) {
        std::uint8_t e[4];
        store_le32(e, (i << 6) | 1);
        too_many.insert(too_many.end(), e, e + 4);
    }
    expect_corrupt(too_many, "too many sparse entries");
}

TEST_F(HllCorrupt, DensePayload) {
    auto v = dense_;
    expect_corrupt({v.begin(), v.end() - 1}, "truncated dense");
    auto ext = v;
    ext.push_back(0);
    expect_corrupt(ext, "extended dense");
    auto high = v;
    high[16] = static_cast<std::uint8_t>((high[16] & 0xC0) | 58);  // register 0 > 65 - 8
    expect_corrupt(high, "register out of range");
}

// The controls of the tests above: each corruption there crosses a limit by
// one; the same value just inside that limit parses (a parser off by one,
// too strict, fails here).
TEST_F(HllCorrupt, ValuesJustInsideEachLimitParse) {
    for (unsigned rank : {1u, 39u}) {
        auto v = sparse_;
        v[16] = static_cast<std::uint8_t>((v[16] & 0xC0) | rank);
        EXPECT_NO_THROW(hll::parse(v.data(), v.size())) << "sparse rank " << rank;
    }
    std::vector<std::uint8_t> at_limit(sparse_.begin(), sparse_.begin() + 16);
    for (std::uint32_t i = 0; i < hll::sparse_limit(8); i++) {
        std::uint8_t e[4];
        store_le32(e, (i << 6) | 1);
        at_limit.insert(at_limit.end(), e, e + 4);
    }
    try {
        hll::Sketch s = hll::parse(at_limit.data(), at_limit.size());
        EXPECT_TRUE(s.sparse());
        EXPECT_EQ(s.sparse_count(), hll::sparse_limit(8));
    } catch (const Error& e) {
        ADD_FAILURE() << "rejected " << hll::sparse_limit(8) << " sparse entries: " << e.what();
    }
    auto high = dense_;
    high[16] = static_cast<std::uint8_t>((high[16] & 0xC0) | 57);  // register 0 = 65 - 8
    EXPECT_NO_THROW(hll::parse(high.data(), high.size())) << "register at the maximum";
}

TEST(HllBuilder, FinishedStateEqualsTheCanonicalSketch) {
    for (int p : {4, 10, 14, 18}) {
        for (std::size_t n : {0u, 1u, 3u, 100u, 3072u, 3073u, 5000u, 40000u}) {
            auto hs = random_hashes(n, 31);
            hs.insert(hs.end(), hs.begin(), hs.begin() + n / 2);  // duplicates
            Hll canonical(p);
            TestAllocator alloc;
            Buffer b = hll::builder(alloc, p, 0, kind::kNone);
            for (std::uint64_t x : hs) {
                canonical.add(x);
                b = hll::add_hash(b.data, b.size, x, true, alloc);
            }
            Buffer f = hll::finish(b.data, b.size, alloc);
            EXPECT_EQ(std::vector<std::uint8_t>(f.data, f.data + f.size), canonical.bytes()) << "p=" << p << " n=" << n;
            // finish() leaves the state usable: final functions run more than once.
            Buffer again = hll::finish(b.data, b.size, alloc);
            EXPECT_EQ(std::vector<std::uint8_t>(again.data, again.data + again.size), canonical.bytes());
        }
    }
}

TEST(HllBuilder, StateIsNeverAValidStoredValue) {
    TestAllocator alloc;
    Buffer b = hll::builder(alloc, 14, 0, kind::kNone);
    EXPECT_THROW(hll::parse(b.data, b.size), Error);
    EXPECT_THROW(hll::parse_trusted(b.data, b.size), Error);
}

TEST(HllBuilder, GrowthIsGeometric) {
    TestAllocator alloc;
    Buffer b = hll::builder(alloc, 14, 0, kind::kNone);
    for (std::uint64_t x : random_hashes(3000, 5)) b = hll::add_hash(b.data, b.size, x, true, alloc);
    EXPECT_LT(alloc.allocations(), 20u);
}

// hll_cardinality's rounding lives in the core, for the server and for applications alike.
TEST(HllCardinality, RoundsAndSaturates) {
    probabilistic::testing::TestAllocator alloc;
    Buffer b = hll::empty(alloc, 10, 0);
    EXPECT_EQ(hll::cardinality(hll::parse(b.data, b.size)), 0);
    for (std::uint64_t i = 1; i <= 3; i++) b = hll::add_hash(b.data, b.size, hash_int64(static_cast<std::int64_t>(i), 0), false, alloc);
    EXPECT_EQ(hll::cardinality(hll::parse(b.data, b.size)), 3);
    // Every register at its maximum: the estimate is capped at 2^64, the answer at INT64_MAX.
    Buffer d = hll::empty(alloc, 4, 0);
    for (std::uint64_t i = 0; i < 16; i++) d = hll::add_hash(d.data, d.size, i << 60, false, alloc);
    ASSERT_EQ(hll::registers(hll::parse(d.data, d.size)), std::vector<std::uint8_t>(16, 65 - 4));
    EXPECT_EQ(hll::cardinality(hll::parse(d.data, d.size)), INT64_MAX);
    std::int64_t c = 0;
    ProbError err{};
    EXPECT_TRUE(prob_hll_cardinality(d.data, d.size, &c, &err));
    EXPECT_EQ(c, INT64_MAX);
}

// The C face's one add path (prob_hll_add_hash): its inline dense fast path and
// its guarded core call give the core's bytes for every state an add meets
// (an aggregate's building state, sparse, dense), in place or into a copy.
TEST(HllCApi, OneAddPathGivesTheCoreBytes) {
    TestAllocator alloc;
    ProbAllocator c_alloc{[](void* ctx, size_t n) { return static_cast<TestAllocator*>(ctx)->allocate(n); }, &alloc,
                          nullptr};
    ProbError err{};
    auto bytes_of = [](ProbBuffer b) { return std::vector<std::uint8_t>(b.data, b.data + b.size); };
    std::vector<std::uint64_t> hashes = random_hashes(3000, 77);

    ProbBuffer state, value, finished;
    ASSERT_TRUE(prob_hll_builder(10, 0, 0, &c_alloc, &state, &err));
    ASSERT_TRUE(prob_hll_empty(10, 0, &c_alloc, &value, &err));
    Hll reference(10);
    for (std::uint64_t x : hashes) {
        ProbBuffer out;
        ASSERT_TRUE(prob_hll_add_hash(state.data, state.size, x, 0, true, &c_alloc, &out, &err));
        state = out;
        std::vector<std::uint8_t> before = bytes_of(value);
        ASSERT_TRUE(prob_hll_add_hash(value.data, value.size, x, 0, false, &c_alloc, &out, &err));
        ASSERT_EQ(bytes_of(ProbBuffer{value.data, value.size}), before) << "a copying add changed its input";
        value = out;
        reference.add(x);
    }
    ASSERT_TRUE(reference.sketch().header.repr == hll::kReprDense);
    ASSERT_TRUE(prob_hll_finish(state.data, state.size, &c_alloc, &finished, &err));
    EXPECT_EQ(bytes_of(finished), reference.bytes());
    EXPECT_EQ(bytes_of(value), reference.bytes());

    // A dense value in place is updated where it lies.
    ProbBuffer out;
    ASSERT_TRUE(prob_hll_add_hash(value.data, value.size, ~std::uint64_t(0) >> 20, 0, true, &c_alloc, &out, &err));
    EXPECT_EQ(out.data, value.data);
    reference.add(~std::uint64_t(0) >> 20);
    EXPECT_EQ(bytes_of(value), reference.bytes());

    // A building state is only ever updated in place: any other call is an error, not an exception.
    ProbBuffer builder;
    ASSERT_TRUE(prob_hll_builder(10, 0, 0, &c_alloc, &builder, &err));
    EXPECT_FALSE(prob_hll_add_hash(builder.data, builder.size, 1, 0, false, &c_alloc, &out, &err));
    EXPECT_EQ(err.kind, PROB_INTERNAL);
}
