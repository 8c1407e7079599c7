#include "kll.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "header.hpp"

namespace probabilistic::kll {
namespace {

__extension__ typedef unsigned __int128 uint128;

// Header byte offsets (see the format in kll.hpp).
constexpr std::size_t kOffFlags = 3, kOffK = 4, kOffMinK = 6, kOffN = 8, kOffMin = 16, kOffMax = 24,
                      kOffLevels = 32, kOffM = 33, kOffReserved = 34, kOffSlots = 36;
constexpr std::uint8_t kFlagSorted = 1, kFlagWorking = 2;

constexpr header::Type kHeaderType{"invalid kll value", kTypeTag, kHeaderSize, kNoHash};

Error corrupt(const std::string& what) { return header::corrupt(kHeaderType, what); }

// round(2k (2/3)^depth / 2) for depth <= 30, in integers: ((2k 2^depth / 3^depth) + 1) / 2.
std::uint64_t shrink(std::uint64_t k, unsigned depth) {
    std::uint64_t three = 1;
    for (unsigned i = 0; i < depth; i++) three *= 3;
    return (((2 * k) << depth) / three + 1) >> 1;
}

std::uint64_t scaled_capacity(std::uint16_t k, unsigned depth) {
    if (depth <= 30) return shrink(k, depth);
    unsigned half = depth / 2;
    return shrink(shrink(k, half), depth - half);
}

void halve(double* items, std::uint32_t start, std::uint32_t length, unsigned offset, bool upwards) {
    std::uint32_t half = length / 2;
    if (upwards) {
        // The kept items end at start + length.
        for (std::uint32_t i = 0; i < half; i++)
            items[start + length - 1 - i] = items[start + length - 1 - offset - 2 * i];
    } else {
        for (std::uint32_t i = 0; i < half; i++) items[start + i] = items[start + offset + 2 * i];
    }
}

// Merges two sorted runs of one buffer into [to, to + a_len + b_len); on ties
// the second run's item goes first (DataSketches' order). to <= b_from and the
// first run lies below to, so nothing unread is overwritten.
void merge_runs(double* items, std::uint32_t a_from, std::uint32_t a_len, std::uint32_t b_from, std::uint32_t b_len,
                std::uint32_t to) {
    std::uint32_t a = a_from, a_end = a_from + a_len, b = b_from, b_end = b_from + b_len;
    for (std::uint32_t c = to; c < to + a_len + b_len; c++) {
        if (a == a_end || (b != b_end && !(items[a] < items[b])))
            items[c] = items[b++];
        else
            items[c] = items[a++];
    }
}

// The lowest level at or past its capacity (there is one when the buffer is full).
unsigned level_to_compact(const Sketch& s) {
    for (unsigned h = 0; h < s.num_levels(); h++)
        if (s.level_size(h) >= level_capacity(s.k, s.num_levels(), h)) return h;
    throw std::logic_error("kll: a full buffer with no level at its capacity");
}

void add_top_level(Sketch& s) {
    std::uint32_t delta = level_capacity(s.k, s.num_levels() + 1, 0);
    s.items.insert(s.items.begin(), delta, 0.0);
    for (auto& l : s.levels) l += delta;
    s.levels.push_back(static_cast<std::uint32_t>(s.items.size()));
}

// A full buffer's compaction (DataSketches' compress_while_updating).
void compact_full(Sketch& s) {
    unsigned level = level_to_compact(s);
    if (level == s.num_levels() - 1) add_top_level(s);
    double* items = s.items.data();
    std::uint32_t raw_beg = s.levels[level], raw_lim = s.levels[level + 1];
    std::uint32_t pop_above = s.levels[level + 2] - raw_lim;
    std::uint32_t raw_pop = raw_lim - raw_beg;
    bool odd = (raw_pop & 1) != 0;
    std::uint32_t adj_beg = odd ? raw_beg + 1 : raw_beg, adj_pop = odd ? raw_pop - 1 : raw_pop;
    std::uint32_t half = adj_pop / 2;
    if (level == 0 && !s.level_zero_sorted) std::sort(items + adj_beg, items + adj_beg + adj_pop);
    unsigned offset = coin(s.n, level);
    if (pop_above == 0) {
        halve(items, adj_beg, adj_pop, offset, true);
    } else {
        halve(items, adj_beg, adj_pop, offset, false);
        merge_runs(items, adj_beg, half, raw_lim, pop_above, adj_beg + half);
    }
    s.levels[level + 1] -= half;
    if (odd) {
        s.levels[level] = s.levels[level + 1] - 1;
        items[s.levels[level]] = items[raw_beg];
    } else {
        s.levels[level] = s.levels[level + 1];
    }
    if (level > 0) {
        std::uint32_t amount = raw_beg - s.levels[0];
        std::move_backward(items + s.levels[0], items + s.levels[0] + amount, items + s.levels[0] + half + amount);
        for (unsigned h = 0; h < level; h++) s.levels[h] += half;
    }
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
            if (level == 0 && !level_zero_sorted) std::sort(items + adj_beg, items + adj_beg + adj_pop);
            unsigned offset = coin(n, level);
            if (pop_above == 0) {
                halve(items, adj_beg, adj_pop, offset, true);
            } else {
                halve(items, adj_beg, adj_pop, offset, false);
                merge_runs(items, adj_beg, half, raw_lim, pop_above, adj_beg + half);
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
            std::sort(level.begin(), level.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
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
    std::uint32_t slots;
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
    r.slots = load_le32(data + kOffSlots);
    if (r.num_levels < 1 || r.num_levels > kMaxLevels)
        throw corrupt("level count " + std::to_string(r.num_levels) + " is not in 1.." + std::to_string(kMaxLevels));
    std::uint64_t expect = kHeaderSize + 4ull * r.num_levels + 8ull * r.slots;
    if (size != expect)
        throw corrupt("it is " + std::to_string(size) + " bytes long; its level count and item slots make " +
                      std::to_string(expect));
    std::uint64_t sum = 0;
    for (unsigned h = 0; h < r.num_levels; h++) sum += load_le32(data + kHeaderSize + 4 * h);
    if (sum > r.slots)
        throw corrupt("level sizes add up to " + std::to_string(sum) + ", more than the " + std::to_string(r.slots) +
                      " item slots");
    r.retained = static_cast<std::uint32_t>(sum);
    if (r.k < kMinK) throw corrupt("k " + std::to_string(r.k) + " is below " + std::to_string(kMinK));
    if ((r.flags & kFlagWorking) && r.slots != total_capacity(r.k, r.num_levels))
        throw corrupt("a working state's item slots are not its capacity");
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
    for (std::uint32_t i = 0; i < r.retained; i++) s.items[s.levels[0] + i] = load_double(p + 8ull * i);
    return s;
}

std::size_t size_with(const Sketch& s, std::uint32_t slots) { return kHeaderSize + 4 * s.num_levels() + 8ull * slots; }

void write(const Sketch& s, bool working, std::uint8_t* out) {
    std::uint32_t slots = working ? static_cast<std::uint32_t>(s.items.size()) : s.retained();
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
    store_le32(out + kOffSlots, slots);
    std::uint8_t* p = out + kHeaderSize;
    for (unsigned h = 0; h < s.num_levels(); h++, p += 4) store_le32(p, s.level_size(h));
    std::uint32_t from = working ? 0 : s.levels[0];
    for (std::uint32_t i = from; i < s.items.size(); i++, p += 8) store_double(p, i < s.levels[0] ? 0.0 : s.items[i]);
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
    if (r.slots != r.retained)
        throw corrupt("item slots " + std::to_string(r.slots) + " are not the level sizes' sum " +
                      std::to_string(r.retained));
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
    if (in_place && is_working(data, size)) {
        Raw r = read_raw(data, size);
        if (r.retained < r.slots && r.n < UINT64_MAX) {
            // The fast path: the buffer has a free slot, just below level 0.
            std::uint32_t slot = r.slots - r.retained - 1;
            std::uint8_t* sizes = data + kHeaderSize;
            store_double(sizes + 4 * r.num_levels + 8ull * slot, v);
            store_le32(sizes, load_le32(sizes) + 1);
            store_le64(data + kOffN, r.n + 1);
            if (r.n == 0 || v < r.min) store_double(data + kOffMin, v);
            if (r.n == 0 || r.max < v) store_double(data + kOffMax, v);
            data[kOffFlags] = static_cast<std::uint8_t>(data[kOffFlags] & ~kFlagSorted);
            return {data, size};
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
        float f = static_cast<float>(v);
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
