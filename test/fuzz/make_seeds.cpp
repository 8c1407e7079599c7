// Writes the fuzz targets' seed corpora: make_seeds DIR creates DIR/<target>/
// with valid values of every representation and precision (and a few near
// misses), so the fuzzers start from deep inside the formats rather than from
// the type tag. Deterministic; built and run by `make fuzz`.
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <string>

#include "fuzz_common.hpp"
#include "hash.hpp"
#include "bloom.hpp"
#include "cuckoo.hpp"
#include "fuse.hpp"
#include "agebloom.hpp"  // issue-28
#include "ddsketch.hpp"
#include "ddsketch_datadog.hpp"
#include "countmin.hpp"
#include "topk.hpp"
#include "kll.hpp"  // issue-26
#include "hll.hpp"
#include "hll_family.hpp"

using namespace probabilistic;
using fuzz::HeapAllocator;

namespace {

void make_dir(const std::string& path) {
    if (mkdir(path.c_str(), 0755) != 0 && errno != EEXIST) {
        std::perror(path.c_str());
        std::exit(1);
    }
}

void write_file(const std::string& path, const std::uint8_t* data, std::size_t size) {
    FILE* f = std::fopen(path.c_str(), "wb");
    if (f == nullptr || std::fwrite(data, 1, size, f) != size || std::fclose(f) != 0) {
        std::perror(path.c_str());
        std::exit(1);
    }
}
void write_file(const std::string& path, const std::vector<std::uint8_t>& bytes) {
    write_file(path, bytes.data(), bytes.size());
}

// A canonical hll value of n distinct values.
Buffer hll_of(HeapAllocator& alloc, int p, std::uint64_t seed, std::size_t n, std::uint64_t salt = 0) {
    Buffer b = hll::empty(alloc, p, seed);
    for (std::size_t i = 0; i < n; i++) {
        Buffer next = hll::add_hash(b.data, b.size, hash_int64(static_cast<std::int64_t>(i + salt), seed), true, alloc);
        if (next.data != b.data) alloc.release(b.data);
        b = next;
    }
    return b;
}

// ddsketch values of every shape (empty, both signs and zeros, wide counts,
// collapsed, a many-limb sum) and near misses that each fail one check.
void ddsketch_seeds(const std::string& dir, HeapAllocator& alloc) {
    auto build = [&](double alpha, long long max_buckets, const std::vector<double>& values) {
        Buffer b = ddsketch::make_empty(alloc, alpha, max_buckets);
        for (double v : values) b = ddsketch::add(b.data, b.size, v, false, alloc);
        return b;
    };
    std::vector<double> wide, many;
    for (int i = -300; i <= 300; i += 7) wide.push_back((i % 2 ? -1.0 : 1.0) * std::ldexp(1.37, i));
    for (int i = 0; i < 300; i++) many.push_back(i % 5);
    const std::pair<const char*, Buffer> values[] = {
        {"empty", ddsketch::make_empty(alloc, 0.01, 2048)},
        {"signs", build(0.01, 2048, {-3, -1, 0, 0, -0.0, 2, 5, 300})},
        {"wide-counts", build(0.05, 2048, many)},
        {"collapsed", build(0.01, 16, wide)},
        {"max-buckets-1", build(0.5, 1, {1, 10, -1, -10, 0})},
        {"sum-limbs", build(0.0001, 65536, {1e300, 5e-324, -1e-310, 3})},
    };
    for (const auto& [name, b] : values) write_file(dir + "/ddsketch-" + name, b.data, b.size);
    const Buffer& g = values[1].second;
    std::vector<std::uint8_t> bad(g.data, g.data + g.size);
    bad[3] = 1;  // collapsed flag on a store that is not full
    write_file(dir + "/ddsketch-bad-flag", bad);
    bad.assign(g.data, g.data + g.size);
    store_le64(bad.data() + 24, 9);  // count
    write_file(dir + "/ddsketch-bad-count", bad);
    bad.assign(g.data, g.data + g.size);
    store_double(bad.data() + 48, 310.0);  // max in another bucket
    write_file(dir + "/ddsketch-bad-max", bad);
    write_file(dir + "/ddsketch-bad-truncated", g.data, g.size - 1);
}

// DataDog DDSketch images (issue 39): our exports of the ddsketch seeds above
// (cubic, bucket for bucket), a logarithmic image as sketches-js writes it
// (map entries, packed and unpacked counts, offsets, a zero count), and near
// misses that each fail one check.
void ddsketch_datadog_seeds(const std::string& dir) {
    HeapAllocator alloc;
    auto write = [&](const std::string& name, const std::vector<std::uint8_t>& b) {
        write_file(dir + "/ddsketch-datadog-" + name, b.data(), b.size());
    };
    auto sketch = [&](double alpha, long long max_buckets, const std::vector<double>& values) {
        Buffer b = ddsketch::make_empty(alloc, alpha, max_buckets);
        for (double v : values) b = ddsketch::add(b.data, b.size, v, false, alloc);
        return ddsketch::parse(b.data, b.size);
    };
    std::vector<double> wide;
    for (int i = -300; i <= 300; i += 7) wide.push_back((i % 2 ? -1.0 : 1.0) * std::ldexp(1.37, i));
    write("empty", ddsketch::datadog::export_image(sketch(0.01, 2048, {})));
    write("signs", ddsketch::datadog::export_image(sketch(0.01, 2048, {-3, -1, 0, 0, 2, 5, 300})));
    write("wide", ddsketch::datadog::export_image(sketch(0.0001, 65536, wide)));
    write("extremes", ddsketch::datadog::export_image(sketch(0.5, 16, {5e-324, -5e-324, 1.7976931348623157e308, 0})));
    // sketches-js's LogarithmicMapping(0.01) image of 1, 2, 3, -5 and 0, in every Store encoding.
    const std::uint8_t js[] = {
        0x0a, 0x09, 0x09, 0xfd, 0x4a, 0x81, 0x5a, 0xbf, 0x52, 0xf0, 0x3f, 0x12, 0x36, 0x0a, 0x0b, 0x08, 0x00, 0x11,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xf0, 0x3f, 0x12, 0x18, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xf0, 0x3f,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x18, 0x46,
        0x0a, 0x0b, 0x08, 0x6e, 0x11, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xf0, 0x3f, 0x1a, 0x0d, 0x12, 0x08, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0xf0, 0x3f, 0x18, 0xa2, 0x01, 0x21, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xf0,
        0x3f};
    std::vector<std::uint8_t> g(js, js + sizeof js);
    write("js-logarithmic", g);
    // Near misses: truncated, an unknown interpolation, a fractional count, a wire type 7.
    write("bad-truncated", std::vector<std::uint8_t>(g.begin(), g.end() - 1));
    std::vector<std::uint8_t> bad = ddsketch::datadog::export_image(sketch(0.01, 2048, {1}));
    bad[12] = 0x07;  // interpolation 7
    write("bad-interpolation", bad);
    bad = g;
    bad[sizeof js - 2] = 0xe0;  // zeroCount 0.5
    write("bad-count", bad);
    bad = g;
    bad[0] = 0x0f;
    write("bad-wire", bad);
}

// BEGIN issue-26 kll
// kll values of every shape (empty, one item, one level, many levels, sorted
// level 0, a union of two k), their DataSketches images (doubles and floats),
// and near misses that each fail one check.
void kll_seeds(const std::string& dir, HeapAllocator& alloc) {
    auto build = [](std::uint16_t k, int n, double scale) {
        kll::Sketch s = kll::empty(k);
        for (int i = 0; i < n; i++) kll::update(s, std::fmod(i * 7919.0, 1000.0) * scale - 10);
        return s;
    };
    kll::Sketch merged = build(20, 700, 1.0);
    kll::merge(merged, build(8, 300, -2.0));
    kll::Sketch sorted = build(8, 40, 1.0);
    sorted.level_zero_sorted = true;
    std::sort(sorted.items.begin() + sorted.levels[0], sorted.items.begin() + sorted.levels[1]);
    const std::pair<const char*, kll::Sketch> values[] = {
        {"empty", kll::empty(200)}, {"one", build(200, 1, 1.0)},   {"one-level", build(200, 150, 0.5)},
        {"levels", build(8, 500, 1.0)}, {"union", merged},          {"sorted-level-0", sorted},
    };
    for (const auto& [name, s] : values) {
        Buffer b = kll::encode(s, alloc);
        write_file(dir + "/kll-" + name, b.data, b.size);
        std::vector<std::uint8_t> d = kll::export_datasketches(s, false), f = kll::export_datasketches(s, true);
        write_file(dir + "/kll-datasketches-double-" + std::string(name), d.data(), d.size());
        write_file(dir + "/kll-datasketches-float-" + std::string(name), f.data(), f.size());
    }
    Buffer g = kll::encode(values[3].second, alloc);
    std::vector<std::uint8_t> bad(g.data, g.data + g.size);
    store_le64(bad.data() + 8, 501);  // n not the weight
    write_file(dir + "/kll-bad-n", bad);
    bad.assign(g.data, g.data + g.size);
    bad[3] = 2;  // a working state
    write_file(dir + "/kll-bad-working", bad);
    bad.assign(g.data, g.data + g.size);
    store_double(bad.data() + bad.size() - 8, -1e9);  // the top level unsorted, below min
    write_file(dir + "/kll-bad-item", bad);
    write_file(dir + "/kll-bad-truncated", g.data, g.size - 1);
}
// END issue-26

void parse_seeds(const std::string& dir) {
    HeapAllocator alloc;
    auto put = [&](const std::string& name, Buffer b) { write_file(dir + "/" + name, b.data, b.size); };
    for (int p = hll::kMinPrecision; p <= hll::kMaxPrecision; p++) {
        std::string at = "hll-p" + std::to_string(p);
        std::size_t limit = hll::sparse_limit(p);
        std::uint64_t seed = p % 3 == 0 ? 0 : p % 3 == 1 ? UINT64_C(0xFEEDFACECAFEBEEF) : 42;
        put(at + "-empty", hll::empty(alloc, p, seed));
        put(at + "-sparse-1", hll_of(alloc, p, seed, 1));
        put(at + "-sparse-half", hll_of(alloc, p, seed, limit / 2 + 1));
        put(at + "-sparse-full", hll_of(alloc, p, seed, limit));
        put(at + "-dense-new", hll_of(alloc, p, seed, limit + 1));
        if (p <= 14) put(at + "-dense-full", hll_of(alloc, p, seed, 8 * hll::register_count(p)));
    }
    // Folded values, and high registers from hashes with long zero runs.
    Buffer d14 = hll_of(alloc, 14, 0, 20000);
    put("hll-p14-dense-folded-10", hll::fold(d14.data, d14.size, 10, alloc));
    put("hll-p14-dense-folded-4", hll::fold(d14.data, d14.size, 4, alloc));
    Buffer s18 = hll_of(alloc, 18, 0, 100);
    put("hll-p18-sparse-folded-8", hll::fold(s18.data, s18.size, 8, alloc));
    // Small Bloom filters, fixed, scalable (grown to several layers) and blocked, empty and filled.
    for (std::uint8_t layout : {bloom::kLayoutFixed, bloom::kLayoutScalable, bloom::kLayoutBlocked}) {
        for (long long capacity : {1LL, 10LL, 100LL}) {
            std::string at = std::string("bloom-") + bloom::layout_name(layout) + "-" + std::to_string(capacity);
            Buffer b = bloom::make_empty(alloc, capacity, 0.01, layout, 0);
            put(at + "-empty", b);
            for (std::uint64_t i = 0; i < static_cast<std::uint64_t>(capacity) * 5; i++)
                b = bloom::add_hash(b.data, b.size, hash_int64(static_cast<std::int64_t>(i), 0), false, alloc);
            put(at + "-filled", b);
        }
    }
    // bloom_agg(x, capacity, fpr [, layout])'s working state, made small:
    // a filter with its flag set and a buffer of 4 slots, 3 hashes pending.
    for (std::uint8_t layout : {bloom::kLayoutFixed, bloom::kLayoutBlocked}) {
        Buffer b = bloom::make_empty(alloc, 10, 0.01, layout, 0);
        std::vector<std::uint8_t> st(b.data, b.data + b.size);
        st[3] |= bloom::kBuildingFlag;
        const std::uint32_t counts[2] = {3, 4};
        st.resize(b.size + bloom::kPendingHeaderSize + 8 * counts[1]);
        std::memcpy(st.data() + b.size, counts, sizeof counts);
        for (std::uint32_t i = 0; i < counts[0]; i++)
            store_le64(st.data() + b.size + bloom::kPendingHeaderSize + 8 * i, hash_int64(i, 0));
        write_file(dir + "/bloom-working-state-" + bloom::layout_name(layout), st);
    }
    // bloom_agg(x [, fpr]) states as parallel workers serialize them.
    for (std::uint64_t count : {0, 1, 5}) {
        std::vector<std::uint8_t> st(bloom::kDistinctStateHeaderSize + 8 * count);
        bloom::write_distinct_state_header(st.data(), 0.01, count);
        for (std::uint64_t i = 0; i < count; i++) store_le64(st.data() + bloom::kDistinctStateHeaderSize + 8 * i, i * 7919);
        write_file(dir + "/bloom-agg-state-" + std::to_string(count), st);
    }
    // topk values: empty, bigint items with purges, text items of several lengths, weighted.
    put("topk-empty", topk::make_empty(alloc, 4));
    for (long long k : {1LL, 3LL, 16LL}) {
        Buffer w = topk::make_working(alloc, k);
        for (std::int64_t i = 0; i < 200; i++) {
            std::uint8_t item[8];
            store_le64(item, static_cast<std::uint64_t>(100 / (1 + i % 23)));
            w = topk::add(w.data, w.size, item, 8, 1 + i % 3, 20, 8, alloc);
        }
        put("topk-bigint-" + std::to_string(k), topk::finish(w.data, w.size, alloc));
    }
    Buffer t = topk::make_working(alloc, 4);
    for (const char* item : {"a", "", "bb", "a", "ccc", "a", "bb"})
        t = topk::add(t.data, t.size, item, std::strlen(item), 1, 25, 0, alloc);
    put("topk-text", topk::finish(t.data, t.size, alloc));
    for (int p : {4, 10, 18}) {
        Buffer b = hll::empty(alloc, p, 0);
        for (std::uint64_t i = 0; i < 64; i++)
            b = hll::add_hash(b.data, b.size, (i << 58) | (std::uint64_t(1) << (i % 8)), false, alloc);
        put("hll-p" + std::to_string(p) + "-high-ranks", b);
    }

    // postgresql-hll's bytes (hll_import): EMPTY, EXPLICIT, SPARSE and FULL at a
    // few parameters, written by our export of values its rule built.
    for (int rw : {1, 5, 7}) {
        for (int log2m : {4, 9}) {
            std::vector<std::uint8_t> e = {0x11, static_cast<std::uint8_t>(((rw - 1) << 5) | log2m), 0x7f};
            Buffer v = hll::family::import(e.data(), e.size(), "postgresql-hll", 0, alloc);
            for (std::uint64_t i = 0; i < 600; i++) {
                v = hll::add_hash(v.data, v.size, hash_int64(static_cast<std::int64_t>(i), 0), false, alloc);
                if (i == 0 || i == 20 || i == 599) {
                    Buffer b = hll::family::export_to(hll::parse(v.data, v.size), "postgresql-hll", alloc);
                    put("pg-hll-rw" + std::to_string(rw) + "-log2m" + std::to_string(log2m) + "-n" +
                            std::to_string(i + 1),
                        b);
                    if (i == 20) put("family-rw" + std::to_string(rw) + "-log2m" + std::to_string(log2m), v);
                }
            }
        }
    }

    // Redis's HYLL bytes: an empty key, and its sparse and dense forms after a few adds.
    {
        Buffer v = hll::family::empty(hll::family::kRedis, 14, 0, alloc);
        put("redis-empty", hll::family::export_to(hll::parse(v.data, v.size), "redis", alloc));
        std::vector<std::uint8_t> sparse = {'H', 'Y', 'L', 'L', 1, 0, 0, 0, 0, 0, 0, 0x80, 0, 0, 0, 0x80,
                                            0x40, 0x10, 0x88, 0x08, 0x7f, 0xe4};  // XZERO:17, VAL:3,1, ZERO:9, XZERO:16357
        write_file(dir + "/redis-sparse", sparse);
        for (std::uint64_t i = 0; i < 40; i++)
            v = hll::add_hash(v.data, v.size, hash_int64(static_cast<std::int64_t>(i), 0), false, alloc);
        put("redis-dense", hll::family::export_to(hll::parse(v.data, v.size), "redis", alloc));
    }

    // DataSketches HLL images: LIST (lgK 11), SET (lgK 10), and HLL at lgK 6 in each
    // register type (the target type is header byte 5 of the stored value).
    for (int lgk : {11, 10, 6})
        for (std::uint8_t tgt : {0, 1, 2}) {
            if (lgk != 6 && tgt != 2) continue;
            Buffer v = hll::family::empty(hll::family::kDataSketches, lgk, 0, alloc);
            v.data[5] = tgt;
            for (std::int64_t i = 0; i < (lgk == 11 ? 3 : lgk == 10 ? 50 : 300); i++)
                v = hll::add_hash(v.data, v.size,
                                  hll::family::hash_bytes(hll::family::kDataSketches, &i, sizeof i, 9001), false, alloc);
            put("datasketches-lgk" + std::to_string(lgk) + "-type" + std::to_string(tgt),
                hll::family::export_to(hll::parse(v.data, v.size), "datasketches", alloc));
        }

    // Near misses: each fails exactly one check.
    Buffer s = hll_of(alloc, 12, 7, 20);
    std::vector<std::uint8_t> bad(s.data, s.data + s.size);
    std::swap_ranges(bad.begin() + 16, bad.begin() + 20, bad.begin() + 20);
    write_file(dir + "/hll-bad-order", bad);
    bad.assign(s.data, s.data + s.size);
    bad[16] &= 0xC0;
    write_file(dir + "/hll-bad-rank", bad);
    bad.assign(s.data, s.data + s.size);
    bad[6] = 1;
    write_file(dir + "/hll-bad-reserved", bad);
    Buffer d = hll_of(alloc, 6, 0, 1000);
    write_file(dir + "/hll-bad-truncated", d.data, d.size - 3);
    bad.assign(d.data, d.data + d.size);
    bad[16] = 0xFF;
    write_file(dir + "/hll-bad-register", bad);
    ddsketch_seeds(dir, alloc);
    kll_seeds(dir, alloc);  // issue-26
    Buffer state = hll::builder(alloc, 8, 0, kind::kNone);
    for (std::int64_t i = 0; i < 5; i++) state = hll::add_hash(state.data, state.size, hash_int64(i, 0), true, alloc);
    put("hll-building-state", state);
}

// Inputs in hll_build_fuzz.cpp's step language.
class Steps {
public:
    Steps(int p, std::uint64_t seed) {
        bytes_.push_back(static_cast<std::uint8_t>(p - hll::kMinPrecision));
        u64(seed);
    }
    Steps& raw(std::uint64_t h) { return op(0).u64(h); }
    Steps& shaped(std::uint8_t top, unsigned bit, bool low) { return op(static_cast<std::uint8_t>(2 | (bit << 3))).u8(top).u8(low); }
    Steps& repeat(std::uint16_t i) { return op(3).u8(i & 0xFF).u8(i >> 8); }
    Steps& burst(std::uint8_t count_code, std::uint64_t state, bool narrow) {
        return op(narrow ? 4 | 8 : 4).u8(count_code).u64(state);
    }
    Steps& checkpoint() { return op(5); }
    Steps& extreme(std::uint8_t i) { return op(6).u8(i); }
    Steps& other_side() { side_ = !side_; return *this; }
    const std::vector<std::uint8_t>& bytes() const { return bytes_; }

private:
    Steps& op(std::uint8_t control) { return u8(static_cast<std::uint8_t>(control | (side_ ? 0x80 : 0))); }
    Steps& u8(std::uint8_t v) { bytes_.push_back(v); return *this; }
    Steps& u64(std::uint64_t v) {
        for (int i = 0; i < 8; i++) bytes_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
        return *this;
    }
    std::vector<std::uint8_t> bytes_;
    bool side_ = false;
};

void build_seeds(const std::string& dir) {
    auto put = [&](const std::string& name, const Steps& s) { write_file(dir + "/" + name, s.bytes()); };
    Steps few(14, 0);
    for (std::int64_t i = 0; i < 12; i++) few.raw(hash_int64(i, 0)).other_side();
    put("few", few.repeat(3).checkpoint().raw(hash_int64(99, 0)));
    Steps collide(4, 1);
    for (unsigned bit = 0; bit < 16; bit++) collide.shaped(0x10, bit, bit & 1).shaped(0x10, 15 - bit, true).other_side();
    put("collide-p4", collide.checkpoint().repeat(5));
    Steps extremes(18, ~std::uint64_t(0));
    for (std::uint8_t i = 0; i < 8; i++) extremes.extreme(i).other_side();
    put("extremes-p18", extremes);
    for (int p : {4, 10, 14, 16, 18}) {
        Steps s(p, static_cast<std::uint64_t>(p));
        s.burst(15, 1, false).checkpoint().burst(40, 2, false).burst(63, 3, true).checkpoint();
        // A generator state ending in 0xB16: 4200 hashes, dense at every p.
        s.burst(0, 0x4B16, false).checkpoint().other_side().burst(63, 5, true);
        put("bursts-p" + std::to_string(p), s.checkpoint().raw(0));
    }
}

// cuckoo_parse_fuzz.cpp's inputs: a mode byte (0: a value follows; 1: a program).
void cuckoo_seeds(const std::string& dir) {
    HeapAllocator alloc;
    for (long long capacity : {1LL, 2LL, 30LL}) {
        Buffer b = cuckoo::make_empty(alloc, capacity, capacity == 2 ? 0.1 : 0.01, 0);
        for (long long i = 0; i < capacity; i++) b = cuckoo::add_hash(b.data, b.size, hash_int64(i, 0), false, alloc);
        std::vector<std::uint8_t> v{0};
        v.insert(v.end(), b.data, b.data + b.size);
        write_file(dir + "/value-" + std::to_string(capacity), v);
    }
    std::vector<std::uint8_t> program{1, 20, 0, 0};
    for (std::uint8_t i = 0; i < 60; i++) program.push_back(i % 3 == 2 ? static_cast<std::uint8_t>(0x80 | (i / 3)) : i);
    write_file(dir + "/program", program);
}

// fuse_parse_fuzz.cpp's inputs: a mode byte (0: a value follows; 1: a
// program). Key sets and filters of several sizes and widths, and near misses
// that each fail one check of the validation list.
void fuse_seeds(const std::string& dir) {
    HeapAllocator alloc;
    auto put = [&](const std::string& name, const std::vector<std::uint8_t>& v) {
        std::vector<std::uint8_t> seed{0};
        seed.insert(seed.end(), v.begin(), v.end());
        write_file(dir + "/" + name, seed);
    };
    auto key_set = [&](std::uint64_t n, unsigned f, std::uint16_t kind) {
        Buffer b = fuse::make_empty_keys(alloc, std::ldexp(1.0, -static_cast<int>(f)), 5);
        for (std::uint64_t i = 0; i < n; i++) b = fuse::add_hash(b.data, b.size, hash_int64(i, 5), true, alloc, kind);
        b = fuse::canonical(b.data, b.size, alloc);
        return std::vector<std::uint8_t>(b.data, b.data + b.size);
    };
    auto filter = [&](const std::vector<std::uint8_t>& keys) {
        Buffer b = fuse::build(keys.data(), keys.size(), alloc);
        return std::vector<std::uint8_t>(b.data, b.data + b.size);
    };
    auto with = [](std::vector<std::uint8_t> v, std::size_t at, std::uint64_t x, int bytes) {
        for (int i = 0; i < bytes; i++) v[at + i] = static_cast<std::uint8_t>(x >> (8 * i));
        return v;
    };
    for (std::uint64_t n : {0u, 1u, 5u, 40u, 200u})
        for (unsigned f : {1u, 7u, 8u, 13u, 32u}) {
            std::string shape = std::to_string(n) + "-f" + std::to_string(f);
            std::vector<std::uint8_t> keys = key_set(n, f, n % 2 == 1 ? 20 : 0);
            if (n <= 40) put("keys-" + shape, keys);
            put("filter-" + shape, filter(keys));
        }
    std::vector<std::uint8_t> keys = key_set(5, 8, 20), f = filter(keys), empty = filter(key_set(0, 8, 0));
    put("miss-tag", with(keys, 0, 'C', 1));
    put("miss-version", with(keys, 1, 3, 1));
    put("miss-hash-id", with(keys, 2, 1, 1));
    put("miss-form", with(keys, 3, 3, 1));
    put("miss-form-working", with(keys, 3, fuse::kFormWorking, 1));
    put("miss-arity", with(f, 5, 4, 1));
    put("miss-kind", with(keys, 6, 0, 2));  // version 2 without a kind (12000 is a valid kind since 0.9.0)
    put("miss-kind-v1", with(keys, 1, 1, 1));
    put("miss-fpr", with(keys, 16, 0x3FF0000000000000u, 8));  // 1.0
    put("miss-fingerprint-bits", with(f, 4, 9, 1));
    put("miss-reserved", with(f, 56, 1, 8));
    put("miss-keys-segment-length", with(keys, 32, 8, 8));
    put("miss-keys-count", with(keys, 24, 6, 8));
    put("miss-keys-order", with(keys, fuse::kHeaderSize, load_le64(keys.data() + fuse::kHeaderSize + 8), 8));
    put("miss-empty-attempt", with(empty, 48, 1, 8));
    put("miss-attempt", with(f, 48, fuse::kMaxAttempts, 8));
    put("miss-segment-length", with(f, 32, 16, 8));
    put("miss-segment-count", with(f, 40, load_le64(f.data() + 40) + 1, 8));
    put("miss-filter-keys", with(f, 24, 200, 8));  // 200 keys need other segments
    std::vector<std::uint8_t> pad = filter(key_set(1, 3, 0));  // 12 entries of 3 bits: 4 pad bits
    put("miss-pad", with(pad, pad.size() - 1, pad.back() | 0x80, 1));
    std::vector<std::uint8_t> program{1, 8, 3};
    for (std::uint8_t i = 0; i < 80; i++)
        program.push_back(static_cast<std::uint8_t>((i % 32) << 3 | (i % 7 == 6 ? 2 : i % 11 == 10 ? 3 : i & 1) |
                                                    (i % 3 == 0 ? 4 : 0)));
    write_file(dir + "/program", program);
}

// BEGIN issue-27 countmin
// parse_fuzz.cpp's countmin inputs: valid sketches of several shapes and near
// misses that each fail one check.
void countmin_seeds(const std::string& dir) {
    HeapAllocator alloc;
    auto put = [&](const std::string& name, const std::uint8_t* p, std::size_t n) {
        write_file(dir + "/countmin-" + name, p, n);
    };
    struct Shape {
        const char* name;
        double epsilon, delta;
        int adds;
    };
    for (const Shape& sh : {Shape{"empty", 0.5, 0.5, 0}, Shape{"row", 0.5, 0.5, 40}, Shape{"rows", 0.2, 0.01, 300},
                            Shape{"wide", 0.02, 0.3, 100}}) {
        Buffer b = countmin::make_empty(alloc, sh.epsilon, sh.delta, 7);
        for (int i = 0; i < sh.adds; i++)
            b = countmin::add_hash(b.data, b.size, hash_int64(i % 13, 7), 1 + i % 4, false, alloc, 20);
        put(sh.name, b.data, b.size);
        std::vector<std::uint8_t> v(b.data, b.data + b.size);
        if (sh.adds == 0) continue;
        auto miss = [&](const std::string& what, std::size_t off, std::uint64_t value) {
            std::vector<std::uint8_t> m = v;
            store_le64(m.data() + off, value);
            put(std::string(sh.name) + "-" + what, m.data(), m.size());
        };
        std::uint64_t total = load_le64(v.data() + 40);
        miss("total-low", 40, total - 1);
        miss("total-high", 40, total * static_cast<std::uint64_t>(v[4]) + 1);
        miss("cell-up", countmin::kHeaderSize, load_le64(v.data() + countmin::kHeaderSize) + 1);
        miss("total-max", 40, countmin::kMaxTotal);
    }
}
// END issue-27

// BEGIN issue-28 agebloom
// parse_fuzz.cpp's agebloom inputs: count and time filters of several shapes,
// and near misses that each fail one check.
void agebloom_seeds(const std::string& dir) {
    HeapAllocator alloc;
    auto put = [&](const std::string& name, const std::vector<std::uint8_t>& v) {
        write_file(dir + "/agebloom-" + name, v);
    };
    struct Shape {
        const char* name;
        int mode;
        long long window, capacity;
        double fpr;
        int generations, adds;
        std::int64_t step;
    };
    for (const Shape& sh : {Shape{"count-empty", 1, 20, 20, 0.1, 2, 0, 0}, Shape{"count", 1, 30, 30, 0.05, 3, 70, 0},
                            Shape{"time-empty", 2, 1000, 20, 0.1, 2, 0, 0},
                            Shape{"time", 2, 1000, 40, 0.05, 4, 60, 37}}) {
        Buffer b = agebloom::make_empty(alloc, sh.mode, sh.window, sh.capacity, sh.fpr, sh.generations, 3);
        for (int i = 0; i < sh.adds; i++) b = agebloom::add_hash(b.data, b.size, hash_int64(i, 3), i * sh.step, false, alloc, 20);
        std::vector<std::uint8_t> v(b.data, b.data + b.size);
        put(sh.name, v);
        if (sh.adds == 0) continue;
        auto miss = [&](const std::string& what, std::size_t off, std::uint64_t value) {
            std::vector<std::uint8_t> m = v;
            store_le64(m.data() + off, value);
            put(std::string(sh.name) + "-" + what, m);
        };
        miss("items", 80, load_le64(v.data() + 80) + 1);
        miss("generation", 72, load_le64(v.data() + 72) + 1);
        miss("count", agebloom::kHeaderSize, load_le64(v.data() + agebloom::kHeaderSize) + 1);
        miss("slice-bits", 64, load_le64(v.data() + 64) + 64);
    }
}
// END issue-28

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    std::string root = argv[1];
    make_dir(root);
    make_dir(root + "/parse");
    make_dir(root + "/hll_build");
    parse_seeds(root + "/parse");
    countmin_seeds(root + "/parse");  // issue-27
    agebloom_seeds(root + "/parse");  // issue-28
    build_seeds(root + "/hll_build");
    make_dir(root + "/cuckoo_parse");
    cuckoo_seeds(root + "/cuckoo_parse");
    make_dir(root + "/fuse_parse");
    fuse_seeds(root + "/fuse_parse");
    make_dir(root + "/ddsketch_datadog");
    ddsketch_datadog_seeds(root + "/ddsketch_datadog");
    return 0;
}
