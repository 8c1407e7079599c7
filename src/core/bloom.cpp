#include "bloom.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "hash.hpp"
#include "header.hpp"

namespace probabilistic::bloom {
namespace {

// Filter header byte offsets (doc/FORMAT.md 4.2).
using header::kOffHashId;
using header::kOffTag;
using header::kOffVersion;
constexpr std::size_t kOffLayout = 3, kOffLayerCount = 4,
                      kOffSeed = 8, kOffCapacity = 16, kOffFpr = 24;
// Layer header byte offsets, relative to the layer.
constexpr std::size_t kLayerOffBitCount = 0, kLayerOffCapacity = 8, kLayerOffBitsSet = 16, kLayerOffHashCount = 24,
                      kLayerOffReserved = 28;
static_assert(kLayerOffBitsSet == PROB_BLOOM_LAYER_BITS_SET_OFFSET && kLayerHeaderSize == PROB_BLOOM_LAYER_HEADER_SIZE,
              "bloom.cpp and bloom_probe.h disagree on the layer header");

// A literal rather than std::log(2.0), so sizing does not depend on one more libm call.
constexpr double kLn2 = 0.693147180559945309417232121458176568;
// No single layer may need more bits than a whole value can hold.
constexpr double kMaxBitCount = static_cast<double>(kMaxValueBytes) * 8.0;

constexpr header::Type kHeaderType{"invalid bloom filter", kTypeTag, kHeaderSize, kHashIdV1};

Error corrupt(const std::string& what) { return header::corrupt(kHeaderType, what); }

std::string layer_name(std::size_t i) { return "layer " + std::to_string(i); }

void write_header(std::uint8_t* out, const Header& h) {
    out[kOffTag] = kTypeTag;
    out[kOffHashId] = h.hash_id;
    out[kOffLayout] = h.layout;
    store_le16(out + kOffLayerCount, h.layer_count);
    kind::write(out, h.kind, 0);
    store_le64(out + kOffSeed, h.seed);
    store_le64(out + kOffCapacity, h.capacity);
    store_double(out + kOffFpr, h.fpr);
}

// Writes an empty layer (header and zeroed bits) at l.offset.
void write_empty_layer(std::uint8_t* out, const Layer& l) {
    std::uint8_t* p = out + l.offset;
    store_le64(p + kLayerOffBitCount, l.bit_count);
    store_le64(p + kLayerOffCapacity, l.capacity);
    store_le64(p + kLayerOffBitsSet, 0);
    store_le32(p + kLayerOffHashCount, l.hash_count);
    store_le32(p + kLayerOffReserved, 0);
    std::uint8_t* bits = p + kLayerHeaderSize;
    in_chunks(layer_bytes(l.bit_count), [&](std::size_t begin, std::size_t end) {
        std::memset(bits + begin, 0, end - begin);
    });
}

void copy_bytes(std::uint8_t* out, const std::uint8_t* data, std::size_t size) {
    in_chunks(size, [&](std::size_t begin, std::size_t end) { std::memcpy(out + begin, data + begin, end - begin); });
}

Buffer copy(Allocator& alloc, const std::uint8_t* data, std::size_t size) {
    std::uint8_t* out = allocate_or_throw(alloc, size);
    copy_bytes(out, data, size);
    return {out, size};
}

std::uint64_t block_count(const Layer& l) { return l.bit_count / kBlockBits; }

const std::uint8_t* block_of_hash(const std::uint8_t* bits, const Layer& l, std::uint64_t hash) {
    return prob_bloom_block_of(bits, block_count(l), hash);
}

bool test_unblocked(const std::uint8_t* bits, const Layer& l, std::uint64_t hash) {
    return prob_bloom_unblocked_test(bits, l.bit_count, l.hash_count, hash);
}

bool test_bits(const std::uint8_t* bits, const Layer& l, std::uint64_t hash, bool blocked) {
    return blocked ? prob_bloom_block_test(bits, block_count(l), l.hash_count, hash) : test_unblocked(bits, l, hash);
}

// How many of the hash's k positions find their bit clear (a position that
// comes twice counts twice): 0 exactly when the layer may contain the hash,
// and never less than the bits an insert would set.
std::uint32_t clear_positions(const std::uint8_t* bits, const Layer& l, std::uint64_t hash) {
    PositionSequence positions(hash, l.bit_count);
    std::uint32_t clear = 0;
    for (std::uint32_t i = 0; i < l.hash_count; i++) {
        std::uint64_t pos = positions.next();
        clear += !((bits[pos >> 3] >> (pos & 7)) & 1);
    }
    return clear;
}

ProbBloomProbeLayer probe_layer(const std::uint8_t* bits, const Layer& l) {
    return ProbBloomProbeLayer{bits, l.bit_count, block_count(l), l.hash_count};
}

// Sets the hash's bits in layer l of the writable value out and keeps its stored population current.
void insert(std::uint8_t* out, const Layer& l, std::uint64_t hash, bool blocked) {
    std::uint8_t* bits = out + bits_offset(l);
    ProbBloomProbeLayer layer = probe_layer(bits, l);
    prob_bloom_layer_add(bits, &layer, blocked, hash);
}

void insert_unblocked(std::uint8_t* out, const Layer& l, std::uint64_t hash) { insert(out, l, hash, false); }

// Whole 64-bit words where possible; bitwise operations and population counts
// do not care about the host's byte order.
inline std::uint64_t load_word(const std::uint8_t* p) {
    std::uint64_t w;
    std::memcpy(&w, p, sizeof w);
    return w;
}
inline void store_word(std::uint8_t* p, std::uint64_t w) { std::memcpy(p, &w, sizeof w); }
inline unsigned popcount64(std::uint64_t w) { return static_cast<unsigned>(__builtin_popcountll(w)); }

std::uint64_t population(const std::uint8_t* bits, std::size_t n) {
    std::uint64_t count = 0;
    in_chunks(n, [&](std::size_t i, std::size_t end) {
        for (; i + 8 <= end; i += 8) count += popcount64(load_word(bits + i));
        for (; i < end; i++) count += popcount64(bits[i]);
    });
    return count;
}

// dst = dst OP src over n bytes; returns the population of the result (so a
// repeated run after an interrupt counts the same).
template <class Op>
std::uint64_t combine_into(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Op op) {
    std::uint64_t count = 0;
    in_chunks(n, [&](std::size_t i, std::size_t end) {
        for (; i + 8 <= end; i += 8) {
            std::uint64_t w = op(load_word(dst + i), load_word(src + i));
            store_word(dst + i, w);
            count += popcount64(w);
        }
        for (; i < end; i++) {
            dst[i] = static_cast<std::uint8_t>(op(dst[i], src[i]));
            count += popcount64(dst[i]);
        }
    });
    return count;
}

bool is_subset(const std::uint8_t* inner, const std::uint8_t* outer, std::size_t n) {
    bool subset = true;
    in_chunks(n, [&](std::size_t i, std::size_t end) {
        for (; subset && i + 8 <= end; i += 8) subset = !(load_word(inner + i) & ~load_word(outer + i));
        for (; subset && i < end; i++) subset = !(inner[i] & ~outer[i]);
    });
    return subset;
}

}  // namespace

const char* layout_name(std::uint8_t layout) {
    switch (layout) {
        case kLayoutFixed: return "fixed";
        case kLayoutScalable: return "scalable";
        case kLayoutBlocked: return "blocked";
        default: return "unknown";
    }
}

std::uint8_t layout_of_name(const std::string& name) {
    if (name == "fixed" || name == "classic") return kLayoutFixed;
    if (name == "scalable") return kLayoutScalable;
    if (name == "blocked") return kLayoutBlocked;
    throw Error(ErrorKind::kInvalidParameter, "unknown bloom filter layout \"" + name + "\"", "",
                Reason::kUnknownLayout);
}

std::uint8_t checked_layout(int layout) {
    if (layout != kLayoutFixed && layout != kLayoutScalable && layout != kLayoutBlocked)
        throw Error(ErrorKind::kInvalidParameter, "unknown bloom filter layout id " + std::to_string(layout));
    return static_cast<std::uint8_t>(layout);
}

namespace {

std::string params_text(const Sketch& s) {
    const Header& h = s.header;
    std::string text = std::string(layout_name(h.layout)) + " layout, capacity " +
                       std::to_string(h.capacity) + ", false positive rate " + number_text(h.fpr);
    if (s.scalable()) {
        text += ", " + std::to_string(h.layer_count) + (h.layer_count == 1 ? " layer" : " layers");
    } else {
        Layer l = s.first_layer();
        text += ", " + std::to_string(l.bit_count) + " bits, " + std::to_string(l.hash_count) + " hashes";
    }
    return text + ", seed " + std::to_string(h.seed) + ", hash id " + std::to_string(h.hash_id);
}

// Layer i of both values has the same bit count and hash count, so the same
// offsets; only then may bits be combined. Scalable filters may differ in
// layer count: each layer is a function of the shared parameters.
void check_compatible(const Sketch& a, const Sketch& b) {
    const Header &x = a.header, &y = b.header;
    check_same_hash_id(x.hash_id, y.hash_id, "bloom filters");
    bool same = x.layout == y.layout && x.hash_id == y.hash_id && x.seed == y.seed && x.capacity == y.capacity &&
                x.fpr == y.fpr && (a.scalable() || x.layer_count == y.layer_count);
    if (!same)
        throw Error(ErrorKind::kMismatch, "cannot combine bloom filters with different parameters",
                    "One has " + params_text(a) + "; the other has " + params_text(b) + ".",
                    Reason::kDifferentParameters, "capacity, false positive rate, layout and seed");
    std::size_t common = std::min(x.layer_count, y.layer_count);
    std::size_t offset = kHeaderSize;
    for (std::size_t i = 0; i < common; i++) {
        Layer la = read_layer(a.data, offset), lb = read_layer(b.data, offset);
        if (la.bit_count != lb.bit_count || la.hash_count != lb.hash_count || la.capacity != lb.capacity)
            throw Error(ErrorKind::kMismatch, "cannot combine bloom filters with different layer sizes",
                        "One has " + params_text(a) + ", whose " + layer_name(i) + " has " +
                            std::to_string(la.bit_count) + " bits and " + std::to_string(la.hash_count) +
                            " hashes; the other has " + params_text(b) + ", whose " + layer_name(i) + " has " +
                            std::to_string(lb.bit_count) + " bits and " + std::to_string(lb.hash_count) +
                            " hashes.",
                        Reason::kSizedDifferently);
        offset = next_layer_offset(la);
    }
}

// ORs (or ANDs) every layer of src into the value out, which has at least src's layers.
template <class Op>
void combine_layers(std::uint8_t* out, const Sketch& src, Op op) {
    for_each_layer(src, [&](std::size_t, const Layer& l) {
        std::uint64_t count = combine_into(out + bits_offset(l), src.bits(l), layer_bytes(l.bit_count), op);
        store_le64(out + l.offset + kLayerOffBitsSet, count);
    });
}

// A blocked layer's bits that items can set: k segments of s bits per block.
double usable_bits(const Layer& l) {
    return static_cast<double>(l.bit_count / kBlockBits) * l.hash_count * segment_bits(l.hash_count);
}

// Each segment of each block receives a Poisson(n / blocks) number of items,
// so E[bits set] = usable * (1 - exp(-n / (blocks * s))); this inverts it.
double blocked_layer_estimate(const Layer& l) {
    double usable = usable_bits(l);
    double x = std::min(static_cast<double>(l.bits_set), usable - 0.5);
    double blocks = static_cast<double>(l.bit_count / kBlockBits);
    return -blocks * segment_bits(l.hash_count) * std::log1p(-x / usable);
}

double layer_estimate(const Layer& l, bool blocked) {
    if (blocked) return blocked_layer_estimate(l);
    double m = static_cast<double>(l.bit_count);
    // A saturated layer only says it holds at least this many; half a bit keeps the logarithm finite.
    double x = std::min(static_cast<double>(l.bits_set), m - 0.5);
    return -(m / l.hash_count) * std::log1p(-x / m);
}

// A blocked layer's rate is not (fill)^k: full blocks answer yes more often
// than the average fill says. The mixture at the estimated items per block.
double layer_estimated_fpr(const Layer& l, bool blocked) {
    if (blocked)
        return blocked_fpr(blocked_layer_estimate(l) / static_cast<double>(l.bit_count / kBlockBits), l.hash_count);
    return std::pow(static_cast<double>(l.bits_set) / static_cast<double>(l.bit_count), l.hash_count);
}

Error parameters_changed(const std::string& first, const std::string& now) {
    return Error(ErrorKind::kMismatch, "bloom filter parameters changed while building one filter",
                 "It was started with " + first + ", then given " + now + ".", Reason::kParametersChanged, first, now);
}

Error distinct_limit_error() {
    return Error(ErrorKind::kTooLarge,
                 "a filter sized from its distinct values cannot count more than " + std::to_string(kDistinctLimit) +
                     " of them",
                 "It keeps the 8-byte hash of every distinct value until the end, to size the filter from their "
                 "number.",
                 Reason::kDistinctLimit, std::to_string(kDistinctLimit));
}

// Loops over bloom_agg's hash set poll for interrupts every 64k slots or
// hashes (well under a millisecond).
constexpr std::uint64_t kDistinctPollMask = 0xFFFF;
constexpr int kDistinctMinLog2Slots = 4;

// Hashes a table of 2^log2_slots slots may hold before it grows.
std::uint64_t slot_limit(int log2_slots) { return (std::uint64_t(3) << log2_slots) / 4; }

// Gives a block back to its allocator unless kept: what a stopped operation allocated.
class BlockGuard {
public:
    BlockGuard(Allocator& alloc, std::uint8_t* block) : alloc_(alloc), block_(block) {}
    ~BlockGuard() {
        if (block_ != nullptr) alloc_.deallocate(block_);
    }
    BlockGuard(const BlockGuard&) = delete;
    BlockGuard& operator=(const BlockGuard&) = delete;
    std::uint8_t* keep() {
        std::uint8_t* block = block_;
        block_ = nullptr;
        return block;
    }

private:
    Allocator& alloc_;
    std::uint8_t* block_;
};

std::uint8_t* block_of(std::uint64_t* slots) { return reinterpret_cast<std::uint8_t*>(slots); }

// A zeroed table of 2^log2_slots slots (up to 2 GB: zeroed in chunks, polling).
std::uint64_t* new_table(Allocator& alloc, int log2_slots) {
    std::size_t bytes = sizeof(std::uint64_t) << log2_slots;
    std::uint8_t* p = allocate_or_throw(alloc, bytes);
    BlockGuard guard(alloc, p);
    in_chunks(bytes, [&](std::size_t begin, std::size_t end) { std::memset(p + begin, 0, end - begin); });
    return reinterpret_cast<std::uint64_t*>(guard.keep());
}

// Inserts a non-zero hash; false if it was there already.
bool put(std::uint64_t* slots, int log2_slots, std::uint64_t hash) {
    std::uint64_t mask = (std::uint64_t(1) << log2_slots) - 1;
    for (std::uint64_t i = hash >> (64 - log2_slots);; i = (i + 1) & mask) {
        if (slots[i] == hash) return false;
        if (slots[i] == 0) {
            slots[i] = hash;
            return true;
        }
    }
}

}  // namespace

Layer read_layer(const std::uint8_t* data, std::size_t offset) {
    const std::uint8_t* p = data + offset;
    return Layer{load_le64(p + kLayerOffBitCount), load_le32(p + kLayerOffHashCount), load_le64(p + kLayerOffCapacity),
                 load_le64(p + kLayerOffBitsSet), offset};
}

void check_parameters(long long capacity, double fpr) {
    if (capacity <= 0)
        throw Error(ErrorKind::kInvalidParameter,
                    "bloom filter capacity must be positive, not " + std::to_string(capacity));
    if (!(fpr > 0.0 && fpr < 1.0))
        throw Error(ErrorKind::kInvalidParameter,
                    "bloom filter false positive rate must be between 0 and 1, exclusive, not " + number_text(fpr));
}

double optimal_bit_count(double capacity, double fpr) { return -capacity * std::log(fpr) / (kLn2 * kLn2); }

std::uint32_t hash_count_for(double bit_count, double capacity) {
    double k = std::round(bit_count / capacity * kLn2);
    if (k < 1.0) return 1;
    if (k > 4294967295.0) return UINT32_MAX;
    return static_cast<std::uint32_t>(k);
}

double layer_fpr(const Header& h, std::size_t layer_index) {
    if (h.layout != kLayoutScalable) return h.fpr;
    return std::ldexp(h.fpr, -static_cast<int>(layer_index) - 1);
}

std::uint64_t fill_limit(std::uint64_t bit_count, std::uint32_t hash_count, std::uint64_t capacity, double design_fpr) {
    double m = static_cast<double>(bit_count), k = static_cast<double>(hash_count);
    double at_capacity = -m * std::expm1(-k * static_cast<double>(capacity) / m);
    double at_design_fpr = m * std::pow(design_fpr, 1.0 / k);
    double limit = std::ceil(std::min(at_capacity, at_design_fpr));
    if (!(limit >= 1.0)) return 1;
    if (limit >= m) return bit_count;
    return static_cast<std::uint64_t>(limit);
}

double blocked_fpr(double keys_per_block, std::uint32_t hash_count, std::uint32_t block_bits) {
    if (!(keys_per_block > 0.0)) return 0.0;
    double lambda = keys_per_block, k = hash_count;
    double log_keep = std::log1p(-1.0 / segment_bits(hash_count, block_bits));
    // Twelve standard deviations either side: the terms left out are below 1e-30.
    double spread = 12.0 * std::sqrt(lambda) + 30.0;
    double first = lambda > spread ? std::floor(lambda - spread) : 0.0, last = std::ceil(lambda + spread);
    double pmf = std::exp(-lambda + first * std::log(lambda) - std::lgamma(first + 1.0));
    double sum = 0.0;
    for (double j = first; j <= last; j += 1.0) {
        if (j > 0.0) sum += pmf * std::exp(k * std::log(-std::expm1(j * log_keep)));
        pmf *= lambda / (j + 1.0);
    }
    return sum;
}

namespace {
// Past this many items per block any rate is met (fpr near 1); the bisection stops there.
constexpr double kMaxKeysPerBlock = 1e6;

double max_keys_per_block(double fpr, std::uint32_t k, std::uint32_t block_bits) {
    double lo = 0.0, hi = 1.0;
    while (blocked_fpr(hi, k, block_bits) <= fpr) {
        lo = hi;
        hi *= 2.0;
        if (hi > kMaxKeysPerBlock) return kMaxKeysPerBlock;
    }
    // The rate rises with the items per block: bisect to about 1e-12 relative.
    for (int i = 0; i < 42; i++) {
        double mid = 0.5 * (lo + hi);
        (blocked_fpr(mid, k, block_bits) <= fpr ? lo : hi) = mid;
    }
    return lo;
}

// A design tries each k and bisects the items per block against the exact
// rate (a Poisson mixture): far more work than reading a filter
// (bench/RESULTS.md counts it), and every blocked filter of a rate shares it:
// the designs of the last few
// rates are kept, so that reading or making filters of a few rates in turn
// (a table's rows, a restore) computes each once, not once a value.
struct CachedDesign {
    double fpr;
    std::uint32_t block_bits;  // 0: empty
    BlockedDesign design;
};
constexpr std::size_t kCachedDesigns = 16;
}  // namespace

BlockedDesign blocked_design(double fpr, std::uint32_t block_bits) {
    thread_local CachedDesign cached[kCachedDesigns] = {};
    thread_local std::size_t next = 0;
    for (const CachedDesign& c : cached)
        if (c.block_bits != 0 && c.block_bits == block_bits && c.fpr == fpr) return c.design;
    BlockedDesign best{0.0, 1};
    // The best k is where items per block peak: stop two past the peak.
    for (std::uint32_t k = 1; k <= kMaxBlockedHashes && k <= block_bits; k++) {
        double lambda = max_keys_per_block(fpr, k, block_bits);
        if (lambda > best.keys_per_block) best = BlockedDesign{lambda, k};
        else if (k >= best.hash_count + 2) break;
    }
    cached[next] = CachedDesign{fpr, block_bits, best};
    next = (next + 1) % kCachedDesigns;
    return best;
}

namespace {
double blocked_block_count(double capacity, const BlockedDesign& design) {
    return std::max(1.0, std::ceil(capacity / design.keys_per_block));
}
}  // namespace

LayerSize layer_size(std::uint64_t capacity, double fpr, bool blocked) {
    double n = static_cast<double>(capacity);
    if (blocked) {
        BlockedDesign design = blocked_design(fpr);
        return LayerSize{blocked_block_count(n, design) * kBlockBits, design.hash_count};
    }
    double bits = std::max(1.0, std::ceil(optimal_bit_count(n, fpr)));
    return LayerSize{bits, hash_count_for(bits, n)};
}

NewFilter new_filter(long long capacity, double fpr, int layout_id) {
    std::uint8_t layout = checked_layout(layout_id);
    check_parameters(capacity, fpr);
    std::uint64_t n = static_cast<std::uint64_t>(capacity);
    Header h{layout, kHashId, 1, 0, n, fpr};
    LayerSize first = layer_size(n, layer_fpr(h, 0), layout == kLayoutBlocked);
    double bytes = static_cast<double>(kHeaderSize + kLayerHeaderSize) + std::ceil(first.bit_count / 8.0);
    if (!fits_new_value(bytes))
        throw too_large(std::string(layout == kLayoutScalable  ? "a scalable bloom filter's first layer"
                                    : layout == kLayoutBlocked ? "a blocked bloom filter"
                                                               : "a bloom filter") +
                            " for " + std::to_string(capacity) + " items at false positive rate " + number_text(fpr),
                        bytes);
    return NewFilter{layout, fpr, Layer{static_cast<std::uint64_t>(first.bit_count), first.hash_count, n, 0, kHeaderSize},
                         static_cast<std::size_t>(bytes)};
}

std::uint64_t block_bit_position(std::uint64_t hash, std::uint32_t i, std::uint32_t hash_count,
                                 std::uint64_t block_count) {
    std::uint64_t pos[kMaxBlockedHashes];
    prob_bloom_block_bits(hash, hash_count, pos);
    return block_index(hash, block_count) * kBlockBits + pos[i];
}

std::uint64_t bit_position(std::uint64_t hash, std::uint32_t i, std::uint64_t bit_count) {
    __extension__ typedef unsigned __int128 uint128;
    // (i^3 - i)/6 is exact in 128 bits for any 32-bit i; only then reduce mod 2^64.
    uint128 n = i;
    std::uint64_t cubic = static_cast<std::uint64_t>((n * n * n - n) / 6);
    std::uint64_t x = hash + static_cast<std::uint64_t>(i) * second_hash(hash) + cubic * third_hash(hash);
    return reduce(x, bit_count);
}

namespace {

// A layout byte that marks a working state: the flag on a fixed or blocked layout.
bool working_layout(std::uint8_t layout) {
    std::uint8_t unflagged = layout & ~kBuildingFlag;
    return layout != unflagged && (unflagged == kLayoutFixed || unflagged == kLayoutBlocked);
}

// The header and layer walk of parse_trusted. A working state's (building)
// layers end before its buffer: the returned filter's size is where they end.
Sketch parse_filter(const std::uint8_t* data, std::size_t size, bool building) {
    header::check(data, size, kHeaderType);
    std::uint8_t layout = data[kOffLayout];
    if (working_layout(layout) != building)
        throw corrupt("layout byte " + hex_byte(layout) +
                      " marks a working state (a filter being built), which is no value");
    Header h{static_cast<std::uint8_t>(building ? layout & ~kBuildingFlag : layout), data[kOffHashId], load_le16(data + kOffLayerCount),
             load_le64(data + kOffSeed), load_le64(data + kOffCapacity), load_double(data + kOffFpr),
             kind::read(data, 0, kHeaderType.invalid)};
    if (h.layout != kLayoutFixed && h.layout != kLayoutScalable && h.layout != kLayoutBlocked)
        throw corrupt("unknown layout " + std::to_string(h.layout) + " (1 is fixed, 2 is scalable, 3 is blocked)");
    if (h.layout != kLayoutScalable && h.layer_count != 1)
        throw corrupt(std::string("a ") + layout_name(h.layout) + " filter has exactly one layer, not " +
                      std::to_string(h.layer_count));
    if (h.layer_count < 1 || h.layer_count > kMaxLayers)
        throw corrupt("layer count " + std::to_string(h.layer_count) + " is outside 1.." + std::to_string(kMaxLayers));
    if (h.capacity < 1 || h.capacity > kMaxCapacity)
        throw corrupt("capacity " + std::to_string(h.capacity) + " is outside 1.." + std::to_string(kMaxCapacity));
    if (!(h.fpr > 0.0 && h.fpr < 1.0))
        throw corrupt("false positive rate " + number_text(h.fpr) + " is not between 0 and 1");

    std::size_t offset = kHeaderSize, last = kHeaderSize;
    for (std::size_t i = 0; i < h.layer_count; i++) {
        if (size - offset < kLayerHeaderSize)
            throw corrupt("it is " + std::to_string(size) + " bytes long and ends inside the header of " +
                          layer_name(i) + " of " + std::to_string(h.layer_count));
        Layer l = read_layer(data, offset);
        if (l.bit_count == 0) throw corrupt(layer_name(i) + " has no bits");
        if (l.hash_count == 0) throw corrupt(layer_name(i) + " has a hash count of 0");
        // What the positions rely on: whole blocks, and segments of at least 16 bits.
        if (h.layout == kLayoutBlocked && l.bit_count % kBlockBits != 0)
            throw corrupt(layer_name(i) + " has " + std::to_string(l.bit_count) + " bits, not a whole number of " +
                          std::to_string(kBlockBits) + "-bit blocks");
        if (h.layout == kLayoutBlocked && l.hash_count > kMaxBlockedHashes)
            throw corrupt(layer_name(i) + " has " + std::to_string(l.hash_count) +
                          " hashes; a blocked filter has at most " + std::to_string(kMaxBlockedHashes));
        if (load_le32(data + offset + kLayerOffReserved) != 0)
            throw corrupt("reserved bytes of " + layer_name(i) + " are not zero");
        if (l.bits_set > l.bit_count)
            throw corrupt(layer_name(i) + " claims " + std::to_string(l.bits_set) + " bits set of " +
                          std::to_string(l.bit_count));
        // Compared in 64 bits before any size_t arithmetic, so a huge bit count cannot wrap.
        std::uint64_t needed = (l.bit_count >> 3) + ((l.bit_count & 7) != 0);
        std::uint64_t available = size - offset - kLayerHeaderSize;
        if (needed > available)
            throw corrupt(layer_name(i) + " needs " + std::to_string(needed) + " bytes for its " +
                          std::to_string(l.bit_count) + " bits, but only " + std::to_string(available) +
                          " bytes remain");
        last = offset;
        offset = next_layer_offset(l);
    }
    if (building) return Sketch{h, data, offset, last};
    if (offset != size)
        throw corrupt(std::to_string(size - offset) + " bytes follow the last of " + std::to_string(h.layer_count) +
                      (h.layer_count == 1 ? " layer" : " layers"));
    return Sketch{h, data, size, last};
}

}  // namespace

Sketch parse_trusted(const std::uint8_t* data, std::size_t size) { return parse_filter(data, size, false); }

bool Sketch::empty() const {
    bool none = true;
    for_each_layer(*this, [&](std::size_t, const Layer& l) { none = none && l.bits_set == 0; });
    return none;
}


namespace {

// Bits from `used` to the end of every block are never set.
bool block_pads_clear(const std::uint8_t* bits, std::uint64_t block_count, std::uint32_t used) {
    std::uint32_t first_byte = used / 8;
    std::uint8_t partial_mask = static_cast<std::uint8_t>(0xFFu << (used % 8));
    bool clear = true;
    in_chunks(static_cast<std::size_t>(block_count), [&](std::size_t b, std::size_t end) {
        for (; clear && b < end; b++) {
            const std::uint8_t* block = bits + b * kBlockBytes;
            std::uint8_t any = first_byte < kBlockBytes ? (block[first_byte] & partial_mask) : 0;
            for (std::uint32_t j = first_byte + 1; j < kBlockBytes; j++) any |= block[j];
            clear = any == 0;
        }
    });
    return clear;
}

// A blocked layer's pads and population.
void check_blocked_bits(const Sketch& s, const Layer& l) {
    std::uint64_t blocks = l.bit_count / kBlockBits;
    std::uint32_t used = l.hash_count * segment_bits(l.hash_count);
    if (!block_pads_clear(s.bits(l), blocks, used))
        throw corrupt("layer 0 has bits set past the " + std::to_string(used) + " bits of a block its " +
                      std::to_string(l.hash_count) + " segments use");
    std::uint64_t count = population(s.bits(l), layer_bytes(l.bit_count));
    if (count != l.bits_set)
        throw corrupt("layer 0 claims " + std::to_string(l.bits_set) + " bits set, but " + std::to_string(count) +
                      " are");
}

// Layer i's capacity, bit count and hash count against the sizing rule, in
// constant time: what every walk over an item's positions relies on to end.
void check_layer_size(const Sketch& s, std::size_t i, const Layer& l) {
    const Header& h = s.header;
    std::uint64_t expected_capacity = h.capacity;
    if (s.scalable()) {
        if (h.capacity > (UINT64_MAX >> i))
            throw corrupt(layer_name(i) + " would hold capacity " + std::to_string(h.capacity) + " times 2^" +
                          std::to_string(i) + ", more than 64 bits can count");
        expected_capacity = h.capacity << i;
    }
    if (l.capacity != expected_capacity)
        throw corrupt(layer_name(i) + " has capacity " + std::to_string(l.capacity) + ", expected " +
                      std::to_string(expected_capacity));
    double p = layer_fpr(h, i);
    LayerSize expected = layer_size(l.capacity, p, s.blocked());
    if (!(expected.bit_count <= kMaxBitCount))
        throw corrupt(layer_name(i) + ", for " + std::to_string(l.capacity) + " items at false positive rate " +
                      number_text(p) + ", would not fit in one value");
    // One block, or one bit, or one hash of slack for a last-ulp difference between C libraries.
    if (s.blocked()) {
        std::uint64_t blocks = l.bit_count / kBlockBits;
        double expected_blocks = expected.bit_count / kBlockBits;
        if (std::fabs(static_cast<double>(blocks) - expected_blocks) > 1.0)
            throw corrupt("layer 0 has " + std::to_string(blocks) + " blocks, but " + std::to_string(l.capacity) +
                          " items at false positive rate " + number_text(p) + " need " + number_text(expected_blocks));
        if (l.hash_count + 1 < expected.hash_count || l.hash_count > expected.hash_count + 1)
            throw corrupt("layer 0 has " + std::to_string(l.hash_count) + " hashes, but a blocked filter at false "
                          "positive rate " + number_text(p) + " uses " + std::to_string(expected.hash_count));
        return;
    }
    double expected_bits = expected.bit_count;
    if (std::fabs(static_cast<double>(l.bit_count) - expected_bits) > 1.0)
        throw corrupt(layer_name(i) + " has " + std::to_string(l.bit_count) + " bits, but " +
                      std::to_string(l.capacity) + " items at false positive rate " + number_text(p) + " need " +
                      number_text(expected_bits));
    std::uint64_t hashes = l.hash_count,
                  expected_hashes = hash_count_for(static_cast<double>(l.bit_count), static_cast<double>(l.capacity));
    if (hashes + 1 < expected_hashes || hashes > expected_hashes + 1)
        throw corrupt(layer_name(i) + " has " + std::to_string(l.hash_count) + " hashes, but " +
                      std::to_string(l.bit_count) + " bits for " + std::to_string(l.capacity) + " items need " +
                      std::to_string(expected_hashes));
}

}  // namespace

Sketch parse(const std::uint8_t* data, std::size_t size) {
    Sketch s = parse_trusted(data, size);
    const Header& h = s.header;
    for_each_layer(s, [&](std::size_t i, const Layer& l) {
        check_layer_size(s, i, l);
        if (s.blocked()) {
            check_blocked_bits(s, l);
            return;
        }
        double p = layer_fpr(h, i);
        const std::uint8_t* bits = s.bits(l);
        std::size_t bytes = layer_bytes(l.bit_count);
        unsigned used = static_cast<unsigned>(l.bit_count & 7);
        if (used != 0 && (bits[bytes - 1] >> used) != 0)
            throw corrupt(layer_name(i) + " has pad bits set past its " + std::to_string(l.bit_count) + " bits");
        std::uint64_t count = population(bits, bytes);
        if (count != l.bits_set)
            throw corrupt(layer_name(i) + " claims " + std::to_string(l.bits_set) + " bits set, but " +
                          std::to_string(count) + " are");
        // A later layer exists only because an item's clear positions (at
        // most k) would have taken this one past its fill limit, so its fill
        // is above limit - k; one bit of slack absorbs a last-ulp difference
        // in expm1 between C libraries. An empty layer takes any item, so a
        // closed one is never empty.
        if (s.scalable() && i + 1 < h.layer_count) {
            std::uint64_t full = fill_limit(l.bit_count, l.hash_count, l.capacity, p);
            if (l.bits_set == 0 || l.bits_set + l.hash_count < full)
                throw corrupt(layer_name(i) + " has only " + std::to_string(l.bits_set) + " of the " +
                              std::to_string(full) + " bits set that mark it full, yet a later layer exists");
        }
    });
    // A filter without values records no kind (FORMAT.md 2.5): its bytes are format version 1's.
    if (h.kind != kind::kNone && s.empty())
        throw corrupt("an empty filter records a kind (" + kind::describe(h.kind) + "); empty filters record none");
    return s;
}

State parse_state(const std::uint8_t* data, std::size_t size) {
    if (size < kHeaderSize || !working_layout(data[kOffLayout])) return State{parse_trusted(data, size), nullptr};
    Sketch filter = parse_filter(data, size, true);
    // The layer's sizes bound every walk over a hash's positions (the pending
    // hashes are applied to it); its bits, whatever they are, cannot make a
    // walk longer, and reading them all would cost every call a pass.
    for_each_layer(filter, [&](std::size_t i, const Layer& l) { check_layer_size(filter, i, l); });
    std::uint8_t* pending = const_cast<std::uint8_t*>(data) + filter.size;
    std::size_t room = size - filter.size;
    // At least one slot, and fewer hashes than slots: a full buffer is applied at once.
    if (room < kPendingHeaderSize + 8 || (room - kPendingHeaderSize) / 8 != prob_bloom_pending_u32(pending + 4) ||
        (room - kPendingHeaderSize) % 8 != 0 || prob_bloom_pending_u32(pending) >= prob_bloom_pending_u32(pending + 4))
        throw corrupt("its working state is inconsistent");
    return State{filter, pending};
}

namespace {
// A new empty filter followed by `room` more bytes, left to the caller.
Buffer make_empty_with_room(Allocator& alloc, const NewFilter& filter, std::size_t room, std::uint64_t seed,
                            std::uint16_t kind = kind::kNone) {
    Header h{filter.layout, kHashId, 1, seed, filter.first.capacity, filter.fpr, kind};
    std::uint8_t* out = allocate_or_throw(alloc, filter.bytes + room);
    write_header(out, h);
    write_empty_layer(out, filter.first);
    return {out, filter.bytes + room};
}
}  // namespace

Buffer make_empty(Allocator& alloc, long long capacity, double fpr, int layout, std::uint64_t seed) {
    NewFilter filter = new_filter(capacity, fpr, layout);
    return make_empty_with_room(alloc, filter, 0, seed);
}

Buffer aggregate_state(Allocator& alloc, long long capacity, double fpr, int layout, std::uint64_t seed,
                       bool batched, std::uint16_t kind) {
    NewFilter filter = new_filter(capacity, fpr, layout);
    if (!batched || filter.layout == kLayoutScalable || filter.bytes < kMinBuildingBytes)
        return make_empty_with_room(alloc, filter, 0, seed, kind);
    Buffer out = make_empty_with_room(alloc, filter, kPendingHeaderSize + 8 * std::size_t{kPendingSlots}, seed, kind);
    out.data[kOffLayout] |= kBuildingFlag;
    std::uint32_t trailer[2] = {0, kPendingSlots};
    std::memcpy(out.data + filter.bytes, trailer, sizeof trailer);
    std::memset(out.data + filter.bytes + kPendingHeaderSize, 0, 8 * std::size_t{kPendingSlots});
    return out;
}

void check_state_parameters(const std::uint8_t* data, std::size_t size, long long capacity, double fpr,
                            std::uint8_t layout) {
    const Header h = parse_state(data, size).filter.header;
    if (h.capacity != static_cast<std::uint64_t>(capacity) || h.fpr != fpr || h.layout != layout) {
        // The layout is named only when it is what changed.
        std::string first_layout, now_layout;
        if (h.layout != layout) {
            first_layout = std::string(", layout ") + layout_name(h.layout);
            now_layout = std::string(", ") + layout_name(layout);
        }
        throw parameters_changed(
            "capacity " + std::to_string(h.capacity) + ", false positive rate " + number_text(h.fpr) + first_layout,
            std::to_string(capacity) + ", " + number_text(fpr) + now_layout);
    }
}

Layer next_layer(const Header& h, std::size_t size) {
    std::size_t index = h.layer_count;
    auto cannot_grow = [&](const std::string& why) {
        return Error(ErrorKind::kTooLarge, "scalable bloom filter cannot grow past " + std::to_string(index) + " layers",
                     why, Reason::kCannotGrow);
    };
    if (index >= kMaxLayers) throw cannot_grow("The format allows at most " + std::to_string(kMaxLayers) + " layers.");
    if (h.capacity > (UINT64_MAX >> index)) throw cannot_grow("The next layer's capacity would not fit in 64 bits.");
    std::uint64_t capacity = h.capacity << index;
    double p = layer_fpr(h, index);
    LayerSize next = layer_size(capacity, p, false);
    double new_size = static_cast<double>(size) + static_cast<double>(kLayerHeaderSize) + std::ceil(next.bit_count / 8.0);
    if (!fits_new_value(new_size))
        throw cannot_grow("The next layer, for " + std::to_string(capacity) + " items at false positive rate " +
                          number_text(p) + ", would make it " + number_text(new_size) + " bytes; a value holds at most " +
                          std::to_string(kMaxCreatedValueBytes) + ".");
    return Layer{static_cast<std::uint64_t>(next.bit_count), next.hash_count, capacity, 0, size};
}

Buffer add_hash(std::uint8_t* data, std::size_t size, std::uint64_t hash, bool in_place, Allocator& alloc,
                std::uint16_t added_kind) {
    State state = parse_state(data, size);
    const Sketch& s = state.filter;
    std::uint16_t k = kind::after_add(s.header.kind, s.empty(), added_kind);
    if (k != s.header.kind) {
        // An empty filter takes the value's kind: the result differs from the input either way.
        std::uint8_t* out = in_place ? data : copy(alloc, data, size).data;
        kind::write(out, k, 0);
        return add_hash(out, size, hash, true, alloc);
    }
    if (state.pending != nullptr) {
        if (!in_place) throw std::logic_error("a working state is only updated in place");
        Layer l = s.first_layer();
        ProbBloomProbeLayer layer = probe_layer(data + bits_offset(l), l);
        prob_bloom_pending_add(data + bits_offset(l), &layer, s.blocked(), state.pending, hash);
        return {data, size};
    }
    if (!s.scalable()) {
        Layer l = s.first_layer();
        // In place, setting bits that are already set changes nothing: one pass.
        if (in_place) {
            insert(data, l, hash, s.blocked());
            return {data, size};
        }
        if (test_bits(s.bits(l), l, hash, s.blocked())) return {data, size};
        std::uint8_t* out = copy(alloc, data, size).data;
        insert(out, l, hash, s.blocked());
        return {out, size};
    }
    bool present = false;
    Layer last = s.last_layer();
    for_each_layer(s, [&](std::size_t, const Layer& l) {
        present = present || (l.offset != last.offset && test_unblocked(s.bits(l), l, hash));
    });
    if (present) return {data, size};
    std::uint32_t clear = clear_positions(s.bits(last), last, hash);
    if (clear == 0) return {data, size};
    // The item goes into the last layer unless it could take that layer's
    // fill past its limit; an empty layer takes any item.
    double last_fpr = layer_fpr(s.header, s.header.layer_count - 1u);
    if (last.bits_set == 0 ||
        last.bits_set + clear <= fill_limit(last.bit_count, last.hash_count, last.capacity, last_fpr)) {
        std::uint8_t* out = in_place ? data : copy(alloc, data, size).data;
        insert_unblocked(out, last, hash);
        return {out, size};
    }

    Layer grown = next_layer(s.header, size);
    std::size_t out_size = next_layer_offset(grown);
    std::uint8_t* out = allocate_or_throw(alloc, out_size);
    copy_bytes(out, data, size);
    store_le16(out + kOffLayerCount, static_cast<std::uint16_t>(s.header.layer_count + 1));
    write_empty_layer(out, grown);
    insert_unblocked(out, grown, hash);
    return {out, out_size};
}

void prepare_probe(const Sketch& s, ProbBloomProbe* out) {
    out->seed = s.header.seed;
    out->hash_id = s.header.hash_id;
    out->blocked = s.blocked();
    out->layer_count = s.header.layer_count;
    for_each_layer(s, [&](std::size_t i, const Layer& l) {
        out->layers[i] = probe_layer(s.bits(l), l);
    });
}

bool contains(const Sketch& s, std::uint64_t hash) {
    ProbBloomProbe probe;
    prepare_probe(s, &probe);
    return prob_bloom_probe_contains(&probe, hash);
}

namespace {
// Starts the loads of an unblocked layer's k positions of hash.
void prefetch_unblocked(const std::uint8_t* bits, const Layer& l, std::uint64_t hash) {
    ProbBloomPositions positions;
    prob_bloom_positions_init(&positions, hash, l.bit_count);
    for (std::uint32_t j = 0; j < l.hash_count; j++) __builtin_prefetch(bits + (prob_bloom_positions_next(&positions) >> 3));
}
}  // namespace

void contains_many(const Sketch& s, const std::uint64_t* hashes, std::size_t n, bool* found) {
    if (s.scalable()) {
        ProbBloomProbe probe;
        prepare_probe(s, &probe);
        for (std::size_t i = 0; i < n; i++) found[i] = prob_bloom_probe_contains(&probe, hashes[i]);
        return;
    }
    const Layer l = s.first_layer();
    const std::uint8_t* bits = s.bits(l);
    if (s.blocked()) {
        // One block (two cache lines, unaligned) per key: kAhead block loads in flight.
        constexpr std::size_t kAhead = 8;
        for (std::size_t i = 0; i < n && i < kAhead; i++) prob_bloom_prefetch_block(block_of_hash(bits, l, hashes[i]));
        for (std::size_t i = 0; i < n; i++) {
            if (i + kAhead < n) prob_bloom_prefetch_block(block_of_hash(bits, l, hashes[i + kAhead]));
            found[i] = prob_bloom_block_test(bits, block_count(l), l.hash_count, hashes[i]);
        }
        return;
    }
    // A key of an unblocked layer has k lines of its own: its positions are walked twice,
    // once to start their loads and once to test them, which costs a few
    // multiplications against a miss; fewer keys ahead, as each is k loads.
    constexpr std::size_t kUnblockedAhead = 4;
    for (std::size_t i = 0; i < n && i < kUnblockedAhead; i++) prefetch_unblocked(bits, l, hashes[i]);
    for (std::size_t i = 0; i < n; i++) {
        if (i + kUnblockedAhead < n) prefetch_unblocked(bits, l, hashes[i + kUnblockedAhead]);
        found[i] = test_unblocked(bits, l, hashes[i]);
    }
}

namespace {
// The index of inner's first layer with a bit its namesake in outer lacks (a
// layer outer lacks counts as empty), or inner's layer count when there is none.
std::size_t first_uncovered_layer(const Sketch& outer, const Sketch& inner) {
    check_compatible(outer, inner);
    std::size_t uncovered = inner.header.layer_count;
    for_each_layer(inner, [&](std::size_t i, const Layer& l) {
        if (uncovered < i) return;
        bool covered = i >= outer.header.layer_count
                           ? l.bits_set == 0
                           : is_subset(inner.bits(l), outer.data + bits_offset(l), layer_bytes(l.bit_count));
        if (!covered) uncovered = i;
    });
    return uncovered;
}

// Every bit set in inner is set in outer, layer by layer, whatever their kinds.
bool bits_superset(const Sketch& outer, const Sketch& inner) {
    return first_uncovered_layer(outer, inner) == inner.header.layer_count;
}
}  // namespace

bool superset(const Sketch& outer, const Sketch& inner) {
    kind::check_comparable(outer.header.kind, inner.header.kind, "bloom filters");
    return bits_superset(outer, inner);
}

bool includes(const Sketch& outer, const Sketch& inner) {
    kind::check_comparable(outer.header.kind, inner.header.kind, "bloom filters");
    std::size_t uncovered = first_uncovered_layer(outer, inner);
    if (uncovered == inner.header.layer_count) return true;
    // Every value of outer sits in its one layer, so a bit of inner's first
    // layer that it lacks belongs to a value of inner that outer has not.
    if (outer.header.layer_count == 1 && uncovered == 0) return false;
    std::string lacking = uncovered < outer.header.layer_count
                              ? "the left one's " + layer_name(uncovered) + " lacks"
                              : "the left one, with no " + layer_name(uncovered) + ", lacks";
    throw Error(ErrorKind::kMismatch,
                "cannot tell whether a scalable bloom filter that has grown past one layer contains another",
                "The left filter has " + params_text(outer) + "; the right one has " + params_text(inner) +
                    ". The right one's " + layer_name(uncovered) + " has bits that " + lacking +
                    ", but the same item can sit in different layers of the two filters, so the right one's "
                    "values may still all be in the left one.",
                Reason::kUndecidable);
}

namespace {
// union_of of checked values (b may be a working state's filter part).
Buffer union_sketches(std::uint8_t* left, std::size_t left_size, const Sketch& a, const Sketch& b, bool in_place,
                      Allocator& alloc) {
    check_compatible(a, b);
    std::uint16_t k = kind::of_union(a.header.kind, a.empty(), b.header.kind, b.empty());
    auto bit_or = [](std::uint64_t x, std::uint64_t y) { return x | y; };
    if (a.header.layer_count >= b.header.layer_count) {
        if (!in_place && k == a.header.kind && bits_superset(a, b)) return {left, left_size};
        std::uint8_t* out = in_place ? left : copy(alloc, left, left_size).data;
        combine_layers(out, b, bit_or);
        kind::write(out, k, 0);
        return {out, left_size};
    }
    // Only scalable filters get here: the result takes the right side's extra layers.
    std::uint8_t* out = copy(alloc, b.data, b.size).data;
    combine_layers(out, a, bit_or);
    kind::write(out, k, 0);
    return {out, b.size};
}

// Adds a working state's pending hashes to out, a writable filter of the same one layer.
void apply_pending(std::uint8_t* out, const Sketch& filter, const std::uint8_t* pending) {
    Layer l = read_layer(out, kHeaderSize);
    ProbBloomProbeLayer layer = probe_layer(out + bits_offset(l), l);
    prob_bloom_pending_set_bits(out + bits_offset(l), &layer, filter.blocked(), pending);
}
}  // namespace

Buffer union_of(std::uint8_t* left, std::size_t left_size, const std::uint8_t* right, std::size_t right_size,
                bool in_place, Allocator& alloc) {
    return union_sketches(left, left_size, parse_trusted(left, left_size), parse_trusted(right, right_size), in_place,
                          alloc);
}

Buffer union_state(std::uint8_t* left, std::size_t left_size, const std::uint8_t* right, std::size_t right_size,
                   Allocator& alloc) {
    State r = parse_state(right, right_size);
    Buffer out = union_sketches(left, left_size, parse_trusted(left, left_size), r.filter, true, alloc);
    if (r.pending != nullptr) apply_pending(out.data, r.filter, r.pending);
    return out;
}

namespace {
// A filter with no value added records no kind (aggregate states are made with theirs).
void forget_kind_if_empty(std::uint8_t* data, std::size_t size) {
    if (data[kOffVersion] == kind::kVersionWith && parse_trusted(data, size).empty()) kind::write(data, kind::kNone, 0);
}
}  // namespace

Buffer finish(const std::uint8_t* data, std::size_t size, Allocator& alloc) {
    State state = parse_state(data, size);
    if (state.pending == nullptr) {
        if (state.filter.header.kind == kind::kNone || !state.filter.empty())
            return {const_cast<std::uint8_t*>(data), size};
        Buffer out = copy(alloc, data, size);
        forget_kind_if_empty(out.data, out.size);
        return out;
    }
    Buffer out = copy(alloc, data, state.filter.size);
    out.data[kOffLayout] = state.filter.header.layout;
    apply_pending(out.data, state.filter, state.pending);
    forget_kind_if_empty(out.data, out.size);
    return out;
}

std::size_t finish_in_place(std::uint8_t* data, std::size_t size) {
    State state = parse_state(data, size);
    if (state.pending == nullptr) {
        forget_kind_if_empty(data, size);
        return size;
    }
    apply_pending(data, state.filter, state.pending);
    data[kOffLayout] = state.filter.header.layout;
    forget_kind_if_empty(data, state.filter.size);
    return state.filter.size;
}

Buffer intersection_of(std::uint8_t* left, std::size_t left_size, const std::uint8_t* right,
                       std::size_t right_size, bool in_place, Allocator& alloc) {
    Sketch a = parse_trusted(left, left_size);
    Sketch b = parse_trusted(right, right_size);
    check_compatible(a, b);
    kind::check_comparable(a.header.kind, b.header.kind, "bloom filters");
    if (a.header.layer_count > 1 || b.header.layer_count > 1)
        throw Error(ErrorKind::kMismatch, "cannot intersect scalable bloom filters that have grown past one layer",
                    "One has " + params_text(a) + "; the other has " + params_text(b) +
                        ". The same item can sit in different layers of the two filters, and a layer-by-layer "
                        "intersection would lose it.",
                    Reason::kGrownIntersection);
    std::uint16_t k = a.header.kind != kind::kNone ? a.header.kind : b.header.kind;
    if (!in_place && k == a.header.kind && bits_superset(b, a)) return {left, left_size};
    std::uint8_t* out = in_place ? left : copy(alloc, left, left_size).data;
    combine_layers(out, b, [](std::uint64_t x, std::uint64_t y) { return x & y; });
    kind::write(out, k, 0);
    forget_kind_if_empty(out, left_size);
    return {out, left_size};
}

double estimate(const Sketch& s) {
    double total = 0.0;
    for_each_layer(s, [&](std::size_t, const Layer& l) { total += layer_estimate(l, s.blocked()); });
    return total;
}

std::int64_t cardinality(const Sketch& s) {
    double e = estimate(s);
    return e >= 9223372036854775807.0 ? INT64_MAX : static_cast<std::int64_t>(std::llround(e));
}

double estimated_fpr(const Sketch& s) {
    // 1 - prod(1 - f_i) through logarithms, so tiny per-layer rates are not lost to rounding.
    double log_miss = 0.0;
    for_each_layer(s, [&](std::size_t, const Layer& l) { log_miss += std::log1p(-layer_estimated_fpr(l, s.blocked())); });
    // 0 - x, not -x: an empty filter's rate is +0, as SQL prints it, not -0.
    return 0.0 - std::expm1(log_miss);
}

Info info(const Sketch& s) {
    const Header& h = s.header;
    Info out{kind::version_for(h.kind), h.hash_id, h.kind, h.layout, s.scalable(), h.layer_count, h.seed, h.capacity, h.fpr, 0, 0,
             estimate(s), estimated_fpr(s), s.size, {}};
    for_each_layer(s, [&](std::size_t i, const Layer& l) {
        out.bit_count += l.bit_count;
        out.bits_set += l.bits_set;
        out.layers.push_back(LayerInfo{l.bit_count, l.hash_count, l.capacity, l.bits_set, layer_fpr(h, i),
                                       layer_estimate(l, s.blocked()), layer_estimated_fpr(l, s.blocked())});
    });
    return out;
}

void write_distinct_state_header(std::uint8_t* out, double fpr, std::uint64_t count) {
    store_double(out, fpr);
    store_le64(out + 8, count);
}

DistinctState parse_distinct_state(const std::uint8_t* data, std::size_t size) {
    auto invalid = [](const std::string& what) {
        return Error(ErrorKind::kCorrupt, "invalid distinct-hash state: " + what);
    };
    if (size < kDistinctStateHeaderSize)
        throw invalid(std::to_string(size) + " bytes, shorter than its " +
                      std::to_string(kDistinctStateHeaderSize) + "-byte header");
    DistinctState s{load_double(data), load_le64(data + 8), data + kDistinctStateHeaderSize};
    if (!(s.fpr > 0.0 && s.fpr < 1.0))
        throw invalid("false positive rate " + number_text(s.fpr) + " is not between 0 and 1");
    std::size_t payload = size - kDistinctStateHeaderSize;
    if (payload % 8 != 0 || payload / 8 != s.count)
        throw invalid(std::to_string(payload) + " bytes after the header do not hold " + std::to_string(s.count) +
                      " hashes of 8 bytes");
    return s;
}

DistinctBuilder::DistinctBuilder(Allocator& alloc, double fpr, std::uint64_t expected)
    : alloc_(alloc), fpr_(fpr), log2_slots_(kDistinctMinLog2Slots) {
    check_parameters(1, fpr);
    if (expected > kDistinctLimit) throw distinct_limit_error();
    while (expected > slot_limit(log2_slots_)) log2_slots_++;
    slots_ = new_table(alloc_, log2_slots_);
}

// Delegating: once the set exists, a stop while filling it runs the destructor.
DistinctBuilder::DistinctBuilder(Allocator& alloc, const DistinctState& state)
    : DistinctBuilder(alloc, state.fpr, state.count) {
    for (std::uint64_t i = 0; i < state.count; i++) {
        if (i != 0 && (i & kDistinctPollMask) == 0) poll_interrupt();
        add(state.hash(i));
    }
}

DistinctBuilder::~DistinctBuilder() {
    if (slots_ != nullptr) alloc_.deallocate(block_of(slots_));
}

template <class F>
void DistinctBuilder::for_each_hash(F&& f) const {
    std::uint64_t n = std::uint64_t(1) << log2_slots_;
    for (std::uint64_t i = 0; i < n; i++) {
        if (i != 0 && (i & kDistinctPollMask) == 0) poll_interrupt();
        if (slots_[i] != 0) f(slots_[i]);
    }
    if (has_zero_) f(std::uint64_t(0));
}

void DistinctBuilder::check_fpr(double fpr) const {
    if (fpr != fpr_) throw parameters_changed("false positive rate " + number_text(fpr_), number_text(fpr));
}

void DistinctBuilder::add(std::uint64_t hash) {
    if (hash == 0) has_zero_ = true;
    else count_ += put(slots_, log2_slots_, hash);
    // Checked on every call, not only on a new hash: a repeated call finishes a stopped growth.
    if (count_ > slot_limit(log2_slots_)) grow();
    if (size() > kDistinctLimit) throw distinct_limit_error();
}

// The larger table replaces the old one only once it holds every hash, so a
// stop leaves the set as it was (over 3/4 full, which add retries).
void DistinctBuilder::grow() {
    int log2_slots = log2_slots_ + 1;
    std::uint64_t* slots = new_table(alloc_, log2_slots);
    BlockGuard guard(alloc_, block_of(slots));
    std::uint64_t n = std::uint64_t(1) << log2_slots_, count = 0;
    for (std::uint64_t i = 0; i < n; i++) {
        if (i != 0 && (i & kDistinctPollMask) == 0) poll_interrupt();
        if (slots_[i] != 0) count += put(slots, log2_slots, slots_[i]);
    }
    guard.keep();
    alloc_.deallocate(block_of(slots_));
    slots_ = slots;
    log2_slots_ = log2_slots;
    count_ = count;
}

void DistinctBuilder::combine(const DistinctBuilder& other) {
    if (&other == this) return;
    // Partial results of one aggregate (partitionwise, parallel) had one fpr, as its rows do.
    check_fpr(other.fpr());
    other.for_each_hash([&](std::uint64_t hash) { add(hash); });
}

Buffer DistinctBuilder::serialize(Allocator& out) const {
    std::uint64_t n = size();
    // Not reached below kDistinctLimit.
    if (n > (kMaxValueBytes - kDistinctStateHeaderSize) / 8)
        throw Error(ErrorKind::kTooLarge, "a distinct-hash state of " + std::to_string(n) + " hashes is too large to serialize");
    std::size_t bytes = kDistinctStateHeaderSize + 8 * static_cast<std::size_t>(n);
    std::uint8_t* state = allocate_or_throw(out, bytes);
    BlockGuard guard(out, state);
    write_distinct_state_header(state, fpr_, n);
    std::uint8_t* next = state + kDistinctStateHeaderSize;
    for_each_hash([&](std::uint64_t hash) {
        store_le64(next, hash);
        next += 8;
    });
    return {guard.keep(), bytes};
}

Buffer DistinctBuilder::finish(Allocator& out, std::uint16_t kind) const {
    long long capacity = static_cast<long long>(std::max<std::uint64_t>(size(), 1));
    Buffer filter = make_empty_with_room(out, new_filter(capacity, fpr_, kLayoutFixed), 0, kDefaultSeed,
                                         size() == 0 ? kind::kNone : kind);
    BlockGuard guard(out, filter.data);
    // One add sets up to about a thousand bits at tiny rates: poll by the bits set, not the hashes.
    std::uint64_t hash_count = parse_trusted(filter.data, filter.size).first_layer().hash_count, work = 0;
    for_each_hash([&](std::uint64_t hash) {
        add_hash(filter.data, filter.size, hash, true, out);
        work += hash_count;
        if (work > kDistinctPollMask) {
            poll_interrupt();
            work = 0;
        }
    });
    guard.keep();
    return filter;
}

}  // namespace probabilistic::bloom
