// Unit tests of DataDog's DDSketch protobuf image (ddsketch_datadog.hpp,
// doc/FORMAT.md 6.9). The images here are written by a protobuf encoder of
// this file's own, from the protobuf encoding spec, and one image is the bytes
// sketches-js 2.1.1 wrote; answers are checked against the sorted values.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "ddsketch.hpp"
#include "ddsketch_datadog.hpp"
#include "test_alloc.hpp"

using namespace probabilistic;
using probabilistic::testing::TestAllocator;
using Bytes = std::vector<std::uint8_t>;
namespace dd = probabilistic::ddsketch::datadog;

namespace {

// --- A protobuf writer from the encoding spec (varints, zigzag, fixed64, length-delimited).
struct Pb {
    Bytes b;
    Pb& varint(std::uint64_t v) {
        while (v >= 0x80) {
            b.push_back(static_cast<std::uint8_t>(v | 0x80));
            v >>= 7;
        }
        b.push_back(static_cast<std::uint8_t>(v));
        return *this;
    }
    Pb& key(unsigned field, unsigned wire) { return varint(static_cast<std::uint64_t>(field) << 3 | wire); }
    Pb& f64(double v) {
        std::uint8_t x[8];
        std::memcpy(x, &v, 8);  // little-endian hosts only, as the rest of the tests
        b.insert(b.end(), x, x + 8);
        return *this;
    }
    Pb& dbl(unsigned field, double v) { return key(field, 1).f64(v); }
    Pb& sint(unsigned field, std::int32_t v) {
        return key(field, 0).varint(static_cast<std::uint32_t>((static_cast<std::uint32_t>(v) << 1) ^ (v < 0 ? ~0u : 0u)));
    }
    Pb& uint(unsigned field, std::uint64_t v) { return key(field, 0).varint(v); }
    Pb& msg(unsigned field, const Pb& m) {
        key(field, 2).varint(m.b.size());
        b.insert(b.end(), m.b.begin(), m.b.end());
        return *this;
    }
    Pb& raw(const Bytes& x) {
        b.insert(b.end(), x.begin(), x.end());
        return *this;
    }
};

Pb mapping(double gamma, double offset, int interpolation) {
    Pb m;
    m.dbl(1, gamma);
    if (offset != 0) m.dbl(2, offset);
    if (interpolation != 0) m.uint(3, static_cast<std::uint64_t>(interpolation));
    return m;
}

Pb contiguous(std::int32_t offset, const std::vector<double>& counts) {
    Pb s, packed;
    for (double c : counts) packed.f64(c);
    s.key(2, 2).varint(packed.b.size()).raw(packed.b);
    if (offset != 0) s.sint(3, offset);
    return s;
}

Pb image(const Pb& m, const Pb& pos, const Pb& neg, double zeros) {
    Pb d;
    d.msg(1, m).msg(2, pos).msg(3, neg);
    if (zeros != 0) d.dbl(4, zeros);
    return d;
}

// sketches-js's LogarithmicMapping(ra): gamma = 1 + 2 ra / (1 - ra), key = ceil(log(v) / log1p(gamma - 1)).
double js_gamma(double ra) { return 1.0 + 2.0 * ra / (1.0 - ra); }
std::int32_t js_key(double v, double ra) {
    return static_cast<std::int32_t>(std::ceil(std::log2(v) * (1.0 / std::log1p(2.0 * ra / (1.0 - ra)) * std::log(2.0))));
}

// The image sketches-js 2.1.1 writes for DDSketch({relativeAccuracy: 0.01}) after
// accept() of 1, 2, 3, 10, 100, -5 and 0 (node, test/datadog's pinned package).
const char* kSketchesJsHex =
    "0a1409fd4a815abf52f03f11000000000000000018001285101280100000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000f03f000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000f03f0000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000f03f00000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000f03f0000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000f03f000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000018171a850812800800000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000f03f000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000182221000000000000f03f";

Bytes to_bytes(Buffer b) { return Bytes(b.data, b.data + b.size); }

ddsketch::Sketch import(const Bytes& b) { return dd::import_image(b.data(), b.size()); }

Bytes value_of(const ddsketch::Sketch& s) {
    TestAllocator alloc;
    return to_bytes(ddsketch::encode(s, alloc));
}

ddsketch::Sketch native(const std::vector<double>& values, double alpha, std::uint32_t max_buckets = 2048) {
    ddsketch::Sketch s;
    s.alpha = alpha;
    s.max_buckets = max_buckets;
    for (double v : values) ddsketch::add(s, v);
    return s;
}

// The value at 0-based position p, as quantile() reads it: q = (p + 0.5) / n.
double at_position(const ddsketch::Sketch& s, std::size_t p) {
    double out = 0;
    EXPECT_TRUE(ddsketch::quantile(s, (static_cast<double>(p) + 0.5) / static_cast<double>(s.count), &out));
    return out;
}

void expect_refused(const Bytes& b, const std::string& words) {
    try {
        (void) import(b);
        ADD_FAILURE() << "accepted; expected a refusal saying: " << words;
        return;
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kCorrupt) << e.what();
        EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what() << " / expected: " << words;
    }
}

const Pb kCubic01 = mapping(dd::gamma_of(0.01), 0, 3);

}  // namespace

TEST(DdsketchDatadog, SketchesJsImageImportsWithinTwoAlpha) {
    std::string hex = kSketchesJsHex;
    Bytes b;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2) b.push_back(static_cast<std::uint8_t>(std::stoi(hex.substr(i, 2), nullptr, 16)));
    ddsketch::Sketch s = import(b);
    EXPECT_EQ(s.alpha, 0.01);  // gamma 1.01/0.99 read back as the relative accuracy sketches-js was given
    EXPECT_EQ(s.count, 7u);
    EXPECT_EQ(s.zero_count, 1u);
    EXPECT_TRUE(s.sum_unknown);
    std::vector<double> truth = {-5, 0, 1, 2, 3, 10, 100};
    double bound = 2 * 0.01 + 0.01 * 0.01;
    for (std::size_t p = 0; p < truth.size(); p++)
        EXPECT_LE(std::fabs(at_position(s, p) - truth[p]), bound * std::fabs(truth[p]) * (1 + 1e-12)) << p;
    // The value is valid (full validation) and its sum refused.
    Bytes v = value_of(s);
    EXPECT_NO_THROW(ddsketch::parse(v.data(), v.size()));
    EXPECT_THROW(ddsketch::sum(s), Error);
}

TEST(DdsketchDatadog, LogarithmicImagesConvertWithinTwoAlphaPlusAlphaSquared) {
    std::mt19937_64 rng(39);
    for (double ra : {0.0001, 0.001, 0.01, 0.02, 0.05, 0.2}) {
        // Spread over e^-5 .. e^5: fewer buckets than 65536 at every ra, so nothing collapses.
        std::lognormal_distribution<double> dist(0.0, 1.2);
        std::vector<double> values;
        std::map<std::int32_t, double> pos, neg;
        double zeros = 0;
        for (int i = 0; i < 3000; i++) {
            double v = dist(rng) * (i % 3 == 0 ? -1 : 1);
            if (i % 97 == 0) v = 0;
            values.push_back(v);
            if (v == 0)
                zeros++;
            else
                (v > 0 ? pos : neg)[js_key(std::fabs(v), ra)] += 1;
        }
        Pb p, n;
        for (auto& kv : pos) p.msg(1, Pb().sint(1, kv.first).dbl(2, kv.second));
        for (auto& kv : neg) n.msg(1, Pb().sint(1, kv.first).dbl(2, kv.second));
        ddsketch::Sketch s = import(image(mapping(js_gamma(ra), 0, 0), p, n, zeros).b);
        EXPECT_EQ(s.alpha, ra);
        std::sort(values.begin(), values.end());
        double bound = (2 * ra + ra * ra) * (1 + 1e-9);
        for (std::size_t i = 0; i < values.size(); i++)
            ASSERT_LE(std::fabs(at_position(s, i) - values[i]), bound * std::fabs(values[i])) << ra << " " << i;
        // Continued with native adds: within the same bound for the imported values, alpha for the new.
        ddsketch::Sketch more = native({1.5, -2.5, 3.0, 0.0}, s.alpha, s.max_buckets);
        ddsketch::merge(s, more);
        EXPECT_TRUE(s.sum_unknown);
        EXPECT_EQ(s.count, values.size() + 4);
        for (double v : {1.5, -2.5, 3.0, 0.0}) values.push_back(v);
        std::sort(values.begin(), values.end());
        for (std::size_t i = 0; i < values.size(); i++)
            ASSERT_LE(std::fabs(at_position(s, i) - values[i]), bound * std::fabs(values[i])) << ra << " " << i;
    }
}

TEST(DdsketchDatadog, ExportImportsBucketForBucket) {
    std::mt19937_64 rng(7);
    for (double alpha : {0.0001, 0.001, 0.01, 0.0123456789, 0.05, 0.2, 0.5}) {
        std::vector<double> values;
        std::lognormal_distribution<double> dist(0.0, 3.0);
        for (int i = 0; i < 2000; i++) values.push_back(i % 5 == 0 ? -dist(rng) : i % 50 == 0 ? 0.0 : dist(rng));
        ddsketch::Sketch s = native(values, alpha);
        std::vector<std::uint8_t> img = dd::export_image(s);
        ddsketch::Sketch back = import(img);
        EXPECT_EQ(back.alpha, alpha);
        EXPECT_EQ(back.max_buckets, 2048u);
        EXPECT_EQ(back.count, s.count);
        EXPECT_EQ(back.zero_count, s.zero_count);
        EXPECT_EQ(back.positive.lowest, s.positive.lowest);
        EXPECT_EQ(back.positive.counts, s.positive.counts);
        EXPECT_EQ(back.negative.lowest, s.negative.lowest);
        EXPECT_EQ(back.negative.counts, s.negative.counts);
        EXPECT_TRUE(back.sum_unknown);
        // Every position but the two ends (min and max, estimates now) answers as the original.
        for (std::size_t p = 1; p + 1 < s.count; p++) EXPECT_EQ(at_position(back, p), at_position(s, p)) << p;
        // min and max: within alpha of the true ones.
        EXPECT_LE(std::fabs(back.min - s.min), alpha * std::fabs(s.min) * (1 + 1e-12));
        EXPECT_LE(std::fabs(back.max - s.max), alpha * std::fabs(s.max) * (1 + 1e-12));
        // It merges with native sketches of the same parameters.
        EXPECT_NO_THROW(ddsketch::merge(back, native({1.0}, alpha)));
    }
}

TEST(DdsketchDatadog, AlphaOfManyDigitsComesBackToTheSameGamma) {
    // gamma holds about 12 significant digits of alpha at 0.0001 (more at larger alpha): an
    // alpha of 17 comes back as one of the same gamma, with the same buckets.
    for (double alpha : {0.1 + 0.2 - 0.29, 0.012345678901234567, 0.00012345678901234567}) {
        ddsketch::Sketch s = native({1.0, 2.0, -3.0}, alpha);
        ddsketch::Sketch back = import(dd::export_image(s));
        EXPECT_EQ(dd::gamma_of(back.alpha), dd::gamma_of(alpha));
        EXPECT_EQ(back.positive.counts, s.positive.counts);
        EXPECT_EQ(back.negative.lowest, s.negative.lowest);
    }
    // The fuzzer's find: a logarithmic image whose relative accuracy (gamma - 1) / (gamma + 1)
    // has 17 digits; exported (cubic) and imported again it has an alpha of the same gamma.
    Bytes found = {0x0a, 0x0b, 0x09, 0x32, 0xf7, 0x13, 0x5c, 0x41, 0x52, 0xf0, 0x3f, 0x38, 0x07, 0x12, 0x0a,
                   0x12, 0x08, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0x1a, 0x00};
    ddsketch::Sketch first = import(found);
    ddsketch::Sketch again = import(dd::export_image(first));
    EXPECT_EQ(dd::gamma_of(again.alpha), dd::gamma_of(first.alpha));
}

TEST(DdsketchDatadog, ExportBytes) {
    ddsketch::Sketch s = native({1.0}, 0.01);
    Bytes want = image(kCubic01, contiguous(0, {1.0}), Pb(), 0).b;
    EXPECT_EQ(dd::export_image(s), want);
    // An empty sketch: the mapping and two empty stores.
    EXPECT_EQ(dd::export_image(native({}, 0.01)), image(kCubic01, Pb(), Pb(), 0).b);
    // Negative indexes in zigzag, zeros as field 4.
    ddsketch::Sketch t = native({0.5, -0.25, 0.0, 0.0}, 0.01);
    Bytes twant = image(kCubic01, contiguous(ddsketch::index_of(0.5, ddsketch::multiplier(0.01)), {1.0}),
                        contiguous(ddsketch::index_of(0.25, ddsketch::multiplier(0.01)), {1.0}), 2.0).b;
    EXPECT_EQ(dd::export_image(t), twant);
    EXPECT_EQ(dd::gamma_of(0.01), 1.0 + std::expm1(0.02));
    // A count a double cannot hold exactly.
    ddsketch::Sketch big = native({1.0}, 0.01);
    big.positive.counts[0] = (UINT64_C(1) << 53) + 1;
    big.count = big.positive.counts[0];
    EXPECT_THROW(dd::export_image(big), Error);
}

TEST(DdsketchDatadog, EmptyImageIsTheEmptySketch) {
    ddsketch::Sketch s = import(image(kCubic01, Pb(), Pb(), 0).b);
    TestAllocator alloc;
    EXPECT_EQ(value_of(s), to_bytes(ddsketch::make_empty(alloc, 0.01, 2048)));
    // Zero counts (sketches-js pads its bins with them) hold nothing.
    EXPECT_EQ(value_of(import(image(kCubic01, contiguous(-3, {0, 0, 0}), Pb(), 0).b)), value_of(s));
}

TEST(DdsketchDatadog, ProtobufRulesUnknownFieldsAndMerging) {
    Pb plain = image(kCubic01, contiguous(5, {1, 2, 3}), Pb(), 4);
    Bytes want = value_of(import(plain.b));
    // Unknown fields of every wire type, in every message, are skipped.
    Pb unknown;
    unknown.uint(9, 300).dbl(10, 1.5).msg(11, Pb().uint(1, 1)).key(12, 5).raw({1, 2, 3, 4});
    unknown.key(13, 3).uint(1, 7).key(14, 3).key(14, 4).key(13, 4);  // nested groups
    Pb m = kCubic01;
    m.raw(unknown.b);
    Pb st = contiguous(5, {1, 2, 3});
    st.raw(unknown.b);
    Pb d;
    d.raw(unknown.b).msg(1, m).msg(2, st).msg(3, Pb().raw(unknown.b)).dbl(4, 4).raw(unknown.b);
    EXPECT_EQ(value_of(import(d.b)), want);
    // A map entry's unknown fields too; later keys win; sparse and contiguous add up.
    Pb sparse;
    sparse.msg(1, Pb().sint(1, 6).dbl(2, 99).uint(7, 1)).msg(1, Pb().sint(1, 6).dbl(2, 1));
    sparse.raw(contiguous(5, {1, 1, 3}).b);
    EXPECT_EQ(value_of(import(image(kCubic01, sparse, Pb(), 4).b)), want);
    // Unpacked repeated counts, a store sent in two parts (merged), the mapping in two parts.
    Pb parts;
    parts.msg(1, Pb().dbl(1, dd::gamma_of(0.01))).msg(1, Pb().uint(3, 3));
    parts.msg(2, Pb().dbl(2, 1).dbl(2, 2)).msg(2, Pb().dbl(2, 3).sint(3, 5)).dbl(4, 4);
    EXPECT_EQ(value_of(import(parts.b)), want);
}

TEST(DdsketchDatadog, MalformedImagesAreRefused) {
    Bytes good = image(kCubic01, contiguous(0, {1}), Pb(), 0).b;
    // Every truncation is refused but those at a field's end (13: the mapping alone, 25: and the
    // positive store), which are whole images of fewer fields.
    for (std::size_t n = 1; n < good.size(); n++)
        if (n != 13 && n != 25) {
            EXPECT_THROW((void) import(Bytes(good.begin(), good.begin() + static_cast<long>(n))), Error) << n;
        }
    expect_refused({0x0a}, "varint runs past the end");
    expect_refused({0x0a, 0x80}, "varint runs past the end");
    expect_refused({0x28, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02}, "longer than 64 bits");
    expect_refused({0x28, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, "varint longer");
    expect_refused({0x0a, 0x05, 0x09}, "bytes announced");
    expect_refused({0x0e}, "wire type 6");
    expect_refused({0x0f}, "wire type 7");
    expect_refused({0x00}, "field number 0");
    expect_refused({0x2b}, "not ended");                 // group 5 never closed
    expect_refused({0x2b, 0x34}, "ended as 6");          // group 5 closed as 6
    expect_refused({0x2c}, "without its start");         // end of group 5 alone
    Pb deep;
    for (int i = 0; i < 40; i++) deep.key(5, 3);
    expect_refused(deep.b, "nested too deep");
    expect_refused(Pb().dbl(1, 1.0).b, "mapping has wire type 1");
    expect_refused(Pb().msg(1, Pb().uint(1, 5)).b, "mapping.gamma has wire type 0");
    expect_refused(image(kCubic01, Pb().uint(2, 1), Pb(), 0).b, "contiguousBinCounts has wire type 0");
    expect_refused(image(kCubic01, Pb().key(2, 2).varint(3).raw({0, 0, 0}), Pb(), 0).b, "not a multiple of 8");
    expect_refused(image(kCubic01, Pb().key(3, 0).varint(UINT64_C(1) << 33), Pb(), 0).b, "not a sint32");
    expect_refused(image(kCubic01, Pb().msg(1, Pb().key(1, 0).varint(UINT64_C(1) << 32)), Pb(), 0).b, "not a sint32");
    expect_refused(Pb().dbl(4, 1).b, "no index mapping");
    // The mapping.
    for (double g : {1.0, 0.5, -2.0, std::nan(""), HUGE_VAL}) expect_refused(image(mapping(g, 0, 3), Pb(), Pb(), 0).b, "mapping.gamma");
    expect_refused(image(mapping(1.02, INFINITY, 0), Pb(), Pb(), 0).b, "indexOffset is not finite");
    expect_refused(image(mapping(1.02, 0, 1), Pb(), Pb(), 0).b, "LINEAR");
    expect_refused(image(mapping(1.02, 0, 2), Pb(), Pb(), 0).b, "QUADRATIC");
    expect_refused(image(mapping(1.02, 0, 7), Pb(), Pb(), 0).b, "interpolation 7");
    expect_refused(image(mapping(dd::gamma_of(0.01), 0.5, 3), Pb(), Pb(), 0).b, "not a 32-bit integer");
    expect_refused(image(mapping(dd::gamma_of(0.6), 0, 3), Pb(), Pb(), 0).b, "relative accuracy");
    expect_refused(image(mapping(js_gamma(0.00005), 0, 0), Pb(), Pb(), 0).b, "relative accuracy");
    expect_refused(image(mapping(1e300, 0, 0), Pb(), Pb(), 0).b, "relative accuracy");
    // Counts.
    for (double c : {-1.0, 0.5, std::nan(""), HUGE_VAL, 18446744073709551616.0}) {
        expect_refused(image(kCubic01, contiguous(0, {c}), Pb(), 0).b, "not an integral count");
        expect_refused(image(kCubic01, Pb(), Pb(), c).b, "zeroCount");
    }
    expect_refused(image(kCubic01, contiguous(0, {18446744073709549568.0}), Pb(), 18446744073709549568.0).b,
                   "past 2^64 - 1");
    // Keys: past the finite doubles' buckets, past int32, a bin whose value is no double.
    expect_refused(image(kCubic01, contiguous(1 << 30, {1}), Pb(), 0).b, "outside the finite doubles");
    expect_refused(image(mapping(dd::gamma_of(0.01), -2147483647.0, 3), contiguous(0, {1}), Pb(), 0).b,
                   "outside the finite doubles");
    expect_refused(image(kCubic01, contiguous(2147483647, {0, 1}), Pb(), 0).b, "past key 2^31 - 1");
    expect_refused(image(mapping(js_gamma(0.01), 0, 0), contiguous(40000, {1}), Pb(), 0).b, "outside the positive doubles");
    expect_refused(image(mapping(js_gamma(0.01), 0, 0), Pb(), contiguous(-40000, {1}), 0).b, "outside the positive doubles");
}

TEST(DdsketchDatadog, WideImagesGrowMaxBucketsThenCollapse) {
    // A store spanning 2048 buckets: the default; 2049: the most, 65536, nothing folded.
    ddsketch::Sketch d = import(image(kCubic01, Pb().msg(1, Pb().sint(1, -1000).dbl(2, 1)).msg(1, Pb().sint(1, 1047).dbl(2, 1)), Pb(), 0).b);
    EXPECT_EQ(d.max_buckets, 2048u);
    ddsketch::Sketch s = import(image(kCubic01, Pb().msg(1, Pb().sint(1, -1500).dbl(2, 1)).msg(1, Pb().sint(1, 1499).dbl(2, 1)), Pb(), 0).b);
    EXPECT_EQ(s.max_buckets, 65536u);
    EXPECT_FALSE(s.positive.collapsed);
    // Past 65536 the lowest fold, as ddsketch_agg folds them.
    ddsketch::Sketch w = import(image(mapping(dd::gamma_of(0.0001), 0, 3),
                                      Pb().msg(1, Pb().sint(1, -70000).dbl(2, 1)).msg(1, Pb().sint(1, 70000).dbl(2, 1)), Pb(), 0).b);
    EXPECT_EQ(w.max_buckets, 65536u);
    EXPECT_TRUE(w.positive.collapsed);
    EXPECT_EQ(w.positive.lowest, 70000 - 65535);
    Bytes v = value_of(w);
    EXPECT_NO_THROW(ddsketch::parse(v.data(), v.size()));
}

TEST(DdsketchDatadog, UnknownSumFlag) {
    ddsketch::Sketch s = import(image(kCubic01, contiguous(0, {2}), Pb(), 1).b);
    EXPECT_TRUE(s.sum_unknown);
    Bytes v = value_of(s);
    EXPECT_EQ(v[3], 4);  // flag bit 2
    EXPECT_NO_THROW(ddsketch::parse(v.data(), v.size()));
    // Adding keeps the sum unknown (and empty); the value stays valid.
    TestAllocator alloc;
    Bytes added = to_bytes(ddsketch::add(v.data(), v.size(), 3.5, true, alloc));
    ddsketch::Sketch a = ddsketch::parse(added.data(), added.size());
    EXPECT_TRUE(a.sum_unknown);
    EXPECT_TRUE(a.sum.limbs.empty());
    EXPECT_EQ(a.max, 3.5);
    // A union with a native sketch: unknown too.
    Bytes n = value_of(native({1.0, 2.0}, 0.01));
    Bytes u = to_bytes(ddsketch::merge(n.data(), n.size(), v.data(), v.size(), alloc));
    EXPECT_TRUE(ddsketch::parse(u.data(), u.size()).sum_unknown);
    EXPECT_THROW(ddsketch::sum(ddsketch::parse(u.data(), u.size())), Error);
    // Refused: the flag with sum limbs, the flag on an empty sketch.
    Bytes with_limbs = value_of(native({1.0}, 0.01));
    with_limbs[3] |= 4;
    EXPECT_THROW(ddsketch::parse(with_limbs.data(), with_limbs.size()), Error);
    Bytes empty = to_bytes(ddsketch::make_empty(alloc, 0.01, 2048));
    empty[3] |= 4;
    EXPECT_THROW(ddsketch::parse(empty.data(), empty.size()), Error);
    // Bit 3 is still unknown.
    Bytes bit3 = value_of(native({1.0}, 0.01));
    bit3[3] |= 8;
    EXPECT_THROW(ddsketch::parse(bit3.data(), bit3.size()), Error);
}
