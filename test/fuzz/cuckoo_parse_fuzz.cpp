// libFuzzer target for the cuckoo filter (cuckoo.hpp). The first byte picks:
//
//   even: the rest is a value, as text input, binary receive and the bytea
//         cast hand it over. parse() must accept or throw kCorrupt; for an
//         accepted value, every operation that reads it stays inside its
//         bytes, and an add (or remove) changes the multiset of stored
//         fingerprints by exactly that one fingerprint, or (a full table)
//         fails with kTooLarge and leaves the bytes as they were.
//   odd:  the rest is a program of adds and removes on a small filter, run
//         against an exact multiset: a key added more often than removed is
//         always found (no false negatives), at and past capacity.
#include <map>

#include "cuckoo.hpp"
#include "fuzz_common.hpp"
#include "hash.hpp"

using namespace probabilistic;
using fuzz::HeapAllocator;

namespace {

std::map<std::uint32_t, std::uint64_t> fingerprints(const std::uint8_t* data, std::size_t size) {
    cuckoo::Sketch s = cuckoo::parse(data, size);
    // Through the public operations only: count of each fingerprint via a decode of the table.
    std::map<std::uint32_t, std::uint64_t> out;
    unsigned f = s.header.fingerprint_bits;
    const std::uint8_t* t = s.table();
    std::uint64_t n = s.header.bucket_count * cuckoo::kBucketSize;
    for (std::uint64_t k = 0; k < n; k++) {
        std::uint64_t bit = k * f, v = 0;
        for (unsigned j = 0; j < f; j++, bit++) v |= std::uint64_t((t[bit >> 3] >> (bit & 7)) & 1) << j;
        if (v != 0) out[static_cast<std::uint32_t>(v)]++;
    }
    return out;
}

void check_value(const std::uint8_t* data, std::size_t size) {
    HeapAllocator alloc;
    Buffer in = alloc.hold(data, size);
    cuckoo::Sketch s;
    try {
        s = cuckoo::parse(in.data, in.size);
    } catch (const Error& e) {
        FUZZ_CHECK(e.kind() == ErrorKind::kCorrupt);
        return;
    }
    cuckoo::Info info = cuckoo::info(s);
    FUZZ_CHECK(info.items == s.header.items && info.load >= 0.0 && info.load <= 1.0);
    FUZZ_CHECK(std::isfinite(info.estimated_fpr));
    auto before = fingerprints(in.data, in.size);
    for (std::int64_t key = 0; key < 4; key++) {
        std::uint64_t h = hash_int64(key, s.header.seed);
        std::uint32_t fp = cuckoo::fingerprint(h, s.header.fingerprint_bits);
        unsigned count = cuckoo::count_hash(s, h);
        FUZZ_CHECK(count <= 2 * cuckoo::kBucketSize);
        Buffer added = alloc.hold(in.data, in.size);
        try {
            cuckoo::add_hash(added.data, added.size, h, true, alloc);
            auto after = fingerprints(added.data, added.size);
            auto expected = before;
            expected[fp]++;
            FUZZ_CHECK(after == expected);
            FUZZ_CHECK(cuckoo::count_hash(cuckoo::parse(added.data, added.size), h) == count + 1);
            Buffer removed = cuckoo::remove_hash(added.data, added.size, h, false, alloc);
            FUZZ_CHECK(fingerprints(removed.data, removed.size) == before);
        } catch (const Error& e) {
            FUZZ_CHECK(e.kind() == ErrorKind::kTooLarge);
            FUZZ_CHECK(fuzz::same_bytes(added, in));  // the kick chain was undone
        }
    }
    try {
        Buffer u = cuckoo::merge(in.data, in.size, in.data, in.size, alloc);
        FUZZ_CHECK(cuckoo::parse(u.data, u.size).header.items == 2 * s.header.items);
    } catch (const Error& e) {
        FUZZ_CHECK(e.kind() == ErrorKind::kTooLarge);
    }
    FUZZ_CHECK(fuzz::same_bytes(in.data, in.size, data, size));
}

void run_program(fuzz::Input& in) {
    HeapAllocator alloc;
    long long capacity = 1 + in.u8();
    double fpr = (in.u8() & 1) ? 0.1 : 0.001;
    std::uint64_t seed = in.u8();
    Buffer b = cuckoo::make_empty(alloc, capacity, fpr, seed);
    std::map<std::int64_t, int> multiset;
    while (!in.empty()) {
        std::uint8_t op = in.u8();
        std::int64_t key = op & 0x7F;
        std::uint64_t h = hash_int64(key, seed);
        if (op & 0x80) {
            if (multiset[key] > 0) {
                cuckoo::remove_hash(b.data, b.size, h, true, alloc);
                multiset[key]--;
            }
        } else {
            try {
                cuckoo::add_hash(b.data, b.size, h, true, alloc);
                multiset[key]++;
            } catch (const Error& e) {
                FUZZ_CHECK(e.kind() == ErrorKind::kTooLarge);
            }
        }
    }
    cuckoo::Sketch s = cuckoo::parse(b.data, b.size);
    std::uint64_t total = 0;
    for (const auto& [key, n] : multiset) {
        FUZZ_CHECK(cuckoo::count_hash(s, hash_int64(key, seed)) >= static_cast<unsigned>(n));
        total += static_cast<std::uint64_t>(n);
    }
    FUZZ_CHECK(s.header.items == total);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return fuzz::two_modes(data, size, run_program, check_value);
}
