#include "agebloom.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "bloom.hpp"
#include "hash.hpp"
#include "header.hpp"

namespace probabilistic::agebloom {
namespace {

__extension__ typedef unsigned __int128 uint128;

using header::kOffHashId;
using header::kOffTag;
constexpr std::size_t kOffMode = 3, kOffK = 4, kOffReserved8 = 5, kOffSeed = 8, kOffWindow = 16, kOffCapacity = 24,
                      kOffFpr = 32, kOffGenerations = 40, kOffReserved32 = 44, kOffGenerationLength = 48,
                      kOffGenerationLimit = 56, kOffSliceBits = 64, kOffGeneration = 72, kOffItems = 80;
// Version 1 holds 0 at bytes 6-7 (no kind).
constexpr std::uint16_t kV1Bytes67 = 0;

constexpr header::Type kHeaderType{"invalid agebloom filter", kTypeTag, kHeaderSize, kHashId};

Error corrupt(const std::string& what) { return header::corrupt(kHeaderType, what); }

std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b) { return a / b + (a % b != 0); }

// floor modulo of a generation number by the slice count.
unsigned slot_of(std::int64_t generation, unsigned slices) {
    std::int64_t r = generation % static_cast<std::int64_t>(slices);
    if (r < 0) r += slices;
    return static_cast<unsigned>(r);
}

// The chance that some k consecutive of the slices (fills[0] newest) all hold a bit.
double run_probability(unsigned k, const std::vector<double>& fills) {
    std::vector<double> state(k, 0.0), next(k, 0.0);
    state[0] = 1.0;
    double hit = 0.0;
    for (double p : fills) {
        std::fill(next.begin(), next.end(), 0.0);
        for (unsigned r = 0; r < k; r++) {
            if (state[r] == 0.0) continue;
            next[0] += state[r] * (1.0 - p);
            if (r + 1 == k) hit += state[r] * p;
            else next[r + 1] += state[r] * p;
        }
        state.swap(next);
    }
    return hit;
}

// A view of a value's counts and slices.
struct Layout {
    const Header& h;
    std::uint8_t* data;
    unsigned slices() const { return h.slices(); }
    std::size_t slice_bytes() const { return static_cast<std::size_t>(h.slice_bits / 8); }
    std::uint8_t* count_at(unsigned physical) const { return data + kHeaderSize + 8 * std::size_t{physical}; }
    std::uint64_t count(unsigned physical) const { return load_le64(count_at(physical)); }
    std::uint8_t* slice(unsigned physical) const {
        return data + kHeaderSize + 8 * std::size_t{slices()} + slice_bytes() * physical;
    }
    unsigned physical(std::int64_t generation) const { return slot_of(generation, slices()); }
    // The slot of generation `generation - back`, back <= S, in exact arithmetic
    // (no 64-bit wrap for a generation near INT64_MIN): (G - back) mod S.
    unsigned physical_back(std::int64_t generation, std::uint64_t back) const {
        unsigned s = slices(), p = physical(generation), b = static_cast<unsigned>(back % s);
        return p >= b ? p - b : p + s - b;
    }
};

// (p^3 - p) / 6 for every physical slot, the cubic term of bloom's positions.
struct CubicTable {
    std::uint64_t v[kMaxHashes + kMaxGenerations];
    constexpr CubicTable() : v() {
        for (std::uint64_t p = 0; p < kMaxHashes + kMaxGenerations; p++) v[p] = (p * p * p - p) / 6;
    }
};
constexpr CubicTable kCubic{};

// The bits an item sets: in physical slot p, position p of bloom's enhanced
// double hashing (doc/FORMAT.md 4.5) over the slice's bits,
// x_p = hash + p h2 + ((p^3 - p) / 6) h3, with h2 and h3 computed once.
struct ItemBits {
    std::uint64_t hash, h2, h3, slice_bits;
    ItemBits(std::uint64_t h, std::uint64_t m)
        : hash(h), h2(bloom::second_hash(h)), h3(bloom::third_hash(h)), slice_bits(m) {}
    std::uint64_t at(unsigned p) const { return bloom::reduce(hash + p * h2 + kCubic.v[p] * h3, slice_bits); }
};

bool bit_set(const std::uint8_t* slice, std::uint64_t pos) { return (slice[pos >> 3] >> (pos & 7)) & 1; }

std::uint64_t popcount(const std::uint8_t* bytes, std::size_t n) {
    std::uint64_t total = 0;
    in_chunks(n, [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; i += 8) total += static_cast<std::uint64_t>(__builtin_popcountll(load_le64(bytes + i)));
    });
    return total;
}

// Moves a filter at generation `from` to `to` > from: the slots of the
// generations after `from` up to `to` (at most every slot) are emptied.
void shift(const Layout& v, std::int64_t from, std::int64_t to) {
    unsigned s = v.slices();
    std::uint64_t steps = static_cast<std::uint64_t>(to) - static_cast<std::uint64_t>(from);
    if (from == kNoGeneration || steps > s) steps = s;
    for (std::uint64_t i = 1; i <= steps; i++) {
        unsigned p = v.physical_back(to, steps - i);
        store_le64(v.count_at(p), 0);
        std::uint8_t* slice = v.slice(p);
        in_chunks(v.slice_bytes(), [&](std::size_t b, std::size_t e) { std::memset(slice + b, 0, e - b); });
    }
    store_le64(v.data + kOffGeneration, static_cast<std::uint64_t>(to));
}

// Is there a run of k slices holding the item among logical positions 0 .. end - 1?
bool run_found(const Layout& v, std::uint64_t hash, unsigned end) {
    const Header& h = v.h;
    ItemBits bits(hash, h.slice_bits);
    unsigned newest = v.physical(h.generation), n = h.slices();
    auto hit = [&](unsigned logical) {
        unsigned p = newest >= logical ? newest - logical : newest + n - logical;
        return bit_set(v.slice(p), bits.at(p));
    };
    // The window [last - k + 1, last] is checked from its newest end back; a
    // miss at q rules out every window holding q, so the next ends at q + k.
    for (unsigned last = h.k - 1; last < end;) {
        unsigned q = last + 1;
        while (q > last + 1 - h.k && hit(q - 1)) q--;
        if (q == last + 1 - h.k) return true;
        last = q - 1 + h.k;
    }
    return false;
}

std::string mode_name(std::uint8_t mode) { return mode == kModeCount ? "count" : "time"; }

std::string params_text(const Header& h) {
    return mode_name(h.mode) + " window " + std::to_string(h.window) + ", capacity " + std::to_string(h.capacity) +
           ", false positive rate " + number_text(h.fpr) + ", " + std::to_string(h.generations) +
           " generations, seed " + std::to_string(h.seed);
}

// The generation of a time; INT64_MIN (a microsecond generation's first
// instant, INT64_MIN microseconds) is the mark of no add, and refused.
std::int64_t time_generation(const Header& h, std::int64_t micros) {
    std::int64_t g = generation_of(micros, h.generation_length);
    if (g == kNoGeneration)
        throw Error(ErrorKind::kInvalidParameter, "agebloom time " + std::to_string(micros) + " microseconds is out of range",
                    "Its generation would be " + std::to_string(g) + ", the mark of a filter with no add.");
    return g;
}

Error generation_full(const Header& h, std::int64_t generation) {
    return Error(ErrorKind::kTooLarge, "agebloom generation is full",
                 "Generation " + std::to_string(generation) + " already holds its limit of " +
                     std::to_string(h.generation_limit) + " items (capacity " + std::to_string(h.capacity) +
                     " per window over " + std::to_string(h.generations) +
                     " generations); one more would raise the window's false positive rate above " +
                     number_text(h.fpr) + ". The filter is unchanged; make one with a larger capacity.");
}

Header read_header_fields(const std::uint8_t* data, std::size_t size) {
    header::check(data, size, kHeaderType);
    std::uint16_t k = kind::read(data, kV1Bytes67, kHeaderType.invalid);
    Header h{};
    h.hash_id = data[kOffHashId];
    h.mode = data[kOffMode];
    h.k = data[kOffK];
    h.kind = k;
    h.seed = load_le64(data + kOffSeed);
    h.window = load_le64(data + kOffWindow);
    h.capacity = load_le64(data + kOffCapacity);
    h.fpr = load_double(data + kOffFpr);
    h.generations = load_le32(data + kOffGenerations);
    h.generation_length = load_le64(data + kOffGenerationLength);
    h.generation_limit = load_le64(data + kOffGenerationLimit);
    h.slice_bits = load_le64(data + kOffSliceBits);
    h.generation = static_cast<std::int64_t>(load_le64(data + kOffGeneration));
    h.items = load_le64(data + kOffItems);
    if (h.mode != kModeCount && h.mode != kModeTime)
        throw corrupt("unknown mode " + std::to_string(h.mode) + " (1 is count, 2 is time)");
    if (data[kOffReserved8] != 0) throw corrupt("reserved byte 5 is " + std::to_string(data[kOffReserved8]) + ", not 0");
    if (load_le32(data + kOffReserved32) != 0) throw corrupt("reserved bytes 44-47 are not 0");
    if (h.k < 1 || h.k > kMaxHashes)
        throw corrupt("k " + std::to_string(h.k) + " is outside 1.." + std::to_string(kMaxHashes));
    if (h.generations < 1 || h.generations > kMaxGenerations)
        throw corrupt("generations " + std::to_string(h.generations) + " are outside 1.." +
                      std::to_string(kMaxGenerations));
    if (h.slice_bits == 0 || h.slice_bits % 64 != 0 || h.slice_bits > (UINT64_C(1) << 42))
        throw corrupt("slice bits " + std::to_string(h.slice_bits) + " are not a positive multiple of 64 up to 2^42");
    return h;
}

void check_length(const Header& h, std::size_t size) {
    uint128 expected = kHeaderSize + static_cast<uint128>(h.slices()) * (8 + h.slice_bits / 8);
    if (expected != size)
        throw corrupt("it is " + std::to_string(size) + " bytes long, but " + std::to_string(h.slices()) +
                      " slices of " + std::to_string(h.slice_bits) + " bits and their counts take " +
                      number_text(static_cast<double>(expected)) + " bytes with the header");
}

std::uint8_t* writable(std::uint8_t* data, std::size_t size, bool in_place, Allocator& alloc) {
    if (in_place) return data;
    std::uint8_t* out = allocate_or_throw(alloc, size);
    in_chunks(size, [&](std::size_t b, std::size_t e) { std::memcpy(out + b, data + b, e - b); });
    return out;
}

struct DerivedSizes {
    std::uint64_t generation_length, generation_limit;
    unsigned generations;
};

DerivedSizes derived(std::uint8_t mode, std::uint64_t window, std::uint64_t capacity, unsigned generations) {
    unsigned l = generations == 0 ? kDefaultGenerations : generations;
    std::uint64_t limit = ceil_div(capacity, l);
    return DerivedSizes{mode == kModeCount ? limit : ceil_div(window, l), limit, l};
}

// The last few designs: every value of the same parameters reads the same one.
struct CachedDesign {
    std::uint64_t limit;
    unsigned generations;
    double fpr;
    Design design;
};

}  // namespace

double rate_bound(unsigned k, unsigned generations, std::uint64_t slice_bits, std::uint64_t limit) {
    double log_keep = std::log1p(-1.0 / static_cast<double>(slice_bits));
    std::vector<double> fills(k + generations);
    for (unsigned i = 0; i < fills.size(); i++) {
        double items = static_cast<double>(std::min(i + 1, k)) * static_cast<double>(limit);
        fills[i] = -std::expm1(items * log_keep);
    }
    return run_probability(k, fills);
}

Design design(std::uint64_t limit, unsigned generations, double fpr) {
    thread_local CachedDesign cached[8] = {};
    thread_local unsigned next = 0;
    for (const CachedDesign& c : cached)
        if (c.design.k != 0 && c.limit == limit && c.generations == generations && c.fpr == fpr) return c.design;
    Design best{0, 0};
    uint128 best_bits = 0;
    for (unsigned k = 1; k <= kMaxHashes; k++) {
        // Fewest 64-bit words per slice meeting the rate: double, then bisect.
        std::uint64_t hi = 1;
        while (rate_bound(k, generations, hi * 64, limit) > fpr) {
            if (hi >= (UINT64_C(1) << 36)) break;
            hi *= 2;
        }
        if (rate_bound(k, generations, hi * 64, limit) > fpr) continue;
        std::uint64_t lo = hi / 2;  // fails (or is 0)
        while (hi - lo > 1) {
            std::uint64_t mid = lo + (hi - lo) / 2;
            (rate_bound(k, generations, mid * 64, limit) <= fpr ? hi : lo) = mid;
        }
        uint128 bits = static_cast<uint128>(k + generations) * hi * 64;
        if (best.k == 0 || bits < best_bits) {
            best = Design{k, hi * 64};
            best_bits = bits;
        } else if (k >= best.k + 2) {
            break;
        }
    }
    if (best.k == 0) best = Design{kMaxHashes, UINT64_C(1) << 42};
    cached[next] = CachedDesign{limit, generations, fpr, best};
    next = (next + 1) % 8;
    return best;
}

std::size_t value_size(unsigned slices, std::uint64_t slice_bits) {
    double bytes = static_cast<double>(kHeaderSize) + static_cast<double>(slices) * (8.0 + static_cast<double>(slice_bits / 8));
    return static_cast<std::size_t>(bytes);
}

std::int64_t generation_of(std::int64_t micros, std::uint64_t generation_length) {
    std::int64_t d = static_cast<std::int64_t>(generation_length);
    std::int64_t q = micros / d;
    if (micros % d != 0 && micros < 0) q--;
    return q;
}

void check_parameters(int mode, long long window, long long capacity, double fpr, int generations) {
    if (mode != kModeCount && mode != kModeTime)
        throw Error(ErrorKind::kInvalidParameter, "agebloom mode must be 1 (count) or 2 (time), not " + std::to_string(mode));
    if (window <= 0)
        throw Error(ErrorKind::kInvalidParameter, "agebloom window must be positive, not " + std::to_string(window));
    if (mode == kModeCount && static_cast<unsigned long long>(window) > kMaxCapacity)
        throw Error(ErrorKind::kInvalidParameter, "agebloom window of " + std::to_string(window) +
                                                      " insertions is above the limit of " + std::to_string(kMaxCapacity));
    if (mode == kModeTime && static_cast<unsigned long long>(window) > kMaxWindowMicros)
        throw Error(ErrorKind::kInvalidParameter, "agebloom window of " + std::to_string(window) +
                                                      " microseconds is above the limit of 2^62");
    if (capacity <= 0 || static_cast<unsigned long long>(capacity) > kMaxCapacity)
        throw Error(ErrorKind::kInvalidParameter, "agebloom capacity must be in 1.." + std::to_string(kMaxCapacity) +
                                                      ", not " + std::to_string(capacity));
    if (!(fpr > 0.0 && fpr < 1.0))
        throw Error(ErrorKind::kInvalidParameter,
                    "agebloom false positive rate must be between 0 and 1, exclusive, not " + number_text(fpr));
    if (!(fpr >= 1e-15))
        throw Error(ErrorKind::kInvalidParameter,
                    "agebloom false positive rate " + number_text(fpr) + " is below the smallest supported, 1e-15");
    if (generations < 0 || generations > static_cast<int>(kMaxGenerations))
        throw Error(ErrorKind::kInvalidParameter, "agebloom generations must be in 1.." +
                                                      std::to_string(kMaxGenerations) + ", not " +
                                                      std::to_string(generations));
    // generations 0 is the default l: the window must hold l microseconds either way.
    unsigned l = generations == 0 ? kDefaultGenerations : static_cast<unsigned>(generations);
    if (mode == kModeTime && static_cast<unsigned long long>(window) < l)
        throw Error(ErrorKind::kInvalidParameter,
                    "agebloom window of " + std::to_string(window) + " microseconds is shorter than its " +
                        std::to_string(l) + " generations",
                    "Each generation is at least one microsecond" +
                        std::string(generations == 0 ? " (generations 0 means " + std::to_string(kDefaultGenerations) + ")"
                                                     : std::string()) +
                        "; use a longer window or fewer generations.");
}

std::size_t empty_size(int mode, long long window, long long capacity, double fpr, int generations) {
    check_parameters(mode, window, mode == kModeCount ? window : capacity, fpr, generations);
    std::uint64_t cap = static_cast<std::uint64_t>(mode == kModeCount ? window : capacity);
    DerivedSizes d = derived(static_cast<std::uint8_t>(mode), static_cast<std::uint64_t>(window), cap,
                             static_cast<unsigned>(generations));
    if (mode == kModeTime && d.generation_length == 0)
        throw Error(ErrorKind::kInvalidParameter, "agebloom window is shorter than its generations");
    Design ds = design(d.generation_limit, d.generations, fpr);
    double bytes = static_cast<double>(kHeaderSize) +
                   static_cast<double>(ds.k + d.generations) * (8.0 + static_cast<double>(ds.slice_bits) / 8.0);
    if (!fits_new_value(bytes))
        throw too_large("an agebloom filter for " + std::to_string(cap) + " items a window at false positive rate " +
                            number_text(fpr),
                        bytes);
    return static_cast<std::size_t>(bytes);
}

Buffer make_empty(Allocator& alloc, int mode, long long window, long long capacity, double fpr, int generations,
                  std::uint64_t seed) {
    std::size_t size = empty_size(mode, window, capacity, fpr, generations);
    std::uint64_t cap = static_cast<std::uint64_t>(mode == kModeCount ? window : capacity);
    DerivedSizes d = derived(static_cast<std::uint8_t>(mode), static_cast<std::uint64_t>(window), cap,
                             static_cast<unsigned>(generations));
    Design ds = design(d.generation_limit, d.generations, fpr);
    std::uint8_t* out = allocate_or_throw(alloc, size);
    in_chunks(size, [&](std::size_t b, std::size_t e) { std::memset(out + b, 0, e - b); });
    out[kOffTag] = kTypeTag;
    out[kOffHashId] = kHashId;
    out[kOffMode] = static_cast<std::uint8_t>(mode);
    out[kOffK] = static_cast<std::uint8_t>(ds.k);
    kind::write(out, kind::kNone, kV1Bytes67);
    store_le64(out + kOffSeed, seed);
    store_le64(out + kOffWindow, static_cast<std::uint64_t>(window));
    store_le64(out + kOffCapacity, cap);
    store_double(out + kOffFpr, fpr);
    store_le32(out + kOffGenerations, d.generations);
    store_le64(out + kOffGenerationLength, d.generation_length);
    store_le64(out + kOffGenerationLimit, d.generation_limit);
    store_le64(out + kOffSliceBits, ds.slice_bits);
    store_le64(out + kOffGeneration, mode == kModeCount ? 0 : static_cast<std::uint64_t>(kNoGeneration));
    store_le64(out + kOffItems, 0);
    return {out, size};
}

Sketch parse_trusted(const std::uint8_t* data, std::size_t size) {
    Header h = read_header_fields(data, size);
    check_length(h, size);
    if (h.generation_length == 0) throw corrupt("generation length is 0");
    return Sketch{h, data, size};
}

Sketch parse_header(const std::uint8_t* data, std::size_t size) {
    Header h = read_header_fields(data, size);
    if (h.mode == kModeCount && (h.window < 1 || h.window > kMaxCapacity))
        throw corrupt("window " + std::to_string(h.window) + " is outside 1.." + std::to_string(kMaxCapacity));
    if (h.mode == kModeTime && (h.window < h.generations || h.window > kMaxWindowMicros))
        throw corrupt("window " + std::to_string(h.window) + " is outside " + std::to_string(h.generations) + "..2^62");
    if (h.capacity < 1 || h.capacity > kMaxCapacity)
        throw corrupt("capacity " + std::to_string(h.capacity) + " is outside 1.." + std::to_string(kMaxCapacity));
    if (h.mode == kModeCount && h.capacity != h.window)
        throw corrupt("capacity " + std::to_string(h.capacity) + " differs from the count window " +
                      std::to_string(h.window));
    if (!(h.fpr >= 1e-15 && h.fpr < 1.0))
        throw corrupt("false positive rate " + number_text(h.fpr) + " is not between 1e-15 and 1");
    DerivedSizes d = derived(h.mode, h.window, h.capacity, h.generations);
    if (h.generation_length != d.generation_length)
        throw corrupt("generation length " + std::to_string(h.generation_length) + " does not match, which needs " +
                      std::to_string(d.generation_length));
    if (h.generation_limit != d.generation_limit)
        throw corrupt("generation limit " + std::to_string(h.generation_limit) + " does not match, which needs " +
                      std::to_string(d.generation_limit));
    Design ds = design(d.generation_limit, h.generations, h.fpr);
    if (h.k != ds.k)
        throw corrupt("k " + std::to_string(h.k) + " does not match the design, which needs " + std::to_string(ds.k));
    if (h.slice_bits != ds.slice_bits)
        throw corrupt("slice bits " + std::to_string(h.slice_bits) + " do not match the design, which needs " +
                      std::to_string(ds.slice_bits));
    check_length(h, size);
    if (h.mode == kModeCount && h.generation < 0)
        throw corrupt("generation " + std::to_string(h.generation) + " is negative in count mode");
    return Sketch{h, data, size};
}

Sketch parse(const std::uint8_t* data, std::size_t size) {
    Sketch s = parse_header(data, size);
    const Header& h = s.header;
    Layout v{h, const_cast<std::uint8_t*>(data)};
    unsigned n = h.slices();
    std::vector<std::uint64_t> counts(n);  // logical order
    uint128 total = 0;
    for (unsigned i = 0; i < n; i++) {
        counts[i] = h.generation == kNoGeneration
                        ? v.count(i)
                        : v.count(v.physical_back(h.generation, i));
        if (counts[i] > h.generation_limit)
            throw corrupt("slice count " + std::to_string(counts[i]) + " is above the generation limit " +
                          std::to_string(h.generation_limit));
        total += counts[i];
    }
    if (h.mode == kModeCount) {
        uint128 expected = static_cast<uint128>(h.generation) * h.generation_limit + counts[0];
        if (expected != h.items)
            throw corrupt("it claims " + std::to_string(h.items) + " items added, but its generation and counts say " +
                          number_text(static_cast<double>(expected)));
        if (h.items != 0 && counts[0] == 0) throw corrupt("the newest generation's count is 0");
        for (unsigned i = 1; i < n; i++) {
            std::uint64_t want = static_cast<std::uint64_t>(h.generation) >= i ? h.generation_limit : 0;
            if (counts[i] != want)
                throw corrupt("the count of the generation " + std::to_string(i) + " back is " +
                              std::to_string(counts[i]) + ", not " + std::to_string(want));
        }
    } else {
        if (total > h.items)
            throw corrupt("its slice counts add to more than the " + std::to_string(h.items) + " items it claims");
        if (h.generation == kNoGeneration && total != 0) throw corrupt("a filter with no generation has counts");
    }
    for (unsigned i = 0; i < n; i++) {
        unsigned p = h.generation == kNoGeneration
                         ? i
                         : v.physical_back(h.generation, i);
        std::uint64_t writers = 0;
        for (unsigned j = (i + 1 >= h.k ? i + 1 - h.k : 0); j <= i; j++) writers += counts[j];
        std::uint64_t set = popcount(v.slice(p), v.slice_bytes());
        if (set > writers)
            throw corrupt("slice " + std::to_string(i) + " back has " + std::to_string(set) +
                          " bits set, more than the " + std::to_string(writers) + " items written into it");
    }
    return s;
}

Buffer add_hash(std::uint8_t* data, std::size_t size, std::uint64_t hash, std::int64_t micros, bool in_place,
                Allocator& alloc, std::uint16_t added_kind) {
    Header h = parse_trusted(data, size).header;
    Layout probe{h, data};
    std::int64_t target;  // the generation the item belongs to
    std::int64_t now = h.generation;
    if (h.mode == kModeCount) {
        target = probe.count(probe.physical(now)) >= h.generation_limit ? now + 1 : now;
    } else {
        target = time_generation(h, micros);
        if (now != kNoGeneration && target <= now) {
            // Its generation's slot was reused: every slice it would have set is gone.
            if (static_cast<std::uint64_t>(now) - static_cast<std::uint64_t>(target) >= h.slices())
                return {data, size};
            if (probe.count(probe.physical(target)) >= h.generation_limit) throw generation_full(h, target);
        }
    }
    std::uint8_t* out = writable(data, size, in_place, alloc);
    Layout v{h, out};
    if (now == kNoGeneration || target > now) {
        shift(v, now, target);
        h.generation = target;
    }
    // Its slices: the k generations from its own on, as far as they exist.
    unsigned back = static_cast<unsigned>(static_cast<std::uint64_t>(h.generation) - static_cast<std::uint64_t>(target));
    ItemBits bits(hash, h.slice_bits);
    for (unsigned i = back; i < back + h.k && i < h.slices(); i++) {
        unsigned p = v.physical_back(h.generation, i);
        std::uint64_t pos = bits.at(p);
        v.slice(p)[pos >> 3] |= static_cast<std::uint8_t>(1u << (pos & 7));
    }
    unsigned own = v.physical(target);
    store_le64(v.count_at(own), v.count(own) + 1);
    store_le64(out + kOffItems, h.items + 1);
    kind::write(out, kind::after_add(h.kind, h.items == 0, added_kind), kV1Bytes67);
    return {out, size};
}

bool contains_hash(const Sketch& s, std::uint64_t hash) {
    if (s.header.generation == kNoGeneration) return false;
    Layout v{s.header, const_cast<std::uint8_t*>(s.data)};
    return run_found(v, hash, s.header.slices());
}

bool contains_hash_at(const Sketch& s, std::uint64_t hash, std::int64_t micros) {
    const Header& h = s.header;
    if (h.mode != kModeTime)
        throw Error(ErrorKind::kInvalidParameter, "an agebloom filter of a count window has no time to ask at",
                    "Ask without a time: its window is its last " + std::to_string(h.window) + " insertions.");
    if (h.generation == kNoGeneration) return false;
    std::int64_t at = time_generation(h, micros);
    if (at < h.generation)
        throw Error(ErrorKind::kInvalidParameter, "cannot ask an agebloom filter about a time before its newest generation",
                    "The filter was added to in generation " + std::to_string(h.generation) + " (of " +
                        std::to_string(h.generation_length) + " microseconds each) and was asked at generation " +
                        std::to_string(at) + "; what it forgot since cannot be answered for.");
    std::uint64_t ahead = static_cast<std::uint64_t>(at) - static_cast<std::uint64_t>(h.generation);
    if (ahead >= h.slices()) return false;
    Layout v{h, const_cast<std::uint8_t*>(s.data)};
    return run_found(v, hash, h.slices() - static_cast<unsigned>(ahead));
}

void check_state_parameters(const std::uint8_t* data, std::size_t size, int mode, long long window,
                            long long capacity, double fpr, int generations) {
    Header h = parse_trusted(data, size).header;
    unsigned l = generations == 0 ? kDefaultGenerations : static_cast<unsigned>(generations);
    std::uint64_t cap = static_cast<std::uint64_t>(mode == kModeCount ? window : capacity);
    if (h.mode == mode && h.window == static_cast<std::uint64_t>(window) && h.capacity == cap && h.fpr == fpr &&
        h.generations == l)
        return;
    throw parameters_changed("agebloom filter", params_text(h),
                             mode_name(static_cast<std::uint8_t>(mode)) + " window " + std::to_string(window) +
                                 ", capacity " + std::to_string(cap) + ", false positive rate " + number_text(fpr) +
                                 ", " + std::to_string(l) + " generations");
}

Buffer merge(const std::uint8_t* left, std::size_t left_size, const std::uint8_t* right, std::size_t right_size,
             Allocator& alloc) {
    Header a = parse_trusted(left, left_size).header;
    Header b = parse_trusted(right, right_size).header;
    check_same_hash_id(a.hash_id, b.hash_id, "agebloom filters");
    if (a.mode != b.mode || a.seed != b.seed || a.window != b.window || a.capacity != b.capacity || a.fpr != b.fpr ||
        a.generations != b.generations || a.k != b.k || a.slice_bits != b.slice_bits)
        throw Error(ErrorKind::kMismatch, "cannot combine agebloom filters with different parameters",
                    "One has " + params_text(a) + "; the other has " + params_text(b) + ".",
                    Reason::kDifferentParameters, "mode, window, capacity, false positive rate, generations and seed");
    if (a.mode == kModeCount)
        throw Error(ErrorKind::kMismatch, "cannot combine agebloom filters of count windows",
                    "A count window is the last insertions of one stream; two streams have no common order. "
                    "Use a time window to combine filters.");
    std::uint8_t* out = writable(const_cast<std::uint8_t*>(left), left_size, false, alloc);
    if (b.generation == kNoGeneration) return {out, left_size};
    Header h = a;
    Layout v{h, out};
    if (a.generation == kNoGeneration || b.generation > a.generation) {
        shift(v, a.generation, b.generation);
        h.generation = b.generation;
    }
    Layout src{b, const_cast<std::uint8_t*>(right)};
    unsigned n = h.slices();
    // b's generations still held at the result's generation, and their counts first (all checked before any write).
    std::uint64_t ahead = static_cast<std::uint64_t>(h.generation) - static_cast<std::uint64_t>(b.generation);
    for (unsigned i = 0; i + ahead < n; i++) {
        std::int64_t g = static_cast<std::int64_t>(static_cast<std::uint64_t>(b.generation) - i);
        unsigned p = v.physical_back(b.generation, i);
        if (v.count(p) + src.count(p) > h.generation_limit) throw generation_full(h, g);
    }
    for (unsigned i = 0; i + ahead < n; i++) {
        unsigned p = v.physical_back(b.generation, i);
        store_le64(v.count_at(p), v.count(p) + src.count(p));
        std::uint8_t* dst = v.slice(p);
        const std::uint8_t* from = src.slice(p);
        in_chunks(v.slice_bytes(), [&](std::size_t s, std::size_t e) {
            for (std::size_t j = s; j < e; j++) dst[j] |= from[j];
        });
    }
    store_le64(out + kOffItems, a.items + b.items);
    kind::write(out, kind::of_union(a.kind, a.items == 0, b.kind, b.items == 0), kV1Bytes67);
    return {out, left_size};
}

double estimated_fpr(const Sketch& s) {
    const Header& h = s.header;
    if (h.generation == kNoGeneration) return 0.0;
    Layout v{h, const_cast<std::uint8_t*>(s.data)};
    std::vector<double> fills(h.slices());
    for (unsigned i = 0; i < fills.size(); i++) {
        unsigned p = v.physical_back(h.generation, i);
        fills[i] = static_cast<double>(popcount(v.slice(p), v.slice_bytes())) / static_cast<double>(h.slice_bits);
    }
    return run_probability(h.k, fills);
}

Info info(const Sketch& s) {
    const Header& h = s.header;
    Layout v{h, const_cast<std::uint8_t*>(s.data)};
    std::uint64_t live = 0, current = 0, fullest = 0;
    if (h.generation != kNoGeneration) {
        for (unsigned i = 0; i < h.slices(); i++) {
            unsigned p = v.physical_back(h.generation, i);
            if (i <= h.generations) live += v.count(p);
            if (i == 0) current = v.count(p);
            fullest = std::max(fullest, popcount(v.slice(p), v.slice_bytes()));
        }
    }
    return Info{kind::version_for(h.kind),
                h.hash_id,
                h.kind,
                h.mode,
                h.seed,
                h.window,
                h.capacity,
                h.fpr,
                h.k,
                h.generations,
                h.generation_length,
                h.generation_limit,
                h.slice_bits,
                h.generation,
                h.items,
                live,
                current,
                static_cast<double>(fullest) / static_cast<double>(h.slice_bits),
                estimated_fpr(s),
                static_cast<double>(h.slices()) * static_cast<double>(h.slice_bits) / static_cast<double>(h.capacity),
                s.size};
}

}  // namespace probabilistic::agebloom
