#include "kll.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include "header.hpp"
#include "kll_row.h"

namespace probabilistic::kll {
namespace {

__extension__ typedef unsigned __int128 uint128;

// Header byte offsets (see the format in kll.hpp).
constexpr std::size_t kOffFlags = PROB_KLL_OFF_FLAGS, kOffK = 4, kOffMinK = 6, kOffN = PROB_KLL_OFF_N,
                      kOffMin = PROB_KLL_OFF_MIN, kOffMax = PROB_KLL_OFF_MAX, kOffLevels = PROB_KLL_OFF_LEVELS,
                      kOffM = 33, kOffReserved = 34, kOffFree = PROB_KLL_OFF_FREE;
constexpr std::uint8_t kFlagSorted = PROB_KLL_FLAG_SORTED, kFlagWorking = PROB_KLL_FLAG_WORKING;
static_assert(kTypeTag == PROB_KLL_TYPE_TAG && kHeaderSize == PROB_KLL_HEADER_SIZE && kMaxLevels == PROB_KLL_MAX_LEVELS,
              "kll_row.h and kll.hpp agree");

constexpr header::Type kHeaderType{"invalid kll value", kTypeTag, kHeaderSize, kNoHash};

Error corrupt(const std::string& what) { return header::corrupt(kHeaderType, what); }

// round(2k (2/3)^depth / 2) for depth <= 30, in integers: ((2k 2^depth / 3^depth) + 1) / 2.
constexpr std::uint64_t power_of_three(unsigned d) { return d == 0 ? 1 : 3 * power_of_three(d - 1); }
template <std::size_t... D>
constexpr std::array<std::uint64_t, sizeof...(D)> powers_of_three(std::index_sequence<D...>) {
    return {power_of_three(D)...};
}
constexpr auto kPowersOfThree = powers_of_three(std::make_index_sequence<31>());

std::uint64_t shrink(std::uint64_t k, unsigned depth) {
    return (((2 * k) << depth) / kPowersOfThree[depth] + 1) >> 1;
}

std::uint64_t scaled_capacity(std::uint16_t k, unsigned depth) {
    if (depth <= 30) return shrink(k, depth);
    unsigned half = depth / 2;
    return shrink(shrink(k, half), depth - half);
}

// Items in a vector (a decoded sketch) or in a working state's bytes (the
// aggregate's per-row path compacts there, in place): one algorithm for both.
struct VectorItems {
    double* p;
    double get(std::uint32_t i) const { return p[i]; }
    void set(std::uint32_t i, double v) const { p[i] = v; }
};
struct ByteItems {
    std::uint8_t* p;
    double get(std::uint32_t i) const { return load_double(p + 8ull * i); }
    void set(std::uint32_t i, double v) const { store_double(p + 8ull * i, v); }
};

template <class Items>
void halve(const Items& items, std::uint32_t start, std::uint32_t length, unsigned offset, bool upwards) {
    std::uint32_t half = length / 2;
    if (upwards) {
        // The kept items end at start + length.
        for (std::uint32_t i = 0; i < half; i++)
            items.set(start + length - 1 - i, items.get(start + length - 1 - offset - 2 * i));
    } else {
        for (std::uint32_t i = 0; i < half; i++) items.set(start + i, items.get(start + offset + 2 * i));
    }
}

// Merges two sorted runs of one buffer into [to, to + a_len + b_len); on ties
// the second run's item goes first (DataSketches' order). to <= b_from and the
// first run lies below to, so nothing unread is overwritten.
template <class Items>
void merge_runs(const Items& items, std::uint32_t a_from, std::uint32_t a_len, std::uint32_t b_from,
                std::uint32_t b_len, std::uint32_t to) {
    std::uint32_t a = a_from, a_end = a_from + a_len, b = b_from, b_end = b_from + b_len;
    for (std::uint32_t c = to; c < to + a_len + b_len; c++) {
        if (a == a_end || (b != b_end && !(items.get(a) < items.get(b))))
            items.set(c, items.get(b++));
        else
            items.set(c, items.get(a++));
    }
}

// Ascending, -0 before +0: a total order on the values a sketch holds, so a
// sorted run is one sequence whatever the sort (datasketches-cpp's std::sort
// may leave -0 and +0 either way round; Java's sort orders them so).
struct Before {
    bool operator()(double a, double b) const { return a < b || (a == b && std::signbit(a) && !std::signbit(b)); }
};

// The same order on integers: a negative value's bits all flipped, any
// other's sign bit set (-0 below +0; NaN is never held).
inline std::uint64_t order_key(double v) {
    std::uint64_t b;
    std::memcpy(&b, &v, sizeof b);
    return b ^ ((b >> 63) ? ~UINT64_C(0) : UINT64_C(0x8000000000000000));
}
inline double from_order_key(std::uint64_t k) {
    std::uint64_t b = k ^ ((k >> 63) ? UINT64_C(0x8000000000000000) : ~UINT64_C(0));
    double v;
    std::memcpy(&v, &b, sizeof v);
    return v;
}

// Batcher's odd-even merge network on 16 keys (63 compare-exchanges, checked on
// every 0-1 input), without branches: short runs (a compaction of level 0 sorts
// about 14 values) pay no mispredictions.
constexpr std::uint8_t kNetwork16[][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {8, 9}, {10, 11}, {12, 13}, {14, 15}, {0, 2}, {1, 3}, {4, 6}, {5, 7}, {8, 10}, {9, 11}, {12, 14}, {13, 15}, {1, 2}, {5, 6}, {9, 10}, {13, 14}, {0, 4}, {1, 5}, {2, 6}, {3, 7}, {8, 12}, {9, 13}, {10, 14}, {11, 15}, {2, 4}, {3, 5}, {10, 12}, {11, 13}, {1, 2}, {3, 4}, {5, 6}, {9, 10}, {11, 12}, {13, 14}, {0, 8}, {1, 9}, {2, 10}, {3, 11}, {4, 12}, {5, 13}, {6, 14}, {7, 15}, {4, 8}, {5, 9}, {6, 10}, {7, 11}, {2, 4}, {3, 5}, {6, 8}, {7, 9}, {10, 12}, {11, 13}, {1, 2}, {3, 4}, {5, 6}, {7, 8}, {9, 10}, {11, 12}, {13, 14}};

// The same for 32 keys: 191 compare-exchanges, checked on random inputs of 0..3.
constexpr std::uint8_t kNetwork32[][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {8, 9}, {10, 11}, {12, 13}, {14, 15}, {16, 17}, {18, 19}, {20, 21}, {22, 23}, {24, 25}, {26, 27}, {28, 29}, {30, 31}, {0, 2}, {1, 3}, {4, 6}, {5, 7}, {8, 10}, {9, 11}, {12, 14}, {13, 15}, {16, 18}, {17, 19}, {20, 22}, {21, 23}, {24, 26}, {25, 27}, {28, 30}, {29, 31}, {1, 2}, {5, 6}, {9, 10}, {13, 14}, {17, 18}, {21, 22}, {25, 26}, {29, 30}, {0, 4}, {1, 5}, {2, 6}, {3, 7}, {8, 12}, {9, 13}, {10, 14}, {11, 15}, {16, 20}, {17, 21}, {18, 22}, {19, 23}, {24, 28}, {25, 29}, {26, 30}, {27, 31}, {2, 4}, {3, 5}, {10, 12}, {11, 13}, {18, 20}, {19, 21}, {26, 28}, {27, 29}, {1, 2}, {3, 4}, {5, 6}, {9, 10}, {11, 12}, {13, 14}, {17, 18}, {19, 20}, {21, 22}, {25, 26}, {27, 28}, {29, 30}, {0, 8}, {1, 9}, {2, 10}, {3, 11}, {4, 12}, {5, 13}, {6, 14}, {7, 15}, {16, 24}, {17, 25}, {18, 26}, {19, 27}, {20, 28}, {21, 29}, {22, 30}, {23, 31}, {4, 8}, {5, 9}, {6, 10}, {7, 11}, {20, 24}, {21, 25}, {22, 26}, {23, 27}, {2, 4}, {3, 5}, {6, 8}, {7, 9}, {10, 12}, {11, 13}, {18, 20}, {19, 21}, {22, 24}, {23, 25}, {26, 28}, {27, 29}, {1, 2}, {3, 4}, {5, 6}, {7, 8}, {9, 10}, {11, 12}, {13, 14}, {17, 18}, {19, 20}, {21, 22}, {23, 24}, {25, 26}, {27, 28}, {29, 30}, {0, 16}, {1, 17}, {2, 18}, {3, 19}, {4, 20}, {5, 21}, {6, 22}, {7, 23}, {8, 24}, {9, 25}, {10, 26}, {11, 27}, {12, 28}, {13, 29}, {14, 30}, {15, 31}, {8, 16}, {9, 17}, {10, 18}, {11, 19}, {12, 20}, {13, 21}, {14, 22}, {15, 23}, {4, 8}, {5, 9}, {6, 10}, {7, 11}, {12, 16}, {13, 17}, {14, 18}, {15, 19}, {20, 24}, {21, 25}, {22, 26}, {23, 27}, {2, 4}, {3, 5}, {6, 8}, {7, 9}, {10, 12}, {11, 13}, {14, 16}, {15, 17}, {18, 20}, {19, 21}, {22, 24}, {23, 25}, {26, 28}, {27, 29}, {1, 2}, {3, 4}, {5, 6}, {7, 8}, {9, 10}, {11, 12}, {13, 14}, {15, 16}, {17, 18}, {19, 20}, {21, 22}, {23, 24}, {25, 26}, {27, 28}, {29, 30}};

template <std::size_t N>
void sort_network(std::uint64_t* key, const std::uint8_t (&network)[N][2]) {
    for (const auto& pair : network) {
        std::uint64_t a = key[pair[0]], b = key[pair[1]];
        key[pair[0]] = a < b ? a : b;
        key[pair[1]] = a < b ? b : a;
    }
}

void sort_values(double* from, double* to) {
    std::size_t n = static_cast<std::size_t>(to - from);
    if (n > 32) {
        std::sort(from, to, Before());
        return;
    }
    std::uint64_t key[32];
    std::size_t width = n <= 16 ? 16 : 32;
    for (std::size_t i = 0; i < width; i++) key[i] = i < n ? order_key(from[i]) : ~UINT64_C(0);
    if (width == 16)
        sort_network(key, kNetwork16);
    else
        sort_network(key, kNetwork32);
    for (std::size_t i = 0; i < n; i++) from[i] = from_order_key(key[i]);
}

template <class Items>
void sort_run(const Items& items, std::uint32_t from, std::uint32_t length) {
    double small[256];
    std::vector<double> large;
    double* run = small;
    if (length > 256) {
        large.resize(length);
        run = large.data();
    }
    for (std::uint32_t i = 0; i < length; i++) run[i] = items.get(from + i);
    sort_values(run, run + length);
    for (std::uint32_t i = 0; i < length; i++) items.set(from + i, run[i]);
}

// The lowest level at or past its capacity (there is one when the buffer is full).
unsigned level_to_compact(std::uint16_t k, const std::uint32_t* levels, unsigned num_levels) {
    for (unsigned h = 0; h < num_levels; h++)
        if (levels[h + 1] - levels[h] >= level_capacity(k, num_levels, h)) return h;
    throw std::logic_error("kll: a full buffer with no level at its capacity");
}

void add_top_level(Sketch& s) {
    std::uint32_t delta = level_capacity(s.k, s.num_levels() + 1, 0);
    s.items.insert(s.items.begin(), delta, 0.0);
    for (auto& l : s.levels) l += delta;
    s.levels.push_back(static_cast<std::uint32_t>(s.items.size()));
}

// DataSketches' compress_while_updating, below the top level: compacts level
// `level` of a full buffer into the one above (levels: L + 1 offsets), the
// lower levels shifted up into the freed slots.
template <class Items>
void compact_level(const Items& items, std::uint32_t* levels, unsigned level, bool level_zero_sorted,
                   std::uint64_t n) {
    std::uint32_t raw_beg = levels[level], raw_lim = levels[level + 1];
    std::uint32_t pop_above = levels[level + 2] - raw_lim;
    std::uint32_t raw_pop = raw_lim - raw_beg;
    bool odd = (raw_pop & 1) != 0;
    std::uint32_t adj_beg = odd ? raw_beg + 1 : raw_beg, adj_pop = odd ? raw_pop - 1 : raw_pop;
    std::uint32_t half = adj_pop / 2;
    if (level == 0 && !level_zero_sorted) sort_run(items, adj_beg, adj_pop);
    unsigned offset = coin(n, level);
    if (pop_above == 0) {
        halve(items, adj_beg, adj_pop, offset, true);
    } else {
        halve(items, adj_beg, adj_pop, offset, false);
        merge_runs(items, adj_beg, half, raw_lim, pop_above, adj_beg + half);
    }
    levels[level + 1] -= half;
    if (odd) {
        levels[level] = levels[level + 1] - 1;
        items.set(levels[level], items.get(raw_beg));
    } else {
        levels[level] = levels[level + 1];
    }
    if (level > 0) {
        std::uint32_t amount = raw_beg - levels[0];
        for (std::uint32_t i = amount; i-- > 0;) items.set(levels[0] + half + i, items.get(levels[0] + i));
        for (unsigned h = 0; h < level; h++) levels[h] += half;
    }
}

// A full buffer's compaction (DataSketches' compress_while_updating).
void compact_full(Sketch& s) {
    unsigned level = level_to_compact(s.k, s.levels.data(), s.num_levels());
    if (level == s.num_levels() - 1) add_top_level(s);
    compact_level(VectorItems{s.items.data()}, s.levels.data(), level, s.level_zero_sorted, s.n);
}

// The slot of a new level-0 item, compacting first when the buffer is full.
std::uint32_t next_slot(Sketch& s) {
    if (s.levels[0] == 0) compact_full(s);
    s.n++;
    s.level_zero_sorted = false;
    return --s.levels[0];
}

struct Compressed {
    unsigned num_levels;
    std::uint32_t capacity;
    std::uint32_t count;
};

// DataSketches' general_compress over a work buffer whose levels 1.. are
// sorted: compacts levels, lowest first, while the items pass the capacity.
Compressed compress(std::uint16_t k, std::uint64_t n, unsigned num_levels_in, double* items,
                    std::vector<std::uint32_t>& in, std::vector<std::uint32_t>& out, bool level_zero_sorted) {
    std::uint32_t count = in[num_levels_in] - in[0];
    unsigned levels = num_levels_in;
    std::uint32_t target = total_capacity(k, levels);
    out[0] = 0;
    for (unsigned level = 0;; level++) {
        if (level + 2 >= in.size()) throw std::logic_error("kll: compression passed its level bound");
        if (level == levels - 1) in[level + 2] = in[level + 1];
        std::uint32_t raw_beg = in[level], raw_lim = in[level + 1], raw_pop = raw_lim - raw_beg;
        if (count < target || raw_pop < level_capacity(k, levels, level)) {
            std::move(items + raw_beg, items + raw_lim, items + out[level]);
            out[level + 1] = out[level] + raw_pop;
        } else {
            std::uint32_t pop_above = in[level + 2] - raw_lim;
            bool odd = (raw_pop & 1) != 0;
            std::uint32_t adj_beg = odd ? raw_beg + 1 : raw_beg, adj_pop = odd ? raw_pop - 1 : raw_pop;
            std::uint32_t half = adj_pop / 2;
            if (odd) {
                items[out[level]] = items[raw_beg];
                out[level + 1] = out[level] + 1;
            } else {
                out[level + 1] = out[level];
            }
            if (level == 0 && !level_zero_sorted) sort_values(items + adj_beg, items + adj_beg + adj_pop);
            unsigned offset = coin(n, level);
            VectorItems v{items};
            if (pop_above == 0) {
                halve(v, adj_beg, adj_pop, offset, true);
            } else {
                halve(v, adj_beg, adj_pop, offset, false);
                merge_runs(v, adj_beg, half, raw_lim, pop_above, adj_beg + half);
            }
            count -= half;
            in[level + 1] -= half;
            if (level == levels - 1) {
                levels++;
                target += level_capacity(k, levels, 0);
            }
        }
        if (level == levels - 1) break;
    }
    return {levels, target, count};
}

// DataSketches' merge_higher_levels: s's level 0 (other's level 0 already in
// it) and both sketches' levels above, merged level by level and compressed.
void merge_higher_levels(Sketch& s, const Sketch& other, std::uint64_t final_n) {
    unsigned provisional = std::max(s.num_levels(), other.num_levels());
    std::size_t bound = std::max<std::size_t>(provisional, 64) + 3;
    std::vector<double> work(s.retained() + (other.retained() - other.level_size(0)));
    std::vector<std::uint32_t> in(bound, 0), out(bound, 0);
    std::copy(s.items.begin() + s.levels[0], s.items.begin() + s.levels[1], work.begin());
    in[1] = s.level_size(0);
    for (unsigned h = 1; h < provisional; h++) {
        std::uint32_t mine = s.level_size(h), theirs = other.level_size(h);
        in[h + 1] = in[h] + mine + theirs;
        const double* a = s.items.data() + (mine ? s.levels[h] : 0);
        const double* b = other.items.data() + (theirs ? other.levels[h] : 0);
        std::uint32_t i = 0, j = 0;
        for (std::uint32_t c = in[h]; c < in[h + 1]; c++) {
            if (i == mine || (j != theirs && !(a[i] < b[j])))
                work[c] = b[j++];
            else
                work[c] = a[i++];
        }
    }
    Compressed r = compress(s.k, s.n, provisional, work.data(), in, out, s.level_zero_sorted);
    (void) final_n;
    std::uint32_t free_slots = r.capacity - r.count;
    std::vector<double> items(r.capacity, 0.0);
    std::copy(work.begin() + out[0], work.begin() + out[0] + r.count, items.begin() + free_slots);
    s.items = std::move(items);
    s.levels.assign(r.num_levels + 1, 0);
    for (unsigned h = 0; h <= r.num_levels; h++) s.levels[h] = out[h] - out[0] + free_slots;
}

// The retained items with their weights, in order, weights made cumulative
// (DataSketches' sorted view: level 0 sorted, then each level merged in).
struct View {
    std::vector<std::pair<double, std::uint64_t>> entries;
    std::uint64_t total = 0;
};

View view_of(const Sketch& s) {
    View v;
    v.entries.reserve(s.retained());
    std::vector<std::pair<double, std::uint64_t>> level, merged;
    for (unsigned h = 0; h < s.num_levels(); h++) {
        level.clear();
        for (std::uint32_t i = s.levels[h]; i < s.levels[h + 1]; i++)
            level.emplace_back(s.items[i], std::uint64_t{1} << h);
        if (h == 0 && !s.level_zero_sorted)
            std::sort(level.begin(), level.end(), [](const auto& a, const auto& b) { return Before()(a.first, b.first); });
        merged.clear();
        std::merge(v.entries.begin(), v.entries.end(), level.begin(), level.end(), std::back_inserter(merged),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
        std::swap(v.entries, merged);
    }
    for (auto& e : v.entries) {
        v.total += e.second;
        e.second = v.total;
    }
    return v;
}

void check_rank(double q) {
    if (!(q >= 0.0 && q <= 1.0))
        throw Error(ErrorKind::kInvalidParameter, "quantile " + number_text(q) + " is not between 0 and 1",
                    "A quantile is a fraction of the values: 0.5 for the median, 0.99 for the 99th percentile.");
}

double quantile_of(const View& v, double q, bool inclusive) {
    double scaled = q * static_cast<double>(v.total);
    std::uint64_t weight = static_cast<std::uint64_t>(inclusive ? std::ceil(scaled) : scaled);
    auto it = inclusive ? std::lower_bound(v.entries.begin(), v.entries.end(), weight,
                                           [](const auto& e, std::uint64_t w) { return e.second < w; })
                        : std::upper_bound(v.entries.begin(), v.entries.end(), weight,
                                           [](std::uint64_t w, const auto& e) { return w < e.second; });
    return it == v.entries.end() ? v.entries.back().first : it->first;
}

// ---- our bytes ----

struct Raw {
    std::uint8_t flags;
    std::uint16_t k, min_k;
    std::uint64_t n;
    double min, max;
    unsigned num_levels;
    std::uint32_t free;
    std::uint64_t slots;  // retained + free
    std::uint32_t retained;
};

// What every reader checks: the prefix, and that the sizes keep reads inside the bytes.
Raw read_raw(const std::uint8_t* data, std::size_t size) {
    header::check(data, size, kHeaderType);
    if (data[header::kOffVersion] != kFormatVersion)
        throw corrupt("format version " + std::to_string(data[header::kOffVersion]) +
                      " is not a kll's (a kll has version 1: it records no value kind)");
    if (data[header::kOffHashId] != kNoHash)
        throw corrupt("hash function id " + std::to_string(data[header::kOffHashId]) + " is not 0 (a kll hashes nothing)");
    Raw r;
    r.flags = data[kOffFlags];
    r.k = load_le16(data + kOffK);
    r.min_k = load_le16(data + kOffMinK);
    r.n = load_le64(data + kOffN);
    r.min = load_double(data + kOffMin);
    r.max = load_double(data + kOffMax);
    r.num_levels = data[kOffLevels];
    r.free = load_le32(data + kOffFree);
    if (r.num_levels < 1 || r.num_levels > kMaxLevels)
        throw corrupt("level count " + std::to_string(r.num_levels) + " is not in 1.." + std::to_string(kMaxLevels));
    if (size < kHeaderSize + 4ull * r.num_levels)
        throw corrupt("it is " + std::to_string(size) + " bytes long, shorter than its " +
                      std::to_string(r.num_levels) + " level sizes");
    std::uint64_t sum = 0;
    for (unsigned h = 0; h < r.num_levels; h++) sum += load_le32(data + kHeaderSize + 4 * h);
    r.slots = sum + r.free;
    std::uint64_t expect = kHeaderSize + 4ull * r.num_levels + 8ull * r.slots;
    if (size != expect)
        throw corrupt("it is " + std::to_string(size) + " bytes long; its level sizes and free slots make " +
                      std::to_string(expect));
    r.retained = static_cast<std::uint32_t>(sum);
    if (r.k < kMinK) throw corrupt("k " + std::to_string(r.k) + " is below " + std::to_string(kMinK));
    if ((r.flags & kFlagWorking) && r.slots != total_capacity(r.k, r.num_levels))
        throw corrupt("a working state's items and free slots are not its capacity");
    return r;
}

Sketch decode(const std::uint8_t* data, const Raw& r) {
    Sketch s;
    s.k = r.k;
    s.min_k = r.min_k;
    s.n = r.n;
    s.min = r.min;
    s.max = r.max;
    s.level_zero_sorted = (r.flags & kFlagSorted) != 0;
    std::uint32_t capacity = total_capacity(r.k, r.num_levels);
    if (r.retained > capacity) throw corrupt("it retains more items than its level count holds");
    s.items.assign(capacity, 0.0);
    s.levels.assign(r.num_levels + 1, 0);
    s.levels[r.num_levels] = capacity;
    for (unsigned h = r.num_levels; h-- > 0;)
        s.levels[h] = s.levels[h + 1] - load_le32(data + kHeaderSize + 4 * h);
    const std::uint8_t* p = data + kHeaderSize + 4 * r.num_levels + 8ull * (r.slots - r.retained);
    if (PROB_LITTLE_ENDIAN_HOST)
        std::memcpy(s.items.data() + s.levels[0], p, 8ull * r.retained);
    else
        for (std::uint32_t i = 0; i < r.retained; i++) s.items[s.levels[0] + i] = load_double(p + 8ull * i);
    return s;
}

std::size_t size_with(const Sketch& s, std::uint32_t slots) { return kHeaderSize + 4 * s.num_levels() + 8ull * slots; }

void write(const Sketch& s, bool working, std::uint8_t* out) {
    std::memset(out, 0, kHeaderSize);
    out[header::kOffTag] = kTypeTag;
    out[header::kOffVersion] = kFormatVersion;
    out[header::kOffHashId] = kNoHash;
    out[kOffFlags] = static_cast<std::uint8_t>((s.level_zero_sorted ? kFlagSorted : 0) | (working ? kFlagWorking : 0));
    store_le16(out + kOffK, s.k);
    store_le16(out + kOffMinK, s.min_k);
    store_le64(out + kOffN, s.n);
    store_double(out + kOffMin, s.n ? s.min : 0.0);
    store_double(out + kOffMax, s.n ? s.max : 0.0);
    out[kOffLevels] = static_cast<std::uint8_t>(s.num_levels());
    out[kOffM] = kM;
    store_le32(out + kOffFree, working ? s.levels[0] : 0);
    std::uint8_t* p = out + kHeaderSize;
    for (unsigned h = 0; h < s.num_levels(); h++, p += 4) store_le32(p, s.level_size(h));
    if (working) {
        std::memset(p, 0, 8ull * s.levels[0]);
        p += 8ull * s.levels[0];
    }
    if (PROB_LITTLE_ENDIAN_HOST)
        std::memcpy(p, s.items.data() + s.levels[0], 8ull * s.retained());
    else
        for (std::uint32_t i = s.levels[0]; i < s.items.size(); i++, p += 8) store_double(p, s.items[i]);
}

Buffer written(const Sketch& s, bool working, Allocator& alloc) {
    std::size_t size = size_with(s, working ? static_cast<std::uint32_t>(s.items.size()) : s.retained());
    std::uint8_t* out = allocate_or_throw(alloc, size);
    write(s, working, out);
    return {out, size};
}

void update_min_max(Sketch& s, double v) {
    if (s.n == 0) {
        s.min = s.max = v;
    } else {
        if (v < s.min) s.min = v;
        if (s.max < v) s.max = v;
    }
}

std::string level_name(unsigned h) { return "level " + std::to_string(h); }

// The checks of a sketch's contents, shared by our parse and the DataSketches import.
void check_contents(const Sketch& s) {
    if (s.min_k < kMinK || s.min_k > s.k)
        throw corrupt("min_k " + std::to_string(s.min_k) + " is not in " + std::to_string(kMinK) + "..k (" +
                      std::to_string(s.k) + ")");
    unsigned L = s.num_levels();
    if (L > 1 && s.level_size(L - 1) == 0) throw corrupt("the top level of " + std::to_string(L) + " is empty");
    uint128 weight = 0;
    for (unsigned h = 0; h < L; h++) weight += static_cast<uint128>(s.level_size(h)) << h;
    if (weight != s.n)
        throw corrupt("n " + std::to_string(s.n) + " is not the weight of the retained items (each item of level h "
                      "counts 2^h)");
    if (s.n == 0) return;
    if (std::isnan(s.min) || std::isnan(s.max)) throw corrupt("min or max is NaN");
    if (!(s.min <= s.max)) throw corrupt("min is above max");
    for (unsigned h = 0; h < L; h++) {
        for (std::uint32_t i = s.levels[h]; i < s.levels[h + 1]; i++) {
            double v = s.items[i];
            if (std::isnan(v)) throw corrupt(level_name(h) + " holds NaN");
            if (v < s.min || v > s.max) throw corrupt(level_name(h) + " holds an item outside [min, max]");
            if (i > s.levels[h] && (h > 0 || s.level_zero_sorted) && v < s.items[i - 1])
                throw corrupt(level_name(h) + " is not sorted" + (h == 0 ? " though flagged sorted" : ""));
        }
        if (h % 8 == 7) poll_interrupt();
    }
}

}  // namespace

std::uint32_t level_capacity(std::uint16_t k, unsigned num_levels, unsigned height) {
    unsigned depth = num_levels - height - 1;
    if (depth >= kMaxLevels) throw std::logic_error("kll: level depth past 60");
    return static_cast<std::uint32_t>(std::max<std::uint64_t>(kM, scaled_capacity(k, depth)));
}

std::uint32_t total_capacity(std::uint16_t k, unsigned num_levels) {
    std::uint32_t total = 0;
    for (unsigned h = 0; h < num_levels; h++) total += level_capacity(k, num_levels, h);
    return total;
}

unsigned coin(std::uint64_t n, unsigned level) {
    // SplitMix64's finalizer of n + (level + 1) * golden ratio; the top bit.
    std::uint64_t z = n + (static_cast<std::uint64_t>(level) + 1) * UINT64_C(0x9E3779B97F4A7C15);
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    z ^= z >> 31;
    return static_cast<unsigned>(z >> 63);
}

void check_k(long long k) {
    if (k < kMinK || k > kMaxK)
        throw Error(ErrorKind::kInvalidParameter, "kll k " + std::to_string(k) + " is not in " +
                                                      std::to_string(kMinK) + ".." + std::to_string(kMaxK),
                    "k sets the rank error: 200 (the default) gives about 1.65%, 400 about 0.83%.");
}

void check_value(double v) {
    if (std::isnan(v))
        throw Error(ErrorKind::kInvalidParameter, "a kll sketch cannot hold NaN",
                    "Ranks of values that include NaN have no meaning; leave the NaN values out.");
}

Sketch empty(std::uint16_t k) {
    check_k(k);
    Sketch s;
    s.k = s.min_k = k;
    s.items.assign(k, 0.0);
    s.levels = {k, k};
    return s;
}

void update(Sketch& s, double v) {
    check_value(v);
    update_min_max(s, v);
    std::uint32_t slot = next_slot(s);
    s.items[slot] = v;
}

void merge(Sketch& s, const Sketch& other) {
    if (other.n == 0) return;
    if (s.n == 0) {
        s.min = other.min;
        s.max = other.max;
    } else {
        if (other.min < s.min) s.min = other.min;
        if (s.max < other.max) s.max = other.max;
    }
    if (other.n > UINT64_MAX - s.n)
        throw Error(ErrorKind::kTooLarge, "kll count would pass 2^64 - 1 values");
    std::uint64_t final_n = s.n + other.n;
    for (std::uint32_t i = other.levels[0]; i < other.levels[1]; i++) {
        std::uint32_t slot = next_slot(s);
        s.items[slot] = other.items[i];
    }
    if (other.num_levels() >= 2) merge_higher_levels(s, other, final_n);
    s.n = final_n;
    if (other.num_levels() > 1) s.min_k = std::min(s.min_k, other.min_k);
}

bool quantile(const Sketch& s, double q, bool inclusive, double* out) {
    return quantiles(s, &q, 1, inclusive, out);
}

bool quantiles(const Sketch& s, const double* qs, int count, bool inclusive, double* out) {
    for (int i = 0; i < count; i++) check_rank(qs[i]);
    if (s.n == 0) return false;
    View v = view_of(s);
    for (int i = 0; i < count; i++) out[i] = quantile_of(v, qs[i], inclusive);
    return true;
}

bool rank(const Sketch& s, double x, bool inclusive, double* out) {
    if (s.n == 0) return false;
    if (std::isnan(x))
        throw Error(ErrorKind::kInvalidParameter, "the rank of NaN has no meaning",
                    "Give a value that compares with the sketch's values.");
    View v = view_of(s);
    auto it = inclusive ? std::upper_bound(v.entries.begin(), v.entries.end(), x,
                                           [](double y, const auto& e) { return y < e.first; })
                        : std::lower_bound(v.entries.begin(), v.entries.end(), x,
                                           [](const auto& e, double y) { return e.first < y; });
    *out = it == v.entries.begin() ? 0.0 : static_cast<double>((it - 1)->second) / static_cast<double>(v.total);
    return true;
}

double rank_error(std::uint16_t k, bool double_sided) {
    return double_sided ? 2.446 / std::pow(k, 0.9433) : 2.296 / std::pow(k, 0.9723);
}

Sketch parse_trusted(const std::uint8_t* data, std::size_t size) { return decode(data, read_raw(data, size)); }

bool is_working(const std::uint8_t* data, std::size_t size) {
    return size > kOffFlags && (data[kOffFlags] & kFlagWorking) != 0;
}

std::uint16_t k_of(const std::uint8_t* data, std::size_t size) { return read_raw(data, size).k; }

Sketch parse(const std::uint8_t* data, std::size_t size) {
    header::check(data, size, kHeaderType);
    std::uint8_t flags = data[kOffFlags];
    if (flags & kFlagWorking) throw corrupt("flags mark an aggregate's working state, which is never a stored value");
    if (flags & ~kFlagSorted) throw corrupt("flags " + hex_byte(flags) + " set bits other than bit 0");
    Raw r = read_raw(data, size);
    if (data[kOffM] != kM) throw corrupt("m is " + std::to_string(data[kOffM]) + ", expected 8");
    if (load_le16(data + kOffReserved) != 0) throw corrupt("reserved bytes 34-35 are not 0");
    if (r.free != 0) throw corrupt("free slots " + std::to_string(r.free) + " are not 0 (a value keeps no free slots)");
    Sketch s = decode(data, r);
    check_contents(s);
    if (s.n == 0) {
        if (s.num_levels() != 1) throw corrupt("an empty sketch has more than one level");
        if (load_le64(data + kOffMin) != 0 || load_le64(data + kOffMax) != 0)
            throw corrupt("an empty sketch's min and max are not 0");
        if (s.level_zero_sorted) throw corrupt("flags mark an empty sketch's level 0 sorted");
        if (s.min_k != s.k) throw corrupt("an empty sketch's min_k is not its k");
    }
    return s;
}

void validate(const std::uint8_t* data, std::size_t size) { (void) parse(data, size); }

Buffer encode(const Sketch& s, Allocator& alloc) { return written(s, false, alloc); }
Buffer encode_working(const Sketch& s, Allocator& alloc) { return written(s, true, alloc); }

Buffer make_empty(Allocator& alloc, long long k) {
    check_k(k);
    return encode(empty(static_cast<std::uint16_t>(k)), alloc);
}

Buffer make_working(Allocator& alloc, long long k) {
    check_k(k);
    return encode_working(empty(static_cast<std::uint16_t>(k)), alloc);
}

void check_state_k(const std::uint8_t* data, std::size_t size, long long k) {
    check_k(k);
    std::uint16_t first = k_of(data, size);
    if (first != k) throw parameters_changed("kll sketch", "k " + std::to_string(first), "k " + std::to_string(k));
}

Buffer add(std::uint8_t* data, std::size_t size, double v, bool in_place, Allocator& alloc) {
    check_value(v);
    if (in_place && size >= kHeaderSize && data[0] == kTypeTag && (data[kOffFlags] & kFlagWorking)) {
        // A working state is this module's own; the checks here only keep
        // reads and writes inside the bytes. A free slot takes the value
        // (kll_row.h, which the PostgreSQL layer tries first on its own).
        unsigned levels = data[kOffLevels];
        std::uint32_t free = load_le32(data + kOffFree);
        std::uint64_t n = load_le64(data + kOffN);
        std::uint8_t* sizes = data + kHeaderSize;
        std::uint8_t* items = sizes + 4 * levels;
        if (levels >= 1 && levels <= kMaxLevels && n < UINT64_MAX && size >= kHeaderSize + 4ull * levels) {
            if (free == 0 && levels > 1) {
                // Full: compacted in place unless the top level is the one to
                // compact (a new level grows the buffer: the path below). A
                // full buffer starts at slot 0, so offsets add up from the bottom,
                // as far as the compaction reads (the level above the one compacted).
                std::uint64_t offsets[kMaxLevels + 1];
                const std::uint64_t limit = (size - kHeaderSize - 4ull * levels) / 8;
                std::uint16_t k = load_le16(data + kOffK);
                unsigned level = 0;
                offsets[0] = 0;
                for (;; level++) {
                    std::uint32_t pop = load_le32(sizes + 4 * level);
                    offsets[level + 1] = offsets[level] + pop;
                    if (pop >= level_capacity(k, levels, level) || level + 1 == levels) break;
                }
                if (level + 1 < levels) {
                    offsets[level + 2] = offsets[level + 1] + load_le32(sizes + 4 * (level + 1));
                    if (offsets[level + 2] <= limit) {
                        std::uint32_t within[kMaxLevels + 1];
                        for (unsigned h = 0; h <= level + 2; h++) within[h] = static_cast<std::uint32_t>(offsets[h]);
                        compact_level(ByteItems{items}, within, level, (data[kOffFlags] & kFlagSorted) != 0, n);
                        for (unsigned h = 0; h <= level + 1; h++) store_le32(sizes + 4 * h, within[h + 1] - within[h]);
                        free = within[0];
                        store_le32(data + kOffFree, free);
                    }
                }
            }
            if (free > 0 && prob_kll_row_add(data, size, v)) return {data, size};
        }
    }
    Sketch s = parse_trusted(data, size);
    if (s.n == UINT64_MAX) throw Error(ErrorKind::kTooLarge, "kll count would pass 2^64 - 1 values");
    update(s, v);
    std::size_t new_size = size_with(s, static_cast<std::uint32_t>(s.items.size()));
    if (in_place && is_working(data, size) && new_size == size) {
        write(s, true, data);
        return {data, size};
    }
    return encode_working(s, alloc);
}

Buffer finish(const std::uint8_t* data, std::size_t size, Allocator& alloc) {
    return encode(parse_trusted(data, size), alloc);
}

Buffer merge(const std::uint8_t* left, std::size_t left_size, const std::uint8_t* right, std::size_t right_size,
             Allocator& alloc) {
    Sketch s = parse_trusted(left, left_size);
    merge(s, parse_trusted(right, right_size));
    return encode(s, alloc);
}

// ---- DataSketches images ----

namespace {

constexpr std::uint8_t kDsFamily = 15, kDsPreambleShort = 2, kDsPreambleFull = 5;
constexpr std::uint8_t kDsSerialEmptyFull = 1, kDsSerialSingle = 2, kDsSerialUpdatable = 3;
constexpr std::uint8_t kDsFlagEmpty = 1, kDsFlagSorted = 2, kDsFlagSingle = 4;
constexpr std::size_t kDsFullHeader = 20;

Error ds_corrupt(const std::string& what) {
    return Error(ErrorKind::kCorrupt, "invalid DataSketches KLL image: " + what);
}

double ds_item(const std::uint8_t* p, bool floats) {
    if (!floats) return load_double(p);
    std::uint32_t bits = load_le32(p);
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return static_cast<double>(f);
}

void put_item(std::vector<std::uint8_t>& out, double v, bool floats) {
    std::uint8_t b[8];
    if (floats) {
        // The nearest float (ties to even); past the float range, the nearest is
        // FLT_MAX up to the midpoint 2^128 - 2^103, infinity from there.
        double limit = std::ldexp(1.0, 128) - std::ldexp(1.0, 103);
        float f = std::fabs(v) >= limit ? std::copysign(std::numeric_limits<float>::infinity(), static_cast<float>(v > 0 ? 1 : -1))
                  : std::fabs(v) > std::numeric_limits<float>::max()
                      ? std::copysign(std::numeric_limits<float>::max(), static_cast<float>(v > 0 ? 1 : -1))
                      : static_cast<float>(v);
        std::uint32_t bits;
        std::memcpy(&bits, &f, sizeof bits);
        store_le32(b, bits);
        out.insert(out.end(), b, b + 4);
    } else {
        store_double(b, v);
        out.insert(out.end(), b, b + 8);
    }
}

}  // namespace

Sketch import_datasketches(const std::uint8_t* data, std::size_t size) {
    if (size < 8)
        throw ds_corrupt("it is " + std::to_string(size) + " bytes long, shorter than the 8-byte preamble");
    std::uint8_t preamble = data[0], serial = data[1], family = data[2], flags = data[3];
    std::uint16_t k = load_le16(data + 4);
    std::uint8_t m = data[6];
    if (family != kDsFamily)
        throw ds_corrupt("family id " + std::to_string(family) + " is not KLL's (15)");
    if (serial == kDsSerialUpdatable)
        throw ds_corrupt("serial version 3 is DataSketches Java's updatable form; read it there and write it "
                         "compactly (toByteArray)");
    if (serial != kDsSerialEmptyFull && serial != kDsSerialSingle)
        throw ds_corrupt("serial version " + std::to_string(serial) + " is not 1 or 2");
    if (flags & ~(kDsFlagEmpty | kDsFlagSorted | kDsFlagSingle))
        throw ds_corrupt("flags " + hex_byte(flags) + " set bits other than empty, sorted and single item");
    bool is_empty = flags & kDsFlagEmpty, single = flags & kDsFlagSingle;
    if (is_empty && single) throw ds_corrupt("flags mark it both empty and a single item");
    if ((is_empty || single) ? preamble != kDsPreambleShort : preamble != kDsPreambleFull)
        throw ds_corrupt("preamble ints " + std::to_string(preamble) + " do not match its flags (2 for empty or " +
                         "single item, else 5)");
    if ((serial == kDsSerialSingle) != single)
        throw ds_corrupt("serial version " + std::to_string(serial) +
                         (single ? " with a single item (expected 2)" : " without a single item (expected 1)"));
    if (k < kMinK) throw ds_corrupt("k " + std::to_string(k) + " is below 8");
    if (m != kM) throw ds_corrupt("m is " + std::to_string(m) + ", expected 8");
    if (data[7] != 0) throw ds_corrupt("byte 7 (unused) is not 0");
    if (is_empty) {
        if (size != 8) throw ds_corrupt("an empty image is " + std::to_string(size) + " bytes long, not 8");
        if (flags & kDsFlagSorted) throw ds_corrupt("an empty image's flags mark level 0 sorted");
        return empty(k);
    }
    Sketch s = empty(k);
    s.level_zero_sorted = (flags & kDsFlagSorted) != 0;
    if (single) {
        bool floats;
        if (size == 12)
            floats = true;
        else if (size == 16)
            floats = false;
        else
            throw ds_corrupt("a single-item image is " + std::to_string(size) + " bytes long, not 12 or 16");
        double v = ds_item(data + 8, floats);
        if (std::isnan(v)) throw ds_corrupt("its item is NaN");
        s.n = 1;
        s.min = s.max = v;
        s.levels[0] = k - 1;
        s.items[k - 1] = v;
        return s;
    }
    if (size < kDsFullHeader) throw ds_corrupt("it is " + std::to_string(size) + " bytes long, shorter than 20");
    s.n = load_le64(data + 8);
    s.min_k = load_le16(data + 16);
    unsigned L = data[18];
    if (data[19] != 0) throw ds_corrupt("byte 19 (unused) is not 0");
    if (L < 1 || L > kMaxLevels) throw ds_corrupt("level count " + std::to_string(L) + " is not in 1..61");
    if (s.min_k < kMinK || s.min_k > k)
        throw ds_corrupt("min k " + std::to_string(s.min_k) + " is not in 8..k (" + std::to_string(k) + ")");
    std::uint32_t capacity = total_capacity(k, L);
    if (size < kDsFullHeader + 4 * L) throw ds_corrupt("it ends inside its level offsets");
    s.levels.assign(L + 1, 0);
    for (unsigned h = 0; h < L; h++) s.levels[h] = load_le32(data + kDsFullHeader + 4 * h);
    s.levels[L] = capacity;
    for (unsigned h = 0; h < L; h++)
        if (s.levels[h] > s.levels[h + 1])
            throw ds_corrupt("level offset " + std::to_string(h) + " (" + std::to_string(s.levels[h]) +
                             ") is past the next (" + std::to_string(s.levels[h + 1]) + "; capacity " +
                             std::to_string(capacity) + ")");
    std::uint64_t retained = capacity - s.levels[0];
    std::size_t at = kDsFullHeader + 4 * L;
    std::uint64_t rest = size - at;
    bool floats;
    if (rest == (retained + 2) * 8)
        floats = false;
    else if (rest == (retained + 2) * 4)
        floats = true;
    else
        throw ds_corrupt("it is " + std::to_string(size) + " bytes long; its levels make " +
                         std::to_string(at + (retained + 2) * 8) + " (doubles) or " +
                         std::to_string(at + (retained + 2) * 4) + " (floats)");
    unsigned w = floats ? 4 : 8;
    s.min = ds_item(data + at, floats);
    s.max = ds_item(data + at + w, floats);
    at += 2 * w;
    s.items.assign(capacity, 0.0);
    for (std::uint64_t i = 0; i < retained; i++) s.items[s.levels[0] + i] = ds_item(data + at + w * i, floats);
    try {
        check_contents(s);
    } catch (const Error& e) {
        std::string what = e.what();
        std::string prefix = std::string(kHeaderType.invalid) + ": ";
        throw ds_corrupt(what.compare(0, prefix.size(), prefix) == 0 ? what.substr(prefix.size()) : what);
    }
    if (s.n < 2) throw ds_corrupt("a full image holds n " + std::to_string(s.n) + " (fewer than 2)");
    return s;
}

std::vector<std::uint8_t> export_datasketches(const Sketch& s, bool floats) {
    std::vector<std::uint8_t> out(8, 0);
    bool single = s.n == 1;
    out[0] = (s.n == 0 || single) ? kDsPreambleShort : kDsPreambleFull;
    out[1] = single ? kDsSerialSingle : kDsSerialEmptyFull;
    out[2] = kDsFamily;
    out[3] = static_cast<std::uint8_t>((s.n == 0 ? kDsFlagEmpty : 0) | (s.level_zero_sorted ? kDsFlagSorted : 0) |
                                       (single ? kDsFlagSingle : 0));
    store_le16(out.data() + 4, s.k);
    out[6] = kM;
    if (s.n == 0) return out;
    if (!single) {
        std::uint8_t b[12] = {0};
        store_le64(b, s.n);
        store_le16(b + 8, s.min_k);
        b[10] = static_cast<std::uint8_t>(s.num_levels());
        out.insert(out.end(), b, b + 12);
        for (unsigned h = 0; h < s.num_levels(); h++) {
            store_le32(b, s.levels[h]);
            out.insert(out.end(), b, b + 4);
        }
        put_item(out, s.min, floats);
        put_item(out, s.max, floats);
    }
    for (std::uint32_t i = s.levels[0]; i < s.levels.back(); i++) put_item(out, s.items[i], floats);
    return out;
}

Info info(const Sketch& s) {
    Info i;
    i.format_version = kFormatVersion;
    i.k = s.k;
    i.min_k = s.min_k;
    i.n = s.n;
    i.num_levels = s.num_levels();
    i.retained = s.retained();
    i.capacity = static_cast<std::uint32_t>(s.items.size());
    i.level_zero_sorted = s.level_zero_sorted;
    for (unsigned h = 0; h < s.num_levels(); h++) i.level_sizes.push_back(s.level_size(h));
    i.rank_error = rank_error(s.min_k, false);
    i.rank_error_double_sided = rank_error(s.min_k, true);
    return i;
}

}  // namespace probabilistic::kll
