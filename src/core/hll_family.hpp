// hll values of other systems' hash families (doc/FORMAT.md 3.15, 3.16): sketches
// imported from postgresql-hll or Redis, kept in a form that writes the producer's bytes
// again and keeps merging with rows hashed the producer's way, never with rows
// hashed another way.
//
// A family value is an hll value whose hash id (header byte 2) names the family.
// Its header's bytes 5-7 hold the producer's parameters instead of the sparse
// precision and the kind (Redis: bytes 8-15 keep Redis's cached-cardinality
// field instead of a seed); its payload is the producer's explicit list of
// hashes (representation 4), Redis's sparse opcodes (6), or the producer's
// registers in hll's dense packing (2), each register in the producer's own
// order and meaning.
// Only values of one family with equal parameters combine.
#pragma once

#include <string>
#include <vector>

#include "hash.hpp"
#include "hll.hpp"

namespace probabilistic::hll::family {

// Hash ids of the families (kHashId, 2, is probabilistic's own rules).
constexpr std::uint8_t kPostgresqlHll = 3;
constexpr std::uint8_t kRedis = 4;
constexpr std::uint8_t kDataSketches = 5;
constexpr std::uint8_t kNewestHashId = kDataSketches;
// A family value's list of the producer's hashes (postgresql-hll's EXPLICIT and EMPTY).
constexpr std::uint8_t kReprExplicit = kReprFamilyExplicit;
// Redis's sparse opcodes as Redis wrote them (its registers are those they decode to).
constexpr std::uint8_t kReprRedisSparse = 6;
// DataSketches HLL's modes: a LIST of coupons, a SET (its hash table), HLL registers.
constexpr std::uint8_t kReprDsList = 7;
constexpr std::uint8_t kReprDsSet = 8;
constexpr std::uint8_t kReprDsHll = 9;
// DataSketches' DEFAULT_SEED.
constexpr std::uint64_t kDataSketchesSeed = 9001;

// Redis: 2^14 six-bit registers; MurmurHash64A with this seed; its header.
constexpr int kRedisPrecision = 14;
constexpr std::uint64_t kRedisSeed = 0xadc83b19u;
constexpr std::size_t kRedisHeaderSize = 16;

// postgresql-hll's limits: 2^17 registers fit its 128 KiB multiset; an explicit
// list holds at most 16,383 hashes (its mse_nelem_max on 64-bit platforms).
constexpr int kPgMinLog2m = kMinPrecision;
constexpr int kPgMaxLog2m = 17;
constexpr std::size_t kPgMaxExplicit = 16383;
// postgresql-hll's defaults (its DEFAULT_* constants), for hll_add_agg(x, p, family).
constexpr int kPgDefaultRegwidth = 5;
constexpr int kPgDefaultExpthreshCode = 63;  // -1: automatic
constexpr bool kPgDefaultSparseon = true;

inline bool foreign(std::uint8_t hash_id) { return hash_id > kHashId; }
// The SQL name of a hash id's family: "probabilistic", "postgresql-hll".
std::string name(std::uint8_t hash_id);
// The hash id of a family or format name; kInvalidParameter for others.
std::uint8_t of_name(const std::string& name);

struct PgParams {
    int log2m;
    int regwidth;
    int expthresh_code;  // 0: 0, 63: -1 (automatic), k: 2^(k-1)
    bool sparseon;
};
PgParams pg_params(const Sketch& s);
// The number of hashes an explicit list may hold before it turns into registers.
std::size_t pg_explicit_threshold(const PgParams& q);

// Header and payload checks of a stored family value; full: also every hash
// and register (outside bytes). Called by hll::parse* for foreign hash ids.
Sketch parse(const std::uint8_t* data, std::size_t size, bool full);

// Two values of a family may combine: the same family (else kMismatch naming
// both families), then seed and every producer parameter.
void check_compatible(const Header& a, const Header& b);

// Validates the producer's bytes field by field (kCorrupt naming the field)
// and returns the family value; seed is what the producer hashed with.
Buffer import(const std::uint8_t* data, std::size_t size, const std::string& format, std::int64_t seed,
              Allocator& alloc);
// The producer's bytes of a family value of that format's family.
Buffer export_to(const Sketch& s, const std::string& format, Allocator& alloc);

// The empty value the producer starts from with its default parameters at precision p.
Buffer empty(std::uint8_t hash_id, int precision, std::uint64_t seed, Allocator& alloc);
// An aggregate's state has this precision and family; kMismatch if a later row passed others.
void check_state(const Sketch& s, long long precision, std::uint8_t hash_id);

// The producer's hash of bytes, as its hash functions compute it.
std::uint64_t hash_bytes(std::uint8_t hash_id, const void* data, std::size_t size, std::uint64_t seed);
// A seed as the family's SQL functions take it (postgresql-hll: an integer).
std::uint64_t check_seed(std::uint8_t hash_id, std::int64_t seed);

// hll::add_hash, union_of, estimate, registers for family values.
Buffer add_hash(std::uint8_t* data, std::size_t size, const Sketch& s, std::uint64_t hash, bool in_place,
                Allocator& alloc);
Buffer union_of(std::uint8_t* left, std::size_t left_size, const Sketch& a, const std::uint8_t* right,
                std::size_t right_size, const Sketch& b, bool in_place, Allocator& alloc);
double estimate(const Sketch& s);
// The registers (the producer's, one byte each) of a family value.
std::vector<std::uint8_t> registers(const Sketch& s);

// The DataSketches family (hll_datasketches.cpp); family:: functions call these
// for hash id 5. A DataSketches "hash" is a coupon: the low 26 bits of
// MurmurHash3_x64_128's first word, and above them the leading zeros of its
// second word plus 1 (at most 63).
namespace ds {
std::uint32_t coupon(const void* data, std::size_t size, std::uint64_t seed);
std::uint64_t check_seed(std::int64_t seed);
Buffer empty(int lgk, Allocator& alloc);
Sketch parse(const std::uint8_t* data, std::size_t size, bool full);
Buffer import(const std::uint8_t* data, std::size_t size, std::uint64_t seed, Allocator& alloc);
Buffer export_image(const Sketch& s, Allocator& alloc);
Buffer add_coupon(std::uint8_t* data, std::size_t size, const Sketch& s, std::uint32_t coupon, bool in_place,
                  Allocator& alloc);
Buffer union_of(std::uint8_t* left, std::size_t left_size, const Sketch& a, const Sketch& b, Allocator& alloc);
double estimate(const Sketch& s);
std::vector<std::uint8_t> registers(const Sketch& s);
}  // namespace ds

}  // namespace probabilistic::hll::family
