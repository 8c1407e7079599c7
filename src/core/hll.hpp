// HyperLogLog: format, updates, union, folding and Ertl's improved estimator.
//
// A value is a 16-byte header followed by a payload (doc/FORMAT.md):
//   sparse: sorted u32 entries (index at precision 26 << 6 | rank), near-exact
//           for small sets and a few bytes per distinct value;
//   dense:  2^p six-bit registers, packed four to three bytes.
// Every operation keeps the representation canonical: a value is sparse exactly
// while its entry count is at most sparse_limit(p), so equal content means
// equal bytes.
#pragma once

#include <vector>

#include "core.hpp"
#include "hll_dense.h"
#include "kind.hpp"

namespace probabilistic::hll {

constexpr std::uint8_t kTypeTag = PROB_HLL_TYPE_TAG;
constexpr std::uint8_t kReprSparse = 1;
constexpr std::uint8_t kReprDense = PROB_HLL_REPR_DENSE;
// An aggregate's working state, never stored: header, u32 sorted count, u32
// pending count, then entry slots (sorted entries, unsorted pending ones, free
// room). Appending is O(1) and the room doubles, so building a sparse sketch
// is O(n log n) instead of one copy per new entry. finish() turns it into a
// canonical value; parse() rejects it.
constexpr std::uint8_t kReprBuilding = 3;
constexpr std::size_t kBuildingPrefix = 16 + 8;
// A foreign hash family's list of the producer's hashes (hll_family.hpp).
constexpr std::uint8_t kReprFamilyExplicit = 4;
constexpr int kMinPrecision = PROB_HLL_MIN_PRECISION;
constexpr int kMaxPrecision = PROB_HLL_MAX_PRECISION;
constexpr int kDefaultPrecision = PROB_HLL_DEFAULT_PRECISION;
constexpr int kSparsePrecision = 26;
constexpr std::size_t kHeaderSize = PROB_HLL_HEADER_SIZE;
// Past this many entries a sparse value costs more to update than it saves.
constexpr std::size_t kMaxSparseEntries = 4096;

inline std::size_t register_count(int p) { return std::size_t(1) << p; }
inline std::size_t dense_payload_size(int p) { return prob_hll_dense_payload_size(p); }
inline std::size_t sparse_limit(int p) {
    std::size_t by_size = dense_payload_size(p) / 4;
    return by_size < kMaxSparseEntries ? by_size : kMaxSparseEntries;
}
// Largest register value at precision p: 64 - p hash bits, plus one for all-zero.
inline unsigned max_rank(int p) { return prob_hll_max_rank(p); }

struct Header {
    std::uint8_t repr;
    std::uint8_t precision;
    std::uint8_t hash_id;
    std::uint64_t seed;
    std::uint16_t kind = kind::kNone;  // kind.hpp; stored only in format version 2
    // A foreign family's parameters (hll_family.hpp): header bytes 5 and 6; 0 for hash ids 1 and 2.
    std::uint8_t family_byte5 = 0, family_byte6 = 0;
};

// A value whose header has been checked. Payload points into the caller's bytes.
struct Sketch {
    Header header;
    const std::uint8_t* payload;
    std::size_t payload_size;

    int precision() const { return header.precision; }
    bool sparse() const { return header.repr == kReprSparse; }
    bool building() const { return header.repr == kReprBuilding; }
    // No values: a sparse value without entries (a building state counts its slots).
    bool empty() const;
    std::size_t sparse_count() const { return payload_size / 4; }
    std::uint32_t entry(std::size_t i) const { return load_le32(payload + 4 * i); }
};

void check_precision(long long p);
// Two values may be combined (union, containment, joint estimates): the same
// hash id (checked first: its message says to rebuild), then the same seed;
// kMismatch otherwise. Precisions may differ (the larger one is folded).
void check_compatible(const Header& a, const Header& b);
// Refuses (kInvalidParameter) what is computed for probabilistic's own values only
// (`what`: "joint estimates"): a foreign family's registers saturate otherwise.
void check_own_family(const Sketch& s, const char* what);

// Full validation of outside bytes: every header field, the payload length,
// sparse entries strictly increasing with ranks in range, dense registers in range.
Sketch parse(const std::uint8_t* data, std::size_t size);
// Header and length checks only, for values that were validated on their way in.
Sketch parse_trusted(const std::uint8_t* data, std::size_t size);
// As parse_trusted, and also accepts an aggregate's building state.
Sketch parse_state(const std::uint8_t* data, std::size_t size);
// An aggregate's state (building or not) has this precision; kMismatch if a later row passed another.
void check_state_precision(const std::uint8_t* data, std::size_t size, long long precision);

Buffer empty(Allocator& alloc, int precision, std::uint64_t seed);
Buffer copy(Allocator& alloc, const std::uint8_t* data, std::size_t size);

// An empty building state for an aggregate (see kReprBuilding) of values of `kind`.
Buffer builder(Allocator& alloc, int precision, std::uint64_t seed, std::uint16_t kind);
// The canonical value of a state; a canonical input is returned as it is.
// Never modifies its input (final functions may run more than once).
Buffer finish(const std::uint8_t* data, std::size_t size, Allocator& alloc);

// Adds one hashed value of kind `kind` (kind::after_add: an empty sketch
// takes it; kind::kNone for a hash from outside). With in_place, an update that keeps the size is
// written into data and {data, size} is returned; otherwise a new buffer is
// allocated when anything changes. Unchanged input returns {data, size}.
// Accepts building states (in_place only). Per-row callers try
// add_hash_dense_in_place first; this function does not repeat it.
Buffer add_hash(std::uint8_t* data, std::size_t size, std::uint64_t hash, bool in_place,
                Allocator& alloc, std::uint16_t kind = kind::kNone);

// hll_union (C++ reserves `union`); the result has the smaller precision
// and the kind of kind::of_union. With
// in_place, a dense left side of that precision absorbs the right side
// without allocating.
Buffer union_of(std::uint8_t* left, std::size_t left_size, const std::uint8_t* right,
                std::size_t right_size, bool in_place, Allocator& alloc);

// Lowers the precision (folding registers); equal precision returns the input.
Buffer fold(const std::uint8_t* data, std::size_t size, int precision, Allocator& alloc);

double estimate(const Sketch& s);
// hll_cardinality: the estimate rounded to the nearest integer, INT64_MAX beyond it (doc/FORMAT.md).
std::int64_t cardinality(const Sketch& s);
// Every register of `inner`, folded to the common precision, is <= the outer's.
bool contains(const Sketch& outer, const Sketch& inner);

struct Info {
    int precision;
    bool sparse;
    int format_version;
    int hash_id;
    std::uint16_t kind;
    std::uint64_t seed;
    std::size_t registers_nonzero;
    std::size_t sparse_entries;
    double estimate;
    // A foreign family's (hll_family.hpp): its explicit list's length, and the producer's parameters.
    bool explicit_list = false;
    std::size_t explicit_hashes = 0;
    int regwidth = 0;
    long long expthresh = 0;  // -1: automatic
    bool sparseon = false;
};
Info info(const Sketch& s);

// Registers at the sketch's own precision, one byte each (for tests and folding).
std::vector<std::uint8_t> registers(const Sketch& s);

// Split a hash as the dense and sparse representations do.
inline std::uint32_t dense_index(std::uint64_t hash, int p) { return prob_hll_dense_index(hash, p); }
inline unsigned dense_rank(std::uint64_t hash, int p) { return prob_hll_dense_rank(hash, p); }
std::uint32_t sparse_entry_of_hash(std::uint64_t hash);

inline unsigned bit_length32(std::uint32_t x) { return x == 0 ? 0u : 32u - static_cast<unsigned>(__builtin_clz(x)); }

// A sparse entry (index at precision 26, rank) seen at precision p <= 26:
// the register it raises and to what (the index bits below p lead the rank's
// bit string), as folding and a dense value's own update would.
inline void entry_at(std::uint32_t e, int p, std::uint32_t& idx, unsigned& rank) {
    std::uint32_t i26 = e >> 6;
    unsigned r = e & 63u;
    unsigned d = static_cast<unsigned>(kSparsePrecision - p);
    idx = i26 >> d;
    std::uint32_t low = i26 & ((std::uint32_t(1) << d) - 1);
    rank = low != 0 ? d - bit_length32(low) + 1 : d + r;
}

// The packed dense registers (hll_dense.h).
inline unsigned get_reg(const std::uint8_t* regs, std::size_t i) { return prob_hll_get_reg(regs, i); }
inline void set_reg(std::uint8_t* regs, std::size_t i, unsigned v) { prob_hll_set_reg(regs, i, v); }
inline void raise_reg(std::uint8_t* regs, std::size_t i, unsigned v) {
    if (get_reg(regs, i) < v) set_reg(regs, i, v);
}

// The aggregates' per-row path: a dense value updated in place. False means
// "not a dense value": use add_hash.
inline bool add_hash_dense_in_place(std::uint8_t* data, std::size_t size, std::uint64_t hash) {
    return prob_hll_add_hash_dense(data, size, hash);
}

// Ertl (2017), "New cardinality estimation algorithms for HyperLogLog sketches",
// the improved raw estimator, from the register histogram c[0..q+1]; with m
// <= kMaxBiasCorrectedRegisters (precision 10 and below) its first-order bias
// for finite m (+7% at p = 4, +0.1% at p = 10) is removed (doc/FORMAT.md 3.10).
constexpr double kMaxBiasCorrectedRegisters = 1024;
double ertl_estimate(const std::uint64_t* histogram, int q, double m);
// The same where registers saturate below 65 - p (a foreign family's narrower
// registers, hll_family.hpp): c[q+1] counts the saturated ones, and the
// finite-m bias is that of unsaturated registers of bias_q = 64 - p bits.
double ertl_estimate(const std::uint64_t* histogram, int q, double m, int bias_q);

}  // namespace probabilistic::hll
