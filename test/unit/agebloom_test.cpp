// Unit tests of the age-partitioned Bloom filter core (agebloom.hpp) and its C face.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "agebloom.hpp"
#include "capi/agebloom_capi.h"
#include "hash.hpp"
#include "test_alloc.hpp"

using namespace probabilistic;
using probabilistic::testing::TestAllocator;
using Bytes = std::vector<std::uint8_t>;

namespace {

constexpr std::int64_t kMinute = 60 * INT64_C(1000000);

Bytes to_bytes(Buffer b) { return Bytes(b.data, b.data + b.size); }

Bytes count_filter(long long window, double fpr, int generations = 0) {
    TestAllocator alloc;
    return to_bytes(agebloom::make_empty(alloc, agebloom::kModeCount, window, window, fpr, generations, 0));
}

Bytes time_filter(std::int64_t window_us, long long capacity, double fpr, int generations = 0) {
    TestAllocator alloc;
    return to_bytes(agebloom::make_empty(alloc, agebloom::kModeTime, window_us, capacity, fpr, generations, 0));
}

std::uint64_t key_hash(std::int64_t key) { return hash_int64(key, kDefaultSeed); }

void add(Bytes& f, std::int64_t key, std::int64_t at = 0) {
    TestAllocator alloc;
    agebloom::add_hash(f.data(), f.size(), key_hash(key), at, true, alloc);
}

bool has(const Bytes& f, std::int64_t key) {
    return agebloom::contains_hash(agebloom::parse_trusted(f.data(), f.size()), key_hash(key));
}

bool has_at(const Bytes& f, std::int64_t key, std::int64_t at) {
    return agebloom::contains_hash_at(agebloom::parse_trusted(f.data(), f.size()), key_hash(key), at);
}

agebloom::Header header(const Bytes& f) { return agebloom::parse_trusted(f.data(), f.size()).header; }

void expect_corrupt(const Bytes& f, const std::string& part) {
    try {
        agebloom::parse(f.data(), f.size());
        ADD_FAILURE() << "accepted corrupt value (" << part << ")";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kCorrupt);
        EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
    }
}

}  // namespace

TEST(AgebloomSizing, DesignMeetsTheRateAndIsTight) {
    for (double fpr : {0.1, 0.01, 0.001, 0.0001}) {
        for (unsigned l : {1u, 4u, 32u, 100u}) {
            agebloom::Design d = agebloom::design(1000, l, fpr);
            EXPECT_LE(agebloom::rate_bound(d.k, l, d.slice_bits, 1000), fpr);
            // 64 bits fewer per slice misses the rate: m is the fewest for k.
            EXPECT_GT(agebloom::rate_bound(d.k, l, d.slice_bits - 64, 1000), fpr);
            EXPECT_EQ(d.slice_bits % 64, 0u);
        }
    }
}

TEST(AgebloomSizing, RateBoundAgainstAClosedForm) {
    // One generation, k = 1: two slices of limit items each; present when either holds the bit.
    double p = -std::expm1(1000.0 * std::log1p(-1.0 / 6400.0));
    EXPECT_NEAR(agebloom::rate_bound(1, 1, 6400, 1000), 1.0 - (1.0 - p) * (1.0 - p), 1e-15);
    // k = 2, l = 1: slices filled by 1x, 2x, 2x the limit; a run of two is (0,1) or (1,2).
    double a = -std::expm1(1000.0 * std::log1p(-1.0 / 6400.0)), b = -std::expm1(2000.0 * std::log1p(-1.0 / 6400.0));
    EXPECT_NEAR(agebloom::rate_bound(2, 1, 6400, 1000), a * b + b * b - a * b * b, 1e-15);
}

TEST(AgebloomCreate, HeaderFields) {
    Bytes f = count_filter(1000, 0.01, 10);
    agebloom::Header h = header(f);
    EXPECT_EQ(f[0], 'A');
    EXPECT_EQ(h.mode, agebloom::kModeCount);
    EXPECT_EQ(h.generations, 10u);
    EXPECT_EQ(h.generation_length, 100u);
    EXPECT_EQ(h.generation_limit, 100u);
    EXPECT_EQ(h.generation, 0);
    EXPECT_EQ(f.size(), agebloom::kHeaderSize + h.slices() * (8 + h.slice_bits / 8));
    agebloom::parse(f.data(), f.size());
    Bytes t = time_filter(60 * kMinute, 5000, 0.01);
    EXPECT_EQ(header(t).generations, agebloom::kDefaultGenerations);
    EXPECT_EQ(header(t).generation_length, UINT64_C(112500000));
    EXPECT_EQ(header(time_filter(1000, 10, 0.01, 3)).generation_length, 334u);  // ceil(1000 / 3)
    EXPECT_EQ(header(t).generation, agebloom::kNoGeneration);
    agebloom::parse(t.data(), t.size());
}

TEST(AgebloomCreate, Refusals) {
    TestAllocator alloc;
    auto refused = [&](int mode, long long w, long long c, double fpr, int l) {
        try {
            agebloom::make_empty(alloc, mode, w, c, fpr, l, 0);
            return false;
        } catch (const Error& e) {
            return e.kind() == ErrorKind::kInvalidParameter || e.kind() == ErrorKind::kTooLarge;
        }
    };
    EXPECT_TRUE(refused(1, 0, 0, 0.01, 0));
    EXPECT_TRUE(refused(1, 100, 100, 0.0, 0));
    EXPECT_TRUE(refused(1, 100, 100, 1.0, 0));
    EXPECT_TRUE(refused(1, 100, 100, 0.01, 1025));
    EXPECT_TRUE(refused(1, 100, 100, 0.01, -1));
    EXPECT_TRUE(refused(2, 10, 100, 0.01, 32));   // 10 us cannot hold 32 generations
    EXPECT_TRUE(refused(2, kMinute, 0, 0.01, 0));  // time mode needs a capacity
    EXPECT_TRUE(refused(3, 100, 100, 0.01, 0));
    EXPECT_TRUE(refused(1, 1LL << 40, 1LL << 40, 1e-9, 0));  // past the value limit
}

// The window guarantee of count mode, exhaustively: after every insertion,
// every one of the last N keys is found. And a key N + g insertions old is gone.
TEST(AgebloomCount, LastWindowAlwaysFound) {
    for (long long window : {1LL, 7LL, 64LL, 300LL}) {
        for (int l : {1, 3, 8}) {
            Bytes f = count_filter(window, 0.01, l);
            std::uint64_t g = header(f).generation_length;
            long long total = window * 6 + 17;
            for (long long key = 0; key < total; key++) {
                add(f, key);
                for (long long back = 0; back < window && back <= key; back++)
                    ASSERT_TRUE(has(f, key - back)) << "window " << window << " l " << l << " key " << key - back;
            }
            agebloom::parse(f.data(), f.size());
            // Keys older than (k + l) g (l g >= window) have left every slice: at most the
            // rate's share of them answer yes (checked loosely here; the
            // statistical test measures it).
            long long gone = 0, old = static_cast<long long>((header(f).k + header(f).generations) * g);
            for (long long key = 0; key + old < total; key++) gone += !has(f, key);
            long long candidates = std::max(0LL, total - old);
            EXPECT_GE(gone, candidates - candidates / 10 - 2) << window << " " << l;
        }
    }
}

TEST(AgebloomCount, DeterministicBytesAndInfo) {
    Bytes a = count_filter(500, 0.001, 5), b = count_filter(500, 0.001, 5);
    for (int key = 0; key < 1234; key++) {
        add(a, key);
        add(b, key);
    }
    EXPECT_EQ(a, b);
    agebloom::Info i = agebloom::info(agebloom::parse(a.data(), a.size()));
    EXPECT_EQ(i.items, 1234u);
    EXPECT_EQ(i.generation, 12);  // 1234 = 12 full generations of 100 + 34
    EXPECT_EQ(i.current_items, 34u);
    EXPECT_EQ(i.live_items, 534u);  // the current and l = 5 before it
    EXPECT_GT(i.fill, 0.0);
    EXPECT_LE(i.estimated_fpr, 0.001);
}

TEST(AgebloomTime, WindowAndForgetting) {
    std::int64_t window = 60 * kMinute;
    Bytes f = time_filter(window, 6000, 0.01, 6);  // 10-minute generations
    std::int64_t d = static_cast<std::int64_t>(header(f).generation_length);
    EXPECT_EQ(d, 10 * kMinute);
    // One key a minute for five hours; at each minute every key of the last hour is found.
    std::int64_t t0 = 1700000000LL * 1000000;
    for (int minute = 0; minute < 300; minute++) {
        std::int64_t now = t0 + minute * kMinute;
        add(f, minute, now);
        for (int back = 0; back <= 60 && back <= minute; back++) ASSERT_TRUE(has_at(f, minute - back, now));
    }
    // Keys older than window + k d have left every slice: found at the rate only.
    std::int64_t end = t0 + 299 * kMinute;
    int stale_found = 0, stale = 0;
    for (int minute = 0; minute < 299 - 60 - 10 * static_cast<int>(header(f).k) - 1; minute++, stale++)
        stale_found += has_at(f, minute, end);
    EXPECT_GT(stale, 100);
    EXPECT_LE(stale_found, 5);
    // A quiet period: three hours later everything is forgotten.
    int found = 0;
    for (int minute = 0; minute < 300; minute++) found += has_at(f, minute, end + 3 * window);
    EXPECT_LE(found, 3);
    // Asking before the newest generation is refused.
    EXPECT_THROW(has_at(f, 1, end - 2 * d), Error);
    agebloom::parse(f.data(), f.size());
}

TEST(AgebloomTime, LateArrivalsAndOrderIndependence) {
    std::int64_t window = 60 * kMinute;
    std::int64_t t0 = -3 * window;  // before the epoch too: floor division
    std::vector<std::pair<int, std::int64_t>> adds;
    for (int i = 0; i < 2000; i++) adds.push_back({i, t0 + (i * 7919LL % 240) * kMinute});
    Bytes in_order = time_filter(window, 4000, 0.01, 12);
    std::vector<std::pair<int, std::int64_t>> sorted = adds;
    std::sort(sorted.begin(), sorted.end(), [](auto& x, auto& y) { return x.second < y.second; });
    for (auto& [k, t] : sorted) add(in_order, k, t);
    Bytes shuffled = time_filter(window, 4000, 0.01, 12);
    std::mt19937_64 rng(7);
    std::shuffle(adds.begin(), adds.end(), rng);
    for (auto& [k, t] : adds) add(shuffled, k, t);
    // items differ (late adds older than the window are dropped, not counted), the rest is equal.
    Bytes a = in_order, b = shuffled;
    std::fill(a.begin() + 80, a.begin() + 88, 0);
    std::fill(b.begin() + 80, b.begin() + 88, 0);
    EXPECT_EQ(a, b);
    std::int64_t end = sorted.back().second;
    for (auto& [k, t] : sorted)
        if (t > end - window) {
            EXPECT_TRUE(has_at(shuffled, k, end));
        }
    agebloom::parse(shuffled.data(), shuffled.size());
}

// The membership rule on hand-set slices (doc/FORMAT.md 11.3): a slice of all
// ones holds every item's bit and a slice of zeros none, so a value is present
// exactly when some k consecutive logical positions of the window (0 .. S - 1,
// or 0 .. S - 1 - (A - G) asked at generation A) are all ones. Every pattern of
// full and empty slices, at generations of every alignment (negative ones and
// one next to INT64_MIN too), against that rule computed here; logical
// position i is physical slot (G - i) mod S in exact arithmetic.
TEST(AgebloomContains, RunRuleOnHandSetSlices) {
    struct Shape {
        double fpr;
        int generations;
        unsigned k;  // what the design gives (checked)
    };
    for (Shape shape : {Shape{0.1, 3, 3}, Shape{0.1, 5, 4}, Shape{0.01, 5, 6}}) {
        Bytes f = time_filter(60 * kMinute, 100 * shape.generations, shape.fpr, shape.generations);
        agebloom::Header h = header(f);
        ASSERT_EQ(h.k, shape.k);
        const unsigned k = h.k, S = h.slices();
        const std::size_t slice_bytes = h.slice_bits / 8, slices_at = agebloom::kHeaderSize + 8 * std::size_t{S};
        const std::int64_t d = static_cast<std::int64_t>(h.generation_length);
        for (std::int64_t G : {INT64_C(0), INT64_C(3), INT64_C(-7), static_cast<std::int64_t>(S) + 2, INT64_MIN + 1}) {
            store_le64(f.data() + 72, static_cast<std::uint64_t>(G));
            auto physical = [&](unsigned i) {  // (G - i) mod S, floor modulo, in 128 bits
                __int128 r = (static_cast<__int128>(G) - i) % S;
                return static_cast<unsigned>(r < 0 ? r + S : r);
            };
            for (std::uint32_t pattern = 0; pattern < (1u << S); pattern++) {  // bit i: logical position i is full
                for (unsigned i = 0; i < S; i++)
                    std::fill_n(f.data() + slices_at + slice_bytes * physical(i), slice_bytes,
                                (pattern >> i) & 1 ? 0xFF : 0x00);
                agebloom::Sketch sk = agebloom::parse_trusted(f.data(), f.size());
                for (unsigned ahead = 0; ahead <= S; ahead++) {
                    unsigned end = S - ahead;  // positions 0 .. end - 1 count
                    bool truth = false;
                    for (unsigned start = 0; start + k <= end && !truth; start++)
                        truth = ((pattern >> start) & ((1u << k) - 1)) == (1u << k) - 1;
                    for (std::int64_t key : {1, 2, 3}) {
                        if (ahead == 0) {
                            ASSERT_EQ(agebloom::contains_hash(sk, key_hash(key)), truth) << pattern;
                        }
                        if (G > INT64_MIN / 2) {  // asked at a time of generation G + ahead (its first microsecond)
                            ASSERT_EQ(agebloom::contains_hash_at(sk, key_hash(key), (G + ahead) * d), truth)
                                << "pattern " << pattern << " ahead " << ahead << " G " << G;
                        }
                    }
                }
            }
            // The named cases at the bottom of the window (the oldest positions S - 1 back and up):
            // k - 1 full there is absent, k is present, k with a gap is absent.
            auto bottom = [&](unsigned run, unsigned gap) {  // run full positions ending at S - 1, gap empty inside
                std::uint32_t p = ((1u << run) - 1) << (S - run);
                if (gap) p &= ~(1u << (S - gap));
                for (unsigned i = 0; i < S; i++)
                    std::fill_n(f.data() + slices_at + slice_bytes * physical(i), slice_bytes, (p >> i) & 1 ? 0xFF : 0x00);
                return agebloom::contains_hash(agebloom::parse_trusted(f.data(), f.size()), key_hash(1));
            };
            EXPECT_FALSE(bottom(k - 1, 0)) << "k - 1 full slices at the bottom";
            EXPECT_TRUE(bottom(k, 0)) << "k full slices at the bottom";
            if (k >= 3) {
                EXPECT_FALSE(bottom(k + 1, 2)) << "k + 1 slices with a gap";
            }
        }
    }
}

TEST(AgebloomTime, FullGenerationRefusedUnchanged) {
    Bytes f = time_filter(60 * kMinute, 60, 0.01, 6);  // 10 items a generation
    for (int i = 0; i < 10; i++) add(f, i, 0);
    Bytes before = f;
    TestAllocator alloc;
    try {
        agebloom::add_hash(f.data(), f.size(), key_hash(99), 5, true, alloc);
        ADD_FAILURE() << "a full generation took one more";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kTooLarge);
    }
    EXPECT_EQ(f, before);
    add(f, 99, 10 * kMinute);  // the next generation takes it
    EXPECT_TRUE(has(f, 99));
    // A late add to the full generation is refused too.
    EXPECT_THROW(agebloom::add_hash(f.data(), f.size(), key_hash(100), 1, true, alloc), Error);
}

TEST(AgebloomTime, UnionAlignsGenerations) {
    std::int64_t window = 60 * kMinute;
    Bytes a = time_filter(window, 6000, 0.01, 6), b = time_filter(window, 6000, 0.01, 6),
          all = time_filter(window, 6000, 0.01, 6);
    for (int i = 0; i < 3000; i++) {
        std::int64_t t = (i % 100) * kMinute;
        add(i % 2 ? a : b, i, t);
        add(all, i, t);
    }
    TestAllocator alloc;
    Bytes u = to_bytes(agebloom::merge(a.data(), a.size(), b.data(), b.size(), alloc));
    Bytes v = to_bytes(agebloom::merge(b.data(), b.size(), a.data(), a.size(), alloc));
    Bytes x = all;
    // items: merge adds the sides' counts of changed adds; the serial filter counts the same adds.
    EXPECT_EQ(u, v);
    EXPECT_EQ(u, x);
    agebloom::parse(u.data(), u.size());
    Bytes c = count_filter(100, 0.01);
    EXPECT_THROW(agebloom::merge(c.data(), c.size(), c.data(), c.size(), alloc), Error);
    Bytes other = time_filter(window, 6001, 0.01, 6);
    EXPECT_THROW(agebloom::merge(a.data(), a.size(), other.data(), other.size(), alloc), Error);
}

TEST(AgebloomParse, CorruptFieldsNamed) {
    Bytes f = count_filter(1000, 0.01, 10);
    for (int i = 0; i < 1500; i++) add(f, i);
    agebloom::parse(f.data(), f.size());
    auto with = [&](std::size_t off, std::uint8_t v) {
        Bytes g = f;
        g[off] = v;
        return g;
    };
    expect_corrupt(Bytes(f.begin(), f.begin() + 40), "shorter than");
    expect_corrupt(with(0, 'B'), "type tag");
    expect_corrupt(with(1, 9), "format version");
    expect_corrupt(with(2, 7), "hash function id");
    expect_corrupt(with(3, 3), "mode");
    expect_corrupt(with(4, 0), "k 0");
    expect_corrupt(with(5, 1), "reserved byte");
    expect_corrupt(with(16, f[16] + 1), "");  // window: the generation length then disagrees
    expect_corrupt(with(40, 11), "");
    expect_corrupt(with(44, 1), "reserved bytes 44-47");
    expect_corrupt(with(64, f[64] ^ 64), "slice bits");
    expect_corrupt(with(72, f[72] + 1), "");  // generation: counts and items disagree
    expect_corrupt(with(80, f[80] + 1), "items added");
    expect_corrupt(Bytes(f.begin(), f.end() - 1), "bytes long");
    // A bit set in a slice no item was written into.
    Bytes fresh = count_filter(1000, 0.01, 10);
    fresh.back() = 1;
    expect_corrupt(fresh, "bits set");
    // A time filter's count past the limit.
    Bytes t = time_filter(60 * kMinute, 60, 0.01, 6);
    add(t, 1, 0);
    store_le64(t.data() + agebloom::kHeaderSize, 11);
    expect_corrupt(t, "generation limit");
}

TEST(AgebloomCapi, GuardedCalls) {
    ProbError err;
    size_t size = 0;
    EXPECT_TRUE(prob_agebloom_size(1, 1000, 1000, 0.01, 0, &size, &err));
    EXPECT_FALSE(prob_agebloom_size(1, 0, 0, 0.01, 0, &size, &err));
    EXPECT_EQ(err.kind, PROB_INVALID_PARAMETER);
    Bytes junk(100, 0);
    EXPECT_FALSE(prob_agebloom_validate(junk.data(), junk.size(), &err));
    EXPECT_EQ(err.kind, PROB_CORRUPT);
}
