// Unit tests of the Bloom filter core (bloom.hpp) and its C face (bloom_capi.h).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <random>
#include <set>
#include <vector>

#include "bloom.hpp"
#include "capi/bloom_capi.h"
#include "hash.hpp"
#include "test_alloc.hpp"

using namespace probabilistic;
using probabilistic::testing::TestAllocator;
using Bytes = std::vector<std::uint8_t>;

namespace {

Bytes to_bytes(Buffer b) { return Bytes(b.data, b.data + b.size); }

Bytes empty_filter(long long capacity, double fpr, bool scalable = false, std::uint64_t seed = kDefaultSeed) {
    TestAllocator alloc;
    return to_bytes(bloom::make_empty(alloc, capacity, fpr, scalable, seed));
}

// Adds in place, or through a copy when a scalable filter grows.
void add(Bytes& filter, std::uint64_t hash) {
    TestAllocator alloc;
    Buffer out = bloom::add_hash(filter.data(), filter.size(), hash, true, alloc);
    if (out.data != filter.data()) filter = to_bytes(out);
}

bool has(const Bytes& filter, std::uint64_t hash) {
    return bloom::contains(bloom::parse_trusted(filter.data(), filter.size()), hash);
}

std::vector<std::uint64_t> random_hashes(std::size_t n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::uint64_t> out(n);
    for (auto& h : out) h = rng();
    return out;
}

Bytes filled(long long capacity, double fpr, bool scalable, const std::vector<std::uint64_t>& hashes) {
    Bytes f = empty_filter(capacity, fpr, scalable);
    for (std::uint64_t h : hashes) add(f, h);
    return f;
}

Bytes union_of(const Bytes& a, const Bytes& b) {
    TestAllocator alloc;
    Bytes left = a;
    return to_bytes(bloom::union_of(left.data(), left.size(), b.data(), b.size(), false, alloc));
}

Bytes intersection_of(const Bytes& a, const Bytes& b) {
    TestAllocator alloc;
    Bytes left = a;
    return to_bytes(bloom::intersection_of(left.data(), left.size(), b.data(), b.size(), false, alloc));
}

bool filter_superset(const Bytes& outer, const Bytes& inner) {
    return bloom::superset(bloom::parse_trusted(outer.data(), outer.size()),
                           bloom::parse_trusted(inner.data(), inner.size()));
}

bloom::Info info_of(const Bytes& f) { return bloom::info(bloom::parse(f.data(), f.size())); }

// Runs f and returns the kind of the probabilistic::Error it throws; fails the test if none.
template <class F>
ErrorKind error_kind(F&& f, std::string* message = nullptr, std::string* detail = nullptr,
                     Reason* reason = nullptr) {
    try {
        f();
    } catch (const Error& e) {
        if (message) *message = e.what();
        if (detail) *detail = e.detail();
        if (reason) *reason = e.reason();
        return e.kind();
    }
    ADD_FAILURE() << "no probabilistic::Error was thrown";
    return static_cast<ErrorKind>(0);
}

// Header and layer field offsets, written out here independently of bloom.cpp.
constexpr std::size_t kLayer0 = bloom::kHeaderSize;
constexpr std::size_t kLayerBitCount = 0, kLayerCapacity = 8, kLayerBitsSet = 16, kLayerHashCount = 24,
                      kLayerReserved = 28;

void expect_corrupt(const Bytes& f, const std::string& fragment = std::string()) {
    std::string message;
    EXPECT_EQ(error_kind([&] { bloom::parse(f.data(), f.size()); }, &message), ErrorKind::kCorrupt);
    EXPECT_EQ(message.rfind("invalid bloom filter: ", 0), 0u) << message;
    if (!fragment.empty()) {
        EXPECT_NE(message.find(fragment), std::string::npos) << message;
    }
}

}  // namespace

// ---- sizing ----

TEST(BloomSizing, BitAndHashCountsFollowTheFormulas) {
    // Expected values computed independently (Python, math.log) from
    // m = ceil(-n ln p / ln(2)^2), k = max(1, round(m/n ln 2)).
    struct Case {
        std::uint64_t n;
        double p;
        std::uint64_t m;
        std::uint32_t k;
    };
    const Case cases[] = {{1000, 0.01, 9586, 7},     {1000000, 0.01, 9585059, 7},   {100, 0.1, 480, 3},
                          {1, 0.5, 2, 1},            {1000, 0.9, 220, 1},           {10, 0.1, 48, 3},
                          {100000, 0.0001, 1917012, 13}, {12345, 0.001, 177492, 10}};
    for (const Case& c : cases) {
        bloom::LayerSize size = bloom::layer_size(c.n, c.p, false);
        EXPECT_EQ(size.bit_count, static_cast<double>(c.m)) << "n=" << c.n << " p=" << c.p;
        EXPECT_EQ(size.hash_count, c.k) << "n=" << c.n << " p=" << c.p;
    }
}

TEST(BloomSizing, HashCountIsAtLeastOne) {
    EXPECT_EQ(bloom::hash_count_for(1, 1000000), 1u);
    EXPECT_EQ(bloom::layer_size(1000, 0.99, false).hash_count, 1u);
}

TEST(BloomSizing, FillLimitIsTheSmallerOfCapacityAndRate) {
    // Python: ceil(min(-m expm1(-k n / m), m p^(1/k))). Rounding k makes the
    // rate bind first for large layers; the ceiling on m lets capacity bind
    // first for tiny ones.
    EXPECT_EQ(bloom::fill_limit(479253, 3, 100000, 0.1), 222450u);         // 222977.1 vs 222449.5
    EXPECT_EQ(bloom::fill_limit(1437759, 10, 100000, 0.001), 720587u);     // 720588.2 vs 720586.5
    EXPECT_EQ(bloom::fill_limit(1917012, 13, 100000, 0.0001), 943915u);    // 944011.8 vs 943914.2
    EXPECT_EQ(bloom::fill_limit(2, 1, 1, 0.5), 1u);                        // 0.79 vs 1
    EXPECT_EQ(bloom::fill_limit(48, 3, 10, 0.9), 23u);                     // 22.31 vs 46.3
    // Never zero (an empty layer is not full) and never past m.
    EXPECT_EQ(bloom::fill_limit(1000, 1, 1, 1e-300), 1u);
    EXPECT_EQ(bloom::fill_limit(10, 1000, 1000, 0.99), 10u);
}

TEST(BloomSizing, SizeIsWithinTwoPercentOfOptimumPlusHeaders) {
    const std::size_t headers = bloom::kHeaderSize + bloom::kLayerHeaderSize;
    for (long long n : {1LL, 7LL, 1000LL, 1000000LL, 50000000LL}) {
        for (double p : {0.5, 0.1, 0.01, 1e-4, 1e-6}) {
            double optimum = bloom::optimal_bit_count(static_cast<double>(n), p);
            std::size_t size = bloom::empty_size(n, p, false);
            double payload_bits = static_cast<double>((size - headers) * 8);
            EXPECT_GE(payload_bits, optimum) << n << " " << p;
            // Rounding up to whole bytes adds at most 8 bits on top of the 2%.
            EXPECT_LE(payload_bits, optimum * 1.02 + 8.0) << n << " " << p;
            // A scalable filter starts with one layer at half the rate.
            EXPECT_EQ(bloom::empty_size(n, p, true), bloom::empty_size(n, p / 2, false)) << n << " " << p;
        }
    }
}

TEST(BloomSizing, EmptySizeMatchesWhatMakeEmptyAllocates) {
    for (bool scalable : {false, true}) {
        TestAllocator alloc;
        Buffer b = bloom::make_empty(alloc, 12345, 0.001, scalable, 7);
        EXPECT_EQ(b.size, bloom::empty_size(12345, 0.001, scalable));
        EXPECT_EQ(alloc.allocations(), 1);
    }
}

TEST(BloomSizing, InvalidParametersAreRefused) {
    std::string message;
    for (long long capacity : {0LL, -1LL, std::numeric_limits<long long>::min()}) {
        EXPECT_EQ(error_kind([&] { bloom::empty_size(capacity, 0.01, false); }, &message),
                  ErrorKind::kInvalidParameter);
        EXPECT_NE(message.find("capacity must be positive"), std::string::npos) << message;
    }
    const double bad_rates[] = {0.0, 1.0, -0.01, 1.5, std::nan(""), std::numeric_limits<double>::infinity()};
    for (double fpr : bad_rates) {
        TestAllocator alloc;
        EXPECT_EQ(error_kind([&] { bloom::make_empty(alloc, 100, fpr, true, 0); }, &message),
                  ErrorKind::kInvalidParameter);
        EXPECT_NE(message.find("false positive rate must be between 0 and 1"), std::string::npos) << message;
        EXPECT_EQ(alloc.allocations(), 0);
    }
}

TEST(BloomSizing, TooLargeIsRefusedBeforeAllocating) {
    TestAllocator alloc;
    std::string message, detail;
    Reason reason = Reason::kNone;
    EXPECT_EQ(error_kind([&] { bloom::make_empty(alloc, 1000000000000LL, 0.001, false, 0); }, &message, &detail,
                         &reason),
              ErrorKind::kTooLarge);
    EXPECT_EQ(alloc.allocations(), 0);
    EXPECT_NE(message.find("1000000000000 items"), std::string::npos) << message;
    EXPECT_NE(detail.find(std::to_string(kMaxCreatedValueBytes)), std::string::npos) << detail;
    EXPECT_EQ(reason, Reason::kValueLimit);

    // Sizes far past size_t must fail the same way, not wrap around.
    EXPECT_EQ(error_kind([&] { bloom::make_empty(alloc, std::numeric_limits<long long>::max(), 1e-300, true, 0); }),
              ErrorKind::kTooLarge);
    EXPECT_EQ(alloc.allocations(), 0);
}

TEST(BloomSizing, TheSizeLimitIsExact) {
    // The largest capacity that fits at p = 0.01, found by bisection on the
    // allocation-free size function.
    long long lo = 1, hi = 1LL << 40;
    while (hi - lo > 1) {
        long long mid = lo + (hi - lo) / 2;
        try {
            bloom::empty_size(mid, 0.01, false);
            lo = mid;
        } catch (const Error&) {
            hi = mid;
        }
    }
    // The limit on created values, whose text form (2 hex digits a byte) must fit in 1 GB.
    EXPECT_LE(bloom::empty_size(lo, 0.01, false), kMaxCreatedValueBytes);
    EXPECT_GT(bloom::empty_size(lo, 0.01, false), kMaxCreatedValueBytes - 16);
    EXPECT_LT(2 * kMaxCreatedValueBytes + 3, std::size_t{0x3FFFFFFF} - 1024 * 1024);
    EXPECT_EQ(error_kind([&] { bloom::empty_size(hi, 0.01, false); }), ErrorKind::kTooLarge);
}

TEST(BloomSizing, GrowthPastTheSizeLimitIsRefusedBeforeAllocating) {
    bloom::Header h{bloom::kLayoutScalable, kHashId, 3, 0, 1u << 25, 0.01};
    // Layer 3 holds 2^28 items at 0.01/16: about 515 MB, which cannot follow 200 MB in 511 MiB.
    std::string message, detail;
    Reason reason = Reason::kNone;
    EXPECT_EQ(error_kind([&] { bloom::next_layer(h, 200000000); }, &message, &detail, &reason), ErrorKind::kTooLarge);
    EXPECT_NE(message.find("cannot grow past 3 layers"), std::string::npos) << message;
    EXPECT_NE(detail.find("268435456 items"), std::string::npos) << detail;
    EXPECT_EQ(reason, Reason::kCannotGrow);
    // With a small enough prefix the same layer fits.
    bloom::Layer l = bloom::next_layer(h, 1000);
    EXPECT_EQ(l.capacity, std::uint64_t(1) << 28);
    EXPECT_EQ(l.offset, 1000u);
    EXPECT_EQ(static_cast<double>(l.bit_count), bloom::layer_size(l.capacity, 0.01 / 16, false).bit_count);
    h.layer_count = bloom::kMaxLayers;
    h.capacity = 1;
    EXPECT_EQ(error_kind([&] { bloom::next_layer(h, 1000); }), ErrorKind::kTooLarge);
    // A layer rate that underflows to zero asks for infinitely many bits.
    h.layer_count = 10;
    h.fpr = 5e-324;
    EXPECT_EQ(error_kind([&] { bloom::next_layer(h, 1000); }), ErrorKind::kTooLarge);
    // So does a capacity that doubling pushes past 64 bits.
    h.fpr = 0.01;
    h.capacity = UINT64_C(1) << 60;
    EXPECT_EQ(error_kind([&] { bloom::next_layer(h, 1000); }), ErrorKind::kTooLarge);
}

// ---- positions ----

TEST(BloomPositions, MatchIndependentlyComputedVectors) {
    // Python with unbounded integers: h2 = fmix(h) | 1, h3 = fmix(h + 0x9E3779B97F4A7C15),
    // x = (h + i*h2 + ((i^3 - i)//6)*h3) % 2^64, position = (x*m) >> 64.
    const std::uint64_t h = UINT64_C(0x0123456789ABCDEF);
    EXPECT_EQ(bloom::second_hash(h), UINT64_C(0xB2C058E4EBB5112D));
    EXPECT_EQ(bloom::third_hash(h), UINT64_C(0x157A3807A48FAA9D));
    const std::uint64_t small[] = {4, 702, 484, 434, 636, 173, 130};
    const std::uint64_t large[] = {38177487, 6036077725, 4164705909, 3734659180, 5466600083, 1491256563, 1119225762};
    const std::uint64_t all_ones[] = {999, 706, 306, 694, 764, 410, 525};
    for (std::uint32_t i = 0; i < 7; i++) {
        EXPECT_EQ(bloom::bit_position(h, i, 1000), small[i]) << i;
        EXPECT_EQ(bloom::bit_position(h, i, (UINT64_C(1) << 33) + 7), large[i]) << i;
        EXPECT_EQ(bloom::bit_position(UINT64_MAX, i, 1000), all_ones[i]) << i;
    }
}

TEST(BloomPositions, SequenceAgreesWithTheClosedForm) {
    for (std::uint64_t h : random_hashes(200, 11)) {
        for (std::uint64_t m : {UINT64_C(1), UINT64_C(9586), UINT64_C(0xFFFFFFFF), (UINT64_C(1) << 40) + 3}) {
            bloom::PositionSequence seq(h, m);
            for (std::uint32_t i = 0; i < 100; i++) ASSERT_EQ(seq.next(), bloom::bit_position(h, i, m)) << i;
        }
    }
    // Far along the sequence the cubic term wraps mod 2^64; both forms must still agree.
    bloom::PositionSequence seq(42, 1000003);
    for (std::uint32_t i = 0; i < 5000000; i++) {
        std::uint64_t p = seq.next();
        if (i % 99991 == 0 || i == 4999999) {
            ASSERT_EQ(p, bloom::bit_position(42, i, 1000003)) << i;
        }
    }
}

TEST(BloomPositions, AreInRangeAndDeterministic) {
    const std::uint64_t sizes[] = {1, 2, 7, 8, 1000, 0xFFFFFFFF, UINT64_C(0x100000001), (UINT64_C(1) << 40) + 3,
                                   UINT64_MAX};
    for (std::uint64_t m : sizes)
        for (std::uint64_t h : random_hashes(1000, m))
            for (std::uint32_t i = 0; i < 20; i++) {
                std::uint64_t p = bloom::bit_position(h, i, m);
                ASSERT_LT(p, m);
                ASSERT_EQ(p, bloom::bit_position(h, i, m));
            }
    for (std::uint32_t i = 0; i < 5; i++) EXPECT_EQ(bloom::bit_position(12345, i, 1), 0u);
}

TEST(BloomPositions, ReachAbove32BitsForLargeFilters) {
    const std::uint64_t m = (UINT64_C(1) << 33) + 7;
    std::uint64_t above = 0, total = 0, highest = 0;
    for (std::uint64_t h : random_hashes(10000, 3)) {
        bloom::PositionSequence seq(h, m);
        for (int i = 0; i < 10; i++) {
            std::uint64_t p = seq.next();
            ASSERT_LT(p, m);
            above += p > UINT32_MAX;
            highest = std::max(highest, p);
            total++;
        }
    }
    // Positions spread over [0, m): half of them lie past 2^32, and the top reaches near m.
    double fraction = static_cast<double>(above) / static_cast<double>(total);
    EXPECT_GT(fraction, 0.48);
    EXPECT_LT(fraction, 0.52);
    EXPECT_GT(highest, m - m / 1000);
}

TEST(BloomPositions, AreUniformOverSmallFilters) {
    const std::uint64_t m = 1000;
    std::vector<std::uint64_t> counts(m, 0);
    const std::vector<std::uint64_t> hashes = random_hashes(100000, 5);
    for (std::uint64_t h : hashes) {
        bloom::PositionSequence seq(h, m);
        for (int i = 0; i < 10; i++) counts[seq.next()]++;
    }
    // 1e6 draws over 1000 cells: each count is 1000 +- 31.6; the chi-square
    // statistic has mean 999 and standard deviation 45.
    double chi2 = 0;
    for (std::uint64_t c : counts) chi2 += (c - 1000.0) * (c - 1000.0) / 1000.0;
    EXPECT_LT(chi2, 999 + 5 * 45);
}

TEST(BloomPositions, AreDistinctWithinOneItemForLargeFilters) {
    std::size_t collisions = 0;
    for (std::uint64_t h : random_hashes(20000, 9)) {
        std::set<std::uint64_t> seen;
        bloom::PositionSequence seq(h, 1u << 24);
        for (int i = 0; i < 20; i++) seen.insert(seq.next());
        collisions += 20 - seen.size();
    }
    // Expected about 20000 * 190 / 2^24 = 0.23.
    EXPECT_LE(collisions, 5u);
}

TEST(BloomPositions, TheCubicTermMovesPositions) {
    // Without the h3 factor the cubic term shifts x by under 2^11 for i < 20,
    // which multiply-shift cannot see below 2^53 bits: positions would follow
    // the plain progression h + i*h2. They must not.
    std::size_t off_progression = 0;
    for (std::uint64_t h : random_hashes(1000, 10)) {
        std::uint64_t h2 = bloom::second_hash(h);
        for (std::uint32_t i = 2; i < 20; i++)
            off_progression += bloom::bit_position(h, i, 1000003) != bloom::reduce(h + i * h2, 1000003);
    }
    EXPECT_GT(off_progression, 18000u - 10u);
}

// ---- format ----

TEST(BloomFormat, EmptyFixedFilterBytes) {
    Bytes f = empty_filter(10, 0.1, false, 42);
    // m = ceil(47.93) = 48, k = round(3.33) = 3; 0.1 is 0x3FB999999999999A.
    const Bytes expected = {
        'B', 1, kHashId, 1, 1, 0, 0, 0,                              // tag, version, hash id, layout, layers, reserved
        42, 0, 0, 0, 0, 0, 0, 0,                                     // seed
        10, 0, 0, 0, 0, 0, 0, 0,                                     // capacity
        0x9A, 0x99, 0x99, 0x99, 0x99, 0x99, 0xB9, 0x3F,              // fpr
        48, 0, 0, 0, 0, 0, 0, 0,                                     // m
        10, 0, 0, 0, 0, 0, 0, 0,                                     // layer capacity
        0, 0, 0, 0, 0, 0, 0, 0,                                      // bits set
        3, 0, 0, 0, 0, 0, 0, 0,                                      // k, reserved
        0, 0, 0, 0, 0, 0};                                           // 48 bits
    EXPECT_EQ(f, expected);
}

TEST(BloomFormat, AddSetsExactlyTheDocumentedBits) {
    Bytes f = empty_filter(1000, 0.01, false);
    const std::uint64_t h = UINT64_C(0x0123456789ABCDEF);
    add(f, h);
    std::set<std::uint64_t> expected;
    for (std::uint32_t i = 0; i < 7; i++) expected.insert(bloom::bit_position(h, i, 9586));
    const std::uint8_t* bits = f.data() + kLayer0 + bloom::kLayerHeaderSize;
    std::set<std::uint64_t> actual;
    for (std::uint64_t j = 0; j < 9586; j++)
        if (bits[j / 8] & (1u << (j % 8))) actual.insert(j);
    EXPECT_EQ(actual, expected);
    EXPECT_EQ(load_le64(f.data() + kLayer0 + kLayerBitsSet), expected.size());
}

TEST(BloomFormat, LittleEndianFieldsAreReadBack) {
    Bytes f = empty_filter(1234567, 0.25, true, UINT64_C(0x0102030405060708));
    EXPECT_EQ(f[3], bloom::kLayoutScalable);
    EXPECT_EQ(load_le64(f.data() + 8), UINT64_C(0x0102030405060708));
    EXPECT_EQ(f[8], 0x08);
    bloom::Info i = info_of(f);
    EXPECT_EQ(i.seed, UINT64_C(0x0102030405060708));
    EXPECT_EQ(i.capacity, 1234567u);
    EXPECT_EQ(load_le64(f.data() + 16), 1234567u);
    EXPECT_EQ(i.fpr, 0.25);
    EXPECT_TRUE(i.scalable);
    EXPECT_EQ(i.layer_count, 1);
    EXPECT_EQ(i.format_version, 1);
    EXPECT_EQ(i.hash_id, kHashId);
    EXPECT_EQ(i.layers.at(0).design_fpr, 0.125);
    EXPECT_EQ(i.bytes, f.size());
}

// ---- membership ----

TEST(BloomMembership, NoFalseNegatives) {
    const std::vector<std::uint64_t> hashes = random_hashes(20000, 21);
    Bytes f = empty_filter(20000, 0.01);
    for (std::uint64_t h : hashes) add(f, h);
    for (std::uint64_t h : hashes) ASSERT_TRUE(has(f, h));
    bloom::parse(f.data(), f.size());
}

TEST(BloomMembership, FalsePositivesAreRareAtCapacity) {
    Bytes f = filled(10000, 0.01, false, random_hashes(10000, 22));
    std::size_t hits = 0;
    for (std::uint64_t h : random_hashes(100000, 23)) hits += has(f, h);
    // 1000 expected (sd 31); a broken position function would give far more.
    EXPECT_LT(hits, 1200u);
    EXPECT_GT(hits, 800u);
}

TEST(BloomMembership, FixedFilterPastCapacityKeepsWorkingWithRisingFpr) {
    const std::vector<std::uint64_t> hashes = random_hashes(5000, 24);
    Bytes f = empty_filter(1000, 0.01);
    double previous = 0;
    for (std::size_t n = 0; n < hashes.size(); n++) {
        add(f, hashes[n]);
        if ((n + 1) % 1000 == 0) {
            double fpr = bloom::estimated_fpr(bloom::parse(f.data(), f.size()));
            EXPECT_GT(fpr, previous);
            previous = fpr;
        }
    }
    EXPECT_EQ(f.size(), bloom::empty_size(1000, 0.01, false));
    for (std::uint64_t h : hashes) ASSERT_TRUE(has(f, h));
    EXPECT_GT(previous, 0.3);  // five times over capacity, k = 7: (1 - e^-3.65)^7 = 0.77
}

TEST(BloomMembership, EmptyFilterContainsNothing) {
    Bytes f = empty_filter(100, 0.01, true);
    for (std::uint64_t h : random_hashes(1000, 25)) EXPECT_FALSE(has(f, h));
    EXPECT_EQ(bloom::estimate(bloom::parse(f.data(), f.size())), 0.0);
    EXPECT_EQ(bloom::estimated_fpr(bloom::parse(f.data(), f.size())), 0.0);
}

// ---- in-place behaviour ----

TEST(BloomInPlace, AddInPlaceWritesIntoTheInputWithoutAllocating) {
    Bytes f = empty_filter(1000, 0.01);
    TestAllocator alloc;
    Buffer out = bloom::add_hash(f.data(), f.size(), 77, true, alloc);
    EXPECT_EQ(out.data, f.data());
    EXPECT_EQ(out.size, f.size());
    EXPECT_EQ(alloc.allocations(), 0);
    EXPECT_TRUE(has(f, 77));
}

TEST(BloomInPlace, AddWithoutInPlaceLeavesTheInputUntouched) {
    Bytes f = empty_filter(1000, 0.01);
    const Bytes before = f;
    TestAllocator alloc;
    Buffer out = bloom::add_hash(f.data(), f.size(), 77, false, alloc);
    EXPECT_NE(out.data, f.data());
    EXPECT_EQ(alloc.allocations(), 1);
    EXPECT_EQ(f, before);
    EXPECT_TRUE(has(to_bytes(out), 77));
}

TEST(BloomInPlace, AddingAPresentItemChangesNothing) {
    for (bool scalable : {false, true}) {
        Bytes f = filled(100, 0.01, scalable, random_hashes(300, 26));
        const Bytes before = f;
        for (bool in_place : {false, true}) {
            TestAllocator alloc;
            for (std::uint64_t h : random_hashes(300, 26)) {
                Buffer out = bloom::add_hash(f.data(), f.size(), h, in_place, alloc);
                EXPECT_EQ(out.data, f.data());
                EXPECT_EQ(out.size, f.size());
            }
            EXPECT_EQ(alloc.allocations(), 0);
            EXPECT_EQ(f, before);
        }
    }
}

TEST(BloomInPlace, GrowingAlwaysReturnsANewBufferAndKeepsTheInput) {
    Bytes f = empty_filter(10, 0.01, true);
    const std::vector<std::uint64_t> hashes = random_hashes(1000, 27);
    std::size_t i = 0;
    for (;; i++) {
        const Bytes before = f;
        TestAllocator alloc;
        Buffer out = bloom::add_hash(f.data(), f.size(), hashes.at(i), true, alloc);
        if (out.data == f.data()) continue;
        EXPECT_GT(out.size, f.size());
        EXPECT_EQ(alloc.allocations(), 1);
        EXPECT_EQ(f, before);
        EXPECT_EQ(info_of(to_bytes(out)).layer_count, 2);
        break;
    }
    // Layer 0 holds ten items by its fill; growth comes near the eleventh.
    EXPECT_GE(i, 7u);
    EXPECT_LE(i, 14u);
}

TEST(BloomInPlace, UnionInPlaceWritesIntoLeft) {
    Bytes a = filled(1000, 0.01, false, random_hashes(500, 28));
    Bytes b = filled(1000, 0.01, false, random_hashes(500, 29));
    const Bytes expected = union_of(a, b);
    TestAllocator alloc;
    Buffer out = bloom::union_of(a.data(), a.size(), b.data(), b.size(), true, alloc);
    EXPECT_EQ(out.data, a.data());
    EXPECT_EQ(alloc.allocations(), 0);
    EXPECT_EQ(a, expected);

    Bytes c = filled(1000, 0.01, false, random_hashes(500, 28));
    const Bytes expected_and = intersection_of(c, b);
    out = bloom::intersection_of(c.data(), c.size(), b.data(), b.size(), true, alloc);
    EXPECT_EQ(out.data, c.data());
    EXPECT_EQ(alloc.allocations(), 0);
    EXPECT_EQ(c, expected_and);
}

TEST(BloomInPlace, UnionWithASubsetReturnsLeftWithoutAllocating) {
    const std::vector<std::uint64_t> hashes = random_hashes(500, 30);
    Bytes big = filled(1000, 0.01, false, hashes);
    Bytes small = filled(1000, 0.01, false, std::vector<std::uint64_t>(hashes.begin(), hashes.begin() + 100));
    const Bytes before = big;
    TestAllocator alloc;
    Buffer out = bloom::union_of(big.data(), big.size(), small.data(), small.size(), false, alloc);
    EXPECT_EQ(out.data, big.data());
    EXPECT_EQ(alloc.allocations(), 0);
    EXPECT_EQ(big, before);
    // And intersecting the subset with the superset gives back the subset as is.
    out = bloom::intersection_of(small.data(), small.size(), big.data(), big.size(), false, alloc);
    EXPECT_EQ(out.data, small.data());
    EXPECT_EQ(alloc.allocations(), 0);
}

// ---- union, intersection, containment ----

TEST(BloomCombine, UnionAndIntersectionAreBitwise) {
    const std::vector<std::uint64_t> all = random_hashes(3000, 31);
    const std::vector<std::uint64_t> first(all.begin(), all.begin() + 2000), second(all.begin() + 1000, all.end());
    Bytes a = filled(3000, 0.01, false, first), b = filled(3000, 0.01, false, second);
    Bytes u = union_of(a, b), n = intersection_of(a, b);
    std::size_t header = kLayer0 + bloom::kLayerHeaderSize;
    ASSERT_EQ(u.size(), a.size());
    ASSERT_EQ(n.size(), a.size());
    EXPECT_TRUE(std::equal(u.begin(), u.begin() + kLayer0 + kLayerBitsSet, a.begin()));
    for (std::size_t i = header; i < a.size(); i++) {
        ASSERT_EQ(u[i], a[i] | b[i]) << i;
        ASSERT_EQ(n[i], a[i] & b[i]) << i;
    }
    // Both results pass full validation, so their stored populations are right.
    bloom::parse(u.data(), u.size());
    bloom::parse(n.data(), n.size());
    for (std::uint64_t h : all) ASSERT_TRUE(has(u, h));
    for (std::size_t i = 1000; i < 2000; i++) ASSERT_TRUE(has(n, all[i]));
    // Items only in one input mostly drop out of the intersection.
    std::size_t kept = 0;
    for (std::size_t i = 0; i < 1000; i++) kept += has(n, all[i]);
    EXPECT_LT(kept, 100u);
}

TEST(BloomCombine, UnionIsIdempotentCommutativeAndAssociative) {
    for (bool scalable : {false, true}) {
        Bytes a = filled(200, 0.01, scalable, random_hashes(700, 32));
        Bytes b = filled(200, 0.01, scalable, random_hashes(300, 33));
        Bytes c = filled(200, 0.01, scalable, random_hashes(1500, 34));
        EXPECT_EQ(union_of(a, a), a);
        EXPECT_EQ(union_of(a, b), union_of(b, a));
        EXPECT_EQ(union_of(union_of(a, b), c), union_of(a, union_of(b, c)));
        EXPECT_EQ(union_of(a, empty_filter(200, 0.01, scalable)), a);
    }
}

TEST(BloomCombine, IntersectionIsIdempotentAndCommutative) {
    Bytes a = filled(1000, 0.01, false, random_hashes(700, 35));
    Bytes b = filled(1000, 0.01, false, random_hashes(300, 36));
    EXPECT_EQ(intersection_of(a, a), a);
    EXPECT_EQ(intersection_of(a, b), intersection_of(b, a));
    EXPECT_EQ(intersection_of(a, empty_filter(1000, 0.01)), empty_filter(1000, 0.01));
}

TEST(BloomCombine, ContainmentFollowsTheBits) {
    Bytes a = filled(1000, 0.01, false, random_hashes(400, 37));
    Bytes b = filled(1000, 0.01, false, random_hashes(400, 38));
    Bytes u = union_of(a, b), n = intersection_of(a, b), e = empty_filter(1000, 0.01);
    EXPECT_TRUE(filter_superset(u, a));
    EXPECT_TRUE(filter_superset(u, b));
    EXPECT_TRUE(filter_superset(a, n));
    EXPECT_TRUE(filter_superset(a, a));
    EXPECT_TRUE(filter_superset(a, e));
    EXPECT_FALSE(filter_superset(a, u));
    EXPECT_FALSE(filter_superset(a, b));
    EXPECT_FALSE(filter_superset(e, a));
}

TEST(BloomCombine, ScalableUnionKeepsTheLongerLayerList) {
    const std::vector<std::uint64_t> many = random_hashes(3000, 39), few = random_hashes(250, 40);
    Bytes a = filled(100, 0.01, true, many), b = filled(100, 0.01, true, few);
    int la = info_of(a).layer_count, lb = info_of(b).layer_count;
    ASSERT_GT(la, lb);
    ASSERT_GT(lb, 1);
    Bytes u = union_of(a, b);
    EXPECT_EQ(u, union_of(b, a));
    EXPECT_EQ(u.size(), a.size());
    EXPECT_EQ(info_of(u).layer_count, la);  // info_of runs full validation
    for (std::uint64_t h : many) ASSERT_TRUE(has(u, h));
    for (std::uint64_t h : few) ASSERT_TRUE(has(u, h));
    EXPECT_TRUE(filter_superset(u, a));
    EXPECT_TRUE(filter_superset(u, b));
    EXPECT_FALSE(filter_superset(b, a));
    // SQL's @> (includes) answers true where the layers cover; where they do
    // not, a grown filter may hold the same items in other layers: refused.
    auto includes = [](const Bytes& outer, const Bytes& inner) {
        return bloom::includes(bloom::parse_trusted(outer.data(), outer.size()),
                               bloom::parse_trusted(inner.data(), inner.size()));
    };
    EXPECT_TRUE(includes(u, a));
    EXPECT_TRUE(includes(u, b));
    EXPECT_EQ(error_kind([&] { includes(b, a); }), ErrorKind::kMismatch);
    // The same items added in another order land in other layers.
    std::vector<std::uint64_t> reversed(few.rbegin(), few.rend());
    Bytes r = filled(100, 0.01, true, reversed);
    EXPECT_FALSE(filter_superset(b, r));
    EXPECT_EQ(error_kind([&] { includes(b, r); }), ErrorKind::kMismatch);
    // A one-layer side: every item sits in its one layer, so an uncovered
    // first layer proves an item missing; an uncovered later one proves nothing.
    Bytes one = filled(100, 0.01, true, std::vector<std::uint64_t>(few.begin(), few.begin() + 50));
    Bytes other = filled(100, 0.01, true, random_hashes(50, 42));
    EXPECT_FALSE(includes(one, other));
    EXPECT_FALSE(includes(one, b));
    Bytes all = one;  // few's 250 items in one layer: a union of one-layer parts
    for (std::size_t i = 50; i < few.size(); i += 50)
        all = union_of(all, filled(100, 0.01, true, std::vector<std::uint64_t>(few.begin() + i, few.begin() + i + 50)));
    ASSERT_EQ(info_of(all).layer_count, 1);
    EXPECT_EQ(error_kind([&] { includes(all, b); }), ErrorKind::kMismatch);
    // Adding keeps working on the union and never loses an item.
    const std::vector<std::uint64_t> more = random_hashes(3000, 41);
    for (std::uint64_t h : more) add(u, h);
    bloom::parse(u.data(), u.size());
    for (std::uint64_t h : many) ASSERT_TRUE(has(u, h));
    for (std::uint64_t h : few) ASSERT_TRUE(has(u, h));
    for (std::uint64_t h : more) ASSERT_TRUE(has(u, h));
}

TEST(BloomCombine, ScalableIntersectionWorksOnlyBeforeGrowth) {
    Bytes a = filled(1000, 0.01, true, random_hashes(500, 42));
    Bytes b = filled(1000, 0.01, true, random_hashes(700, 42));
    Bytes n = intersection_of(a, b);
    for (std::uint64_t h : random_hashes(500, 42)) ASSERT_TRUE(has(n, h));

    Bytes grown = filled(100, 0.01, true, random_hashes(500, 43));
    Bytes other = filled(100, 0.01, true, random_hashes(500, 44));
    std::string message, detail;
    EXPECT_EQ(error_kind([&] { intersection_of(grown, other); }, &message, &detail), ErrorKind::kMismatch);
    EXPECT_NE(message.find("grown past one layer"), std::string::npos) << message;
    EXPECT_NE(detail.find("different layers"), std::string::npos) << detail;
}

TEST(BloomCombine, MismatchedParametersAreRefusedNamingBoth) {
    Bytes base = empty_filter(1000, 0.01, false, 0);
    struct Other {
        Bytes filter;
        std::string text;
    };
    const Other others[] = {{empty_filter(2000, 0.01, false, 0), "capacity 2000"},
                            {empty_filter(1000, 0.02, false, 0), "false positive rate 0.02"},
                            {empty_filter(1000, 0.01, false, 5), "seed 5"},
                            {empty_filter(1000, 0.01, true, 0), "scalable layout"}};
    for (const Other& o : others) {
        std::string message, detail;
        Reason reason = Reason::kNone;
        auto check = [&](auto&& f) {
            EXPECT_EQ(error_kind(f, &message, &detail, &reason), ErrorKind::kMismatch);
            EXPECT_NE(message.find("different parameters"), std::string::npos) << message;
            EXPECT_NE(detail.find("fixed layout, capacity 1000, false positive rate 0.01, 9586 bits, 7 hashes, seed 0"),
                      std::string::npos)
                << detail;
            EXPECT_NE(detail.find(o.text), std::string::npos) << detail;
            EXPECT_EQ(reason, Reason::kDifferentParameters);
        };
        check([&] { union_of(base, o.filter); });
        check([&] { intersection_of(base, o.filter); });
        check([&] { filter_superset(base, o.filter); });
        check([&] { union_of(o.filter, base); });
    }
}

TEST(BloomCombine, DifferentLayerSizesAreAMismatch) {
    // A hash count one off is accepted by parse (another libm may round a
    // tie differently) but cannot be combined with the usual one.
    Bytes a = empty_filter(1000, 0.01), b = a;
    store_le32(b.data() + kLayer0 + kLayerHashCount, 8);
    bloom::parse(b.data(), b.size());
    std::string message, detail;
    EXPECT_EQ(error_kind([&] { union_of(a, b); }, &message, &detail), ErrorKind::kMismatch);
    EXPECT_NE(message.find("different layer sizes"), std::string::npos) << message;
    EXPECT_NE(detail.find("7 hashes"), std::string::npos) << detail;
    EXPECT_NE(detail.find("8 hashes"), std::string::npos) << detail;
}

// ---- estimates ----

TEST(BloomEstimates, CardinalityFromTheFill) {
    const std::vector<std::uint64_t> hashes = random_hashes(50000, 45);
    Bytes f = filled(100000, 0.01, false, hashes);
    double n = bloom::estimate(bloom::parse(f.data(), f.size()));
    EXPECT_NEAR(n, 50000, 50000 * 0.02);
    // Duplicates do not count.
    for (std::uint64_t h : hashes) add(f, h);
    EXPECT_EQ(bloom::estimate(bloom::parse(f.data(), f.size())), n);

    Bytes s = filled(1000, 0.01, true, hashes);
    EXPECT_NEAR(bloom::estimate(bloom::parse(s.data(), s.size())), 50000, 50000 * 0.03);
}

TEST(BloomEstimates, FprFromTheFill) {
    Bytes f = filled(20000, 0.01, false, random_hashes(20000, 46));
    bloom::Info i = info_of(f);
    EXPECT_NEAR(i.estimated_fpr, 0.01, 0.001);
    double expected = std::pow(static_cast<double>(i.bits_set) / static_cast<double>(i.bit_count), 7);
    EXPECT_DOUBLE_EQ(i.estimated_fpr, expected);
    EXPECT_DOUBLE_EQ(i.layers.at(0).estimated_fpr, expected);
}

TEST(BloomEstimates, SaturatedFilterStaysFinite) {
    Bytes f = empty_filter(1, 0.5);  // 2 bits, 1 hash
    for (std::uint64_t h : random_hashes(100, 47)) add(f, h);
    bloom::Info i = info_of(f);
    EXPECT_EQ(i.bits_set, 2u);
    EXPECT_TRUE(std::isfinite(i.estimated_items));
    EXPECT_GT(i.estimated_items, 1.0);
    EXPECT_EQ(i.estimated_fpr, 1.0);
}

// ---- scalable growth ----

TEST(BloomScalable, GrowthAddsLayersAndKeepsEveryItem) {
    const std::vector<std::uint64_t> hashes = random_hashes(5000, 48);
    Bytes f = empty_filter(100, 0.01, true, 9);
    for (std::size_t n = 0; n < hashes.size(); n++) {
        add(f, hashes[n]);
        if (n % 500 == 0) {
            for (std::size_t j = 0; j <= n; j++) ASSERT_TRUE(has(f, hashes[j])) << n;
        }
    }
    for (std::uint64_t h : hashes) ASSERT_TRUE(has(f, h));
    bloom::Info i = info_of(f);
    // 100 + 200 + ... + 3200 = 6300 >= 5000 > 3100.
    EXPECT_EQ(i.layer_count, 6);
    EXPECT_EQ(i.seed, 9u);
    for (int l = 0; l < i.layer_count; l++) {
        const bloom::LayerInfo& layer = i.layers[l];
        EXPECT_EQ(layer.capacity, std::uint64_t(100) << l);
        EXPECT_DOUBLE_EQ(layer.design_fpr, 0.01 / (2 << l));
        EXPECT_EQ(static_cast<double>(layer.bit_count), bloom::layer_size(layer.capacity, layer.design_fpr, false).bit_count);
        EXPECT_EQ(layer.hash_count, bloom::hash_count_for(layer.bit_count, layer.capacity));
        if (l + 1 < i.layer_count) {
            // A layer closes when an item's clear positions (at most k) would
            // take its fill past the limit, which it never passes.
            std::uint64_t full = bloom::fill_limit(layer.bit_count, layer.hash_count, layer.capacity, layer.design_fpr);
            EXPECT_LE(layer.bits_set, full);
            EXPECT_GT(layer.bits_set + layer.hash_count, full);
            EXPECT_NEAR(layer.estimated_items, static_cast<double>(layer.capacity), 0.03 * layer.capacity + 2);
        }
    }
    EXPECT_LT(i.estimated_fpr, 0.01);
    EXPECT_NEAR(i.estimated_items, 5000, 150);
}

TEST(BloomScalable, FixedFilterNeverGrows) {
    Bytes f = filled(100, 0.01, false, random_hashes(5000, 49));
    EXPECT_EQ(info_of(f).layer_count, 1);
    EXPECT_EQ(f.size(), bloom::empty_size(100, 0.01, false));
}

// ---- corrupt input ----

class BloomCorrupt : public ::testing::Test {
protected:
    void SetUp() override {
        fixed = filled(1000, 0.01, false, random_hashes(300, 50));  // m = 9586, k = 7
        scalable = filled(20, 0.05, true, random_hashes(200, 51));
        ASSERT_EQ(info_of(scalable).layer_count, 4);
    }
    std::size_t layer_offset(const Bytes& f, std::size_t index) {
        std::size_t offset = kLayer0;
        for (std::size_t i = 0; i < index; i++)
            offset = bloom::next_layer_offset(bloom::read_layer(f.data(), offset));
        return offset;
    }
    Bytes fixed, scalable;
};

TEST_F(BloomCorrupt, ValidValuesPass) {
    bloom::parse(fixed.data(), fixed.size());
    bloom::parse(scalable.data(), scalable.size());
}

TEST_F(BloomCorrupt, EveryTruncationIsRejected) {
    for (const Bytes* f : {&fixed, &scalable})
        for (std::size_t n = 0; n < f->size(); n++) {
            Bytes t(f->begin(), f->begin() + n);
            ASSERT_EQ(error_kind([&] { bloom::parse(t.data(), t.size()); }), ErrorKind::kCorrupt) << n;
            ASSERT_EQ(error_kind([&] { bloom::parse_trusted(t.data(), t.size()); }), ErrorKind::kCorrupt) << n;
        }
    Bytes t(fixed.begin(), fixed.begin() + 20);
    expect_corrupt(t, "shorter than the 32-byte header");
    t.assign(fixed.begin(), fixed.begin() + 40);
    expect_corrupt(t, "ends inside the header of layer 0");
    t.assign(fixed.begin(), fixed.end() - 1);
    expect_corrupt(t, "layer 0 needs 1199 bytes for its 9586 bits, but only 1198 bytes remain");
}

TEST_F(BloomCorrupt, ExtraBytesAreRejected) {
    for (std::size_t extra : {1, 8, 40}) {
        Bytes t = fixed;
        t.resize(t.size() + extra, 0);
        expect_corrupt(t, std::to_string(extra) + " bytes follow the last of 1 layer");
    }
}

TEST_F(BloomCorrupt, HeaderFields) {
    Bytes t = fixed;
    t[0] = 'H';
    expect_corrupt(t, "type tag is 0x48, expected 0x42");
    for (std::uint8_t version : {0, 3, 255}) {
        t = fixed;
        t[1] = version;
        expect_corrupt(t, "format version " + std::to_string(version) + " is not supported");
    }
    t = fixed;
    t[1] = 2;  // version 2 needs a kind in bytes 6-7
    expect_corrupt(t, "value kind 0 in a format version 2 value");
    for (std::uint8_t id : {0, 3}) {
        t = fixed;
        t[2] = id;
        expect_corrupt(t, "unknown hash function id");
    }
    for (std::uint8_t layout : {0, 4, 255}) {
        t = fixed;
        t[3] = layout;
        expect_corrupt(t, "unknown layout");
    }
    for (std::size_t at : {6, 7}) {
        t = fixed;
        t[at] = 1;
        expect_corrupt(t, "header bytes 6-7 of a format version 1 value are");
    }
    t = fixed;
    store_le64(t.data() + 16, 0);
    expect_corrupt(t, "capacity 0 is outside");
    t = fixed;
    store_le64(t.data() + 16, UINT64_C(1) << 63);
    expect_corrupt(t, "capacity 9223372036854775808 is outside");
    for (double fpr : {0.0, 1.0, -0.5, 2.0, std::nan(""), std::numeric_limits<double>::infinity()}) {
        t = fixed;
        store_double(t.data() + 24, fpr);
        expect_corrupt(t, "false positive rate");
    }
}

TEST_F(BloomCorrupt, HeaderThatDisagreesWithTheLayer) {
    Bytes t = fixed;
    store_le64(t.data() + 16, 1001);
    expect_corrupt(t, "layer 0 has capacity 1000, expected 1001");
    t = fixed;
    store_double(t.data() + 24, 0.02);
    expect_corrupt(t, "layer 0 has 9586 bits, but 1000 items at false positive rate 0.02 need 8143");
}

TEST_F(BloomCorrupt, LayerCount) {
    Bytes t = fixed;
    store_le16(t.data() + 4, 2);
    expect_corrupt(t, "a fixed filter has exactly one layer, not 2");
    t = scalable;
    store_le16(t.data() + 4, 0);
    expect_corrupt(t, "layer count 0 is outside 1..64");
    t = scalable;
    store_le16(t.data() + 4, 65);
    expect_corrupt(t, "layer count 65 is outside 1..64");
    t = scalable;
    store_le16(t.data() + 4, 5);
    expect_corrupt(t, "ends inside the header of layer 4 of 5");
    t = scalable;
    store_le16(t.data() + 4, 3);
    expect_corrupt(t, "bytes follow the last of 3 layers");
    // Dropping the last layer and its count together leaves a valid value.
    t.resize(layer_offset(scalable, 3));
    bloom::parse(t.data(), t.size());
}

TEST_F(BloomCorrupt, BitCount) {
    Bytes t = fixed;
    store_le64(t.data() + kLayer0 + kLayerBitCount, 0);
    expect_corrupt(t, "layer 0 has no bits");
    // 9590 bits still fit in the same 1199 bytes, so only the sizing rule can object.
    t = fixed;
    store_le64(t.data() + kLayer0 + kLayerBitCount, 9590);
    expect_corrupt(t, "layer 0 has 9590 bits, but 1000 items at false positive rate 0.01 need 9586");
    t = fixed;
    store_le64(t.data() + kLayer0 + kLayerBitCount, UINT64_MAX);
    expect_corrupt(t, "but only 1199 bytes remain");
    // One off is tolerated: another C library's log may round the other way.
    t = fixed;
    store_le64(t.data() + kLayer0 + kLayerBitCount, 9587);
    bloom::parse(t.data(), t.size());
}

TEST_F(BloomCorrupt, HashCount) {
    Bytes t = fixed;
    store_le32(t.data() + kLayer0 + kLayerHashCount, 0);
    expect_corrupt(t, "layer 0 has a hash count of 0");
    for (std::uint32_t k : {5u, 9u, 100u, UINT32_MAX}) {
        t = fixed;
        store_le32(t.data() + kLayer0 + kLayerHashCount, k);
        expect_corrupt(t, "layer 0 has " + std::to_string(k) + " hashes, but 9586 bits for 1000 items need 7");
    }
}

TEST_F(BloomCorrupt, LayerFields) {
    for (std::size_t at = 0; at < 4; at++) {
        Bytes t = fixed;
        t[kLayer0 + kLayerReserved + at] = 0x80;
        expect_corrupt(t, "reserved bytes of layer 0 are not zero");
    }
    Bytes t = scalable;
    std::size_t l1 = layer_offset(scalable, 1);
    store_le64(t.data() + l1 + kLayerCapacity, 20);
    expect_corrupt(t, "layer 1 has capacity 20, expected 40");
    t = fixed;
    std::uint64_t set = load_le64(fixed.data() + kLayer0 + kLayerBitsSet);
    store_le64(t.data() + kLayer0 + kLayerBitsSet, set + 1);
    expect_corrupt(t, "layer 0 claims " + std::to_string(set + 1) + " bits set, but " + std::to_string(set) + " are");
    store_le64(t.data() + kLayer0 + kLayerBitsSet, set - 1);
    expect_corrupt(t, "bits set, but");
    store_le64(t.data() + kLayer0 + kLayerBitsSet, 9587);
    expect_corrupt(t, "layer 0 claims 9587 bits set of 9586");
    EXPECT_EQ(error_kind([&] { bloom::parse_trusted(t.data(), t.size()); }), ErrorKind::kCorrupt);
}

TEST_F(BloomCorrupt, PadBits) {
    // 9586 bits use 2 bits of the last byte; each of the other 6 must be zero.
    for (unsigned bit = 2; bit < 8; bit++) {
        Bytes t = fixed;
        t.back() |= static_cast<std::uint8_t>(1u << bit);
        expect_corrupt(t, "layer 0 has pad bits set past its 9586 bits");
    }
    Bytes t = fixed;
    t.back() |= 3;  // the last two real bits are fine
    store_le64(t.data() + kLayer0 + kLayerBitsSet,
               load_le64(fixed.data() + kLayer0 + kLayerBitsSet) + !(fixed.back() & 1) + !(fixed.back() & 2));
    bloom::parse(t.data(), t.size());
}

TEST_F(BloomCorrupt, EarlierLayersMustBeFull) {
    Bytes t = scalable;
    std::size_t l1 = layer_offset(scalable, 1);
    bloom::Layer layer = bloom::read_layer(t.data(), l1);
    std::uint8_t* bits = t.data() + bloom::bits_offset(layer);
    std::memset(bits, 0, bloom::layer_bytes(layer.bit_count));
    store_le64(t.data() + l1 + kLayerBitsSet, 0);
    expect_corrupt(t, "layer 1 has only 0 of");
    // The last layer may be anything up to full.
    t = scalable;
    bloom::Layer last = bloom::read_layer(t.data(), layer_offset(scalable, 3));
    std::memset(t.data() + bloom::bits_offset(last), 0, bloom::layer_bytes(last.bit_count));
    store_le64(t.data() + last.offset + kLayerBitsSet, 0);
    bloom::parse(t.data(), t.size());
}

TEST_F(BloomCorrupt, OperationsRejectBadHeaders) {
    Bytes t = fixed;
    t[0] = 'X';
    TestAllocator alloc;
    EXPECT_EQ(error_kind([&] { bloom::add_hash(t.data(), t.size(), 1, true, alloc); }), ErrorKind::kCorrupt);
    EXPECT_EQ(error_kind([&] { has(t, 1); }), ErrorKind::kCorrupt);
    EXPECT_EQ(error_kind([&] { union_of(fixed, t); }), ErrorKind::kCorrupt);
    EXPECT_EQ(error_kind([&] { intersection_of(t, fixed); }), ErrorKind::kCorrupt);
    EXPECT_EQ(alloc.allocations(), 0);
}

TEST_F(BloomCorrupt, RandomDamageIsRejectedOrHarmless) {
    // Whatever parse accepts must then be safe to use; under the sanitizers
    // this is a small fuzz of every entry point that reads outside bytes.
    std::mt19937_64 rng(52);
    int rejected = 0;
    for (int round = 0; round < 3000; round++) {
        Bytes t = round % 2 ? scalable : fixed;
        int flips = 1 + static_cast<int>(rng() % 3);
        for (int f = 0; f < flips; f++) {
            // Mostly headers, where a flip changes meaning; sometimes anywhere.
            std::size_t at = rng() % 4 ? rng() % std::min<std::size_t>(t.size(), 96) : rng() % t.size();
            t[at] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
        }
        try {
            bloom::Sketch s = bloom::parse(t.data(), t.size());
            bloom::contains(s, rng());
            bloom::estimate(s);
            bloom::info(s);
            TestAllocator alloc;
            bloom::add_hash(t.data(), t.size(), rng(), true, alloc);
        } catch (const Error& e) {
            ASSERT_EQ(e.kind(), ErrorKind::kCorrupt) << e.what();
            rejected++;
        }
    }
    EXPECT_GT(rejected, 2000);
}

// ---- the C face ----

namespace {

struct CHeap {
    std::vector<void*> blocks;
    bool fail = false;
    ~CHeap() {
        for (void* p : blocks) std::free(p);
    }
};

uint8_t* c_allocate(void* ctx, size_t size) {
    CHeap* heap = static_cast<CHeap*>(ctx);
    if (heap->fail) return nullptr;
    void* p = std::malloc(size == 0 ? 1 : size);
    heap->blocks.push_back(p);
    return static_cast<uint8_t*>(p);
}

}  // namespace

TEST(BloomCApi, RoundTrip) {
    CHeap heap;
    ProbAllocator alloc{c_allocate, &heap, nullptr};
    ProbError err;
    size_t size = bloom::empty_size(1000, 0.01, false);
    ProbBuffer f;
    ASSERT_TRUE(prob_bloom_empty(1000, 0.01, false, 3, &alloc, &f, &err));
    EXPECT_EQ(err.kind, PROB_OK);
    EXPECT_EQ(f.size, size);
    EXPECT_TRUE(prob_bloom_validate(f.data, f.size, &err));

    std::vector<std::uint64_t> hashes = random_hashes(500, 53);
    for (std::uint64_t h : hashes) {
        ProbBuffer out;
        ASSERT_TRUE(prob_bloom_add_hash(f.data, f.size, h, 0, true, &alloc, &out, &err));
        ASSERT_EQ(out.data, f.data);
    }
    bool found = false;
    for (std::uint64_t h : hashes) {
        ASSERT_TRUE(prob_bloom_contains(f.data, f.size, h, &found, &err));
        ASSERT_TRUE(found);
    }

    ProbBuffer g;
    ASSERT_TRUE(prob_bloom_empty(1000, 0.01, false, 3, &alloc, &g, &err));
    ASSERT_TRUE(prob_bloom_add_hash(g.data, g.size, 99, 0, false, &alloc, &g, &err));
    ProbBuffer u, n;
    ASSERT_TRUE(prob_bloom_union(f.data, f.size, g.data, g.size, false, &alloc, &u, &err));
    ASSERT_TRUE(prob_bloom_intersect(f.data, f.size, g.data, g.size, false, &alloc, &n, &err));
    bool contained = false;
    ASSERT_TRUE(prob_bloom_superset(u.data, u.size, f.data, f.size, &contained, &err));
    EXPECT_TRUE(contained);
    ASSERT_TRUE(prob_bloom_superset(f.data, f.size, u.data, u.size, &contained, &err));
    EXPECT_FALSE(contained);
    ASSERT_TRUE(prob_bloom_superset(g.data, g.size, n.data, n.size, &contained, &err));
    EXPECT_TRUE(contained);

    std::int64_t cardinality = 0;
    double fpr = 0;
    ASSERT_TRUE(prob_bloom_cardinality(f.data, f.size, &cardinality, &err));
    EXPECT_NEAR(static_cast<double>(cardinality), 500, 15);
    ASSERT_TRUE(prob_bloom_fpr(f.data, f.size, &fpr, &err));
    EXPECT_GT(fpr, 0.0);
    EXPECT_LT(fpr, 0.01);

    ProbBloomParams params;
    ASSERT_TRUE(prob_bloom_params(f.data, f.size, &params, &err));
    EXPECT_FALSE(params.scalable);
    EXPECT_EQ(params.layer_count, 1);
    EXPECT_EQ(params.hash_id, kHashId);
    EXPECT_EQ(params.seed, 3u);
    EXPECT_EQ(params.capacity, 1000u);
    EXPECT_EQ(params.fpr, 0.01);

    ProbBloomInfo info;
    ASSERT_TRUE(prob_bloom_info(f.data, f.size, &info, &err));
    EXPECT_EQ(info.format_version, 1);
    EXPECT_EQ(info.layer_count, 1);
    EXPECT_EQ(info.bit_count, 9586u);
    EXPECT_EQ(info.layers[0].bit_count, 9586u);
    EXPECT_EQ(info.layers[0].hash_count, 7u);
    EXPECT_EQ(info.layers[0].capacity, 1000u);
    EXPECT_EQ(info.bits_set, info.layers[0].bits_set);
    EXPECT_EQ(info.bytes, f.size);
    EXPECT_EQ(std::llround(info.estimated_items), cardinality);  // bloom_cardinality rounds
    EXPECT_EQ(info.estimated_fpr, fpr);
}

TEST(BloomCApi, ScalableInfoListsEveryLayer) {
    CHeap heap;
    ProbAllocator alloc{c_allocate, &heap, nullptr};
    ProbError err;
    ProbBuffer f;
    ASSERT_TRUE(prob_bloom_empty(50, 0.01, true, 0, &alloc, &f, &err));
    for (std::uint64_t h : random_hashes(1000, 54)) ASSERT_TRUE(prob_bloom_add_hash(f.data, f.size, h, 0, true, &alloc, &f, &err));
    ProbBloomInfo info;
    ASSERT_TRUE(prob_bloom_info(f.data, f.size, &info, &err));
    EXPECT_TRUE(info.scalable);
    ASSERT_EQ(info.layer_count, 5);  // 50 + 100 + 200 + 400 < 1000 <= 1550
    std::uint64_t bits = 0;
    for (int l = 0; l < info.layer_count; l++) {
        EXPECT_EQ(info.layers[l].capacity, std::uint64_t(50) << l);
        bits += info.layers[l].bit_count;
    }
    EXPECT_EQ(info.bit_count, bits);
    EXPECT_TRUE(prob_bloom_validate(f.data, f.size, &err));
}

TEST(BloomCApi, ErrorsBecomeKindsAndText) {
    CHeap heap;
    ProbAllocator alloc{c_allocate, &heap, nullptr};
    ProbError err;
    ProbBuffer out;
    EXPECT_FALSE(prob_bloom_empty(0, 0.01, false, 0, &alloc, &out, &err));
    EXPECT_EQ(err.kind, PROB_INVALID_PARAMETER);
    EXPECT_FALSE(prob_bloom_empty(1000000000000LL, 0.001, false, 0, &alloc, &out, &err));
    EXPECT_EQ(err.kind, PROB_TOO_LARGE);
    EXPECT_EQ(err.reason, PROB_REASON_VALUE_LIMIT);
    EXPECT_TRUE(heap.blocks.empty());

    ProbBuffer a, b;
    ASSERT_TRUE(prob_bloom_empty(100, 0.01, false, 0, &alloc, &a, &err));
    ASSERT_TRUE(prob_bloom_empty(100, 0.01, false, 1, &alloc, &b, &err));
    EXPECT_FALSE(prob_bloom_union(a.data, a.size, b.data, b.size, false, &alloc, &out, &err));
    EXPECT_EQ(err.kind, PROB_MISMATCH);
    EXPECT_NE(std::string(err.detail).find("seed 1"), std::string::npos) << err.detail;

    b.data[0] = 'Z';
    EXPECT_FALSE(prob_bloom_validate(b.data, b.size, &err));
    EXPECT_EQ(err.kind, PROB_CORRUPT);
    EXPECT_EQ(std::string(err.message).rfind("invalid bloom filter: type tag", 0), 0u) << err.message;
    bool result;
    EXPECT_FALSE(prob_bloom_contains(b.data, b.size, 1, &result, &err));
    EXPECT_EQ(err.kind, PROB_CORRUPT);

    heap.fail = true;
    EXPECT_FALSE(prob_bloom_empty(100, 0.01, false, 0, &alloc, &out, &err));
    EXPECT_EQ(err.kind, PROB_OUT_OF_MEMORY);
    EXPECT_FALSE(prob_bloom_add_hash(a.data, a.size, 5, 0, false, &alloc, &out, &err));
    EXPECT_EQ(err.kind, PROB_OUT_OF_MEMORY);
}

// bloom_agg(x [, fpr])'s serialized state: header, then the hashes, little-endian.
TEST(BloomDistinctState, RoundTripsAndRejectsEveryBadField) {
    Bytes st(bloom::kDistinctStateHeaderSize + 8 * 3);
    bloom::write_distinct_state_header(st.data(), 0.02, 3);
    for (std::uint64_t i = 0; i < 3; i++) store_le64(st.data() + 16 + 8 * i, UINT64_C(0x0102030405060708) * (i + 1));
    EXPECT_EQ(st[8], 3);  // count, little-endian
    bloom::DistinctState s = bloom::parse_distinct_state(st.data(), st.size());
    EXPECT_EQ(s.fpr, 0.02);
    EXPECT_EQ(s.count, 3u);
    EXPECT_EQ(s.hash(2), UINT64_C(0x0102030405060708) * 3);

    auto rejected = [](const Bytes& b) {
        try {
            bloom::parse_distinct_state(b.data(), b.size());
        } catch (const Error& e) {
            return e.kind() == ErrorKind::kCorrupt && std::string(e.what()).find("invalid distinct-hash state") != std::string::npos;
        }
        return false;
    };
    EXPECT_TRUE(rejected(Bytes(st.begin(), st.begin() + 15)));  // shorter than the header
    EXPECT_TRUE(rejected(Bytes(st.begin(), st.end() - 1)));     // a partial hash
    EXPECT_TRUE(rejected(Bytes(st.begin(), st.end() - 8)));     // one hash fewer than the count
    Bytes longer = st;
    longer.resize(st.size() + 8);
    EXPECT_TRUE(rejected(longer));  // one more
    for (double bad : {0.0, 1.0, -0.5, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()}) {
        Bytes b = st;
        bloom::write_distinct_state_header(b.data(), bad, 3);
        EXPECT_TRUE(rejected(b)) << bad;
    }
    Bytes huge = st;
    bloom::write_distinct_state_header(huge.data(), 0.02, UINT64_C(1) << 61);  // count * 8 wraps
    EXPECT_TRUE(rejected(huge));

    // Through the C face as well: deserializing validates first.
    CHeap heap;
    ProbAllocator alloc{c_allocate, &heap, nullptr};
    ProbError err{};
    ProbBloomDistinct* state = nullptr;
    ASSERT_TRUE(prob_bloom_distinct_deserialize(st.data(), st.size(), &alloc, &state, &err));
    ProbBuffer out{};
    ASSERT_TRUE(prob_bloom_distinct_serialize(state, &alloc, &out, &err));
    ASSERT_EQ(out.size, st.size());
    bloom::DistinctState back = bloom::parse_distinct_state(out.data, out.size);
    EXPECT_EQ(back.fpr, 0.02);
    std::set<std::uint64_t> hashes;
    for (std::uint64_t i = 0; i < back.count; i++) hashes.insert(back.hash(i));
    EXPECT_EQ(hashes, (std::set<std::uint64_t>{UINT64_C(0x0102030405060708), UINT64_C(0x0102030405060708) * 2,
                                               UINT64_C(0x0102030405060708) * 3}));
    EXPECT_FALSE(prob_bloom_distinct_deserialize(huge.data(), huge.size(), &alloc, &state, &err));
    EXPECT_EQ(err.kind, PROB_CORRUPT);
}

// Tiny layers, where one item's k bits are a large share of the limit: the
// filter's measured false positive rate stays under its target (0.1.0 let a
// layer's last item pass the limit: capacity 4 at 0.1 measured 0.16). Not
// for capacity 1 at 0.5: its first layer, 3 bits at k = 2 for 0.25, is past
// its rate with one item, as a fixed filter of that size is (sizing rounds).
TEST(BloomScalable, TinyLayersKeepTheTargetRate) {
    for (auto [capacity, fpr] : {std::pair<long long, double>{4, 0.1}, {2, 0.05}, {3, 0.2}, {10, 0.01}}) {
        std::vector<std::uint64_t> items = random_hashes(40 * static_cast<std::size_t>(capacity), 71);
        Bytes f = filled(capacity, fpr, true, items);
        bloom::Info i = info_of(f);
        for (int l = 0; l < i.layer_count; l++) {
            const bloom::LayerInfo& layer = i.layers[l];
            if (layer.bits_set <= layer.hash_count) continue;  // an item alone in a fresh layer
            EXPECT_LE(layer.bits_set, bloom::fill_limit(layer.bit_count, layer.hash_count, layer.capacity, layer.design_fpr))
                << capacity << " " << fpr << " layer " << l;
        }
        EXPECT_LE(i.estimated_fpr, fpr) << capacity << " " << fpr;
        std::vector<std::uint64_t> absent = random_hashes(200000, 72);
        std::size_t found = 0;
        for (std::uint64_t h : absent) found += has(f, h);
        EXPECT_LE(static_cast<double>(found) / absent.size(), fpr * 1.05) << capacity << " " << fpr;
    }
}

// Long operations poll the interrupt hook between 16 MB chunks; a stop
// unwinds as kInterrupted (PROB_INTERRUPTED through the C face), and the
// same call run again gives the bytes an uninterrupted one gives.
namespace {
int polls_left = 0;
bool stop_after_polls() { return polls_left-- <= 0; }
}  // namespace

TEST(BloomInterrupts, LongOperationsStopAndRepeatCleanly) {
    // About 48 MB of bits: three chunks, so two polls per pass.
    Bytes a = empty_filter(40000000, 0.01), b = empty_filter(40000000, 0.01);
    for (std::uint64_t i = 0; i < 1000; i++) {
        add(a, hash_int64(static_cast<std::int64_t>(i), 0));
        add(b, hash_int64(static_cast<std::int64_t>(i + 500), 0));
    }
    TestAllocator alloc;
    Bytes want = to_bytes(bloom::union_of(a.data(), a.size(), b.data(), b.size(), false, alloc));

    interrupt_hook = stop_after_polls;
    polls_left = 1;  // the second poll stops it: half of the layer ORed in place
    Bytes left = a;
    try {
        bloom::union_of(left.data(), left.size(), b.data(), b.size(), true, alloc);
        ADD_FAILURE() << "not interrupted";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kInterrupted);
    }
    EXPECT_NE(left, a);  // partly done
    polls_left = 1000;
    bloom::union_of(left.data(), left.size(), b.data(), b.size(), true, alloc);
    EXPECT_EQ(left, want);  // repeated: the same bytes and bits-set count

    polls_left = 0;
    EXPECT_THROW(bloom::parse(a.data(), a.size()), Error);
    ProbError err{};
    bool result = false;
    EXPECT_FALSE(prob_bloom_superset(want.data(), want.size(), a.data(), a.size(), &result, &err));
    EXPECT_EQ(err.kind, PROB_INTERRUPTED);
    CHeap heap;
    ProbAllocator c_alloc{c_allocate, &heap, nullptr};
    ProbBuffer out{};
    EXPECT_FALSE(prob_bloom_empty(40000000, 0.01, false, 0, &c_alloc, &out, &err));
    EXPECT_EQ(err.kind, PROB_INTERRUPTED);

    prob_set_interrupt_hook(nullptr);
    EXPECT_TRUE(prob_bloom_superset(want.data(), want.size(), a.data(), a.size(), &result, &err));
    EXPECT_TRUE(result);
    EXPECT_NO_THROW(bloom::parse(a.data(), a.size()));
}

// The aggregates' rules live in the core, so install-core users get the server's answers.
TEST(BloomAggregateRules, ParametersThatChangeBetweenRowsAreAMismatch) {
    Bytes f = empty_filter(100, 0.01, false, kDefaultSeed);
    EXPECT_NO_THROW(bloom::check_state_parameters(f.data(), f.size(), 100, 0.01));
    auto detail = [&](long long capacity, double fpr) {
        try {
            bloom::check_state_parameters(f.data(), f.size(), capacity, fpr);
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::kMismatch);
            EXPECT_STREQ(e.what(), "bloom filter parameters changed while building one filter");
            EXPECT_EQ(e.reason(), Reason::kParametersChanged);
            return e.field(0) + " / " + e.field(1);
        }
        return std::string("no error");
    };
    EXPECT_EQ(detail(200, 0.01), "capacity 100, false positive rate 0.01 / 200, 0.01");
    EXPECT_EQ(detail(100, 0.02), "capacity 100, false positive rate 0.01 / 100, 0.02");
    ProbError err{};
    EXPECT_FALSE(prob_bloom_check_state_parameters(f.data(), f.size(), 100, 0.001, PROB_BLOOM_LAYOUT_FIXED, &err));
    EXPECT_EQ(err.kind, PROB_MISMATCH);
}

TEST(BloomEstimates, CardinalityIsTheRoundedEstimate) {
    for (std::size_t n : {0, 1, 7, 500, 3000}) {
        Bytes f = filled(1000, 0.01, n > 1000, random_hashes(n, 81 + n));
        bloom::Sketch s = bloom::parse(f.data(), f.size());
        EXPECT_EQ(bloom::cardinality(s), std::llround(bloom::estimate(s))) << n;
        ProbError err{};
        std::int64_t c = -1;
        ASSERT_TRUE(prob_bloom_cardinality(f.data(), f.size(), &c, &err));
        EXPECT_EQ(c, bloom::cardinality(s));
    }
}

TEST(BloomEstimates, AnEmptyFiltersRateIsPositiveZero) {
    for (bool scalable : {false, true}) {
        Bytes f = empty_filter(1000, 0.01, scalable);
        double fpr = bloom::estimated_fpr(bloom::parse(f.data(), f.size()));
        EXPECT_EQ(fpr, 0.0);
        EXPECT_FALSE(std::signbit(fpr)) << "bloom_fpr would print -0";
    }
}

// bloom_agg(x [, fpr])'s distinct-hash set.
namespace {

std::set<std::uint64_t> state_hashes(Buffer state) {
    bloom::DistinctState st = bloom::parse_distinct_state(state.data, state.size);
    std::set<std::uint64_t> out;
    for (std::uint64_t i = 0; i < st.count; i++) out.insert(st.hash(i));
    EXPECT_EQ(out.size(), st.count) << "a hash serialized twice";
    return out;
}

// The final filter by definition: a fixed filter of that many items, every hash added.
Bytes reference_filter(const std::set<std::uint64_t>& hashes, double fpr) {
    Bytes f = empty_filter(std::max<long long>(1, static_cast<long long>(hashes.size())), fpr, false,
                           kDefaultSeed);
    for (std::uint64_t h : hashes) add(f, h);
    return f;
}

}  // namespace

TEST(BloomDistinct, HoldsEveryHashOnceAndBuildsTheFilterOfThem) {
    TestAllocator alloc;
    bloom::DistinctBuilder b(alloc, 0.02);
    std::vector<std::uint64_t> hashes = random_hashes(5000, 91);
    std::set<std::uint64_t> want(hashes.begin(), hashes.end());
    for (std::uint64_t h : hashes) b.add(h);
    for (std::size_t i = 0; i < 1000; i++) b.add(hashes[i * 3]);  // repeats
    b.add(0);  // kept aside: 0 marks an empty slot
    b.add(0);
    want.insert(0);
    EXPECT_EQ(b.size(), want.size());
    EXPECT_EQ(b.fpr(), 0.02);
    EXPECT_EQ(state_hashes(b.serialize(alloc)), want);
    EXPECT_EQ(to_bytes(b.finish(alloc, kind::kNone)), reference_filter(want, 0.02));
    EXPECT_EQ(b.size(), want.size());  // finish leaves the set as it was

    bloom::DistinctBuilder none(alloc, 0.01);
    EXPECT_EQ(to_bytes(none.finish(alloc, kind::kNone)), empty_filter(1, 0.01, false, kDefaultSeed));
    EXPECT_EQ(state_hashes(none.serialize(alloc)), std::set<std::uint64_t>{});
}

TEST(BloomDistinct, SerializedStatesAndCombineKeepTheSet) {
    TestAllocator alloc;
    bloom::DistinctBuilder a(alloc, 0.01), b(alloc, 0.01);
    std::vector<std::uint64_t> ha = random_hashes(3000, 92), hb = random_hashes(2000, 93);
    for (std::uint64_t h : ha) a.add(h);
    for (std::uint64_t h : hb) b.add(h);
    b.add(ha[0]);
    Buffer state = b.serialize(alloc);
    bloom::DistinctBuilder back(alloc, bloom::parse_distinct_state(state.data, state.size));
    EXPECT_EQ(back.size(), b.size());
    EXPECT_EQ(to_bytes(back.finish(alloc, kind::kNone)), to_bytes(b.finish(alloc, kind::kNone)));

    a.combine(back);
    a.combine(a);  // with itself: unchanged
    std::set<std::uint64_t> want(ha.begin(), ha.end());
    want.insert(hb.begin(), hb.end());
    EXPECT_EQ(a.size(), want.size());
    EXPECT_EQ(state_hashes(a.serialize(alloc)), want);
}

TEST(BloomDistinct, RatesAreCheckedAtTheFirstRowAndEveryLaterOne) {
    TestAllocator alloc;
    for (double bad : {0.0, 1.0, -0.5, std::numeric_limits<double>::quiet_NaN()}) {
        try {
            bloom::DistinctBuilder b(alloc, bad);
            ADD_FAILURE() << bad;
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::kInvalidParameter) << bad;
        }
    }
    bloom::DistinctBuilder b(alloc, 0.01);
    EXPECT_NO_THROW(b.check_fpr(0.01));
    try {
        b.check_fpr(0.02);
        ADD_FAILURE() << "no error";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kMismatch);
        EXPECT_EQ(e.reason(), Reason::kParametersChanged);
        EXPECT_EQ(e.detail(), "It was started with false positive rate 0.01, then given 0.02.");
    }
}

TEST(BloomDistinct, TheLimitIsRefusedBeforeAllocating) {
    TestAllocator alloc;
    // A state claiming one hash too many: refused before its hashes (absent here) are read.
    bloom::DistinctState st{0.01, bloom::kDistinctLimit + 1, nullptr};
    try {
        bloom::DistinctBuilder b(alloc, st);
        ADD_FAILURE() << "no error";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kTooLarge);
        EXPECT_STREQ(e.what(), "a filter sized from its distinct values cannot count more than 100000000 of them");
        EXPECT_EQ(e.reason(), Reason::kDistinctLimit);
        EXPECT_EQ(e.field(0), "100000000");
    }
    EXPECT_EQ(alloc.allocations(), 0u);
}

// Growth, combine, serialize, deserialize and finish poll every 64k slots;
// stopped, each leaves the set valid, and the same call repeated gives what
// an uninterrupted one gives.
TEST(BloomDistinct, InterruptedOperationsRepeatCleanly) {
    TestAllocator alloc;
    // 3/4 of 2^17 slots: the next new hash grows a table of 131072 slots, one poll.
    std::vector<std::uint64_t> hashes = random_hashes(98305, 94);
    std::set<std::uint64_t> want(hashes.begin(), hashes.end());
    ASSERT_EQ(want.size(), hashes.size());
    bloom::DistinctBuilder b(alloc, 0.01);
    for (std::size_t i = 0; i + 1 < hashes.size(); i++) b.add(hashes[i]);

    auto interrupted = [](auto&& call) {
        polls_left = 0;
        interrupt_hook = stop_after_polls;
        bool stopped = false;
        try {
            call();
        } catch (const Error& e) {
            stopped = e.kind() == ErrorKind::kInterrupted;
        }
        interrupt_hook = nullptr;
        return stopped;
    };
    EXPECT_TRUE(interrupted([&] { b.add(hashes.back()); }));
    EXPECT_EQ(b.size(), hashes.size());  // the hash is in; the growth was not kept
    EXPECT_EQ(state_hashes(b.serialize(alloc)), want);
    b.add(hashes.back());  // repeated: grows now
    EXPECT_EQ(b.size(), hashes.size());
    EXPECT_EQ(state_hashes(b.serialize(alloc)), want);

    Bytes filter = to_bytes(b.finish(alloc, kind::kNone));
    EXPECT_EQ(filter, reference_filter(want, 0.01));
    EXPECT_TRUE(interrupted([&] { b.finish(alloc, kind::kNone); }));
    EXPECT_EQ(to_bytes(b.finish(alloc, kind::kNone)), filter);

    EXPECT_TRUE(interrupted([&] { b.serialize(alloc); }));
    Buffer state = b.serialize(alloc);
    EXPECT_TRUE(interrupted([&] { bloom::DistinctBuilder back(alloc, bloom::parse_distinct_state(state.data, state.size)); }));

    bloom::DistinctBuilder c(alloc, 0.01);
    c.add(1);
    EXPECT_TRUE(interrupted([&] { c.combine(b); }));
    c.combine(b);
    want.insert(1);
    EXPECT_EQ(c.size(), want.size());
    EXPECT_EQ(state_hashes(c.serialize(alloc)), want);
}

// Through the C face: the state lives in memory from the allocator it was made with.
TEST(BloomDistinct, TheCFaceKeepsItsAllocator) {
    struct Counting {
        CHeap heap;
        int given_back = 0;
    } memory;
    ProbAllocator alloc{[](void* ctx, size_t size) { return c_allocate(&static_cast<Counting*>(ctx)->heap, size); },
                        &memory, [](void* ctx, uint8_t*) { static_cast<Counting*>(ctx)->given_back++; }};
    ProbError err{};
    ProbBloomDistinct *a = nullptr, *b = nullptr;
    EXPECT_FALSE(prob_bloom_distinct_new(1.5, &alloc, &a, &err));
    EXPECT_EQ(err.kind, PROB_INVALID_PARAMETER);
    ASSERT_TRUE(prob_bloom_distinct_new(0.01, &alloc, &a, &err));
    std::vector<std::uint64_t> hashes = random_hashes(1000, 95);
    for (std::uint64_t h : hashes) ASSERT_TRUE(prob_bloom_distinct_add(a, h, &err));
    EXPECT_GT(memory.given_back, 0);  // the outgrown tables
    EXPECT_TRUE(prob_bloom_distinct_check_fpr(a, 0.01, &err));
    EXPECT_FALSE(prob_bloom_distinct_check_fpr(a, 0.02, &err));
    EXPECT_EQ(err.kind, PROB_MISMATCH);

    ASSERT_TRUE(prob_bloom_distinct_combine(&b, a, &alloc, &err));  // a NULL state is made first
    ASSERT_NE(b, nullptr);
    ProbBuffer fa{}, fb{};
    ASSERT_TRUE(prob_bloom_distinct_finish(a, 0, &alloc, &fa, &err));
    ASSERT_TRUE(prob_bloom_distinct_finish(b, 0, &alloc, &fb, &err));
    EXPECT_EQ(Bytes(fa.data, fa.data + fa.size), Bytes(fb.data, fb.data + fb.size));
    EXPECT_EQ(Bytes(fa.data, fa.data + fa.size),
              reference_filter(std::set<std::uint64_t>(hashes.begin(), hashes.end()), 0.01));

    memory.heap.fail = true;
    EXPECT_FALSE(prob_bloom_distinct_new(0.01, &alloc, &a, &err));
    EXPECT_EQ(err.kind, PROB_OUT_OF_MEMORY);
}

// ---- the blocked layout ----

namespace {

Bytes blocked_filter(long long capacity, double fpr, std::uint64_t seed = kDefaultSeed) {
    TestAllocator alloc;
    return to_bytes(bloom::make_empty(alloc, capacity, fpr, bloom::kLayoutBlocked, seed));
}

Bytes blocked_filled(long long capacity, double fpr, const std::vector<std::uint64_t>& hashes) {
    Bytes f = blocked_filter(capacity, fpr);
    for (std::uint64_t h : hashes) add(f, h);
    return f;
}

// The mixture written out term by term from its definition (no shortcuts:
// every j from 0, the Poisson weight by lgamma), to check the core's sum.
double mixture_by_definition(double lambda, std::uint32_t k) {
    double s = std::floor(512.0 / k), sum = 0.0;
    for (int j = 1; j < 2000; j++) {
        double w = std::exp(-lambda + j * std::log(lambda) - std::lgamma(j + 1.0));
        sum += w * std::pow(1.0 - std::pow(1.0 - 1.0 / s, j), k);
    }
    return sum;
}

}  // namespace

TEST(BloomBlocked, TheMixtureIsItsDefinition) {
    for (double lambda : {0.5, 7.0, 51.3, 300.0})
        for (std::uint32_t k : {1u, 3u, 7u, 16u, 32u})
            EXPECT_NEAR(bloom::blocked_fpr(lambda, k) / mixture_by_definition(lambda, k), 1.0, 1e-9)
                << lambda << " " << k;
    EXPECT_EQ(bloom::blocked_fpr(0.0, 7), 0.0);
}

TEST(BloomBlocked, TheDesignMeetsTheRateWithTheFewestBlocks) {
    for (double p : {0.1, 0.01, 0.001, 1e-4, 1e-5, 1e-6}) {
        bloom::BlockedDesign d = bloom::blocked_design(p);
        EXPECT_LE(bloom::blocked_fpr(d.keys_per_block, d.hash_count), p) << p;
        // A hair more items per block and no k meets the rate: the fewest blocks.
        for (std::uint32_t k = 1; k <= bloom::kMaxBlockedHashes; k++)
            EXPECT_GT(bloom::blocked_fpr(d.keys_per_block * 1.0001, k), p) << p << " k=" << k;
        // Blocking costs bits, but not many: within 40% of the classic filter up to 1e-6.
        double bits_per_item = bloom::kBlockBits / d.keys_per_block;
        EXPECT_GT(bits_per_item, bloom::optimal_bit_count(1, p)) << p;
        EXPECT_LT(bits_per_item, 1.4 * bloom::optimal_bit_count(1, p)) << p;
    }
}

// Designs are kept per rate (a few at a time): asked in turn for more rates
// than are kept, and for two block sizes, each answer is the one computed first.
TEST(BloomBlocked, KeptDesignsAnswerForTheirOwnRate) {
    std::vector<double> rates;
    for (int i = 0; i < 40; i++) rates.push_back(0.001 * (1.0 + i / 64.0));
    std::vector<bloom::BlockedDesign> first, first_256;
    for (double p : rates) first.push_back(bloom::blocked_design(p));
    for (double p : rates) first_256.push_back(bloom::blocked_design(p, 256));
    for (int round = 0; round < 3; round++)
        for (std::size_t i = 0; i < rates.size(); i += 1 + round) {
            std::size_t j = (i * 7 + round) % rates.size();
            bloom::BlockedDesign d = bloom::blocked_design(rates[j]);
            EXPECT_EQ(d.keys_per_block, first[j].keys_per_block) << j;
            EXPECT_EQ(d.hash_count, first[j].hash_count) << j;
            bloom::BlockedDesign e = bloom::blocked_design(rates[j], 256);
            EXPECT_EQ(e.keys_per_block, first_256[j].keys_per_block) << j;
            EXPECT_EQ(e.hash_count, first_256[j].hash_count) << j;
        }
    // Neighbouring rates have designs of their own, and 256-bit blocks another.
    EXPECT_NE(first[0].keys_per_block, first[1].keys_per_block);
    EXPECT_NE(first[0].keys_per_block, first_256[0].keys_per_block);
}

TEST(BloomBlocked, SizesAreWholeBlocksForTheCapacity) {
    for (long long n : {1LL, 10LL, 1000LL, 1000000LL, 100000000LL}) {
        bloom::LayerSize b = bloom::layer_size(n, 0.01, true);
        std::uint64_t block_count = static_cast<std::uint64_t>(b.bit_count) / bloom::kBlockBits;
        bloom::BlockedDesign d = bloom::blocked_design(0.01);
        EXPECT_EQ(b.bit_count, static_cast<double>(block_count * bloom::kBlockBits)) << n;
        EXPECT_EQ(block_count, std::max<std::uint64_t>(1, std::ceil(n / d.keys_per_block))) << n;
        EXPECT_EQ(b.hash_count, d.hash_count);
        if (n <= 1000000) {
            Bytes f = blocked_filter(n, 0.01);
            EXPECT_EQ(f.size(), bloom::empty_size(n, 0.01, bloom::kLayoutBlocked));
            EXPECT_EQ(f.size(), 64 + block_count * 64);
        }
    }
    EXPECT_EQ(error_kind([] { bloom::empty_size(1LL << 40, 1e-6, bloom::kLayoutBlocked); }), ErrorKind::kTooLarge);
}

// The writer's limit is MAXC (doc/FORMAT.md 4.4, 4.13): the largest blocked
// filter is exactly MAXC bytes, and one more item is refused saying so.
TEST(BloomBlocked, TheLargestFilterIsMaxcBytes) {
    const double lambda = bloom::blocked_design(0.01).keys_per_block;
    const std::uint64_t most_blocks = (kMaxCreatedValueBytes - 64) / 64;
    auto blocks = [&](long long n) { return std::max(1.0, std::ceil(static_cast<double>(n) / lambda)); };
    long long n = static_cast<long long>(static_cast<double>(most_blocks) * lambda);
    while (blocks(n + 1) <= static_cast<double>(most_blocks)) n++;
    while (blocks(n) > static_cast<double>(most_blocks)) n--;
    EXPECT_EQ(bloom::empty_size(n, 0.01, bloom::kLayoutBlocked), kMaxCreatedValueBytes);
    std::string message, detail;
    EXPECT_EQ(error_kind([&] { bloom::empty_size(n + 1, 0.01, bloom::kLayoutBlocked); }, &message, &detail),
              ErrorKind::kTooLarge);
    EXPECT_EQ(message, "a blocked bloom filter for " + std::to_string(n + 1) +
                           " items at false positive rate 0.01 would not fit in one value");
    EXPECT_EQ(detail, "It would take " + std::to_string(kMaxCreatedValueBytes + 64) + " bytes; a value holds at most " +
                          std::to_string(kMaxCreatedValueBytes) + " bytes.");
}

TEST(BloomBlocked, AnItemsBitsAreInOneBlockOneInEachSegment) {
    const std::uint32_t k = 7, s = bloom::segment_bits(k);
    const std::uint64_t blocks = 1000;
    for (std::uint64_t h : random_hashes(1000, 60)) {
        std::uint64_t block = bloom::block_index(h, blocks);
        ASSERT_LT(block, blocks);
        std::vector<std::uint64_t> seen;
        bloom::for_each_block_bit(h, k, [&](std::uint64_t pos) { seen.push_back(pos); });
        ASSERT_EQ(seen.size(), k);
        for (std::uint32_t i = 0; i < k; i++) {
            EXPECT_GE(seen[i], i * s);
            EXPECT_LT(seen[i], (i + 1) * s);
            EXPECT_EQ(bloom::block_bit_position(h, i, k, blocks), block * 512 + seen[i]);
        }
    }
    // Multiply-shift reaches blocks past 2^32 bits (2^23 blocks) when there are that many.
    std::uint64_t high = 0;
    for (std::uint64_t h : random_hashes(100, 61)) high = std::max(high, bloom::block_index(h, UINT64_C(1) << 30));
    EXPECT_GT(high, UINT64_C(1) << 29);
}

TEST(BloomBlocked, AddSetsExactlyTheDocumentedBits) {
    Bytes f = blocked_filter(1000, 0.01);
    bloom::Layer l = bloom::read_layer(f.data(), kLayer0);
    EXPECT_EQ(f[3], bloom::kLayoutBlocked);
    EXPECT_EQ(l.bit_count % 512, 0u);
    const std::uint64_t h = 0x0123456789ABCDEFu;
    add(f, h);
    std::set<std::uint64_t> expected;
    for (std::uint32_t i = 0; i < l.hash_count; i++)
        expected.insert(bloom::block_bit_position(h, i, l.hash_count, l.bit_count / 512));
    std::set<std::uint64_t> set_bits;
    for (std::uint64_t j = 0; j < l.bit_count; j++)
        if ((f[kLayer0 + 32 + j / 8] >> (j % 8)) & 1) set_bits.insert(j);
    EXPECT_EQ(set_bits, expected);
    EXPECT_EQ(load_le64(f.data() + kLayer0 + kLayerBitsSet), expected.size());
}

TEST(BloomBlocked, MembershipCombiningAndEstimates) {
    const std::vector<std::uint64_t> a = random_hashes(20000, 62), b = random_hashes(20000, 63);
    Bytes fa = blocked_filled(40000, 0.01, a), fb = blocked_filled(40000, 0.01, b);
    for (std::uint64_t h : a) ASSERT_TRUE(has(fa, h));
    Bytes u = union_of(fa, fb);
    for (std::uint64_t h : b) ASSERT_TRUE(has(u, h));
    EXPECT_TRUE(filter_superset(u, fa));
    EXPECT_FALSE(filter_superset(fa, u));
    EXPECT_EQ(intersection_of(u, fa), fa);
    bloom::parse(u.data(), u.size());
    // The batched probe answers as contains does, key by key.
    std::vector<std::uint64_t> probes = a;
    probes.insert(probes.end(), b.begin(), b.end());
    std::unique_ptr<bool[]> found(new bool[probes.size()]);
    bloom::Sketch sa = bloom::parse_trusted(fa.data(), fa.size());
    bloom::contains_many(sa, probes.data(), probes.size(), found.get());
    for (std::size_t i = 0; i < probes.size(); i++) ASSERT_EQ(found[i], bloom::contains(sa, probes[i])) << i;

    bloom::Info i = info_of(u);
    EXPECT_EQ(i.layout, bloom::kLayoutBlocked);
    EXPECT_NEAR(i.estimated_items, 40000, 40000 * 0.02);
    EXPECT_NEAR(i.estimated_fpr, 0.01, 0.002);
    EXPECT_EQ(info_of(blocked_filter(100, 0.01)).estimated_fpr, 0.0);
    EXPECT_FALSE(std::signbit(info_of(blocked_filter(100, 0.01)).estimated_fpr));

    // Other layouts are a mismatch, named.
    std::string message, detail;
    Bytes fixed = empty_filter(40000, 0.01);
    EXPECT_EQ(error_kind([&] { union_of(fa, fixed); }, &message, &detail), ErrorKind::kMismatch);
    EXPECT_NE(detail.find("blocked layout"), std::string::npos) << detail;
    EXPECT_NE(detail.find("fixed layout"), std::string::npos) << detail;
}

// The batched probe of the classic layouts (prefetching a fixed filter's
// positions ahead; a scalable filter's layers key by key) answers as contains.
TEST(BloomBatch, ClassicContainsManyAnswersAsContains) {
    const std::vector<std::uint64_t> keys = random_hashes(20000, 65), others = random_hashes(20000, 66);
    std::vector<std::uint64_t> probes = keys;
    probes.insert(probes.end(), others.begin(), others.end());
    std::unique_ptr<bool[]> found(new bool[probes.size()]);
    // Fixed; scalable sized for 1,000, grown to several layers.
    for (bool scalable : {false, true}) {
        Bytes f = filled(scalable ? 1000 : 20000, 0.01, scalable, keys);
        bloom::Sketch s = bloom::parse_trusted(f.data(), f.size());
        ASSERT_EQ(s.header.layer_count > 1, scalable);
        // Batches shorter than the prefetch distance, and none, too.
        for (std::size_t n : {probes.size(), std::size_t{3}, std::size_t{0}}) {
            bloom::contains_many(s, probes.data() + probes.size() - n, n, found.get());
            std::size_t members = 0;
            for (std::size_t i = 0; i < n; i++) {
                ASSERT_EQ(found[i], bloom::contains(s, probes[probes.size() - n + i])) << scalable << " " << i;
                members += found[i];
            }
            if (n == probes.size()) {
                EXPECT_GE(members, keys.size());
                EXPECT_LT(members, keys.size() + others.size() / 10);
            }
        }
    }
}

TEST(BloomBlocked, SaturatedFilterStaysFinite) {
    Bytes f = blocked_filter(1, 0.5);
    for (std::uint64_t h : random_hashes(5000, 64)) add(f, h);
    bloom::Info i = info_of(f);
    EXPECT_TRUE(std::isfinite(i.estimated_items));
    EXPECT_LE(i.estimated_fpr, 1.0);
    EXPECT_GT(i.estimated_fpr, 0.9);
}

TEST(BloomBlocked, AggregateStateChecksTheLayout) {
    Bytes f = blocked_filter(1000, 0.01);
    bloom::check_state_parameters(f.data(), f.size(), 1000, 0.01, bloom::kLayoutBlocked);
    std::string message, detail;
    EXPECT_EQ(error_kind([&] { bloom::check_state_parameters(f.data(), f.size(), 1000, 0.01, bloom::kLayoutFixed); },
                         &message, &detail),
              ErrorKind::kMismatch);
    EXPECT_NE(detail.find("layout blocked"), std::string::npos) << detail;
}

TEST(BloomBlocked, ParseChecksEveryField) {
    const Bytes good = blocked_filled(3000, 0.01, random_hashes(1000, 65));
    bloom::parse(good.data(), good.size());
    const bloom::Layer l = bloom::read_layer(good.data(), kLayer0);
    auto with = [&](auto change) {
        Bytes t = good;
        change(t);
        return t;
    };
    expect_corrupt(with([](Bytes& t) { store_le16(t.data() + 4, 2); }), "a blocked filter has exactly one layer");
    expect_corrupt(with([](Bytes& t) { t[3] = 4; }), "unknown layout 4 (1 is fixed, 2 is scalable, 3 is blocked)");
    // Bit counts: not whole blocks, or two blocks off the sizing rule (the value resized to match).
    expect_corrupt(with([&](Bytes& t) { store_le64(t.data() + kLayer0, l.bit_count - 8); t.pop_back(); }),
                   "not a whole number of 512-bit blocks");
    expect_corrupt(with([&](Bytes& t) {
                       store_le64(t.data() + kLayer0, l.bit_count + 1024);
                       t.resize(t.size() + 128, 0);
                   }),
                   "blocks, but 3000 items at false positive rate 0.01 need");
    bloom::parse(with([&](Bytes& t) {  // one block of slack
                           store_le64(t.data() + kLayer0, l.bit_count + 512);
                           t.resize(t.size() + 64, 0);
                       }).data(),
                 good.size() + 64);
    expect_corrupt(with([&](Bytes& t) { store_le32(t.data() + kLayer0 + kLayerHashCount, l.hash_count + 2); }),
                   "hashes, but a blocked filter at false positive rate 0.01 uses");
    expect_corrupt(with([&](Bytes& t) { store_le32(t.data() + kLayer0 + kLayerHashCount, 33); }),
                   "a blocked filter has at most 32");
    expect_corrupt(with([&](Bytes& t) { store_le64(t.data() + kLayer0 + kLayerBitsSet, l.bits_set + 1); }),
                   "claims");
    // Each block's bits past its k segments are pad: 512 - 7 * 73 = 1 bit, the top bit of a block's last byte.
    ASSERT_EQ(l.hash_count, 7u);
    for (std::uint64_t block : {std::uint64_t(0), l.bit_count / 512 - 1}) {
        Bytes t = good;
        t[kLayer0 + 32 + block * 64 + 63] |= 0x80;
        store_le64(t.data() + kLayer0 + kLayerBitsSet, l.bits_set + 1);
        expect_corrupt(t, "bits set past the 511 bits of a block its 7 segments use");
    }
    for (std::size_t n = 0; n < good.size(); n += 7) {
        Bytes t(good.begin(), good.begin() + n);
        ASSERT_EQ(error_kind([&] { bloom::parse(t.data(), t.size()); }), ErrorKind::kCorrupt) << n;
    }
}

TEST(BloomBlocked, TheCFaceNamesAndMakesLayouts) {
    ProbError err;
    int layout = 0;
    for (auto [name, id] : {std::pair<const char*, int>{"blocked", PROB_BLOOM_LAYOUT_BLOCKED},
                            {"classic", PROB_BLOOM_LAYOUT_FIXED},
                            {"fixed", PROB_BLOOM_LAYOUT_FIXED},
                            {"scalable", PROB_BLOOM_LAYOUT_SCALABLE}}) {
        ASSERT_TRUE(prob_bloom_layout_of_name(name, std::strlen(name), &layout, &err)) << name;
        EXPECT_EQ(layout, id) << name;
    }
    // The length counts, not a terminator.
    ASSERT_TRUE(prob_bloom_layout_of_name("blockedXYZ", 7, &layout, &err));
    EXPECT_EQ(layout, PROB_BLOOM_LAYOUT_BLOCKED);
    EXPECT_FALSE(prob_bloom_layout_of_name("Blocked", 7, &layout, &err));
    EXPECT_EQ(err.kind, PROB_INVALID_PARAMETER);

    CHeap heap;
    ProbAllocator c_alloc{c_allocate, &heap, nullptr};
    ProbBuffer f;
    ASSERT_TRUE(prob_bloom_empty_layout(1000, 0.01, PROB_BLOOM_LAYOUT_BLOCKED, 0, &c_alloc, &f, &err));
    EXPECT_EQ(Bytes(f.data, f.data + f.size), blocked_filter(1000, 0.01, 0));
    ProbBloomInfo info;
    ASSERT_TRUE(prob_bloom_info(f.data, f.size, &info, &err));
    EXPECT_EQ(info.layout, PROB_BLOOM_LAYOUT_BLOCKED);
    EXPECT_STREQ(info.layout_name, "blocked");
    EXPECT_FALSE(prob_bloom_empty_layout(1000, 0.01, 4, 0, &c_alloc, &f, &err));
    EXPECT_EQ(err.kind, PROB_INVALID_PARAMETER);
}

// ---- the prepared probe (bloom_probe.h) ----

// The probe the C face prepares answers as contains does, for every layout,
// and carries what the caller hashes with.
TEST(BloomProbe, ThePreparedProbeAnswersAsContainsDoes) {
    const std::vector<std::uint64_t> members = random_hashes(3000, 70), others = random_hashes(20000, 71);
    Bytes fixed = filled(3000, 0.01, false, members);
    Bytes scalable = empty_filter(100, 0.01, true, 5);
    for (std::uint64_t h : members) add(scalable, h);
    Bytes blocked = blocked_filled(4000, 0.01, members);
    for (const Bytes* f : {&fixed, &scalable, &blocked}) {
        bloom::Sketch s = bloom::parse_trusted(f->data(), f->size());
        ProbBloomProbe probe;
        ProbError err;
        ASSERT_TRUE(prob_bloom_probe_prepare(f->data(), f->size(), &probe, &err));
        EXPECT_EQ(probe.seed, s.header.seed);
        EXPECT_EQ(probe.hash_id, s.header.hash_id);
        EXPECT_EQ(probe.blocked, s.blocked());
        ASSERT_EQ(probe.layer_count, s.header.layer_count);
        bloom::for_each_layer(s, [&](std::size_t i, const bloom::Layer& l) {
            EXPECT_EQ(probe.layers[i].bits, f->data() + bloom::bits_offset(l));
            EXPECT_EQ(probe.layers[i].bit_count, l.bit_count);
            EXPECT_EQ(probe.layers[i].hash_count, l.hash_count);
        });
        for (std::uint64_t h : members) ASSERT_TRUE(prob_bloom_probe_contains(&probe, h));
        std::size_t hits = 0;
        for (std::uint64_t h : others) {
            bool found = prob_bloom_probe_contains(&probe, h);
            ASSERT_EQ(found, bloom::contains(s, h)) << h;
            hits += found;
        }
        // Each filter was sized so that its members give a rate near 1% (or below).
        EXPECT_LT(hits, others.size() / 40) << int(s.header.layout);
    }
    EXPECT_GT(info_of(scalable).layer_count, 3);
    // The probe sees a bit set after it was prepared: it reads the value's own bytes.
    Bytes f = empty_filter(1000, 0.01);
    ProbBloomProbe probe;
    ProbError err;
    ASSERT_TRUE(prob_bloom_probe_prepare(f.data(), f.size(), &probe, &err));
    EXPECT_FALSE(prob_bloom_probe_contains(&probe, 42));
    add(f, 42);
    EXPECT_TRUE(prob_bloom_probe_contains(&probe, 42));
}

TEST(BloomProbe, PreparingReadsTheHeaderChecks) {
    Bytes f = empty_filter(1000, 0.01);
    ProbBloomProbe probe;
    ProbError err;
    Bytes bad = f;
    bad[0] = 'H';
    EXPECT_FALSE(prob_bloom_probe_prepare(bad.data(), bad.size(), &probe, &err));
    EXPECT_EQ(err.kind, PROB_CORRUPT);
    EXPECT_FALSE(prob_bloom_probe_prepare(f.data(), f.size() - 1, &probe, &err));
    EXPECT_EQ(err.kind, PROB_CORRUPT);
}

namespace {
// bloom_agg's state for the first row, as the aggregate makes it.
Bytes agg_state(long long capacity, std::uint8_t layout, bool batched = true) {
    TestAllocator alloc;
    return to_bytes(bloom::aggregate_state(alloc, capacity, 0.01, layout, kDefaultSeed, batched, kind::kNone));
}

Bytes finished(const Bytes& state) {
    TestAllocator alloc;
    return to_bytes(bloom::finish(state.data(), state.size(), alloc));
}

// What bloom_add gives: each hash set in the filter, one at a time.
Bytes per_key(long long capacity, std::uint8_t layout, const std::vector<std::uint64_t>& hashes) {
    TestAllocator alloc;
    Bytes f = to_bytes(bloom::make_empty(alloc, capacity, 0.01, layout, kDefaultSeed));
    for (std::uint64_t h : hashes) add(f, h);
    return f;
}
}  // namespace

// A working state's adds wait in its buffer; every way out (finish, finish in
// place, the combine) gives the bytes of the same hashes added one by one, at
// every buffer fill, and nothing reads the state as a filter.
TEST(BloomWorkingState, BatchedAddsEqualPerKeyAddsBitForBit) {
    for (std::uint8_t layout : {bloom::kLayoutFixed, bloom::kLayoutBlocked}) {
        const std::vector<std::uint64_t> hashes = random_hashes(3000, 70 + layout);
        Bytes state = agg_state(100000, layout);
        bloom::State parsed = bloom::parse_state(state.data(), state.size());
        ASSERT_NE(parsed.pending, nullptr);
        EXPECT_EQ(parsed.filter.header.layout, layout);
        EXPECT_EQ(state.size(), parsed.filter.size + bloom::kPendingHeaderSize + 8 * bloom::kPendingSlots);
        // Counts that leave the buffer empty, partly full and full but one.
        for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{bloom::kPendingSlots - 1},
                              std::size_t{bloom::kPendingSlots}, std::size_t{2 * bloom::kPendingSlots + 5},
                              hashes.size()}) {
            Bytes s = agg_state(100000, layout);
            std::vector<std::uint64_t> first(hashes.begin(), hashes.begin() + n);
            for (std::uint64_t h : first) add(s, h);
            ASSERT_EQ(s.size(), state.size());
            const Bytes expected = per_key(100000, layout, first), before = s;
            Bytes value = finished(s);
            EXPECT_EQ(value, expected) << int(layout) << " " << n;
            EXPECT_EQ(s, before) << "finish modified its input";
            EXPECT_NO_THROW(bloom::parse(value.data(), value.size()));
            std::size_t size = bloom::finish_in_place(s.data(), s.size());
            EXPECT_EQ(Bytes(s.begin(), s.begin() + size), expected) << int(layout) << " " << n;
        }
        // Readers of values refuse a working state, naming it.
        std::string message;
        EXPECT_EQ(error_kind([&] { bloom::parse_trusted(state.data(), state.size()); }, &message),
                  ErrorKind::kCorrupt);
        EXPECT_NE(message.find("working state"), std::string::npos) << message;
        EXPECT_EQ(error_kind([&] { bloom::parse(state.data(), state.size()); }), ErrorKind::kCorrupt);
        TestAllocator alloc;
        Bytes other = agg_state(100000, layout);
        EXPECT_EQ(error_kind([&] { union_of(other, state); }), ErrorKind::kCorrupt);
        // The aggregate's checks read it.
        EXPECT_NO_THROW(bloom::check_state_parameters(state.data(), state.size(), 100000, 0.01, layout));
        EXPECT_EQ(error_kind([&] { bloom::check_state_parameters(state.data(), state.size(), 100001, 0.01, layout); }),
                  ErrorKind::kMismatch);
        // A buffer that claims more hashes than it has slots is refused.
        Bytes bad = state;
        std::uint32_t count = bloom::kPendingSlots;
        std::memcpy(bad.data() + parsed.filter.size, &count, sizeof count);
        EXPECT_EQ(error_kind([&] { bloom::parse_state(bad.data(), bad.size()); }), ErrorKind::kCorrupt);
        EXPECT_EQ(error_kind([&] { bloom::parse_state(state.data(), state.size() - 8); }), ErrorKind::kCorrupt);
        // Its layer is held to the sizing rule, as a value's is: a hash count
        // of 3,623,878,663 (the fuzzer's, regressions/parse/) made finishing
        // one pending hash walk that many positions.
        const std::size_t layer = bloom::kHeaderSize, hash_count_at = layer + 24, bit_count_at = layer;
        for (std::uint32_t hashes : {0xd8000007u, parsed.filter.first_layer().hash_count + 2}) {
            Bytes off = state;
            std::memcpy(off.data() + hash_count_at, &hashes, sizeof hashes);
            EXPECT_EQ(error_kind([&] { bloom::parse_state(off.data(), off.size()); }, &message), ErrorKind::kCorrupt)
                << hashes;
            EXPECT_NE(message.find("hashes"), std::string::npos) << message;
        }
        Bytes fewer_bits = state;
        std::uint64_t bits = parsed.filter.first_layer().bit_count - 2 * bloom::kBlockBits;
        std::memcpy(fewer_bits.data() + bit_count_at, &bits, sizeof bits);
        EXPECT_EQ(error_kind([&] { bloom::parse_state(fewer_bits.data(), fewer_bits.size()); }, &message),
                  ErrorKind::kCorrupt);
        EXPECT_NE(message.find(" need "), std::string::npos) << message;
    }
}

// The combine: partial states (working or not), each with hashes still
// pending, unite into the filter of all their hashes.
TEST(BloomWorkingState, CombineTakesTheOtherStatesPendingHashes) {
    for (std::uint8_t layout : {bloom::kLayoutFixed, bloom::kLayoutBlocked}) {
        const std::vector<std::uint64_t> hashes = random_hashes(1000, 80 + layout);
        Bytes a = agg_state(50000, layout), b = agg_state(50000, layout);
        for (std::size_t i = 0; i < hashes.size(); i++) add(i % 3 == 0 ? a : b, hashes[i]);
        ASSERT_NE(bloom::parse_state(b.data(), b.size()).pending, nullptr);
        a.resize(bloom::finish_in_place(a.data(), a.size()));
        TestAllocator alloc;
        Buffer out = bloom::union_state(a.data(), a.size(), b.data(), b.size(), alloc);
        EXPECT_EQ(out.data, a.data());
        EXPECT_EQ(a, per_key(50000, layout, hashes)) << int(layout);
    }
}

// Only large fixed or blocked filters of a batched call get a buffer.
TEST(BloomWorkingState, SmallScalableAndUnbatchedStatesAreFilters) {
    TestAllocator alloc;
    EXPECT_EQ(agg_state(1000, bloom::kLayoutFixed), empty_filter(1000, 0.01));
    EXPECT_EQ(agg_state(100000, bloom::kLayoutFixed, false), empty_filter(100000, 0.01));
    EXPECT_EQ(agg_state(100000, bloom::kLayoutScalable), empty_filter(100000, 0.01, true));
    Bytes small = agg_state(1000, bloom::kLayoutBlocked);
    EXPECT_EQ(bloom::parse_state(small.data(), small.size()).pending, nullptr);
    EXPECT_EQ(finished(small), small);
    EXPECT_EQ(bloom::finish_in_place(small.data(), small.size()), small.size());
}
