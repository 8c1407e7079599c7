// The machine's memory floor for bench/bloom.sh: the latency of one
// dependent random one-byte load into a buffer of a given size, on-CPU and
// wall, no PostgreSQL. One probe per SQL row cannot cost less than about one
// such load once its filter is that size (a classic probe issues its k loads
// at once, a blocked one has one block), so bloom.sh states its probe and
// build costs in these units. Each load's address is derived from the byte
// the previous one read, so no two loads overlap; the derivation (one
// splitmix64 finalizer and a multiply-shift, as a probe's) is counted in.
// Sizes are measured in interleaved rounds; prints the medians, one line a
// size: "bytes ns_on_cpu ns_wall". Built and run by bench/bloom.sh:
//   g++ -O2 -std=c++17 -Isrc/core bench/bloom_floor.cpp -o /tmp/bloom_floor
//   /tmp/bloom_floor ROUNDS LOADS BYTES...
#include <time.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

// The probe's own finalizer and multiply-shift (prob_bloom_fmix64, prob_bloom_reduce).
#include "bloom_probe.h"

namespace {

double now_ns(clockid_t clock) {
    timespec ts;
    clock_gettime(clock, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Sink for the chain's last value, so the loads are not optimized away.
volatile std::uint64_t g_sink;

// ns per load, on-CPU and wall, of `loads` dependent loads into buf.
void chase(const std::vector<std::uint8_t>& buf, std::uint64_t loads, std::uint64_t start, double* cpu, double* wall) {
    const std::uint8_t* p = buf.data();
    std::uint64_t n = buf.size(), x = start;
    double c0 = now_ns(CLOCK_THREAD_CPUTIME_ID), w0 = now_ns(CLOCK_MONOTONIC);
    for (std::uint64_t i = 0; i < loads; i++) x = prob_bloom_fmix64(x + p[prob_bloom_reduce(x, n)] + i);
    *cpu = (now_ns(CLOCK_THREAD_CPUTIME_ID) - c0) / static_cast<double>(loads);
    *wall = (now_ns(CLOCK_MONOTONIC) - w0) / static_cast<double>(loads);
    g_sink = x;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s ROUNDS LOADS BYTES...\n", argv[0]);
        return 2;
    }
    int rounds = std::atoi(argv[1]);
    std::uint64_t loads = std::strtoull(argv[2], nullptr, 10);
    std::size_t sizes = static_cast<std::size_t>(argc - 3);
    std::mt19937_64 rng(12);
    std::vector<std::vector<std::uint8_t>> bufs(sizes);
    for (std::size_t s = 0; s < sizes; s++) {
        bufs[s].resize(std::strtoull(argv[3 + s], nullptr, 10));
        for (auto& b : bufs[s]) b = static_cast<std::uint8_t>(rng());  // every page touched, no zero page
    }
    std::vector<std::vector<double>> cpu(sizes), wall(sizes);
    for (int r = 0; r < rounds; r++)
        for (std::size_t k = 0; k < sizes; k++) {
            std::size_t s = (k + static_cast<std::size_t>(r)) % sizes;  // order rotated each round
            double c, w;
            chase(bufs[s], loads, rng(), &c, &w);
            cpu[s].push_back(c);
            wall[s].push_back(w);
        }
    for (std::size_t s = 0; s < sizes; s++)
        std::printf("%zu %.1f %.1f\n", bufs[s].size(), median(cpu[s]), median(wall[s]));
    return 0;
}
