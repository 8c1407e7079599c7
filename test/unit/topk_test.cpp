// Unit tests of the topk core (topk.hpp): bounds against exact counts (std::map)
// for random and Zipf streams unioned in random trees, weights, canonical
// bytes, and every refusal of calls and of corrupt bytes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <vector>

#include "core.hpp"
#include "kind.hpp"
#include "test_alloc.hpp"
#include "topk.hpp"

using namespace probabilistic;
using probabilistic::testing::TestAllocator;
using Bytes = std::vector<std::uint8_t>;

namespace {

constexpr std::uint16_t kInt8 = 20, kText = 25;

Bytes to_bytes(Buffer b) { return Bytes(b.data, b.data + b.size); }

std::string int_item(std::int64_t v) {
    std::uint8_t b[8];
    store_le64(b, static_cast<std::uint64_t>(v));
    return std::string(reinterpret_cast<const char*>(b), 8);
}

// Builds a sketch from (item, weight) pairs the way an aggregate does.
class Builder {
public:
    explicit Builder(long long k) : state_(to_bytes(topk::make_working(alloc_, k))) {}
    void add(const std::string& item, long long w, std::uint16_t kind = kInt8, std::uint8_t width = 8) {
        Buffer out = topk::add(state_.data(), state_.size(), item.data(), item.size(), w, kind, width, alloc_);
        if (out.data != state_.data()) state_ = to_bytes(out);
    }
    Bytes finish() { return to_bytes(topk::finish(state_.data(), state_.size(), alloc_)); }
    Bytes& state() { return state_; }

private:
    TestAllocator alloc_;
    Bytes state_;
};

Bytes merge(const Bytes& a, const Bytes& b) {
    TestAllocator alloc;
    return to_bytes(topk::merge(a.data(), a.size(), b.data(), b.size(), alloc));
}

using Exact = std::map<std::string, std::uint64_t>;

// Every bound of the sketch contains the exact count; nothing above the threshold is missing.
void check_bounds(const Bytes& v, const Exact& exact) {
    topk::Sketch s = topk::parse(v.data(), v.size());
    const topk::Header& h = s.header;
    std::uint64_t n = 0;
    for (const auto& [item, c] : exact) n += c;
    ASSERT_EQ(h.total, n);
    ASSERT_LE(h.offset, n / (h.size + 1));
    std::map<std::string, std::uint64_t> stored;
    for (const topk::Entry& e : topk::entries(s)) stored[e.item] = e.count;
    for (const auto& [item, f] : exact) {
        auto it = stored.find(item);
        std::uint64_t c = it == stored.end() ? 0 : it->second;
        ASSERT_LE(c, f) << "lower bound above the truth";
        ASSERT_LE(f, c + h.offset) << "upper bound below the truth";
        if (f > n / (h.size + 1)) {
            ASSERT_NE(it, stored.end()) << "an item above the threshold is missing";
        }
        if (f > h.offset) {
            ASSERT_NE(it, stored.end()) << "an item above the offset is missing";
        }
    }
    for (const auto& [item, c] : stored) ASSERT_TRUE(exact.count(item)) << "an item never added";
}

// Zipf(s) over 1..n by inversion of the cumulative weights.
class Zipf {
public:
    Zipf(std::uint64_t n, double s) {
        double sum = 0;
        for (std::uint64_t i = 1; i <= n; i++) cdf_.push_back(sum += 1.0 / std::pow(static_cast<double>(i), s));
        for (double& c : cdf_) c /= sum;
    }
    std::int64_t operator()(std::mt19937_64& rng) {
        double u = std::uniform_real_distribution<double>(0, 1)(rng);
        return std::lower_bound(cdf_.begin(), cdf_.end(), u) - cdf_.begin() + 1;
    }

private:
    std::vector<double> cdf_;
};

// Splits a stream into parts, builds each, unions them in a random tree.
template <class Next>
void stream_in_tree(unsigned seed, long long k, std::size_t rows, int parts, bool weighted, Next next) {
    std::mt19937_64 rng(seed);
    Exact exact;
    std::vector<Builder> builders;
    for (int p = 0; p < parts; p++) builders.emplace_back(k);
    for (std::size_t r = 0; r < rows; r++) {
        std::string item = int_item(next(rng));
        long long w = weighted ? static_cast<long long>(rng() % 100) : 1;
        exact[item] += static_cast<std::uint64_t>(w);
        builders[rng() % parts].add(item, w);
    }
    std::vector<Bytes> values;
    for (Builder& b : builders) {
        values.push_back(b.finish());
        topk::parse(values.back().data(), values.back().size());
    }
    while (values.size() > 1) {
        std::size_t i = rng() % values.size(), j = rng() % (values.size() - 1);
        if (j >= i) j++;
        Bytes m = merge(values[i], values[j]);
        ASSERT_EQ(m, merge(values[j], values[i])) << "union is not commutative byte for byte";
        values[std::max(i, j)] = values.back();
        values.pop_back();
        values[std::min(i, j)] = m;
    }
    check_bounds(values[0], exact);
}

}  // namespace

TEST(TopkBounds, SingleStreamExactWhenFewItems) {
    Builder b(16);
    Exact exact;
    for (int i = 0; i < 10; i++)
        for (int j = 0; j <= i; j++) {
            b.add(int_item(i), 1);
            exact[int_item(i)]++;
        }
    Bytes v = b.finish();
    check_bounds(v, exact);
    topk::Sketch s = topk::parse(v.data(), v.size());
    EXPECT_EQ(s.header.offset, 0u);
    std::vector<topk::Entry> e = topk::entries(s);
    ASSERT_EQ(e.size(), 10u);
    EXPECT_EQ(e[0].item, int_item(9));
    EXPECT_EQ(e[0].count, 10u);
}

TEST(TopkBounds, RandomStreamsInRandomTrees) {
    for (unsigned seed = 1; seed <= 6; seed++)
        stream_in_tree(seed, 20, 20000, 1 + static_cast<int>(seed % 5) * 3, false,
                       [](std::mt19937_64& rng) { return static_cast<std::int64_t>(rng() % 300); });
}

TEST(TopkBounds, ZipfStreamsInRandomTrees) {
    for (double s : {0.8, 1.0, 1.2}) {
        Zipf z(5000, s);
        for (unsigned seed = 1; seed <= 3; seed++) stream_in_tree(seed, 50, 30000, 7, false, z);
    }
}

TEST(TopkBounds, WeightedStreamsInRandomTrees) {
    Zipf z(2000, 1.0);
    for (unsigned seed = 1; seed <= 4; seed++) stream_in_tree(seed, 10, 20000, 5, true, z);
}

TEST(TopkBounds, SizeOneStillHolds) {
    Zipf z(100, 1.1);
    stream_in_tree(9, 1, 5000, 4, true, z);
}

TEST(TopkBounds, UnionOfDifferentSizesTakesTheSmaller) {
    Builder a(8), b(32);
    Exact exact;
    std::mt19937_64 rng(3);
    for (int i = 0; i < 3000; i++) {
        std::string item = int_item(static_cast<std::int64_t>(rng() % 60));
        exact[item]++;
        (i % 2 ? a : b).add(item, 1);
    }
    Bytes m = merge(a.finish(), b.finish());
    EXPECT_EQ(topk::parse(m.data(), m.size()).header.size, 8u);
    check_bounds(m, exact);
}

// topk_info's numbers (topk::info), each against what the test knows: the
// threshold is floor(N / (k + 1)) of the total the test added (doc/FORMAT.md
// 8.5), not a number the sketch reports about itself.
TEST(TopkInfo, ThresholdAndFieldsFromWhatWasAdded) {
    std::mt19937_64 rng(11);
    for (long long k : {1LL, 3LL, 7LL, 64LL}) {
        for (std::uint64_t rows : {0u, 1u, 5u, 2000u, 2001u, 5003u}) {
            Builder b(k);
            std::uint64_t n = 0;
            for (std::uint64_t r = 0; r < rows; r++) {
                long long w = static_cast<long long>(1 + rng() % 9);
                b.add(int_item(static_cast<std::int64_t>(rng() % 40)), w);
                n += static_cast<std::uint64_t>(w);
            }
            Bytes v = b.finish();
            topk::Sketch s = topk::parse(v.data(), v.size());
            topk::Info i = topk::info(s);
            EXPECT_EQ(i.size, static_cast<std::uint64_t>(k));
            EXPECT_EQ(i.total, n);
            EXPECT_EQ(i.threshold, n / (static_cast<std::uint64_t>(k) + 1)) << "k " << k << ", N " << n;
            EXPECT_EQ(i.offset, s.header.offset);
            EXPECT_LE(i.offset, n / (static_cast<std::uint64_t>(k) + 1));
            EXPECT_EQ(i.items, topk::entries(s).size());
            EXPECT_LE(i.items, static_cast<std::uint64_t>(k));
            EXPECT_EQ(i.bytes, v.size());
            EXPECT_EQ(i.format_version, n == 0 ? 1 : 2);
            EXPECT_EQ(i.kind, n == 0 ? 0 : kInt8);
            EXPECT_EQ(i.width, n == 0 ? 0u : 8u);
        }
    }
    // REFERENCE.md's example: 2000 rows at size 3, threshold 500 (not 2000 / 3).
    Builder b(3);
    for (int r = 0; r < 2000; r++) b.add(int_item(r % 7 == 0 ? 1 : r % 5 == 0 ? 2 : r % 3 == 0 ? 3 : r), 1);
    Bytes v = b.finish();
    EXPECT_EQ(topk::info(topk::parse(v.data(), v.size())).threshold, 500u);
}

// doc/FORMAT.md 8.4 as written, on a std::map: counters for up to 2k items,
// purged with the (k + 1)-th largest when there are 2k + 1; finish purges to k.
// The working state (a hash table, its per-row path inline in topk_table.h, a
// purge that copies slots out in one pass) must give the same counters and D.
class Reference {
public:
    explicit Reference(std::uint64_t k) : k_(k) {}
    void add(const std::string& item, std::uint64_t w) {
        if (w == 0) return;
        total_ += w;
        counters_[item] += w;
        if (counters_.size() == 2 * k_ + 1) purge();
    }
    void finish() {
        if (counters_.size() > k_) purge();
    }
    std::uint64_t total() const { return total_; }
    std::uint64_t offset() const { return offset_; }
    const std::map<std::string, std::uint64_t>& counters() const { return counters_; }

private:
    void purge() {
        std::vector<std::uint64_t> c;
        for (const auto& [item, n] : counters_) c.push_back(n);
        std::sort(c.rbegin(), c.rend());
        std::uint64_t m = c[k_];
        for (auto it = counters_.begin(); it != counters_.end();) {
            if (it->second <= m) {
                it = counters_.erase(it);
            } else {
                it->second -= m;
                ++it;
            }
        }
        offset_ += m;
    }
    std::uint64_t k_, total_ = 0, offset_ = 0;
    std::map<std::string, std::uint64_t> counters_;
};

void expect_as_reference(const Bytes& v, const Reference& r) {
    topk::Sketch s = topk::parse(v.data(), v.size());
    EXPECT_EQ(s.header.total, r.total());
    EXPECT_EQ(s.header.offset, r.offset());
    std::map<std::string, std::uint64_t> stored;
    for (const topk::Entry& e : topk::entries(s)) stored[e.item] = e.count;
    EXPECT_EQ(stored, r.counters());
}

TEST(TopkWorkingState, AddsFollowTheFormatRule) {
    for (std::uint64_t k : {1, 3, 16, 100}) {
        for (unsigned seed = 1; seed <= 3; seed++) {
            std::mt19937_64 rng(seed * 1000 + k);
            Zipf z(20 * k + 50, 0.9 + 0.1 * seed);
            // Integers (8-byte items, held in their slots) with weights, 0 among them.
            Builder b(static_cast<long long>(k));
            Reference r(k);
            // Text items of several lengths (held in the arena).
            Builder t(static_cast<long long>(k));
            Reference rt(k);
            for (int i = 0; i < 20000; i++) {
                std::int64_t x = z(rng);
                std::uint64_t w = seed == 3 ? rng() % 4 : 1;
                b.add(int_item(x), static_cast<long long>(w));
                r.add(int_item(x), w);
                std::string text(static_cast<std::size_t>(x % 13), static_cast<char>('a' + x % 26));
                text += std::to_string(x);
                t.add(text, static_cast<long long>(w), kText, 0);
                rt.add(text, w);
            }
            r.finish();
            rt.finish();
            expect_as_reference(b.finish(), r);
            expect_as_reference(t.finish(), rt);
        }
    }
}

TEST(TopkCanonical, SameAddsSameBytesAndEmptyIsNeutral) {
    Builder a(4), b(4);
    for (int i = 0; i < 100; i++) {
        a.add(int_item(i % 7), 1);
        b.add(int_item(i % 7), 1);
    }
    Bytes va = a.finish();
    EXPECT_EQ(va, b.finish());
    TestAllocator alloc;
    Bytes empty = to_bytes(topk::make_empty(alloc, 4));
    EXPECT_EQ(empty.size(), topk::kHeaderSize);
    EXPECT_EQ(empty[1], kind::kVersionWithout);
    EXPECT_EQ(merge(va, empty), va);
    EXPECT_EQ(merge(empty, va), va);
    EXPECT_EQ(va[1], kind::kVersionWith);
    EXPECT_EQ(load_le16(va.data() + 6), kInt8);
    // A finished value can be continued: working_of then finish gives it back.
    Bytes w = to_bytes(topk::working_of(va.data(), va.size(), alloc));
    EXPECT_TRUE(topk::is_working(w.data(), w.size()));
    EXPECT_EQ(to_bytes(topk::finish(w.data(), w.size(), alloc)), va);
}

TEST(TopkCanonical, TextItemsOfAnyLength) {
    Builder b(8);
    b.add("", 2, kText, 0);
    b.add("a", 1, kText, 0);
    b.add(std::string(topk::kMaxItemBytes, 'x'), 2, kText, 0);
    Bytes v = b.finish();
    std::vector<topk::Entry> e = topk::entries(topk::parse(v.data(), v.size()));
    ASSERT_EQ(e.size(), 3u);
    EXPECT_EQ(e[0].item, "");  // ties: bytes ascending, a prefix first
    EXPECT_EQ(e[1].item.size(), topk::kMaxItemBytes);
    EXPECT_EQ(e[2].item, "a");
}

TEST(TopkRefusals, Calls) {
    TestAllocator alloc;
    EXPECT_THROW(topk::make_empty(alloc, 0), Error);
    EXPECT_THROW(topk::make_working(alloc, static_cast<long long>(topk::kMaxSize) + 1), Error);
    Builder b(4);
    auto kind_of = [](auto f) {
        try {
            f();
        } catch (const Error& e) {
            return e.kind();
        }
        return ErrorKind(0);
    };
    EXPECT_EQ(kind_of([&] { b.add(int_item(1), -1); }), ErrorKind::kInvalidParameter);
    EXPECT_EQ(kind_of([&] { b.add(std::string(topk::kMaxItemBytes + 1, 'x'), 1, kText, 0); }),
              ErrorKind::kInvalidParameter);
    EXPECT_EQ(kind_of([&] { b.add("abc", 1, kInt8, 8); }), ErrorKind::kInvalidParameter);
    b.add(int_item(1), 0);  // weight 0: nothing, no kind recorded
    EXPECT_EQ(b.finish()[1], kind::kVersionWithout);
    b.add(int_item(1), static_cast<long long>(topk::kMaxTotal) - 1);
    EXPECT_EQ(kind_of([&] { b.add("x", 1, kText, 0); }), ErrorKind::kMismatch);
    b.add(int_item(2), 1);
    Bytes full = b.finish();
    EXPECT_EQ(kind_of([&] { b.add(int_item(3), 1); }), ErrorKind::kTooLarge);
    EXPECT_EQ(b.finish(), full) << "a refused add changed the state";
    Builder one(4);
    one.add(int_item(1), 1);
    EXPECT_EQ(kind_of([&] { merge(full, one.finish()); }), ErrorKind::kTooLarge);
    Builder text(4);
    text.add("x", 1, kText, 0);
    Builder ints(4);
    ints.add(int_item(1), 1);
    EXPECT_EQ(kind_of([&] { merge(text.finish(), ints.finish()); }), ErrorKind::kMismatch);
    EXPECT_EQ(kind_of([&] { topk::check_state_size(ints.state().data(), ints.state().size(), 5); }),
              ErrorKind::kMismatch);
    topk::check_state_size(ints.state().data(), ints.state().size(), 4);
}

namespace {

std::string corrupt_message(Bytes v) {
    try {
        topk::parse(v.data(), v.size());
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kCorrupt);
        return e.what();
    }
    return "accepted";
}

}  // namespace

TEST(TopkRefusals, CorruptBytesNameTheField) {
    Builder b(4);
    b.add(int_item(1), 3);
    b.add(int_item(2), 1);
    Bytes v = b.finish();
    ASSERT_EQ(corrupt_message(v), "accepted");
    auto with = [&](std::size_t at, std::uint8_t byte) {
        Bytes c = v;
        c[at] = byte;
        return corrupt_message(c);
    };
    auto has = [](const std::string& m, const char* what) { return m.find(what) != std::string::npos; };
    EXPECT_TRUE(has(corrupt_message(Bytes(v.begin(), v.begin() + 10)), "header"));
    EXPECT_TRUE(has(with(0, 'C'), "type tag"));
    EXPECT_TRUE(has(with(1, 3), "format version"));
    EXPECT_TRUE(has(with(2, 9), "hash function id"));
    EXPECT_TRUE(has(with(3, 4), "width"));
    EXPECT_TRUE(has(with(4, 1), "reserved"));
    EXPECT_TRUE(has(with(6, 0), "kind"));
    EXPECT_TRUE(has(with(8, 0), "size"));
    EXPECT_TRUE(has(with(16, 0), "total"));      // total 0 with a kind
    EXPECT_TRUE(has(with(16, 3), "exceed"));     // counts above the total
    EXPECT_TRUE(has(with(24, 1), "exceed"));     // offset * (k + 1) above the total
    EXPECT_TRUE(has(with(32, 3), "entr"));       // item count
    EXPECT_TRUE(has(with(32, 9), "item count"));
    EXPECT_TRUE(has(with(36, 1), "reserved"));
    EXPECT_TRUE(has(with(40, 0), "count"));      // entry 0 count 0
    Bytes swapped = v;
    swapped[40] = 1;  // counts 1, 1: then items must ascend, and item 0 < item 1
    swapped[40 + 20 + 12] = 0;
    EXPECT_TRUE(has(corrupt_message(swapped), "out of order"));
    EXPECT_TRUE(has(with(48, 7), "length"));
    EXPECT_TRUE(has(with(48 + 2, 1), "length"));  // length past kMaxItemBytes
    Bytes dup = v;
    std::memcpy(dup.data() + 40 + 20 + 12, dup.data() + 40 + 12, 8);  // item 2 := item 1
    dup[40] = 1;
    EXPECT_TRUE(has(corrupt_message(dup), "out of order"));
    Bytes dup2 = v;  // counts 3 and 1 in order, both entries item 1
    std::memcpy(dup2.data() + 40 + 20 + 12, dup2.data() + 40 + 12, 8);
    EXPECT_TRUE(has(corrupt_message(dup2), "same item"));
    Bytes longer = v;
    longer.push_back(0);
    EXPECT_TRUE(has(corrupt_message(longer), "bytes long"));
    TestAllocator alloc;
    Bytes empty = to_bytes(topk::make_empty(alloc, 4));
    Bytes e2 = empty;
    e2[24] = 1;
    EXPECT_TRUE(has(corrupt_message(e2), "offset"));
    EXPECT_EQ(corrupt_message(empty), "accepted");
    // A working state is never a value.
    EXPECT_TRUE(has(corrupt_message(b.state()), "format version"));
}
