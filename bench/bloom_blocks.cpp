// Blocked Bloom filters with 512-bit (one cache line) against 256-bit blocks
// (Parquet's split block), and the classic layout: bits per item from the
// sizing rule (blocked_design) and nanoseconds per probe of a filter far
// larger than the caches, on-CPU. Build and run from the top directory:
//   g++ -O2 -std=c++17 -Isrc/core -Isrc bench/bloom_blocks.cpp src/core/bloom.cpp \
//       src/core/hash.cpp -lxxhash -o /tmp/bloom_blocks && /tmp/bloom_blocks 10000000 2000000
#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "bloom.hpp"

using namespace probabilistic::bloom;

namespace {

// The core's positions with the block size as a parameter.
template <std::uint32_t kBits>
struct Blocked {
    std::uint64_t blocks;
    std::uint32_t k;
    std::vector<std::uint8_t> bits;
    Blocked(std::uint64_t n, double fpr) {
        BlockedDesign d = blocked_design(fpr, kBits);
        blocks = static_cast<std::uint64_t>(std::ceil(n / d.keys_per_block));
        k = d.hash_count;
        bits.assign(blocks * kBits / 8 + 64, 0);
    }
    // As in a PostgreSQL value: the bits start 68 bytes into an 8-byte aligned
    // allocation, so a block is not aligned to a cache line.
    std::uint8_t* block(std::uint64_t h) { return bits.data() + 4 + reduce(h, blocks) * (kBits / 8); }
    bool has_many(const std::vector<std::uint64_t>& hs, std::size_t* hits) {
        std::size_t n = hs.size(), h = 0;
        for (std::size_t i = 0; i < n; i++) {
            if (i + 8 < n) __builtin_prefetch(block(hs[i + 8]));
            h += has(hs[i]);
        }
        *hits = h;
        return true;
    }
    void add(std::uint64_t h) {
        std::uint8_t* b = block(h);
        std::uint64_t s = kBits / k;
        for (std::uint32_t i = 0; i < k; i += 2) {
            std::uint64_t w = fmix64(h + (i / 2 + 1) * kGolden);
            std::uint64_t p = i * s + (((w & 0xFFFFFFFFu) * s) >> 32);
            b[p >> 3] |= 1u << (p & 7);
            if (i + 1 < k) {
                p = (i + 1) * s + (((w >> 32) * s) >> 32);
                b[p >> 3] |= 1u << (p & 7);
            }
        }
    }
    bool has(std::uint64_t h) {
        const std::uint8_t* b = block(h);
        std::uint64_t s = kBits / k;
        unsigned all = 1;
        for (std::uint32_t i = 0; i < k; i += 2) {
            std::uint64_t w = fmix64(h + (i / 2 + 1) * kGolden);
            std::uint64_t p = i * s + (((w & 0xFFFFFFFFu) * s) >> 32);
            all &= b[p >> 3] >> (p & 7);
            if (i + 1 < k) {
                p = (i + 1) * s + (((w >> 32) * s) >> 32);
                all &= b[p >> 3] >> (p & 7);
            }
        }
        return all & 1;
    }
    double bits_per_key(std::uint64_t n) const { return double(blocks) * kBits / n; }
};

// On-CPU time of this thread: the machine is shared, wall time would count the others.
double seconds() {
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

template <class F>
double ns_per_probe(const std::vector<std::uint64_t>& probes, F&& has, std::size_t* hits) {
    double t0 = seconds();
    std::size_t h = 0;
    for (std::uint64_t p : probes) h += has(p);
    *hits = h;
    return (seconds() - t0) * 1e9 / probes.size();
}

}  // namespace

int main(int argc, char** argv) {
    std::uint64_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 10000000;
    std::size_t probes_n = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 4000000;
    std::printf("bits per item: fpr, classic, blocked 512 (k), blocked 256 (k)\n");
    for (double fpr : {0.1, 0.01, 0.001, 1e-4, 1e-5, 1e-6}) {
        double t0 = seconds();
        BlockedDesign d512 = blocked_design(fpr, 512);
        double dt = seconds() - t0;
        BlockedDesign d256 = blocked_design(fpr, 256);
        std::printf("%g\t%.2f\t%.2f (%u)\t%.2f (%u)\t[design %.1f ms]\n", fpr, optimal_bit_count(1, fpr),
                    512 / d512.keys_per_block, d512.hash_count, 256 / d256.keys_per_block, d256.hash_count, dt * 1e3);
    }
    std::mt19937_64 rng(42);
    std::vector<std::uint64_t> keys(n), probes(probes_n);
    for (auto& k : keys) k = rng();
    for (auto& p : probes) p = rng();
    Blocked<512> b512(n, 0.01);
    Blocked<256> b256(n, 0.01);
    std::uint64_t m = bit_count_for(n, 0.01);
    std::uint32_t kc = hash_count_for(m, n);
    std::vector<std::uint8_t> classic(layer_bytes(m), 0);
    for (std::uint64_t k : keys) {
        b512.add(k);
        b256.add(k);
        for (std::uint32_t i = 0; i < kc; i++) {
            std::uint64_t p = bit_position(k, i, m);
            classic[p >> 3] |= 1u << (p & 7);
        }
    }
    auto classic_has = [&](std::uint64_t h) {
        PositionSequence seq(h, m);
        unsigned all = 1;
        for (std::uint32_t i = 0; i < kc; i++) {
            std::uint64_t p = seq.next();
            all &= classic[p >> 3] >> (p & 7);
        }
        return (all & 1) != 0;
    };
    std::printf("\n%llu items at 1%%, %zu probes of absent keys, 7 interleaved rounds (ns/probe, measured fpr):\n",
                (unsigned long long)n, probes_n);
    const int kRounds = 7;
    std::vector<double> t[5];
    std::size_t hits[5];
    for (int round = 0; round < kRounds; round++) {
        t[0].push_back(ns_per_probe(probes, classic_has, &hits[0]));
        t[1].push_back(ns_per_probe(probes, [&](std::uint64_t h) { return b512.has(h); }, &hits[1]));
        t[2].push_back(ns_per_probe(probes, [&](std::uint64_t h) { return b256.has(h); }, &hits[2]));
        double t0 = seconds();
        b512.has_many(probes, &hits[3]);
        t[3].push_back((seconds() - t0) * 1e9 / probes_n);
        t0 = seconds();
        b256.has_many(probes, &hits[4]);
        t[4].push_back((seconds() - t0) * 1e9 / probes_n);
    }
    const char* names[5] = {"classic", "blocked 512", "blocked 256", "blocked 512 batched", "blocked 256 batched"};
    double bpk[5] = {double(m) / n, b512.bits_per_key(n), b256.bits_per_key(n), b512.bits_per_key(n),
                     b256.bits_per_key(n)};
    for (int i = 0; i < 5; i++) {
        std::sort(t[i].begin(), t[i].end());
        std::printf("%-20s median %6.1f ns/probe (on-CPU, min %6.1f)  fpr %.5f  %.2f bits/item\n", names[i],
                    t[i][kRounds / 2], t[i][0], double(hits[i]) / probes_n, bpk[i]);
    }
}
