// DDSketch (Masson, Rim, Lee 2019): quantiles with a relative value error.
// Every value v != 0 falls in the bucket of index k = index_of(|v|) of its
// sign's store; a bucket's values lie within a ratio of (1 + alpha) / (1 - alpha),
// so its representative is within alpha * |v| of each of them. Zeros are counted
// apart. Count, min and max are kept exactly, the sum exactly as a binary
// integer (so a union is the same bytes in any order).
//
// The mapping (doc/FORMAT.md 6.2) is DDSketch's cubically interpolated
// logarithm, written with +, -, *, /, frexp and ceil alone, so every platform
// and an outside reader compute the same index bit for bit:
//   v = f * 2^e (frexp, f in [0.5, 1)), s = 2f - 1,
//   l(v) = (e - 1) + ((A s + B) s + C) s,   A = 6/35, B = -3/5, C = 10/7,
//   index_of(v) = ceil(m * l(v)),           m = 7 / (20 alpha).
// l is increasing with dl/dlog2(v) >= C ln 2, so a bucket spans at most
// 1 / (m C ln 2) in log2(v), i.e. a ratio of exp(1 / (m C)) = exp(2 alpha)
// <= (1 + alpha) / (1 - alpha) = exp(2 atanh(alpha)).
//
// Each store keeps at most max_buckets buckets (its lowest index to its
// highest). When a value or a union would span more, the store's lowest
// buckets are folded into the lowest one kept (DDSketch's
// CollapsingLowestDenseStore): the store then holds exactly max_buckets
// buckets and is marked collapsed. Folding depends only on the multiset of
// indexes added, never on the order (doc/FORMAT.md 6.4), so a union of parts
// is the same bytes as the sketch of the whole. After a collapse the
// guarantee holds for every quantile whose value's magnitude exceeds the
// store's collapse bound (the lower edge of its lowest bucket); the values
// below it are answered as that bucket's representative, with their sign.
//
// Format (doc/FORMAT.md 6). Little-endian throughout.
//
//   offset size field
//        0    1 type tag 'D' (0x44)
//        1    1 format version, 1
//        2    1 hash id, 0: a ddsketch hashes nothing
//        3    1 flags: bit 0 positive store collapsed, bit 1 negative; bit 2 the
//               sum is not known (an imported image holds none: L is 0, min and
//               max are estimates, doc/FORMAT.md 6.9); others 0
//        4    1 positive store's count width in bytes: 1, 2, 4 or 8 (0 when empty)
//        5    1 negative store's count width
//        6    2 reserved, 0
//        8    8 alpha, binary64, in [kMinAlpha, kMaxAlpha]
//       16    4 max_buckets, u32, in 1..kMaxBuckets
//       20    4 sum limb count L, u32, in 0..kMaxSumLimbs
//       24    8 count, u64: zero count + every bucket's count
//       32    8 zero count, u64
//       40    8 min, binary64 (0 when count is 0)
//       48    8 max, binary64 (0 when count is 0)
//       56    4 sum's lowest limb j, i32 (0 when L is 0)
//       60    4 positive store's lowest index, i32 (0 when empty)
//       64    4 positive store's bucket count n+, u32, in 0..max_buckets
//       68    4 negative store's lowest index, i32
//       72    4 negative store's bucket count n-, u32
//       76    4 reserved, 0
//       80      sum: L limbs of u64, a two's complement integer S, and
//               sum = S * 2^(64 j); the fewest limbs (lowest limb non-zero,
//               highest not a mere sign extension)
//               then n+ counts of the positive store's width, lowest index first,
//               then n- counts of the negative store's; each store's first and
//               last count non-zero, its width the narrowest that holds its
//               largest count.
#pragma once

#include <cstdint>
#include <vector>

#include "core.hpp"

namespace probabilistic::ddsketch {

constexpr std::uint8_t kTypeTag = 'D';
constexpr std::uint8_t kFormatVersion = 1;
constexpr std::uint8_t kNoHash = 0;
constexpr std::size_t kHeaderSize = 80;
constexpr double kMinAlpha = 0.0001;
constexpr double kMaxAlpha = 0.5;
constexpr double kDefaultAlpha = 0.01;
constexpr std::uint32_t kMaxBuckets = 65536;
constexpr std::uint32_t kDefaultMaxBuckets = 2048;
// 2^-1074 .. 2^1024 * 2^64 and a sign bit: limbs -17 .. 17.
// The mapping's cubic P(s) = ((A s + B) s + C) s (doc/FORMAT.md 6.2): its C, which
// DataDog's CubicallyInterpolatedMapping shares (ddsketch_datadog.cpp).
constexpr double kCubicC = 10.0 / 7.0;
constexpr int kMinSumLimb = -17;
constexpr int kMaxSumLimbs = 35;

// The sum, exactly: a two's complement integer of `limbs` (least significant
// first) times 2^(64 low).
struct ExactSum {
    int low = 0;
    std::vector<std::uint64_t> limbs;

    void add(double v);
    void add(const ExactSum& other);
    // Adds n * v exactly.
    void add_product(double v, std::uint64_t n);
    // -1, 0 or 1.
    int sign() const;
    // Rounded to the nearest double (ties to even); false when it is outside the double range.
    bool to_double(double* out) const;
    void canonicalize();
};

struct Store {
    std::int32_t lowest = 0;
    std::vector<std::uint64_t> counts;  // lowest index first
    bool collapsed = false;

    bool empty() const { return counts.empty(); }
    std::int32_t highest() const { return lowest + static_cast<std::int32_t>(counts.size()) - 1; }
    // Adds n values of bucket index, folding the lowest buckets past max_buckets.
    void add(std::int32_t index, std::uint64_t n, std::uint32_t max_buckets);
    void add(const Store& other, std::uint32_t max_buckets);
    std::uint64_t total() const;
};

// A value decoded into its parts, for operations that change its shape.
struct Sketch {
    double alpha = kDefaultAlpha;
    std::uint32_t max_buckets = kDefaultMaxBuckets;
    std::uint64_t count = 0;
    std::uint64_t zero_count = 0;
    double min = 0, max = 0;
    ExactSum sum;
    // The values came (in part) from an image without a sum (doc/FORMAT.md 6.9):
    // the sum is not kept (empty), min and max are the extreme buckets' estimates.
    bool sum_unknown = false;
    Store positive, negative;
};

// The parameters: kInvalidParameter unless alpha is in [kMinAlpha, kMaxAlpha]
// and max_buckets in 1..kMaxBuckets.
void check_parameters(double alpha, long long max_buckets);

// The mapping (above). m = 7 / (20 alpha).
double multiplier(double alpha);
std::int32_t index_of(double magnitude, double multiplier);
// The lower and upper edges of bucket k: l^-1((k - 1) / m) and l^-1(k / m); the
// upper may be infinite for the last bucket.
double lower_edge(std::int32_t k, double multiplier);
double upper_edge(std::int32_t k, double multiplier);
// The value reported for bucket k: 2 lo hi / (lo + hi), within alpha of every value in (lo, hi].
double representative(std::int32_t k, double multiplier);

// Full validation of outside bytes (every field, kCorrupt naming it), and
// decoding; parse_trusted checks only what keeps reads inside the bytes.
Sketch parse(const std::uint8_t* data, std::size_t size);
void validate(const std::uint8_t* data, std::size_t size);
Sketch parse_trusted(const std::uint8_t* data, std::size_t size);
// The header's parameters, after the checks of parse_trusted.
void parameters_of(const std::uint8_t* data, std::size_t size, double* alpha, std::uint32_t* max_buckets);

// The canonical bytes of a sketch.
std::size_t encoded_size(const Sketch& s);
Buffer encode(const Sketch& s, Allocator& alloc);

Buffer make_empty(Allocator& alloc, double alpha, long long max_buckets);
// A sketch being built was made with these parameters: kMismatch
// (Reason::kParametersChanged, naming both) when a later call passes others.
void check_state_parameters(const std::uint8_t* data, std::size_t size, double alpha, long long max_buckets);

// Refuses NaN and infinities (kInvalidParameter).
void check_value(double v);
// Adds one value. With in_place, the result is written into data when its
// size does not change and {data, size} is returned; otherwise (or without
// in_place) the result is a new buffer. data is never partly written.
Buffer add(std::uint8_t* data, std::size_t size, double v, bool in_place, Allocator& alloc);
void add(Sketch& s, double v);

// Exact bucket addition; kMismatch (Reason::kDifferentParameters) unless alpha
// and max_buckets agree. Neither input is written.
Buffer merge(const std::uint8_t* left, std::size_t left_size, const std::uint8_t* right, std::size_t right_size,
             Allocator& alloc);
void merge(Sketch& into, const Sketch& other);

// Queries; false when the sketch is empty. q outside [0, 1] or NaN: kInvalidParameter.
// quantile: the value at 1-based position max(1, ceil(q n)) (percentile_disc's),
// answered within alpha of it, clamped to [min, max].
bool quantile(const Sketch& s, double q, double* out);
// percentile_cont's interpolation between positions floor(q (n-1)) and ceil(q (n-1)).
bool quantile_cont(const Sketch& s, double q, double* out);
// The fraction of values whose bucket's representative is <= x: exactly 0
// below min and 1 at or above max.
bool rank(const Sketch& s, double x, double* out);
// The sum rounded once; kTooLarge past the double range; kInvalidParameter when
// the sum is not known (sum_unknown).
double sum(const Sketch& s);

struct Info {
    int format_version;
    double alpha;
    std::uint32_t max_buckets;
    std::uint64_t count;
    std::uint64_t zero_count;
    std::uint64_t positive_count, negative_count;
    std::uint32_t positive_buckets, negative_buckets;
    std::int32_t positive_lowest, negative_lowest;
    bool positive_collapsed, negative_collapsed;
    bool sum_unknown;
    // Values of magnitude at most this in a collapsed store were folded (0 when none).
    double positive_collapse_bound, negative_collapse_bound;
    std::size_t bytes;
};
Info info(const Sketch& s, std::size_t bytes);

}  // namespace probabilistic::ddsketch
