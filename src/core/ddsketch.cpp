#include "ddsketch.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "header.hpp"

namespace probabilistic::ddsketch {
namespace {

__extension__ typedef unsigned __int128 uint128;

// Header byte offsets (see the format in ddsketch.hpp).
constexpr std::size_t kOffFlags = 3, kOffPositiveWidth = 4, kOffNegativeWidth = 5, kOffReserved6 = 6,
                      kOffAlpha = 8, kOffMaxBuckets = 16, kOffSumLimbs = 20, kOffCount = 24, kOffZeroCount = 32,
                      kOffMin = 40, kOffMax = 48, kOffSumLow = 56, kOffPositiveLowest = 60,
                      kOffPositiveBuckets = 64, kOffNegativeLowest = 68, kOffNegativeBuckets = 72,
                      kOffReserved76 = 76;
constexpr std::uint8_t kFlagPositiveCollapsed = 1, kFlagNegativeCollapsed = 2, kFlagSumUnknown = 4;

// The cubic of the mapping: P(0) = 0, P(1) = 1, increasing on [0, 1].
constexpr double kA = 6.0 / 35.0, kB = -3.0 / 5.0, kC = kCubicC;

// The shared prefix check reads hash ids 0..kHashId; a ddsketch then requires 0.
constexpr header::Type kHeaderType{"invalid ddsketch value", kTypeTag, kHeaderSize, kNoHash};

Error corrupt(const std::string& what) { return header::corrupt(kHeaderType, what); }

double cubic(double s) { return ((kA * s + kB) * s + kC) * s; }

// l^-1(y) as (1 + s) * 2^e with s in [0, 1].
void inverse(double y, double* mantissa, int* exponent) {
    double e = std::floor(y);
    double t = y - e;
    double s = t;
    for (int i = 0; i < 8; i++) {
        double slope = (3.0 * kA * s + 2.0 * kB) * s + kC;
        s -= (cubic(s) - t) / slope;
        s = std::min(1.0, std::max(0.0, s));
    }
    *mantissa = 1.0 + s;
    *exponent = e > 2000.0 ? 2000 : e < -2000.0 ? -2000 : static_cast<int>(e);
}

std::uint64_t width_limit(unsigned width) {
    return width >= 8 ? UINT64_MAX : (UINT64_C(1) << (8 * width)) - 1;
}

unsigned width_for(std::uint64_t largest) {
    if (largest <= 0xFF) return 1;
    if (largest <= 0xFFFF) return 2;
    if (largest <= 0xFFFFFFFFu) return 4;
    return 8;
}

std::uint64_t load_count(const std::uint8_t* p, unsigned width) {
    switch (width) {
        case 1: return p[0];
        case 2: return load_le16(p);
        case 4: return load_le32(p);
        default: return load_le64(p);
    }
}

void store_count(std::uint8_t* p, unsigned width, std::uint64_t v) {
    switch (width) {
        case 1: p[0] = static_cast<std::uint8_t>(v); break;
        case 2: store_le16(p, static_cast<std::uint16_t>(v)); break;
        case 4: store_le32(p, static_cast<std::uint32_t>(v)); break;
        default: store_le64(p, v); break;
    }
}

std::int32_t load_i32(const std::uint8_t* p) { return static_cast<std::int32_t>(load_le32(p)); }

std::uint64_t add_count(std::uint64_t a, std::uint64_t b) {
    if (b > UINT64_MAX - a)
        throw Error(ErrorKind::kTooLarge, "ddsketch count would pass 2^64 - 1 values");
    return a + b;
}

// A double's exact value as +-m * 2^b, m odd (v finite, non-zero).
void split(double v, std::uint64_t* m, int* b) {
    int e;
    double f = std::frexp(std::fabs(v), &e);
    std::uint64_t mi = static_cast<std::uint64_t>(std::ldexp(f, 53));
    int bi = e - 53;
    int tz = __builtin_ctzll(mi);
    *m = mi >> tz;
    *b = bi + tz;
}

int floor_div64(int b) { return b >= 0 ? b / 64 : -((-b + 63) / 64); }

bool negative_limbs(const std::vector<std::uint64_t>& limbs) { return !limbs.empty() && (limbs.back() >> 63) != 0; }

// The limb that sign-extends a two's complement integer whose top limb is `top`.
std::uint64_t sign_limb(std::uint64_t top) { return (top >> 63) != 0 ? ~UINT64_C(0) : 0; }

// -x in two's complement, in place, over the limbs given.
void negate_limbs(std::uint64_t* limbs, std::size_t n) {
    std::uint64_t carry = 1;
    for (std::size_t i = 0; i < n; i++) {
        uint128 t = static_cast<uint128>(~limbs[i]) + carry;
        limbs[i] = static_cast<std::uint64_t>(t);
        carry = static_cast<std::uint64_t>(t >> 64);
    }
}

// Widens limbs (at low) to cover [new_low, new_high), sign-extending.
void widen(ExactSum& s, int new_low, int new_high) {
    if (s.limbs.empty()) s.low = new_low;
    std::uint64_t sign = s.limbs.empty() ? 0 : sign_limb(s.limbs.back());
    if (new_low < s.low) {
        s.limbs.insert(s.limbs.begin(), static_cast<std::size_t>(s.low - new_low), 0);
        s.low = new_low;
    }
    while (s.low + static_cast<int>(s.limbs.size()) < new_high) s.limbs.push_back(sign);
}

}  // namespace

void ExactSum::canonicalize() {
    std::size_t zeros = 0;
    while (zeros < limbs.size() && limbs[zeros] == 0) zeros++;
    limbs.erase(limbs.begin(), limbs.begin() + static_cast<std::ptrdiff_t>(zeros));
    low += static_cast<int>(zeros);
    while (limbs.size() >= 2) {
        std::uint64_t top = limbs.back(), next_sign = limbs[limbs.size() - 2] >> 63;
        if ((top == 0 && next_sign == 0) || (top == ~UINT64_C(0) && next_sign == 1))
            limbs.pop_back();
        else
            break;
    }
    if (limbs.empty()) low = 0;
}

void ExactSum::add(double v) {
    if (v == 0) return;
    std::uint64_t m;
    int b;
    split(v, &m, &b);
    int j = floor_div64(b);
    uint128 x = static_cast<uint128>(m) << (b - 64 * j);
    int high = limbs.empty() ? j + 3 : std::max(low + static_cast<int>(limbs.size()), j + 2) + 1;
    widen(*this, limbs.empty() ? j : std::min(low, j), high);
    std::size_t at = static_cast<std::size_t>(j - low);
    std::uint64_t parts[2] = {static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(x >> 64)};
    if (v > 0) {
        std::uint64_t carry = 0;
        for (std::size_t i = at; i < limbs.size(); i++) {
            std::uint64_t add = i - at < 2 ? parts[i - at] : 0;
            uint128 t = static_cast<uint128>(limbs[i]) + add + carry;
            limbs[i] = static_cast<std::uint64_t>(t);
            carry = static_cast<std::uint64_t>(t >> 64);
        }
    } else {
        std::uint64_t borrow = 0;
        for (std::size_t i = at; i < limbs.size(); i++) {
            std::uint64_t sub = i - at < 2 ? parts[i - at] : 0;
            uint128 t = static_cast<uint128>(limbs[i]) - sub - borrow;
            limbs[i] = static_cast<std::uint64_t>(t);
            borrow = static_cast<std::uint64_t>(t >> 64) != 0 ? 1 : 0;
        }
    }
    canonicalize();
}

void ExactSum::add(const ExactSum& other) {
    if (other.limbs.empty()) return;
    if (limbs.empty()) {
        *this = other;
        return;
    }
    int high = std::max(low + static_cast<int>(limbs.size()), other.low + static_cast<int>(other.limbs.size())) + 1;
    widen(*this, std::min(low, other.low), high);
    std::uint64_t sign = sign_limb(other.limbs.back());
    std::uint64_t carry = 0;
    for (std::size_t i = static_cast<std::size_t>(other.low - low); i < limbs.size(); i++) {
        std::size_t k = i - static_cast<std::size_t>(other.low - low);
        std::uint64_t add = k < other.limbs.size() ? other.limbs[k] : sign;
        uint128 t = static_cast<uint128>(limbs[i]) + add + carry;
        limbs[i] = static_cast<std::uint64_t>(t);
        carry = static_cast<std::uint64_t>(t >> 64);
    }
    canonicalize();
}

void ExactSum::add_product(double v, std::uint64_t n) {
    if (v == 0 || n == 0) return;
    std::uint64_t m;
    int b;
    split(v, &m, &b);
    // n * m < 2^117, shifted by b - 64 j < 64: three limbs of magnitude and a sign limb.
    int j = floor_div64(b);
    unsigned shift = static_cast<unsigned>(b - 64 * j);
    uint128 p = static_cast<uint128>(m) * n;
    ExactSum t;
    t.low = j;
    uint128 low_part = p << shift;
    t.limbs = {static_cast<std::uint64_t>(low_part), static_cast<std::uint64_t>(low_part >> 64),
               shift == 0 ? 0 : static_cast<std::uint64_t>(p >> (128 - shift)), 0};
    if (v < 0) negate_limbs(t.limbs.data(), t.limbs.size());
    add(t);
}

int ExactSum::sign() const { return limbs.empty() ? 0 : negative_limbs(limbs) ? -1 : 1; }

bool ExactSum::to_double(double* out) const {
    if (limbs.empty()) {
        *out = 0;
        return true;
    }
    bool neg = negative_limbs(limbs);
    std::vector<std::uint64_t> mag = limbs;
    if (neg) negate_limbs(mag.data(), mag.size());
    while (!mag.empty() && mag.back() == 0) mag.pop_back();
    // bits: the magnitude's length in bits from 2^(64 low).
    long bits = 64L * static_cast<long>(mag.size() - 1) + (64 - __builtin_clzll(mag.back()));
    std::uint64_t top;
    bool sticky = false;
    long base;  // the exponent of top's lowest bit, relative to 2^(64 low)
    if (bits <= 64) {
        top = mag[0] << (64 - bits);
        base = bits - 64;
    } else {
        long start = bits - 64;
        std::size_t si = static_cast<std::size_t>(start / 64);
        unsigned off = static_cast<unsigned>(start % 64);
        top = mag[si] >> off;
        if (off != 0) top |= mag[si + 1] << (64 - off);
        sticky = off != 0 && (mag[si] & ((UINT64_C(1) << off) - 1)) != 0;
        for (std::size_t i = 0; i < si && !sticky; i++) sticky = mag[i] != 0;
        base = start;
    }
    std::uint64_t m = top >> 11, rem = top & 0x7FF;
    if (rem > 0x400 || (rem == 0x400 && (sticky || (m & 1)))) m++;
    long exponent = base + 11 + 64L * low;
    if (exponent > 2000) return false;
    double v = std::ldexp(static_cast<double>(m), static_cast<int>(exponent));
    if (std::isinf(v)) return false;
    *out = neg ? -v : v;
    return true;
}

std::uint64_t Store::total() const {
    std::uint64_t t = 0;
    for (std::uint64_t c : counts) t = add_count(t, c);
    return t;
}

namespace {

// The store holding a's and b's buckets: [L, H] with L the lowest index, raised
// to H - max_buckets + 1 when the span is wider; buckets below L fold into L.
Store combined(const Store& a, const Store& b, std::uint32_t max_buckets) {
    if (a.empty()) return b;
    if (b.empty()) return a;
    std::int64_t high = std::max(a.highest(), b.highest());
    std::int64_t low = std::max<std::int64_t>(std::min(a.lowest, b.lowest), high - max_buckets + 1);
    Store out;
    out.lowest = static_cast<std::int32_t>(low);
    out.counts.assign(static_cast<std::size_t>(high - low + 1), 0);
    out.collapsed = a.collapsed || b.collapsed;
    for (const Store* s : {&a, &b}) {
        for (std::size_t i = 0; i < s->counts.size(); i++) {
            if (s->counts[i] == 0) continue;
            std::int64_t k = s->lowest + static_cast<std::int64_t>(i);
            if (k < low) {
                out.collapsed = true;
                k = low;
            }
            std::uint64_t& c = out.counts[static_cast<std::size_t>(k - low)];
            c = add_count(c, s->counts[i]);
        }
    }
    return out;
}

}  // namespace

void Store::add(std::int32_t index, std::uint64_t n, std::uint32_t max_buckets) {
    if (!empty() && index >= lowest && index <= highest()) {
        counts[static_cast<std::size_t>(index - lowest)] = add_count(counts[static_cast<std::size_t>(index - lowest)], n);
        return;
    }
    if (!empty() && index < lowest && collapsed) {
        counts[0] = add_count(counts[0], n);
        return;
    }
    Store one;
    one.lowest = index;
    one.counts.assign(1, n);
    *this = combined(*this, one, max_buckets);
}

void Store::add(const Store& other, std::uint32_t max_buckets) { *this = combined(*this, other, max_buckets); }

void check_parameters(double alpha, long long max_buckets) {
    if (!(alpha >= kMinAlpha && alpha <= kMaxAlpha))
        throw Error(ErrorKind::kInvalidParameter, "ddsketch relative accuracy must be between " +
                                                      number_text(kMinAlpha) + " and " + number_text(kMaxAlpha) +
                                                      ", not " + number_text(alpha));
    if (max_buckets < 1 || max_buckets > kMaxBuckets)
        throw Error(ErrorKind::kInvalidParameter, "ddsketch maximum bucket count must be between 1 and " +
                                                      std::to_string(kMaxBuckets) + ", not " +
                                                      std::to_string(max_buckets));
}

double multiplier(double alpha) { return 7.0 / (20.0 * alpha); }

std::int32_t index_of(double magnitude, double m) {
    int e;
    double f = std::frexp(magnitude, &e);
    double l = static_cast<double>(e - 1) + cubic(2.0 * f - 1.0);
    return static_cast<std::int32_t>(std::ceil(m * l));
}

double lower_edge(std::int32_t k, double m) { return upper_edge(k - 1, m); }

double upper_edge(std::int32_t k, double m) {
    double mant;
    int e;
    inverse(static_cast<double>(k) / m, &mant, &e);
    return std::ldexp(mant, e);
}

double representative(std::int32_t k, double m) {
    double m1, m2;
    int e1, e2;
    inverse(static_cast<double>(k - 1) / m, &m1, &e1);
    inverse(static_cast<double>(k) / m, &m2, &e2);
    double r = std::ldexp(m2 / m1, e2 - e1);
    return std::ldexp(m1 * (2.0 * r / (1.0 + r)), e1);
}

namespace {

struct Raw {
    double alpha;
    std::uint32_t max_buckets;
    std::uint8_t flags;
    unsigned width[2];  // positive, negative
    std::uint32_t limbs;
    std::int32_t sum_low;
    std::int32_t lowest[2];
    std::uint32_t buckets[2];
    std::uint64_t count, zero_count;
    double min, max;
    std::size_t sum_at, counts_at[2], size;
};

// The fields, and what keeps every read inside the bytes and the sum's limbs in range:
// all an add that changes one count in place needs (the per-row path).
Raw read_fields(const std::uint8_t* data, std::size_t size) {
    header::check(data, size, kHeaderType);
    if (data[1] != kFormatVersion)
        throw corrupt("format version " + std::to_string(data[1]) + " is not a ddsketch version (1)");
    if (data[2] != kNoHash)
        throw corrupt("hash id is " + std::to_string(data[2]) + ", expected 0 (a ddsketch hashes nothing)");
    Raw r;
    r.flags = data[kOffFlags];
    if ((r.flags & ~(kFlagPositiveCollapsed | kFlagNegativeCollapsed | kFlagSumUnknown)) != 0)
        throw corrupt("flags " + hex_byte(r.flags) + " set unknown bits");
    if (load_le16(data + kOffReserved6) != 0) throw corrupt("reserved bytes 6-7 are not zero");
    if (load_le32(data + kOffReserved76) != 0) throw corrupt("reserved bytes 76-79 are not zero");
    r.width[0] = data[kOffPositiveWidth];
    r.width[1] = data[kOffNegativeWidth];
    r.alpha = load_double(data + kOffAlpha);
    r.max_buckets = load_le32(data + kOffMaxBuckets);
    r.limbs = load_le32(data + kOffSumLimbs);
    r.count = load_le64(data + kOffCount);
    r.zero_count = load_le64(data + kOffZeroCount);
    r.min = load_double(data + kOffMin);
    r.max = load_double(data + kOffMax);
    r.sum_low = load_i32(data + kOffSumLow);
    r.lowest[0] = load_i32(data + kOffPositiveLowest);
    r.buckets[0] = load_le32(data + kOffPositiveBuckets);
    r.lowest[1] = load_i32(data + kOffNegativeLowest);
    r.buckets[1] = load_le32(data + kOffNegativeBuckets);
    if (!(r.alpha >= kMinAlpha && r.alpha <= kMaxAlpha))
        throw corrupt("relative accuracy " + number_text(r.alpha) + " is outside " + number_text(kMinAlpha) + ".." +
                      number_text(kMaxAlpha));
    if (r.max_buckets < 1 || r.max_buckets > kMaxBuckets)
        throw corrupt("maximum bucket count " + std::to_string(r.max_buckets) + " is outside 1.." +
                      std::to_string(kMaxBuckets));
    if (r.limbs > static_cast<std::uint32_t>(kMaxSumLimbs))
        throw corrupt("sum limb count " + std::to_string(r.limbs) + " is above " + std::to_string(kMaxSumLimbs));
    if ((r.flags & kFlagSumUnknown) != 0 && r.limbs != 0)
        throw corrupt("sum is marked unknown but has " + std::to_string(r.limbs) + " limbs");
    const char* names[2] = {"positive", "negative"};
    for (int i = 0; i < 2; i++) {
        if (r.buckets[i] > r.max_buckets)
            throw corrupt(std::string(names[i]) + " store has " + std::to_string(r.buckets[i]) +
                          " buckets, more than the maximum bucket count " + std::to_string(r.max_buckets));
        if (r.buckets[i] == 0 ? r.width[i] != 0
                              : !(r.width[i] == 1 || r.width[i] == 2 || r.width[i] == 4 || r.width[i] == 8))
            throw corrupt(std::string(names[i]) + " store's count width " + std::to_string(r.width[i]) +
                          (r.buckets[i] == 0 ? " is not 0 for an empty store" : " is not 1, 2, 4 or 8"));
    }
    std::size_t expected = kHeaderSize + 8 * static_cast<std::size_t>(r.limbs) +
                           static_cast<std::size_t>(r.buckets[0]) * r.width[0] +
                           static_cast<std::size_t>(r.buckets[1]) * r.width[1];
    if (size != expected)
        throw corrupt("it is " + std::to_string(size) + " bytes long, but its header describes " +
                      std::to_string(expected));
    // What keeps the operations inside their bounds: the sum's limbs and each store's
    // indexes in the ranges finite doubles reach.
    if (r.limbs == 0) {
        if (r.sum_low != 0) throw corrupt("sum is zero but its lowest limb is " + std::to_string(r.sum_low));
    } else if (r.sum_low < kMinSumLimb ||
               static_cast<std::int64_t>(r.sum_low) + r.limbs > kMinSumLimb + kMaxSumLimbs) {
        throw corrupt("sum limbs " + std::to_string(r.sum_low) + ".." +
                      std::to_string(static_cast<std::int64_t>(r.sum_low) + r.limbs - 1) + " are outside " +
                      std::to_string(kMinSumLimb) + ".." + std::to_string(kMinSumLimb + kMaxSumLimbs - 1));
    }
    r.sum_at = kHeaderSize;
    r.counts_at[0] = r.sum_at + 8 * static_cast<std::size_t>(r.limbs);
    r.counts_at[1] = r.counts_at[0] + static_cast<std::size_t>(r.buckets[0]) * r.width[0];
    r.size = size;
    return r;
}

// read_fields, and each store's indexes within the range finite doubles reach
// (what the operations that rebuild stores rely on).
Raw read_raw(const std::uint8_t* data, std::size_t size) {
    Raw r = read_fields(data, size);
    const char* names[2] = {"positive", "negative"};
    double m = multiplier(r.alpha);
    std::int32_t lo_index = index_of(std::ldexp(1.0, -1074), m), hi_index = index_of(1.7976931348623157e308, m);
    for (int i = 0; i < 2; i++) {
        std::int64_t last = static_cast<std::int64_t>(r.lowest[i]) + static_cast<std::int64_t>(r.buckets[i]) - 1;
        if (r.buckets[i] > 0 && (r.lowest[i] < lo_index || last > hi_index))
            throw corrupt(std::string(names[i]) + " store's indexes " + std::to_string(r.lowest[i]) + ".." +
                          std::to_string(last) + " are outside the finite doubles' " + std::to_string(lo_index) +
                          ".." + std::to_string(hi_index));
    }
    return r;
}

Sketch decode(const std::uint8_t* data, const Raw& r) {
    Sketch s;
    s.alpha = r.alpha;
    s.max_buckets = r.max_buckets;
    s.count = r.count;
    s.zero_count = r.zero_count;
    s.min = r.min;
    s.max = r.max;
    s.sum_unknown = (r.flags & kFlagSumUnknown) != 0;
    s.sum.low = r.sum_low;
    s.sum.limbs.resize(r.limbs);
    for (std::uint32_t i = 0; i < r.limbs; i++) s.sum.limbs[i] = load_le64(data + r.sum_at + 8 * i);
    Store* stores[2] = {&s.positive, &s.negative};
    for (int i = 0; i < 2; i++) {
        Store& st = *stores[i];
        st.lowest = r.lowest[i];
        st.collapsed = (r.flags & (i == 0 ? kFlagPositiveCollapsed : kFlagNegativeCollapsed)) != 0;
        st.counts.resize(r.buckets[i]);
        for (std::uint32_t k = 0; k < r.buckets[i]; k++)
            st.counts[k] = load_count(data + r.counts_at[i] + static_cast<std::size_t>(k) * r.width[i], r.width[i]);
    }
    return s;
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

void check_store(const Store& st, unsigned width, const char* name, const Sketch& s) {
    std::string n(name);
    if (st.empty()) {
        if (st.lowest != 0) throw corrupt(n + " store is empty but its lowest index is " + std::to_string(st.lowest));
        if (st.collapsed) throw corrupt(n + " store is empty but marked collapsed");
        return;
    }
    if (st.counts.front() == 0) throw corrupt(n + " store's first count is 0");
    if (st.counts.back() == 0) throw corrupt(n + " store's last count is 0");
    std::uint64_t largest = *std::max_element(st.counts.begin(), st.counts.end());
    if (width != width_for(largest))
        throw corrupt(n + " store's count width is " + std::to_string(width) + " but its largest count " +
                      std::to_string(largest) + " needs " + std::to_string(width_for(largest)));
    if (st.collapsed && st.counts.size() != s.max_buckets)
        throw corrupt(n + " store is marked collapsed but has " + std::to_string(st.counts.size()) +
                      " buckets, not the maximum " + std::to_string(s.max_buckets));
}

// An extreme (min or max) of magnitude |v| belongs to the store's bucket `k`,
// or, in a collapsed store's lowest bucket, to one folded into it.
void check_extreme(const char* what, double v, const Store& st, std::int32_t k, bool may_fold, double m) {
    std::int32_t at = index_of(std::fabs(v), m);
    if (at == k || (may_fold && st.collapsed && at < k)) return;
    throw corrupt(std::string(what) + " " + number_text(v) + " is in bucket " + std::to_string(at) + ", not in " +
                  std::to_string(k));
}

}  // namespace

Sketch parse_trusted(const std::uint8_t* data, std::size_t size) { return decode(data, read_raw(data, size)); }

void parameters_of(const std::uint8_t* data, std::size_t size, double* alpha, std::uint32_t* max_buckets) {
    Raw r = read_raw(data, size);
    *alpha = r.alpha;
    *max_buckets = r.max_buckets;
}

Sketch parse(const std::uint8_t* data, std::size_t size) {
    Raw r = read_raw(data, size);
    Sketch s = decode(data, r);
    double m = multiplier(s.alpha);
    check_store(s.positive, r.width[0], "positive", s);
    check_store(s.negative, r.width[1], "negative", s);
    // Counts that add up past 2^64 - 1 are corrupt bytes, not a request too large.
    std::uint64_t total = s.zero_count;
    for (const Store* store : {&s.positive, &s.negative})
        for (std::uint64_t c : store->counts) {
            if (c > UINT64_MAX - total) throw corrupt("the zero count and buckets hold more than 2^64 - 1 values");
            total += c;
        }
    if (total != s.count)
        throw corrupt("count is " + std::to_string(s.count) + " but the zero count and buckets hold " +
                      std::to_string(total));
    // The sum.
    if (r.limbs > 0) {
        ExactSum c = s.sum;
        c.canonicalize();
        if (c.limbs.size() != s.sum.limbs.size())
            throw corrupt("sum is not in its fewest limbs (lowest limb zero or highest a sign extension)");
        if (s.count == 0) throw corrupt("sum is not zero in an empty sketch");
    }
    if (s.sum_unknown && s.count == 0) throw corrupt("an empty sketch's sum is marked unknown");
    if (s.count > 0 && !s.sum_unknown && std::isfinite(s.min) && std::isfinite(s.max)) {
        // The sum lies between count * min and count * max, exactly (a min or max not
        // finite is refused below; count * ±inf bounds nothing).
        ExactSum above_low = s.sum, above_high = s.sum;
        above_low.add_product(-s.min, s.count);
        above_high.add_product(-s.max, s.count);
        if (above_low.sign() < 0 || above_high.sign() > 0) throw corrupt("sum is outside count * min .. count * max");
    }
    if (s.count == 0) {
        if (!same_bits(s.min, 0.0) || !same_bits(s.max, 0.0))
            throw corrupt("min and max of an empty sketch are " + number_text(s.min) + " and " + number_text(s.max) +
                          ", not 0");
        return s;
    }
    if (!std::isfinite(s.min) || !std::isfinite(s.max) || !(s.min <= s.max))
        throw corrupt("min " + number_text(s.min) + " and max " + number_text(s.max) + " are not finite and ordered");
    if (same_bits(s.min, -0.0) || same_bits(s.max, -0.0)) throw corrupt("min or max is -0 (stored as 0)");
    // min: in the negative store's highest bucket, else zero, else the positive store's lowest.
    if (!s.negative.empty()) {
        if (!(s.min < 0)) throw corrupt("min " + number_text(s.min) + " is not negative, but negative values are held");
        check_extreme("min", s.min, s.negative, s.negative.highest(), false, m);
    } else if (s.zero_count > 0) {
        if (s.min != 0) throw corrupt("min " + number_text(s.min) + " is not 0, but zeros and no negative value are held");
    } else {
        if (!(s.min > 0)) throw corrupt("min " + number_text(s.min) + " is not positive, but only positive values are held");
        check_extreme("min", s.min, s.positive, s.positive.lowest, true, m);
    }
    if (!s.positive.empty()) {
        if (!(s.max > 0)) throw corrupt("max " + number_text(s.max) + " is not positive, but positive values are held");
        check_extreme("max", s.max, s.positive, s.positive.highest(), false, m);
    } else if (s.zero_count > 0) {
        if (s.max != 0) throw corrupt("max " + number_text(s.max) + " is not 0, but zeros and no positive value are held");
    } else {
        if (!(s.max < 0)) throw corrupt("max " + number_text(s.max) + " is not negative, but only negative values are held");
        check_extreme("max", s.max, s.negative, s.negative.lowest, true, m);
    }
    return s;
}

void validate(const std::uint8_t* data, std::size_t size) { (void) parse(data, size); }

std::size_t encoded_size(const Sketch& s) {
    std::size_t n = kHeaderSize + 8 * s.sum.limbs.size();
    for (const Store* st : {&s.positive, &s.negative})
        if (!st->empty())
            n += st->counts.size() * width_for(*std::max_element(st->counts.begin(), st->counts.end()));
    return n;
}

Buffer encode(const Sketch& s, Allocator& alloc) {
    std::size_t size = encoded_size(s);
    std::uint8_t* out = allocate_or_throw(alloc, size);
    std::memset(out, 0, kHeaderSize);
    out[header::kOffTag] = kTypeTag;
    out[header::kOffVersion] = kFormatVersion;
    out[header::kOffHashId] = kNoHash;
    out[kOffFlags] = static_cast<std::uint8_t>((s.positive.collapsed ? kFlagPositiveCollapsed : 0) |
                                               (s.negative.collapsed ? kFlagNegativeCollapsed : 0) |
                                               (s.sum_unknown ? kFlagSumUnknown : 0));
    store_double(out + kOffAlpha, s.alpha);
    store_le32(out + kOffMaxBuckets, s.max_buckets);
    store_le32(out + kOffSumLimbs, static_cast<std::uint32_t>(s.sum.limbs.size()));
    store_le64(out + kOffCount, s.count);
    store_le64(out + kOffZeroCount, s.zero_count);
    store_double(out + kOffMin, s.min);
    store_double(out + kOffMax, s.max);
    store_le32(out + kOffSumLow, static_cast<std::uint32_t>(s.sum.low));
    std::size_t at = kHeaderSize;
    for (std::uint64_t limb : s.sum.limbs) {
        store_le64(out + at, limb);
        at += 8;
    }
    const Store* stores[2] = {&s.positive, &s.negative};
    const std::size_t width_at[2] = {kOffPositiveWidth, kOffNegativeWidth},
                      lowest_at[2] = {kOffPositiveLowest, kOffNegativeLowest},
                      buckets_at[2] = {kOffPositiveBuckets, kOffNegativeBuckets};
    for (int i = 0; i < 2; i++) {
        const Store& st = *stores[i];
        if (st.empty()) continue;
        unsigned w = width_for(*std::max_element(st.counts.begin(), st.counts.end()));
        out[width_at[i]] = static_cast<std::uint8_t>(w);
        store_le32(out + lowest_at[i], static_cast<std::uint32_t>(st.lowest));
        store_le32(out + buckets_at[i], static_cast<std::uint32_t>(st.counts.size()));
        for (std::uint64_t c : st.counts) {
            store_count(out + at, w, c);
            at += w;
        }
    }
    return {out, size};
}

Buffer make_empty(Allocator& alloc, double alpha, long long max_buckets) {
    check_parameters(alpha, max_buckets);
    Sketch s;
    s.alpha = alpha;
    s.max_buckets = static_cast<std::uint32_t>(max_buckets);
    return encode(s, alloc);
}

void check_state_parameters(const std::uint8_t* data, std::size_t size, double alpha, long long max_buckets) {
    double a;
    std::uint32_t b;
    parameters_of(data, size, &a, &b);
    if (a == alpha && static_cast<long long>(b) == max_buckets) return;
    std::string first = "relative accuracy " + number_text(a) + ", maximum bucket count " + std::to_string(b);
    std::string now = number_text(alpha) + ", " + std::to_string(max_buckets);
    throw Error(ErrorKind::kMismatch, "ddsketch parameters changed while building one sketch",
                "It was started with " + first + ", then given " + now + ".", Reason::kParametersChanged, first, now);
}

void check_value(double v) {
    if (std::isnan(v))
        throw Error(ErrorKind::kInvalidParameter, "a ddsketch cannot hold NaN",
                    "Quantiles of values that include NaN have no meaning; leave the NaN values out.");
    if (std::isinf(v))
        throw Error(ErrorKind::kInvalidParameter,
                    std::string("a ddsketch cannot hold ") + (v > 0 ? "Infinity" : "-Infinity"),
                    "Only finite values are held; leave infinities out or map them to a finite bound.");
}

void add(Sketch& s, double v) {
    check_value(v);
    s.count = add_count(s.count, 1);
    if (v == 0) {
        v = 0.0;  // -0 is held as 0
        s.zero_count++;
    } else {
        Store& st = v > 0 ? s.positive : s.negative;
        st.add(index_of(std::fabs(v), multiplier(s.alpha)), 1, s.max_buckets);
        if (!s.sum_unknown) s.sum.add(v);
    }
    if (s.count == 1) {
        s.min = s.max = v;
    } else {
        s.min = std::min(s.min, v);
        s.max = std::max(s.max, v);
    }
}

namespace {

// The sum of a value's limbs plus v, in place, when its limb range and fewest-limbs form do not change.
bool add_sum_in_place(std::uint8_t* limbs_at, std::uint32_t nlimbs, std::int32_t low, double v) {
    if (v == 0) return true;
    if (nlimbs == 0) return false;
    std::uint64_t m;
    int b;
    split(v, &m, &b);
    int j = floor_div64(b);
    if (j < low) return false;
    std::size_t at = static_cast<std::size_t>(j - low);
    uint128 x = static_cast<uint128>(m) << (b - 64 * j);
    std::uint64_t parts[2] = {static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(x >> 64)};
    if (at >= nlimbs || (at + 1 >= nlimbs && parts[1] != 0)) return false;
    // The arithmetic runs one limb wider than the value, its top limb the sign
    // extension: a carry or borrow out of the value's top limb lands there, and
    // the sum fits in place only if that limb is still the sign extension.
    std::uint64_t limbs[kMaxSumLimbs + 1];
    for (std::uint32_t i = 0; i < nlimbs; i++) limbs[i] = load_le64(limbs_at + 8 * i);
    limbs[nlimbs] = sign_limb(limbs[nlimbs - 1]);
    std::uint64_t carry = 0;
    for (std::size_t i = at; i <= nlimbs; i++) {
        std::uint64_t part = i - at < 2 ? parts[i - at] : 0;
        uint128 t = v > 0 ? static_cast<uint128>(limbs[i]) + part + carry : static_cast<uint128>(limbs[i]) - part - carry;
        limbs[i] = static_cast<std::uint64_t>(t);
        carry = static_cast<std::uint64_t>(t >> 64) != 0 ? 1 : 0;
    }
    if (limbs[nlimbs] != sign_limb(limbs[nlimbs - 1])) return false;
    if (limbs[0] == 0) return false;
    if (nlimbs >= 2) {
        std::uint64_t top = limbs[nlimbs - 1], next_sign = limbs[nlimbs - 2] >> 63;
        if ((top == 0 && next_sign == 0) || (top == ~UINT64_C(0) && next_sign == 1)) return false;
    }
    for (std::uint32_t i = 0; i < nlimbs; i++) store_le64(limbs_at + 8 * i, limbs[i]);
    return true;
}

}  // namespace

Buffer add(std::uint8_t* data, std::size_t size, double v, bool in_place, Allocator& alloc) {
    check_value(v);
    Raw r = read_fields(data, size);
    if (in_place && r.count < UINT64_MAX) {
        std::uint8_t* slot = nullptr;
        unsigned width = 0;
        std::uint64_t c = 0;
        bool fits = true;
        if (v != 0) {
            int i = v > 0 ? 0 : 1;
            std::int32_t k = index_of(std::fabs(v), multiplier(r.alpha));
            std::int64_t pos = -1;
            bool collapsed = (r.flags & (i == 0 ? kFlagPositiveCollapsed : kFlagNegativeCollapsed)) != 0;
            if (r.buckets[i] > 0 && k >= r.lowest[i] &&
                static_cast<std::int64_t>(k) < static_cast<std::int64_t>(r.lowest[i]) + r.buckets[i])
                pos = k - r.lowest[i];
            else if (r.buckets[i] > 0 && k < r.lowest[i] && collapsed)
                pos = 0;
            width = r.width[i];
            if (pos >= 0) {
                slot = data + r.counts_at[i] + static_cast<std::size_t>(pos) * width;
                c = load_count(slot, width);
                fits = c < width_limit(width);
            } else {
                fits = false;
            }
        }
        if (fits && add_sum_in_place(data + r.sum_at, r.limbs, r.sum_low, v)) {
            if (slot != nullptr) store_count(slot, width, c + 1);
            if (v == 0) {
                v = 0.0;
                store_le64(data + kOffZeroCount, r.zero_count + 1);
            }
            store_le64(data + kOffCount, r.count + 1);
            if (r.count == 0 || v < r.min) store_double(data + kOffMin, v);
            if (r.count == 0 || v > r.max) store_double(data + kOffMax, v);
            return {data, size};
        }
    }
    Sketch s = parse_trusted(data, size);
    add(s, v);
    return encode(s, alloc);
}

void merge(Sketch& into, const Sketch& other) {
    if (into.alpha != other.alpha || into.max_buckets != other.max_buckets)
        throw Error(ErrorKind::kMismatch, "cannot combine ddsketch values with different parameters",
                    "One has relative accuracy " + number_text(into.alpha) + " and maximum bucket count " +
                        std::to_string(into.max_buckets) + "; the other " + number_text(other.alpha) + " and " +
                        std::to_string(other.max_buckets) + ".",
                    Reason::kDifferentParameters, "relative accuracy and maximum bucket count");
    if (other.count == 0) return;
    std::uint64_t count = add_count(into.count, other.count);
    if (into.count == 0) {
        into.min = other.min;
        into.max = other.max;
    } else {
        into.min = std::min(into.min, other.min);
        into.max = std::max(into.max, other.max);
    }
    into.count = count;
    into.zero_count += other.zero_count;
    into.sum_unknown = into.sum_unknown || other.sum_unknown;
    if (into.sum_unknown)
        into.sum = ExactSum();
    else
        into.sum.add(other.sum);
    into.positive.add(other.positive, into.max_buckets);
    into.negative.add(other.negative, into.max_buckets);
}

Buffer merge(const std::uint8_t* left, std::size_t left_size, const std::uint8_t* right, std::size_t right_size,
             Allocator& alloc) {
    Sketch a = parse_trusted(left, left_size);
    merge(a, parse_trusted(right, right_size));
    return encode(a, alloc);
}

namespace {

void check_q(double q) {
    if (!(q >= 0.0 && q <= 1.0))
        throw Error(ErrorKind::kInvalidParameter, "quantile " + number_text(q) + " is not between 0 and 1");
}

// The estimate of the value at 0-based position p (p < count), clamped to [min, max];
// the first and last positions are min and max exactly.
double value_at(const Sketch& s, std::uint64_t p) {
    if (p == 0) return s.min;
    if (p == s.count - 1) return s.max;
    double m = multiplier(s.alpha);
    std::uint64_t before = 0;
    double v = 0;
    bool found = false;
    for (std::size_t i = s.negative.counts.size(); i-- > 0 && !found;) {
        before += s.negative.counts[i];
        if (p < before) {
            v = -representative(s.negative.lowest + static_cast<std::int32_t>(i), m);
            found = true;
        }
    }
    if (!found) {
        before += s.zero_count;
        found = p < before;
    }
    for (std::size_t i = 0; i < s.positive.counts.size() && !found; i++) {
        before += s.positive.counts[i];
        if (p < before) {
            v = representative(s.positive.lowest + static_cast<std::int32_t>(i), m);
            found = true;
        }
    }
    return std::min(s.max, std::max(s.min, v));
}

}  // namespace

bool quantile(const Sketch& s, double q, double* out) {
    check_q(q);
    if (s.count == 0) return false;
    double row = std::ceil(q * static_cast<double>(s.count));
    std::uint64_t p = row <= 1.0 ? 0 : static_cast<std::uint64_t>(std::min(row, static_cast<double>(s.count))) - 1;
    *out = value_at(s, std::min(p, s.count - 1));
    return true;
}

bool quantile_cont(const Sketch& s, double q, double* out) {
    check_q(q);
    if (s.count == 0) return false;
    double at = q * static_cast<double>(s.count - 1);
    double first = std::floor(at), second = std::ceil(at);
    double lo = value_at(s, std::min(static_cast<std::uint64_t>(first), s.count - 1));
    if (first == second) {
        *out = lo;
        return true;
    }
    double hi = value_at(s, std::min(static_cast<std::uint64_t>(second), s.count - 1));
    *out = lo + (hi - lo) * (at - first);
    return true;
}

bool rank(const Sketch& s, double x, double* out) {
    if (std::isnan(x)) throw Error(ErrorKind::kInvalidParameter, "the rank of NaN is not defined");
    if (s.count == 0) return false;
    if (x < s.min) {
        *out = 0;
        return true;
    }
    if (x >= s.max) {
        *out = 1;
        return true;
    }
    double m = multiplier(s.alpha);
    std::uint64_t below = 0;
    bool done = false;
    for (std::size_t i = s.negative.counts.size(); i-- > 0 && !done;) {
        if (-representative(s.negative.lowest + static_cast<std::int32_t>(i), m) <= x)
            below += s.negative.counts[i];
        else
            done = true;
    }
    if (!done && x >= 0) below += s.zero_count;
    if (!done && x >= 0)
        for (std::size_t i = 0; i < s.positive.counts.size(); i++) {
            if (representative(s.positive.lowest + static_cast<std::int32_t>(i), m) > x) break;
            below += s.positive.counts[i];
        }
    *out = static_cast<double>(below) / static_cast<double>(s.count);
    return true;
}

double sum(const Sketch& s) {
    if (s.sum_unknown)
        throw Error(ErrorKind::kInvalidParameter, "the sum of this ddsketch is not known",
                    "Its values came, at least in part, from an imported image that holds bucket counts and no sum "
                    "(doc/FORMAT.md 6.9); quantiles, ranks, the count, min and max are still answered.");
    double v;
    if (!s.sum.to_double(&v))
        throw Error(ErrorKind::kTooLarge, "ddsketch sum is outside the double precision range",
                    "The exact sum of the values is larger in magnitude than 1.8e308.");
    return v;
}

Info info(const Sketch& s, std::size_t bytes) {
    double m = multiplier(s.alpha);
    Info i{};
    i.format_version = kFormatVersion;
    i.alpha = s.alpha;
    i.max_buckets = s.max_buckets;
    i.count = s.count;
    i.zero_count = s.zero_count;
    i.positive_count = s.positive.total();
    i.negative_count = s.negative.total();
    i.positive_buckets = static_cast<std::uint32_t>(s.positive.counts.size());
    i.negative_buckets = static_cast<std::uint32_t>(s.negative.counts.size());
    i.positive_lowest = s.positive.lowest;
    i.negative_lowest = s.negative.lowest;
    i.positive_collapsed = s.positive.collapsed;
    i.negative_collapsed = s.negative.collapsed;
    i.sum_unknown = s.sum_unknown;
    i.positive_collapse_bound = s.positive.collapsed ? lower_edge(s.positive.lowest, m) : 0;
    i.negative_collapse_bound = s.negative.collapsed ? lower_edge(s.negative.lowest, m) : 0;
    i.bytes = bytes;
    return i;
}

}  // namespace probabilistic::ddsketch
