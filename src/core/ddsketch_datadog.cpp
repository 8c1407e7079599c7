#include "ddsketch_datadog.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>

namespace probabilistic::ddsketch::datadog {
namespace {

enum Interpolation { kNone = 0, kLinear = 1, kQuadratic = 2, kCubic = 3 };
constexpr int kMaxGroupDepth = 32;
constexpr std::uint64_t kMaxFieldNumber = (UINT64_C(1) << 29) - 1;
// Counts are doubles in the image; ours are u64.
constexpr double kTwo64 = 18446744073709551616.0;
// Two multipliers within this relative distance are the same mapping (the
// rounding of the producer's arithmetic; doc/FORMAT.md 6.9).
constexpr double kMultiplierTolerance = 1e-13;

Error bad(const std::string& what) {
    return Error(ErrorKind::kCorrupt, "invalid DataDog DDSketch image: " + what);
}

Error unsupported(const std::string& what, const std::string& detail) {
    return Error(ErrorKind::kCorrupt, "DataDog DDSketch image not supported: " + what, detail);
}

// Wire types.
constexpr unsigned kVarint = 0, kFixed64 = 1, kLen = 2, kStartGroup = 3, kEndGroup = 4, kFixed32 = 5;

struct Reader {
    const std::uint8_t* p;
    const std::uint8_t* end;

    bool done() const { return p == end; }

    std::uint64_t varint(const char* what) {
        std::uint64_t v = 0;
        for (int i = 0; i < 10; i++) {
            if (p == end) throw bad(std::string(what) + ": varint runs past the end");
            std::uint8_t b = *p++;
            if (i == 9 && b > 1) throw bad(std::string(what) + ": varint longer than 64 bits");
            v |= static_cast<std::uint64_t>(b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0) return v;
        }
        throw bad(std::string(what) + ": varint longer than 10 bytes");
    }

    void need(std::uint64_t n, const char* what) {
        if (n > static_cast<std::uint64_t>(end - p))
            throw bad(std::string(what) + ": " + std::to_string(n) + " bytes announced, " +
                      std::to_string(end - p) + " left");
    }

    double fixed64(const char* what) {
        need(8, what);
        double v = load_double(p);
        p += 8;
        return v;
    }

    Reader sub(const char* what) {
        std::uint64_t n = varint(what);
        need(n, what);
        Reader r{p, p + n};
        p += n;
        return r;
    }

    // The key of the next field: its number and wire type.
    void key(std::uint32_t* field, unsigned* wire, const char* message) {
        std::uint64_t k = varint(message);
        std::uint64_t f = k >> 3;
        *wire = static_cast<unsigned>(k & 7);
        if (f == 0 || f > kMaxFieldNumber)
            throw bad(std::string(message) + ": field number " + std::to_string(f) + " is outside 1.." +
                      std::to_string(kMaxFieldNumber));
        if (*wire > kFixed32) throw bad(std::string(message) + ": wire type " + std::to_string(*wire) + " is not one");
        *field = static_cast<std::uint32_t>(f);
    }

    // Skips the value of an unknown field (a group up to its end).
    void skip(std::uint32_t field, unsigned wire, const char* message, int depth = 0) {
        switch (wire) {
            case kVarint: (void) varint(message); return;
            case kFixed64: need(8, message); p += 8; return;
            case kLen: (void) sub(message); return;
            case kFixed32: need(4, message); p += 4; return;
            case kStartGroup:
                if (depth >= kMaxGroupDepth) throw bad(std::string(message) + ": groups nested too deep");
                for (;;) {
                    if (done()) throw bad(std::string(message) + ": group " + std::to_string(field) + " not ended");
                    std::uint32_t f;
                    unsigned w;
                    key(&f, &w, message);
                    if (w == kEndGroup) {
                        if (f != field)
                            throw bad(std::string(message) + ": group " + std::to_string(field) + " ended as " +
                                      std::to_string(f));
                        return;
                    }
                    skip(f, w, message, depth + 1);
                }
            default:
                throw bad(std::string(message) + ": end of group " + std::to_string(field) + " without its start");
        }
    }
};

void expect_wire(unsigned wire, unsigned expected, const char* field) {
    if (wire != expected)
        throw bad(std::string(field) + " has wire type " + std::to_string(wire) + ", not " + std::to_string(expected));
}

std::int32_t sint32_of(std::uint64_t v, const char* what) {
    if (v > 0xFFFFFFFFu) throw bad(std::string(what) + ": " + std::to_string(v) + " is not a sint32");
    std::uint32_t u = static_cast<std::uint32_t>(v);
    return static_cast<std::int32_t>((u >> 1) ^ (~(u & 1) + 1));
}

struct MappingImage {
    bool present = false;
    double gamma = 0, offset = 0;
    std::int64_t interpolation = kNone;
};

// A store as the image writes it; fields that appear again merge as protobuf
// merges messages (the map's later keys win, repeated counts append, the
// offset's last value wins).
struct StoreImage {
    std::map<std::int32_t, double> sparse;
    std::vector<double> contiguous;
    std::int32_t offset = 0;
};

struct Image {
    MappingImage mapping;
    StoreImage stores[2];  // positive, negative
    double zero_count = 0;
};

void read_mapping(Reader r, MappingImage& m) {
    m.present = true;
    while (!r.done()) {
        std::uint32_t f;
        unsigned w;
        r.key(&f, &w, "mapping");
        if (f == 1) {
            expect_wire(w, kFixed64, "mapping.gamma");
            m.gamma = r.fixed64("mapping.gamma");
        } else if (f == 2) {
            expect_wire(w, kFixed64, "mapping.indexOffset");
            m.offset = r.fixed64("mapping.indexOffset");
        } else if (f == 3) {
            expect_wire(w, kVarint, "mapping.interpolation");
            m.interpolation = static_cast<std::int64_t>(r.varint("mapping.interpolation"));
        } else {
            r.skip(f, w, "mapping");
        }
    }
}

void read_bin(Reader r, StoreImage& s, const char* name) {
    std::int32_t key = 0;
    double count = 0;
    while (!r.done()) {
        std::uint32_t f;
        unsigned w;
        r.key(&f, &w, name);
        if (f == 1) {
            expect_wire(w, kVarint, "binCounts key");
            key = sint32_of(r.varint("binCounts key"), "binCounts key");
        } else if (f == 2) {
            expect_wire(w, kFixed64, "binCounts value");
            count = r.fixed64("binCounts value");
        } else {
            r.skip(f, w, name);
        }
    }
    s.sparse[key] = count;
}

void read_store(Reader r, StoreImage& s, const char* name) {
    std::size_t entries = 0;
    while (!r.done()) {
        std::uint32_t f;
        unsigned w;
        r.key(&f, &w, name);
        if (f == 1) {
            expect_wire(w, kLen, "binCounts");
            read_bin(r.sub(name), s, name);
            if (++entries % 65536 == 0) poll_interrupt();
        } else if (f == 2) {
            if (w == kFixed64) {
                s.contiguous.push_back(r.fixed64("contiguousBinCounts"));
            } else {
                expect_wire(w, kLen, "contiguousBinCounts");
                Reader packed = r.sub("contiguousBinCounts");
                std::size_t n = static_cast<std::size_t>(packed.end - packed.p);
                if (n % 8 != 0)
                    throw bad(std::string(name) + ".contiguousBinCounts: packed length " + std::to_string(n) +
                              " is not a multiple of 8");
                for (std::size_t i = 0; i < n; i += 8) s.contiguous.push_back(load_double(packed.p + i));
            }
        } else if (f == 3) {
            expect_wire(w, kVarint, "contiguousBinIndexOffset");
            s.offset = sint32_of(r.varint("contiguousBinIndexOffset"), "contiguousBinIndexOffset");
        } else {
            r.skip(f, w, name);
        }
    }
}

Image read_image(const std::uint8_t* data, std::size_t size) {
    Image img;
    Reader r{data, data + size};
    while (!r.done()) {
        std::uint32_t f;
        unsigned w;
        r.key(&f, &w, "DDSketch");
        if (f == 1) {
            expect_wire(w, kLen, "mapping");
            read_mapping(r.sub("mapping"), img.mapping);
        } else if (f == 2 || f == 3) {
            const char* name = f == 2 ? "positiveValues" : "negativeValues";
            expect_wire(w, kLen, name);
            read_store(r.sub(name), img.stores[f - 2], name);
        } else if (f == 4) {
            expect_wire(w, kFixed64, "zeroCount");
            img.zero_count = r.fixed64("zeroCount");
        } else {
            r.skip(f, w, "DDSketch");
        }
    }
    return img;
}

std::uint64_t count_of(double c, const std::string& what) {
    if (!(c >= 0.0 && c < kTwo64) || c != std::floor(c))
        throw bad(what + " is " + number_text(c) + ", not an integral count in 0 .. 2^64 - 1");
    return static_cast<std::uint64_t>(c);
}

// The decimal of fewest significant digits (1 .. 17) near x that ok accepts.
template <class Ok>
bool shortest(double x, Ok ok, double* out) {
    for (int digits = 1; digits <= 17; digits++) {
        char text[64];
        std::snprintf(text, sizeof text, "%.*e", digits - 1, x);
        double a = std::strtod(text, nullptr);
        if (ok(a)) {
            *out = a;
            return true;
        }
    }
    return false;
}

// The double nearest x (within 512 ulps) that ok accepts.
template <class Ok>
bool nearest(double x, Ok ok, double* out) {
    double up = x, down = x;
    for (int i = 0; i <= 512; i++) {
        if (ok(up)) {
            *out = up;
            return true;
        }
        if (ok(down)) {
            *out = down;
            return true;
        }
        up = std::nextafter(up, HUGE_VAL);
        down = std::nextafter(down, 0.0);
    }
    return false;
}

void check_alpha(double alpha, const MappingImage& m) {
    if (!(alpha >= kMinAlpha && alpha <= kMaxAlpha))
        throw unsupported("its relative accuracy " + number_text(alpha) + " (gamma " + number_text(m.gamma) +
                              ") is outside " + number_text(kMinAlpha) + " .. " + number_text(kMaxAlpha),
                          "A ddsketch holds relative accuracies from " + number_text(kMinAlpha) + " to " +
                              number_text(kMaxAlpha) + ".");
}

// How the image's keys become our indexes.
struct Plan {
    double alpha;
    bool convert;        // NONE: each bin re-bucketed at its representative
    std::int64_t shift;  // CUBIC: index = key - shift
    double offset;       // NONE: the image's indexOffset
    double log_gamma;    // NONE: log1p(gamma - 1) as sketches-js recomputes it
    double rep_factor;   // NONE: 2 / (1 + gamma)
};

Plan plan_of(const MappingImage& m) {
    if (!m.present)
        throw bad("it has no index mapping (field 1)");
    if (!(std::isfinite(m.gamma) && m.gamma > 1.0))
        throw bad("mapping.gamma is " + number_text(m.gamma) + ", not a finite number above 1");
    if (!std::isfinite(m.offset)) throw bad("mapping.indexOffset is not finite");
    // sketches-js's KeyMapping.fromGammaOffset: the relative accuracy, then gamma again from it.
    double ra = (m.gamma - 1.0) / (m.gamma + 1.0);
    double mantissa = 2.0 * ra / (1.0 - ra);
    double log_gamma = std::log1p(mantissa);
    Plan plan{};
    if (m.interpolation == kCubic) {
        if (m.offset != std::floor(m.offset) || std::fabs(m.offset) > 2147483647.0)
            throw unsupported("a CUBIC mapping's indexOffset " + number_text(m.offset) + " is not a 32-bit integer",
                              "Only whole shifts of the cubically interpolated mapping are ddsketch buckets.");
        // Its multiplier is 1 / (C ln gamma); ours 7 / (20 alpha): alpha = ln gamma / 2.
        // The alpha whose export has this very gamma (gamma_of(alpha) == gamma): the one of fewest
        // digits, else the nearest to ln(gamma) / 2; for a gamma no export of ours wrote, the
        // alpha of fewest digits whose multiplier is sketches-js's within a rounding.
        double target = (1.0 / log_gamma) / kCubicC;
        double near = std::log1p(m.gamma - 1.0) / 2.0;
        auto exact = [&](double a) { return gamma_of(a) == m.gamma; };
        double alpha;
        bool found = shortest(near, exact, &alpha) || nearest(near, exact, &alpha) ||
                     shortest(log_gamma / 2.0, [&](double a) {
                         return std::fabs(multiplier(a) - target) <= kMultiplierTolerance * target;
                     }, &alpha);
        if (!found)
            throw unsupported("its CUBIC mapping (gamma " + number_text(m.gamma) + ") is not a ddsketch mapping",
                              "No relative accuracy gives a ddsketch the multiplier of that mapping.");
        check_alpha(alpha, m);
        plan.alpha = alpha;
        plan.shift = static_cast<std::int64_t>(m.offset);
        return plan;
    }
    if (m.interpolation == kNone) {
        // sketches-js's LogarithmicMapping(relativeAccuracy) writes gamma = 1 + 2 ra / (1 - ra).
        double alpha;
        if (!shortest(ra, [&](double a) { return 1.0 + 2.0 * a / (1.0 - a) == m.gamma; }, &alpha)) alpha = ra;
        check_alpha(alpha, m);
        plan.alpha = alpha;
        plan.convert = true;
        plan.offset = m.offset;
        plan.log_gamma = log_gamma;
        plan.rep_factor = 2.0 / (1.0 + (1.0 + mantissa));
        return plan;
    }
    if (m.interpolation == kLinear || m.interpolation == kQuadratic)
        throw unsupported(std::string("its mapping's interpolation is ") +
                              (m.interpolation == kLinear ? "LINEAR" : "QUADRATIC"),
                          "The DataDog libraries do not agree on these mappings; build the sketch with the "
                          "logarithmic (DDSketch's default) or the cubically interpolated mapping.");
    throw bad("mapping.interpolation " + std::to_string(m.interpolation) + " is not NONE, LINEAR, QUADRATIC or CUBIC");
}

// A magnitude our bucket k holds: its representative, moved into the bucket
// when rounding put it on a neighbour (and DBL_MAX for an infinite one).
double inside(std::int32_t k, double m) {
    double v = representative(k, m);
    if (!std::isfinite(v)) v = 1.7976931348623157e308;
    for (int i = 0; i < 4096; i++) {
        std::int32_t at = index_of(v, m);
        if (at == k) return v;
        v = at > k ? std::nextafter(v, 0.0) : std::nextafter(v, HUGE_VAL);
    }
    throw Error(ErrorKind::kCorrupt, "no double lies in ddsketch bucket " + std::to_string(k));
}

// The store of the indexes' counts (index -> count, none zero) with the
// smallest maximum bucket count that holds both stores, at least the default.
Store build_store(const std::map<std::int32_t, std::uint64_t>& counts, std::uint32_t max_buckets) {
    Store st;
    if (counts.empty()) return st;
    std::int64_t high = counts.rbegin()->first;
    std::int64_t low = std::max<std::int64_t>(counts.begin()->first, high - max_buckets + 1);
    st.lowest = static_cast<std::int32_t>(low);
    st.counts.assign(static_cast<std::size_t>(high - low + 1), 0);
    for (const auto& kv : counts) {
        std::int64_t k = kv.first;
        if (k < low) {
            st.collapsed = true;
            k = low;
        }
        st.counts[static_cast<std::size_t>(k - low)] += kv.second;  // the total was checked below 2^64
    }
    return st;
}

}  // namespace

double gamma_of(double alpha) { return 1.0 + std::expm1(2.0 * alpha); }

Sketch import_image(const std::uint8_t* data, std::size_t size) {
    Image img = read_image(data, size);
    Plan plan = plan_of(img.mapping);
    double m = multiplier(plan.alpha);
    std::int32_t lo_index = index_of(std::ldexp(1.0, -1074), m), hi_index = index_of(1.7976931348623157e308, m);
    Sketch s;
    s.alpha = plan.alpha;
    s.zero_count = count_of(img.zero_count, "zeroCount");
    std::uint64_t total = s.zero_count;
    std::map<std::int32_t, std::uint64_t> indexes[2];
    std::size_t seen = 0;
    const char* names[2] = {"positiveValues", "negativeValues"};
    for (int i = 0; i < 2; i++) {
        const StoreImage& st = img.stores[i];
        auto put = [&](std::int64_t key, double c) {
            if (++seen % 65536 == 0) poll_interrupt();
            std::string what = std::string(names[i]) + " bin " + std::to_string(key);
            std::uint64_t n = count_of(c, what);
            if (n == 0) return;
            if (n > UINT64_MAX - total) throw bad("its counts add up past 2^64 - 1");
            total += n;
            std::int64_t index;
            if (plan.convert) {
                double rep = std::exp(static_cast<double>(key - plan.offset) * plan.log_gamma) * plan.rep_factor;
                if (!(rep > 0.0 && std::isfinite(rep)))
                    throw bad(what + "'s value " + number_text(rep) + " is outside the positive doubles");
                index = index_of(rep, m);
            } else {
                index = key - plan.shift;
                if (index < lo_index || index > hi_index)
                    throw bad(what + " is ddsketch bucket " + std::to_string(index) + ", outside the finite doubles' " +
                              std::to_string(lo_index) + ".." + std::to_string(hi_index));
            }
            std::uint64_t& slot = indexes[i][static_cast<std::int32_t>(index)];
            slot += n;
        };
        for (const auto& kv : st.sparse) put(kv.first, kv.second);
        for (std::size_t j = 0; j < st.contiguous.size(); j++) {
            std::int64_t key = static_cast<std::int64_t>(st.offset) + static_cast<std::int64_t>(j);
            if (key > INT32_MAX && st.contiguous[j] != 0.0)
                throw bad(std::string(names[i]) + ".contiguousBinCounts run past key 2^31 - 1");
            put(key, st.contiguous[j]);
        }
    }
    s.count = total;
    // The maximum bucket count: ddsketch_agg's default when both stores fit in it (such a
    // sketch merges with default ones), else the most, kMaxBuckets, so that continuing it
    // folds nothing more than it must (past kMaxBuckets the lowest buckets fold, as
    // ddsketch_agg folds them).
    std::int64_t span = 0;
    for (const auto& ix : indexes)
        if (!ix.empty())
            span = std::max<std::int64_t>(span, static_cast<std::int64_t>(ix.rbegin()->first) - ix.begin()->first + 1);
    s.max_buckets = span <= kDefaultMaxBuckets ? kDefaultMaxBuckets : kMaxBuckets;
    s.positive = build_store(indexes[0], s.max_buckets);
    s.negative = build_store(indexes[1], s.max_buckets);
    if (s.count == 0) return s;
    s.sum_unknown = true;
    s.min = !s.negative.empty() ? -inside(s.negative.highest(), m) : s.zero_count > 0 ? 0.0 : inside(s.positive.lowest, m);
    s.max = !s.positive.empty() ? inside(s.positive.highest(), m) : s.zero_count > 0 ? 0.0 : -inside(s.negative.lowest, m);
    return s;
}

Buffer import_value(const std::uint8_t* data, std::size_t size, Allocator& alloc) {
    return encode(import_image(data, size), alloc);
}

namespace {

void put_varint(std::vector<std::uint8_t>& out, std::uint64_t v) {
    while (v >= 0x80) {
        out.push_back(static_cast<std::uint8_t>(v | 0x80));
        v >>= 7;
    }
    out.push_back(static_cast<std::uint8_t>(v));
}

void put_key(std::vector<std::uint8_t>& out, unsigned field, unsigned wire) { put_varint(out, field << 3 | wire); }

void put_double(std::vector<std::uint8_t>& out, double v) {
    std::uint8_t b[8];
    store_double(b, v);
    out.insert(out.end(), b, b + 8);
}

void put_message(std::vector<std::uint8_t>& out, unsigned field, const std::vector<std::uint8_t>& body) {
    put_key(out, field, kLen);
    put_varint(out, body.size());
    out.insert(out.end(), body.begin(), body.end());
}

double exact_count(std::uint64_t c) {
    if (c > (UINT64_C(1) << 53))
        throw Error(ErrorKind::kTooLarge, "a ddsketch count of " + std::to_string(c) + " has no exact DataDog image",
                    "DataDog's image holds counts as doubles, exact up to 2^53.");
    return static_cast<double>(c);
}

std::vector<std::uint8_t> store_message(const Store& st) {
    std::vector<std::uint8_t> body;
    if (st.empty()) return body;
    put_key(body, 2, kLen);
    put_varint(body, 8 * st.counts.size());
    for (std::uint64_t c : st.counts) put_double(body, exact_count(c));
    if (st.lowest != 0) {
        put_key(body, 3, kVarint);
        std::uint32_t u = static_cast<std::uint32_t>(st.lowest);
        put_varint(body, (u << 1) ^ (st.lowest < 0 ? 0xFFFFFFFFu : 0u));
    }
    return body;
}

}  // namespace

std::vector<std::uint8_t> export_image(const Sketch& s) {
    std::vector<std::uint8_t> mapping;
    put_key(mapping, 1, kFixed64);
    put_double(mapping, gamma_of(s.alpha));
    put_key(mapping, 3, kVarint);
    put_varint(mapping, kCubic);
    std::vector<std::uint8_t> out;
    put_message(out, 1, mapping);
    put_message(out, 2, store_message(s.positive));
    put_message(out, 3, store_message(s.negative));
    if (s.zero_count != 0) {
        put_key(out, 4, kFixed64);
        put_double(out, exact_count(s.zero_count));
    }
    return out;
}

Buffer export_value(const std::uint8_t* data, std::size_t size, Allocator& alloc) {
    std::vector<std::uint8_t> image = export_image(parse_trusted(data, size));
    std::uint8_t* out = allocate_or_throw(alloc, image.size());
    std::memcpy(out, image.data(), image.size());
    return {out, image.size()};
}

}  // namespace probabilistic::ddsketch::datadog
