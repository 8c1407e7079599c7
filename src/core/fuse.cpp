#include "fuse.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "hash.hpp"
#include "header.hpp"

namespace probabilistic::fuse {
namespace {

__extension__ typedef unsigned __int128 uint128;

// Header byte offsets (see the format in fuse.hpp).
using header::kOffHashId;
using header::kOffTag;
constexpr std::size_t kOffForm = 3, kOffFingerprintBits = 4, kOffArity = 5, kOffSeed = 8, kOffFpr = 16,
                      kOffKeys = 24, kOffSegmentLength = 32, kOffSegmentCount = 40, kOffAttempt = 48,
                      kOffReserved = 56;
// What a format version 1 value holds at bytes 6-7.
constexpr std::uint16_t kV1Bytes67 = 0;
// A working state's room when it is first made from a key set.
constexpr std::uint64_t kMinSlots = 16;

constexpr header::Type kHeaderType{"invalid fuse filter", kTypeTag, kHeaderSize, kHashId};

Error corrupt(const std::string& what) { return header::corrupt(kHeaderType, what); }

// The smallest rate: 2^-32, what 32-bit fingerprints give.
const double kMinFpr = std::ldexp(1.0, -static_cast<int>(kMaxFingerprintBits));

// Long loops over keys or entries poll the interrupt hook every 64k steps.
inline void poll_every(std::uint64_t i) {
    if (i != 0 && (i & 0xFFFF) == 0) poll_interrupt();
}

std::string u64(std::uint64_t v) { return std::to_string(v); }

// (C + 2) L entries of f bits, in bytes; 0 when there is no array.
uint128 array_bytes(const Sizes& sz, unsigned f) {
    uint128 entries = (static_cast<uint128>(sz.segment_count) + 2) * sz.segment_length;
    if (sz.segment_length == 0) entries = 0;
    return (entries * f + 7) / 8;
}

std::uint64_t entry_count(const Header& h) {
    return h.segment_length == 0 ? 0 : (h.segment_count + 2) * h.segment_length;
}

void write_header(std::uint8_t* out, const Header& h) {
    std::memset(out, 0, kHeaderSize);
    out[kOffTag] = kTypeTag;
    out[kOffHashId] = h.hash_id;
    out[kOffForm] = h.form;
    out[kOffFingerprintBits] = h.fingerprint_bits;
    out[kOffArity] = kArity;
    kind::write(out, h.kind, kV1Bytes67);
    store_le64(out + kOffSeed, h.seed);
    store_double(out + kOffFpr, h.fpr);
    store_le64(out + kOffKeys, h.keys);
    store_le64(out + kOffSegmentLength, h.segment_length);
    store_le64(out + kOffSegmentCount, h.segment_count);
    store_le64(out + kOffAttempt, h.attempt);
}

// The prefix, form, arity and kind; the other fields as stored.
Sketch read_header(const std::uint8_t* data, std::size_t size, bool allow_working) {
    header::check(data, size, kHeaderType);
    std::uint8_t form = data[kOffForm];
    if (form != kFormKeys && form != kFormFilter && !(allow_working && form == kFormWorking))
        throw corrupt("form " + std::to_string(form) + " is not 1 (key set) or 2 (filter)");
    if (data[kOffArity] != kArity)
        throw corrupt("arity " + std::to_string(data[kOffArity]) + " is not " + std::to_string(kArity));
    std::uint16_t k = kind::read(data, kV1Bytes67, kHeaderType.invalid);
    Header h{data[kOffHashId],
             form,
             data[kOffFingerprintBits],
             k,
             load_le64(data + kOffSeed),
             load_double(data + kOffFpr),
             load_le64(data + kOffKeys),
             load_le64(data + kOffSegmentLength),
             load_le64(data + kOffSegmentCount),
             load_le64(data + kOffAttempt)};
    return Sketch{h, data, size};
}

void check_zero(std::uint64_t v, const char* field, const char* of) {
    if (v != 0) throw corrupt(std::string(field) + " " + u64(v) + " of " + of + " is not 0");
}

// The fields the form fixes and the length they imply.
void check_shape(const Sketch& s, bool full) {
    const Header& h = s.header;
    if (h.form == kFormWorking) {
        if ((s.size - kHeaderSize) % 8 != 0 || h.keys > (s.size - kHeaderSize) / 8)
            throw corrupt("aggregate state is inconsistent");
        return;
    }
    if (h.form == kFormKeys) {
        if (full) {
            check_zero(h.segment_length, "segment length", "a key set");
            check_zero(h.segment_count, "segment count", "a key set");
            check_zero(h.attempt, "attempt", "a key set");
        }
        if (h.keys > kMaxKeys)
            throw corrupt("key count " + u64(h.keys) + " is above the limit of " + u64(kMaxKeys));
        if (s.size != kHeaderSize + 8 * h.keys)
            throw corrupt("it is " + std::to_string(s.size) + " bytes long, but a key set of " + u64(h.keys) +
                          " keys takes " + u64(kHeaderSize + 8 * h.keys) + " bytes with the header");
        return;
    }
    if (h.keys == 0) {
        if (full) {
            check_zero(h.segment_length, "segment length", "an empty filter");
            check_zero(h.segment_count, "segment count", "an empty filter");
            check_zero(h.attempt, "attempt", "an empty filter");
        }
        if (s.size != kHeaderSize)
            throw corrupt("it is " + std::to_string(s.size) + " bytes long, but an empty filter takes " +
                          std::to_string(kHeaderSize) + " bytes");
        return;
    }
    if (h.attempt >= kMaxAttempts)
        throw corrupt("attempt " + u64(h.attempt) + " is above " + u64(kMaxAttempts - 1));
    if (!full) {
        // On every per-row path: what keeps the probe inside the bytes (a
        // segment length that is a power of two, so that the XOR of a position
        // stays in its segment, and the length the header's sizes imply),
        // without recomputing the sizes from the key count (parse does).
        std::uint64_t L = h.segment_length;
        if (L == 0 || (L & (L - 1)) != 0 || L > (UINT64_C(1) << kMaxSegmentLengthBits) || h.segment_count == 0 ||
            h.segment_count > (UINT64_C(1) << 40))
            throw corrupt("segment length " + u64(L) + " or segment count " + u64(h.segment_count) +
                          " is not a filter's");
        if (kHeaderSize + array_bytes(Sizes{L, h.segment_count}, h.fingerprint_bits) != s.size)
            throw corrupt("it is " + std::to_string(s.size) + " bytes long, but " + u64(h.segment_count + 2) +
                          " segments of " + u64(L) + " entries of " + std::to_string(h.fingerprint_bits) +
                          " bits take another length");
        return;
    }
    Sizes sz = sizes(h.keys, h.attempt);
    if (h.segment_length != sz.segment_length)
        throw corrupt("segment length " + u64(h.segment_length) + " does not match " + u64(h.keys) +
                      " keys, which need " + u64(sz.segment_length));
    if (h.segment_count != sz.segment_count)
        throw corrupt("segment count " + u64(h.segment_count) + " does not match " + u64(h.keys) +
                      " keys at attempt " + u64(h.attempt) + ", which need " + u64(sz.segment_count));
    uint128 expected = kHeaderSize + array_bytes(sz, h.fingerprint_bits);
    if (expected != s.size)
        throw corrupt("it is " + std::to_string(s.size) + " bytes long, but " + u64(sz.segment_count + 2) +
                      " segments of " + u64(sz.segment_length) + " entries of " +
                      std::to_string(h.fingerprint_bits) + " bits take " +
                      number_text(static_cast<double>(expected)) + " bytes with the header");
}

// The distinct keys of a key set or working state, ascending: a key set's own
// bytes, or a working state's hashes sorted and deduplicated into memory of its own.
// Sorts ascending. Many keys: a least significant digit radix sort, a byte a
// pass, polling every 64k keys (std::sort of 36 million keys would not poll for 3 s).
void sort_keys(std::vector<std::uint64_t>& keys) {
    if (keys.size() < (std::size_t(1) << 16)) {
        std::sort(keys.begin(), keys.end());
        return;
    }
    std::vector<std::uint64_t> scratch(keys.size());
    for (unsigned shift = 0; shift < 64; shift += 8) {
        std::size_t start[257] = {};
        for (std::size_t i = 0; i < keys.size(); i++) {
            poll_every(i);
            start[((keys[i] >> shift) & 0xFF) + 1]++;
        }
        if (std::find(start + 1, start + 257, keys.size()) != start + 257) continue;  // one digit: in order
        for (unsigned d = 1; d < 257; d++) start[d] += start[d - 1];
        for (std::size_t i = 0; i < keys.size(); i++) {
            poll_every(i);
            scratch[start[(keys[i] >> shift) & 0xFF]++] = keys[i];
        }
        keys.swap(scratch);
    }
}

std::vector<std::uint64_t> sorted_distinct(const Sketch& s) {
    std::vector<std::uint64_t> keys(static_cast<std::size_t>(s.header.keys));
    in_chunks(keys.size() * 8, [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin / 8; i < end / 8; i++) keys[i] = load_le64(s.payload() + 8 * i);
    });
    sort_keys(keys);
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    return keys;
}

class KeySet {
public:
    explicit KeySet(const Sketch& s) {
        if (s.header.form != kFormWorking) {
            bytes_ = s.payload();
            n_ = static_cast<std::size_t>(s.header.keys);
            return;
        }
        sorted_ = sorted_distinct(s);
        n_ = sorted_.size();
    }
    std::size_t size() const { return n_; }
    std::uint64_t operator[](std::size_t i) const { return bytes_ != nullptr ? load_le64(bytes_ + 8 * i) : sorted_[i]; }
    // The first index whose key is >= hash.
    std::size_t lower_bound(std::uint64_t hash) const {
        std::size_t lo = 0, hi = n_;
        while (lo < hi) {
            std::size_t mid = lo + (hi - lo) / 2;
            if ((*this)[mid] < hash) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

private:
    const std::uint8_t* bytes_ = nullptr;
    std::vector<std::uint64_t> sorted_;
    std::size_t n_ = 0;
};

// Runs fill, which writes new memory `out` and may poll (kInterrupted), giving out back if it throws.
template <class Fill>
void filling(Allocator& alloc, std::uint8_t* out, Fill&& fill) {
    try {
        fill();
    } catch (...) {
        alloc.deallocate(out);
        throw;
    }
}

Error key_set_too_large(std::uint64_t n) {
    return too_large("a fuse key set of " + u64(n) + " keys", key_set_bytes(n));
}

// A new key set like `like` (hash id, rate, seed) of n keys, kind k; the caller writes the keys.
std::uint8_t* new_key_set(Allocator& alloc, const Header& like, std::uint64_t n, std::uint16_t k) {
    if (n > kMaxKeys || !fits_new_value(key_set_bytes(n))) throw key_set_too_large(n);
    std::uint8_t* out = allocate_or_throw(alloc, static_cast<std::size_t>(kHeaderSize + 8 * n));
    Header h = like;
    h.form = kFormKeys;
    h.kind = k;
    h.keys = n;
    h.segment_length = h.segment_count = h.attempt = 0;
    write_header(out, h);
    return out;
}

// A working state like `like` with `slots` slots, holding keys[0..n) then hash (n + 1 <= slots).
Buffer new_working(Allocator& alloc, const Header& like, std::uint64_t slots, const std::vector<std::uint64_t>& keys,
                   std::uint64_t hash, std::uint16_t k) {
    std::size_t size = static_cast<std::size_t>(kHeaderSize + 8 * slots);
    std::uint8_t* out = allocate_or_throw(alloc, size);
    Header h = like;
    h.form = kFormWorking;
    h.kind = k;
    h.keys = keys.size() + 1;
    h.segment_length = h.segment_count = h.attempt = 0;
    write_header(out, h);
    std::uint8_t* p = out + kHeaderSize;
    for (std::size_t i = 0; i < keys.size(); i++) store_le64(p + 8 * i, keys[i]);
    store_le64(p + 8 * keys.size(), hash);
    std::memset(p + 8 * h.keys, 0, size - kHeaderSize - 8 * h.keys);
    return {out, size};
}

// The slots a working state grows to so that it holds `needed` keys with room to spare.
std::uint64_t grown_slots(std::uint64_t current, std::uint64_t needed) {
    if (needed > kMaxKeys) throw key_set_too_large(needed);
    std::uint64_t slots = std::max<std::uint64_t>({kMinSlots, 2 * current, 2 * needed});
    return std::min(slots, kMaxKeys);
}

std::string params_text(const Header& h) {
    return "false positive rate " + number_text(h.fpr) + ", seed " + u64(h.seed) + ", hash id " +
           std::to_string(h.hash_id);
}

Error filter_takes_no_keys() {
    return Error(ErrorKind::kInvalidParameter, "a built fuse filter cannot take more keys",
                 "Add the keys to the key set it was built from, then build that again.");
}

// The peeling of FORMAT.md 12: for each attempt a, the keys' three entries are
// counted; entries hit by one key are queued (ascending), and each key found
// alone in a queued entry is taken off, in FIFO order, into the peeling order.
// When every key comes off, the entries are assigned in reverse peeling order.
class Builder {
public:
    explicit Builder(const KeySet& keys) : keys_(keys) {}

    // True when attempt a peels every key; then queue_[0..n) is the peeling order.
    bool peel(std::uint64_t a, const Sizes& sz) {
        std::uint64_t n = keys_.size(), L = sz.segment_length, C = sz.segment_count;
        std::uint64_t entries = (C + 2) * L;
        if (entries > UINT32_MAX) throw std::length_error("fuse filter array too long to build");
        std::size_t N = static_cast<std::size_t>(entries);
        count_.assign(N, 0);
        xm_.assign(N, 0);
        queue_.resize(N);
        for (std::uint64_t i = 0; i < n; i++) {
            poll_every(i);
            std::uint64_t x = mix(keys_[static_cast<std::size_t>(i)], a);
            Positions ps = positions(x, L, C);
            for (std::uint64_t p : ps.p) {
                count_[p]++;
                xm_[p] ^= x;
            }
        }
        // Each entry is queued at most once: at the start with a count of 1,
        // or when its count falls from 2 to 1 (counts only fall). The peeling
        // order is written over the queue's popped part (taken <= head).
        std::size_t head = 0, tail = 0, taken = 0;
        for (std::size_t p = 0; p < N; p++)
            if (count_[p] == 1) queue_[tail++] = static_cast<std::uint32_t>(p);
        while (head < tail) {
            poll_every(head);
            std::uint32_t p = queue_[head++];
            if (count_[p] != 1) continue;
            std::uint64_t x = xm_[p];
            queue_[taken++] = p;
            Positions ps = positions(x, L, C);
            for (std::uint64_t q : ps.p) {
                count_[q]--;
                // xm_[p] keeps x (the format's xm[p] becomes 0, and no one reads it again): the assignment reads it.
                if (q == p) continue;
                xm_[q] ^= x;
                if (count_[q] == 1) queue_[tail++] = static_cast<std::uint32_t>(q);
            }
        }
        taken_ = taken;
        return taken == n;
    }

    // The entries after a successful peel, f bits each, into count_ (every count is 0 now).
    const std::vector<std::uint32_t>& assign(const Sizes& sz, unsigned f) {
        std::vector<std::uint32_t>& a = count_;
        for (std::size_t i = taken_; i-- > 0;) {
            poll_every(i);
            std::uint32_t p = queue_[i];
            std::uint64_t x = xm_[p];
            Positions ps = positions(x, sz.segment_length, sz.segment_count);
            // a[p] is 0 here: the xor of all three is fp ^ the other two.
            a[p] = fingerprint(x, f) ^ a[ps.p[0]] ^ a[ps.p[1]] ^ a[ps.p[2]];
        }
        return a;
    }

private:
    const KeySet& keys_;
    std::vector<std::uint32_t> count_;
    std::vector<std::uint64_t> xm_;
    std::vector<std::uint32_t> queue_;
    std::size_t taken_ = 0;
};

// Packs entries of f bits, least significant bit first, pad bits 0.
void pack(std::uint8_t* out, std::size_t bytes, const std::vector<std::uint32_t>& entries, unsigned f) {
    std::uint64_t acc = 0;
    unsigned bits = 0;
    std::size_t at = 0;
    for (std::size_t i = 0; i < entries.size(); i++) {
        acc |= static_cast<std::uint64_t>(entries[i]) << bits;
        bits += f;
        if (bits >= 32) {
            store_le32(out + at, static_cast<std::uint32_t>(acc));
            at += 4;
            acc >>= 32;
            bits -= 32;
        }
    }
    while (at < bytes) {
        out[at++] = static_cast<std::uint8_t>(acc);
        acc >>= 8;
    }
}

}  // namespace

void check_fpr(double fpr) {
    if (!(fpr > 0.0 && fpr < 1.0))
        throw Error(ErrorKind::kInvalidParameter,
                    "fuse filter false positive rate must be between 0 and 1, exclusive, not " + number_text(fpr));
    if (!(fpr >= kMinFpr))
        throw Error(ErrorKind::kInvalidParameter,
                    "fuse filter false positive rate " + number_text(fpr) + " is below the smallest supported, " +
                        number_text(kMinFpr) + " (2^-32)",
                    "", Reason::kRateTooSmall);
}

unsigned fingerprint_bits(double fpr) {
    unsigned f = kMinFingerprintBits;
    while (f < kMaxFingerprintBits && !(std::ldexp(fpr, static_cast<int>(f)) >= 1.0)) f++;
    return f;
}

Sizes sizes(std::uint64_t n, std::uint64_t attempt) {
    unsigned b = 64 - static_cast<unsigned>(__builtin_clzll(n));
    unsigned s = std::min(kMaxSegmentLengthBits, 2 + (4 * b) / 7);
    std::uint64_t L = UINT64_C(1) << s;
    uint128 nn = n;
    uint128 cap = (9 * nn + 7) / 8;
    if (b > 1) cap = std::max(cap, (7 * nn + 7) / 8 + (5 * nn + (b - 2)) / (b - 1));
    uint128 segments = (cap + L - 1) / L;
    uint128 C = (segments > 3 ? segments - 2 : 1) + attempt / 4;
    return Sizes{L, static_cast<std::uint64_t>(C)};
}

double key_set_bytes(std::uint64_t n) { return static_cast<double>(kHeaderSize) + 8.0 * static_cast<double>(n); }

double filter_bytes(const Sizes& sz, unsigned f) {
    return static_cast<double>(kHeaderSize + array_bytes(sz, f));
}

Sketch parse_header(const std::uint8_t* data, std::size_t size) {
    Sketch s = read_header(data, size, false);
    const Header& h = s.header;
    if (!(h.fpr >= kMinFpr && h.fpr < 1.0))
        throw corrupt("false positive rate " + number_text(h.fpr) + " is not in [2^-32, 1)");
    unsigned f = fingerprint_bits(h.fpr);
    if (h.fingerprint_bits != f)
        throw corrupt("fingerprint bits " + std::to_string(h.fingerprint_bits) + " do not match false positive rate " +
                      number_text(h.fpr) + ", which needs " + std::to_string(f));
    std::uint64_t reserved = load_le64(data + kOffReserved);
    if (reserved != 0) throw corrupt("reserved field (bytes 56-63) is " + u64(reserved) + ", not 0");
    check_shape(s, true);
    return s;
}

Sketch parse(const std::uint8_t* data, std::size_t size) {
    Sketch s = parse_header(data, size);
    const Header& h = s.header;
    if (h.form == kFormKeys) {
        const std::uint8_t* p = s.payload();
        for (std::uint64_t i = 1; i < h.keys; i++) {
            poll_every(i);
            if (!(load_le64(p + 8 * (i - 1)) < load_le64(p + 8 * i)))
                throw corrupt("hash " + u64(i) + " is not greater than the one before (a key set's hashes are " +
                              "strictly ascending)");
        }
    } else if (h.keys != 0) {
        uint128 bits = static_cast<uint128>(entry_count(h)) * h.fingerprint_bits;
        unsigned pad = static_cast<unsigned>(bits & 7);
        if (pad != 0 && (data[size - 1] >> pad) != 0) throw corrupt("pad bits past the last entry are set");
    }
    return s;
}

Sketch parse_trusted(const std::uint8_t* data, std::size_t size) {
    Sketch s = read_header(data, size, true);
    const Header& h = s.header;
    if (h.fingerprint_bits < kMinFingerprintBits || h.fingerprint_bits > kMaxFingerprintBits)
        throw corrupt("fingerprint bits " + std::to_string(h.fingerprint_bits) + " are outside " +
                      std::to_string(kMinFingerprintBits) + ".." + std::to_string(kMaxFingerprintBits));
    check_shape(s, false);
    return s;
}

Buffer make_empty_keys(Allocator& alloc, double fpr, std::uint64_t seed) {
    check_fpr(fpr);
    Header h{kHashId, kFormKeys, static_cast<std::uint8_t>(fingerprint_bits(fpr)), kind::kNone, seed, fpr, 0, 0, 0, 0};
    return {new_key_set(alloc, h, 0, kind::kNone), kHeaderSize};
}

void check_state_parameters(const std::uint8_t* data, std::size_t size, double fpr, std::uint64_t seed) {
    Header h = parse_trusted(data, size).header;
    if (h.fpr == fpr && h.seed == seed) return;
    throw parameters_changed("fuse filter", "false positive rate " + number_text(h.fpr) + ", seed " + u64(h.seed),
                             number_text(fpr) + ", " + u64(seed));
}

Buffer add_hash(std::uint8_t* data, std::size_t size, std::uint64_t hash, bool in_place, Allocator& alloc,
                std::uint16_t added_kind) {
    Sketch s = parse_trusted(data, size);
    const Header& h = s.header;
    if (h.form == kFormFilter) throw filter_takes_no_keys();
    std::uint16_t k = kind::after_add(h.kind, h.keys == 0, added_kind);
    if (!in_place) {
        KeySet keys(s);
        std::size_t at = keys.lower_bound(hash);
        bool present = at < keys.size() && keys[at] == hash;
        if (present && h.form == kFormKeys && k == h.kind) return {data, size};
        std::uint64_t n = keys.size() + (present ? 0 : 1);
        std::uint8_t* out = new_key_set(alloc, h, n, k);
        std::uint8_t* p = out + kHeaderSize;
        std::size_t j = 0;
        for (std::size_t i = 0; i < keys.size(); i++) {
            if (i == at && !present) store_le64(p + 8 * j++, hash);
            store_le64(p + 8 * j++, keys[i]);
        }
        if (at == keys.size() && !present) store_le64(p + 8 * j++, hash);
        return {out, static_cast<std::size_t>(kHeaderSize + 8 * n)};
    }
    std::uint8_t* payload = data + kHeaderSize;
    if (h.form == kFormWorking) {
        std::uint64_t slots = (size - kHeaderSize) / 8;
        if (h.keys < slots) {
            store_le64(payload + 8 * h.keys, hash);
            store_le64(data + kOffKeys, h.keys + 1);
            kind::write(data, k, kV1Bytes67);
            return {data, size};
        }
        // Full: its distinct keys, written back in place when they leave half the
        // room (and room for the new one: a state of no slots has none).
        std::vector<std::uint64_t> keys = sorted_distinct(s);
        if (2 * keys.size() <= slots && keys.size() < slots) {
            for (std::size_t i = 0; i < keys.size(); i++) store_le64(payload + 8 * i, keys[i]);
            store_le64(payload + 8 * keys.size(), hash);
            store_le64(data + kOffKeys, keys.size() + 1);
            kind::write(data, k, kV1Bytes67);
            return {data, size};
        }
        return new_working(alloc, h, grown_slots(slots, keys.size() + 1), keys, hash, k);
    }
    std::uint64_t slots = grown_slots(0, h.keys + 1);
    std::vector<std::uint64_t> keys(static_cast<std::size_t>(h.keys));
    for (std::size_t i = 0; i < keys.size(); i++) keys[i] = load_le64(payload + 8 * i);
    return new_working(alloc, h, slots, keys, hash, k);
}

Buffer canonical(const std::uint8_t* data, std::size_t size, Allocator& alloc) {
    Sketch s = parse_trusted(data, size);
    if (s.header.form != kFormWorking) return {const_cast<std::uint8_t*>(data), size};
    KeySet keys(s);
    std::uint8_t* out = new_key_set(alloc, s.header, keys.size(), s.header.kind);
    filling(alloc, out, [&] {
        in_chunks(keys.size() * 8, [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin / 8; i < end / 8; i++) store_le64(out + kHeaderSize + 8 * i, keys[i]);
        });
    });
    return {out, static_cast<std::size_t>(kHeaderSize + 8 * keys.size())};
}

Buffer merge(const std::uint8_t* left, std::size_t left_size, const std::uint8_t* right, std::size_t right_size,
             Allocator& alloc) {
    Sketch sa = parse_trusted(left, left_size), sb = parse_trusted(right, right_size);
    const Header &a = sa.header, &b = sb.header;
    if (a.form == kFormFilter || b.form == kFormFilter)
        throw Error(ErrorKind::kMismatch, "cannot union built fuse filters",
                    "A built filter takes no more keys: union the key sets the filters were built from, then "
                    "build the union.");
    if (a.hash_id != b.hash_id || a.seed != b.seed || a.fpr != b.fpr)
        throw Error(ErrorKind::kMismatch, "cannot combine fuse filters with different parameters",
                    "One has " + params_text(a) + "; the other has " + params_text(b) + ".",
                    Reason::kDifferentParameters, "false positive rate and seed");
    KeySet ka(sa), kb(sb);
    // Two passes over the merged order: its length, then its keys.
    auto walk = [&](auto&& emit) {
        std::size_t i = 0, j = 0, steps = 0;
        while (i < ka.size() || j < kb.size()) {
            poll_every(++steps);
            if (j == kb.size() || (i < ka.size() && ka[i] < kb[j])) {
                emit(ka[i++]);
            } else {
                if (i < ka.size() && ka[i] == kb[j]) i++;
                emit(kb[j++]);
            }
        }
    };
    std::uint64_t n = 0;
    walk([&](std::uint64_t) { n++; });
    std::uint8_t* out =
        new_key_set(alloc, a, n, kind::of_union(a.kind, ka.size() == 0, b.kind, kb.size() == 0));
    std::uint8_t* p = out + kHeaderSize;
    filling(alloc, out, [&] {
        walk([&](std::uint64_t key) {
            store_le64(p, key);
            p += 8;
        });
    });
    return {out, static_cast<std::size_t>(kHeaderSize + 8 * n)};
}

Buffer build(const std::uint8_t* data, std::size_t size, Allocator& alloc) {
    Sketch s = parse_trusted(data, size);
    if (s.header.form == kFormFilter) return {const_cast<std::uint8_t*>(data), size};
    Header h = s.header;
    h.form = kFormFilter;
    h.segment_length = h.segment_count = h.attempt = 0;
    unsigned f = h.fingerprint_bits;
    KeySet keys(s);
    h.keys = keys.size();
    if (h.keys == 0) {
        std::uint8_t* out = allocate_or_throw(alloc, kHeaderSize);
        write_header(out, h);
        return {out, kHeaderSize};
    }
    auto check_size = [&](const Sizes& sz) {
        double bytes = filter_bytes(sz, f);
        if (!fits_new_value(bytes))
            throw too_large("a fuse filter of " + u64(h.keys) + " keys at false positive rate " + number_text(h.fpr),
                            bytes);
    };
    check_size(sizes(h.keys, 0));  // before the work: later attempts are rare
    Builder builder(keys);
    for (std::uint64_t a = 0; a < kMaxAttempts; a++) {
        Sizes sz = sizes(h.keys, a);
        if (!builder.peel(a, sz)) continue;
        check_size(sz);
        const std::vector<std::uint32_t>& entries = builder.assign(sz, f);
        h.segment_length = sz.segment_length;
        h.segment_count = sz.segment_count;
        h.attempt = a;
        std::size_t array = static_cast<std::size_t>(array_bytes(sz, f));
        std::uint8_t* out = allocate_or_throw(alloc, kHeaderSize + array);
        write_header(out, h);
        pack(out + kHeaderSize, array, entries, f);
        return {out, kHeaderSize + array};
    }
    throw std::runtime_error("fuse filter construction failed after " + u64(kMaxAttempts) + " attempts");
}

namespace {

}  // namespace

void prepare_probe(const Sketch& s, ProbFuseProbe* probe) {
    const Header& h = s.header;
    *probe = ProbFuseProbe{h.seed,
                           h.form,
                           h.fingerprint_bits,
                           h.keys,
                           h.segment_length,
                           h.segment_count,
                           h.attempt,
                           s.payload(),
                           s.size - kHeaderSize};
}

bool contains_hash(const Sketch& s, std::uint64_t hash) {
    ProbFuseProbe probe;
    prepare_probe(s, &probe);
    return prob_fuse_probe_contains(&probe, hash);
}

// A filter's probes start the loads of the entries of the probe kAhead places on
// while they test the current one: three cache misses a probe in a large array.
void contains_hashes(const Sketch& s, const std::uint64_t* hashes, std::size_t count, bool* found) {
    const Header& h = s.header;
    if (h.form != kFormFilter || h.keys == 0) {
        ProbFuseProbe probe;
        prepare_probe(s, &probe);
        for (std::size_t i = 0; i < count; i++) found[i] = prob_fuse_probe_contains(&probe, hashes[i]);
        return;
    }
    ProbFuseProbe probe;
    prepare_probe(s, &probe);
    constexpr std::size_t kAhead = 8;
    std::uint64_t xs[kAhead];
    Positions ps[kAhead];
    auto start = [&](std::size_t i) {
        std::size_t slot = i % kAhead;
        xs[slot] = mix(hashes[i], h.attempt);
        ps[slot] = positions(xs[slot], h.segment_length, h.segment_count);
        for (std::uint64_t p : ps[slot].p) __builtin_prefetch(s.payload() + ((p * h.fingerprint_bits) >> 3));
    };
    for (std::size_t i = 0; i < count && i < kAhead; i++) start(i);
    for (std::size_t i = 0; i < count; i++) {
        std::size_t slot = i % kAhead;
        found[i] = prob_fuse_filter_has(&probe, xs[slot], ps[slot].p);
        if (i + kAhead < count) start(i + kAhead);
    }
}

Info info(const Sketch& s) {
    const Header& h = s.header;
    if (h.form == kFormWorking) throw corrupt("an aggregate's working state is not a value");
    double payload_bits = 8.0 * static_cast<double>(s.size - kHeaderSize);
    double n = static_cast<double>(h.keys);
    return Info{kind::version_for(h.kind),
                h.hash_id,
                h.kind,
                h.form,
                h.seed,
                h.fpr,
                h.fingerprint_bits,
                h.keys,
                h.segment_length,
                h.segment_count,
                h.attempt,
                h.form == kFormFilter ? entry_count(h) : 0,
                h.form == kFormFilter ? std::ldexp(1.0, -static_cast<int>(h.fingerprint_bits)) : std::ldexp(n, -64),
                h.keys == 0 ? 0.0 : payload_bits / n,
                s.size};
}

}  // namespace probabilistic::fuse
