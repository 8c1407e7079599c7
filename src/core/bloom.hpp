// Bloom filters, fixed-size, scalable (Almeida et al. 2007) and blocked
// (Putze, Sanders, Singler 2007; one cache line per item): format,
// sizing, bit positions, updates, union, intersection, fill-based estimates,
// and the distinct-hash set behind bloom_agg(x [, fpr]).
//
// doc/FORMAT.md section 4 is the specification: byte layout, sizing formulas,
// the derivation of bit positions and why it is so, scalable growth and
// combining. What the code below relies on:
// - A value is a 32-byte filter header, then layer_count layers, each a
//   32-byte layer header followed directly by ceil(m / 8) bytes of bits (bit j
//   is byte j / 8, bit j % 8, least significant first; pad bits zero).
//   Little-endian throughout; nothing else, no padding.
// - Every stored field is redundant with something else, so each is checked:
//   m and k follow from a layer's capacity and design rate (parse accepts each
//   within one of the recomputed value, for a last-ulp difference between C
//   libraries' logarithms), and bits set is the population of the layer's bits.
// - Layer i of a scalable filter holds capacity * 2^i items at target *
//   2^-(i+1); every layer but the last is full (its fill is above
//   fill_limit - k). Growth depends on the bits alone, so union is idempotent,
//   commutative and associative.
// - Combining needs identical parameters, except a scalable filter's layer
//   count; intersection is refused once a scalable filter has grown.
// - A blocked filter has one layer of 512-bit blocks; an item sets k bits in
//   one block, one in each of k segments of floor(512 / k) bits, so a probe
//   costs one cache miss. Its rate is the Poisson mixture over items per
//   block (blocked_fpr), and it is sized by that, not by the formula of an
//   unblocked layer (a fixed or scalable filter's, whose k positions range
//   over the whole layer).
// The layouts' one name each: fixed, scalable, blocked (layout_name); SQL also
// accepts 'classic' for fixed (layout_of_name), and nothing else says it.
#pragma once

#include <vector>

#include "bloom_probe.h"
#include "core.hpp"
#include "kind.hpp"

namespace probabilistic::bloom {

constexpr std::uint8_t kTypeTag = 'B';
constexpr std::uint8_t kLayoutFixed = 1;
constexpr std::uint8_t kLayoutScalable = 2;
constexpr std::uint8_t kLayoutBlocked = 3;
// A blocked filter's block: one 64-byte cache line. Smaller blocks (256 bits)
// probe a little faster where a 512-bit block, unaligned in a value, spans two
// lines, but need more bits per item the lower the rate (bench/bloom_blocks.cpp,
// bench/RESULTS.md); 512 keeps blocking's cost in bits small at every rate.
constexpr std::uint32_t kBlockBits = 512;
constexpr std::uint32_t kBlockBytes = kBlockBits / 8;
constexpr std::uint32_t kMaxBlockedHashes = 32;
constexpr std::size_t kHeaderSize = 32;
constexpr std::size_t kLayerHeaderSize = 32;
// Far above need: the value size limit stops growth near 30 layers.
constexpr std::size_t kMaxLayers = 64;
constexpr std::uint64_t kMaxCapacity = UINT64_C(0x7FFFFFFFFFFFFFFF);

// "fixed", "scalable", "blocked" (as bloom_info shows it).
const char* layout_name(std::uint8_t layout);
// The layout a name stands for: those layout_name gives, and "classic" for
// fixed. kInvalidParameter for anything else, listing the names.
std::uint8_t layout_of_name(const std::string& name);
// A layout id from outside the core (kInvalidParameter unless 1, 2 or 3).
std::uint8_t checked_layout(int layout);

struct Header {
    std::uint8_t layout;
    std::uint8_t hash_id;
    std::uint16_t layer_count;
    std::uint64_t seed;
    std::uint64_t capacity;
    double fpr;
    std::uint16_t kind = kind::kNone;  // kind.hpp; stored only in format version 2
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
    bool blocked() const { return header.layout == kLayoutBlocked; }
    Layer first_layer() const { return read_layer(data, kHeaderSize); }
    Layer last_layer() const { return read_layer(data, last_layer_offset); }
    const std::uint8_t* bits(const Layer& l) const { return data + bits_offset(l); }
    // No bit set in any layer: no value was added.
    bool empty() const;
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

// Sizing (doc/FORMAT.md 4.4, 4.13): one path from parameters to a layer.
// check_parameters throws kInvalidParameter.
void check_parameters(long long capacity, double fpr);
double optimal_bit_count(double capacity, double fpr);
std::uint32_t hash_count_for(double bit_count, double capacity);
double layer_fpr(const Header& h, std::size_t layer_index);
// A layer for capacity items at the layer's rate: its bits (a whole number, as
// a double: a size past every limit is the caller's to refuse) and hashes.
// Unblocked: the optimal bits, rounded up; blocked: whole blocks of the
// rate's design (blocked_design).
struct LayerSize {
    double bit_count;
    std::uint32_t hash_count;
};
LayerSize layer_size(std::uint64_t capacity, double fpr, bool blocked);
// The fill at which a scalable filter's layer counts as full (doc/FORMAT.md 4.7).
std::uint64_t fill_limit(std::uint64_t bit_count, std::uint32_t hash_count, std::uint64_t capacity, double design_fpr);
// The one path from a new filter's parameters to what it is made of: its
// layout, rate, first layer (a scalable one has no other) and bytes.
// Validates the layout id (checked_layout) and the parameters, and throws
// too_large (core.hpp) past kMaxCreatedValueBytes; allocates nothing.
struct NewFilter {
    std::uint8_t layout;
    double fpr;
    Layer first;
    std::size_t bytes;
};
NewFilter new_filter(long long capacity, double fpr, int layout);
inline std::size_t empty_size(long long capacity, double fpr, int layout) {
    return new_filter(capacity, fpr, layout).bytes;
}
inline std::size_t empty_size(long long capacity, double fpr, bool scalable) {
    return empty_size(capacity, fpr, scalable ? kLayoutScalable : kLayoutFixed);
}

// Blocked sizing (doc/FORMAT.md 4.13). The rate of a filter of blocks of
// block_bits bits, with keys_per_block items per block on average, k bits per
// item: sum over j of Poisson(j; keys_per_block) * (1 - (1 - 1/s)^j)^k, with
// segments of s = floor(block_bits / k) bits. Exact for Poisson arrivals; the
// true binomial count per block varies less, so a filter does a little better.
double blocked_fpr(double keys_per_block, std::uint32_t hash_count, std::uint32_t block_bits = kBlockBits);
// The most items per block at which some k meets fpr, and that k (the
// smallest such k among ties). Depends on fpr alone.
struct BlockedDesign {
    double keys_per_block;
    std::uint32_t hash_count;
};
BlockedDesign blocked_design(double fpr, std::uint32_t block_bits = kBlockBits);
inline std::uint32_t segment_bits(std::uint32_t hash_count, std::uint32_t block_bits = kBlockBits) {
    return block_bits / hash_count;
}
static_assert(kBlockBits == PROB_BLOOM_BLOCK_BITS && kMaxBlockedHashes == PROB_BLOOM_MAX_BLOCKED_HASHES &&
                  kMaxLayers == PROB_BLOOM_PROBE_MAX_LAYERS,
              "bloom.hpp and bloom_probe.h disagree on the layout");

// The layer a scalable filter of `size` bytes would append next, placed at
// offset `size`. Throws kTooLarge when the grown value would pass
// kMaxCreatedValueBytes or the layer limit; allocates nothing.
Layer next_layer(const Header& h, std::size_t size);

// Bit positions (doc/FORMAT.md 4.5), from the splitmix64 finalizer. The
// rules live once, in bloom_probe.h, which the PostgreSQL layer's probe
// inlines too; these are their C++ names.
constexpr std::uint64_t kGolden = PROB_BLOOM_GOLDEN;
inline std::uint64_t fmix64(std::uint64_t z) { return prob_bloom_fmix64(z); }
inline std::uint64_t second_hash(std::uint64_t hash) { return prob_bloom_second_hash(hash); }
inline std::uint64_t third_hash(std::uint64_t hash) { return prob_bloom_third_hash(hash); }
// Multiply-shift: the top 64 bits of x * bit_count, in 0 .. bit_count - 1.
inline std::uint64_t reduce(std::uint64_t x, std::uint64_t bit_count) { return prob_bloom_reduce(x, bit_count); }
// Position i of a hash by the definition; PositionSequence walks the same
// positions incrementally and is what the hot paths use.
std::uint64_t bit_position(std::uint64_t hash, std::uint32_t i, std::uint64_t bit_count);

class PositionSequence {
public:
    PositionSequence(std::uint64_t hash, std::uint64_t bit_count) { prob_bloom_positions_init(&p_, hash, bit_count); }
    std::uint64_t next() { return prob_bloom_positions_next(&p_); }

private:
    ProbBloomPositions p_;
};

// A blocked filter's positions (doc/FORMAT.md 4.13, bloom_probe.h): the
// block is the top of hash * block_count (multiply-shift); bit i of the item
// is in segment i. block_bit_position is bit i's index in the whole layer.
inline std::uint64_t block_index(std::uint64_t hash, std::uint64_t block_count) {
    return prob_bloom_block_index(hash, block_count);
}
template <class F>
inline void for_each_block_bit(std::uint64_t hash, std::uint32_t hash_count, F&& f) {
    std::uint64_t pos[kMaxBlockedHashes];
    prob_bloom_block_bits(hash, hash_count, pos);
    for (std::uint32_t i = 0; i < hash_count; i++) f(pos[i]);
}
std::uint64_t block_bit_position(std::uint64_t hash, std::uint32_t i, std::uint32_t hash_count,
                                 std::uint64_t block_count);

// Full validation of outside bytes: every header field, every layer header
// against the sizing rules, pad bits, stored populations, growth consistency.
Sketch parse(const std::uint8_t* data, std::size_t size);
// Header fields and the layer walk only (O(layer count)), for values that were
// validated on their way in.
Sketch parse_trusted(const std::uint8_t* data, std::size_t size);

// bloom_empty: a filter with no item, its size checked as empty_size does.
Buffer make_empty(Allocator& alloc, long long capacity, double fpr, int layout, std::uint64_t seed);
inline Buffer make_empty(Allocator& alloc, long long capacity, double fpr, bool scalable, std::uint64_t seed) {
    return make_empty(alloc, capacity, fpr, scalable ? kLayoutScalable : kLayoutFixed, seed);
}

// An aggregate's working state (bloom_probe.h; doc/FORMAT.md 4.14): a fixed
// or blocked filter whose layout byte has kBuildingFlag set, followed by a
// buffer of hashes not yet in its bits. bloom_agg(x, capacity, fpr) keeps
// one so that each row's add only starts the loads of its lines, and the
// buffer, once full, is applied while they are in cache or in flight. Never
// stored: the final, combine and output functions apply the buffer first;
// parse and parse_trusted refuse it.
constexpr std::uint8_t kBuildingFlag = PROB_BLOOM_BUILDING_FLAG;
constexpr std::size_t kPendingHeaderSize = PROB_BLOOM_PENDING_HEADER_SIZE;
constexpr std::uint32_t kPendingSlots = PROB_BLOOM_PENDING_SLOTS;
// Smaller filters stay in the caches, where an add waits for no load: they
// are built without a buffer, which then costs at most 2% of a state.
constexpr std::size_t kMinBuildingBytes = 16384;

struct State {
    Sketch filter;          // its filter part: header (layout without the flag) and layer
    std::uint8_t* pending;  // the buffer: u32 count, u32 slots, slots hashes; nullptr for a filter
};
// Header and layer checks as parse_trusted, and the buffer's; a filter is a state without a buffer.
State parse_state(const std::uint8_t* data, std::size_t size);
// bloom_agg's state at a group's first row: with `batched`, a fixed or
// blocked filter of at least kMinBuildingBytes is made a working state;
// anything else is make_empty's filter.
Buffer aggregate_state(Allocator& alloc, long long capacity, double fpr, int layout, std::uint64_t seed,
                       bool batched, std::uint16_t kind);
// The canonical value of a state, allocated; a canonical filter is returned
// as it is (an empty one records no kind).
// Never modifies its input (final functions may run more than once).
Buffer finish(const std::uint8_t* data, std::size_t size, Allocator& alloc);
// Makes a state its canonical value in place; returns the value's size
// (shorter than size when the buffer was cut off).
std::size_t finish_in_place(std::uint8_t* data, std::size_t size);
// bloom_agg's combine: the filter left (writable, in place) absorbs the
// state right, its bits and its pending hashes, as union_of would its value.
Buffer union_state(std::uint8_t* left, std::size_t left_size, const std::uint8_t* right, std::size_t right_size,
                   Allocator& alloc);

// An aggregate's filter or working state was made with this capacity and
// rate; kMismatch, naming both, if a later row passed others.
void check_state_parameters(const std::uint8_t* data, std::size_t size, long long capacity, double fpr,
                            std::uint8_t layout = kLayoutFixed);

// Adds one hashed value of kind `kind` (kind::after_add). With in_place, an update that keeps the size is
// written into data and {data, size} is returned; otherwise a new buffer is
// allocated when anything changes. Unchanged input returns {data, size}.
// A scalable filter that must grow always returns a new, larger buffer.
// Accepts working states (in_place only): the hash joins their buffer.
Buffer add_hash(std::uint8_t* data, std::size_t size, std::uint64_t hash, bool in_place, Allocator& alloc,
                std::uint16_t kind = kind::kNone);

// The probe of s (bloom_probe.h): its layers' bits and positioning, for
// many probes without reading the headers again. Points into s's bytes.
void prepare_probe(const Sketch& s, ProbBloomProbe* out);
// Membership (bloom_contains): the hash is in at least one layer.
bool contains(const Sketch& s, std::uint64_t hash);
// contains for n hashes into found[0..n-1]; for a fixed or blocked filter it
// starts the loads of the next keys (their k positions, or their block)
// while it tests the current ones. A scalable filter is probed key by key.
void contains_many(const Sketch& s, const std::uint64_t* hashes, std::size_t n, bool* found);

// bloom_union and bloom_intersect, with the same buffer rules as add_hash:
// in_place writes into left when the result has left's size; unchanged left
// is returned as is.
Buffer union_of(std::uint8_t* left, std::size_t left_size, const std::uint8_t* right, std::size_t right_size,
                bool in_place, Allocator& alloc);
Buffer intersection_of(std::uint8_t* left, std::size_t left_size, const std::uint8_t* right,
                       std::size_t right_size, bool in_place, Allocator& alloc);

// Every bit set in inner is set in outer, layer by layer; a layer inner has
// and outer lacks must be empty. Then every item of inner is found in outer;
// the converse fails for scalable filters that have grown (an item's layer
// depends on when it was added). The kinds must be comparable.
bool superset(const Sketch& outer, const Sketch& inner);
// bloom_superset (@>): true when superset holds; false when outer has one
// layer and inner's first layer is not covered (an item of inner is not in
// outer); otherwise (a grown scalable filter) throws kMismatch rather than
// answer a false that may be wrong.
bool includes(const Sketch& outer, const Sketch& inner);

// Swamidass & Baldi (2007): n ~ -(m/k) ln(1 - X/m) for X bits set, summed over layers.
double estimate(const Sketch& s);
// bloom_cardinality: the estimate rounded to the nearest integer.
std::int64_t cardinality(const Sketch& s);
// bloom_fpr: (X/m)^k per layer, combined as 1 - prod(1 - fpr_i); an empty filter's is +0.
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
    std::uint16_t kind;
    std::uint8_t layout;
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

// The rate of a filter sized from its distinct values when none is given.
constexpr double kDefaultFpr = 0.01;

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

// bloom_agg(x [, fpr]) builds a filter sized to the distinct values it saw,
// whose number is known only at the end. Until then it keeps the 64-bit hash
// of every distinct value in an open-addressing set (linear probing, indexed
// by the top bits of the hash, at most 3/4 full; 0 marks an empty slot, so
// the hash 0 is kept aside). The order hashes come in does not change the
// filter's bytes, so parallel and serial plans build the same one.
//
// Its memory comes from the allocator it was made with (which must outlive
// it and align blocks for 8-byte words; the set may take more than 1 GB).
// Loops over the set poll the interrupt hook every 64k slots or hashes, and
// every operation is safe to repeat after kInterrupted: add and combine only
// insert (a set absorbs what a stopped run already put in), growth switches
// to the larger table only once it is complete, and the other operations
// build a new output each time.
constexpr std::uint64_t kDistinctLimit = 100000000;

class DistinctBuilder {
public:
    // An empty set for expected hashes. Refuses a rate no filter could have
    // (kInvalidParameter), at the first row rather than after buffering every value.
    DistinctBuilder(Allocator& alloc, double fpr, std::uint64_t expected = 0);
    // The set a serialized state holds (state from parse_distinct_state).
    DistinctBuilder(Allocator& alloc, const DistinctState& state);
    ~DistinctBuilder();
    DistinctBuilder(const DistinctBuilder&) = delete;
    DistinctBuilder& operator=(const DistinctBuilder&) = delete;

    double fpr() const { return fpr_; }
    // Distinct hashes held.
    std::uint64_t size() const { return count_ + (has_zero_ ? 1 : 0); }
    // kMismatch, naming both rates, when a later row passes another rate.
    void check_fpr(double fpr) const;
    // kTooLarge past kDistinctLimit distinct hashes.
    void add(std::uint64_t hash);
    // Adds every hash of other (bloom_distinct_combine).
    void combine(const DistinctBuilder& other);
    // The serialized state, allocated from out (parallel workers' format above).
    Buffer serialize(Allocator& out) const;
    // The final filter, allocated from out: fixed, seed kDefaultSeed, rate
    // fpr(), capacity size() (at least 1), every hash added, of values of
    // `kind`. The set is unchanged.
    Buffer finish(Allocator& out, std::uint16_t kind) const;

private:
    template <class F>
    void for_each_hash(F&& f) const;
    void grow();

    Allocator& alloc_;
    double fpr_;
    bool has_zero_ = false;
    std::uint64_t count_ = 0;  // non-zero hashes in slots_
    int log2_slots_;
    std::uint64_t* slots_ = nullptr;
};

}  // namespace probabilistic::bloom
