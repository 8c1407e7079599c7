// Count-min sketches (Cormode, Muthukrishnan 2005) with conservative update
// (Estan, Varghese 2002): the count of any value, never below the truth, and
// above it by at most epsilon * N with probability at least 1 - delta, where
// N is the total weight added. Weights are non-negative integers.
//
// Format (doc/FORMAT.md section 7). Little-endian throughout. A value is a
// 48-byte header followed directly by the cells; nothing else.
//
//   offset size field
//        0    1 type tag 'M' (0x4d)
//        1    1 format version, 1 (no kind) or 2 (kind at bytes 6-7: kind.hpp)
//        2    1 hash id (probabilistic::kHashId)
//        3    1 update rule: 1 = conservative (the only rule)
//        4    1 depth d, in 1..32: the smallest d with kExpMinus[d] <= delta
//        5    1 reserved, 0
//        6    2 version 1: 0; version 2: the kind
//        8    8 seed, u64, passed to the hash function
//       16    8 epsilon, IEEE-754 binary64, in (0, 1)
//       24    8 delta, IEEE-754 binary64, in [kExpMinus[32], 1)
//       32    8 width w, u64 = ceil(kE / epsilon)
//       40    8 total N, u64 <= 2^63 - 1: the sum of the weights added
//       48      the cells: d rows of w u64 counters, row-major (cell j of row r
//               at byte 48 + 8 (r w + j)).
//
// Every field but seed, total and the cells is a function of epsilon and
// delta, so each is checked. Row r of a hash h (the canonical 64-bit hash of
// hash.hpp with the sketch's seed) is cell
//   index(h, r) = (fmix64(h + (r + 1) * 0x9E3779B97F4A7C15) * w) >> 64.
//
// Adding weight c: m = the smallest of the value's d cells; every one of
// them becomes max(cell, m + c) (conservative update); N += c. So a value's
// cells are each at least its true count, which union (cell-wise addition)
// keeps. Counters never wrap: an add or union that would take N past
// 2^63 - 1 is refused (kTooLarge) and leaves the sketch unchanged, and since
// every cell is at most N no cell can pass it either.
//
// What the cells must satisfy (checked on outside bytes): every row sums to
// at most N (an add raises a row's sum by at most c, a union adds the sums),
// and the d rows together sum to at least N (an add raises the row holding
// the minimum by exactly c). With d = 1 the row sums to exactly N.
//
// Aggregates keep a working state (never a valid value: byte 1 is
// kWorkingVersion) that starts small: the header of the value it will be,
// then u64 n at byte 48 and n adds in their order from byte 56, each a u64
// hash and a u64 weight (an add of the hash of the last one adds to its
// weight: two adds of one hash in a row are one add of their sum under
// conservative update). When the list would take as many bytes as the
// cells, the state becomes the value: an empty sketch with every add
// replayed in order, so finish() gives the bytes adding the rows to a value
// from the first one gives, and memory per GROUP BY group grows with the
// group's rows up to the value's size.
#pragma once

#include <cstdint>

#include "core.hpp"
#include "countmin_cells.h"
#include "kind.hpp"

namespace probabilistic::countmin {

constexpr std::uint8_t kTypeTag = PROB_COUNTMIN_TYPE_TAG;
constexpr std::uint8_t kRuleConservative = 1;
constexpr std::size_t kHeaderSize = PROB_COUNTMIN_HEADER_SIZE;
constexpr unsigned kMaxDepth = PROB_COUNTMIN_MAX_DEPTH;
constexpr std::uint64_t kMaxTotal = PROB_COUNTMIN_MAX_TOTAL;
// e, the binary64 nearest to it.
constexpr double kE = 0x1.5bf0a8b145769p+1;
// The defaults: a count within 0.1% of the stream's total weight, with
// probability 99%: w = 2719, d = 5, 108,800 bytes (doc/FORMAT.md 7.1).
constexpr double kDefaultEpsilon = 0.001;
constexpr double kDefaultDelta = 0.01;
// Byte 1 of a working state: no format version, so no outside value passes as one.
constexpr std::uint8_t kWorkingVersion = PROB_COUNTMIN_WORKING_VERSION;

struct Header {
    std::uint8_t hash_id;
    unsigned depth;
    std::uint64_t seed;
    double epsilon;
    double delta;
    std::uint64_t width;
    std::uint64_t total;
    std::uint16_t kind = kind::kNone;
};

// A value whose header has been checked. Points into the caller's bytes.
struct Sketch {
    Header header;
    const std::uint8_t* data;
    std::size_t size;
    const std::uint8_t* cells() const { return data + kHeaderSize; }
};

// Sizing. check_parameters throws kInvalidParameter; the others assume valid parameters.
void check_parameters(double epsilon, double delta);
// The binary64 nearest e^-d, for d in 0..kMaxDepth.
double exp_minus(unsigned d);
std::uint64_t width_for(double epsilon);
unsigned depth_for(double delta);
// Bytes of a new, empty sketch; validates, and throws kTooLarge past
// kMaxCreatedValueBytes (so that its text form fits in 1 GB).
std::size_t empty_size(double epsilon, double delta);

// The cell of row r for a hash.
std::uint64_t index(std::uint64_t hash, unsigned row, std::uint64_t width);

// Full validation of outside bytes (parse_header: every header field; parse:
// also the cells' sums). parse_trusted, for values validated on their way in,
// checks only what keeps every access inside the bytes.
Sketch parse(const std::uint8_t* data, std::size_t size);
Sketch parse_header(const std::uint8_t* data, std::size_t size);
Sketch parse_trusted(const std::uint8_t* data, std::size_t size);

Buffer make_empty(Allocator& alloc, double epsilon, double delta, std::uint64_t seed);
// Working states (only aggregates make them; see the top). make_working
// gives a value instead when the value is no larger than a short list.
bool is_working(const std::uint8_t* data, std::size_t size);
Buffer make_working(Allocator& alloc, double epsilon, double delta, std::uint64_t seed);
// The value of a working state, in new memory (a value: a copy).
Buffer finish(const std::uint8_t* data, std::size_t size, Allocator& alloc);

// A sketch (or working state) being built was made with this epsilon and delta: kMismatch
// (Reason::kParametersChanged, naming both) when a later call passes others.
void check_state_parameters(const std::uint8_t* data, std::size_t size, double epsilon, double delta);

// Adds weight (>= 0; kInvalidParameter otherwise) to a hashed value of kind
// `kind` (kind::after_add). Weight 0 changes nothing. With in_place the result
// is written into data and {data, size} returned; otherwise a changed result
// is a new buffer, and unchanged input comes back as {data, size}. A total
// past kMaxTotal throws kTooLarge and leaves data as it was. A working state
// is updated in place when the add fits, else the result is new memory (a
// longer list, or the value) and data is left as it was, whatever in_place says.
Buffer add_hash(std::uint8_t* data, std::size_t size, std::uint64_t hash, std::int64_t weight, bool in_place,
                Allocator& alloc, std::uint16_t kind = kind::kNone);

// The estimate: the smallest of the hash's d cells.
std::uint64_t count_hash(const Sketch& s, std::uint64_t hash);

// Cell-wise sum into new memory. Needs equal hash id, seed, epsilon and delta
// (kMismatch naming both); a total past kMaxTotal throws kTooLarge. The
// result's kind is kind::of_union's.
Buffer merge(const std::uint8_t* left, std::size_t left_size, const std::uint8_t* right, std::size_t right_size,
             Allocator& alloc);

struct Info {
    int format_version;
    int hash_id;
    std::uint16_t kind;
    std::uint64_t seed;
    double epsilon;
    double delta;
    std::uint64_t width;
    unsigned depth;
    std::uint64_t total;
    double error_bound;  // epsilon * total: the excess allowed with probability 1 - delta
    std::size_t bytes;
};
Info info(const Sketch& s);

}  // namespace probabilistic::countmin
