// Frequent items with bounds (the Misra-Gries summary, Misra and Gries 1982,
// with weighted adds and the mergeable purge of Agarwal, Cormode, Huang,
// Phillips, Wei and Yi 2012). A sketch of size k keeps at most k counters.
//
// The rule everything rests on. Let N be the total weight added, S the sum of
// the stored counters and D the value's "offset" (its maximum error). Every
// purge subtracts one amount m from every counter (dropping those that reach
// zero or below) when at least k + 1 counters are >= m, so it removes at least
// (k + 1) m of weight, and D grows by exactly m. Hence, always:
//
//     S + (k + 1) D <= N,   so   D <= floor(N / (k + 1))
//
// and for every item x with true weight f(x) and stored counter c(x) (0 when
// not stored):   c(x) <= f(x) <= c(x) + D.   An item is dropped only with a
// counter <= m, so it lost at most the m's applied while stored. Therefore
// every item with f(x) > D, and so every item with f(x) > N / (k + 1), is
// stored. Union adds the counters of equal items and the offsets (D = D_a +
// D_b), then purges with the result's size min(k_a, k_b); the rule and both
// bounds hold after any tree of unions (doc/FORMAT.md 8.5).
//
// Format (doc/FORMAT.md section 7). Little-endian throughout.
//
//   offset size field
//        0    1 type tag 'K' (0x4B)
//        1    1 format version: 1 for an empty sketch (N = 0), 2 otherwise
//        2    1 hash id (probabilistic::kHashId; hashes are not stored, only the
//               in-memory table hashes items)
//        3    1 item width: 0 when items have any length, else every item's length
//               (1..kMaxItemBytes ... 255); 0 in an empty sketch
//        4    2 reserved, 0
//        6    2 kind (kind.hpp): version 2 only; 0 in version 1
//        8    8 size k, u64 in 1..kMaxSize
//       16    8 total weight N, u64 <= 2^63 - 1
//       24    8 offset D, u64, S + (k + 1) D <= N
//       32    4 item count n, u32 <= k
//       36    4 reserved, 0
//       40      n entries: count u64 in 1..N, length u32 <= kMaxItemBytes (= the
//               width when it is not 0), then the item's bytes. Entries are sorted
//               by count descending, then by bytes ascending (unsigned bytes
//               compared as memcmp does, a proper prefix first); no two equal items.
//
// Everything is a function of the multiset of (item, count), D, N, k, the
// kind and the width: the bytes are canonical. What depends on order is only
// which counters survive: the order of rows within one aggregate and the tree
// in which values are unioned. a || b and b || a are equal byte for byte.
//
// Aggregates keep a working state (never a valid value: version byte
// kWorkingVersion) with up to 2k counters in a hash table whose items live in
// an arena; when it would hold 2k + 1 it purges with the (k + 1)-th largest
// counter, so a purge runs at most once per k new items. finish() purges to k
// counters and writes the canonical value.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core.hpp"
#include "kind.hpp"

namespace probabilistic::topk {

constexpr std::uint8_t kTypeTag = 'K';
constexpr std::size_t kHeaderSize = 40;
constexpr std::size_t kEntryHeaderSize = 12;
constexpr std::uint64_t kDefaultSize = 1024;
constexpr std::uint64_t kMaxSize = 65536;
// Items are the values themselves, at most this many bytes: a longer one is refused.
constexpr std::size_t kMaxItemBytes = 1024;
constexpr std::uint64_t kMaxTotal = UINT64_C(0x7FFFFFFFFFFFFFFF);
// Byte 1 of a working state: no format version, so no outside value passes as one.
constexpr std::uint8_t kWorkingVersion = 0xA5;

struct Header {
    std::uint8_t hash_id;
    std::uint8_t width;
    std::uint16_t kind;
    std::uint64_t size;
    std::uint64_t total;
    std::uint64_t offset;
    std::uint32_t items;
};

struct Entry {
    std::uint64_t count;
    std::string item;
};

// A value whose header has been checked. Points into the caller's bytes.
struct Sketch {
    Header header;
    const std::uint8_t* data;
    std::size_t size;
};

// kInvalidParameter unless 1 <= size <= kMaxSize.
void check_size(long long size);

// Full validation of outside bytes (every field and entry); parse_trusted
// checks the header and that the entries stay inside the bytes.
Sketch parse(const std::uint8_t* data, std::size_t size);
Sketch parse_trusted(const std::uint8_t* data, std::size_t size);
// Entries of a parsed value, in stored (canonical) order: views into its
// bytes, or copies. Both check that every entry lies inside the bytes.
struct EntryView {
    std::uint64_t count;
    const std::uint8_t* item;
    std::uint32_t length;
};
std::vector<EntryView> views(const Sketch& s);
std::vector<Entry> entries(const Sketch& s);

Buffer make_empty(Allocator& alloc, long long size);

// Working states. is_working: byte 1 says so (only our own aggregates make them).
bool is_working(const std::uint8_t* data, std::size_t size);
Buffer make_working(Allocator& alloc, long long size);
// A working state holding a value's entries (to continue adding to a value).
Buffer working_of(const std::uint8_t* data, std::size_t size, Allocator& alloc);
// Adds weight of an item of value kind `kind` and width `width` (0: any length)
// to a working state. Updates in place and returns {data, size} when it fits,
// else a new buffer (the old one is left as it was, for its owner to free).
// Weight 0 changes nothing; a negative weight is kInvalidParameter; an item
// longer than kMaxItemBytes is kInvalidParameter; a total past 2^63 - 1 is
// kTooLarge; an item of another kind or width than the sketch's is kMismatch.
Buffer add(std::uint8_t* data, std::size_t size, const void* item, std::size_t item_size, long long weight,
           std::uint16_t kind, std::uint8_t width, Allocator& alloc);
// The canonical value of a working state (or a copy of a value).
Buffer finish(const std::uint8_t* data, std::size_t size, Allocator& alloc);
// The size a working state or a value was made with.
std::uint64_t size_of(const std::uint8_t* data, std::size_t size);
// A state was made with this size: kMismatch (Reason::kParametersChanged) if not.
void check_state_size(const std::uint8_t* data, std::size_t size, long long k);

// Union of two values (not working states): counts of equal items added,
// offsets added, totals added (kTooLarge past 2^63 - 1), size min(k_a, k_b),
// then purged to that size. Different kinds or widths: kMismatch.
Buffer merge(const std::uint8_t* left, std::size_t left_size, const std::uint8_t* right, std::size_t right_size,
             Allocator& alloc);

struct Info {
    int format_version;
    int hash_id;
    std::uint16_t kind;
    unsigned width;
    std::uint64_t size;
    std::uint64_t total;
    std::uint64_t offset;     // the maximum error D of every bound
    std::uint64_t threshold;  // floor(N / (k + 1)) >= D: items above it are all stored
    std::uint32_t items;
    std::size_t bytes;
};
Info info(const Sketch& s);

}  // namespace probabilistic::topk
