#include "cuckoo.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "bloom.hpp"
#include "hash.hpp"
#include "header.hpp"

namespace probabilistic::cuckoo {
namespace {

__extension__ typedef unsigned __int128 uint128;

// Header byte offsets (see the format in cuckoo.hpp).
using header::kOffHashId;
using header::kOffTag;
constexpr std::size_t kOffLayout = 3, kOffFingerprintBits = 4,
                      kOffBucketSize = 5, kOffSeed = 8, kOffCapacity = 16, kOffFpr = 24,
                      kOffBucketCount = 32, kOffItems = 40;
constexpr std::uint64_t kGamma = UINT64_C(0x9E3779B97F4A7C15);

// Cuckoo filters came with hash id 2 (0.3.0): no value has another.
constexpr header::Type kHeaderType{"invalid cuckoo filter", kTypeTag, kHeaderSize, kHashId};

Error corrupt(const std::string& what) { return header::corrupt(kHeaderType, what); }

// The packed table of a value: entries of f bits, read and written in place.
class Table {
public:
    Table(std::uint8_t* bytes, std::size_t size, std::uint64_t bucket_count, unsigned f)
        : t_(bytes), size_(size), bucket_count_(bucket_count), f_(f), mask_((UINT64_C(1) << f) - 1) {}

    std::uint64_t bucket_count() const { return bucket_count_; }

    std::uint32_t get(std::uint64_t bucket, unsigned slot) const {
        std::uint64_t bit = (bucket * kBucketSize + slot) * f_;
        std::size_t byte = static_cast<std::size_t>(bit >> 3);
        std::uint64_t w;
        if (byte + 8 <= size_) {
            w = load_le64(t_ + byte);
        } else {
            w = 0;
            for (std::size_t k = 0; byte + k < size_; k++) w |= static_cast<std::uint64_t>(t_[byte + k]) << (8 * k);
        }
        return static_cast<std::uint32_t>((w >> (bit & 7)) & mask_);
    }

    void set(std::uint64_t bucket, unsigned slot, std::uint32_t fp) {
        std::uint64_t bit = (bucket * kBucketSize + slot) * f_;
        std::size_t byte = static_cast<std::size_t>(bit >> 3);
        unsigned shift = static_cast<unsigned>(bit & 7);
        std::uint64_t clear = mask_ << shift, value = static_cast<std::uint64_t>(fp) << shift;
        for (std::size_t k = 0; k * 8 < shift + f_; k++) {
            std::uint8_t m = static_cast<std::uint8_t>(clear >> (8 * k));
            t_[byte + k] = static_cast<std::uint8_t>((t_[byte + k] & ~m) | (static_cast<std::uint8_t>(value >> (8 * k)) & m));
        }
    }

    // The first slot of bucket holding fp, or -1.
    int find(std::uint64_t bucket, std::uint32_t fp) const {
        std::uint64_t w;
        if (bucket_word(bucket, &w)) {
            for (unsigned s = 0; s < kBucketSize; s++, w >>= f_)
                if ((w & mask_) == fp) return static_cast<int>(s);
            return -1;
        }
        for (unsigned s = 0; s < kBucketSize; s++)
            if (get(bucket, s) == fp) return static_cast<int>(s);
        return -1;
    }

    // A whole bucket in one load when it fits in 57 bits (f <= 14), as most do.
    bool bucket_word(std::uint64_t bucket, std::uint64_t* w) const {
        std::uint64_t bit = bucket * kBucketSize * f_;
        std::size_t byte = static_cast<std::size_t>(bit >> 3);
        if (4 * f_ > 57 || byte + 8 > size_) return false;
        *w = load_le64(t_ + byte) >> (bit & 7);
        return true;
    }

    unsigned count(std::uint64_t bucket, std::uint32_t fp) const {
        std::uint64_t w;
        if (bucket_word(bucket, &w)) {
            return ((w & mask_) == fp) + (((w >> f_) & mask_) == fp) + (((w >> (2 * f_)) & mask_) == fp) +
                   (((w >> (3 * f_)) & mask_) == fp);
        }
        unsigned n = 0;
        for (unsigned s = 0; s < kBucketSize; s++) n += get(bucket, s) == fp;
        return n;
    }

    void prefetch(std::uint64_t bucket) const {
        __builtin_prefetch(t_ + static_cast<std::size_t>((bucket * kBucketSize * f_) >> 3));
    }

private:
    std::uint8_t* t_;
    std::size_t size_;
    std::uint64_t bucket_count_;
    unsigned f_;
    std::uint64_t mask_;
};

Table table_of(std::uint8_t* data, const Header& h) {
    return Table(data + kHeaderSize, table_bytes(h.bucket_count, h.fingerprint_bits), h.bucket_count,
                 h.fingerprint_bits);
}

// splitmix64: the kick choices, reproducible from the value inserted and the table's state.
class Kicks {
public:
    explicit Kicks(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() { return bloom::fmix64(state_ += kGamma); }

private:
    std::uint64_t state_;
};

// Puts fp into bucket i1 or its alternate, kicking if both are full. On
// failure every swap is undone and false is returned: the table is as it was.
bool insert(Table& t, std::uint64_t i1, std::uint32_t fp, std::uint64_t kick_seed) {
    std::uint64_t i2 = alternate_bucket(i1, fp, t.bucket_count());
    int s = t.find(i1, 0);
    if (s >= 0) {
        t.set(i1, static_cast<unsigned>(s), fp);
        return true;
    }
    s = t.find(i2, 0);
    if (s >= 0) {
        t.set(i2, static_cast<unsigned>(s), fp);
        return true;
    }
    struct Swap {
        std::uint64_t bucket;
        unsigned slot;
        std::uint32_t old;
    };
    Swap log[kMaxKicks];
    Kicks rng(kick_seed);
    std::uint64_t bucket = (rng.next() & 1) ? i2 : i1;
    std::uint32_t carried = fp;
    for (unsigned n = 0; n < kMaxKicks; n++) {
        unsigned slot = static_cast<unsigned>(rng.next() & (kBucketSize - 1));
        std::uint32_t old = t.get(bucket, slot);
        t.set(bucket, slot, carried);
        log[n] = Swap{bucket, slot, old};
        carried = old;
        bucket = alternate_bucket(bucket, carried, t.bucket_count());
        s = t.find(bucket, 0);
        if (s >= 0) {
            t.set(bucket, static_cast<unsigned>(s), carried);
            return true;
        }
    }
    for (unsigned n = kMaxKicks; n-- > 0;) t.set(log[n].bucket, log[n].slot, log[n].old);
    return false;
}

Error full(const Header& h) {
    return Error(ErrorKind::kTooLarge, "cuckoo filter is full",
                 "It holds " + std::to_string(h.items) + " items in " + std::to_string(h.bucket_count) +
                     " buckets of " + std::to_string(kBucketSize) + " and no place was found for another after " +
                     std::to_string(kMaxKicks) + " moves; the filter is unchanged.",
                 Reason::kFull, std::to_string(h.capacity));
}

void set_items(std::uint8_t* data, std::uint64_t items) { store_le64(data + kOffItems, items); }

void copy_bytes(std::uint8_t* out, const std::uint8_t* data, std::size_t size) {
    in_chunks(size, [&](std::size_t begin, std::size_t end) { std::memcpy(out + begin, data + begin, end - begin); });
}

std::uint8_t* writable(std::uint8_t* data, std::size_t size, bool in_place, Allocator& alloc) {
    if (in_place) return data;
    std::uint8_t* out = allocate_or_throw(alloc, size);
    copy_bytes(out, data, size);
    return out;
}

std::string params_text(const Header& h) {
    return "capacity " + std::to_string(h.capacity) + ", false positive rate " + number_text(h.fpr) + ", seed " +
           std::to_string(h.seed) + ", hash id " + std::to_string(h.hash_id);
}

// Buckets per interrupt poll: about kInterruptChunkBytes of table.
std::uint64_t buckets_per_chunk(unsigned f) { return (kInterruptChunkBytes * 8) / (kBucketSize * f) + 1; }

}  // namespace

void check_parameters(long long capacity, double fpr) {
    if (capacity <= 0)
        throw Error(ErrorKind::kInvalidParameter,
                    "cuckoo filter capacity must be positive, not " + std::to_string(capacity));
    if (static_cast<unsigned long long>(capacity) > kMaxCapacity)
        throw Error(ErrorKind::kInvalidParameter, "cuckoo filter capacity " + std::to_string(capacity) +
                                                      " is above the limit of " + std::to_string(kMaxCapacity));
    if (!(fpr > 0.0 && fpr < 1.0))
        throw Error(ErrorKind::kInvalidParameter,
                    "cuckoo filter false positive rate must be between 0 and 1, exclusive, not " + number_text(fpr));
    if (!(std::ldexp(fpr, kMaxFingerprintBits) >= 8.0))
        throw Error(ErrorKind::kInvalidParameter,
                    "cuckoo filter false positive rate " + number_text(fpr) + " is below the smallest supported, " +
                        number_text(std::ldexp(8.0, -static_cast<int>(kMaxFingerprintBits))),
                    "", Reason::kRateTooSmall);
}

unsigned fingerprint_bits_for(double fpr) {
    unsigned f = kMinFingerprintBits;
    while (f < kMaxFingerprintBits && !(std::ldexp(fpr, static_cast<int>(f)) >= 8.0)) f++;
    return f;
}

std::uint64_t slack_for(std::uint64_t capacity) {
    // ceil(sqrt(capacity)) in integers, so every platform agrees.
    std::uint64_t r = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(capacity)));
    while (r > 0 && static_cast<uint128>(r) * r > capacity) r--;
    while (static_cast<uint128>(r + 1) * (r + 1) <= capacity) r++;
    if (static_cast<uint128>(r) * r < capacity) r++;
    return 2 * r + 4;
}

std::uint64_t bucket_count_for(std::uint64_t capacity) {
    uint128 slots = (static_cast<uint128>(capacity) + slack_for(capacity)) * kLoadDenominator;
    uint128 per_bucket = static_cast<uint128>(kLoadNumerator) * kBucketSize;
    return static_cast<std::uint64_t>((slots + per_bucket - 1) / per_bucket);
}

std::size_t table_bytes(std::uint64_t bucket_count, unsigned fingerprint_bits) {
    uint128 bits = static_cast<uint128>(bucket_count) * kBucketSize * fingerprint_bits;
    return static_cast<std::size_t>((bits + 7) / 8);
}

std::size_t empty_size(long long capacity, double fpr) {
    check_parameters(capacity, fpr);
    std::uint64_t buckets = bucket_count_for(static_cast<std::uint64_t>(capacity));
    unsigned f = fingerprint_bits_for(fpr);
    uint128 bits = static_cast<uint128>(buckets) * kBucketSize * f;
    uint128 bytes = kHeaderSize + (bits + 7) / 8;
    if (!fits_new_value(static_cast<double>(bytes)))
        throw too_large("a cuckoo filter for " + std::to_string(capacity) + " items at false positive rate " +
                            number_text(fpr),
                        static_cast<double>(bytes));
    return static_cast<std::size_t>(bytes);
}

std::uint32_t fingerprint(std::uint64_t hash, unsigned fingerprint_bits) {
    std::uint64_t low = hash & UINT64_C(0xFFFFFFFF);
    return static_cast<std::uint32_t>(1 + ((low * ((UINT64_C(1) << fingerprint_bits) - 1)) >> 32));
}

std::uint64_t first_bucket(std::uint64_t hash, std::uint64_t bucket_count) { return bloom::reduce(hash, bucket_count); }

std::uint64_t alternate_bucket(std::uint64_t bucket, std::uint32_t fp, std::uint64_t bucket_count) {
    std::uint64_t g = bloom::reduce(bloom::fmix64(fp), bucket_count);
    return g >= bucket ? g - bucket : g + (bucket_count - bucket);
}

namespace {

// What a format version 1 value holds at bytes 6-7: the sub-filter count of the one-table layout.
constexpr std::uint16_t kV1Subfilters = 1;

// The constant header fields and the values of the others.
Sketch read_header(const std::uint8_t* data, std::size_t size) {
    header::check(data, size, kHeaderType);
    if (data[kOffLayout] != kLayoutSingle)
        throw corrupt("unknown sub-filter layout " + std::to_string(data[kOffLayout]) + " (1 is one table)");
    if (data[kOffBucketSize] != kBucketSize)
        throw corrupt("bucket size " + std::to_string(data[kOffBucketSize]) + " is not " +
                      std::to_string(kBucketSize));
    // Version 1 stores the one-table layout's sub-filter count, 1, where version 2 stores the kind.
    std::uint16_t k = kind::read(data, kV1Subfilters, kHeaderType.invalid);
    Header h{data[kOffHashId],          data[kOffFingerprintBits],     load_le64(data + kOffSeed),
             load_le64(data + kOffCapacity), load_double(data + kOffFpr), load_le64(data + kOffBucketCount),
             load_le64(data + kOffItems),    k};
    return Sketch{h, data, size};
}

void check_length(const Sketch& s) {
    const Header& h = s.header;
    std::size_t size = s.size;
    uint128 expected = kHeaderSize + (static_cast<uint128>(h.bucket_count) * kBucketSize * h.fingerprint_bits + 7) / 8;
    if (expected != size)
        throw corrupt("it is " + std::to_string(size) + " bytes long, but " + std::to_string(h.bucket_count) +
                      " buckets of " + std::to_string(kBucketSize) + " entries of " +
                      std::to_string(h.fingerprint_bits) + " bits take " +
                      number_text(static_cast<double>(expected)) + " bytes with the header");
}

}  // namespace

Sketch parse_trusted(const std::uint8_t* data, std::size_t size) {
    Sketch s = read_header(data, size);
    const Header& h = s.header;
    if (h.fingerprint_bits < kMinFingerprintBits || h.fingerprint_bits > kMaxFingerprintBits)
        throw corrupt("fingerprint bits " + std::to_string(h.fingerprint_bits) + " are outside " +
                      std::to_string(kMinFingerprintBits) + ".." + std::to_string(kMaxFingerprintBits));
    if (h.bucket_count == 0) throw corrupt("bucket count is 0");
    check_length(s);
    return s;
}

Sketch parse_header(const std::uint8_t* data, std::size_t size) {
    Sketch s = read_header(data, size);
    const Header& h = s.header;
    if (h.capacity < 1 || h.capacity > kMaxCapacity)
        throw corrupt("capacity " + std::to_string(h.capacity) + " is outside 1.." + std::to_string(kMaxCapacity));
    if (!(h.fpr > 0.0 && h.fpr < 1.0) || !(std::ldexp(h.fpr, kMaxFingerprintBits) >= 8.0))
        throw corrupt("false positive rate " + number_text(h.fpr) + " is not between 8/2^32 and 1");
    unsigned f = fingerprint_bits_for(h.fpr);
    if (h.fingerprint_bits != f)
        throw corrupt("fingerprint bits " + std::to_string(h.fingerprint_bits) + " do not match false positive rate " +
                      number_text(h.fpr) + ", which needs " + std::to_string(f));
    std::uint64_t buckets = bucket_count_for(h.capacity);
    if (h.bucket_count != buckets)
        throw corrupt("bucket count " + std::to_string(h.bucket_count) + " does not match capacity " +
                      std::to_string(h.capacity) + ", which needs " + std::to_string(buckets));
    check_length(s);
    if (h.items > buckets * kBucketSize)
        throw corrupt("it claims " + std::to_string(h.items) + " items stored in " +
                      std::to_string(buckets * kBucketSize) + " entries");
    return s;
}

Sketch parse(const std::uint8_t* data, std::size_t size) {
    Sketch s = parse_header(data, size);
    const Header& h = s.header;
    Table t = table_of(const_cast<std::uint8_t*>(data), h);
    std::uint64_t used = 0, step = buckets_per_chunk(h.fingerprint_bits);
    for (std::uint64_t i = 0; i < h.bucket_count; i++) {
        if (i != 0 && i % step == 0) poll_interrupt();
        for (unsigned e = 0; e < kBucketSize; e++) used += t.get(i, e) != 0;
    }
    if (used != h.items)
        throw corrupt("it claims " + std::to_string(h.items) + " items stored, but " + std::to_string(used) +
                      " entries are in use");
    // A filter without items records no kind (FORMAT.md 2.5): its bytes are format version 1's.
    if (h.items == 0 && h.kind != kind::kNone)
        throw corrupt("an empty filter records a kind (" + kind::describe(h.kind) + "); empty filters record none");
    std::uint64_t bits = h.bucket_count * kBucketSize * h.fingerprint_bits;
    unsigned pad = static_cast<unsigned>(bits & 7);
    if (pad != 0 && (data[size - 1] >> pad) != 0)
        throw corrupt("pad bits past the last entry are set");
    return s;
}

void check_state_parameters(const std::uint8_t* data, std::size_t size, long long capacity, double fpr) {
    Header h = parse_trusted(data, size).header;
    if (h.capacity == static_cast<std::uint64_t>(capacity) && h.fpr == fpr) return;
    std::string first = "capacity " + std::to_string(h.capacity) + ", false positive rate " + number_text(h.fpr);
    std::string now = std::to_string(capacity) + ", " + number_text(fpr);
    throw Error(ErrorKind::kMismatch, "cuckoo filter parameters changed while building one filter",
                "It was started with " + first + ", then given " + now + ".", Reason::kParametersChanged, first, now);
}

Buffer make_empty(Allocator& alloc, long long capacity, double fpr, std::uint64_t seed) {
    std::size_t size = empty_size(capacity, fpr);
    std::uint8_t* out = allocate_or_throw(alloc, size);
    out[kOffTag] = kTypeTag;
    out[kOffHashId] = kHashId;
    out[kOffLayout] = kLayoutSingle;
    out[kOffFingerprintBits] = static_cast<std::uint8_t>(fingerprint_bits_for(fpr));
    out[kOffBucketSize] = kBucketSize;
    kind::write(out, kind::kNone, kV1Subfilters);
    store_le64(out + kOffSeed, seed);
    store_le64(out + kOffCapacity, static_cast<std::uint64_t>(capacity));
    store_double(out + kOffFpr, fpr);
    store_le64(out + kOffBucketCount, bucket_count_for(static_cast<std::uint64_t>(capacity)));
    store_le64(out + kOffItems, 0);
    std::uint8_t* table = out + kHeaderSize;
    in_chunks(size - kHeaderSize, [&](std::size_t begin, std::size_t end) {
        std::memset(table + begin, 0, end - begin);
    });
    return {out, size};
}

Buffer add_hash(std::uint8_t* data, std::size_t size, std::uint64_t hash, bool in_place, Allocator& alloc,
                std::uint16_t added_kind) {
    Header h = parse_trusted(data, size).header;
    std::uint8_t* out = writable(data, size, in_place, alloc);
    Table t = table_of(out, h);
    std::uint32_t fp = fingerprint(hash, h.fingerprint_bits);
    if (!insert(t, first_bucket(hash, h.bucket_count), fp, hash ^ h.items)) throw full(h);
    set_items(out, h.items + 1);
    kind::write(out, kind::after_add(h.kind, h.items == 0, added_kind), kV1Subfilters);
    return {out, size};
}

Buffer remove_hash(std::uint8_t* data, std::size_t size, std::uint64_t hash, bool in_place, Allocator& alloc) {
    Header h = parse_trusted(data, size).header;
    Table probe = table_of(data, h);
    std::uint32_t fp = fingerprint(hash, h.fingerprint_bits);
    std::uint64_t i1 = first_bucket(hash, h.bucket_count);
    std::uint64_t bucket = i1;
    int slot = probe.find(i1, fp);
    if (slot < 0) {
        bucket = alternate_bucket(i1, fp, h.bucket_count);
        slot = probe.find(bucket, fp);
    }
    if (slot < 0) return {data, size};
    std::uint8_t* out = writable(data, size, in_place, alloc);
    table_of(out, h).set(bucket, static_cast<unsigned>(slot), 0);
    set_items(out, h.items - 1);
    if (h.items == 1) kind::write(out, kind::kNone, kV1Subfilters);
    return {out, size};
}

bool contains_hash(const Sketch& s, std::uint64_t hash) { return count_hash(s, hash) > 0; }

unsigned count_hash(const Sketch& s, std::uint64_t hash) {
    const Header& h = s.header;
    Table t = table_of(const_cast<std::uint8_t*>(s.data), h);
    std::uint32_t fp = fingerprint(hash, h.fingerprint_bits);
    std::uint64_t i1 = first_bucket(hash, h.bucket_count);
    t.prefetch(i1);
    std::uint64_t i2 = alternate_bucket(i1, fp, h.bucket_count);
    t.prefetch(i2);
    return t.count(i1, fp) + (i2 != i1 ? t.count(i2, fp) : 0);
}

Buffer merge(const std::uint8_t* left, std::size_t left_size, const std::uint8_t* right, std::size_t right_size,
             Allocator& alloc) {
    Header a = parse_trusted(left, left_size).header;
    Header b = parse_trusted(right, right_size).header;
    if (a.hash_id != b.hash_id || a.seed != b.seed || a.capacity != b.capacity || a.fpr != b.fpr)
        throw Error(ErrorKind::kMismatch, "cannot combine cuckoo filters with different parameters",
                    "One has " + params_text(a) + "; the other has " + params_text(b) + ".",
                    Reason::kDifferentParameters, "capacity, false positive rate and seed");
    std::uint8_t* out = allocate_or_throw(alloc, left_size);
    copy_bytes(out, left, left_size);
    Table t = table_of(out, a);
    Table src = table_of(const_cast<std::uint8_t*>(right), b);
    std::uint64_t items = a.items, step = buckets_per_chunk(b.fingerprint_bits);
    for (std::uint64_t i = 0; i < b.bucket_count; i++) {
        if (i != 0 && i % step == 0) poll_interrupt();
        for (unsigned e = 0; e < kBucketSize; e++) {
            std::uint32_t fp = src.get(i, e);
            if (fp == 0) continue;
            if (items >= a.bucket_count * kBucketSize || !insert(t, i, fp, bloom::fmix64(i * kGamma + fp) ^ items)) {
                Header grown = a;
                grown.items = items;
                throw full(grown);
            }
            items++;
        }
    }
    set_items(out, items);
    kind::write(out, kind::of_union(a.kind, a.items == 0, b.kind, b.items == 0), kV1Subfilters);
    return {out, left_size};
}

double estimated_fpr(const Sketch& s) {
    const Header& h = s.header;
    double slots = static_cast<double>(h.bucket_count) * kBucketSize;
    double load = static_cast<double>(h.items) / slots;
    double per_entry = 1.0 / static_cast<double>((UINT64_C(1) << h.fingerprint_bits) - 1);
    // An absent value probes two buckets (one when they coincide, rare): 2b entries, each in use with p = load.
    return -std::expm1(2.0 * kBucketSize * load * std::log1p(-per_entry));
}

Info info(const Sketch& s) {
    const Header& h = s.header;
    double slots = static_cast<double>(h.bucket_count) * kBucketSize;
    return Info{kind::version_for(h.kind),
                h.hash_id,
                h.kind,
                h.seed,
                h.capacity,
                h.fpr,
                h.fingerprint_bits,
                kBucketSize,
                h.bucket_count,
                h.items,
                static_cast<double>(h.items) / slots,
                estimated_fpr(s),
                slots * h.fingerprint_bits / static_cast<double>(h.capacity),
                s.size};
}

}  // namespace probabilistic::cuckoo
