// Cuckoo filters (Fan, Andersen, Kaminsky, Mitzenmacher 2014): a set of
// fingerprints that supports deletion. Partial-key cuckoo hashing, 4 entries
// per bucket, fingerprints packed at fingerprint_bits each.
//
// Format (doc/FORMAT.md section 5). Little-endian throughout. A value is a
// 48-byte header followed directly by the table; nothing else.
//
//   offset size field
//        0    1 type tag 'C' (0x43)
//        1    1 format version, 1
//        2    1 hash id (probabilistic::kHashId)
//        3    1 sub-filter layout: 1 = one table (the only layout of version 1)
//        4    1 fingerprint bits f, in 4..32: the smallest f with fpr * 2^f >= 8
//        5    1 bucket size b, 4
//        6    2 sub-filter count, u16, 1
//        8    8 seed, u64, passed to the hash function
//       16    8 capacity, u64 in 1..2^62: items the table was sized for
//       24    8 target false positive rate, IEEE-754 binary64, in [8 / 2^32, 1)
//       32    8 bucket count B, u64 = ceil((capacity + 2 ceil(sqrt(capacity)) + 4) * 20 / 76)
//               (95% of the entries hold capacity items and a slack)
//       40    8 items stored, u64: the number of non-zero entries
//       48      the table: B * b entries of f bits each, entry e of bucket i at bit
//               (i * b + e) * f, least significant bit first (bit j of the table is
//               byte j / 8, bit j % 8); ceil(B * b * f / 8) bytes, pad bits zero.
//               An entry of 0 is empty.
//
// Every field but seed and the table is a function of capacity and fpr or of
// the table, so each is checked; f and B come from exact arithmetic (ldexp
// and integers), so every platform computes the same values.
//
// From a hash h (the canonical 64-bit hash of hash.hpp with the filter's seed):
//   fingerprint  fp = 1 + ((h mod 2^32) * (2^f - 1)) >> 32      (in 1..2^f-1)
//   first bucket i1 = (h * B) >> 64                              (multiply-shift)
//   alternate    alt(i, fp) = (g(fp) - i) mod B, g(fp) = (fmix64(fp) * B) >> 64
// alt is an involution (alt(alt(i)) = i) for any B, so a bucket count need not
// be a power of two, and an entry's other bucket is found from its own
// bucket and fingerprint alone (partial-key cuckoo hashing).
//
// Insertion puts fp in the first empty entry of i1, else of i2 = alt(i1, fp).
// When both are full it kicks: a PRNG (splitmix64 seeded with h XOR items
// stored) picks the start bucket and, at each step, the entry whose
// fingerprint is swapped out and moved to its own alternate bucket, at most
// kMaxKicks times. So the same inserts in the same order give the same bytes.
// If the kicks run out, every swap is undone in reverse order and the insert
// fails with kTooLarge: the table is left exactly as it was, and no
// fingerprint is ever dropped. Removal clears the first entry holding fp in
// i1, else in i2; a fingerprint in neither leaves the table unchanged.
#pragma once

#include <cstdint>

#include "core.hpp"
#include "kind.hpp"

namespace probabilistic::cuckoo {

constexpr std::uint8_t kTypeTag = 'C';
constexpr std::uint8_t kLayoutSingle = 1;
constexpr std::uint8_t kBucketSize = 4;
constexpr std::size_t kHeaderSize = 48;
constexpr unsigned kMinFingerprintBits = 4;
constexpr unsigned kMaxFingerprintBits = 32;
constexpr std::uint64_t kMaxCapacity = UINT64_C(1) << 62;
constexpr unsigned kMaxKicks = 500;
// The design load: capacity + slack items fill 19/20 of the entries, below the
// 95.5% Fan et al. report reachable with b = 4 and 500 kicks. The load at the
// first failed insert spreads wider the smaller the table, so the slack,
// 2 ceil(sqrt(capacity)) + 4 items, keeps a margin that grows with that
// spread (doc/FORMAT.md 5.3). test/stat/cuckoo_fpr_test.cpp (LoadAtFirstFailure)
// fills tables of several sizes to their first failure and asserts each took
// its capacity.
constexpr std::uint64_t kLoadNumerator = 19, kLoadDenominator = 20;

struct Header {
    std::uint8_t hash_id;
    std::uint8_t fingerprint_bits;
    std::uint64_t seed;
    std::uint64_t capacity;
    double fpr;
    std::uint64_t bucket_count;
    std::uint64_t items;
    std::uint16_t kind = kind::kNone;  // kind.hpp: format version 2 stores it at bytes 6-7
};

// A value whose header has been checked. Points into the caller's bytes.
struct Sketch {
    Header header;
    const std::uint8_t* data;
    std::size_t size;
    const std::uint8_t* table() const { return data + kHeaderSize; }
};

// Sizing. check_parameters throws kInvalidParameter; the others assume valid parameters.
void check_parameters(long long capacity, double fpr);
unsigned fingerprint_bits_for(double fpr);
std::uint64_t slack_for(std::uint64_t capacity);
std::uint64_t bucket_count_for(std::uint64_t capacity);
std::size_t table_bytes(std::uint64_t bucket_count, unsigned fingerprint_bits);
// Bytes of a new, empty filter; validates and throws kTooLarge past kMaxCreatedValueBytes
// (so that its text form fits in 1 GB).
std::size_t empty_size(long long capacity, double fpr);

// What a hash becomes.
std::uint32_t fingerprint(std::uint64_t hash, unsigned fingerprint_bits);
std::uint64_t first_bucket(std::uint64_t hash, std::uint64_t bucket_count);
std::uint64_t alternate_bucket(std::uint64_t bucket, std::uint32_t fp, std::uint64_t bucket_count);

// Full validation of outside bytes: parse_header checks every header field
// (the sizing recomputed from capacity and fpr), parse also the table.
// parse_trusted, for values validated on their way in, checks only what keeps
// every access inside the bytes (tag, version, constants, and the length the
// bucket count and fingerprint bits imply): it is on every per-row path.
Sketch parse(const std::uint8_t* data, std::size_t size);
Sketch parse_header(const std::uint8_t* data, std::size_t size);
Sketch parse_trusted(const std::uint8_t* data, std::size_t size);

Buffer make_empty(Allocator& alloc, long long capacity, double fpr, std::uint64_t seed);
// A filter being built was made with this capacity and rate: kMismatch
// (Reason::kParametersChanged, naming both) when a later call passes others.
void check_state_parameters(const std::uint8_t* data, std::size_t size, long long capacity, double fpr);

// Adds (removes) one copy of a hashed value (of kind `kind`: kind::after_add;
// a filter left with no item records no kind). With in_place, the result is
// written into data and {data, size} returned; otherwise a changed result is a
// new buffer, and unchanged input comes back as {data, size}. A failed add
// (full table) throws kTooLarge and leaves data as it was.
Buffer add_hash(std::uint8_t* data, std::size_t size, std::uint64_t hash, bool in_place, Allocator& alloc,
                std::uint16_t kind = kind::kNone);
Buffer remove_hash(std::uint8_t* data, std::size_t size, std::uint64_t hash, bool in_place, Allocator& alloc);

bool contains_hash(const Sketch& s, std::uint64_t hash);
// Copies of the hash's fingerprint in its buckets (an upper bound on the copies added).
unsigned count_hash(const Sketch& s, std::uint64_t hash);

// Multiset union: every entry of right is inserted into a copy of left (which
// is never written). Needs the same parameters; a full result throws kTooLarge.
// The result's kind is kind::of_union's.
Buffer merge(const std::uint8_t* left, std::size_t left_size, const std::uint8_t* right, std::size_t right_size,
             Allocator& alloc);

// 1 - (1 - 1/(2^f - 1))^(2 b load): the chance that a value never added is found now.
double estimated_fpr(const Sketch& s);

struct Info {
    int format_version;
    int hash_id;
    std::uint16_t kind;
    std::uint64_t seed;
    std::uint64_t capacity;
    double fpr;
    unsigned fingerprint_bits;
    unsigned bucket_size;
    std::uint64_t bucket_count;
    std::uint64_t items;
    double load;
    double estimated_fpr;
    double bits_per_item;  // of the table at capacity
    std::size_t bytes;
};
Info info(const Sketch& s);

}  // namespace probabilistic::cuckoo
