// Binary fuse filters (Graf & Lemire, "Binary Fuse Filters: Fast and Smaller
// Than Xor Filters", 2022), 3-wise: a static filter built once from a set of
// keys, about 1.125 f bits a key for a false positive rate of 2^-f. Written
// from the paper and the design contract; no code of xor_singleheader.
//
// A value has one of two forms (doc/FORMAT.md section 12):
//   form 1, key set: the distinct 64-bit hashes (hash.hpp, with the seed),
//           ascending; what aggregates keep and combine; contains is a search.
//   form 2, filter:  the built filter; takes no more keys.
//
// Format: a 64-byte header, little-endian, then the payload.
//
//   offset size field
//        0    1 type tag 'F' (0x46)
//        1    1 format version: 1 without a kind, 2 with one (kind.hpp)
//        2    1 hash id, 2
//        3    1 form: 1 key set, 2 filter
//        4    1 fingerprint bits f = fingerprint_bits(fpr), in 1..32
//        5    1 arity, 3
//        6    2 kind (version 2), 0 (version 1)
//        8    8 seed, u64
//       16    8 target false positive rate fpr, binary64 in [2^-32, 1)
//       24    8 keys n: distinct hashes held
//       32    8 segment length L (form 2, n >= 1: sizes(n, a)); else 0
//       40    8 segment count C (form 2, n >= 1: sizes(n, a)); else 0
//       48    8 attempt a (form 2): the construction attempt that succeeded; else 0
//       56    8 reserved, 0
//       64      form 1: n u64 hashes, strictly ascending (64 + 8n bytes in all)
//               form 2: (C + 2) L entries of f bits, entry i at bit i f, least
//               significant bit first, pad bits 0 (none when n = 0)
//
// Sizing, sizes(n, a) for n >= 1, in integers:
//   b = bit_length(n), s = min(18, 2 + 4b / 7), L = 2^s,
//   cap = ceil(9n / 8) if b = 1, else max(ceil(9n / 8), ceil(7n / 8) + ceil(5n / (b - 1))),
//   C = max(1, ceil(cap / L) - 2) + floor(a / 4).
// From a hash h at attempt a: x = fmix64(h + (a + 1) GAMMA) (bloom.hpp's fmix64),
//   p0 = (x C L) >> 64, p1 = (p0 + L) ^ ((x >> 18) & (L - 1)), p2 = (p0 + 2L) ^ (x & (L - 1)),
//   fp = (x ^ (x >> 32)) & (2^f - 1); a key is in the filter when fp = A[p0] ^ A[p1] ^ A[p2].
// build() peels the keys in the one order the format fixes (see fuse.cpp), so
// the same key set, rate and seed always give the same bytes.
//
// An aggregate keeps a working state (form byte kFormWorking, never a stored
// value: parse refuses it): the header of a key set whose n counts the hashes
// appended so far (unsorted, possibly repeated), then room for more: its
// length is 64 + 8 slots with slots >= n (segment fields 0, free slots 0).
// A full state is deduplicated in place when its distinct keys fill at most
// half its slots, else it moves to new memory with twice the slots;
// canonical() sorts and dedupes it.
#pragma once

#include <cstdint>

#include "bloom_probe.h"
#include "core.hpp"
#include "fuse_probe.h"
#include "kind.hpp"

namespace probabilistic::fuse {

constexpr std::uint8_t kTypeTag = 'F';
constexpr std::size_t kHeaderSize = 64;
constexpr std::uint8_t kFormKeys = PROB_FUSE_FORM_KEYS;
constexpr std::uint8_t kFormFilter = PROB_FUSE_FORM_FILTER;
// An aggregate's working state: no stored value has this form.
constexpr std::uint8_t kFormWorking = PROB_FUSE_FORM_WORKING;
constexpr std::uint8_t kArity = 3;
constexpr unsigned kMinFingerprintBits = 1;
constexpr unsigned kMaxFingerprintBits = 32;
constexpr std::uint64_t kGamma = PROB_BLOOM_GOLDEN;
constexpr std::uint64_t kMaxAttempts = 1024;
constexpr unsigned kMaxSegmentLengthBits = 18;
// The most keys a key set can hold within kMaxCreatedValueBytes.
constexpr std::uint64_t kMaxKeys = (kMaxCreatedValueBytes - kHeaderSize) / 8;

struct Header {
    std::uint8_t hash_id;
    std::uint8_t form;  // kFormKeys, kFormFilter or kFormWorking
    std::uint8_t fingerprint_bits;
    std::uint16_t kind = kind::kNone;
    std::uint64_t seed;
    double fpr;
    std::uint64_t keys;  // a working state: hashes appended (may repeat)
    std::uint64_t segment_length;
    std::uint64_t segment_count;
    std::uint64_t attempt;
};

// A value whose header has been checked. Points into the caller's bytes.
struct Sketch {
    Header header;
    const std::uint8_t* data;
    std::size_t size;
    const std::uint8_t* payload() const { return data + kHeaderSize; }
};

// Sizing. check_fpr throws kInvalidParameter; the others assume valid arguments.
void check_fpr(double fpr);
// The smallest f >= 1 with fpr 2^f >= 1 (so 2^-f <= fpr), for fpr in [2^-32, 1).
unsigned fingerprint_bits(double fpr);
struct Sizes {
    std::uint64_t segment_length;
    std::uint64_t segment_count;
};
// n >= 1, any attempt (the count grows by one every 4 attempts).
Sizes sizes(std::uint64_t n, std::uint64_t attempt);
// Bytes of a key set of n keys, of a filter of (C + 2) L entries of f bits (0 entries: n = 0).
double key_set_bytes(std::uint64_t n);
double filter_bytes(const Sizes& sz, unsigned f);

// What a hash becomes at an attempt: x, from which the positions and the
// fingerprint come (fuse_probe.h holds the rules, for C callers too).
inline std::uint64_t mix(std::uint64_t hash, std::uint64_t attempt) { return prob_fuse_mix(hash, attempt); }
struct Positions {
    std::uint64_t p[3];
};
// p0 in segments 0..C-1, p1 in the next segment, p2 in the one after: three different entries.
inline Positions positions(std::uint64_t x, std::uint64_t segment_length, std::uint64_t segment_count) {
    Positions ps;
    prob_fuse_positions(x, segment_length, segment_count, ps.p);
    return ps;
}
inline std::uint32_t fingerprint(std::uint64_t x, unsigned f) { return prob_fuse_fingerprint(x, f); }

// Full validation of outside bytes (every check of FORMAT.md 12's list, in its
// order, kCorrupt naming the field); parse_header stops before the payload
// (hash order, pad bits). Working states are refused (their form).
Sketch parse(const std::uint8_t* data, std::size_t size);
Sketch parse_header(const std::uint8_t* data, std::size_t size);
// For values already inside PostgreSQL and an aggregate's working state: the
// header's constants and the length its fields imply (O(1)); on every per-row path.
Sketch parse_trusted(const std::uint8_t* data, std::size_t size);

// An empty key set (form 1): the aggregate's first state. Checks fpr.
Buffer make_empty_keys(Allocator& alloc, double fpr, std::uint64_t seed);
// The aggregate's state was made with this rate and seed: kMismatch
// (Reason::kParametersChanged, naming both) when a later row passes others.
void check_state_parameters(const std::uint8_t* data, std::size_t size, double fpr, std::uint64_t seed);

// Adds one hash of kind `kind` (kind::after_add) to a key set or working state;
// a filter is refused (kInvalidParameter). With in_place, the hash is appended
// to a working state in place when it has room, and {data, size} returned; else
// (a key set, or a full working state after deduplicating it in place) the
// result is a larger working state in new memory and data keeps its keys.
// Without in_place, the result is a canonical key set in new memory (or data
// itself when it is a canonical key set that holds the hash and its kind stays).
// Past kMaxCreatedValueBytes: kTooLarge.
Buffer add_hash(std::uint8_t* data, std::size_t size, std::uint64_t hash, bool in_place, Allocator& alloc,
                std::uint16_t kind = kind::kNone);

// A key set or filter comes back as is; a working state as a canonical key set
// (sorted, distinct) in new memory. Never modifies data.
Buffer canonical(const std::uint8_t* data, std::size_t size, Allocator& alloc);

// Union of two key sets (either may be a working state) into a canonical key
// set in new memory. Needs the same hash id, rate and seed (kMismatch); a
// filter is refused (kMismatch: it cannot take more keys). Kind: kind::of_union.
Buffer merge(const std::uint8_t* left, std::size_t left_size, const std::uint8_t* right, std::size_t right_size,
             Allocator& alloc);

// The filter of a key set or working state (form 2, new memory); a filter
// comes back as is. Polls the interrupt hook; safe to repeat.
Buffer build(const std::uint8_t* data, std::size_t size, Allocator& alloc);

// Membership: a filter reads three entries; a key set is a binary search; a
// working state is a linear scan (aggregates never ask; this is for tests).
bool contains_hash(const Sketch& s, std::uint64_t hash);
// The probe of a checked value (parse_trusted), for many calls of
// prob_fuse_probe_contains; it points into the value's bytes.
void prepare_probe(const Sketch& s, ProbFuseProbe* probe);
void contains_hashes(const Sketch& s, const std::uint64_t* hashes, std::size_t count, bool* found);

struct Info {
    int format_version;
    int hash_id;
    std::uint16_t kind;
    int form;
    std::uint64_t seed;
    double fpr;
    unsigned fingerprint_bits;
    std::uint64_t keys;
    std::uint64_t segment_length;
    std::uint64_t segment_count;
    std::uint64_t attempt;
    std::uint64_t array_length;  // (C + 2) L entries of a filter; 0 for a key set
    double estimated_fpr;        // filter: 2^-f; key set: n / 2^64
    double bits_per_key;         // payload bits / n; 0 when n = 0
    std::size_t bytes;
};
// Of a key set or filter; a working state is refused (kCorrupt).
Info info(const Sketch& s);

}  // namespace probabilistic::fuse

