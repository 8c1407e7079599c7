#include "hll.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "hash.hpp"
#include "header.hpp"
#include "hll_family.hpp"

namespace probabilistic::hll {
namespace {

// Header byte offsets (doc/FORMAT.md).
using header::kOffHashId;
using header::kOffTag;
constexpr std::size_t kOffRepr = 3,
                      kOffPrecision = 4, kOffSparsePrecision = 5, kOffSeed = 8;

std::string params_text(const Header& h) {
    // SQL shows the seed as a signed bigint.
    return "precision " + std::to_string(h.precision) + ", seed " +
           std::to_string(static_cast<std::int64_t>(h.seed)) +
           ", hash id " + std::to_string(h.hash_id);
}

// The header of a value like `like` (hash id, seed, kind) with this representation and precision.
void write_header(std::uint8_t* out, std::uint8_t repr, int p, const Header& like) {
    out[kOffTag] = kTypeTag;
    out[kOffHashId] = like.hash_id;
    out[kOffRepr] = repr;
    out[kOffPrecision] = static_cast<std::uint8_t>(p);
    out[kOffSparsePrecision] = kSparsePrecision;
    kind::write(out, like.kind, 0);
    store_le64(out + kOffSeed, like.seed);
}

std::uint8_t* new_dense(Allocator& alloc, int p, const Header& like) {
    std::size_t size = kHeaderSize + dense_payload_size(p);
    std::uint8_t* out = allocate_or_throw(alloc, size);
    write_header(out, kReprDense, p, like);
    std::memset(out + kHeaderSize, 0, size - kHeaderSize);
    return out;
}

// Raises the packed registers `regs` (precision p) to cover sketch s (precision >= p).
void absorb(std::uint8_t* regs, int p, const Sketch& s) {
    if (s.sparse()) {
        for (std::size_t i = 0, n = s.sparse_count(); i < n; i++) {
            std::uint32_t idx;
            unsigned rank;
            entry_at(s.entry(i), p, idx, rank);
            raise_reg(regs, idx, rank);
        }
        return;
    }
    const std::uint8_t* src = s.payload;
    int sp = s.precision();
    if (sp == p) {
        std::size_t groups = register_count(p) / 4;
        for (std::size_t g = 0; g < groups; g++) {
            std::uint8_t* d = regs + 3 * g;
            const std::uint8_t* o = src + 3 * g;
            std::uint32_t a = d[0] | (std::uint32_t(d[1]) << 8) | (std::uint32_t(d[2]) << 16);
            std::uint32_t b = o[0] | (std::uint32_t(o[1]) << 8) | (std::uint32_t(o[2]) << 16);
            if (a == b || b == 0) continue;
            std::uint32_t r = 0;
            for (unsigned k = 0; k < 24; k += 6)
                r |= std::max((a >> k) & 63u, (b >> k) & 63u) << k;
            d[0] = static_cast<std::uint8_t>(r);
            d[1] = static_cast<std::uint8_t>(r >> 8);
            d[2] = static_cast<std::uint8_t>(r >> 16);
        }
        return;
    }
    // Folding: the index bits dropped from the right of the index become the
    // leading bits of the rank's bit string.
    unsigned d = static_cast<unsigned>(sp - p);
    std::uint32_t mask = (std::uint32_t(1) << d) - 1;
    for (std::size_t i = 0, m = register_count(sp); i < m; i++) {
        unsigned r = get_reg(src, i);
        if (r == 0) continue;
        std::uint32_t low = static_cast<std::uint32_t>(i) & mask;
        unsigned nr = low != 0 ? d - bit_length32(low) + 1 : d + r;
        raise_reg(regs, i >> d, nr);
    }
}

Buffer dense_from(const Sketch& s, int p, const Header& like, Allocator& alloc) {
    std::uint8_t* out = new_dense(alloc, p, like);
    absorb(out + kHeaderSize, p, s);
    return {out, kHeaderSize + dense_payload_size(p)};
}

Buffer sparse_from(const std::vector<std::uint32_t>& entries, int p, const Header& like,
                   Allocator& alloc) {
    std::size_t size = kHeaderSize + 4 * entries.size();
    std::uint8_t* out = allocate_or_throw(alloc, size);
    Header h = like;
    if (entries.empty()) h.kind = kind::kNone;  // a sketch without values records no kind
    write_header(out, kReprSparse, p, h);
    for (std::size_t i = 0; i < entries.size(); i++) store_le32(out + kHeaderSize + 4 * i, entries[i]);
    return {out, size};
}

}  // namespace

void check_compatible(const Header& a, const Header& b) {
    family::check_compatible(a, b);
    if (family::foreign(a.hash_id)) return;
    check_same_hash_id(a.hash_id, b.hash_id, "hll values");
    if (a.seed != b.seed)
        throw Error(ErrorKind::kMismatch, "cannot combine hll values built with different hash seeds",
                    "One has " + params_text(a) + "; the other has " + params_text(b) + ".",
                    Reason::kDifferentParameters, "seed");
}

void check_own_family(const Sketch& s, const char* what) {
    if (family::foreign(s.header.hash_id))
        throw Error(ErrorKind::kInvalidParameter,
                    std::string(what) + " of hll values of hash family " + family::name(s.header.hash_id) +
                        " are not supported",
                    "hll_cardinality, hll_union, containment and equality work within the family.");
}

void check_precision(long long p) {
    if (p < kMinPrecision || p > kMaxPrecision)
        throw Error(ErrorKind::kInvalidParameter,
                    "hll precision must be between " + std::to_string(kMinPrecision) + " and " +
                        std::to_string(kMaxPrecision) + ", not " + std::to_string(p));
}

std::uint32_t sparse_entry_of_hash(std::uint64_t hash) {
    std::uint32_t idx = static_cast<std::uint32_t>(hash >> (64 - kSparsePrecision));
    return (idx << 6) | dense_rank(hash, kSparsePrecision);
}

namespace {

constexpr header::Type kHeaderType{"invalid hll value", kTypeTag, kHeaderSize, kHashIdV1, family::kNewestHashId};

Sketch parse_header(const std::uint8_t* data, std::size_t size, bool allow_building) {
    auto corrupt = [](const std::string& what) { return header::corrupt(kHeaderType, what); };
    header::check(data, size, kHeaderType);
    if (family::foreign(data[kOffHashId])) return family::parse(data, size, false);
    int p = data[kOffPrecision];
    if (p < kMinPrecision || p > kMaxPrecision)
        throw corrupt("precision " + std::to_string(p) + " is outside 4..18");
    if (data[kOffSparsePrecision] != kSparsePrecision)
        throw corrupt("sparse precision " + std::to_string(data[kOffSparsePrecision]) + " is not 26");
    std::uint16_t k = kind::read(data, 0, kHeaderType.invalid);
    Sketch s{{data[kOffRepr], static_cast<std::uint8_t>(p), data[kOffHashId], load_le64(data + kOffSeed), k},
             data + kHeaderSize, size - kHeaderSize};
    if (s.header.repr == kReprDense) {
        if (s.payload_size != dense_payload_size(p))
            throw corrupt("dense payload is " + std::to_string(s.payload_size) + " bytes, precision " +
                          std::to_string(p) + " needs " + std::to_string(dense_payload_size(p)));
    } else if (s.header.repr == kReprSparse) {
        if (s.payload_size % 4 != 0)
            throw corrupt("sparse payload of " + std::to_string(s.payload_size) +
                          " bytes is not a whole number of 4-byte entries");
        if (s.sparse_count() > sparse_limit(p))
            throw corrupt("sparse representation holds " + std::to_string(s.sparse_count()) +
                          " entries, more than the " + std::to_string(sparse_limit(p)) +
                          " allowed at precision " + std::to_string(p));
        // A sketch without values records no kind (FORMAT.md 2.5): its bytes are format version 1's.
        if (s.sparse_count() == 0 && k != kind::kNone)
            throw corrupt("an empty value records a kind (" + kind::describe(k) + "); empty values record none");
    } else if (s.header.repr == kReprBuilding && allow_building) {
        // At least one slot: an update of a full state with no room would write past it.
        if (size < kBuildingPrefix + 4 || (size - kBuildingPrefix) % 4 != 0 ||
            std::uint64_t(load_le32(data + kHeaderSize)) + load_le32(data + kHeaderSize + 4) >
                (size - kBuildingPrefix) / 4)
            throw corrupt("aggregate state is inconsistent");
    } else {
        throw corrupt("unknown representation " + std::to_string(s.header.repr));
    }
    return s;
}

// A building state's counts and slots.
struct Slots {
    std::uint8_t* base;
    std::size_t sorted, pending, capacity;
    std::uint32_t at(std::size_t i) const { return load_le32(base + kBuildingPrefix + 4 * i); }
    void set(std::size_t i, std::uint32_t e) { store_le32(base + kBuildingPrefix + 4 * i, e); }
    void store_counts() {
        store_le32(base + kHeaderSize, static_cast<std::uint32_t>(sorted));
        store_le32(base + kHeaderSize + 4, static_cast<std::uint32_t>(pending));
    }
};

Slots slots_of(const std::uint8_t* data, std::size_t size) {
    return Slots{const_cast<std::uint8_t*>(data), load_le32(data + kHeaderSize),
                 load_le32(data + kHeaderSize + 4), (size - kBuildingPrefix) / 4};
}

// The sorted entries merged with the pending ones: one entry per index, highest rank.
std::vector<std::uint32_t> compacted(const Slots& s) {
    std::vector<std::uint32_t> pending(s.pending);
    for (std::size_t i = 0; i < s.pending; i++) pending[i] = s.at(s.sorted + i);
    std::sort(pending.begin(), pending.end());
    std::vector<std::uint32_t> out;
    out.reserve(s.sorted + s.pending);
    std::size_t i = 0, j = 0;
    auto push = [&out](std::uint32_t e) {
        if (!out.empty() && (out.back() >> 6) == (e >> 6)) out.back() = std::max(out.back(), e);
        else out.push_back(e);
    };
    while (i < s.sorted || j < pending.size()) {
        if (j == pending.size() || (i < s.sorted && s.at(i) <= pending[j])) push(s.at(i++));
        else push(pending[j++]);
    }
    return out;
}

Buffer new_builder(Allocator& alloc, const Header& like, std::size_t capacity) {
    std::size_t size = kBuildingPrefix + 4 * capacity;
    std::uint8_t* out = allocate_or_throw(alloc, size);
    write_header(out, kReprBuilding, like.precision, like);
    std::memset(out + kHeaderSize, 0, size - kHeaderSize);
    return {out, size};
}

Buffer dense_from_entries(const std::vector<std::uint32_t>& entries, int p, const Header& like,
                          Allocator& alloc) {
    std::uint8_t* out = new_dense(alloc, p, like);
    for (std::uint32_t e : entries) {
        std::uint32_t idx;
        unsigned rank;
        entry_at(e, p, idx, rank);
        raise_reg(out + kHeaderSize, idx, rank);
    }
    return {out, kHeaderSize + dense_payload_size(p)};
}

Buffer canonical_from_entries(const std::vector<std::uint32_t>& entries, int p, const Header& like,
                              Allocator& alloc) {
    if (entries.size() <= sparse_limit(p)) return sparse_from(entries, p, like, alloc);
    return dense_from_entries(entries, p, like, alloc);
}

Buffer add_to_builder(std::uint8_t* data, std::size_t size, const Sketch& s, std::uint64_t hash,
                      Allocator& alloc) {
    Slots slots = slots_of(data, size);
    if (slots.sorted + slots.pending == slots.capacity) {
        std::vector<std::uint32_t> entries = compacted(slots);
        int p = s.precision();
        if (entries.size() > sparse_limit(p)) {
            Buffer d = dense_from_entries(entries, p, s.header, alloc);
            raise_reg(d.data + kHeaderSize, dense_index(hash, p), dense_rank(hash, p));
            return d;
        }
        // Keep at least half the room free, so appends stay amortised O(1).
        if (2 * entries.size() > slots.capacity) {
            Buffer grown = new_builder(alloc, s.header, 2 * slots.capacity);
            data = grown.data;
            size = grown.size;
            slots = slots_of(data, size);
        }
        for (std::size_t i = 0; i < entries.size(); i++) slots.set(i, entries[i]);
        slots.sorted = entries.size();
        slots.pending = 0;
    }
    slots.set(slots.sorted + slots.pending, sparse_entry_of_hash(hash));
    slots.pending++;
    slots.store_counts();
    return {data, size};
}

}  // namespace

Sketch parse_trusted(const std::uint8_t* data, std::size_t size) { return parse_header(data, size, false); }

bool Sketch::empty() const {
    if (header.repr == kReprFamilyExplicit) return payload_size == 0;
    if (header.hash_id == family::kDataSketches && header.repr == family::kReprDsList) return payload_size == 0;
    if (building()) return load_le32(payload) + load_le32(payload + 4) == 0;
    return sparse() && sparse_count() == 0;
}

Sketch parse_state(const std::uint8_t* data, std::size_t size) { return parse_header(data, size, true); }

void check_state_precision(const std::uint8_t* data, std::size_t size, long long precision) {
    int p = parse_state(data, size).precision();
    if (p != precision)
        throw Error(ErrorKind::kMismatch, "hll precision changed while building one sketch",
                    "It was started with precision " + std::to_string(p) + ", then given " +
                        std::to_string(precision) + ".",
                    Reason::kParametersChanged, "precision " + std::to_string(p), std::to_string(precision));
}

Buffer builder(Allocator& alloc, int precision, std::uint64_t seed, std::uint16_t kind) {
    check_precision(precision);
    return new_builder(alloc, Header{kReprBuilding, static_cast<std::uint8_t>(precision), kHashId, seed, kind}, 4);
}

Buffer finish(const std::uint8_t* data, std::size_t size, Allocator& alloc) {
    Sketch s = parse_state(data, size);
    if (!s.building()) return {const_cast<std::uint8_t*>(data), size};
    return canonical_from_entries(compacted(slots_of(data, size)), s.precision(), s.header, alloc);
}

Sketch parse(const std::uint8_t* data, std::size_t size) {
    Sketch s = parse_trusted(data, size);
    if (family::foreign(s.header.hash_id)) return family::parse(data, size, true);
    if (s.sparse()) {
        std::uint32_t prev_idx = 0;
        for (std::size_t i = 0, n = s.sparse_count(); i < n; i++) {
            std::uint32_t e = s.entry(i);
            unsigned rank = e & 63u;
            if (rank < 1 || rank > max_rank(kSparsePrecision))
                throw Error(ErrorKind::kCorrupt, "invalid hll value: sparse entry " + std::to_string(i) +
                                                     " has rank " + std::to_string(rank) + ", outside 1..39");
            if (i > 0 && (e >> 6) <= prev_idx)
                throw Error(ErrorKind::kCorrupt, "invalid hll value: sparse entry " + std::to_string(i) +
                                                     " is out of order or repeats an index");
            prev_idx = e >> 6;
        }
    } else {
        unsigned limit = max_rank(s.precision());
        for (std::size_t i = 0, m = register_count(s.precision()); i < m; i++) {
            unsigned r = get_reg(s.payload, i);
            if (r > limit)
                throw Error(ErrorKind::kCorrupt, "invalid hll value: register " + std::to_string(i) + " holds " +
                                                     std::to_string(r) + ", above the maximum " +
                                                     std::to_string(limit) + " for precision " +
                                                     std::to_string(s.precision()));
        }
    }
    return s;
}

Buffer empty(Allocator& alloc, int precision, std::uint64_t seed) {
    check_precision(precision);
    std::uint8_t* out = allocate_or_throw(alloc, kHeaderSize);
    write_header(out, kReprSparse, precision, Header{kReprSparse, 0, kHashId, seed, kind::kNone});
    return {out, kHeaderSize};
}

Buffer copy(Allocator& alloc, const std::uint8_t* data, std::size_t size) {
    std::uint8_t* out = allocate_or_throw(alloc, size);
    std::memcpy(out, data, size);
    return {out, size};
}

Buffer add_hash(std::uint8_t* data, std::size_t size, std::uint64_t hash, bool in_place,
                Allocator& alloc, std::uint16_t added_kind) {
    Sketch s = parse_state(data, size);
    if (family::foreign(s.header.hash_id)) return family::add_hash(data, size, s, hash, in_place, alloc);
    std::uint16_t k = kind::after_add(s.header.kind, s.empty(), added_kind);
    if (k != s.header.kind) {
        Header h = s.header;
        h.kind = k;
        if (s.building()) {
            kind::write(data, k, 0);  // updated in place, as every building state is
        } else {
            // An empty sparse value: the result is a new one-entry value.
            std::uint8_t* out = allocate_or_throw(alloc, size + 4);
            write_header(out, kReprSparse, s.precision(), h);
            store_le32(out + kHeaderSize, sparse_entry_of_hash(hash));
            return {out, size + 4};
        }
    }
    if (s.building()) {
        if (!in_place) throw std::logic_error("a building hll state is only updated in place");
        return add_to_builder(data, size, s, hash, alloc);
    }
    int p = s.precision();
    if (!s.sparse()) {
        std::size_t idx = dense_index(hash, p);
        unsigned rank = dense_rank(hash, p);
        if (get_reg(data + kHeaderSize, idx) >= rank) return {data, size};
        std::uint8_t* out = in_place ? data : copy(alloc, data, size).data;
        set_reg(out + kHeaderSize, idx, rank);
        return {out, size};
    }
    std::uint32_t e = sparse_entry_of_hash(hash);
    std::uint32_t idx = e >> 6;
    std::size_t n = s.sparse_count(), lo = 0, hi = n;
    while (lo < hi) {
        std::size_t mid = (lo + hi) / 2;
        if ((s.entry(mid) >> 6) < idx) lo = mid + 1;
        else hi = mid;
    }
    if (lo < n && (s.entry(lo) >> 6) == idx) {
        if ((s.entry(lo) & 63u) >= (e & 63u)) return {data, size};
        std::uint8_t* out = in_place ? data : copy(alloc, data, size).data;
        store_le32(out + kHeaderSize + 4 * lo, e);
        return {out, size};
    }
    if (n + 1 > sparse_limit(p)) {
        Buffer d = dense_from(s, p, s.header, alloc);
        raise_reg(d.data + kHeaderSize, dense_index(hash, p), dense_rank(hash, p));
        return d;
    }
    std::uint8_t* out = allocate_or_throw(alloc, size + 4);
    std::size_t split = kHeaderSize + 4 * lo;
    std::memcpy(out, data, split);
    store_le32(out + split, e);
    std::memcpy(out + split + 4, data + split, size - split);
    return {out, size + 4};
}

Buffer union_of(std::uint8_t* left, std::size_t left_size, const std::uint8_t* right,
                std::size_t right_size, bool in_place, Allocator& alloc) {
    Sketch a = parse_trusted(left, left_size);
    Sketch b = parse_trusted(right, right_size);
    check_compatible(a.header, b.header);
    if (family::foreign(a.header.hash_id)) return family::union_of(left, left_size, a, right, right_size, b, in_place, alloc);
    int p = std::min(a.precision(), b.precision());
    Header like = a.header;
    like.kind = kind::of_union(a.header.kind, a.empty(), b.header.kind, b.empty());
    bool same_kind = like.kind == a.header.kind;
    if (a.sparse() && b.sparse()) {
        std::vector<std::uint32_t> merged;
        merged.reserve(a.sparse_count() + b.sparse_count());
        std::size_t i = 0, j = 0, na = a.sparse_count(), nb = b.sparse_count();
        while (i < na || j < nb) {
            if (j == nb || (i < na && (a.entry(i) >> 6) < (b.entry(j) >> 6))) merged.push_back(a.entry(i++));
            else if (i == na || (b.entry(j) >> 6) < (a.entry(i) >> 6)) merged.push_back(b.entry(j++));
            else merged.push_back(std::max(a.entry(i++), b.entry(j++)));
        }
        if (merged.size() <= sparse_limit(p)) {
            bool unchanged = same_kind && p == a.precision() && merged.size() == na;
            for (std::size_t k = 0; unchanged && k < na; k++) unchanged = merged[k] == a.entry(k);
            if (unchanged) return {left, left_size};
            return sparse_from(merged, p, like, alloc);
        }
        return dense_from_entries(merged, p, like, alloc);
    }
    Buffer out;
    if (!a.sparse() && a.precision() == p && in_place) {
        out = {left, left_size};
        if (!same_kind) kind::write(left, like.kind, 0);
    } else {
        out = dense_from(a, p, like, alloc);
    }
    absorb(out.data + kHeaderSize, p, b);
    return out;
}

Buffer fold(const std::uint8_t* data, std::size_t size, int precision, Allocator& alloc) {
    Sketch s = parse_trusted(data, size);
    check_precision(precision);
    if (precision > s.precision())
        throw Error(ErrorKind::kInvalidParameter,
                    "hll precision " + std::to_string(s.precision()) + " is lower than the requested precision " +
                        std::to_string(precision),
                    "", Reason::kPrecisionUp);
    if (precision == s.precision()) return {const_cast<std::uint8_t*>(data), size};
    if (family::foreign(s.header.hash_id))
        throw Error(ErrorKind::kInvalidParameter,
                    "cannot fold an hll value of hash family " + family::name(s.header.hash_id) + " to precision " +
                        std::to_string(precision),
                    "Its producer keeps one precision (log2m " + std::to_string(s.precision()) +
                        ") for a sketch's whole life; cast it to hll(" + std::to_string(s.precision()) + ").");
    if (s.sparse() && s.sparse_count() <= sparse_limit(precision)) {
        Buffer out = copy(alloc, data, size);
        out.data[kOffPrecision] = static_cast<std::uint8_t>(precision);
        return out;
    }
    return dense_from(s, precision, s.header, alloc);
}

namespace {

double sigma(double x) {
    if (x == 1.0) return std::numeric_limits<double>::infinity();
    double y = 1, z = x, prev;
    do {
        x *= x;
        prev = z;
        z += x * y;
        y += y;
    } while (z != prev);
    return z;
}

// The first-order relative bias of the improved raw estimator at rate t per
// register, times m (doc/FORMAT.md 3.10): the estimate is m^2 / (2 ln 2 z), z
// = m sigma(c0/m) + sum c[k] 2^-k (+ tau's term), with the histogram c
// multinomial(m, pi(t)) under the Poisson model. A second-order expansion of
// m^2 / z gives E[estimate] / rate - 1 = b(t) / m + O(1/m^2),
//   b(t) = V / zbar^2 - sigma''(pi0) pi0 (1 - pi0) / (2 zbar),
// zbar = sigma(pi0) + sum pi_k 2^-k, V = sum pi_j g_j^2 - (sum pi_j g_j)^2,
// g_0 = sigma'(pi0), g_k = 2^-k: 0.54 where a value turns dense (t = 3/16),
// 0.68 at t = 1, 1.0793 from t = 10 on (Flajolet et al.'s alpha_m = alpha_inf
// / (1 + 1.079/m)); at most 0.81 down to a crafted dense value with one
// register set (t = 1/m). Only + - * / on binary64, the same bits everywhere:
// w_k = 1 - exp(-t/2^k) starts from its Taylor series at k = q (t/2^q <= 2^-34)
// and doubles down, w_{k-1} = w_k (2 - w_k). Rates past 2^20 per register
// are evaluated at 2^20 (b is constant there; real data never gets near).
double finite_m_bias(double t, int q) {
    t = std::min(t, 0x1p20);
    double y = std::ldexp(t, -q);
    double w = y - (y * y) * (0.5 - y / 6.0);
    double s1 = 0, s2 = 0;
    for (int k = q; k >= 1; k--) {
        double pk = (1.0 - w) * w;
        s1 = s1 + std::ldexp(pk, -k);
        s2 = s2 + std::ldexp(pk, -2 * k);
        w = w * (2.0 - w);
    }
    double p0 = 1.0 - w;
    // sigma'(x) = 1 + sum_{k>=1} 2^(2k-1) x^(2^k-1), sigma''(x) = sum_{k>=1} 2^(2k-1) (2^k-1) x^(2^k-2).
    double d1 = 1, d2 = 0, a = p0, b = 1, c = 2, e = 1, prev1, prev2;
    do {
        prev1 = d1;
        prev2 = d2;
        d1 = d1 + c * a;
        d2 = d2 + (c * e) * b;
        b = a * a;
        a = b * p0;
        c = c * 4.0;
        e = (e + e) + 1.0;
    } while (d1 != prev1 || d2 != prev2);
    double zbar = sigma(p0) + s1;
    double mean = p0 * d1 + s1;
    double v = ((p0 * d1) * d1 + s2) - mean * mean;
    return v / (zbar * zbar) - ((0.5 * d2) * (p0 * (1.0 - p0))) / zbar;
}

}  // namespace

double ertl_estimate(const std::uint64_t* c, int q, double m) { return ertl_estimate(c, q, m, q); }

double ertl_estimate(const std::uint64_t* c, int q, double m, int bias_q) {
    auto tau = [](double x) {
        if (x == 0.0 || x == 1.0) return 0.0;
        double y = 1, z = 1 - x, prev;
        do {
            x = std::sqrt(x);
            prev = z;
            y *= 0.5;
            z -= (1 - x) * (1 - x) * y;
        } while (z != prev);
        return z / 3;
    };
    double z = m * tau(1.0 - static_cast<double>(c[q + 1]) / m);
    for (int k = q; k >= 1; k--) z = 0.5 * (z + static_cast<double>(c[k]));
    z += m * sigma(static_cast<double>(c[0]) / m);
    // With every register at q + 1, z is 0 and the estimate infinite; no set
    // hashes to more distinct values than the 2^64 there are.
    double n = std::min(m * m / (2.0 * std::log(2.0) * z), 0x1p64);
    // Up to 1024 registers the estimator's own bias, about 1.08/m, exceeds
    // 0.1% (7% at m = 16): remove its first-order term. Past that it is
    // below 0.06% and the estimate is left as it was (doc/FORMAT.md 3.10).
    if (m <= kMaxBiasCorrectedRegisters && n > 0 && n < 0x1p64) n = n * (1.0 - finite_m_bias(n / m, bias_q) / m);
    return n;
}

double estimate(const Sketch& s) {
    if (family::foreign(s.header.hash_id)) return family::estimate(s);
    std::uint64_t hist[66] = {};
    if (s.sparse()) {
        int q = 64 - kSparsePrecision;
        std::size_t n = s.sparse_count();
        hist[0] = register_count(kSparsePrecision) - n;
        for (std::size_t i = 0; i < n; i++) hist[std::min<unsigned>(s.entry(i) & 63u, q + 1)]++;
        return ertl_estimate(hist, q, static_cast<double>(register_count(kSparsePrecision)));
    }
    int p = s.precision(), q = 64 - p;
    for (std::size_t i = 0, m = register_count(p); i < m; i++)
        hist[std::min<unsigned>(get_reg(s.payload, i), q + 1)]++;
    return ertl_estimate(hist, q, static_cast<double>(register_count(p)));
}

std::int64_t cardinality(const Sketch& s) {
    double e = estimate(s);
    return e >= 9223372036854775807.0 ? INT64_MAX : static_cast<std::int64_t>(std::llround(e));
}

std::vector<std::uint8_t> registers(const Sketch& s) {
    if (family::foreign(s.header.hash_id)) return family::registers(s);
    int p = s.precision();
    std::vector<std::uint8_t> packed(dense_payload_size(p), 0);
    absorb(packed.data(), p, s);
    std::vector<std::uint8_t> out(register_count(p));
    for (std::size_t i = 0; i < out.size(); i++) out[i] = static_cast<std::uint8_t>(get_reg(packed.data(), i));
    return out;
}

bool contains(const Sketch& outer, const Sketch& inner) {
    check_compatible(outer.header, inner.header);
    kind::check_comparable(outer.header.kind, inner.header.kind, "hll values");
    if (family::foreign(outer.header.hash_id)) {
        std::vector<std::uint8_t> a = registers(outer), b = registers(inner);
        for (std::size_t i = 0; i < a.size(); i++)
            if (b[i] > a[i]) return false;
        return true;
    }
    int p = std::min(outer.precision(), inner.precision());
    std::vector<std::uint8_t> a(dense_payload_size(p), 0), b(dense_payload_size(p), 0);
    absorb(a.data(), p, outer);
    absorb(b.data(), p, inner);
    for (std::size_t i = 0, m = register_count(p); i < m; i++)
        if (get_reg(b.data(), i) > get_reg(a.data(), i)) return false;
    return true;
}

Info info(const Sketch& s) {
    std::vector<std::uint8_t> regs = registers(s);
    std::size_t nonzero = 0;
    for (std::uint8_t r : regs) nonzero += r != 0;
    Info out{s.precision(), s.sparse(), kind::version_for(s.header.kind), s.header.hash_id, s.header.kind,
             s.header.seed, nonzero,
             s.sparse() ? s.sparse_count() : 0, estimate(s)};
    if (s.header.hash_id == family::kPostgresqlHll) {
        family::PgParams q = family::pg_params(s);
        out.explicit_list = s.header.repr == kReprFamilyExplicit;
        out.explicit_hashes = out.explicit_list ? s.payload_size / 8 : 0;
        out.regwidth = q.regwidth;
        out.expthresh = q.expthresh_code == 63 ? -1 : q.expthresh_code == 0 ? 0 : 1LL << (q.expthresh_code - 1);
        out.sparseon = q.sparseon;
    }
    if (s.header.hash_id == family::kDataSketches) {
        // LIST and SET show as sparse ("coupons"); regwidth carries the target type
        // (4, 6, 8) and expthresh the out-of-order flag.
        out.sparse = s.header.repr != family::kReprDsHll;
        out.regwidth = 4 + 2 * s.header.family_byte5;
        out.expthresh = s.header.family_byte6 & 1;
    }
    if (s.header.hash_id == family::kRedis) {
        out.seed = family::kRedisSeed;  // bytes 8-15 hold Redis's cached cardinality, not a seed
        out.sparse = s.header.repr == family::kReprRedisSparse;
    }
    return out;
}

}  // namespace probabilistic::hll
