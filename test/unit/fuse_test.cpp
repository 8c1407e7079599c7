// Unit tests of the binary fuse filter core (fuse.hpp) and its C face (fuse_capi.h).
#include <gtest/gtest.h>
#include <sys/mman.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "bloom.hpp"
#include "capi/fuse_capi.h"
#include "fuse.hpp"
#include "hash.hpp"
#include "test_alloc.hpp"

using namespace probabilistic;
using probabilistic::testing::TestAllocator;
using Bytes = std::vector<std::uint8_t>;

namespace {

constexpr double kRate8 = 0.00390625;  // 2^-8

Bytes to_bytes(Buffer b) { return Bytes(b.data, b.data + b.size); }

std::uint64_t key_hash(std::uint64_t key, std::uint64_t seed = kDefaultSeed) {
    return hash_int64(static_cast<std::int64_t>(key), seed);
}

std::vector<std::uint64_t> hashes_of(std::uint64_t n, std::uint64_t salt = 0, std::uint64_t seed = kDefaultSeed) {
    std::vector<std::uint64_t> out;
    for (std::uint64_t i = 0; i < n; i++) out.push_back(key_hash(i + salt, seed));
    return out;
}

// A key set through the aggregate's path: in-place adds (a working state), then canonical().
Bytes key_set(const std::vector<std::uint64_t>& hashes, double fpr = kRate8, std::uint64_t seed = kDefaultSeed,
              std::uint16_t kind = kind::kNone) {
    TestAllocator alloc;
    Buffer b = fuse::make_empty_keys(alloc, fpr, seed);
    for (std::uint64_t h : hashes) b = fuse::add_hash(b.data, b.size, h, true, alloc, kind);
    return to_bytes(fuse::canonical(b.data, b.size, alloc));
}

Bytes built(const Bytes& keys) {
    TestAllocator alloc;
    return to_bytes(fuse::build(keys.data(), keys.size(), alloc));
}

Bytes filter_of(const std::vector<std::uint64_t>& hashes, double fpr = kRate8, std::uint64_t seed = kDefaultSeed) {
    return built(key_set(hashes, fpr, seed));
}

bool has(const Bytes& v, std::uint64_t hash) { return fuse::contains_hash(fuse::parse_trusted(v.data(), v.size()), hash); }

fuse::Header header_of(const Bytes& v) { return fuse::parse_trusted(v.data(), v.size()).header; }

// FORMAT.md 12's construction as the contract words it, independently of
// fuse.cpp's: a deque for Q, a list of (p, x) pairs for T, xm[p] cleared at
// its own removal, the header written byte by byte and the array bit by bit.
// Only sizes() and fingerprint_bits() are shared (tested against the
// contract's numbers below).
Bytes reference_build(const std::vector<std::uint64_t>& sorted_keys, double fpr, std::uint64_t seed,
                      std::uint16_t kind) {
    __extension__ typedef unsigned __int128 u128;
    const std::uint64_t gamma = UINT64_C(0x9E3779B97F4A7C15);
    std::uint64_t n = sorted_keys.size();
    unsigned f = fuse::fingerprint_bits(fpr);
    std::uint64_t L = 0, C = 0, attempt = 0;
    std::vector<std::uint32_t> A;
    auto three = [&](std::uint64_t x) {
        std::uint64_t p0 = static_cast<std::uint64_t>((static_cast<u128>(x) * (C * L)) >> 64);
        return std::vector<std::uint64_t>{p0, (p0 + L) ^ ((x >> 18) & (L - 1)), (p0 + 2 * L) ^ (x & (L - 1))};
    };
    for (std::uint64_t a = 0; n > 0 && a < 1024; a++) {
        fuse::Sizes sz = fuse::sizes(n, a);
        L = sz.segment_length;
        C = sz.segment_count;
        std::uint64_t N = (C + 2) * L;
        std::vector<std::uint32_t> count(N, 0);
        std::vector<std::uint64_t> xm(N, 0);
        for (std::uint64_t h : sorted_keys) {
            std::uint64_t x = bloom::fmix64(h + (a + 1) * gamma);
            for (std::uint64_t p : three(x)) {
                count[p] += 1;
                xm[p] ^= x;
            }
        }
        std::deque<std::uint64_t> Q;
        for (std::uint64_t p = 0; p < N; p++)
            if (count[p] == 1) Q.push_back(p);
        std::vector<std::pair<std::uint64_t, std::uint64_t>> T;
        while (!Q.empty()) {
            std::uint64_t p = Q.front();
            Q.pop_front();
            if (count[p] != 1) continue;
            std::uint64_t x = xm[p];
            T.emplace_back(p, x);
            for (std::uint64_t q : three(x)) {
                count[q] -= 1;
                xm[q] ^= x;
                if (q != p && count[q] == 1) Q.push_back(q);
            }
        }
        if (T.size() != n) continue;
        attempt = a;
        A.assign(N, 0);
        for (auto it = T.rbegin(); it != T.rend(); ++it) {
            std::uint64_t p = it->first, x = it->second;
            std::uint32_t v = static_cast<std::uint32_t>((x ^ (x >> 32)) & ((UINT64_C(1) << f) - 1));
            for (std::uint64_t q : three(x))
                if (q != p) v ^= A[q];
            A[p] = v;
        }
        break;
    }
    Bytes out(64 + (A.size() * f + 7) / 8, 0);
    auto put = [&](std::size_t at, std::uint64_t v, int bytes) {
        for (int i = 0; i < bytes; i++) out[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
    };
    out[0] = 'F';
    out[1] = kind == 0 ? 1 : 2;
    out[2] = 2;
    out[3] = 2;
    out[4] = static_cast<std::uint8_t>(f);
    out[5] = 3;
    put(6, kind, 2);
    put(8, seed, 8);
    std::uint64_t fpr_bits;
    std::memcpy(&fpr_bits, &fpr, 8);
    put(16, fpr_bits, 8);
    put(24, n, 8);
    put(32, L, 8);
    put(40, C, 8);
    put(48, attempt, 8);
    for (std::size_t i = 0; i < A.size(); i++)
        for (unsigned j = 0; j < f; j++)
            if ((A[i] >> j) & 1) {
                std::uint64_t bit = i * f + j;
                out[64 + bit / 8] |= static_cast<std::uint8_t>(1u << (bit % 8));
            }
    return out;
}

std::vector<std::uint64_t> sorted_distinct(std::vector<std::uint64_t> v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}

std::vector<std::uint64_t> keys_in(const Bytes& key_set) {
    fuse::Sketch s = fuse::parse(key_set.data(), key_set.size());
    EXPECT_EQ(s.header.form, fuse::kFormKeys);
    std::vector<std::uint64_t> out;
    for (std::uint64_t i = 0; i < s.header.keys; i++) out.push_back(load_le64(s.payload() + 8 * i));
    return out;
}

// parse() refuses v with kCorrupt, its message naming `field`.
void expect_corrupt(const Bytes& v, const std::string& field) {
    try {
        fuse::parse(v.data(), v.size());
        ADD_FAILURE() << "accepted; expected a refusal naming " << field;
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kCorrupt);
        EXPECT_NE(std::string(e.what()).find(field), std::string::npos) << e.what();
        EXPECT_EQ(std::string(e.what()).rfind("invalid fuse filter: ", 0), 0u) << e.what();
    }
}

// v with byte `at` replaced.
Bytes with8(Bytes v, std::size_t at, std::uint8_t x) {
    v[at] = x;
    return v;
}
// v with the u64 at `at` replaced.
Bytes with64(Bytes v, std::size_t at, std::uint64_t x) {
    store_le64(v.data() + at, x);
    return v;
}

// A heap allocator that counts the blocks not given back.
class CountingAllocator final : public Allocator {
public:
    std::uint8_t* allocate(std::size_t size) override {
        live_++;
        return inner_.allocate(size);
    }
    void deallocate(std::uint8_t*) override { live_--; }
    int live() const { return live_; }

private:
    TestAllocator inner_;
    int live_ = 0;
};

}  // namespace

TEST(FuseSizing, FingerprintBitsFromRate) {
    EXPECT_EQ(fuse::fingerprint_bits(0.5), 1u);
    EXPECT_EQ(fuse::fingerprint_bits(0.75), 1u);
    EXPECT_EQ(fuse::fingerprint_bits(0.25), 2u);   // exactly 2^-2
    EXPECT_EQ(fuse::fingerprint_bits(0.2), 3u);
    EXPECT_EQ(fuse::fingerprint_bits(0.01), 7u);   // 2^-7 = 0.0078 <= 0.01 < 2^-6
    EXPECT_EQ(fuse::fingerprint_bits(kRate8), 8u);
    EXPECT_EQ(fuse::fingerprint_bits(0.0039), 9u);  // just below 2^-8
    EXPECT_EQ(fuse::fingerprint_bits(std::ldexp(1.0, -12)), 12u);
    EXPECT_EQ(fuse::fingerprint_bits(std::ldexp(1.0, -32)), 32u);
    EXPECT_EQ(fuse::fingerprint_bits(std::nextafter(std::ldexp(1.0, -31), 0.0)), 32u);
}

TEST(FuseSizing, ContractExample) {
    fuse::Sizes sz = fuse::sizes(1000, 0);
    EXPECT_EQ(sz.segment_length, 128u);
    EXPECT_EQ(sz.segment_count, 10u);
    EXPECT_EQ((sz.segment_count + 2) * sz.segment_length, 1536u);
}

TEST(FuseSizing, SeveralKeyCounts) {
    struct Row {
        std::uint64_t n, L, C;
    };
    // By hand from the contract's formulas.
    for (const Row& r : {Row{1, 4, 1},             // b 1, s 2, cap 2
                         Row{2, 8, 1},             // b 2, s 3, cap max(3, 2 + 10) = 12, 2 segments
                         Row{3, 8, 1},             // cap max(4, 3 + 15) = 18, 3 segments
                         Row{4, 8, 1},             // b 3, s 3, cap max(5, 4 + 10) = 14
                         Row{100, 64, 1},          // b 7, s 6, cap max(113, 88 + 84) = 172, 3 segments
                         Row{1000000, 8192, 137},  // b 20, s 13, cap 875000 + 263158 = 1138158, 139 segments
                         Row{36000000, 65536, 616},  // b 26, s 16, cap ceil(9n/8) = 40500000, 618 segments
                         Row{UINT64_C(1) << 40, UINT64_C(1) << 18, 4718590}}) {  // s capped at 18
        fuse::Sizes sz = fuse::sizes(r.n, 0);
        EXPECT_EQ(sz.segment_length, r.L) << r.n;
        EXPECT_EQ(sz.segment_count, r.C) << r.n;
    }
    // A segment more every 4 attempts.
    EXPECT_EQ(fuse::sizes(1000, 3).segment_count, 10u);
    EXPECT_EQ(fuse::sizes(1000, 4).segment_count, 11u);
    EXPECT_EQ(fuse::sizes(1000, 1023).segment_count, 10u + 255u);
    EXPECT_EQ(fuse::sizes(1000, 1023).segment_length, 128u);
}

TEST(FuseSizing, PositionsInThreeConsecutiveSegments) {
    std::mt19937_64 rng(7);
    for (std::uint64_t n : {1u, 5u, 1000u, 123457u}) {
        fuse::Sizes sz = fuse::sizes(n, 0);
        std::uint64_t L = sz.segment_length;
        for (int i = 0; i < 10000; i++) {
            fuse::Positions ps = fuse::positions(rng(), L, sz.segment_count);
            EXPECT_LT(ps.p[0], sz.segment_count * L);
            EXPECT_EQ(ps.p[1] / L, ps.p[0] / L + 1);
            EXPECT_EQ(ps.p[2] / L, ps.p[0] / L + 2);
        }
    }
}

TEST(FuseSizing, RatesRefused) {
    TestAllocator alloc;
    for (double fpr : {0.0, 1.0, -0.5, 2.0, std::nan(""), std::numeric_limits<double>::infinity()}) {
        try {
            fuse::make_empty_keys(alloc, fpr, 0);
            ADD_FAILURE() << fpr;
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::kInvalidParameter);
            EXPECT_EQ(e.reason(), Reason::kNone);
        }
    }
    try {
        fuse::make_empty_keys(alloc, std::ldexp(1.0, -33), 0);
        ADD_FAILURE();
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kInvalidParameter);
        EXPECT_EQ(e.reason(), Reason::kRateTooSmall);
    }
    EXPECT_NO_THROW(fuse::make_empty_keys(alloc, std::ldexp(1.0, -32), 0));
}

TEST(FuseBuild, NoFalseNegatives) {
    for (std::uint64_t n : {0u, 1u, 2u, 3u, 5u, 10u, 100u, 1000u, 100000u}) {
        std::vector<std::uint64_t> hashes = hashes_of(n);
        Bytes f = filter_of(hashes);
        fuse::Sketch s = fuse::parse(f.data(), f.size());
        EXPECT_EQ(s.header.form, fuse::kFormFilter);
        EXPECT_EQ(s.header.keys, n);
        for (std::uint64_t h : hashes) ASSERT_TRUE(fuse::contains_hash(s, h)) << n;
        EXPECT_LE(s.header.attempt, 12u) << n;
    }
}

TEST(FuseBuild, EveryFingerprintWidth) {
    std::vector<std::uint64_t> hashes = hashes_of(300, 11);
    for (unsigned f = 1; f <= 32; f++) {
        double fpr = std::ldexp(1.0, -static_cast<int>(f));
        Bytes v = filter_of(hashes, fpr);
        fuse::Sketch s = fuse::parse(v.data(), v.size());
        EXPECT_EQ(s.header.fingerprint_bits, f);
        for (std::uint64_t h : hashes) ASSERT_TRUE(fuse::contains_hash(s, h)) << f;
    }
}

TEST(FuseBuild, SameBytesAsTheContractWordsIt) {
    for (std::uint64_t n : {1u, 2u, 3u, 4u, 7u, 33u, 1000u, 5000u}) {
        for (double fpr : {0.5, 0.01, kRate8, std::ldexp(1.0, -13), std::ldexp(1.0, -32)}) {
            std::vector<std::uint64_t> hashes = sorted_distinct(hashes_of(n, 5, 42));
            Bytes keys = key_set(hashes, fpr, 42, 20);
            EXPECT_EQ(built(keys), reference_build(hashes, fpr, 42, 20)) << n << " " << fpr;
        }
    }
    std::vector<std::uint64_t> none;
    EXPECT_EQ(built(key_set(none, 0.01, 9)), reference_build(none, 0.01, 9, 0));
}

TEST(FuseBuild, LaterAttemptsMatchTheContract) {
    // Small key sets fail their first attempts often; find some that need a later one.
    int later = 0;
    for (std::uint64_t salt = 0; salt < 400 && later < 5; salt++) {
        std::vector<std::uint64_t> hashes = sorted_distinct(hashes_of(3 + salt % 5, salt * 100));
        Bytes v = filter_of(hashes);
        if (header_of(v).attempt == 0) continue;
        later++;
        EXPECT_EQ(v, reference_build(hashes, kRate8, 0, 0));
        for (std::uint64_t h : hashes) EXPECT_TRUE(has(v, h));
    }
    EXPECT_GT(later, 0);
}

TEST(FuseBuild, DeterministicWhateverTheOrderAndRepeats) {
    std::vector<std::uint64_t> hashes = hashes_of(2000);
    Bytes once = filter_of(hashes);
    EXPECT_EQ(filter_of(hashes), once);
    std::vector<std::uint64_t> shuffled = hashes;
    shuffled.insert(shuffled.end(), hashes.begin(), hashes.begin() + 700);
    std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937_64(3));
    EXPECT_EQ(filter_of(shuffled), once);
    // Through the C face's non-in-place adds too.
    TestAllocator alloc;
    Buffer b = fuse::make_empty_keys(alloc, kRate8, 0);
    for (std::uint64_t h : shuffled) b = fuse::add_hash(b.data, b.size, h, false, alloc);
    EXPECT_EQ(fuse::parse(b.data, b.size).header.form, fuse::kFormKeys);
    EXPECT_EQ(to_bytes(fuse::build(b.data, b.size, alloc)), once);
}

TEST(FuseBuild, FilterComesBackAsIs) {
    Bytes v = filter_of(hashes_of(50));
    TestAllocator alloc;
    Buffer b = fuse::build(v.data(), v.size(), alloc);
    EXPECT_EQ(b.data, v.data());
    EXPECT_EQ(alloc.allocations(), 0u);
    Buffer c = fuse::canonical(v.data(), v.size(), alloc);
    EXPECT_EQ(c.data, v.data());
}

TEST(FuseBuild, EmptyKeySetGivesAnEmptyFilter) {
    Bytes v = filter_of({});
    ASSERT_EQ(v.size(), fuse::kHeaderSize);
    fuse::Header h = fuse::parse(v.data(), v.size()).header;
    EXPECT_EQ(h.form, fuse::kFormFilter);
    EXPECT_EQ(h.keys + h.segment_length + h.segment_count + h.attempt, 0u);
    EXPECT_FALSE(has(v, key_hash(1)));
    EXPECT_FALSE(has(v, 0));
}

TEST(FuseBuild, StopsOnInterruptAndRepeats) {
    std::vector<std::uint64_t> hashes = hashes_of(300000);
    Bytes keys = key_set(hashes);
    static int calls;
    calls = 0;
    interrupt_hook = [] { return ++calls >= 3; };
    TestAllocator alloc;
    try {
        fuse::build(keys.data(), keys.size(), alloc);
        ADD_FAILURE() << "not interrupted";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kInterrupted);
    }
    EXPECT_EQ(alloc.allocations(), 0u);
    interrupt_hook = nullptr;
    EXPECT_EQ(built(keys), filter_of(hashes));
}

// Stopped in its first pass (before it allocates) or its second (after), a
// union throws kInterrupted, gives back what it allocated, and repeats to the same answer.
TEST(FuseUnion, StopsOnInterruptAndRepeats) {
    Bytes a = key_set(hashes_of(200000)), b = key_set(hashes_of(200000, 100000));
    static int calls, stop;
    for (int stop_at : {2, 7}) {
        calls = 0;
        stop = stop_at;
        interrupt_hook = [] { return ++calls >= stop; };
        CountingAllocator alloc;
        try {
            fuse::merge(a.data(), a.size(), b.data(), b.size(), alloc);
            ADD_FAILURE() << "not interrupted";
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::kInterrupted);
        }
        EXPECT_EQ(alloc.live(), 0) << stop_at;
    }
    interrupt_hook = nullptr;
    TestAllocator alloc;
    EXPECT_EQ(to_bytes(fuse::merge(a.data(), a.size(), b.data(), b.size(), alloc)), key_set(hashes_of(300000)));
}

TEST(FuseKeys, KeySetIsSortedAndDistinct) {
    std::vector<std::uint64_t> hashes = hashes_of(500);
    hashes.insert(hashes.end(), hashes.begin(), hashes.begin() + 100);
    Bytes k = key_set(hashes);
    EXPECT_EQ(keys_in(k), sorted_distinct(hashes));
    EXPECT_EQ(k.size(), fuse::kHeaderSize + 8 * 500);
    for (std::uint64_t h : hashes) EXPECT_TRUE(has(k, h));
    for (std::uint64_t i = 0; i < 1000; i++) EXPECT_FALSE(has(k, key_hash(100000 + i)));
}

TEST(FuseKeys, WorkingStateInPlace) {
    TestAllocator alloc;
    Buffer b = fuse::make_empty_keys(alloc, 0.01, 5);
    EXPECT_EQ(b.size, fuse::kHeaderSize);
    Buffer w = fuse::add_hash(b.data, b.size, 77, true, alloc, 20);
    EXPECT_NE(w.data, b.data);  // a key set has no room: a working state in new memory
    EXPECT_EQ(b.data[3], fuse::kFormKeys);
    EXPECT_EQ(w.data[3], fuse::kFormWorking);
    EXPECT_EQ(header_of(to_bytes(w)).kind, 20);
    EXPECT_EQ(w.data[1], kind::kVersionWith);
    // Appends in place while there is room, repeats included.
    Buffer again = fuse::add_hash(w.data, w.size, 77, true, alloc, 20);
    EXPECT_EQ(again.data, w.data);
    EXPECT_EQ(fuse::parse_trusted(w.data, w.size).header.keys, 2u);
    // parse refuses it (its form); contains answers by a scan; info refuses it.
    EXPECT_THROW(fuse::parse(w.data, w.size), Error);
    fuse::Sketch s = fuse::parse_trusted(w.data, w.size);
    EXPECT_TRUE(fuse::contains_hash(s, 77));
    EXPECT_FALSE(fuse::contains_hash(s, 78));
    EXPECT_THROW(fuse::info(s), Error);
    // A value repeated a million times stays small: a full state dedupes in place first.
    for (int i = 0; i < 1000000; i++) w = fuse::add_hash(w.data, w.size, 1000 + i % 3, true, alloc, 20);
    EXPECT_LE(w.size, fuse::kHeaderSize + 8 * 64);
    Bytes before = to_bytes(w);
    Buffer c = fuse::canonical(w.data, w.size, alloc);
    EXPECT_EQ(to_bytes(w), before);  // canonical never writes its input
    Bytes k = to_bytes(c);
    EXPECT_EQ(keys_in(k), (std::vector<std::uint64_t>{77, 1000, 1001, 1002}));
    fuse::Header h = fuse::parse(k.data(), k.size()).header;
    EXPECT_EQ(h.seed, 5u);
    EXPECT_EQ(h.fpr, 0.01);
    EXPECT_EQ(h.kind, 20);
}

// Found by the fuzzer (fuse_parse): a working state with no slot, its header
// alone, took an in-place add as a dedup in place and wrote past its end.
TEST(FuseKeys, WorkingStateOfNoSlotGrows) {
    TestAllocator alloc;
    Buffer b = fuse::make_empty_keys(alloc, 0.01, 5);
    Buffer w = fuse::add_hash(b.data, b.size, 77, true, alloc);
    ASSERT_EQ(w.data[3], fuse::kFormWorking);
    // The same header with no payload and no key: a state of no slots.
    std::uint8_t* bare = alloc.allocate(fuse::kHeaderSize);
    std::memcpy(bare, w.data, fuse::kHeaderSize);
    store_le64(bare + 24, 0);
    Buffer grown = fuse::add_hash(bare, fuse::kHeaderSize, 78, true, alloc);
    EXPECT_NE(grown.data, bare);
    EXPECT_EQ(keys_in(to_bytes(fuse::canonical(grown.data, grown.size, alloc))), (std::vector<std::uint64_t>{78}));
}

TEST(FuseKeys, WorkingStateGrows) {
    TestAllocator alloc;
    Buffer b = fuse::make_empty_keys(alloc, 0.01, 0);
    std::vector<std::uint64_t> hashes = hashes_of(100000);
    std::size_t new_memory = 0;
    for (std::uint64_t h : hashes) {
        Buffer next = fuse::add_hash(b.data, b.size, h, true, alloc);
        new_memory += next.data != b.data;
        b = next;
    }
    EXPECT_LT(new_memory, 20u);  // the room doubles
    EXPECT_EQ(keys_in(to_bytes(fuse::canonical(b.data, b.size, alloc))), sorted_distinct(hashes));
    // The same again, in reverse: the full state is deduplicated (sorted by radix at this size) on the way.
    for (auto it = hashes.rbegin(); it != hashes.rend(); ++it) b = fuse::add_hash(b.data, b.size, *it, true, alloc);
    EXPECT_LE(b.size, fuse::kHeaderSize + 8 * 4 * hashes.size());
    Bytes canonical = to_bytes(fuse::canonical(b.data, b.size, alloc));
    EXPECT_EQ(keys_in(canonical), sorted_distinct(hashes));
    // Stopped while it sorts, canonical() allocates nothing and repeats to the same bytes.
    static int calls;
    calls = 0;
    interrupt_hook = [] { return ++calls >= 5; };
    CountingAllocator counting;
    EXPECT_THROW(fuse::canonical(b.data, b.size, counting), Error);
    interrupt_hook = nullptr;
    EXPECT_EQ(counting.live(), 0);
    EXPECT_EQ(to_bytes(fuse::canonical(b.data, b.size, counting)), canonical);
    // A key set (form 1) with in_place: a working state in new memory, the key set untouched.
    Bytes k = key_set(hashes_of(10));
    Bytes copy = k;
    Buffer w = fuse::add_hash(k.data(), k.size(), 5, true, alloc);
    EXPECT_EQ(k, copy);
    EXPECT_EQ(w.data[3], fuse::kFormWorking);
    std::vector<std::uint64_t> expected = hashes_of(10);
    expected.push_back(5);
    EXPECT_EQ(keys_in(to_bytes(fuse::canonical(w.data, w.size, alloc))), sorted_distinct(expected));
}

TEST(FuseKeys, AddWithoutInPlaceGivesKeySets) {
    TestAllocator alloc;
    Bytes k = key_set({10, 30});
    Buffer b = fuse::add_hash(k.data(), k.size(), 20, false, alloc);
    EXPECT_EQ(keys_in(to_bytes(b)), (std::vector<std::uint64_t>{10, 20, 30}));
    Buffer first = fuse::add_hash(k.data(), k.size(), 5, false, alloc);
    EXPECT_EQ(keys_in(to_bytes(first)), (std::vector<std::uint64_t>{5, 10, 30}));
    Buffer last = fuse::add_hash(k.data(), k.size(), 40, false, alloc);
    EXPECT_EQ(keys_in(to_bytes(last)), (std::vector<std::uint64_t>{10, 30, 40}));
    // A key already held: the value itself.
    Buffer same = fuse::add_hash(k.data(), k.size(), 30, false, alloc);
    EXPECT_EQ(same.data, k.data());
}

TEST(FuseKeys, KindRules) {
    TestAllocator alloc;
    Bytes empty = key_set({});
    EXPECT_EQ(empty[1], kind::kVersionWithout);
    Buffer b = fuse::add_hash(empty.data(), empty.size(), 1, false, alloc, 23);
    EXPECT_EQ(header_of(to_bytes(b)).kind, 23);
    Buffer c = fuse::add_hash(b.data, b.size, 2, false, alloc, 20);
    EXPECT_EQ(header_of(to_bytes(c)).kind, 23);  // keeps its own
    Bytes a20 = key_set({5}, kRate8, 0, 20), a21 = key_set({6}, kRate8, 0, 21);
    Buffer u = fuse::merge(a20.data(), a20.size(), a21.data(), a21.size(), alloc);
    EXPECT_EQ(header_of(to_bytes(u)).kind, kind::kMixed);
    Buffer v = fuse::merge(a20.data(), a20.size(), empty.data(), empty.size(), alloc);
    EXPECT_EQ(header_of(to_bytes(v)).kind, 20);
    Bytes f = built(a20);
    EXPECT_EQ(header_of(f).kind, 20);
    EXPECT_EQ(f[1], kind::kVersionWith);
}

TEST(FuseKeys, FilterTakesNoKeys) {
    Bytes f = filter_of(hashes_of(10));
    TestAllocator alloc;
    for (bool in_place : {false, true}) {
        try {
            fuse::add_hash(f.data(), f.size(), 1, in_place, alloc);
            ADD_FAILURE();
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::kInvalidParameter);
        }
    }
}

TEST(FuseUnion, KeySetOfTheUnion) {
    std::vector<std::uint64_t> a = hashes_of(3000, 0), b = hashes_of(2000, 2500);
    std::vector<std::uint64_t> both = a;
    both.insert(both.end(), b.begin(), b.end());
    Bytes ka = key_set(a), kb = key_set(b);
    TestAllocator alloc;
    Bytes u = to_bytes(fuse::merge(ka.data(), ka.size(), kb.data(), kb.size(), alloc));
    EXPECT_EQ(u, key_set(both));
    EXPECT_EQ(keys_in(u).size(), 4500u);
    EXPECT_EQ(to_bytes(fuse::merge(kb.data(), kb.size(), ka.data(), ka.size(), alloc)), u);
    EXPECT_EQ(built(u), filter_of(both));
    // Working states on either side, and with itself.
    Buffer wa = fuse::make_empty_keys(alloc, kRate8, 0);
    for (std::uint64_t h : a) wa = fuse::add_hash(wa.data, wa.size, h, true, alloc);
    EXPECT_EQ(to_bytes(fuse::merge(wa.data, wa.size, kb.data(), kb.size(), alloc)), u);
    EXPECT_EQ(to_bytes(fuse::merge(kb.data(), kb.size(), wa.data, wa.size, alloc)), u);
    EXPECT_EQ(to_bytes(fuse::merge(ka.data(), ka.size(), ka.data(), ka.size(), alloc)), ka);
    Bytes none = key_set({});
    EXPECT_EQ(to_bytes(fuse::merge(none.data(), none.size(), none.data(), none.size(), alloc)), none);
}

TEST(FuseUnion, Refusals) {
    TestAllocator alloc;
    Bytes k = key_set(hashes_of(10)), f = filter_of(hashes_of(10));
    for (auto [l, r] : {std::pair<Bytes*, Bytes*>{&f, &k}, {&k, &f}, {&f, &f}}) {
        try {
            fuse::merge(l->data(), l->size(), r->data(), r->size(), alloc);
            ADD_FAILURE();
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::kMismatch);
            EXPECT_NE(std::string(e.detail()).find("key sets"), std::string::npos);
        }
    }
    Bytes other_seed = key_set(hashes_of(10, 0, 1), kRate8, 1), other_rate = key_set(hashes_of(10), 0.01);
    for (Bytes* r : {&other_seed, &other_rate}) {
        try {
            fuse::merge(k.data(), k.size(), r->data(), r->size(), alloc);
            ADD_FAILURE();
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::kMismatch);
            EXPECT_EQ(e.reason(), Reason::kDifferentParameters);
        }
    }
}

TEST(FuseState, ParametersChecked) {
    Bytes k = key_set(hashes_of(3), 0.01, 7);
    EXPECT_NO_THROW(fuse::check_state_parameters(k.data(), k.size(), 0.01, 7));
    for (auto [fpr, seed] : {std::pair<double, std::uint64_t>{0.02, 7}, {0.01, 8}}) {
        try {
            fuse::check_state_parameters(k.data(), k.size(), fpr, seed);
            ADD_FAILURE();
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::kMismatch);
            EXPECT_EQ(e.reason(), Reason::kParametersChanged);
            EXPECT_EQ(e.field(0), "false positive rate 0.01, seed 7");
        }
    }
}

TEST(FuseContains, BothFormsAgreeOnMembers) {
    std::vector<std::uint64_t> hashes = hashes_of(5000);
    Bytes k = key_set(hashes), f = built(k);
    std::vector<std::uint64_t> probes = hashes;
    for (std::uint64_t i = 0; i < 20000; i++) probes.push_back(key_hash(1000000 + i));
    std::unique_ptr<bool[]> fk(new bool[probes.size()]), ff(new bool[probes.size()]);
    fuse::contains_hashes(fuse::parse(k.data(), k.size()), probes.data(), probes.size(), fk.get());
    fuse::contains_hashes(fuse::parse(f.data(), f.size()), probes.data(), probes.size(), ff.get());
    std::size_t false_positives = 0;
    for (std::size_t i = 0; i < probes.size(); i++) {
        bool member = i < hashes.size();
        EXPECT_EQ(fk[i], member);  // a key set is exact here (no 64-bit collision)
        if (member) EXPECT_TRUE(ff[i]);
        else false_positives += ff[i];
        EXPECT_EQ(ff[i], has(f, probes[i]));
    }
    // Fewer probes than the filter's lookahead, and none.
    bool few[3] = {false, false, false};
    fuse::contains_hashes(fuse::parse(f.data(), f.size()), hashes.data(), 3, few);
    EXPECT_TRUE(few[0] && few[1] && few[2]);
    fuse::contains_hashes(fuse::parse(f.data(), f.size()), hashes.data(), 0, nullptr);
    // 2^-8 of 20000 is 78; far from 0 and from 200.
    EXPECT_GT(false_positives, 30u);
    EXPECT_LT(false_positives, 160u);
}

TEST(FuseInfo, Numbers) {
    Bytes k = key_set(hashes_of(1000), kRate8, 3, 20), f = built(k);
    fuse::Info fi = fuse::info(fuse::parse(f.data(), f.size()));
    EXPECT_EQ(fi.format_version, 2);
    EXPECT_EQ(fi.hash_id, 2);
    EXPECT_EQ(fi.kind, 20);
    EXPECT_EQ(fi.form, fuse::kFormFilter);
    EXPECT_EQ(fi.seed, 3u);
    EXPECT_EQ(fi.fpr, kRate8);
    EXPECT_EQ(fi.fingerprint_bits, 8u);
    EXPECT_EQ(fi.keys, 1000u);
    EXPECT_EQ(fi.segment_length, 128u);
    EXPECT_EQ(fi.segment_count, 10u + fi.attempt / 4);
    EXPECT_EQ(fi.array_length, (fi.segment_count + 2) * 128);
    EXPECT_EQ(fi.bytes, 64 + fi.array_length);
    EXPECT_EQ(f.size(), fi.bytes);
    EXPECT_EQ(fi.estimated_fpr, kRate8);
    EXPECT_DOUBLE_EQ(fi.bits_per_key, fi.array_length * 8.0 / 1000);
    fuse::Info ki = fuse::info(fuse::parse(k.data(), k.size()));
    EXPECT_EQ(ki.form, fuse::kFormKeys);
    EXPECT_EQ(ki.keys, 1000u);
    EXPECT_EQ(ki.segment_length + ki.segment_count + ki.attempt + ki.array_length, 0u);
    EXPECT_EQ(ki.estimated_fpr, std::ldexp(1000.0, -64));
    EXPECT_EQ(ki.bits_per_key, 64.0);
    EXPECT_EQ(ki.bytes, 64u + 8000u);
    Bytes e = filter_of({});
    fuse::Info ei = fuse::info(fuse::parse(e.data(), e.size()));
    EXPECT_EQ(ei.bits_per_key, 0.0);
    EXPECT_EQ(ei.array_length, 0u);
    EXPECT_EQ(ei.format_version, 1);
}

// The size limit: a key set of kMaxKeys keys (zero pages, never touched but for a search) takes no more.
TEST(FuseLimit, KeySetPastTheLimit) {
    std::size_t size = fuse::kHeaderSize + 8 * fuse::kMaxKeys;
    void* map = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    ASSERT_NE(map, MAP_FAILED);
    std::uint8_t* big = static_cast<std::uint8_t*>(map);
    Bytes head = key_set({});
    std::memcpy(big, head.data(), fuse::kHeaderSize);
    store_le64(big + 24, fuse::kMaxKeys);
    ASSERT_NO_THROW(fuse::parse_trusted(big, size));
    Bytes one = key_set({12345});
    TestAllocator alloc;
    auto expect_too_large = [&](auto&& call) {
        try {
            call();
            ADD_FAILURE() << "no size limit";
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::kTooLarge);
            EXPECT_EQ(e.reason(), Reason::kValueLimit);
            EXPECT_EQ(e.field(1), std::to_string(kMaxCreatedValueBytes));
            EXPECT_EQ(e.field(0), std::to_string(size + 8));
        }
    };
    expect_too_large([&] { fuse::add_hash(big, size, 12345, false, alloc); });
    expect_too_large([&] { fuse::add_hash(big, size, 12345, true, alloc); });
    expect_too_large([&] { fuse::merge(big, size, one.data(), one.size(), alloc); });
    EXPECT_EQ(alloc.allocations(), 0u);
    munmap(map, size);
    // Past it, outside bytes are refused before their length is.
    Bytes v = key_set({});
    expect_corrupt(with64(v, 24, fuse::kMaxKeys + 1), "key count");
}

TEST(FuseRoundTrip, ParseAcceptsWhatIsWritten) {
    for (std::uint64_t n : {0u, 1u, 9u, 2048u}) {
        for (double fpr : {0.3, 0.01, std::ldexp(1.0, -20)}) {
            Bytes k = key_set(hashes_of(n), fpr, 99), f = built(k);
            EXPECT_NO_THROW(fuse::parse(k.data(), k.size()));
            EXPECT_NO_THROW(fuse::parse(f.data(), f.size()));
            TestAllocator alloc;
            EXPECT_EQ(fuse::canonical(k.data(), k.size(), alloc).data, k.data());
        }
    }
}

// One test a check of FORMAT.md 12's list, in its order: bytes that fail exactly that check.
class FuseValidation : public ::testing::Test {
protected:
    Bytes keys = key_set(hashes_of(5), 0.01, 1, 20);
    Bytes filter = built(keys);
    Bytes empty_filter = built(key_set({}, 0.01, 1));
};

TEST_F(FuseValidation, Length) {
    expect_corrupt(Bytes(keys.begin(), keys.begin() + 63), "shorter than the 64-byte header");
    expect_corrupt(Bytes(), "shorter than the 64-byte header");
}
TEST_F(FuseValidation, Tag) {
    expect_corrupt(with8(keys, 0, 'C'), "type tag");
}
TEST_F(FuseValidation, Version) {
    expect_corrupt(with8(keys, 1, 3), "format version");
    expect_corrupt(with8(filter, 1, 0), "format version");
}
TEST_F(FuseValidation, HashId) {
    expect_corrupt(with8(keys, 2, 1), "hash function id");
    expect_corrupt(with8(filter, 2, 3), "hash function id");
}
TEST_F(FuseValidation, Form) {
    for (std::uint8_t form : {0, 3, 0x81}) {
        keys[3] = form;
        expect_corrupt(keys, "form " + std::to_string(form));
    }
}
TEST_F(FuseValidation, Arity) {
    expect_corrupt(with8(filter, 5, 4), "arity");
}
TEST_F(FuseValidation, Kind) {
    expect_corrupt(with8(keys, 1, 1), "bytes 6-7");  // version 1 with a kind at bytes 6-7
    expect_corrupt(with8(empty_filter, 1, 2), "value kind");  // version 2 without one
    store_le16(filter.data() + 6, 12000);  // a type outside the catalog (doc/FORMAT.md 2.5, 0.9.0)
    EXPECT_NO_THROW(fuse::parse(filter.data(), filter.size()));
    store_le16(filter.data() + 6, 0);
    expect_corrupt(filter, "value kind 0");
}
TEST_F(FuseValidation, Rate) {
    for (double fpr : {std::nan(""), 0.0, 1.0, -0.25, std::ldexp(1.0, -33)}) {
        Bytes v = keys;
        store_double(v.data() + 16, fpr);
        expect_corrupt(v, "false positive rate");
    }
}
TEST_F(FuseValidation, FingerprintBits) {
    expect_corrupt(with8(keys, 4, 8), "fingerprint bits 8");  // 0.01 needs 7
    expect_corrupt(with8(filter, 4, 6), "fingerprint bits 6");
}
TEST_F(FuseValidation, Reserved) {
    expect_corrupt(with8(keys, 63, 1), "reserved");
    expect_corrupt(with64(filter, 56, 5), "reserved");
}
TEST_F(FuseValidation, KeySetSegmentsAndAttempt) {
    expect_corrupt(with64(keys, 32, 4), "segment length 4 of a key set");
    expect_corrupt(with64(keys, 40, 1), "segment count 1 of a key set");
    expect_corrupt(with64(keys, 48, 2), "attempt 2 of a key set");
}
TEST_F(FuseValidation, KeySetLength) {
    Bytes v = keys;
    v.push_back(0);
    expect_corrupt(v, "bytes long");
    expect_corrupt(with64(keys, 24, 6), "bytes long");
    v = keys;
    v.resize(v.size() - 8);
    expect_corrupt(v, "bytes long");
}
TEST_F(FuseValidation, KeySetOrder) {
    Bytes v = keys;
    std::swap_ranges(v.begin() + 64, v.begin() + 72, v.begin() + 72);  // keys 0 and 1 swapped
    expect_corrupt(v, "hash 1 is not greater");
    v = keys;
    std::copy(v.begin() + 64 + 24, v.begin() + 64 + 32, v.begin() + 64 + 32);  // key 4 = key 3
    expect_corrupt(v, "hash 4 is not greater");
}
TEST_F(FuseValidation, EmptyFilterFields) {
    expect_corrupt(with64(empty_filter, 32, 4), "segment length 4 of an empty filter");
    expect_corrupt(with64(empty_filter, 40, 1), "segment count 1 of an empty filter");
    expect_corrupt(with64(empty_filter, 48, 1), "attempt 1 of an empty filter");
    Bytes v = empty_filter;
    v.push_back(0);
    expect_corrupt(v, "an empty filter takes 64 bytes");
}
TEST_F(FuseValidation, FilterAttempt) {
    expect_corrupt(with64(filter, 48, 1024), "attempt 1024 is above 1023");
}
TEST_F(FuseValidation, FilterSegments) {
    expect_corrupt(with64(filter, 32, header_of(filter).segment_length * 2), "segment length");
    expect_corrupt(with64(filter, 40, header_of(filter).segment_count + 1), "segment count");
    // Another attempt's segment count with this attempt: refused too.
    expect_corrupt(with64(filter, 48, header_of(filter).attempt + 4), "segment count");
    expect_corrupt(with64(filter, 24, 1000), "segment length");  // 1000 keys need other segments
}
TEST_F(FuseValidation, FilterLength) {
    Bytes v = filter;
    v.push_back(0);
    expect_corrupt(v, "bytes long");
    v = filter;
    v.pop_back();
    expect_corrupt(v, "bytes long");
}
TEST_F(FuseValidation, PadBits) {
    Bytes v = built(key_set({42}, 0.2, 1));  // 12 entries of 3 bits: 36 bits, 4 pad bits
    ASSERT_EQ(v.size(), 64u + 5u);
    ASSERT_NO_THROW(fuse::parse(v.data(), v.size()));
    v.back() |= 0x10;
    expect_corrupt(v, "pad bits");
    EXPECT_NO_THROW(fuse::parse_trusted(v.data(), v.size()));
}
TEST_F(FuseValidation, EntriesAreNotChecked) {
    // Any entries form a filter (FORMAT.md 12): a changed one only makes keys read absent.
    filter[64] ^= 0x5A;
    EXPECT_NO_THROW(fuse::parse(filter.data(), filter.size()));
}
TEST_F(FuseValidation, TrustedChecksWhatKeepsAccessInside) {
    EXPECT_NO_THROW(fuse::parse_trusted(keys.data(), keys.size()));
    Bytes v = filter;
    v[4] = 33;
    EXPECT_THROW(fuse::parse_trusted(v.data(), v.size()), Error);
    v = filter;
    v.pop_back();
    EXPECT_THROW(fuse::parse_trusted(v.data(), v.size()), Error);
    // A segment length of 3 (not a power of two) would read past the array.
    for (const Bytes& bad : {with64(filter, 32, 3), with64(keys, 24, 6)})
        EXPECT_THROW(fuse::parse_trusted(bad.data(), bad.size()), Error);
}

TEST(FuseCapi, ThroughTheCFace) {
    TestAllocator talloc;
    ProbAllocator alloc{[](void* ctx, std::size_t size) { return static_cast<TestAllocator*>(ctx)->allocate(size); },
                        &talloc, nullptr};
    ProbError err;
    ProbBuffer state;
    ASSERT_TRUE(prob_fuse_empty_keys(kRate8, 4, &alloc, &state, &err));
    std::vector<std::uint64_t> hashes = hashes_of(300, 0, 4);
    for (std::uint64_t h : hashes) ASSERT_TRUE(prob_fuse_add_hash(state.data, state.size, h, 20, true, &alloc, &state, &err));
    ProbFuseParams params;
    ASSERT_TRUE(prob_fuse_params(state.data, state.size, &params, &err));
    EXPECT_EQ(params.form, PROB_FUSE_FORM_KEYS);
    EXPECT_EQ(params.keys, 300u);
    EXPECT_EQ(params.fingerprint_bits, 8);
    EXPECT_FALSE(prob_fuse_validate(state.data, state.size, &err));  // a working state
    EXPECT_EQ(err.kind, PROB_CORRUPT);
    EXPECT_TRUE(prob_fuse_check_state_parameters(state.data, state.size, kRate8, 4, &err));
    EXPECT_FALSE(prob_fuse_check_state_parameters(state.data, state.size, kRate8, 5, &err));
    EXPECT_EQ(err.reason, PROB_REASON_PARAMETERS_CHANGED);
    ProbBuffer keys, filter, same;
    ASSERT_TRUE(prob_fuse_canonical(state.data, state.size, &alloc, &keys, &err));
    EXPECT_TRUE(prob_fuse_validate(keys.data, keys.size, &err));
    ASSERT_TRUE(prob_fuse_build(state.data, state.size, &alloc, &filter, &err));
    EXPECT_TRUE(prob_fuse_validate(filter.data, filter.size, &err));
    ASSERT_TRUE(prob_fuse_build(filter.data, filter.size, &alloc, &same, &err));
    EXPECT_EQ(same.data, filter.data);
    bool found = false;
    ASSERT_TRUE(prob_fuse_contains_hash(filter.data, filter.size, hashes[7], &found, &err));
    EXPECT_TRUE(found);
    std::unique_ptr<bool[]> many(new bool[hashes.size()]);
    ASSERT_TRUE(prob_fuse_contains_hashes(keys.data, keys.size, hashes.data(), hashes.size(), many.get(), &err));
    EXPECT_TRUE(std::all_of(many.get(), many.get() + hashes.size(), [](bool b) { return b; }));
    ProbFuseInfo info;
    ASSERT_TRUE(prob_fuse_info(filter.data, filter.size, &info, &err));
    EXPECT_EQ(info.form, PROB_FUSE_FORM_FILTER);
    EXPECT_EQ(info.kind, 20);
    EXPECT_EQ(info.keys, 300u);
    EXPECT_EQ(info.bytes, filter.size);
    ProbBuffer u;
    EXPECT_FALSE(prob_fuse_union(filter.data, filter.size, keys.data, keys.size, &alloc, &u, &err));
    EXPECT_EQ(err.kind, PROB_MISMATCH);
    ASSERT_TRUE(prob_fuse_union(keys.data, keys.size, state.data, state.size, &alloc, &u, &err));
    EXPECT_EQ(to_bytes(Buffer{u.data, u.size}), to_bytes(Buffer{keys.data, keys.size}));
    EXPECT_FALSE(prob_fuse_empty_keys(0.0, 0, &alloc, &u, &err));
    EXPECT_EQ(err.kind, PROB_INVALID_PARAMETER);
    Bytes bad = to_bytes(Buffer{filter.data, filter.size});
    bad[5] = 2;
    EXPECT_FALSE(prob_fuse_validate(bad.data(), bad.size(), &err));
    EXPECT_EQ(err.kind, PROB_CORRUPT);
    EXPECT_NE(std::string(err.message).find("arity"), std::string::npos);
}
