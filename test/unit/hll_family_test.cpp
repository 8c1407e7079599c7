#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "hash.hpp"
#include "hll.hpp"
#include "hll_family.hpp"
#include "test_alloc.hpp"

using namespace probabilistic;
using probabilistic::testing::TestAllocator;

namespace {

constexpr const char* kPg = "postgresql-hll";

std::vector<std::uint8_t> hex(const std::string& h) {
    std::vector<std::uint8_t> out;
    for (std::size_t i = 0; i + 1 < h.size(); i += 2) out.push_back(static_cast<std::uint8_t>(std::stoi(h.substr(i, 2), nullptr, 16)));
    return out;
}

std::uint64_t pg_hash_bigint(std::int64_t v, std::uint32_t seed = 0) {
    std::uint8_t b[8];
    store_le64(b, static_cast<std::uint64_t>(v));
    return murmur3_x64_128(b, 8, seed).h1;
}

// postgresql-hll's registers of a set of hashes, from its rule as the issue states it.
std::vector<std::uint8_t> reference(const std::vector<std::uint64_t>& hashes, int log2m, int regwidth) {
    std::vector<std::uint8_t> regs(std::size_t(1) << log2m, 0);
    for (std::uint64_t h : hashes) {
        std::uint64_t rest = h >> log2m;
        if (rest == 0) continue;
        unsigned r = std::min<unsigned>(__builtin_ctzll(rest) + 1, (1u << regwidth) - 1);
        std::size_t i = h & ((std::uint64_t(1) << log2m) - 1);
        regs[i] = std::max<std::uint8_t>(regs[i], static_cast<std::uint8_t>(r));
    }
    return regs;
}

std::vector<std::uint8_t> pg_header(int type, int log2m, int regwidth, int expcode, bool sparseon) {
    return {static_cast<std::uint8_t>(0x10 | type), static_cast<std::uint8_t>(((regwidth - 1) << 5) | log2m),
            static_cast<std::uint8_t>((sparseon ? 0x40 : 0) | expcode)};
}

struct Family {
    TestAllocator alloc;
    Buffer buf;
    Family(int log2m, int regwidth, int expcode, bool sparseon) {
        std::vector<std::uint8_t> b = pg_header(1, log2m, regwidth, expcode, sparseon);
        buf = hll::family::import(b.data(), b.size(), kPg, 0, alloc);
    }
    void add(std::uint64_t h) { buf = hll::add_hash(buf.data, buf.size, h, true, alloc); }
    hll::Sketch sketch() const { return hll::parse(buf.data, buf.size); }
    std::vector<std::uint8_t> exported() {
        Buffer e = hll::family::export_to(sketch(), kPg, alloc);
        return {e.data, e.data + e.size};
    }
};

std::string import_error(const std::vector<std::uint8_t>& b) {
    TestAllocator alloc;
    try {
        hll::family::import(b.data(), b.size(), kPg, 0, alloc);
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kCorrupt) << e.what();
        return e.what();
    }
    return "accepted";
}

}  // namespace

// Bytes postgresql-hll 2.17 wrote for hll_add_agg(hll_hash_bigint(x)) over x = 1..5
// (default parameters: EXPLICIT): our MurmurHash3 gives the same five hashes, and
// the bytes come back unchanged.
TEST(HllFamily, LiveExplicitBytesImportAndExportUnchanged) {
    std::vector<std::uint8_t> live = hex(
        "128b7fb419d210486ab6c1de0820a06c76c0a8004403b7fb05c44a0fd4c5f69b6c771b5b3d5839b2488b0c");
    TestAllocator alloc;
    Buffer v = hll::family::import(live.data(), live.size(), kPg, 0, alloc);
    hll::Sketch s = hll::parse(v.data, v.size);
    EXPECT_EQ(s.header.hash_id, hll::family::kPostgresqlHll);
    std::vector<std::uint64_t> ours;
    for (int x = 1; x <= 5; x++) ours.push_back(pg_hash_bigint(x));
    std::sort(ours.begin(), ours.end(), [](std::uint64_t a, std::uint64_t b) {
        return static_cast<std::int64_t>(a) < static_cast<std::int64_t>(b);
    });
    for (std::size_t i = 0; i < 5; i++) EXPECT_EQ(load_le64(s.payload + 8 * i), ours[i]);
    Buffer e = hll::family::export_to(s, kPg, alloc);
    EXPECT_EQ(std::vector<std::uint8_t>(e.data, e.data + e.size), live);
    EXPECT_EQ(hll::cardinality(s), 5);
}

// Adding hashes one by one walks EMPTY -> EXPLICIT -> registers exactly as the
// producer's rule says, for every register width; the exported bytes import
// back to the same value, and SPARSE or FULL is what is smaller.
TEST(HllFamily, AddingFollowsTheProducersRuleAtEveryWidth) {
    for (int rw = 1; rw <= 7; rw++) {
        for (int expcode : {0, 3, 63}) {
            for (bool sparseon : {false, true}) {
                Family f(8, rw, expcode, sparseon);
                std::vector<std::uint64_t> hashes;
                for (int x = 0; x < 3000; x++) {
                    hashes.push_back(pg_hash_bigint(x));
                    f.add(hashes.back());
                }
                hll::Sketch s = f.sketch();
                ASSERT_EQ(s.header.repr, hll::kReprDense);
                EXPECT_EQ(hll::registers(s), reference(hashes, 8, rw)) << "regwidth " << rw;
                std::vector<std::uint8_t> bytes = f.exported();
                std::vector<std::uint8_t> want = reference(hashes, 8, rw);
                std::size_t filled = static_cast<std::size_t>(std::count_if(want.begin(), want.end(), [](std::uint8_t r) { return r != 0; }));
                bool sparse = sparseon && filled * (8u + static_cast<unsigned>(rw)) < 256u * static_cast<unsigned>(rw);
                EXPECT_EQ(bytes[0] & 0x0f, sparse ? 3 : 4);
                EXPECT_EQ(bytes.size(), 3 + (sparse ? filled * (8u + static_cast<unsigned>(rw)) + 7 : 256u * static_cast<unsigned>(rw) + 7) / 8);
                TestAllocator alloc;
                Buffer back = hll::family::import(bytes.data(), bytes.size(), kPg, 0, alloc);
                EXPECT_EQ(std::vector<std::uint8_t>(back.data, back.data + back.size),
                          std::vector<std::uint8_t>(f.buf.data, f.buf.data + f.buf.size));
                double e = hll::estimate(s);
                EXPECT_TRUE(std::isfinite(e));
                if (rw >= 5) {
                    EXPECT_NEAR(e, 3000, 3000 * 5 * 1.04 / 16) << "regwidth " << rw;
                }
            }
        }
    }
}

TEST(HllFamily, UnionOfExplicitListsPastTheThresholdEqualsAddingAll) {
    Family a(10, 5, 4, true), b(10, 5, 4, true), all(10, 5, 4, true);  // threshold 8
    for (int x = 0; x < 5; x++) a.add(pg_hash_bigint(x)), all.add(pg_hash_bigint(x));
    for (int x = 3; x < 9; x++) b.add(pg_hash_bigint(x)), all.add(pg_hash_bigint(x));
    TestAllocator alloc;
    Buffer u = hll::union_of(a.buf.data, a.buf.size, b.buf.data, b.buf.size, false, alloc);
    EXPECT_EQ(std::vector<std::uint8_t>(u.data, u.data + u.size),
              std::vector<std::uint8_t>(all.buf.data, all.buf.data + all.buf.size));
    EXPECT_EQ(all.sketch().header.repr, hll::kReprDense);  // 9 distinct > 8
}

TEST(HllFamily, FamiliesAndParametersDoNotMix) {
    Family a(10, 5, 63, true), b(10, 6, 63, true);
    TestAllocator alloc;
    Buffer ours = hll::empty(alloc, 10, 0);
    try {
        hll::union_of(a.buf.data, a.buf.size, ours.data, ours.size, false, alloc);
        FAIL();
    } catch (const Error& e) {
        EXPECT_EQ(std::string(e.what()), "cannot combine hll values of the hash families postgresql-hll and probabilistic");
    }
    EXPECT_THROW(hll::union_of(a.buf.data, a.buf.size, b.buf.data, b.buf.size, false, alloc), Error);
    EXPECT_THROW(hll::fold(a.buf.data, a.buf.size, 9, alloc), Error);
}

TEST(HllFamily, CorruptBytesNameTheirField) {
    auto has = [](const std::string& msg, const char* what) { return msg.find(what) != std::string::npos; };
    EXPECT_TRUE(has(import_error({0x11, 0x8b}), "shorter than the 3-byte header"));
    EXPECT_TRUE(has(import_error({0x21, 0x8b, 0x7f}), "schema version 2"));
    EXPECT_TRUE(has(import_error({0x10, 0x8b, 0x7f}), "UNDEFINED"));
    EXPECT_TRUE(has(import_error({0x15, 0x8b, 0x7f}), "type 5"));
    EXPECT_TRUE(has(import_error({0x11, 0x83, 0x7f}), "log2m 3"));
    EXPECT_TRUE(has(import_error({0x11, 0x92, 0x7f}), "log2m 18"));
    EXPECT_TRUE(has(import_error({0x11, 0xeb, 0x7f}), "regwidth 8"));
    EXPECT_TRUE(has(import_error({0x11, 0x8b, 0xff}), "bit 7"));
    EXPECT_TRUE(has(import_error({0x11, 0x8b, 0x7f, 0}), "EMPTY"));
    EXPECT_TRUE(has(import_error({0x12, 0x8b, 0x7f, 1, 2}), "whole number of 8-byte"));
    EXPECT_TRUE(has(import_error({0x12, 0x8b, 0x7f}), "no hash"));
    std::vector<std::uint8_t> twice = {0x12, 0x8b, 0x7f, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0, 9};
    EXPECT_TRUE(has(import_error(twice), "not greater than the one before"));
    std::vector<std::uint8_t> over = {0x12, 0x8b, 0x01, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 9};
    EXPECT_TRUE(has(import_error(over), "more than its explicit threshold 1"));
    // log2m 4, regwidth 5: 9-bit SPARSE entries.
    EXPECT_TRUE(has(import_error({0x13, 0x84, 0x7f, 0x00, 0x00}), "value 0"));
    EXPECT_TRUE(has(import_error({0x13, 0x84, 0x7f, 0x00, 0xff}), "padding"));
    EXPECT_TRUE(has(import_error({0x13, 0x84, 0x3f, 0x00}), "sparseon is 0"));
    EXPECT_TRUE(has(import_error({0x14, 0x84, 0x7f, 0x00}), "FULL payload is 1 bytes"));
    std::vector<std::uint8_t> full(3 + 10, 0);  // log2m 4, regwidth 5: 80 bits
    full[0] = 0x14, full[1] = 0x84, full[2] = 0x7f, full[3] = 0xf8;  // register 0 = 31
    EXPECT_EQ(import_error(full), "accepted");
    std::vector<std::uint8_t> wide(3 + 14, 0);  // log2m 4, regwidth 7: 112 bits
    wide[0] = 0x14, wide[1] = 0xc4, wide[2] = 0x7f, wide[3] = 0xfe;  // register 0 = 127 > 60
    EXPECT_TRUE(has(import_error(wide), "above the largest rank 60"));
}

// Chunks of log2m + regwidth < 8 bits: three 5-bit entries fill 15 of 16 bits
// (no padding chunk), two fill 10 (a whole zero chunk of padding follows).
TEST(HllFamily, ShortSparseChunksAndTheirPadding) {
    const std::vector<std::uint8_t> full = {0x14, 0x04, 0x7f, 0x2c, 0x00};  // log2m 4, regwidth 1: registers 2, 4, 5
    TestAllocator alloc;
    Buffer v = hll::family::import(full.data(), full.size(), kPg, 0, alloc);
    Buffer sparse = hll::family::export_to(hll::parse(v.data, v.size), kPg, alloc);
    ASSERT_EQ(sparse.size, 5u);
    EXPECT_EQ(sparse.data[0], 0x13);
    Buffer back = hll::family::import(sparse.data, sparse.size, kPg, 0, alloc);
    EXPECT_EQ(hll::registers(hll::parse(back.data, back.size)), hll::registers(hll::parse(v.data, v.size)));
    const std::vector<std::uint8_t> two = {0x13, 0x04, 0x7f, 0x2a, 0x40};  // entries 00101 01001, 6 zero bits
    Buffer t = hll::family::import(two.data(), two.size(), kPg, 0, alloc);
    std::vector<std::uint8_t> regs = hll::registers(hll::parse(t.data, t.size));
    EXPECT_EQ(std::count(regs.begin(), regs.end(), 1), 2);
}

// Redis 7.0's bytes for PFADD k a b c (sparse, its cache marked stale): our
// MurmurHash64A and hllPatLen give the same three registers, the bytes export
// unchanged, and the estimate is PFCOUNT's 3.
TEST(HllFamily, RedisLiveBytesAndItsHash) {
    std::vector<std::uint8_t> live = hex("48594c4c01000000000000000000008060f38050b1844bfb80425a");
    TestAllocator alloc;
    Buffer v = hll::family::import(live.data(), live.size(), "redis", 0, alloc);
    hll::Sketch s = hll::parse(v.data, v.size);
    Buffer e = hll::family::export_to(s, "redis", alloc);
    EXPECT_EQ(std::vector<std::uint8_t>(e.data, e.data + e.size), live);
    EXPECT_EQ(hll::cardinality(s), 3);
    Buffer ours = hll::family::empty(hll::family::kRedis, 14, 0, alloc);
    for (const char* x : {"a", "b", "c"})
        ours = hll::add_hash(ours.data, ours.size, murmur64a(x, 1, hll::family::kRedisSeed), false, alloc);
    EXPECT_EQ(hll::registers(hll::parse(ours.data, ours.size)), hll::registers(s));
    std::vector<std::uint8_t> regs = hll::registers(s);
    EXPECT_EQ(std::count_if(regs.begin(), regs.end(), [](std::uint8_t r) { return r != 0; }), 3);
    // Changed, it turns dense with the cache marked stale, as PFADD leaves it.
    Buffer more = hll::add_hash(v.data, v.size, murmur64a("d", 1, hll::family::kRedisSeed), false, alloc);
    Buffer out = hll::family::export_to(hll::parse(more.data, more.size), "redis", alloc);
    EXPECT_EQ(out.size, 16u + 12288u);
    EXPECT_EQ(out.data[4], 0);
    EXPECT_EQ(out.data[15] & 0x80, 0x80);
}

TEST(HllFamily, RedisCorruptBytesNameTheirField) {
    auto err = [](std::vector<std::uint8_t> b) {
        TestAllocator alloc;
        try {
            hll::family::import(b.data(), b.size(), "redis", 0, alloc);
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::kCorrupt);
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    std::vector<std::uint8_t> head = {'H', 'Y', 'L', 'L', 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    auto with = [&](std::vector<std::uint8_t> ops) {
        std::vector<std::uint8_t> b = head;
        b.insert(b.end(), ops.begin(), ops.end());
        return b;
    };
    EXPECT_EQ(err(with({0x7f, 0xff})), "accepted");
    EXPECT_NE(err(with({0x7f, 0xfe})).find("cover 16383 registers"), std::string::npos);
    EXPECT_NE(err(with({0x7f, 0xff, 0x80})).find("more than the 16384"), std::string::npos);
    EXPECT_NE(err(with({0x7f})).find("cut short"), std::string::npos);
    EXPECT_NE(err({'H', 'Y', 'L', 'X', 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}).find("magic"), std::string::npos);
    std::vector<std::uint8_t> enc = with({0x7f, 0xff});
    enc[4] = 2;
    EXPECT_NE(err(enc).find("encoding 2"), std::string::npos);
    enc[4] = 1, enc[6] = 1;
    EXPECT_NE(err(enc).find("unused"), std::string::npos);
    std::vector<std::uint8_t> dense = head;
    dense[4] = 0;
    dense.resize(16 + 12288, 0);
    EXPECT_EQ(err(dense), "accepted");
    dense[16] = 52;  // register 0 = 52 > 51
    EXPECT_NE(err(dense).find("above the largest rank 51"), std::string::npos);
    dense.pop_back();
    EXPECT_NE(err(dense).find("not 12288"), std::string::npos);
}

// An HLL_4 sketch in HLL mode keeps, after its registers, how many are at cur_min
// and its exception table: the stored value's validation read those bytes as
// registers and refused the sketch hll_add had written (a count of 929 at lgK 10
// has a byte 0xa1). Every value of every mode and target type reads back.
TEST(HllFamily, DataSketchesValuesReadBackInEveryModeAndTargetType) {
    for (int tgt = 0; tgt <= 2; tgt++) {
        for (int lgk : {4, 10, 21}) {
            std::vector<std::uint8_t> image = {2, 1, 7, static_cast<std::uint8_t>(lgk), 3, 0x0c, 0,
                                               static_cast<std::uint8_t>(tgt << 2)};
            TestAllocator alloc;
            Buffer b = hll::family::import(image.data(), image.size(), "datasketches", 0, alloc);
            for (std::uint64_t i = 1; i <= 3000; i++) {
                std::uint8_t key[8];
                store_le64(key, i);
                std::uint32_t c = hll::family::ds::coupon(key, 8, hll::family::kDataSketchesSeed);
                hll::Sketch s = hll::parse(b.data, b.size);
                b = hll::family::ds::add_coupon(b.data, b.size, s, c, false, alloc);
                if (i == 1 || i == 8 || i == 100 || i == 1000 || i == 3000) {
                    EXPECT_NO_THROW(hll::parse(b.data, b.size)) << "HLL_" << (tgt == 0 ? 4 : tgt == 1 ? 6 : 8) << " lgK "
                                                                << lgk << " after " << i << " values";
                }
            }
        }
    }
}
