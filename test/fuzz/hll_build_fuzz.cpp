// libFuzzer target: an aggregate's building state (hll::builder, then
// add_hash in place, then finish) against the canonical sketch, empty
// plus add_hash, for fuzz-chosen hashes. They must be byte-identical at every
// checkpoint, and so must the union of two partial states (what a parallel
// aggregate's combine step does). The canonical sketch is updated in place or
// by copying, as the input chooses per hash.
//
// Input: precision byte, 8-byte seed, then steps, each a control byte and
// its operands (see the switch below). Hashes come raw, shaped to collide in
// one register or index, repeated, from a few extreme values, or in bursts
// from a generator (so a short input can cross the sparse-to-dense limit).
#include <algorithm>
#include <array>

#include "fuzz_common.hpp"
#include "hash.hpp"
#include "hll.hpp"

using namespace probabilistic;
using fuzz::HeapAllocator;
using fuzz::same_bytes;

namespace {

constexpr std::size_t kMaxHashes = 6000;

constexpr std::array<std::uint64_t, 8> kExtremeHashes = {
    0, ~std::uint64_t(0), std::uint64_t(1) << 63, 1,
    (std::uint64_t(1) << 38) - 1, std::uint64_t(1) << 38, ~std::uint64_t(0) << 38, UINT64_C(0x8000000000000001)};

struct Run {
    HeapAllocator alloc;
    int precision;
    Buffer builder;       // one aggregate's state
    Buffer partial[2];    // two partial states, as parallel workers hold them
    Buffer canonical;     // empty + add_hash, in place or copying as the input says
    std::vector<std::uint64_t> hashes;
    // Whether checkpoints also expand all 2^p registers (see parse_fuzz.cpp).
    bool thorough;
    bool had_long_burst = false;

    Run(int p, std::uint64_t seed, bool thorough_checks) : precision(p), thorough(thorough_checks) {
        builder = hll::builder(alloc, p, seed, kind::kNone);
        partial[0] = hll::builder(alloc, p, seed, kind::kNone);
        partial[1] = hll::builder(alloc, p, seed, kind::kNone);
        canonical = hll::empty(alloc, p, seed);
    }

    // Replaces a buffer by an update's result, freeing the old one.
    void update(Buffer& b, std::uint64_t hash, bool in_place_update) {
        Buffer next = hll::add_hash(b.data, b.size, hash, in_place_update, alloc);
        if (next.data != b.data) {
            if (!in_place_update) FUZZ_CHECK(next.size != b.size || !same_bytes(next, b));
            alloc.release(b.data);
        } else {
            FUZZ_CHECK(next.size == b.size);
        }
        b = next;
    }

    void add(std::uint64_t hash, int side, bool copying) {
        if (hashes.size() >= kMaxHashes) return;
        hashes.push_back(hash);
        update(builder, hash, true);
        update(partial[side], hash, true);
        // Copying a large dense value per hash would take most of the time
        // for no new paths: copies run up to 4 kB (dense up to p = 12).
        update(canonical, hash, !(copying && canonical.size <= 4096));
    }

    // Every checkpoint compares the aggregate's state with the canonical
    // sketch; the checks that cost 2^p for a dense value run at the end.
    void checkpoint(bool last) {
        std::vector<std::uint8_t> before(builder.data, builder.data + builder.size);
        Buffer finished = hll::finish(builder.data, builder.size, alloc);
        FUZZ_CHECK(same_bytes(builder.data, builder.size, before.data(), before.size()));  // finish is read-only
        FUZZ_CHECK(same_bytes(finished, canonical));
        if (finished.data != builder.data) alloc.release(finished.data);
        const bool dense = canonical.data[3] == hll::kReprDense;
        if (!last && dense) return;

        Buffer a = hll::finish(partial[0].data, partial[0].size, alloc);
        Buffer b = hll::finish(partial[1].data, partial[1].size, alloc);
        Buffer left = alloc.hold(a.data, a.size);
        FUZZ_CHECK(same_bytes(hll::union_of(left.data, left.size, b.data, b.size, true, alloc), canonical));
        FUZZ_CHECK(same_bytes(hll::union_of(b.data, b.size, a.data, a.size, false, alloc), canonical));
        if (!last) return;

        hll::Sketch c = hll::parse(canonical.data, canonical.size);
        FUZZ_CHECK(c.precision() == precision);
        FUZZ_CHECK(fuzz::finite_non_negative(hll::estimate(c)));
        // Canonical: sparse exactly while the distinct indexes fit, with the
        // registers the hashes give directly.
        std::vector<std::uint32_t> indexes;
        for (std::uint64_t h : hashes) indexes.push_back(static_cast<std::uint32_t>(h >> (64 - hll::kSparsePrecision)));
        std::sort(indexes.begin(), indexes.end());
        std::size_t distinct = std::unique(indexes.begin(), indexes.end()) - indexes.begin();
        FUZZ_CHECK(c.sparse() == (distinct <= hll::sparse_limit(precision)));
        if (c.sparse()) FUZZ_CHECK(c.sparse_count() == distinct);
        if (thorough) {
            std::vector<std::uint8_t> want(hll::register_count(precision), 0);
            for (std::uint64_t h : hashes) {
                std::uint8_t& r = want[hll::dense_index(h, precision)];
                r = std::max(r, static_cast<std::uint8_t>(hll::dense_rank(h, precision)));
            }
            FUZZ_CHECK(hll::registers(c) == want);
        }
    }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Input in(data, size);
    int p = hll::kMinPrecision + in.u8() % (hll::kMaxPrecision - hll::kMinPrecision + 1);
    Run run(p, in.u64(), p <= 10 || (hash_bytes(data, size, 0) & 7) == 0);
    while (!in.empty()) {
        std::uint8_t control = in.u8();
        int side = control >> 7;  // which partial state takes the hash
        bool copying = (control & 0x40) != 0;  // add_hash without in_place for the canonical sketch
        switch (control & 7) {
            case 0:
            case 1:
                run.add(in.u64(), side, copying);
                break;
            case 2: {
                // One top byte and one set bit among the next 16: at precisions up
                // to 8 these share a register with different ranks, while at
                // precision 26 each is an index of its own.
                std::uint64_t top = std::uint64_t(in.u8()) << 56;
                unsigned bit = (control >> 3) & 7u;
                run.add(top | (std::uint64_t(1) << (55 - 2 * bit - (in.u8() & 1))), side, copying);
                break;
            }
            case 3:
                if (!run.hashes.empty()) run.add(run.hashes[in.u16() % run.hashes.size()], side, copying);
                break;
            case 4: {
                // Mostly short, so inputs stay fast (a long burst costs ~100 ms
                // under the sanitizers). The first whose generator state ends in
                // the 12 bits 0xB16 crosses the sparse limit of every precision;
                // the seeds have such bursts and mutation rarely makes new ones.
                std::uint8_t n = in.u8();
                std::uint64_t state = in.u64();
                bool long_burst = (state & 0xFFF) == 0xB16 && !run.had_long_burst;
                run.had_long_burst |= long_burst;
                std::size_t count = long_burst ? 4200 : (std::size_t(n % 64) + 1) * 2;
                // With bit 3 of the control byte, hashes fall into 4096 indexes
                // at precision 26 with high ranks: many updates of few entries.
                std::uint64_t mask = (control & 8) ? (UINT64_C(0xFFF) << 52) | 0xFF : ~std::uint64_t(0);
                for (std::size_t i = 0; i < count; i++) run.add(fuzz::splitmix64(state) & mask, (i & 1) ^ side, (i & 2) != 0);
                break;
            }
            case 5:
                run.checkpoint(false);
                break;
            default:
                run.add(kExtremeHashes[in.u8() % kExtremeHashes.size()], side, copying);
                break;
        }
    }
    run.checkpoint(true);
    return 0;
}
