// Value kinds (kind.hpp, doc/FORMAT.md 2.5): stored in format version 2
// headers, taken by an empty sketch at its first value, joined by unions,
// forgotten by a sketch left with no value, and checked before comparisons.
#include <gtest/gtest.h>

#include <vector>

#include "bloom.hpp"
#include "cuckoo.hpp"
#include "hash.hpp"
#include "hll.hpp"
#include "kind.hpp"
#include "test_alloc.hpp"

using namespace probabilistic;
using probabilistic::testing::TestAllocator;

namespace {

using Bytes = std::vector<std::uint8_t>;
Bytes bytes(Buffer b) { return Bytes(b.data, b.data + b.size); }
constexpr std::uint16_t kInt8 = 20, kNumeric = 1700;

bool mismatch(void (*f)()) {
    try {
        f();
    } catch (const Error& e) {
        return e.kind() == ErrorKind::kMismatch;
    }
    return false;
}

}  // namespace

TEST(Kind, UnionRules) {
    using kind::kMixed;
    using kind::kNone;
    using kind::of_union;
    // An empty side adds nothing; a side without a kind takes the other's.
    EXPECT_EQ(of_union(kNone, true, kNone, true), kNone);
    EXPECT_EQ(of_union(kInt8, true, kNumeric, false), kNumeric);
    EXPECT_EQ(of_union(kInt8, false, kNumeric, true), kInt8);
    EXPECT_EQ(of_union(kNone, false, kNumeric, false), kNumeric);
    EXPECT_EQ(of_union(kNumeric, false, kNone, false), kNumeric);
    EXPECT_EQ(of_union(kInt8, false, kInt8, false), kInt8);
    EXPECT_EQ(of_union(kInt8, false, kNumeric, false), kMixed);
    EXPECT_EQ(of_union(kMixed, false, kInt8, false), kMixed);
    EXPECT_EQ(of_union(kNone, false, kNone, false), kNone);
    // An add records the kind only on an empty sketch without one.
    EXPECT_EQ(kind::after_add(kNone, true, kInt8), kInt8);
    EXPECT_EQ(kind::after_add(kNone, false, kInt8), kNone);
    EXPECT_EQ(kind::after_add(kNumeric, false, kInt8), kNumeric);
    EXPECT_EQ(kind::after_add(kNumeric, true, kNone), kNumeric);
}

// Issue 38: types outside the built-in catalog have kinds of their own
// (10000 ... 65533); two different ones are several types. The legacy 65534
// of 0.5.0-0.8.0 (one such type, not known which) with one of them stays
// 65534: it already stood for any of them. Two empty sides record none,
// whatever kinds they carry.
TEST(Kind, UnionOfKindsOutsideTheCatalog) {
    using kind::kMixed;
    using kind::kNone;
    using kind::kOther;
    using kind::of_union;
    constexpr std::uint16_t kCitext = 41234, kMood = 10000, kLast = 65533;
    EXPECT_EQ(of_union(kCitext, false, kCitext, false), kCitext);
    EXPECT_EQ(of_union(kCitext, false, kMood, false), kMixed);
    EXPECT_EQ(of_union(kMood, false, kLast, false), kMixed);
    EXPECT_EQ(of_union(kCitext, false, kInt8, false), kMixed);
    EXPECT_EQ(of_union(kOther, false, kCitext, false), kOther);
    EXPECT_EQ(of_union(kLast, false, kOther, false), kOther);
    EXPECT_EQ(of_union(kOther, false, kOther, false), kOther);
    EXPECT_EQ(of_union(kOther, false, kInt8, false), kMixed);
    EXPECT_EQ(of_union(kOther, false, kMixed, false), kMixed);
    EXPECT_EQ(of_union(kInt8, true, kNumeric, true), kNone);
    EXPECT_EQ(of_union(kCitext, true, kOther, true), kNone);
    EXPECT_NO_THROW(kind::check_comparable(kCitext, kCitext, "x"));
    EXPECT_NO_THROW(kind::check_comparable(kOther, kCitext, "x"));
    EXPECT_NO_THROW(kind::check_comparable(kMood, kOther, "x"));
    EXPECT_TRUE(mismatch([] { kind::check_comparable(41234, 10000, "x"); }));
    EXPECT_TRUE(mismatch([] { kind::check_comparable(41234, kInt8, "x"); }));
    EXPECT_TRUE(mismatch([] { kind::check_comparable(kind::kOther, kInt8, "x"); }));
}

TEST(Kind, ValidValues) {
    EXPECT_FALSE(kind::valid(0));
    EXPECT_TRUE(kind::valid(1));
    EXPECT_TRUE(kind::valid(9999));
    EXPECT_TRUE(kind::valid(10000));
    EXPECT_TRUE(kind::valid(65533));
    EXPECT_FALSE(kind::outside(9999));
    EXPECT_TRUE(kind::outside(10000));
    EXPECT_TRUE(kind::outside(65533));
    EXPECT_FALSE(kind::outside(kind::kOther));
    EXPECT_TRUE(kind::valid(kind::kOther));
    EXPECT_TRUE(kind::valid(kind::kMixed));
    EXPECT_NO_THROW(kind::check_comparable(kInt8, kind::kNone, "x"));
    EXPECT_NO_THROW(kind::check_comparable(kInt8, kInt8, "x"));
    EXPECT_TRUE(mismatch([] { kind::check_comparable(kInt8, kNumeric, "x"); }));
    EXPECT_TRUE(mismatch([] { kind::check_comparable(kind::kMixed, kInt8, "x"); }));
}

TEST(Kind, HllRecordsKindOfFirstValueInVersion2) {
    TestAllocator a;
    Buffer h = hll::empty(a, 12, 0);
    EXPECT_EQ(h.data[1], 1);
    h = hll::add_hash(h.data, h.size, hash_int64(1, 0), false, a, kInt8);
    EXPECT_EQ(h.data[1], 2);
    EXPECT_EQ(load_le16(h.data + 6), kInt8);
    EXPECT_EQ(hll::parse(h.data, h.size).header.kind, kInt8);
    // Later values keep it (the PostgreSQL layer converted them to this kind).
    h = hll::add_hash(h.data, h.size, hash_int64(2, 0), false, a, kNumeric);
    EXPECT_EQ(hll::parse(h.data, h.size).header.kind, kInt8);
    // A hash from outside into an empty sketch records nothing.
    Buffer g = hll::add_hash(hll::empty(a, 12, 0).data, hll::kHeaderSize, 7, false, a, kind::kNone);
    EXPECT_EQ(g.data[1], 1);
    EXPECT_EQ(hll::parse(g.data, g.size).header.kind, kind::kNone);
}

TEST(Kind, HllUnionJoinsKindsAndKeepsRegisters) {
    TestAllocator a;
    auto build = [&](std::uint16_t k, int from, int n) {
        Buffer h = hll::empty(a, 10, 0);
        for (int i = from; i < from + n; i++) h = hll::add_hash(h.data, h.size, hash_int64(i, 0), false, a, k);
        return h;
    };
    for (int n : {10, 3000}) {  // sparse, then dense
        Buffer x = build(kInt8, 0, n), y = build(kNumeric, n, n), z = build(kInt8, n, n);
        Buffer xy = hll::union_of(x.data, x.size, y.data, y.size, false, a);
        EXPECT_EQ(hll::parse(xy.data, xy.size).header.kind, kind::kMixed);
        Buffer xz = hll::union_of(x.data, x.size, z.data, z.size, false, a);
        EXPECT_EQ(hll::parse(xz.data, xz.size).header.kind, kInt8);
        // The registers are those of the same union between sketches without kinds.
        Buffer x0 = build(kind::kNone, 0, n), y0 = build(kind::kNone, n, n);
        Buffer u0 = hll::union_of(x0.data, x0.size, y0.data, y0.size, false, a);
        EXPECT_EQ(hll::registers(hll::parse(xy.data, xy.size)), hll::registers(hll::parse(u0.data, u0.size)));
        // In place, a dense left side takes the union's kind too.
        Bytes left = bytes(x);
        Buffer in = hll::union_of(left.data(), left.size(), y.data, y.size, true, a);
        EXPECT_EQ(hll::parse(in.data, in.size).header.kind, kind::kMixed);
        // Containment compares sketches of one kind only.
        EXPECT_THROW(hll::contains(hll::parse(x.data, x.size), hll::parse(y.data, y.size)), Error);
        EXPECT_TRUE(hll::contains(hll::parse(xz.data, xz.size), hll::parse(z.data, z.size)));
    }
    // The union with an empty sketch is the other side's bytes.
    Buffer e = hll::empty(a, 10, 0), x = build(kNumeric, 0, 10);
    Buffer ex = hll::union_of(e.data, e.size, x.data, x.size, false, a);
    EXPECT_EQ(bytes(ex), bytes(x));
}

TEST(Kind, HllBuildingStateFinishesWithItsKindUnlessEmpty) {
    TestAllocator a;
    Buffer b = hll::builder(a, 14, 0, kNumeric);
    Buffer none = hll::finish(b.data, b.size, a);
    EXPECT_EQ(bytes(none), bytes(hll::empty(a, 14, 0)));
    b = hll::add_hash(b.data, b.size, hash_int64(5, 0), true, a);
    Buffer one = hll::finish(b.data, b.size, a);
    EXPECT_EQ(hll::parse(one.data, one.size).header.kind, kNumeric);
}

// Found by the fuzzer: an empty sparse value recording a kind parsed, yet no
// path writes one (an empty value is format version 1's bytes), so the value
// was not the canonical bytes of its content.
TEST(Kind, HllEmptyValueWithAKindIsRefused) {
    TestAllocator a;
    Bytes e = bytes(hll::empty(a, 11, 0));
    e[1] = 2;
    e[6] = 42;
    EXPECT_THROW(hll::parse(e.data(), e.size()), Error);
    e[6] = 0;
    EXPECT_THROW(hll::parse(e.data(), e.size()), Error) << "version 2 with no kind";
}

TEST(Kind, BloomRecordsJoinsAndForgets) {
    TestAllocator a;
    for (std::uint8_t layout : {bloom::kLayoutFixed, bloom::kLayoutScalable, bloom::kLayoutBlocked}) {
        Buffer f = bloom::make_empty(a, 100, 0.01, layout, 0);
        EXPECT_EQ(f.data[1], 1);
        Buffer g = bloom::add_hash(f.data, f.size, hash_int64(1, 0), false, a, kInt8);
        EXPECT_EQ(g.data[1], 2);
        EXPECT_EQ(bloom::parse(g.data, g.size).header.kind, kInt8);
        EXPECT_EQ(f.data[1], 1) << "not in place: the input is unchanged";
        Buffer n = bloom::add_hash(f.data, f.size, hash_int64(2, 0), false, a, kNumeric);
        Buffer u = bloom::union_of(g.data, g.size, n.data, n.size, false, a);
        EXPECT_EQ(bloom::parse(u.data, u.size).header.kind, kind::kMixed);
        Buffer ge = bloom::union_of(f.data, f.size, g.data, g.size, false, a);
        EXPECT_EQ(bytes(ge), bytes(g));
        EXPECT_THROW(bloom::superset(bloom::parse(g.data, g.size), bloom::parse(n.data, n.size)), Error);
        {
            // Intersecting two filters of one kind that share nothing leaves no value, and no kind.
            Buffer m = bloom::add_hash(f.data, f.size, hash_int64(3, 0), false, a, kInt8);
            Buffer i = bloom::intersection_of(g.data, g.size, m.data, m.size, false, a);
            bloom::Sketch is = bloom::parse(i.data, i.size);
            if (is.empty()) EXPECT_EQ(is.header.kind, kind::kNone);
            else EXPECT_EQ(is.header.kind, kInt8);
            EXPECT_THROW(bloom::intersection_of(g.data, g.size, n.data, n.size, false, a), Error);
        }
    }
}

TEST(Kind, BloomAggregateStateForgetsItsKindWhenNothingWasAdded) {
    TestAllocator a;
    for (bool batched : {false, true}) {
        Buffer s = bloom::aggregate_state(a, 100000, 0.01, bloom::kLayoutFixed, 0, batched, kInt8);
        Buffer done = bloom::finish(s.data, s.size, a);
        EXPECT_EQ(bytes(done), bytes(bloom::make_empty(a, 100000, 0.01, bloom::kLayoutFixed, 0)));
        Bytes copy = bytes(s);
        std::size_t size = bloom::finish_in_place(copy.data(), copy.size());
        EXPECT_EQ(Bytes(copy.begin(), copy.begin() + size), bytes(done));
        s = bloom::add_hash(s.data, s.size, hash_int64(9, 0), true, a);
        done = bloom::finish(s.data, s.size, a);
        EXPECT_EQ(bloom::parse(done.data, done.size).header.kind, kInt8);
    }
    bloom::DistinctBuilder none(a, 0.01);
    Buffer nf = none.finish(a, kInt8);
    EXPECT_EQ(bloom::parse(nf.data, nf.size).header.kind, kind::kNone);
    none.add(hash_int64(4, 0));
    nf = none.finish(a, kInt8);
    EXPECT_EQ(bloom::parse(nf.data, nf.size).header.kind, kInt8);
}

TEST(Kind, CuckooVersion1HoldsTheSubfilterCountVersion2TheKind) {
    TestAllocator a;
    Buffer f = cuckoo::make_empty(a, 100, 0.01, 0);
    EXPECT_EQ(f.data[1], 1);
    EXPECT_EQ(load_le16(f.data + 6), 1);
    Buffer g = cuckoo::add_hash(f.data, f.size, hash_int64(1, 0), false, a, kNumeric);
    EXPECT_EQ(g.data[1], 2);
    EXPECT_EQ(load_le16(g.data + 6), kNumeric);
    EXPECT_EQ(cuckoo::parse(g.data, g.size).header.kind, kNumeric);
    Buffer n = cuckoo::add_hash(f.data, f.size, hash_int64(2, 0), false, a, kInt8);
    Buffer u = cuckoo::merge(g.data, g.size, n.data, n.size, a);
    EXPECT_EQ(cuckoo::parse(u.data, u.size).header.kind, kind::kMixed);
    Buffer ge = cuckoo::merge(f.data, f.size, g.data, g.size, a);
    EXPECT_EQ(cuckoo::parse(ge.data, ge.size).header.kind, kNumeric);
    // Removing the last item leaves the empty filter's bytes.
    Buffer back = cuckoo::remove_hash(g.data, g.size, hash_int64(1, 0), false, a);
    EXPECT_EQ(bytes(back), bytes(f));
}

TEST(Kind, ParseRefusesKindsOutsideTheirRange) {
    TestAllocator a;
    Buffer h = hll::empty(a, 12, 0);
    h = hll::add_hash(h.data, h.size, hash_int64(1, 0), false, a, kInt8);
    for (std::uint16_t bad : {0}) {
        Bytes v = bytes(h);
        store_le16(v.data() + 6, bad);
        EXPECT_THROW(hll::parse(v.data(), v.size()), Error) << bad;
    }
    for (std::uint16_t good : {1, 9999, 10000, 41234, 65533, 65534, 65535}) {
        Bytes v = bytes(h);
        store_le16(v.data() + 6, good);
        EXPECT_NO_THROW(hll::parse(v.data(), v.size())) << good;
    }
}

// An empty filter records no kind: every path that empties one forgets it
// (an intersection with no bit left, the last item removed, an aggregate over
// no value), so, as for hll, bytes of an empty filter with a kind are no
// value of ours and are refused; before, they were accepted and unequal to
// the empty filter of the same parameters.
TEST(Kind, EmptyFilterWithAKindIsRefused) {
    TestAllocator a;
    for (std::uint8_t layout : {bloom::kLayoutFixed, bloom::kLayoutScalable, bloom::kLayoutBlocked}) {
        Bytes e = bytes(bloom::make_empty(a, 100, 0.01, layout, 0));
        EXPECT_NO_THROW(bloom::parse(e.data(), e.size()));
        e[1] = 2;
        store_le16(e.data() + 6, kInt8);
        EXPECT_THROW(bloom::parse(e.data(), e.size()), Error) << int(layout);
    }
    Bytes c = bytes(cuckoo::make_empty(a, 100, 0.01, 0));
    EXPECT_NO_THROW(cuckoo::parse(c.data(), c.size()));
    c[1] = 2;
    store_le16(c.data() + 6, kInt8);
    EXPECT_THROW(cuckoo::parse(c.data(), c.size()), Error);
}
