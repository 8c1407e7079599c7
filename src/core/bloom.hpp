// Bloom filters, fixed-size and scalable (Almeida et al. 2007): format, sizing,
// bit positions, updates, union, intersection and fill-based estimates.
//
// Format (becomes doc/FORMAT.md). Little-endian throughout. A value is a
// 32-byte filter header, then layer_count layers, each a 32-byte layer header
// followed directly by its bit array. Nothing else; no padding between layers.
//
//   Filter header
//   offset size field
//        0    1 type tag 'B' (0x42)
//        1    1 format version, 1
//        2    1 hash id (probabilistic::kHashId): how values become 64-bit hashes
//        3    1 layout: 1 = fixed (one layer), 2 = scalable (layers appended as it fills)
//        4    2 layer count, u16: exactly 1 when fixed, 1..64 when scalable
//        6    2 reserved, zero
//        8    8 seed, u64, passed to the hash function
//       16    8 capacity, u64 in 1..2^63-1: items the filter (its first layer) was sized for
//       24    8 target false positive rate, IEEE-754 binary64, in (0, 1)
//
//   Layer i (i = 0 for the first) starts with a header
//        0    8 bit count m, u64 >= 1
//        8    8 capacity of the layer, u64: the filter's capacity times 2^i
//       16    8 bits set, u64: the population count of this layer's bit array
//       24    4 hash count k, u32 >= 1
//       28    4 reserved, zero
//       32    ceil(m / 8) bytes of bits: bit j is byte j / 8, bit j % 8 (LSB first);
//             the pad bits above m in the last byte are zero
//
// Every field is redundant with something else, so each can be checked:
//   design fpr of layer i:  fixed: the target;  scalable: target * 2^-(i+1)
//   m = ceil(-n ln p / (ln 2)^2) for the layer's capacity n and design fpr p
//   k = max(1, round((m / n) ln 2))
//   bits set = popcount of the bit array
//   in a scalable filter every layer but the last is full (see Scalable growth)
// m and k are stored anyway so that readers need no floating point to find
// bits, and parse accepts each within one of the recomputed value, because
// std::log may differ in the last ulp between C libraries and a value written
// on one platform must stay readable on every other. For the same reason the
// fullness check allows one bit of slack.
//
// Bit positions. The caller hashes the value once with the canonical 64-bit
// hash (hash.hpp) and the filter's seed. From that hash h, with
// fmix(z) the splitmix64 finalizer and gamma = 0x9E3779B97F4A7C15:
//   h2 = fmix(h) | 1
//   h3 = fmix(h + gamma)
//   x_i = h + i*h2 + ((i^3 - i)/6)*h3          (mod 2^64)
//   position_i = (x_i * m) >> 64                (128-bit product: Lemire's multiply-shift)
// for i = 0..k-1. Multiply-shift maps the full 64-bit range onto 0..m-1 with no
// modulo bias and no 2^32 ceiling, so filters above 2^32 bits work.
// This is enhanced double hashing (Dillinger & Manolios 2004) moved from
// arithmetic mod m to the 64-bit word whose top bits multiply-shift reads.
// There the plain cubic term (i^3 - i)/6 is far too small to move a position,
// leaving the arithmetic progressions of double hashing, whose correlated
// collisions made the measured false positive rate of full filters 2.2 times
// the rate their fill predicts (and the target) for 100 items at 1e-4
// (k = 13), and 4.6 times for 200 items at 1e-5 (k = 17). Scaling the cubic
// term by a third derived value restores rates indistinguishable from
// independent hashing in the same measurements.
//
// Scalable growth. Layer i is sized for capacity * 2^i items at target *
// 2^-(i+1), so the union bound on the whole filter's false positive rate,
// sum over i of target * 2^-(i+1), stays below the target however many layers
// grow. Items go into the last layer, which counts as full once its fill X
// (the stored bits-set count) is limited to
//   L = ceil(min(m * (1 - exp(-k n / m)), m * p^(1/k)))
// for its capacity n and design fpr p: the fill n items are expected to leave,
// or the fill at which the rate it predicts, (X/m)^k, reaches p, whichever
// comes first (rounding k to an integer can put the second first). A new item
// whose k positions find c bits clear (a repeated position counting twice)
// goes into the last layer if X = 0 or X + c <= L; otherwise a layer is
// appended for it. So no layer's fill passes L, whatever its size (an item
// alone in a fresh layer excepted), and a closed layer has X > L - k. No item counter is stored: deciding from the fill
// keeps the format a function of the bits alone, so union is idempotent,
// commutative and associative, and bounds the realised rate of each layer
// rather than its expectation. An add first checks every layer, so an item
// already present adds nothing and duplicates use no capacity.
//
// Combining. Union ORs layer by layer. Fixed filters need identical
// parameters. Scalable filters need identical parameters except the layer
// count: layer i is fully determined by them, so the union keeps the longer
// list of layers, and every item of either input stays in the layer it was
// added to (no false negatives). Intersection ANDs layer by layer and is
// refused for scalable filters with more than one layer, where the same item
// can sit in different layers of the two inputs and would be lost.
// Containment compares bits layer by layer, a layer missing from the outer
// filter counting as empty.
#pragma once

#include <vector>

#include "core.hpp"

namespace probabilistic::bloom {

constexpr std::uint8_t kTypeTag = 'B';
constexpr std::uint8_t kFormatVersion = 1;
constexpr std::uint8_t kLayoutFixed = 1;
constexpr std::uint8_t kLayoutScalable = 2;
constexpr std::size_t kHeaderSize = 32;
constexpr std::size_t kLayerHeaderSize = 32;
// Far above need: the value size limit stops growth near 30 layers.
constexpr std::size_t kMaxLayers = 64;
constexpr std::uint64_t kMaxCapacity = UINT64_C(0x7FFFFFFFFFFFFFFF);

struct Header {
    std::uint8_t layout;
    std::uint8_t hash_id;
    std::uint16_t layer_count;
    std::uint64_t seed;
    std::uint64_t capacity;
    double fpr;
};

struct Layer {
    std::uint64_t bit_count;
    std::uint32_t hash_count;
    std::uint64_t capacity;
    std::uint64_t bits_set;
    std::size_t offset;  // of the layer header within the value
};

inline std::size_t layer_bytes(std::uint64_t bit_count) {
    return static_cast<std::size_t>((bit_count >> 3) + ((bit_count & 7) != 0));
}
inline std::size_t bits_offset(const Layer& l) { return l.offset + kLayerHeaderSize; }
inline std::size_t next_layer_offset(const Layer& l) { return bits_offset(l) + layer_bytes(l.bit_count); }

// Reads the layer header at offset; the caller knows it lies within the value.
Layer read_layer(const std::uint8_t* data, std::size_t offset);

// A value whose header and layer walk have been checked. Points into the caller's bytes.
struct Sketch {
    Header header;
    const std::uint8_t* data;
    std::size_t size;
    std::size_t last_layer_offset;

    bool scalable() const { return header.layout == kLayoutScalable; }
    Layer first_layer() const { return read_layer(data, kHeaderSize); }
    Layer last_layer() const { return read_layer(data, last_layer_offset); }
    const std::uint8_t* bits(const Layer& l) const { return data + bits_offset(l); }
};

// Calls f(index, layer) for every layer, first to last.
template <class F>
void for_each_layer(const Sketch& s, F&& f) {
    std::size_t offset = kHeaderSize;
    for (std::size_t i = 0; i < s.header.layer_count; i++) {
        Layer l = read_layer(s.data, offset);
        f(i, l);
        offset = next_layer_offset(l);
    }
}

// Sizing. check_parameters throws kInvalidParameter; the others assume valid
// parameters. bit_count_for throws kTooLarge when one layer alone would not fit.
void check_parameters(long long capacity, double fpr);
double optimal_bit_count(double capacity, double fpr);
std::uint64_t bit_count_for(std::uint64_t capacity, double fpr);
std::uint32_t hash_count_for(std::uint64_t bit_count, std::uint64_t capacity);
double layer_fpr(const Header& h, std::size_t layer_index);
// The fill at which a scalable filter's layer counts as full (see Scalable growth above).
std::uint64_t fill_limit(std::uint64_t bit_count, std::uint32_t hash_count, std::uint64_t capacity, double design_fpr);
// Bytes of a new, empty filter (a scalable one has its first layer only).
// Validates the parameters and throws kTooLarge past kMaxValueBytes; allocates nothing.
std::size_t empty_size(long long capacity, double fpr, bool scalable);

// The layer a scalable filter of `size` bytes would append next, placed at
// offset `size`. Throws kTooLarge when the grown value would pass
// kMaxValueBytes or the layer limit; allocates nothing.
Layer next_layer(const Header& h, std::size_t size);

// Positions. bit_position states the definition; PositionSequence walks it
// incrementally and is what the hot paths use.
inline std::uint64_t fmix64(std::uint64_t z) {
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}
inline std::uint64_t second_hash(std::uint64_t hash) { return fmix64(hash) | 1u; }
inline std::uint64_t third_hash(std::uint64_t hash) { return fmix64(hash + UINT64_C(0x9E3779B97F4A7C15)); }
inline std::uint64_t reduce(std::uint64_t x, std::uint64_t bit_count) {
    __extension__ typedef unsigned __int128 uint128;
    return static_cast<std::uint64_t>((static_cast<uint128>(x) * bit_count) >> 64);
}
std::uint64_t bit_position(std::uint64_t hash, std::uint32_t i, std::uint64_t bit_count);

class PositionSequence {
public:
    PositionSequence(std::uint64_t hash, std::uint64_t bit_count)
        : x_(hash), h2_(second_hash(hash)), h3_(third_hash(hash)), cubic_step_(0), cubic_step_growth_(0),
          bit_count_(bit_count) {}
    std::uint64_t next() {
        std::uint64_t position = reduce(x_, bit_count_);
        // x_{i+1} - x_i = h2 + (i(i+1)/2)*h3; the second part grows by (i+1)*h3 each step.
        x_ += h2_ + cubic_step_;
        cubic_step_growth_ += h3_;
        cubic_step_ += cubic_step_growth_;
        return position;
    }

private:
    std::uint64_t x_, h2_, h3_, cubic_step_, cubic_step_growth_, bit_count_;
};

// Full validation of outside bytes: every header field, every layer header
// against the sizing rules, pad bits, stored populations, growth consistency.
Sketch parse(const std::uint8_t* data, std::size_t size);
// Header fields and the layer walk only (O(layer count)), for values that were
// validated on their way in.
Sketch parse_trusted(const std::uint8_t* data, std::size_t size);

Buffer make_empty(Allocator& alloc, long long capacity, double fpr, bool scalable, std::uint64_t seed);

// Adds one hashed value. With in_place, an update that keeps the size is
// written into data and {data, size} is returned; otherwise a new buffer is
// allocated when anything changes. Unchanged input returns {data, size}.
// A scalable filter that must grow always returns a new, larger buffer.
Buffer add_hash(std::uint8_t* data, std::size_t size, std::uint64_t hash, bool in_place, Allocator& alloc);

bool contains_hash(const Sketch& s, std::uint64_t hash);

// Union and intersection, with the same buffer rules as add_hash: in_place
// writes into left when the result has left's size; unchanged left is returned as is.
Buffer merge_or(std::uint8_t* left, std::size_t left_size, const std::uint8_t* right, std::size_t right_size,
                bool in_place, Allocator& alloc);
Buffer merge_and(std::uint8_t* left, std::size_t left_size, const std::uint8_t* right, std::size_t right_size,
                 bool in_place, Allocator& alloc);

// Every bit set in inner is set in outer, layer by layer; a layer inner has
// and outer lacks must be empty.
bool contains(const Sketch& outer, const Sketch& inner);

// Swamidass & Baldi (2007): n ~ -(m/k) ln(1 - X/m) for X bits set, summed over layers.
double estimate(const Sketch& s);
// (X/m)^k per layer, combined as 1 - prod(1 - fpr_i).
double estimated_fpr(const Sketch& s);

struct LayerInfo {
    std::uint64_t bit_count;
    std::uint32_t hash_count;
    std::uint64_t capacity;
    std::uint64_t bits_set;
    double design_fpr;
    double estimated_items;
    double estimated_fpr;
};

struct Info {
    int format_version;
    int hash_id;
    bool scalable;
    int layer_count;
    std::uint64_t seed;
    std::uint64_t capacity;
    double fpr;
    std::uint64_t bit_count;  // all layers
    std::uint64_t bits_set;   // all layers
    double estimated_items;
    double estimated_fpr;
    std::size_t bytes;
    std::vector<LayerInfo> layers;
};
Info info(const Sketch& s);

// The transition state of bloom_agg(x [, fpr]) as parallel workers pass it on
// (PostgreSQL's serialize and deserialize functions): the target rate (double),
// the number of hashes (u64), then the distinct 64-bit hashes themselves, all
// little-endian, in no particular order. parse_distinct_state validates it
// field by field (throws kCorrupt) before any hash is read.
constexpr std::size_t kDistinctStateHeaderSize = 16;
struct DistinctState {
    double fpr;
    std::uint64_t count;
    const std::uint8_t* hashes;  // count * 8 bytes
    std::uint64_t hash(std::uint64_t i) const { return load_le64(hashes + 8 * i); }
};
void write_distinct_state_header(std::uint8_t* out, double fpr, std::uint64_t count);
DistinctState parse_distinct_state(const std::uint8_t* data, std::size_t size);

}  // namespace probabilistic::bloom
