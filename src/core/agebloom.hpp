// Age-partitioned Bloom filters (Shtul, Baquero, Almeida, arXiv 2001.03147):
// a filter that forgets. k + l slices of m bits; an item sets one bit in each
// of the k newest slices; a new generation drops the oldest slice and starts
// an empty one; an item is present when k consecutive slices all hold its bit.
//
// Two modes (doc/FORMAT.md section 11):
//   count: the window is the last N insertions; a generation is g = ceil(N / l)
//          insertions, so an item is found through at least the N insertions
//          after it and forgotten after at most N + g.
//   time:  the window is an interval of W microseconds; generation G covers
//          [G d, (G + 1) d) with d = ceil(W / l), numbered from the epoch, so an
//          item added at time t is found at every time before t + l d >= t + W
//          and forgotten from t + l d + d on. Each generation holds at most
//          ceil(capacity / l) items: one more is refused (kTooLarge) and the
//          filter is left unchanged, so no slice ever passes its planned load
//          and the window's rate stays at or below the target at every moment.
//          Adds may come in any time order: an item of an older generation
//          sets the bits it would have set in time order in the slices still
//          held, and one whose generation's slice was already reused (k + l or
//          more generations back) changes nothing. The slices and counts are
//          therefore the same for any order of the same adds (the items-added
//          field counts only the adds that changed something).
//
// Format (little-endian), a 88-byte header, then S = k + l item counts (u64,
// one per physical slice: the items added in the generation that slice
// started), then S slices of m / 8 bytes. Generation G lives in physical slice
// G mod S (floor modulo); logical position i (0 = newest) of a filter at
// generation C is physical (C - i) mod S.
//
//   offset size field
//        0    1 type tag 'A' (0x41)
//        1    1 format version: 1, or 2 with a kind at 6-7
//        2    1 hash id (probabilistic::kHashId)
//        3    1 mode: 1 count, 2 time
//        4    1 k, slices an item sets (1..64)
//        5    1 reserved, 0
//        6    2 kind (version 2), 0 (version 1)
//        8    8 seed
//       16    8 window: count mode N insertions, time mode W microseconds
//       24    8 capacity: count mode N, time mode the items planned per window
//       32    8 target false positive rate, binary64, in (0, 1)
//       40    4 l, generations per window (1..1024)
//       44    4 reserved, 0
//       48    8 generation length: count mode g items, time mode d microseconds
//       56    8 generation limit: items a generation may hold, ceil(capacity / l)
//       64    8 slice bits m, a positive multiple of 64
//       72    8 current generation, i64: count mode >= 0; time mode floor(t / d)
//               of the newest add, or INT64_MIN before the first add
//       80    8 items added, u64 (every add that changed the filter)
#pragma once

#include <cstdint>

#include "core.hpp"
#include "kind.hpp"

namespace probabilistic::agebloom {

constexpr std::uint8_t kTypeTag = 'A';
constexpr std::uint8_t kModeCount = 1, kModeTime = 2;
constexpr std::size_t kHeaderSize = 88;
constexpr unsigned kMaxHashes = 64;
constexpr unsigned kMaxGenerations = 1024;
constexpr unsigned kDefaultGenerations = 32;
constexpr std::uint64_t kMaxCapacity = UINT64_C(1) << 40;
constexpr std::uint64_t kMaxWindowMicros = UINT64_C(1) << 62;
constexpr std::int64_t kNoGeneration = INT64_MIN;

struct Header {
    std::uint8_t hash_id;
    std::uint8_t mode;
    unsigned k;
    std::uint16_t kind;
    std::uint64_t seed;
    std::uint64_t window;
    std::uint64_t capacity;
    double fpr;
    unsigned generations;  // l
    std::uint64_t generation_length;
    std::uint64_t generation_limit;
    std::uint64_t slice_bits;
    std::int64_t generation;
    std::uint64_t items;
    unsigned slices() const { return k + generations; }
};

struct Sketch {
    Header header;
    const std::uint8_t* data;
    std::size_t size;
};

// The sizing: for l generations, each k (stopping two past the best) takes the
// fewest slice bits m (a multiple of 64) whose worst-moment rate, rate_bound,
// is at most the target; the (k, m) with the fewest bits in all wins.
struct Design {
    unsigned k;
    std::uint64_t slice_bits;
};
// The rate at the worst moment (every generation at its limit, just before a
// shift): the chance that k consecutive slices of k + l all hold a bit, slice
// i (0 = newest) filled by min(i + 1, k) * limit items, each slice independent.
double rate_bound(unsigned k, unsigned generations, std::uint64_t slice_bits, std::uint64_t limit);
Design design(std::uint64_t limit, unsigned generations, double fpr);
std::size_t value_size(unsigned slices, std::uint64_t slice_bits);

// Parameters of a new filter. capacity is the window in count mode; window is
// microseconds in time mode. generations 0 takes kDefaultGenerations.
struct Parameters {
    std::uint8_t mode;
    std::uint64_t window;
    std::uint64_t capacity;
    double fpr;
    unsigned generations;
};
// Throws kInvalidParameter naming the argument.
void check_parameters(int mode, long long window, long long capacity, double fpr, int generations);
Buffer make_empty(Allocator& alloc, int mode, long long window, long long capacity, double fpr, int generations,
                  std::uint64_t seed);
// Bytes of a new, empty filter (checks the parameters and the size limit).
std::size_t empty_size(int mode, long long window, long long capacity, double fpr, int generations);

Sketch parse(const std::uint8_t* data, std::size_t size);
Sketch parse_header(const std::uint8_t* data, std::size_t size);
Sketch parse_trusted(const std::uint8_t* data, std::size_t size);

// The generation of a time, floor(t / d).
std::int64_t generation_of(std::int64_t micros, std::uint64_t generation_length);

// Adds a hashed value; micros is the add's time (time mode; ignored in count
// mode). With in_place, writes into data. A time-mode add k + l or more
// generations older than the filter returns {data, size} unchanged; a full generation throws kTooLarge
// and leaves data unchanged.
Buffer add_hash(std::uint8_t* data, std::size_t size, std::uint64_t hash, std::int64_t micros, bool in_place,
                Allocator& alloc, std::uint16_t kind = kind::kNone);

// Present now: as of the filter's newest generation.
bool contains_hash(const Sketch& s, std::uint64_t hash);
// Time mode only: present at time micros, which must not be before the
// filter's newest generation (kInvalidParameter otherwise; count mode has no time).
bool contains_hash_at(const Sketch& s, std::uint64_t hash, std::int64_t micros);

// Union of two time-mode filters of the same parameters: both are aligned at
// the newer one's generation, then slices OR and counts add. A generation
// whose counts add past its limit throws kTooLarge; count mode throws kMismatch.
Buffer merge(const std::uint8_t* left, std::size_t left_size, const std::uint8_t* right, std::size_t right_size,
             Allocator& alloc);

// A parameters check for aggregates: the state was made with these.
void check_state_parameters(const std::uint8_t* data, std::size_t size, int mode, long long window,
                            long long capacity, double fpr, int generations);

struct Info {
    int format_version;
    int hash_id;
    std::uint16_t kind;
    std::uint8_t mode;
    std::uint64_t seed;
    std::uint64_t window;
    std::uint64_t capacity;
    double fpr;
    unsigned k;
    unsigned generations;
    std::uint64_t generation_length;
    std::uint64_t generation_limit;
    std::uint64_t slice_bits;
    std::int64_t generation;  // kNoGeneration before a time-mode filter's first add
    std::uint64_t items;      // every add that changed it
    std::uint64_t live_items; // the generations still in the window: logical 0..l
    std::uint64_t current_items;  // the newest generation's
    double fill;               // the fullest slice's share of bits set
    double estimated_fpr;      // now, from every slice's fill
    double bits_per_item;      // all slices' bits / capacity
    std::size_t bytes;
};
Info info(const Sketch& s);
double estimated_fpr(const Sketch& s);

}  // namespace probabilistic::agebloom
