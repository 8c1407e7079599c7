// Unit tests of bloom_stream.hpp (bloom::members, SQL bloom_members) and its C face.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "bloom_stream.hpp"
#include "capi/bloom_stream_capi.h"
#include "test_alloc.hpp"

using namespace probabilistic;
using probabilistic::testing::TestAllocator;

namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes filter_of(std::uint8_t layout, const std::vector<std::uint64_t>& hashes, long long capacity, double fpr) {
    TestAllocator alloc;
    Buffer b = bloom::make_empty(alloc, capacity, fpr, layout, 0);
    Bytes f(b.data, b.data + b.size);
    for (std::uint64_t h : hashes) {
        Buffer out = bloom::add_hash(f.data(), f.size(), h, true, alloc);
        if (out.data != f.data()) f.assign(out.data, out.data + out.size);
    }
    return f;
}

std::vector<std::uint64_t> random_hashes(std::size_t n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::uint64_t> out(n);
    for (auto& h : out) h = rng();
    return out;
}

std::vector<std::int32_t> members_of(const Bytes& f, const std::vector<std::uint64_t>& hashes,
                                     const bool* nulls = nullptr, std::int64_t lower_bound = 1) {
    std::vector<std::int32_t> out(hashes.size());
    std::size_t n = bloom::members(bloom::parse_trusted(f.data(), f.size()), hashes.data(), nulls, hashes.size(),
                                   lower_bound, out.data());
    out.resize(n);
    return out;
}

int polls_left = 0;
bool stop_after_polls() { return polls_left-- <= 0; }

}  // namespace

// The answer is bloom::contains item by item, false positives included, for
// every layout, across the runs of 1024 and the 64k chunks between polls.
TEST(BloomStreamMembers, SameAsContainsForEveryLayout) {
    std::vector<std::uint64_t> added = random_hashes(20000, 1);
    std::vector<std::uint64_t> probe = random_hashes(150000, 2);
    for (std::size_t i = 0; i < probe.size(); i += 7) probe[i] = added[i % added.size()];
    for (std::uint8_t layout : {bloom::kLayoutFixed, bloom::kLayoutScalable, bloom::kLayoutBlocked}) {
        // The scalable filter is sized small so that it grows several layers.
        Bytes f = filter_of(layout, added, layout == bloom::kLayoutScalable ? 1000 : 20000, 0.01);
        bloom::Sketch s = bloom::parse_trusted(f.data(), f.size());
        std::vector<std::int32_t> want;
        for (std::size_t i = 0; i < probe.size(); i++)
            if (bloom::contains(s, probe[i])) want.push_back(static_cast<std::int32_t>(i + 1));
        std::vector<std::int32_t> got = members_of(f, probe);
        EXPECT_EQ(got, want) << bloom::layout_name(layout);
        EXPECT_GT(got.size(), probe.size() / 7) << "false positives too";
    }
}

TEST(BloomStreamMembers, LowerBoundNullsAndEmpty) {
    std::vector<std::uint64_t> added = {11, 22, 33};
    Bytes f = filter_of(bloom::kLayoutFixed, added, 100, 0.0001);
    std::vector<std::uint64_t> probe = {11, 5, 22, 33, 7};
    EXPECT_EQ(members_of(f, probe), (std::vector<std::int32_t>{1, 3, 4}));
    EXPECT_EQ(members_of(f, probe, nullptr, 0), (std::vector<std::int32_t>{0, 2, 3}));
    EXPECT_EQ(members_of(f, probe, nullptr, -10), (std::vector<std::int32_t>{-10, -8, -7}));
    // NULL items are never listed, whatever their hash slot holds.
    bool nulls[] = {false, false, true, false, true};
    EXPECT_EQ(members_of(f, probe, nulls), (std::vector<std::int32_t>{1, 4}));
    EXPECT_TRUE(members_of(f, {}).empty());
    EXPECT_TRUE(members_of(filter_of(bloom::kLayoutFixed, {}, 100, 0.01), probe).empty());
}

// Subscripts are 32-bit: the last must fit (an SQL array's always does).
TEST(BloomStreamMembers, SubscriptsFitIn32Bits) {
    Bytes f = filter_of(bloom::kLayoutFixed, {1, 2}, 10, 0.01);
    constexpr std::int64_t kMax = std::numeric_limits<std::int32_t>::max();
    constexpr std::int64_t kMin = std::numeric_limits<std::int32_t>::min();
    EXPECT_EQ(members_of(f, {1, 2}, nullptr, kMax - 1), (std::vector<std::int32_t>{kMax - 1, kMax}));
    EXPECT_EQ(members_of(f, {1, 2}, nullptr, kMin), (std::vector<std::int32_t>{kMin, kMin + 1}));
    for (std::int64_t lb : {kMax, kMax + 1, kMin - 1}) {
        try {
            members_of(f, {1, 2}, nullptr, lb);
            ADD_FAILURE() << "accepted lower bound " << lb;
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::kInvalidParameter);
        }
    }
    EXPECT_EQ(members_of(f, {}, nullptr, kMax), std::vector<std::int32_t>{});
}

// A long batch polls every 64k items; stopped, the same call run again gives
// the whole answer (the output is rewritten, never appended to).
TEST(BloomStreamMembers, InterruptsAndRepeats) {
    std::vector<std::uint64_t> probe = random_hashes(3 * bloom::kMembersChunk + 5, 3);
    Bytes f = filter_of(bloom::kLayoutBlocked, std::vector<std::uint64_t>(probe.begin(), probe.begin() + 50000),
                        50000, 0.01);
    std::vector<std::int32_t> want = members_of(f, probe);

    std::vector<std::int32_t> out(probe.size());
    std::size_t count = 0;
    ProbError err{};
    prob_set_interrupt_hook(stop_after_polls);
    polls_left = 1;  // the second poll stops it, with two chunks written
    EXPECT_FALSE(prob_bloom_members(f.data(), f.size(), probe.data(), nullptr, probe.size(), 1, out.data(), &count,
                                    &err));
    EXPECT_EQ(err.kind, PROB_INTERRUPTED);
    polls_left = 3;  // exactly the polls a whole run makes (at 64k, 128k, 192k)
    EXPECT_TRUE(prob_bloom_members(f.data(), f.size(), probe.data(), nullptr, probe.size(), 1, out.data(), &count,
                                   &err));
    prob_set_interrupt_hook(nullptr);
    out.resize(count);
    EXPECT_EQ(out, want);
    EXPECT_GE(want.size(), 50000u);
}

// The C face turns the core's errors into codes: a value that is no filter.
TEST(BloomStreamMembers, CFaceReportsErrors) {
    Bytes junk(40, 0);
    std::uint64_t hash = 1;
    std::int32_t out[1];
    std::size_t count = 99;
    ProbError err{};
    EXPECT_FALSE(prob_bloom_members(junk.data(), junk.size(), &hash, nullptr, 1, 1, out, &count, &err));
    EXPECT_EQ(err.kind, PROB_CORRUPT);
    Bytes f = filter_of(bloom::kLayoutFixed, {1}, 10, 0.01);
    EXPECT_FALSE(prob_bloom_members(f.data(), f.size(), &hash, nullptr, 1, INT64_C(1) << 40, out, &count, &err));
    EXPECT_EQ(err.kind, PROB_INVALID_PARAMETER);
    EXPECT_TRUE(prob_bloom_members(f.data(), f.size(), &hash, nullptr, 1, 1, out, &count, &err));
    EXPECT_EQ(count, 1u);
    EXPECT_EQ(out[0], 1);
}
