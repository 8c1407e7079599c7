// Unit tests of the cuckoo filter core (cuckoo.hpp) and its C face (cuckoo_capi.h).
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <vector>

#include "capi/cuckoo_capi.h"
#include "cuckoo.hpp"
#include "hash.hpp"
#include "test_alloc.hpp"

using namespace probabilistic;
using probabilistic::testing::TestAllocator;
using Bytes = std::vector<std::uint8_t>;

namespace {

Bytes to_bytes(Buffer b) { return Bytes(b.data, b.data + b.size); }

Bytes empty_filter(long long capacity, double fpr, std::uint64_t seed = kDefaultSeed) {
    TestAllocator alloc;
    return to_bytes(cuckoo::make_empty(alloc, capacity, fpr, seed));
}

// In place; false (and the filter unchanged) when the table is full.
bool add(Bytes& f, std::uint64_t hash) {
    TestAllocator alloc;
    try {
        cuckoo::add_hash(f.data(), f.size(), hash, true, alloc);
        return true;
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kTooLarge);
        return false;
    }
}

void remove(Bytes& f, std::uint64_t hash) {
    TestAllocator alloc;
    cuckoo::remove_hash(f.data(), f.size(), hash, true, alloc);
}

bool has(const Bytes& f, std::uint64_t hash) {
    return cuckoo::contains_hash(cuckoo::parse_trusted(f.data(), f.size()), hash);
}

unsigned count(const Bytes& f, std::uint64_t hash) {
    return cuckoo::count_hash(cuckoo::parse_trusted(f.data(), f.size()), hash);
}

std::uint64_t items(const Bytes& f) { return cuckoo::parse_trusted(f.data(), f.size()).header.items; }

std::uint64_t key_hash(std::uint64_t key) { return hash_int64(static_cast<std::int64_t>(key), kDefaultSeed); }

}  // namespace

TEST(CuckooSizing, FingerprintBitsFromRate) {
    EXPECT_EQ(cuckoo::fingerprint_bits_for(0.5), 4u);
    EXPECT_EQ(cuckoo::fingerprint_bits_for(0.1), 7u);    // 8 / 0.1 = 80 <= 128
    EXPECT_EQ(cuckoo::fingerprint_bits_for(0.01), 10u);  // 800 <= 1024
    EXPECT_EQ(cuckoo::fingerprint_bits_for(0.001), 13u);
    EXPECT_EQ(cuckoo::fingerprint_bits_for(0.0001), 17u);
    EXPECT_EQ(cuckoo::fingerprint_bits_for(0.00001), 20u);
    EXPECT_EQ(cuckoo::fingerprint_bits_for(0.125), 6u);  // exactly 64
    EXPECT_EQ(cuckoo::fingerprint_bits_for(std::ldexp(8.0, -32)), 32u);
}

TEST(CuckooSizing, BucketCountAtDesignLoad) {
    EXPECT_EQ(cuckoo::slack_for(1), 6u);
    EXPECT_EQ(cuckoo::slack_for(16), 12u);
    EXPECT_EQ(cuckoo::slack_for(17), 14u);
    EXPECT_EQ(cuckoo::slack_for(UINT64_C(1) << 62), (UINT64_C(1) << 32) + 4);
    EXPECT_EQ(cuckoo::bucket_count_for(1), 2u);    // 7 items * 20/76 = 1.84
    EXPECT_EQ(cuckoo::bucket_count_for(15), 8u);   // (15 + 12) * 20 / 76 = 7.1
    EXPECT_EQ(cuckoo::bucket_count_for(1000000), 263686u);  // 1002004 * 20 / 76 = 263685.3
    EXPECT_EQ(cuckoo::empty_size(1000000, 0.01), cuckoo::kHeaderSize + 263686u * 4 * 10 / 8);
}

TEST(CuckooSizing, ParametersRefused) {
    EXPECT_THROW(cuckoo::check_parameters(0, 0.01), Error);
    EXPECT_THROW(cuckoo::check_parameters(-5, 0.01), Error);
    EXPECT_THROW(cuckoo::check_parameters(10, 0.0), Error);
    EXPECT_THROW(cuckoo::check_parameters(10, 1.0), Error);
    EXPECT_THROW(cuckoo::check_parameters(10, std::nan("")), Error);
    EXPECT_THROW(cuckoo::check_parameters(10, 1e-10), Error);
    EXPECT_NO_THROW(cuckoo::check_parameters(10, std::ldexp(8.0, -32)));
    try {
        cuckoo::empty_size(1LL << 40, 1e-8);
        FAIL() << "expected kTooLarge";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kTooLarge);
    }
}

TEST(CuckooHashing, AlternateIsAnInvolution) {
    std::mt19937_64 rng(1);
    for (std::uint64_t buckets : {1ull, 2ull, 3ull, 7ull, 1000ull, 263158ull, (1ull << 33) + 5}) {
        for (int n = 0; n < 1000; n++) {
            std::uint64_t i = rng() % buckets;
            std::uint32_t fp = static_cast<std::uint32_t>(rng() % 0xFFFF) + 1;
            std::uint64_t j = cuckoo::alternate_bucket(i, fp, buckets);
            ASSERT_LT(j, buckets);
            ASSERT_EQ(cuckoo::alternate_bucket(j, fp, buckets), i);
        }
    }
}

TEST(CuckooHashing, FingerprintNeverZero) {
    for (unsigned f = 4; f <= 32; f++) {
        EXPECT_EQ(cuckoo::fingerprint(0, f), 1u);
        EXPECT_EQ(cuckoo::fingerprint(UINT64_MAX, f), (UINT64_C(1) << f) - 1);
    }
}

TEST(CuckooFilter, AddContainsRemove) {
    Bytes f = empty_filter(1000, 0.01);
    EXPECT_FALSE(has(f, key_hash(42)));
    ASSERT_TRUE(add(f, key_hash(42)));
    EXPECT_TRUE(has(f, key_hash(42)));
    EXPECT_EQ(items(f), 1u);
    ASSERT_TRUE(add(f, key_hash(42)));
    EXPECT_EQ(count(f, key_hash(42)), 2u);
    remove(f, key_hash(42));
    EXPECT_TRUE(has(f, key_hash(42)));
    remove(f, key_hash(42));
    EXPECT_FALSE(has(f, key_hash(42)));
    EXPECT_EQ(items(f), 0u);
    EXPECT_EQ(f, empty_filter(1000, 0.01));
    EXPECT_NO_THROW(cuckoo::parse(f.data(), f.size()));
}

TEST(CuckooFilter, RemovingAnAbsentValueChangesNothing) {
    Bytes f = empty_filter(100, 0.001);
    add(f, key_hash(1));
    Bytes before = f;
    TestAllocator alloc;
    Buffer out = cuckoo::remove_hash(f.data(), f.size(), key_hash(2), false, alloc);
    EXPECT_EQ(out.data, f.data());
    EXPECT_EQ(alloc.allocations(), 0u);
    EXPECT_EQ(f, before);
}

TEST(CuckooFilter, CopyOnWriteLeavesInputAlone) {
    Bytes f = empty_filter(100, 0.01);
    Bytes before = f;
    TestAllocator alloc;
    Buffer out = cuckoo::add_hash(f.data(), f.size(), key_hash(7), false, alloc);
    EXPECT_NE(out.data, f.data());
    EXPECT_EQ(f, before);
    EXPECT_TRUE(has(to_bytes(out), key_hash(7)));
}

TEST(CuckooFilter, SameInsertsSameBytes) {
    Bytes a = empty_filter(5000, 0.001), b = empty_filter(5000, 0.001);
    for (std::uint64_t k = 0; k < 5000; k++) {
        add(a, key_hash(k));
        add(b, key_hash(k));
    }
    EXPECT_EQ(a, b);
}

// The property the type stands on: a value added n times and removed fewer
// times is found, whatever the sequence, also past capacity (where adds fail
// and must leave the filter unchanged).
TEST(CuckooFilter, NoFalseNegativesAgainstAMultiset) {
    for (std::uint64_t run = 0; run < 12; run++) {
        std::mt19937_64 rng(run);
        long long capacity = 1 + static_cast<long long>(rng() % 3000);
        double fpr = run % 3 == 0 ? 0.1 : run % 3 == 1 ? 0.01 : 1e-4;
        Bytes f = empty_filter(capacity, fpr, run);
        std::map<std::uint64_t, int> multiset;
        std::uint64_t universe = static_cast<std::uint64_t>(capacity) * 2 + 10, failures = 0, stored = 0;
        for (long long step = 0; step < capacity * 6; step++) {
            std::uint64_t key = rng() % universe;
            std::uint64_t h = hash_int64(static_cast<std::int64_t>(key), run);
            bool adding = rng() % 100 < 65;
            if (adding) {
                Bytes before = f;
                if (add(f, h)) {
                    multiset[key]++;
                    stored++;
                } else {
                    failures++;
                    ASSERT_EQ(f, before) << "a failed add changed the filter";
                }
            } else if (multiset.count(key) && multiset[key] > 0) {
                remove(f, h);
                multiset[key]--;
                stored--;
            }
            if (step % 97 == 0) {
                for (const auto& [k, n] : multiset) {
                    if (n > 0) {
                        ASSERT_TRUE(has(f, hash_int64(static_cast<std::int64_t>(k), run))) << k;
                    }
                }
            }
        }
        for (const auto& [k, n] : multiset) {
            std::uint64_t h = hash_int64(static_cast<std::int64_t>(k), run);
            if (n > 0) {
                ASSERT_TRUE(has(f, h)) << "false negative for " << k;
            }
            ASSERT_GE(count(f, h), static_cast<unsigned>(n));
        }
        EXPECT_EQ(items(f), stored);
        EXPECT_NO_THROW(cuckoo::parse(f.data(), f.size()));
        EXPECT_GT(failures + stored, 0u);
    }
}

TEST(CuckooFilter, AcceptsItsCapacity) {
    for (long long capacity : {1LL, 2LL, 5LL, 19LL, 100LL, 1000LL, 20000LL}) {
        for (std::uint64_t seed = 0; seed < 4; seed++) {
            Bytes f = empty_filter(capacity, 0.01, seed);
            std::mt19937_64 rng(seed * 1000 + static_cast<std::uint64_t>(capacity));
            for (long long i = 0; i < capacity; i++) ASSERT_TRUE(add(f, rng())) << capacity << " item " << i;
        }
    }
}

TEST(CuckooFilter, FullTableFailsWithTheCapacityInTheHint) {
    Bytes f = empty_filter(1000, 0.01);
    std::uint64_t h = key_hash(5);
    std::uint64_t i1 = cuckoo::first_bucket(h, cuckoo::bucket_count_for(1000));
    ASSERT_NE(i1, cuckoo::alternate_bucket(i1, cuckoo::fingerprint(h, 10), cuckoo::bucket_count_for(1000)));
    int added = 0;
    while (add(f, h)) added++;
    EXPECT_EQ(added, 8);  // its two buckets of four hold at most 8 copies
    TestAllocator alloc;
    try {
        cuckoo::add_hash(f.data(), f.size(), h, true, alloc);
        FAIL();
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kTooLarge);
        EXPECT_EQ(e.reason(), Reason::kFull);
        EXPECT_EQ(e.field(0), "1000");
    }
}

TEST(CuckooFilter, UnionIsAMultisetUnion) {
    Bytes a = empty_filter(2000, 0.01), b = empty_filter(2000, 0.01);
    for (std::uint64_t k = 0; k < 800; k++) add(a, key_hash(k));
    for (std::uint64_t k = 500; k < 1300; k++) add(b, key_hash(k));
    TestAllocator alloc;
    Bytes u = to_bytes(cuckoo::merge(a.data(), a.size(), b.data(), b.size(), alloc));
    EXPECT_NO_THROW(cuckoo::parse(u.data(), u.size()));
    EXPECT_EQ(items(u), 1600u);
    for (std::uint64_t k = 0; k < 1300; k++) ASSERT_TRUE(has(u, key_hash(k)));
    for (std::uint64_t k = 500; k < 800; k++) ASSERT_GE(count(u, key_hash(k)), 2u);
    Bytes other = empty_filter(2000, 0.01, 9);
    EXPECT_THROW(cuckoo::merge(a.data(), a.size(), other.data(), other.size(), alloc), Error);
}

TEST(CuckooFilter, UnionPastCapacityFails) {
    Bytes a = empty_filter(100, 0.01), b = empty_filter(100, 0.01);
    for (std::uint64_t k = 0; k < 100; k++) {
        add(a, key_hash(k));
        add(b, key_hash(k + 1000));
    }
    Bytes before = a;
    TestAllocator alloc;
    try {
        cuckoo::merge(a.data(), a.size(), b.data(), b.size(), alloc);
        FAIL();
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kTooLarge);
    }
    EXPECT_EQ(a, before);
}

TEST(CuckooParse, EveryFieldIsChecked) {
    Bytes good = empty_filter(100, 0.01, 3);
    add(good, key_hash(1));
    ASSERT_NO_THROW(cuckoo::parse(good.data(), good.size()));
    auto refused = [](Bytes v) {
        try {
            cuckoo::parse(v.data(), v.size());
        } catch (const Error& e) {
            return e.kind() == ErrorKind::kCorrupt;
        }
        return false;
    };
    for (std::size_t off : {0, 1, 2, 3, 4, 5, 6, 7}) {
        Bytes v = good;
        v[off] ^= 0x01;
        EXPECT_TRUE(refused(v)) << "byte " << off;
    }
    // Capacity 100 -> 356 changes the bucket count; a last-bit change of capacity or rate may not.
    for (std::size_t off : {17, 31, 32, 40}) {
        Bytes v = good;
        v[off] ^= 0x01;
        EXPECT_TRUE(refused(v)) << "byte " << off;
    }
    Bytes seed_changed = good;
    seed_changed[8] ^= 1;
    EXPECT_FALSE(refused(seed_changed));
    EXPECT_TRUE(refused(Bytes(good.begin(), good.begin() + 47)));
    EXPECT_TRUE(refused(Bytes(good.begin(), good.end() - 1)));
    Bytes longer = good;
    longer.push_back(0);
    EXPECT_TRUE(refused(longer));
    // An entry set without the count, and pad bits (27 buckets * 4 * 10 bits = 135 bytes exactly: none).
    Bytes entry = good;
    entry[cuckoo::kHeaderSize + 60] ^= 0x10;
    EXPECT_TRUE(refused(entry));
    Bytes padded = empty_filter(2, 0.1);  // 3 buckets * 4 entries * 7 bits = 84 bits: 4 pad bits
    ASSERT_EQ(padded.size(), cuckoo::kHeaderSize + 11);
    ASSERT_NO_THROW(cuckoo::parse(padded.data(), padded.size()));
    padded.back() |= 0x80;
    EXPECT_TRUE(refused(padded));
}

TEST(CuckooCapi, ErrorsAreCodes) {
    ProbError err;
    ProbCuckooParams params;
    std::uint8_t junk[3] = {1, 2, 3};
    EXPECT_FALSE(prob_cuckoo_validate(junk, sizeof junk, &err));
    EXPECT_EQ(err.kind, PROB_CORRUPT);
    EXPECT_FALSE(prob_cuckoo_params(junk, sizeof junk, &params, &err));
    size_t size;
    EXPECT_FALSE(prob_cuckoo_size(0, 0.01, &size, &err));
    EXPECT_EQ(err.kind, PROB_INVALID_PARAMETER);
    EXPECT_TRUE(prob_cuckoo_size(100, 0.01, &size, &err));
    EXPECT_EQ(size, cuckoo::empty_size(100, 0.01));
}
