// KLL (Karnin, Lang, Liberty 2016, arXiv 1603.05346): quantiles with a rank
// error, kept the way Apache DataSketches' kll_sketch<double> keeps them, so
// that its images load, merge and are written back byte for byte.
//
// A sketch holds levels of items; an item of level h stands for 2^h values.
// Level h of a sketch of L levels may hold level_capacity(k, L, h) =
// max(m, round(k (2/3)^(L - h - 1))) items (m = 8). The items live in one
// buffer of total_capacity(k, L) slots, DataSketches' layout: level 0 fills
// from the buffer's end downwards (the newest item lowest), the free slots are
// at the buffer's start, levels 1.. follow level 0, each sorted. When the
// buffer is full, the lowest level at or past its capacity is compacted: sorted
// (level 0), an odd item left behind, every other item of the rest kept and
// merged into the level above (a new top level added when it was the top).
// Merging follows DataSketches' merge (kll_sketch::merge, general_compress).
//
// DataSketches picks which half of a compacted level it keeps by a random bit;
// here the bit is a function of the sketch's count n at that moment and the
// level compacted (coin() below, doc/FORMAT.md 10.4), so one input always
// gives the same bytes and a dump restores the same sketch.
//
// Format (doc/FORMAT.md 10). Little-endian throughout.
//
//   offset size field
//        0    1 type tag 'L' (0x4C)
//        1    1 format version, 1
//        2    1 hash id, 0: a kll hashes nothing
//        3    1 flags: bit 0 level 0 sorted, bit 1 working state (an
//               aggregate's, never stored); others 0
//        4    2 k, u16, in kMinK..kMaxK
//        6    2 min_k, u16, in kMinK..k: the smallest k merged in (the error's)
//        8    8 n, u64: the values counted
//       16    8 min, binary64 (0 when n is 0)
//       24    8 max, binary64 (0 when n is 0)
//       32    1 level count L, in 1..kMaxLevels
//       33    1 m, 8
//       34    2 reserved, 0
//       36    4 free slots F, u32: 0 in a value; in a working state the
//               slots before level 0 (retained + F = total_capacity(k, L))
//       40   4L level sizes, u32, level 0 first
//  40 + 4L   8F free slots (a working state's, 0 when written), then the
//               retained items, binary64: level 0 (DataSketches' order), 1 .. L-1
#pragma once

#include <cstdint>
#include <vector>

#include "core.hpp"

namespace probabilistic::kll {

constexpr std::uint8_t kTypeTag = 'L';
constexpr std::uint8_t kFormatVersion = 1;
constexpr std::uint8_t kNoHash = 0;
constexpr std::size_t kHeaderSize = 40;
constexpr std::uint16_t kMinK = 8;
constexpr std::uint16_t kMaxK = 65535;
constexpr std::uint16_t kDefaultK = 200;
constexpr std::uint8_t kM = 8;
// Level depths up to 60 have a capacity rule; 61 levels hold more than 2^64 values.
constexpr unsigned kMaxLevels = 61;

// DataSketches' level capacity (kll_helper::level_capacity) and their sum.
std::uint32_t level_capacity(std::uint16_t k, unsigned num_levels, unsigned height);
std::uint32_t total_capacity(std::uint16_t k, unsigned num_levels);

// The bit that picks the half a compaction keeps: 0 the items at even offsets
// of the (even-sized, sorted) run compacted, 1 the odd ones.
unsigned coin(std::uint64_t n, unsigned level);

struct Sketch {
    std::uint16_t k = kDefaultK;
    std::uint16_t min_k = kDefaultK;
    std::uint64_t n = 0;
    double min = 0, max = 0;
    bool level_zero_sorted = false;
    // levels[h] .. levels[h + 1]: level h in items; levels.back() == items.size(),
    // the capacity; items[0 .. levels[0]) are free.
    std::vector<std::uint32_t> levels;
    std::vector<double> items;

    unsigned num_levels() const { return static_cast<unsigned>(levels.size() - 1); }
    std::uint32_t retained() const { return levels.back() - levels[0]; }
    std::uint32_t level_size(unsigned h) const { return h < num_levels() ? levels[h + 1] - levels[h] : 0; }
};

// kInvalidParameter unless k is in kMinK..kMaxK.
void check_k(long long k);
// Refuses NaN (kInvalidParameter); infinities are values like any other.
void check_value(double v);

Sketch empty(std::uint16_t k);
void update(Sketch& s, double v);
// DataSketches' merge of other into s: s keeps its k; min_k becomes the
// smaller when other has compacted (more than one level).
void merge(Sketch& s, const Sketch& other);

// Queries on a non-empty sketch (false when empty). DataSketches' rules:
// quantile with inclusive: the smallest retained item whose cumulative weight
// reaches ceil(q n); else the first whose weight passes floor(q n). q outside
// [0, 1] or NaN: kInvalidParameter.
bool quantile(const Sketch& s, double q, bool inclusive, double* out);
// The fraction of the weight at items <= x (inclusive) or < x.
bool rank(const Sketch& s, double x, bool inclusive, double* out);
// Quantiles of many ranks at once (one sorted view).
bool quantiles(const Sketch& s, const double* qs, int count, bool inclusive, double* out);

// DataSketches' normalized rank error for k: single-sided 2.296 / k^0.9723,
// double-sided (PMF) 2.446 / k^0.9433.
double rank_error(std::uint16_t k, bool double_sided);

// Outside bytes: every field checked (kCorrupt naming it). Working states are refused.
Sketch parse(const std::uint8_t* data, std::size_t size);
void validate(const std::uint8_t* data, std::size_t size);
// Values already stored, or an aggregate's working state: header checks only.
Sketch parse_trusted(const std::uint8_t* data, std::size_t size);
bool is_working(const std::uint8_t* data, std::size_t size);
std::uint16_t k_of(const std::uint8_t* data, std::size_t size);

// The value's bytes (items retained only), or a working state's (the whole buffer).
Buffer encode(const Sketch& s, Allocator& alloc);
Buffer encode_working(const Sketch& s, Allocator& alloc);

Buffer make_empty(Allocator& alloc, long long k);
Buffer make_working(Allocator& alloc, long long k);
// kMismatch (Reason::kParametersChanged) when an aggregate's state has another k.
void check_state_k(const std::uint8_t* data, std::size_t size, long long k);
// Adds one value to a working state (or a value, which becomes a working state).
// With in_place, the result is written into data when its size does not change
// and {data, size} returned; otherwise a new buffer.
Buffer add(std::uint8_t* data, std::size_t size, double v, bool in_place, Allocator& alloc);
// A value from a working state (or the value itself, copied).
Buffer finish(const std::uint8_t* data, std::size_t size, Allocator& alloc);
// DataSketches' merge of right into (a copy of) left, as a value; either may be a working state.
Buffer merge(const std::uint8_t* left, std::size_t left_size, const std::uint8_t* right, std::size_t right_size,
             Allocator& alloc);

// Apache DataSketches' KLL images (compact: serial version 1, empty or full;
// 2, one item), of doubles or of floats (told apart by the size). Full
// validation, kCorrupt naming the field.
Sketch import_datasketches(const std::uint8_t* data, std::size_t size);
// The bytes datasketches-cpp's kll_sketch<double> (floats: kll_sketch<float>,
// each item rounded to the nearest float) serializes for s.
std::vector<std::uint8_t> export_datasketches(const Sketch& s, bool floats);

struct Info {
    int format_version;
    std::uint16_t k, min_k;
    std::uint64_t n;
    unsigned num_levels;
    std::uint32_t retained;
    std::uint32_t capacity;
    bool level_zero_sorted;
    std::vector<std::uint32_t> level_sizes;
    double rank_error, rank_error_double_sided;
};
Info info(const Sketch& s);

}  // namespace probabilistic::kll
