#include "topk.hpp"

#include <algorithm>

#include "hash.hpp"
#include "header.hpp"
#include "topk_table.h"

namespace probabilistic::topk {
namespace {

__extension__ typedef unsigned __int128 uint128;

using header::kOffHashId;
using header::kOffTag;
constexpr std::size_t kOffWidth = 3, kOffReserved16 = 4, kOffSize = 8, kOffTotal = 16, kOffOffset = 24,
                      kOffItems = 32, kOffReserved32 = 36;
// What a format version 1 (empty) value holds at bytes 6-7.
constexpr std::uint16_t kV1Bytes67 = 0;

constexpr header::Type kHeaderType{"invalid topk value", kTypeTag, kHeaderSize, kHashId};

Error corrupt(const std::string& what) { return header::corrupt(kHeaderType, what); }

// ---- the working state (internal; see topk.hpp, and its layout in topk_table.h) ----
constexpr std::size_t kWorkHeader = PROB_TOPK_WORK_HEADER, kSlotBytes = PROB_TOPK_SLOT_BYTES;
constexpr std::size_t kOffLive = PROB_TOPK_OFF_LIVE, kOffSlots = PROB_TOPK_OFF_SLOTS, kOffUsed = PROB_TOPK_OFF_USED,
                      kOffCapacity = PROB_TOPK_OFF_CAPACITY;
static_assert(kOffWidth == PROB_TOPK_OFF_WIDTH && kOffSize == PROB_TOPK_OFF_SIZE && kOffTotal == PROB_TOPK_OFF_TOTAL &&
                  kind::kOffset == PROB_TOPK_OFF_KIND,
              "topk_table.h reads the header where topk.cpp writes it");
static_assert(kTypeTag == PROB_TOPK_TYPE_TAG && kWorkingVersion == PROB_TOPK_WORKING_VERSION &&
                  kMaxTotal == PROB_TOPK_MAX_TOTAL,
              "topk_table.h's constants are topk.hpp's");
constexpr std::uint32_t kFirstSlots = 16, kFirstArena = 256;

struct Work {
    std::uint8_t* d;
    std::uint64_t k() const { return load_le64(d + kOffSize); }
    std::uint64_t total() const { return load_le64(d + kOffTotal); }
    std::uint64_t offset() const { return load_le64(d + kOffOffset); }
    std::uint32_t live() const { return load_le32(d + kOffLive); }
    std::uint32_t slots() const { return load_le32(d + kOffSlots); }
    std::uint32_t used() const { return load_le32(d + kOffUsed); }
    std::uint32_t capacity() const { return load_le32(d + kOffCapacity); }
    std::uint16_t kind() const { return load_le16(d + kind::kOffset); }
    std::uint8_t* slot(std::uint32_t i) const { return d + kWorkHeader + std::size_t{i} * kSlotBytes; }
    std::uint8_t* arena() const { return d + kWorkHeader + std::size_t{slots()} * kSlotBytes; }
    // Items of width 8 (the integers) live in their slot, in place of the
    // arena offset and length: one memory access a probe fewer.
    bool inline8() const { return d[kOffWidth] == 8; }
    const std::uint8_t* item(std::uint32_t i, std::uint32_t* n) const {
        if (inline8()) {
            *n = 8;
            return slot(i) + 8;
        }
        *n = load_le32(slot(i) + 12);
        return arena() + load_le32(slot(i) + 8);
    }
};

std::size_t work_bytes(std::uint32_t slots, std::uint32_t arena) {
    return kWorkHeader + std::size_t{slots} * kSlotBytes + arena;
}

// The table's hash (never stored: any function serves). Items of 8 bytes, the
// integers, take the splitmix64 finalizer, cheaper than XXH3 on the per-row path.
std::uint64_t item_hash(const void* item, std::size_t n) {
    if (n == 8) return prob_topk_hash8(load_le64(static_cast<const std::uint8_t*>(item)));
    return hash_bytes(item, n, kDefaultSeed);
}

bool same_item(const std::uint8_t* a, const void* b, std::uint32_t n) {
    if (n == 8) return load_le64(a) == load_le64(static_cast<const std::uint8_t*>(b));
    return std::memcmp(a, b, n) == 0;
}

// Writes an empty table of `slots` slots and an arena of `arena` bytes after the
// header fields already in out (bytes 0..31).
void clear_table(std::uint8_t* out, std::uint32_t slots, std::uint32_t arena) {
    store_le32(out + kOffLive, 0);
    store_le32(out + kOffSlots, slots);
    store_le32(out + kOffUsed, 0);
    store_le32(out + kOffCapacity, arena);
    std::memset(out + kWorkHeader, 0, std::size_t{slots} * kSlotBytes);
}

// Inserts an item known to be absent; the caller made room.
void insert_new(Work w, const void* item, std::uint32_t n, std::uint64_t count) {
    std::uint32_t mask = w.slots() - 1;
    std::uint32_t i = static_cast<std::uint32_t>(item_hash(item, n)) & mask;
    while (load_le64(w.slot(i)) != 0) i = (i + 1) & mask;
    store_le64(w.slot(i), count);
    if (w.inline8()) {
        std::memcpy(w.slot(i) + 8, item, 8);
    } else {
        std::uint32_t at = w.used();
        std::memcpy(w.arena() + at, item, n);
        store_le32(w.slot(i) + 8, at);
        store_le32(w.slot(i) + 12, n);
        store_le32(w.d + kOffUsed, at + n);
    }
    store_le32(w.d + kOffLive, w.live() + 1);
}

std::vector<Entry> work_entries(Work w) {
    std::vector<Entry> out;
    out.reserve(w.live());
    for (std::uint32_t i = 0; i < w.slots(); i++) {
        std::uint64_t c = load_le64(w.slot(i));
        if (c == 0) continue;
        std::uint32_t n;
        const std::uint8_t* p = w.item(i, &n);
        out.push_back(Entry{c, std::string(reinterpret_cast<const char*>(p), n)});
    }
    return out;
}

// Subtracts the (k + 1)-th largest count from every counter when there are more
// than k, dropping those left at 0 or below; returns the amount (0: none).
std::uint64_t purge(std::vector<Entry>& e, std::uint64_t k) {
    if (e.size() <= k) return 0;
    std::vector<std::uint64_t> counts;
    counts.reserve(e.size());
    for (const Entry& x : e) counts.push_back(x.count);
    std::nth_element(counts.begin(), counts.begin() + static_cast<std::ptrdiff_t>(k), counts.end(),
                     std::greater<std::uint64_t>());
    std::uint64_t m = counts[k];
    std::size_t kept = 0;
    for (Entry& x : e) {
        if (x.count <= m) continue;
        x.count -= m;
        if (&e[kept] != &x) e[kept] = std::move(x);
        kept++;
    }
    e.resize(kept);
    return m;
}

// purge() on a working state in place, without copying items out one by one:
// the survivors' items are packed into a scratch arena, then rehashed.
void purge_working(Work w) {
    const std::uint64_t k = w.k();
    const std::uint32_t live = w.live();
    if (live <= k) return;
    // One pass over the table takes every live slot's 16 bytes, without a
    // branch per slot (a quarter to a half of the slots are live, at random).
    std::vector<std::uint8_t> taken((std::size_t{live} + 1) * kSlotBytes);
    std::size_t n = 0;
    for (std::uint32_t i = 0; i < w.slots() && n <= live; i++) {
        const std::uint8_t* s = w.slot(i);
        std::memcpy(taken.data() + n * kSlotBytes, s, kSlotBytes);
        n += load_le64(s) != 0;
    }
    if (n <= k) return;
    std::vector<std::uint64_t> counts(n);
    for (std::size_t j = 0; j < n; j++) counts[j] = load_le64(taken.data() + j * kSlotBytes);
    std::nth_element(counts.begin(), counts.begin() + static_cast<std::ptrdiff_t>(k), counts.end(),
                     std::greater<std::uint64_t>());
    const std::uint64_t m = counts[k];
    // Items in the arena move to a scratch copy, as the arena is rewritten.
    std::vector<std::uint8_t> items;
    const bool inline8 = w.inline8();
    if (!inline8) {
        for (std::size_t j = 0; j < n; j++) {
            std::uint8_t* t = taken.data() + j * kSlotBytes;
            if (load_le64(t) <= m) continue;
            std::uint32_t at = load_le32(t + 8), length = load_le32(t + 12);
            store_le32(t + 8, static_cast<std::uint32_t>(items.size()));
            items.insert(items.end(), w.arena() + at, w.arena() + at + length);
        }
    }
    store_le64(w.d + kOffOffset, w.offset() + m);
    clear_table(w.d, w.slots(), w.capacity());
    for (std::size_t j = 0; j < n; j++) {
        const std::uint8_t* t = taken.data() + j * kSlotBytes;
        std::uint64_t c = load_le64(t);
        if (c <= m) continue;
        if (inline8)
            insert_new(w, t + 8, 8, c - m);
        else
            insert_new(w, items.data() + load_le32(t + 8), load_le32(t + 12), c - m);
    }
}

// Canonical order: count descending, then bytes ascending.
bool canonical_less(const Entry& a, const Entry& b) {
    if (a.count != b.count) return a.count > b.count;
    return a.item < b.item;  // std::string compares as unsigned bytes (char_traits<char>::compare is memcmp)
}

// Writes a value from its parts (entries sorted here).
Buffer encode(std::vector<Entry>& e, std::uint64_t k, std::uint64_t total, std::uint64_t offset, std::uint16_t k_kind,
              std::uint8_t width, Allocator& alloc) {
    std::sort(e.begin(), e.end(), canonical_less);
    std::size_t bytes = kHeaderSize;
    for (const Entry& x : e) bytes += kEntryHeaderSize + x.item.size();
    std::uint8_t* out = allocate_or_throw(alloc, bytes);
    std::memset(out, 0, kHeaderSize);
    out[kOffTag] = kTypeTag;
    out[kOffHashId] = kHashId;
    bool empty = total == 0;
    out[kOffWidth] = empty ? 0 : width;
    kind::write(out, empty ? kind::kNone : k_kind, kV1Bytes67);
    store_le64(out + kOffSize, k);
    store_le64(out + kOffTotal, total);
    store_le64(out + kOffOffset, offset);
    store_le32(out + kOffItems, static_cast<std::uint32_t>(e.size()));
    std::uint8_t* p = out + kHeaderSize;
    for (const Entry& x : e) {
        store_le64(p, x.count);
        store_le32(p + 8, static_cast<std::uint32_t>(x.item.size()));
        std::memcpy(p + kEntryHeaderSize, x.item.data(), x.item.size());
        p += kEntryHeaderSize + x.item.size();
    }
    return {out, bytes};
}

Buffer new_working(Allocator& alloc, const std::uint8_t* header32, std::uint32_t slots, std::uint32_t arena) {
    std::size_t bytes = work_bytes(slots, arena);
    std::uint8_t* out = allocate_or_throw(alloc, bytes);
    std::memcpy(out, header32, kOffItems);
    out[1] = kWorkingVersion;
    clear_table(out, slots, arena);
    return {out, bytes};
}

std::uint32_t slots_for(std::uint64_t live) {
    std::uint32_t s = kFirstSlots;
    while (std::uint64_t{s} < 2 * live) s *= 2;
    return s;
}

std::uint32_t arena_for(std::uint64_t bytes) {
    std::uint64_t a = kFirstArena;
    while (a < bytes) a *= 2;
    return static_cast<std::uint32_t>(a);
}

// A working state of the entries (header fields from header32).
Buffer working_from(const std::uint8_t* header32, const std::vector<Entry>& e, Allocator& alloc) {
    std::uint64_t bytes = 0;
    for (const Entry& x : e) bytes += x.item.size();
    Buffer b = new_working(alloc, header32, slots_for(e.size() + 1), arena_for(bytes + 1));
    for (const Entry& x : e) insert_new(Work{b.data}, x.item.data(), static_cast<std::uint32_t>(x.item.size()), x.count);
    return b;
}

void check_working(const std::uint8_t* data, std::size_t size) {
    if (size < kWorkHeader || data[kOffTag] != kTypeTag || data[1] != kWorkingVersion)
        throw Error(ErrorKind::kCorrupt, "invalid topk working state");
    Work w{const_cast<std::uint8_t*>(data)};
    if (work_bytes(w.slots(), w.capacity()) != size) throw Error(ErrorKind::kCorrupt, "invalid topk working state");
}

std::string kind_text(std::uint16_t k) { return kind::describe(k); }

Error different_kinds(std::uint16_t a, std::uint16_t b) {
    return Error(ErrorKind::kMismatch, "cannot combine topk sketches of items of different types",
                 "One holds " + kind_text(a) + ", the other " + kind_text(b) +
                     " (doc/FORMAT.md 2.5); a topk sketch returns its items as values of one type.");
}

Error different_widths(unsigned a, unsigned b) {
    return Error(ErrorKind::kMismatch, "cannot combine topk sketches of items of different widths",
                 "One holds items of " + std::to_string(a) + " bytes, the other of " + std::to_string(b) +
                     " (0: any length).");
}

}  // namespace

void check_size(long long size) {
    if (size < 1 || static_cast<unsigned long long>(size) > kMaxSize)
        throw Error(ErrorKind::kInvalidParameter, "topk size must be between 1 and " + std::to_string(kMaxSize) +
                                                      ", not " + std::to_string(size));
}

Sketch parse_trusted(const std::uint8_t* data, std::size_t size) {
    header::check(data, size, kHeaderType);
    std::uint16_t k = kind::read(data, kV1Bytes67, kHeaderType.invalid);
    Header h{data[kOffHashId],        data[kOffWidth],
             k,                       load_le64(data + kOffSize),
             load_le64(data + kOffTotal), load_le64(data + kOffOffset),
             load_le32(data + kOffItems)};
    if (h.size < 1 || h.size > kMaxSize)
        throw corrupt("size " + std::to_string(h.size) + " is outside 1.." + std::to_string(kMaxSize));
    if (h.items > h.size)
        throw corrupt("item count " + std::to_string(h.items) + " is above the size " + std::to_string(h.size));
    if (h.total > kMaxTotal) throw corrupt("total weight " + std::to_string(h.total) + " is above 2^63 - 1");
    return Sketch{h, data, size};
}

std::vector<EntryView> views(const Sketch& s) {
    std::vector<EntryView> out;
    out.reserve(s.header.items);
    std::size_t at = kHeaderSize;
    for (std::uint32_t i = 0; i < s.header.items; i++) {
        if (s.size - at < kEntryHeaderSize)
            throw corrupt("entry " + std::to_string(i) + " starts at byte " + std::to_string(at) +
                          ", past the end of the " + std::to_string(s.size) + " bytes");
        std::uint64_t c = load_le64(s.data + at);
        std::uint32_t n = load_le32(s.data + at + 8);
        if (n > kMaxItemBytes)
            throw corrupt("entry " + std::to_string(i) + " length " + std::to_string(n) + " is above " +
                          std::to_string(kMaxItemBytes));
        if (s.size - at - kEntryHeaderSize < n)
            throw corrupt("entry " + std::to_string(i) + " of " + std::to_string(n) + " bytes runs past the end");
        out.push_back(EntryView{c, s.data + at + kEntryHeaderSize, n});
        at += kEntryHeaderSize + n;
    }
    if (at != s.size)
        throw corrupt("it is " + std::to_string(s.size) + " bytes long, but its " + std::to_string(s.header.items) +
                      " entries end at byte " + std::to_string(at));
    return out;
}

std::vector<Entry> entries(const Sketch& s) {
    std::vector<Entry> out;
    for (const EntryView& v : views(s))
        out.push_back(Entry{v.count, std::string(reinterpret_cast<const char*>(v.item), v.length)});
    return out;
}

Sketch parse(const std::uint8_t* data, std::size_t size) {
    Sketch s = parse_trusted(data, size);
    const Header& h = s.header;
    if (data[kOffReserved16] != 0 || data[kOffReserved16 + 1] != 0) throw corrupt("reserved bytes 4-5 are not 0");
    if (load_le32(data + kOffReserved32) != 0) throw corrupt("reserved bytes 36-39 are not 0");
    if (h.kind == kind::kNone) {
        if (h.total != 0) throw corrupt("total weight is " + std::to_string(h.total) + " but no kind is recorded");
        if (h.width != 0) throw corrupt("item width is " + std::to_string(h.width) + " in an empty sketch");
        if (h.offset != 0) throw corrupt("offset is " + std::to_string(h.offset) + " in an empty sketch");
    } else {
        if (h.total == 0) throw corrupt("total weight is 0 but a kind is recorded (format version 2)");
        if (h.kind == kind::kMixed) throw corrupt("kind 65535 (several types) is not a topk kind");
    }
    std::vector<Entry> e = entries(s);
    uint128 sum = 0;
    for (std::size_t i = 0; i < e.size(); i++) {
        const Entry& x = e[i];
        if (x.count == 0 || x.count > h.total)
            throw corrupt("entry " + std::to_string(i) + " count " + std::to_string(x.count) + " is outside 1.." +
                          std::to_string(h.total));
        if (h.width != 0 && x.item.size() != h.width)
            throw corrupt("entry " + std::to_string(i) + " length " + std::to_string(x.item.size()) +
                          " is not the item width " + std::to_string(h.width));
        if (i > 0 && !canonical_less(e[i - 1], x))
            throw corrupt("entry " + std::to_string(i) +
                          " is out of order (counts descending, then items ascending, no item twice)");
        sum += x.count;
    }
    // The order above makes equal items adjacent only when their counts are
    // equal; an item may not appear twice with different counts either.
    std::vector<std::size_t> by_item(e.size());
    for (std::size_t i = 0; i < e.size(); i++) by_item[i] = i;
    std::sort(by_item.begin(), by_item.end(), [&](std::size_t x, std::size_t y) { return e[x].item < e[y].item; });
    for (std::size_t i = 1; i < by_item.size(); i++)
        if (e[by_item[i - 1]].item == e[by_item[i]].item)
            throw corrupt("entries " + std::to_string(std::min(by_item[i - 1], by_item[i])) + " and " +
                          std::to_string(std::max(by_item[i - 1], by_item[i])) + " hold the same item");
    uint128 bound = sum + static_cast<uint128>(h.size + 1) * h.offset;
    if (bound > h.total)
        throw corrupt("counts and offset exceed the total weight: counts " + number_text(static_cast<double>(sum)) +
                      " + (size + 1) * offset " + std::to_string(h.offset) + " > total " + std::to_string(h.total));
    return s;
}

Buffer make_empty(Allocator& alloc, long long size) {
    check_size(size);
    std::vector<Entry> none;
    return encode(none, static_cast<std::uint64_t>(size), 0, 0, kind::kNone, 0, alloc);
}

bool is_working(const std::uint8_t* data, std::size_t size) {
    return size >= 2 && data[kOffTag] == kTypeTag && data[1] == kWorkingVersion;
}

Buffer make_working(Allocator& alloc, long long size) {
    check_size(size);
    std::uint8_t h[kOffItems] = {};
    h[kOffTag] = kTypeTag;
    h[kOffHashId] = kHashId;
    store_le64(h + kOffSize, static_cast<std::uint64_t>(size));
    return new_working(alloc, h, kFirstSlots, kFirstArena);
}

Buffer working_of(const std::uint8_t* data, std::size_t size, Allocator& alloc) {
    Sketch s = parse_trusted(data, size);
    std::uint8_t h[kOffItems];
    std::memcpy(h, data, kOffItems);
    if (s.header.kind == kind::kNone) store_le16(h + kind::kOffset, 0);
    return working_from(h, entries(s), alloc);
}

std::uint64_t size_of(const std::uint8_t* data, std::size_t size) {
    if (is_working(data, size)) {
        check_working(data, size);
        return load_le64(data + kOffSize);
    }
    return parse_trusted(data, size).header.size;
}

void check_state_size(const std::uint8_t* data, std::size_t size, long long k) {
    std::uint64_t first = size_of(data, size);
    if (first == static_cast<std::uint64_t>(k)) return;
    std::string was = "size " + std::to_string(first);
    std::string now = std::to_string(k);
    throw Error(ErrorKind::kMismatch, "topk size changed while building one sketch",
                "It was started with " + was + ", then given " + now + ".", Reason::kParametersChanged, was, now);
}

Buffer add(std::uint8_t* data, std::size_t size, const void* item, std::size_t item_size, long long weight,
           std::uint16_t added_kind, std::uint8_t width, Allocator& alloc) {
    check_working(data, size);
    if (weight < 0)
        throw Error(ErrorKind::kInvalidParameter, "topk weight must not be negative, not " + std::to_string(weight));
    if (item_size > kMaxItemBytes)
        throw Error(ErrorKind::kInvalidParameter,
                    "topk item of " + std::to_string(item_size) + " bytes is longer than the limit of " +
                        std::to_string(kMaxItemBytes) + " bytes",
                    "Items are stored as they are, so a sketch can return them; hash or shorten long values before "
                    "adding them.");
    if (width != 0 && item_size != width)
        throw Error(ErrorKind::kInvalidParameter, "topk item of " + std::to_string(item_size) +
                                                      " bytes is not of the declared width " + std::to_string(width));
    if (weight == 0) return {data, size};
    Work w{data};
    std::uint64_t total = w.total();
    if (total != 0) {
        if (w.kind() != added_kind) throw different_kinds(w.kind(), added_kind);
        if (data[kOffWidth] != width) throw different_widths(data[kOffWidth], width);
    } else {
        // An empty state takes the width now, so its table stores items as that
        // width does (Work::inline8); an empty value is written with width 0 anyway.
        data[kOffWidth] = width;
    }
    if (kMaxTotal - total < static_cast<std::uint64_t>(weight))
        throw Error(ErrorKind::kTooLarge, "topk total weight would pass 2^63 - 1",
                    "The sketch holds a total of " + std::to_string(total) + "; adding " + std::to_string(weight) +
                        " would wrap.");
    // The common case, as the PostgreSQL layer's per-row path takes it.
    if (total != 0 && width == 8 && prob_topk_add8_in_place(data, size, static_cast<const std::uint8_t*>(item), weight,
                                                            added_kind))
        return {data, size};
    std::uint32_t n = static_cast<std::uint32_t>(item_size);
    std::uint32_t mask = w.slots() - 1;
    std::uint32_t i = static_cast<std::uint32_t>(item_hash(item, n)) & mask;
    for (;;) {
        const std::uint8_t* s = w.slot(i);
        std::uint64_t c = load_le64(s);
        if (c == 0) break;
        std::uint32_t have;
        const std::uint8_t* p = w.item(i, &have);
        if (have == n && same_item(p, item, n)) {
            store_le64(w.slot(i), c + static_cast<std::uint64_t>(weight));
            store_le64(data + kOffTotal, total + static_cast<std::uint64_t>(weight));
            return {data, size};
        }
        i = (i + 1) & mask;
    }
    Buffer out{data, size};
    std::uint64_t live = w.live();
    std::uint32_t arena_n = w.inline8() ? 0 : n;
    if (2 * (live + 1) > w.slots() || std::uint64_t{w.used()} + arena_n > w.capacity()) {
        std::vector<Entry> e = work_entries(w);
        std::uint64_t bytes = std::uint64_t{w.used()} + arena_n;
        std::uint32_t slots = std::max(w.slots(), slots_for(live + 1));
        std::uint32_t arena = std::max(w.capacity(), arena_for(bytes));
        out = new_working(alloc, data, slots, arena);
        for (const Entry& x : e)
            insert_new(Work{out.data}, x.item.data(), static_cast<std::uint32_t>(x.item.size()), x.count);
    }
    Work o{out.data};
    insert_new(o, item, n, static_cast<std::uint64_t>(weight));
    // The header changes last, so a failed allocation above leaves data as it was.
    store_le64(out.data + kOffTotal, total + static_cast<std::uint64_t>(weight));
    if (total == 0) {
        store_le16(out.data + kind::kOffset, added_kind);
        out.data[kOffWidth] = width;
    }
    if (o.live() > 2 * o.k()) purge_working(o);
    return out;
}

Buffer finish(const std::uint8_t* data, std::size_t size, Allocator& alloc) {
    if (!is_working(data, size)) {
        Sketch s = parse_trusted(data, size);
        std::vector<Entry> e = entries(s);
        return encode(e, s.header.size, s.header.total, s.header.offset, s.header.kind, s.header.width, alloc);
    }
    check_working(data, size);
    Work w{const_cast<std::uint8_t*>(data)};
    std::vector<Entry> e = work_entries(w);
    std::uint64_t m = purge(e, w.k());
    return encode(e, w.k(), w.total(), w.offset() + m, w.kind(), data[kOffWidth], alloc);
}

Buffer merge(const std::uint8_t* left, std::size_t left_size, const std::uint8_t* right, std::size_t right_size,
             Allocator& alloc) {
    Sketch a = parse_trusted(left, left_size);
    Sketch b = parse_trusted(right, right_size);
    const Header& ha = a.header;
    const Header& hb = b.header;
    bool a_empty = ha.total == 0, b_empty = hb.total == 0;
    if (!a_empty && !b_empty) {
        if (ha.kind != hb.kind) throw different_kinds(ha.kind, hb.kind);
        if (ha.width != hb.width) throw different_widths(ha.width, hb.width);
    }
    if (kMaxTotal - ha.total < hb.total)
        throw Error(ErrorKind::kTooLarge, "topk total weight would pass 2^63 - 1",
                    "The sketches hold totals of " + std::to_string(ha.total) + " and " + std::to_string(hb.total) +
                        "; their sum would wrap.");
    std::vector<Entry> e = entries(a);
    std::vector<Entry> eb = entries(b);
    for (Entry& x : eb) e.push_back(std::move(x));
    std::sort(e.begin(), e.end(), [](const Entry& x, const Entry& y) { return x.item < y.item; });
    std::size_t kept = 0;
    for (std::size_t i = 0; i < e.size(); i++) {
        if (kept > 0 && e[kept - 1].item == e[i].item) {
            e[kept - 1].count += e[i].count;
            continue;
        }
        if (kept != i) e[kept] = std::move(e[i]);
        kept++;
    }
    e.resize(kept);
    std::uint64_t k = std::min(ha.size, hb.size);
    std::uint64_t m = purge(e, k);
    const Header& kinded = a_empty ? hb : ha;
    return encode(e, k, ha.total + hb.total, ha.offset + hb.offset + m, kinded.kind, kinded.width, alloc);
}

Info info(const Sketch& s) {
    const Header& h = s.header;
    return Info{kind::version_for(h.kind), h.hash_id, h.kind,  h.width,           h.size, h.total,
                h.offset,                  h.total / (h.size + 1), h.items, s.size};
}

}  // namespace probabilistic::topk
