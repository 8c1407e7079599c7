#include "countmin.hpp"

#include <cmath>
#include <string>

#include "countmin_cells.h"
#include "hash.hpp"
#include "header.hpp"

namespace probabilistic::countmin {
namespace {

__extension__ typedef unsigned __int128 uint128;

// Header byte offsets (see the format in countmin.hpp).
using header::kOffHashId;
using header::kOffTag;
constexpr std::size_t kOffRule = 3, kOffDepth = PROB_COUNTMIN_OFF_DEPTH, kOffReserved = 5, kOffSeed = 8,
                      kOffEpsilon = 16, kOffDelta = 24, kOffWidth = PROB_COUNTMIN_OFF_WIDTH,
                      kOffTotal = PROB_COUNTMIN_OFF_TOTAL;
// What a format version 1 value holds at bytes 6-7.
constexpr std::uint16_t kV1Bytes67 = 0;

// Count-min sketches came with hash id 2 (0.6.0): no value has another.
constexpr header::Type kHeaderType{"invalid countmin sketch", kTypeTag, kHeaderSize, kHashId};

Error corrupt(const std::string& what) { return header::corrupt(kHeaderType, what); }

// The correctly rounded e^-d, d = 0..32 (doc/FORMAT.md 7.1 lists them): the
// depth is found by comparison, never by a platform's log.
constexpr double kExpMinus[kMaxDepth + 1] = {
    0x1.0000000000000p+0,
    0x1.78b56362cef38p-2,
    0x1.152aaa3bf81ccp-3,
    0x1.97db0ccceb0afp-5,
    0x1.2c155b8213cf4p-6,
    0x1.b993fe00d5376p-8,
    0x1.44e51f113d4d6p-9,
    0x1.de16b9c24a98fp-11,
    0x1.5fc21041027adp-12,
    0x1.02cf22526545ap-13,
    0x1.7cd79b5647c9bp-15,
    0x1.18354238f6764p-16,
    0x1.9c54c3b43bc8bp-18,
    0x1.2f6053b981d98p-19,
    0x1.be6c6fdb01612p-21,
    0x1.4875ca227ec38p-22,
    0x1.e355bbaee85cbp-24,
    0x1.639e3175a689dp-25,
    0x1.05a628c699fa1p-26,
    0x1.81056ff2c5772p-28,
    0x1.1b48655f37267p-29,
    0x1.a0db0d0ddb3ecp-31,
    0x1.32b48bf117da2p-32,
    0x1.c3527e433fab1p-34,
    0x1.4c1078fe9228ap-35,
    0x1.e8a37a45fc32ep-37,
    0x1.67852a7007e42p-38,
    0x1.0885298767e9ap-39,
    0x1.853f01d6d53bap-41,
    0x1.1e642baeb84a0p-42,
    0x1.a56e0c2ac7f75p-44,
    0x1.36121e24d3bbap-45,
    0x1.c8464f7616468p-47
};

std::size_t cells_bytes(std::uint64_t width, unsigned depth) {
    return static_cast<std::size_t>(static_cast<uint128>(width) * depth * 8);
}

std::string params_text(const Header& h) {
    return "epsilon " + number_text(h.epsilon) + ", delta " + number_text(h.delta) + ", seed " +
           std::to_string(h.seed) + ", hash id " + std::to_string(h.hash_id);
}

void copy_bytes(std::uint8_t* out, const std::uint8_t* data, std::size_t size) {
    in_chunks(size, [&](std::size_t begin, std::size_t end) { std::memcpy(out + begin, data + begin, end - begin); });
}

Error total_too_large(std::uint64_t total, std::uint64_t more) {
    return Error(ErrorKind::kTooLarge, "countmin sketch total would pass " + std::to_string(kMaxTotal),
                 "It counts " + std::to_string(total) + " and " + std::to_string(more) +
                     " more would pass the largest total a counter holds; the sketch is unchanged.",
                 Reason::kCountminTotal, std::to_string(kMaxTotal));
}

// A sum of cells, exactly: "72057594037927936", not "7.2e+16".
std::string sum_text(uint128 v) {
    std::string digits;
    do {
        digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
        v /= 10;
    } while (v != 0);
    return digits;
}

// Cells per interrupt poll: about kInterruptChunkBytes of them.
constexpr std::size_t kCellsPerChunk = kInterruptChunkBytes / 8;

// The header's fields as they are (a value's or a working state's), with its kind.
Header fields_of(const std::uint8_t* data, std::uint16_t k) {
    return Header{data[kOffHashId],
                  data[kOffDepth],
                  load_le64(data + kOffSeed),
                  load_double(data + kOffEpsilon),
                  load_double(data + kOffDelta),
                  load_le64(data + kOffWidth),
                  load_le64(data + kOffTotal),
                  k};
}

// The constant header fields and the values of the others.
Sketch read_header(const std::uint8_t* data, std::size_t size) {
    header::check(data, size, kHeaderType);
    if (data[kOffRule] != kRuleConservative)
        throw corrupt("unknown update rule " + std::to_string(data[kOffRule]) + " (1 is conservative update)");
    if (data[kOffReserved] != 0)
        throw corrupt("reserved byte 5 is " + std::to_string(data[kOffReserved]) + ", not 0");
    return Sketch{fields_of(data, kind::read(data, kV1Bytes67, kHeaderType.invalid)), data, size};
}

void check_length(const Sketch& s) {
    const Header& h = s.header;
    uint128 expected = kHeaderSize + static_cast<uint128>(h.width) * h.depth * 8;
    if (expected != s.size)
        throw corrupt("it is " + std::to_string(s.size) + " bytes long, but " + std::to_string(h.depth) +
                      " rows of " + std::to_string(h.width) + " 8-byte cells take " +
                      number_text(static_cast<double>(expected)) + " bytes with the header");
}

// The header of an empty value (format version 1, no kind, total 0).
void write_empty_header(std::uint8_t* out, double epsilon, double delta, std::uint64_t seed) {
    out[kOffTag] = kTypeTag;
    out[kOffHashId] = kHashId;
    out[kOffRule] = kRuleConservative;
    out[kOffDepth] = static_cast<std::uint8_t>(depth_for(delta));
    out[kOffReserved] = 0;
    kind::write(out, kind::kNone, kV1Bytes67);
    store_le64(out + kOffSeed, seed);
    store_double(out + kOffEpsilon, epsilon);
    store_double(out + kOffDelta, delta);
    store_le64(out + kOffWidth, width_for(epsilon));
    store_le64(out + kOffTotal, 0);
}

// ---- the working state (countmin.hpp): the value's header, u64 n at 48, n adds from 56 ----
constexpr std::size_t kOffAdds = kHeaderSize, kFirstAdd = kHeaderSize + 8, kAddBytes = 16;
constexpr std::uint64_t kFirstLog = 4;
// Adds replayed between interrupt polls.
constexpr std::uint64_t kAddsPerPoll = 65536;

constexpr std::size_t log_bytes(std::uint64_t adds) { return kFirstAdd + static_cast<std::size_t>(adds) * kAddBytes; }

struct Working {
    Header h;
    std::uint64_t adds;      // in the list
    std::uint64_t capacity;  // room for
    std::size_t value_size;  // of the value it becomes
};

Error bad_working() { return Error(ErrorKind::kCorrupt, "invalid countmin working state"); }

// A working state's header and list, checked so that every access stays
// inside its bytes (only our own aggregates make them).
Working read_working(const std::uint8_t* data, std::size_t size) {
    if (size < kFirstAdd || data[kOffTag] != kTypeTag || data[1] != kWorkingVersion) throw bad_working();
    Header h = fields_of(data, load_le16(data + kind::kOffset));
    uint128 value_size = kHeaderSize + static_cast<uint128>(h.width) * h.depth * 8;
    std::uint64_t adds = load_le64(data + kOffAdds);
    std::uint64_t capacity = (size - kFirstAdd) / kAddBytes;
    if (h.depth < 1 || h.depth > kMaxDepth || h.width == 0 || value_size > kMaxValueBytes ||
        (size - kFirstAdd) % kAddBytes != 0 || adds > capacity || h.total > kMaxTotal)
        throw bad_working();
    return Working{h, adds, capacity, static_cast<std::size_t>(value_size)};
}

// The value of a working state, in new memory: an empty sketch with every
// add of the list replayed in order (its header, total and kind).
Buffer replayed(const std::uint8_t* data, std::size_t size, Allocator& alloc) {
    Working w = read_working(data, size);
    const Header& h = w.h;
    std::uint8_t* out = allocate_or_throw(alloc, w.value_size);
    try {
        write_empty_header(out, h.epsilon, h.delta, h.seed);
        std::uint8_t* cells = out + kHeaderSize;
        in_chunks(w.value_size - kHeaderSize, [&](std::size_t begin, std::size_t end) {
            std::memset(cells + begin, 0, end - begin);
        });
        for (std::uint64_t i = 0; i < w.adds; i++) {
            if (i != 0 && i % kAddsPerPoll == 0) poll_interrupt();
            const std::uint8_t* a = data + log_bytes(i);
            prob_countmin_update_cells(cells, h.depth, h.width, load_le64(a), load_le64(a + 8));
        }
    } catch (...) {
        alloc.deallocate(out);
        throw;
    }
    store_le64(out + kOffTotal, h.total);
    kind::write(out, h.kind, kV1Bytes67);
    return {out, w.value_size};
}

// add_hash on a working state (weight > 0, the total checked): the add goes
// at the end of the list, in place when there is room; else into a list of
// twice the room, or, when that would be as large as the value, into the
// value the list becomes. Either is new memory; data is left as it was.
Buffer add_working(std::uint8_t* data, std::size_t size, const Working& w, std::uint64_t hash, std::uint64_t c,
                   Allocator& alloc, std::uint16_t added_kind) {
    const Header& h = w.h;
    std::uint16_t kind_after = kind::after_add(h.kind, h.total == 0, added_kind);
    if (w.adds > 0 && load_le64(data + log_bytes(w.adds - 1)) == hash) {
        std::uint8_t* weight = data + log_bytes(w.adds - 1) + 8;
        store_le64(weight, load_le64(weight) + c);
    } else if (w.adds < w.capacity) {
        store_le64(data + log_bytes(w.adds), hash);
        store_le64(data + log_bytes(w.adds) + 8, c);
        store_le64(data + kOffAdds, w.adds + 1);
    } else if (log_bytes(2 * w.capacity) < w.value_size) {
        std::size_t bytes = log_bytes(2 * w.capacity);
        std::uint8_t* out = allocate_or_throw(alloc, bytes);
        std::memcpy(out, data, log_bytes(w.adds));
        std::memset(out + log_bytes(w.adds), 0, bytes - log_bytes(w.adds));
        store_le64(out + log_bytes(w.adds), hash);
        store_le64(out + log_bytes(w.adds) + 8, c);
        store_le64(out + kOffAdds, w.adds + 1);
        store_le64(out + kOffTotal, h.total + c);
        store_le16(out + kind::kOffset, kind_after);
        return {out, bytes};
    } else {
        Buffer v = replayed(data, size, alloc);
        prob_countmin_update_cells(v.data + kHeaderSize, h.depth, h.width, hash, c);
        store_le64(v.data + kOffTotal, h.total + c);
        kind::write(v.data, kind_after, kV1Bytes67);
        return v;
    }
    store_le64(data + kOffTotal, h.total + c);
    store_le16(data + kind::kOffset, kind_after);
    return {data, size};
}

}  // namespace

double exp_minus(unsigned d) { return kExpMinus[d]; }

void check_parameters(double epsilon, double delta) {
    if (!(epsilon > 0.0 && epsilon < 1.0))
        throw Error(ErrorKind::kInvalidParameter,
                    "countmin sketch epsilon must be between 0 and 1, exclusive, not " + number_text(epsilon));
    if (!(delta > 0.0 && delta < 1.0))
        throw Error(ErrorKind::kInvalidParameter,
                    "countmin sketch delta must be between 0 and 1, exclusive, not " + number_text(delta));
    if (!(delta >= kExpMinus[kMaxDepth]))
        throw Error(ErrorKind::kInvalidParameter,
                    "countmin sketch delta " + number_text(delta) + " is below the smallest supported, e^-" +
                        std::to_string(kMaxDepth) + " = " + number_text(kExpMinus[kMaxDepth]),
                    "A sketch has at most " + std::to_string(kMaxDepth) + " rows.");
}

std::uint64_t width_for(double epsilon) {
    double w = std::ceil(kE / epsilon);
    // Past 2^63 the size check refuses it anyway; keep the conversion defined.
    return w >= 9.2e18 ? UINT64_C(1) << 63 : static_cast<std::uint64_t>(w);
}

unsigned depth_for(double delta) {
    unsigned d = 1;
    while (d < kMaxDepth && !(kExpMinus[d] <= delta)) d++;
    return d;
}

std::size_t empty_size(double epsilon, double delta) {
    check_parameters(epsilon, delta);
    double bytes = kHeaderSize + 8.0 * static_cast<double>(width_for(epsilon)) * depth_for(delta);
    if (!fits_new_value(bytes)) {
        Error e = too_large("a countmin sketch at epsilon " + number_text(epsilon) + " and delta " +
                                number_text(delta), bytes);
        throw Error(e.kind(), e.what(), e.detail(), Reason::kCountminValueLimit, e.field(0), e.field(1));
    }
    return kHeaderSize + cells_bytes(width_for(epsilon), depth_for(delta));
}

std::uint64_t index(std::uint64_t hash, unsigned row, std::uint64_t width) {
    return prob_countmin_index(hash, row, width);
}

Sketch parse_trusted(const std::uint8_t* data, std::size_t size) {
    Sketch s = read_header(data, size);
    const Header& h = s.header;
    if (h.depth < 1 || h.depth > kMaxDepth)
        throw corrupt("depth " + std::to_string(h.depth) + " is outside 1.." + std::to_string(kMaxDepth));
    if (h.width == 0) throw corrupt("width is 0");
    check_length(s);
    if (h.total > kMaxTotal)
        throw corrupt("total " + std::to_string(h.total) + " is above " + std::to_string(kMaxTotal));
    return s;
}

Sketch parse_header(const std::uint8_t* data, std::size_t size) {
    Sketch s = read_header(data, size);
    const Header& h = s.header;
    if (!(h.epsilon > 0.0 && h.epsilon < 1.0))
        throw corrupt("epsilon " + number_text(h.epsilon) + " is not between 0 and 1");
    if (!(h.delta >= kExpMinus[kMaxDepth] && h.delta < 1.0))
        throw corrupt("delta " + number_text(h.delta) + " is not between e^-32 and 1");
    unsigned d = depth_for(h.delta);
    if (h.depth != d)
        throw corrupt("depth " + std::to_string(h.depth) + " does not match delta " + number_text(h.delta) +
                      ", which needs " + std::to_string(d));
    std::uint64_t w = width_for(h.epsilon);
    if (h.width != w)
        throw corrupt("width " + std::to_string(h.width) + " does not match epsilon " + number_text(h.epsilon) +
                      ", which needs " + std::to_string(w));
    check_length(s);
    if (h.total > kMaxTotal)
        throw corrupt("total " + std::to_string(h.total) + " is above " + std::to_string(kMaxTotal));
    return s;
}

Sketch parse(const std::uint8_t* data, std::size_t size) {
    Sketch s = parse_header(data, size);
    const Header& h = s.header;
    const std::uint8_t* cells = s.cells();
    uint128 all = 0;
    for (unsigned r = 0; r < h.depth; r++) {
        uint128 row = 0;
        for (std::uint64_t j = 0; j < h.width; j++) {
            std::uint64_t i = r * h.width + j;
            if (i != 0 && i % kCellsPerChunk == 0) poll_interrupt();
            row += load_le64(cells + 8 * i);
        }
        if (row > h.total)
            throw corrupt("row " + std::to_string(r) + " sums to " + sum_text(row) +
                          ", more than the total " + std::to_string(h.total));
        all += row;
    }
    if (all < h.total)
        throw corrupt("the rows sum to " + sum_text(all) + ", less than the total " +
                      std::to_string(h.total));
    return s;
}

void check_state_parameters(const std::uint8_t* data, std::size_t size, double epsilon, double delta) {
    Header h = is_working(data, size) ? read_working(data, size).h : parse_trusted(data, size).header;
    if (h.epsilon == epsilon && h.delta == delta) return;
    throw parameters_changed("countmin sketch", "epsilon " + number_text(h.epsilon) + ", delta " + number_text(h.delta),
                             number_text(epsilon) + ", " + number_text(delta));
}

Buffer make_empty(Allocator& alloc, double epsilon, double delta, std::uint64_t seed) {
    std::size_t size = empty_size(epsilon, delta);
    std::uint8_t* out = allocate_or_throw(alloc, size);
    write_empty_header(out, epsilon, delta, seed);
    std::uint8_t* cells = out + kHeaderSize;
    in_chunks(size - kHeaderSize, [&](std::size_t begin, std::size_t end) {
        std::memset(cells + begin, 0, end - begin);
    });
    return {out, size};
}

bool is_working(const std::uint8_t* data, std::size_t size) {
    return size >= 2 && data[kOffTag] == kTypeTag && data[1] == kWorkingVersion;
}

Buffer make_working(Allocator& alloc, double epsilon, double delta, std::uint64_t seed) {
    std::size_t full = empty_size(epsilon, delta);
    if (full <= log_bytes(kFirstLog)) return make_empty(alloc, epsilon, delta, seed);
    std::size_t size = log_bytes(kFirstLog);
    std::uint8_t* out = allocate_or_throw(alloc, size);
    std::memset(out, 0, size);
    write_empty_header(out, epsilon, delta, seed);
    out[1] = kWorkingVersion;
    store_le16(out + kind::kOffset, kind::kNone);
    return {out, size};
}

Buffer finish(const std::uint8_t* data, std::size_t size, Allocator& alloc) {
    if (is_working(data, size)) return replayed(data, size, alloc);
    parse_trusted(data, size);
    std::uint8_t* out = allocate_or_throw(alloc, size);
    copy_bytes(out, data, size);
    return {out, size};
}

Buffer add_hash(std::uint8_t* data, std::size_t size, std::uint64_t hash, std::int64_t weight, bool in_place,
                Allocator& alloc, std::uint16_t added_kind) {
    if (weight < 0)
        throw Error(ErrorKind::kInvalidParameter,
                    "countmin sketch weight must not be negative, not " + std::to_string(weight));
    if (is_working(data, size)) {
        Working w = read_working(data, size);
        if (weight == 0) return {data, size};
        std::uint64_t c = static_cast<std::uint64_t>(weight);
        if (c > kMaxTotal - w.h.total) throw total_too_large(w.h.total, c);
        return add_working(data, size, w, hash, c, alloc, added_kind);
    }
    Header h = parse_trusted(data, size).header;
    if (weight == 0) return {data, size};
    std::uint64_t c = static_cast<std::uint64_t>(weight);
    if (c > kMaxTotal - h.total) throw total_too_large(h.total, c);
    std::uint8_t* out = data;
    if (!in_place) {
        out = allocate_or_throw(alloc, size);
        copy_bytes(out, data, size);
    }
    prob_countmin_update_cells(out + kHeaderSize, h.depth, h.width, hash, c);
    store_le64(out + kOffTotal, h.total + c);
    kind::write(out, kind::after_add(h.kind, h.total == 0, added_kind), kV1Bytes67);
    return {out, size};
}

std::uint64_t count_hash(const Sketch& s, std::uint64_t hash) {
    return prob_countmin_min_cell(s.cells(), s.header.depth, s.header.width, hash);
}

Buffer merge(const std::uint8_t* left, std::size_t left_size, const std::uint8_t* right, std::size_t right_size,
             Allocator& alloc) {
    Header a = parse_trusted(left, left_size).header;
    Header b = parse_trusted(right, right_size).header;
    if (a.hash_id != b.hash_id || a.seed != b.seed || a.epsilon != b.epsilon || a.delta != b.delta ||
        a.width != b.width || a.depth != b.depth)
        throw Error(ErrorKind::kMismatch, "cannot combine countmin sketches with different parameters",
                    "One has " + params_text(a) + "; the other has " + params_text(b) + ".",
                    Reason::kDifferentParameters, "epsilon, delta and seed");
    if (b.total > kMaxTotal - a.total) throw total_too_large(a.total, b.total);
    std::uint8_t* out = allocate_or_throw(alloc, left_size);
    std::memcpy(out, left, kHeaderSize);
    // Each cell is at most its sketch's total, so no sum passes a.total + b.total <= kMaxTotal.
    in_chunks(left_size - kHeaderSize, [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; i += 8)
            store_le64(out + kHeaderSize + i,
                       load_le64(left + kHeaderSize + i) + load_le64(right + kHeaderSize + i));
    });
    store_le64(out + kOffTotal, a.total + b.total);
    kind::write(out, kind::of_union(a.kind, a.total == 0, b.kind, b.total == 0), kV1Bytes67);
    return {out, left_size};
}

Info info(const Sketch& s) {
    const Header& h = s.header;
    return Info{kind::version_for(h.kind),
                h.hash_id,
                h.kind,
                h.seed,
                h.epsilon,
                h.delta,
                h.width,
                h.depth,
                h.total,
                h.epsilon * static_cast<double>(h.total),
                s.size};
}

}  // namespace probabilistic::countmin
