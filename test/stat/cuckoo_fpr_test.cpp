// Statistical tests of the cuckoo filter: measured false positive rates at
// capacity against the targets, the load the table reaches before its first
// failed insert, and bits per item next to a Bloom filter of the same rate.
// Real hashes (hash_int64) with fixed seeds, so every run sees the same keys;
// the margins hold for other seeds with overwhelming probability.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "bloom.hpp"
#include "cuckoo.hpp"
#include "hash.hpp"
#include "../unit/test_alloc.hpp"

using namespace probabilistic;
using probabilistic::testing::TestAllocator;

namespace {

constexpr std::uint64_t kSeed = 0xC0C0;

std::vector<std::uint8_t> fill(long long capacity, double fpr, std::int64_t items) {
    TestAllocator alloc;
    Buffer b = cuckoo::make_empty(alloc, capacity, fpr, kSeed);
    std::vector<std::uint8_t> filter(b.data, b.data + b.size);
    for (std::int64_t key = 0; key < items; key++)
        cuckoo::add_hash(filter.data(), filter.size(), hash_int64(key, kSeed), true, alloc);
    cuckoo::parse(filter.data(), filter.size());
    return filter;
}

}  // namespace

// At capacity, over 0.1 .. 1e-5: the measured rate is at most 1.05 times the
// target. Probes are enough that the design rate (8 * load / (2^f - 1), well
// below the target) is measured within a few standard deviations of it.
TEST(CuckooStat, RateAtCapacityWithinTarget) {
    std::printf("  %-8s %-5s %-11s %-11s %-13s %-10s %-10s\n", "target", "bits", "measured", "predicted",
                "probes", "bits/item", "bloom");
    for (double fpr : {0.1, 0.03, 0.01, 0.001, 1e-4, 1e-5}) {
        long long capacity = 200000;
        std::vector<std::uint8_t> f = fill(capacity, fpr, capacity);
        cuckoo::Sketch s = cuckoo::parse_trusted(f.data(), f.size());
        std::uint64_t probes = static_cast<std::uint64_t>(std::min(2e7, 4000.0 / fpr));
        std::uint64_t hits = 0;
        for (std::uint64_t i = 0; i < probes; i++)
            hits += cuckoo::contains_hash(s, hash_int64(capacity + static_cast<std::int64_t>(i), kSeed));
        double rate = static_cast<double>(hits) / static_cast<double>(probes);
        cuckoo::Info info = cuckoo::info(s);
        double bloom_bits = bloom::optimal_bit_count(1.0, fpr);
        std::printf("  %-8g %-5u %-11.4g %-11.4g %-13llu %-10.2f %-10.2f\n", fpr, info.fingerprint_bits, rate,
                    info.estimated_fpr, static_cast<unsigned long long>(probes), info.bits_per_item, bloom_bits);
        EXPECT_LE(rate, 1.05 * fpr) << "target " << fpr;
        EXPECT_LE(info.estimated_fpr, fpr);
        // The goal of the type: fewer bits than Bloom at 0.1% and below.
        if (fpr <= 0.001) {
            EXPECT_LT(info.bits_per_item, bloom_bits) << "target " << fpr;
        }
    }
}

// The design load (19/20 of the entries, less the slack) is measured, not
// assumed: tables of several sizes take items until the first failed insert,
// and each must have taken its capacity first.
TEST(CuckooStat, LoadAtFirstFailure) {
    for (long long capacity : {50LL, 1000LL, 20000LL, 400000LL}) {
        int runs = capacity >= 400000 ? 2 : capacity >= 20000 ? 10 : 100;
        double lowest = 1.0;
        std::int64_t fewest = INT64_MAX;
        for (int run = 0; run < runs; run++) {
            TestAllocator alloc;
            Buffer b = cuckoo::make_empty(alloc, capacity, 0.01, static_cast<std::uint64_t>(run));
            std::int64_t n = 0;
            try {
                for (;; n++) cuckoo::add_hash(b.data, b.size, hash_int64(n, static_cast<std::uint64_t>(run)), true, alloc);
            } catch (const Error& e) {
                ASSERT_EQ(e.kind(), ErrorKind::kTooLarge);
            }
            double slots = static_cast<double>(cuckoo::bucket_count_for(static_cast<std::uint64_t>(capacity))) * 4;
            lowest = std::min(lowest, static_cast<double>(n) / slots);
            fewest = std::min(fewest, n);
        }
        std::printf("  capacity %-8lld lowest load at the first failure %.4f (%d runs), fewest items %lld\n", capacity,
                    lowest, runs, static_cast<long long>(fewest));
        EXPECT_GE(fewest, capacity);
        if (capacity >= 20000) {
            EXPECT_GE(lowest, 0.95);
        }
    }
}
