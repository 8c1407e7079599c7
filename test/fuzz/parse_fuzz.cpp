// libFuzzer target: every format's full validator on arbitrary bytes (hll,
// bloom, bloom_agg's state, ddsketch), the
// path of text input, binary receive and the bytea casts. Each format rejects
// a foreign type tag in the first byte, so one corpus serves them all.
//
// For an accepted hll value it also runs every operation that reads it and
// checks what must hold of any valid value:
//   - rebuilt from its content (registers, or sparse entries added one by one
//     and through an aggregate's building state) it is the same bytes, so a
//     value has exactly one encoding and re-serialises byte for byte;
//   - the estimate is finite and >= 0, info() agrees with registers();
//   - union with itself or with an empty sketch gives the same bytes;
//   - folding to each lower precision gives a valid value whose registers
//     are the reference fold of the original's, equal whether folded in one
//     step or one precision at a time, and both contain each other.
// A value whose header passes but whose content does not (never let in by
// PostgreSQL) still goes through the header-trusting operations, which must
// stay inside its bytes.
//
// The same bytes are also postgresql-hll's format to hll_import (its
// first byte is a version and type nibble, not a tag): an import either fails
// as kCorrupt naming a field, or gives a valid value of its hash family that
// exports to the input whenever the input packs as postgresql-hll packs
// (always for EMPTY and EXPLICIT), and imports again to itself; as a DataSketches
// HLL image, the same with registers and estimate kept; as Redis's HYLL
// bytes, likewise, always exporting to the input. Family values (hash ids 3
// and 4) that hll::parse accepts get the family's own checks.
#include <algorithm>
#include <vector>

#include "fuzz_common.hpp"
#include "hash.hpp"
#include "hll.hpp"
#include "hll_family.hpp"
#include "bloom.hpp"
#include "ddsketch.hpp"
#include "countmin.hpp"
#include "agebloom.hpp"  // issue-28
#include "topk.hpp"
#include "kll.hpp"  // issue-26

using namespace probabilistic;
using fuzz::HeapAllocator;
using fuzz::same_bytes;

namespace {

// A hash whose sparse entry (index at precision 26 << 6 | rank) is e.
std::uint64_t hash_of_entry(std::uint32_t e) {
    std::uint64_t h = std::uint64_t(e >> 6) << (64 - hll::kSparsePrecision);
    unsigned rank = e & 63u;
    if (rank <= 64 - hll::kSparsePrecision) h |= std::uint64_t(1) << (64 - hll::kSparsePrecision - rank);
    return h;
}

unsigned bit_length(std::uint32_t x) { return x == 0 ? 0u : 32u - static_cast<unsigned>(__builtin_clz(x)); }

// The reference fold of one-byte registers from precision p down to q.
std::vector<std::uint8_t> fold_registers(const std::vector<std::uint8_t>& regs, int p, int q) {
    unsigned d = static_cast<unsigned>(p - q);
    std::uint32_t mask = (std::uint32_t(1) << d) - 1;
    std::vector<std::uint8_t> out(hll::register_count(q), 0);
    for (std::size_t i = 0; i < regs.size(); i++) {
        if (regs[i] == 0) continue;
        std::uint32_t low = static_cast<std::uint32_t>(i) & mask;
        unsigned r = low != 0 ? d - bit_length(low) + 1 : d + regs[i];
        out[i >> d] = std::max(out[i >> d], static_cast<std::uint8_t>(r));
    }
    return out;
}

// The one encoding of a dense value with these registers.
std::vector<std::uint8_t> dense_encoding(const hll::Sketch& s, const std::vector<std::uint8_t>& regs) {
    int p = s.precision();
    std::vector<std::uint8_t> out(hll::kHeaderSize + hll::dense_payload_size(p), 0);
    const std::uint8_t header[8] = {hll::kTypeTag, kind::version_for(s.header.kind), s.header.hash_id, hll::kReprDense,
                                    static_cast<std::uint8_t>(p), hll::kSparsePrecision, 0, 0};
    std::memcpy(out.data(), header, sizeof header);
    if (s.header.kind != kind::kNone) store_le16(out.data() + 6, s.header.kind);
    store_le64(out.data() + 8, s.header.seed);
    for (std::size_t i = 0; i < regs.size(); i++) hll::set_reg(out.data() + hll::kHeaderSize, i, regs[i]);
    return out;
}

void check_folded(const hll::Sketch& s, Buffer folded, int q, const std::vector<std::uint8_t>& want_regs) {
    hll::Sketch f = hll::parse(folded.data, folded.size);  // a fold is a valid value
    FUZZ_CHECK(f.precision() == q);
    FUZZ_CHECK(f.header.seed == s.header.seed && f.header.hash_id == s.header.hash_id);
    FUZZ_CHECK(hll::registers(f) == want_regs);
    FUZZ_CHECK(fuzz::finite_non_negative(hll::estimate(f)));
}

// The checks that read the original again (2^p registers each time).
void check_folded_against(Buffer value, const hll::Sketch& s, const std::vector<std::uint8_t>& regs,
                          Buffer folded, int q, HeapAllocator& alloc) {
    Buffer direct = hll::fold(value.data, value.size, q, alloc);
    FUZZ_CHECK(same_bytes(direct, folded));
    FUZZ_CHECK(hll::registers(hll::parse(direct.data, direct.size)) == fold_registers(regs, s.precision(), q));
    alloc.release(direct.data);
    hll::Sketch f = hll::parse(folded.data, folded.size);
    FUZZ_CHECK(hll::contains(s, f) && hll::contains(f, s));
    // Folding loses nothing the union needs: either side absorbs the other.
    Buffer m = hll::union_of(value.data, value.size, folded.data, folded.size, false, alloc);
    FUZZ_CHECK(same_bytes(m, folded));
    alloc.release(m.data);
    m = hll::union_of(folded.data, folded.size, value.data, value.size, false, alloc);
    FUZZ_CHECK(same_bytes(m, folded));
    if (m.data != folded.data) alloc.release(m.data);
}

void check_valid_hll(Buffer value, HeapAllocator& alloc) {
    hll::Sketch s = hll::parse(value.data, value.size);
    const int p = s.precision();
    hll::Sketch t = hll::parse_state(value.data, value.size);
    FUZZ_CHECK(!t.building() && t.header.repr == s.header.repr && t.payload_size == s.payload_size);
    const std::uint64_t input_hash = hash_bytes(value.data, value.size, 0);
    // The checks that expand every register cost 2^p each, even for a small
    // sparse value; above p = 10 they run for one input in eight (chosen by
    // the input's hash, so a finding reproduces), keeping the fuzzer fast.
    const bool thorough = p <= 10 || (input_hash & 7) == 0;

    const double estimate = hll::estimate(s);
    FUZZ_CHECK(fuzz::finite_non_negative(estimate));
    if (s.sparse() && s.sparse_count() == 0) FUZZ_CHECK(estimate == 0.0);

    // Re-serialised from its content, a value is the same bytes.
    if (s.sparse()) {
        Buffer builder = hll::builder(alloc, p, s.header.seed, s.header.kind);
        for (std::size_t i = s.sparse_count(); i-- > 0;)
            builder = hll::add_hash(builder.data, builder.size, hash_of_entry(s.entry(i)), true, alloc);
        FUZZ_CHECK(same_bytes(hll::finish(builder.data, builder.size, alloc), value));
        // One add at a time copies the value each time: only for small ones.
        if (s.sparse_count() <= 256) {
            Buffer rebuilt = hll::empty(alloc, p, s.header.seed);
            for (std::size_t i = s.sparse_count(); i-- > 0;) {
                Buffer next = hll::add_hash(rebuilt.data, rebuilt.size, hash_of_entry(s.entry(i)), i % 2 == 0, alloc,
                                            s.header.kind);
                if (next.data != rebuilt.data) alloc.release(rebuilt.data);
                rebuilt = next;
            }
            FUZZ_CHECK(same_bytes(rebuilt, value));
        }
    }
    FUZZ_CHECK(hll::finish(value.data, value.size, alloc).data == value.data);
    Buffer same = hll::fold(value.data, value.size, p, alloc);
    FUZZ_CHECK(same.data == value.data && same.size == value.size);
    try {
        hll::fold(value.data, value.size, p + 1, alloc);
        FUZZ_CHECK(!"fold raised the precision");
    } catch (const Error& err) {
        FUZZ_CHECK(err.kind() == ErrorKind::kInvalidParameter);
    }

    // Union with itself or with an empty sketch changes nothing.
    FUZZ_CHECK(same_bytes(hll::union_of(value.data, value.size, value.data, value.size, false, alloc), value));
    Buffer left = alloc.hold(value.data, value.size);
    Buffer merged = hll::union_of(left.data, left.size, value.data, value.size, true, alloc);
    FUZZ_CHECK(same_bytes(merged.data, merged.size, value.data, value.size));
    if (!s.sparse()) FUZZ_CHECK(merged.data == left.data);  // a dense left side absorbs in place
    Buffer empty = hll::empty(alloc, p, s.header.seed);
    FUZZ_CHECK(same_bytes(hll::union_of(value.data, value.size, empty.data, empty.size, false, alloc), value));
    FUZZ_CHECK(same_bytes(hll::union_of(empty.data, empty.size, value.data, value.size, false, alloc), value));

    // One more value (hashed from the input) gives another valid value.
    Buffer added = hll::add_hash(value.data, value.size, input_hash, false, alloc);
    hll::Sketch a = hll::parse(added.data, added.size);
    FUZZ_CHECK(fuzz::finite_non_negative(hll::estimate(a)));

    // A precision the last byte picks, so the fuzzer reaches all.
    const int pick = hll::kMinPrecision + value.data[value.size - 1] % (p - hll::kMinPrecision + 1);
    if (!thorough) {
        Buffer folded = hll::fold(value.data, value.size, pick, alloc);
        FUZZ_CHECK(fuzz::finite_non_negative(hll::estimate(hll::parse(folded.data, folded.size))));
        return;
    }

    const std::vector<std::uint8_t> regs = hll::registers(s);
    FUZZ_CHECK(regs.size() == hll::register_count(p));
    std::size_t nonzero = 0;
    for (std::size_t i = 0; i < regs.size(); i++) {
        FUZZ_CHECK(regs[i] <= hll::max_rank(p));
        if (!s.sparse()) FUZZ_CHECK(regs[i] == hll::get_reg(s.payload, i));
        nonzero += regs[i] != 0;
    }
    if (!s.sparse()) {
        std::vector<std::uint8_t> encoded = dense_encoding(s, regs);
        FUZZ_CHECK(same_bytes(encoded.data(), encoded.size(), value.data, value.size));
    }
    hll::Info info = hll::info(s);
    FUZZ_CHECK(info.precision == p && info.sparse == s.sparse() && info.format_version == kind::version_for(s.header.kind));
    FUZZ_CHECK(info.hash_id == s.header.hash_id && info.seed == s.header.seed && info.kind == s.header.kind);
    FUZZ_CHECK(info.registers_nonzero == nonzero);
    FUZZ_CHECK(info.sparse_entries == (s.sparse() ? s.sparse_count() : 0));
    FUZZ_CHECK(info.estimate == estimate);

    hll::Sketch e = hll::parse(empty.data, empty.size);
    FUZZ_CHECK(hll::contains(s, s) && hll::contains(s, e));
    FUZZ_CHECK(hll::contains(e, s) == (nonzero == 0));
    FUZZ_CHECK(hll::contains(a, s));

    // Folding: one precision at a time down to the minimum, and in one step
    // from the original for every precision when that is cheap, else for two.
    Buffer chained = value;
    std::vector<std::uint8_t> want = regs;
    for (int q = p - 1; q >= hll::kMinPrecision; q--) {
        Buffer next = hll::fold(chained.data, chained.size, q, alloc);
        want = fold_registers(want, q + 1, q);
        check_folded(s, next, q, want);
        if (p <= 10 || q == p - 1 || q == pick) check_folded_against(value, s, regs, next, q, alloc);
        if (chained.data != value.data) alloc.release(chained.data);
        chained = next;
    }
}

// Bytes whose header passes but whose content was never validated: the
// header-trusting operations may compute nonsense or throw, but must read and
// write only inside the buffers.
void exercise_header_only_hll(Buffer value, HeapAllocator& alloc) {
    try {
        hll::Sketch s = hll::parse_state(value.data, value.size);
        if (s.building()) {
            Buffer state = alloc.hold(value.data, value.size);
            hll::finish(state.data, state.size, alloc);
            hll::add_hash(state.data, state.size, hash_bytes(value.data, value.size, 0), true, alloc);
            return;
        }
        hll::estimate(s);
        if (s.precision() <= 10) {  // these expand all 2^p registers
            hll::info(s);
            hll::contains(s, s);
        }
        hll::union_of(value.data, value.size, value.data, value.size, false, alloc);
        hll::fold(value.data, value.size, hll::kMinPrecision, alloc);
        hll::add_hash(value.data, value.size, hash_bytes(value.data, value.size, 0), false, alloc);
    } catch (const Error&) {
    }
}

// A valid value of a foreign hash family: what holds of every one.
void check_valid_family(Buffer value, HeapAllocator& alloc) {
    hll::Sketch s = hll::parse(value.data, value.size);
    FUZZ_CHECK(fuzz::finite_non_negative(hll::estimate(s)));
    FUZZ_CHECK(same_bytes(hll::union_of(value.data, value.size, value.data, value.size, false, alloc), value));
    FUZZ_CHECK(hll::contains(s, s));
    const std::string format = hll::family::name(s.header.hash_id);
    const bool redis = s.header.hash_id == hll::family::kRedis;
    const bool ds = s.header.hash_id == hll::family::kDataSketches;
    Buffer exported = hll::family::export_to(s, format, alloc);
    if (ds) {
        // A DataSketches SET's table can come back in another slot order (FORMAT.md
        // 3.17): the registers and the estimate come back.
        Buffer again = hll::family::import(exported.data, exported.size, format,
                                           static_cast<std::int64_t>(s.header.seed), alloc);
        hll::Sketch t = hll::parse(again.data, again.size);
        FUZZ_CHECK(hll::registers(t) == hll::registers(s) && hll::estimate(t) == hll::estimate(s));
    } else {
        FUZZ_CHECK(same_bytes(hll::family::import(exported.data, exported.size, format,
                                                  redis ? 0 : static_cast<std::int32_t>(s.header.seed), alloc),
                              value));
    }
    // A DataSketches value takes coupons, not 64-bit hashes.
    std::uint64_t hash = ds ? hll::family::hash_bytes(s.header.hash_id, value.data, value.size, s.header.seed)
                            : hash_bytes(value.data, value.size, 0);
    Buffer added = hll::add_hash(value.data, value.size, hash, false, alloc);
    hll::Sketch a = hll::parse(added.data, added.size);
    FUZZ_CHECK(hll::contains(a, s) && fuzz::finite_non_negative(hll::estimate(a)));
    std::vector<std::uint8_t> regs = hll::registers(s);
    FUZZ_CHECK(regs.size() == hll::register_count(s.precision()));
    try {
        hll::fold(value.data, value.size, hll::kMinPrecision, alloc);
        FUZZ_CHECK(s.precision() == hll::kMinPrecision);
    } catch (const Error& err) {
        FUZZ_CHECK(err.kind() == ErrorKind::kInvalidParameter);
    }
}

void fuzz_pg_import(const std::uint8_t* data, std::size_t size) {
    HeapAllocator alloc;
    Buffer value;
    try {
        value = hll::family::import(data, size, "postgresql-hll", 0, alloc);
    } catch (const Error& err) {
        FUZZ_CHECK(err.kind() == ErrorKind::kCorrupt);
        return;
    }
    check_valid_family(value, alloc);
    Buffer exported = hll::family::export_to(hll::parse(value.data, value.size), "postgresql-hll", alloc);
    if ((data[0] & 0x0f) == (exported.data[0] & 0x0f)) FUZZ_CHECK(same_bytes(exported.data, exported.size, data, size));
    else FUZZ_CHECK((data[0] & 0x0f) >= 3 && (exported.data[0] & 0x0f) >= 3);  // only SPARSE and FULL may differ
}

// Redis's HYLL bytes: refused as kCorrupt, or imported to a valid value that
// exports to the very input (Redis's bytes are kept as they are).
void fuzz_redis_import(const std::uint8_t* data, std::size_t size) {
    HeapAllocator alloc;
    Buffer value;
    try {
        value = hll::family::import(data, size, "redis", 0, alloc);
    } catch (const Error& err) {
        FUZZ_CHECK(err.kind() == ErrorKind::kCorrupt);
        return;
    }
    check_valid_family(value, alloc);
    Buffer exported = hll::family::export_to(hll::parse(value.data, value.size), "redis", alloc);
    FUZZ_CHECK(same_bytes(exported.data, exported.size, data, size));
}

// DataSketches HLL images: refused as kCorrupt, or imported to a valid value;
// a compact LIST image (not Java's read-only bit) exports to the very input.
void fuzz_ds_import(const std::uint8_t* data, std::size_t size) {
    HeapAllocator alloc;
    Buffer value;
    try {
        value = hll::family::import(data, size, "datasketches", 9001, alloc);
    } catch (const Error& err) {
        FUZZ_CHECK(err.kind() == ErrorKind::kCorrupt);
        return;
    }
    check_valid_family(value, alloc);
    Buffer exported = hll::family::export_to(hll::parse(value.data, value.size), "datasketches", alloc);
    if ((data[7] & 3) == 0 && (data[5] & 8) != 0 && (data[5] & 2) == 0 && (data[6] != 0 || size == 8))
        FUZZ_CHECK(same_bytes(exported.data, exported.size, data, size));
}

void fuzz_hll(const std::uint8_t* data, std::size_t size) {
    HeapAllocator alloc;
    Buffer value = alloc.hold(data, size);
    if (fuzz::check_parser(hll::parse, hll::parse_trusted, value.data, value.size)) {
        if (hll::family::foreign(value.data[2])) {
            check_valid_family(value, alloc);
            return;
        }
        // A value of an earlier hash id (doc/FORMAT.md 2) parses and keeps its id, and
        // combining it with a value of the current id is refused. The checks build fresh
        // values, which carry the current id, so they run on a copy relabelled to it.
        if (hll::parse(value.data, value.size).header.hash_id != kHashId) {
            Buffer current = alloc.hold(value.data, value.size);
            current.data[2] = kHashId;
            try {
                hll::union_of(value.data, value.size, current.data, current.size, false, alloc);
                FUZZ_CHECK(!"hash ids 1 and 2 combined");
            } catch (const Error& err) {
                FUZZ_CHECK(err.kind() == ErrorKind::kMismatch);
            }
            value = current;
        }
        check_valid_hll(value, alloc);
    } else
        exercise_header_only_hll(value, alloc);
}

// Bytes bloom_agg's working-state checks accept (never let in by
// PostgreSQL): what the aggregate does with a state may compute nonsense or
// throw, but must read and write only inside the buffers, and finishing
// never changes its input.
void exercise_bloom_state(Buffer value, HeapAllocator& alloc) {
    try {
        bloom::State st = bloom::parse_state(value.data, value.size);
        if (st.pending == nullptr) return;
        Buffer state = alloc.hold(value.data, value.size);
        Buffer done = bloom::finish(state.data, state.size, alloc);
        FUZZ_CHECK(same_bytes(state, value) && done.size == st.filter.size);
        Buffer left = alloc.hold(done.data, done.size);
        bloom::union_state(left.data, left.size, state.data, state.size, alloc);
        bloom::add_hash(state.data, state.size, hash_bytes(value.data, value.size, 0), true, alloc);
        FUZZ_CHECK(bloom::finish_in_place(state.data, state.size) == st.filter.size);
    } catch (const Error&) {
    }
}

// A bloom value the full validation accepted: every operation on it stays
// valid, and adding a hash never produces a false negative.
void fuzz_bloom(const std::uint8_t* data, std::size_t size) {
    HeapAllocator alloc;
    Buffer value = alloc.hold(data, size);
    if (!fuzz::check_parser(bloom::parse, bloom::parse_trusted, value.data, value.size)) {
        exercise_bloom_state(value, alloc);
        return;
    }
    bloom::Sketch s = bloom::parse(value.data, value.size);
    double e = bloom::estimate(s), f = bloom::estimated_fpr(s);
    FUZZ_CHECK(std::isfinite(e) && e >= 0 && f >= 0 && f <= 1);
    FUZZ_CHECK(bloom::superset(s, s));
    Buffer same = bloom::union_of(value.data, value.size, value.data, value.size, false, alloc);
    FUZZ_CHECK(same_bytes(same, value));
    std::uint64_t h = hash_bytes(value.data, value.size, 1);
    try {
        Buffer added = bloom::add_hash(value.data, value.size, h, false, alloc);
        bloom::Sketch t = bloom::parse(added.data, added.size);
        FUZZ_CHECK(bloom::contains(t, h));
        FUZZ_CHECK(bloom::superset(t, s));
    } catch (const Error& err) {
        FUZZ_CHECK(err.kind() == ErrorKind::kTooLarge);  // a scalable filter that cannot grow
    }
}

// bloom_agg(x [, fpr])'s serialized state (what its deserialize function
// reads): accepted exactly when the header is followed by its count of
// hashes, at a rate in (0, 1); every hash is then in bounds.
void fuzz_bloom_distinct_state(const std::uint8_t* data, std::size_t size) {
    HeapAllocator alloc;
    Buffer value = alloc.hold(data, size);
    bloom::DistinctState st;
    try {
        st = bloom::parse_distinct_state(value.data, value.size);
    } catch (const Error& err) {
        FUZZ_CHECK(err.kind() == ErrorKind::kCorrupt);
        return;
    }
    FUZZ_CHECK(st.fpr > 0.0 && st.fpr < 1.0);
    FUZZ_CHECK(value.size == bloom::kDistinctStateHeaderSize + 8 * st.count);
    // Reads every hash (inside the buffer, or ASan reports it); written back, the same bytes.
    volatile std::uint64_t sink = 0;
    for (std::uint64_t i = 0; i < st.count; i++) sink = sink + st.hash(i);
    std::vector<std::uint8_t> rebuilt(value.size);
    bloom::write_distinct_state_header(rebuilt.data(), st.fpr, st.count);
    std::copy(st.hashes, st.hashes + 8 * st.count, rebuilt.data() + bloom::kDistinctStateHeaderSize);
    FUZZ_CHECK(same_bytes(value.data, value.size, rebuilt.data(), rebuilt.size()));

    // The set deserializing builds holds each hash once; serialized again it
    // gives that set, and its final filter is valid and holds every hash.
    std::vector<std::uint64_t> distinct(st.count);
    for (std::uint64_t i = 0; i < st.count; i++) distinct[i] = st.hash(i);
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    Buffer filter{}, again{};
    try {
        bloom::DistinctBuilder set(alloc, st);
        FUZZ_CHECK(set.size() == distinct.size() && set.fpr() == st.fpr);
        again = set.serialize(alloc);
        filter = set.finish(alloc, kind::kNone);
    } catch (const Error& err) {
        FUZZ_CHECK(err.kind() == ErrorKind::kTooLarge);  // a rate too small for a filter of that many
        return;
    }
    bloom::DistinctState back = bloom::parse_distinct_state(again.data, again.size);
    std::vector<std::uint64_t> hashes(back.count);
    for (std::uint64_t i = 0; i < back.count; i++) hashes[i] = back.hash(i);
    std::sort(hashes.begin(), hashes.end());
    FUZZ_CHECK(hashes == distinct && back.fpr == st.fpr);
    bloom::Sketch f = bloom::parse(filter.data, filter.size);
    FUZZ_CHECK(!f.scalable() && f.header.capacity == std::max<std::uint64_t>(1, distinct.size()));
    for (std::uint64_t h : distinct) FUZZ_CHECK(bloom::contains(f, h));
}

// A ddsketch value the full validation accepted: it is canonical (decoded and
// encoded again, the same bytes), its answers lie in [min, max], and a union
// with itself or an empty sketch, or one more value, stays valid; a union in
// either order is the same bytes.
void fuzz_ddsketch(const std::uint8_t* data, std::size_t size) {
    HeapAllocator alloc;
    Buffer value = alloc.hold(data, size);
    if (!fuzz::check_parser(ddsketch::parse, ddsketch::parse_trusted, value.data, value.size)) {
        // Header-only checks passed or not, the header-trusting operations stay inside the bytes.
        try {
            ddsketch::Sketch t = ddsketch::parse_trusted(value.data, value.size);
            double out;
            if (t.count > 0) ddsketch::quantile(t, 0.5, &out);
            ddsketch::add(value.data, value.size, 1.5, false, alloc);
        } catch (const Error&) {
        }
        return;
    }
    ddsketch::Sketch s = ddsketch::parse(value.data, value.size);
    FUZZ_CHECK(same_bytes(ddsketch::encode(s, alloc), value));
    for (double q : {0.0, 0.001, 0.5, 0.999, 1.0}) {
        double v, c;
        FUZZ_CHECK(ddsketch::quantile(s, q, &v) == (s.count > 0));
        FUZZ_CHECK(ddsketch::quantile_cont(s, q, &c) == (s.count > 0));
        if (s.count > 0) FUZZ_CHECK(v >= s.min && v <= s.max && c >= s.min && c <= s.max);
    }
    double r;
    if (ddsketch::rank(s, s.max, &r)) FUZZ_CHECK(r == 1.0);
    if (s.count >= UINT64_C(1) << 62) return;  // the unions below would pass 2^64 values
    Buffer twice = ddsketch::merge(value.data, value.size, value.data, value.size, alloc);
    ddsketch::Sketch t = ddsketch::parse(twice.data, twice.size);
    FUZZ_CHECK(t.count == 2 * s.count && t.min == s.min && t.max == s.max);
    Buffer empty = ddsketch::make_empty(alloc, s.alpha, s.max_buckets);
    FUZZ_CHECK(same_bytes(ddsketch::merge(value.data, value.size, empty.data, empty.size, alloc), value));
    FUZZ_CHECK(same_bytes(ddsketch::merge(empty.data, empty.size, value.data, value.size, alloc), value));
    // One more value, from the input's hash, copied and in place alike; the union either way round.
    double x = std::ldexp(static_cast<double>(hash_bytes(value.data, value.size, 0) >> 11), -40) - 4096.0;
    Buffer added = ddsketch::add(value.data, value.size, x, false, alloc);
    ddsketch::validate(added.data, added.size);
    Buffer copy = alloc.hold(value.data, value.size);
    Buffer in_place = ddsketch::add(copy.data, copy.size, x, true, alloc);
    FUZZ_CHECK(same_bytes(in_place, added));
    Buffer one = ddsketch::add(empty.data, empty.size, x, false, alloc);
    FUZZ_CHECK(same_bytes(ddsketch::merge(value.data, value.size, one.data, one.size, alloc), added));
    FUZZ_CHECK(same_bytes(ddsketch::merge(one.data, one.size, value.data, value.size, alloc), added));
}
// BEGIN issue-27 countmin
// A countmin sketch: accepted values keep the invariants every operation
// relies on (every cell at most the total, so no add or union wraps); the
// operations keep them, which parse checks again on their results. A value
// whose header passes but whose cells do not still goes through the
// header-trusting operations, which must stay inside its bytes.
void fuzz_countmin(const std::uint8_t* data, std::size_t size) {
    HeapAllocator alloc;
    countmin::Sketch s{};
    try {
        s = countmin::parse(data, size);
    } catch (const Error& err) {
        FUZZ_CHECK(err.kind() == ErrorKind::kCorrupt);
        try {
            countmin::Sketch t = countmin::parse_trusted(data, size);
            volatile std::uint64_t sink = countmin::count_hash(t, size);
            (void)sink;
        } catch (const Error& e) {
            FUZZ_CHECK(e.kind() == ErrorKind::kCorrupt);
        }
        return;
    }
    const countmin::Header& h = s.header;
    FUZZ_CHECK(h.total <= countmin::kMaxTotal);
    FUZZ_CHECK(size == countmin::kHeaderSize + 8 * h.width * h.depth);
    for (std::uint64_t i = 0; i < h.width * h.depth; i++) FUZZ_CHECK(load_le64(s.cells() + 8 * i) <= h.total);
    countmin::Info info = countmin::info(s);
    FUZZ_CHECK(info.width == h.width && info.depth == h.depth && info.total == h.total && info.bytes == size);

    // Union with an empty sketch of the same parameters: the same cells and total.
    Buffer empty = countmin::make_empty(alloc, h.epsilon, h.delta, h.seed);
    Buffer same = countmin::merge(data, size, empty.data, empty.size, alloc);
    FUZZ_CHECK(same.size == size && std::equal(same.data + countmin::kHeaderSize, same.data + size,
                                               data + countmin::kHeaderSize));
    FUZZ_CHECK(countmin::parse(same.data, same.size).header.total == h.total);
    // Union with itself: doubled, or refused before the total passes the limit.
    try {
        Buffer twice = countmin::merge(data, size, data, size, alloc);
        countmin::Sketch t = countmin::parse(twice.data, twice.size);
        FUZZ_CHECK(t.header.total == 2 * h.total);
        for (std::uint64_t i = 0; i < h.width * h.depth; i++)
            FUZZ_CHECK(load_le64(t.cells() + 8 * i) == 2 * load_le64(s.cells() + 8 * i));
    } catch (const Error& err) {
        FUZZ_CHECK(err.kind() == ErrorKind::kTooLarge && h.total > countmin::kMaxTotal - h.total);
    }
    // An add raises the value's count by exactly its weight and keeps the invariants.
    std::uint64_t hash = size * 0x9E3779B97F4A7C15u;
    std::uint64_t before = countmin::count_hash(s, hash);
    FUZZ_CHECK(before <= h.total);
    try {
        Buffer added = countmin::add_hash(const_cast<std::uint8_t*>(data), size, hash, 3, false, alloc, 20);
        countmin::Sketch a = countmin::parse(added.data, added.size);
        FUZZ_CHECK(countmin::count_hash(a, hash) == before + 3 && a.header.total == h.total + 3);
    } catch (const Error& err) {
        FUZZ_CHECK(err.kind() == ErrorKind::kTooLarge && h.total > countmin::kMaxTotal - 3);
    }
}
// END issue-27
// topk: an accepted value is canonical (rewritten from its entries, the same
// bytes), its bounds' invariant holds, a union with itself or an empty value
// is valid (and with an empty one, the same bytes), and continuing it as an
// aggregate state with one more item finishes to a valid value.
void fuzz_topk(const std::uint8_t* data, std::size_t size) {
    HeapAllocator alloc;
    Buffer value = alloc.hold(data, size);
    topk::Sketch s;
    try {
        s = topk::parse(value.data, value.size);
    } catch (const Error& err) {
        FUZZ_CHECK(err.kind() == ErrorKind::kCorrupt);
        return;
    }
    const topk::Header h = s.header;
    FUZZ_CHECK(h.offset <= h.total / (h.size + 1));
    FUZZ_CHECK(same_bytes(topk::finish(value.data, value.size, alloc), value));
    Buffer empty = topk::make_empty(alloc, static_cast<long long>(h.size));
    FUZZ_CHECK(same_bytes(topk::merge(value.data, value.size, empty.data, empty.size, alloc), value));
    FUZZ_CHECK(same_bytes(topk::merge(empty.data, empty.size, value.data, value.size, alloc), value));
    try {
        Buffer twice = topk::merge(value.data, value.size, value.data, value.size, alloc);
        topk::Sketch t = topk::parse(twice.data, twice.size);
        FUZZ_CHECK(t.header.total == 2 * h.total && t.header.items == h.items);
    } catch (const Error& err) {
        FUZZ_CHECK(err.kind() == ErrorKind::kTooLarge);  // a total past 2^63 - 1
    }
    Buffer w = topk::working_of(value.data, value.size, alloc);
    const std::uint8_t item[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    std::size_t n = h.width != 0 ? h.width : 3;
    if (n > sizeof item) return;  // a width only a crafted kind has
    try {
        w = topk::add(w.data, w.size, item, n, 1, h.kind != kind::kNone ? h.kind : 20, h.width, alloc);
    } catch (const Error& err) {
        FUZZ_CHECK(err.kind() == ErrorKind::kTooLarge || err.kind() == ErrorKind::kInvalidParameter);
        return;
    }
    Buffer done = topk::finish(w.data, w.size, alloc);
    FUZZ_CHECK(topk::parse(done.data, done.size).header.total == h.total + 1);
}

// BEGIN issue-26 kll
// kll: an accepted value is written back as it was; its answers are retained
// items within [min, max]; a union with an empty sketch is the same bytes, with
// itself a valid value of twice the count; an aggregate continuing it (working
// state, the in-place row path and compactions) finishes to a valid value of
// one more; its DataSketches images (doubles and floats) import again. The same
// bytes as a DataSketches KLL image: refused as kCorrupt, or imported to a
// valid value whose export is the input.
void fuzz_kll(const std::uint8_t* data, std::size_t size) {
    HeapAllocator alloc;
    Buffer value = alloc.hold(data, size);
    bool parsed = false;
    kll::Sketch s;
    try {
        s = kll::parse(value.data, value.size);
        parsed = true;
    } catch (const Error& err) {
        FUZZ_CHECK(err.kind() == ErrorKind::kCorrupt);
    }
    if (parsed) {
        FUZZ_CHECK(same_bytes(kll::encode(s, alloc), value));
        double q, r;
        if (kll::quantile(s, 0.5, true, &q)) FUZZ_CHECK(q >= s.min && q <= s.max);
        if (kll::rank(s, s.max, true, &r)) FUZZ_CHECK(r == 1.0);
        Buffer empty = kll::make_empty(alloc, s.k);
        FUZZ_CHECK(same_bytes(kll::merge(value.data, value.size, empty.data, empty.size, alloc), value));
        try {
            Buffer twice = kll::merge(value.data, value.size, value.data, value.size, alloc);
            FUZZ_CHECK(kll::parse(twice.data, twice.size).n == 2 * s.n);
            Buffer w = kll::encode_working(s, alloc);
            w = kll::add(w.data, w.size, 0.5, true, alloc);
            Buffer done = kll::finish(w.data, w.size, alloc);
            FUZZ_CHECK(kll::parse(done.data, done.size).n == s.n + 1);
        } catch (const Error& err) {
            FUZZ_CHECK(err.kind() == ErrorKind::kTooLarge);  // a count past 2^64 - 1
        }
        for (bool floats : {false, true}) {
            std::vector<std::uint8_t> image = kll::export_datasketches(s, floats);
            kll::Sketch back = kll::import_datasketches(image.data(), image.size());
            FUZZ_CHECK(back.n == s.n && kll::export_datasketches(back, floats) == image);
        }
    }
    try {
        kll::Sketch d = kll::import_datasketches(data, size);
        Buffer b = kll::encode(d, alloc);
        kll::validate(b.data, b.size);
        const std::vector<std::uint8_t> input(data, data + size);
        FUZZ_CHECK(kll::export_datasketches(d, false) == input || kll::export_datasketches(d, true) == input);
    } catch (const Error& err) {
        FUZZ_CHECK(err.kind() == ErrorKind::kCorrupt);
    }
}
// END issue-26
// BEGIN issue-28 agebloom
// An agebloom filter: an accepted value answers every probe inside its bytes;
// info is finite; an add at its own generation (count mode) or at its newest
// time (time mode) is found at once and leaves a valid value, or (a full time
// generation) fails with kTooLarge and the bytes unchanged; a time filter's
// union with itself is valid or refused as a full generation, and with an
// empty one of the same parameters answers alike.
void fuzz_agebloom(const std::uint8_t* data, std::size_t size) {
    HeapAllocator alloc;
    Buffer value = alloc.hold(data, size);
    agebloom::Sketch s;
    try {
        s = agebloom::parse(value.data, value.size);
    } catch (const Error& err) {
        FUZZ_CHECK(err.kind() == ErrorKind::kCorrupt);
        try {
            agebloom::Sketch t = agebloom::parse_trusted(value.data, value.size);
            volatile bool sink = agebloom::contains_hash(t, size);
            (void) sink;
        } catch (const Error& e2) {
            FUZZ_CHECK(e2.kind() == ErrorKind::kCorrupt);
        }
        return;
    }
    const agebloom::Header h = s.header;
    agebloom::Info info = agebloom::info(s);
    FUZZ_CHECK(std::isfinite(info.estimated_fpr) && info.fill >= 0.0 && info.fill <= 1.0);
    std::int64_t now = h.generation == agebloom::kNoGeneration
                           ? 0
                           : static_cast<std::int64_t>(static_cast<std::uint64_t>(h.generation) * h.generation_length);
    if (h.mode == agebloom::kModeTime && h.generation != agebloom::kNoGeneration &&
        (h.generation > INT64_MAX / static_cast<std::int64_t>(h.generation_length) ||
         h.generation < INT64_MIN / static_cast<std::int64_t>(h.generation_length)))
        return;  // a generation whose time is past int64: no time reaches it
    std::uint64_t hash = hash_int64(static_cast<std::int64_t>(size), h.seed);
    Buffer added = alloc.hold(value.data, value.size);
    try {
        agebloom::add_hash(added.data, added.size, hash, now, true, alloc, 20);
        agebloom::Sketch a = agebloom::parse(added.data, added.size);
        FUZZ_CHECK(agebloom::contains_hash(a, hash));
    } catch (const Error& err) {
        FUZZ_CHECK(err.kind() == ErrorKind::kTooLarge && h.mode == agebloom::kModeTime);
        FUZZ_CHECK(same_bytes(added, value));
    }
    if (h.mode != agebloom::kModeTime) return;
    try {
        Buffer twice = agebloom::merge(value.data, value.size, value.data, value.size, alloc);
        agebloom::parse(twice.data, twice.size);
    } catch (const Error& err) {
        FUZZ_CHECK(err.kind() == ErrorKind::kTooLarge);
    }
    Buffer empty = agebloom::make_empty(alloc, agebloom::kModeTime, static_cast<long long>(h.window),
                                        static_cast<long long>(h.capacity), h.fpr, static_cast<int>(h.generations),
                                        h.seed);
    Buffer same = agebloom::merge(value.data, value.size, empty.data, empty.size, alloc);
    FUZZ_CHECK(same_bytes(same, value));
}
// END issue-28

struct Format {
    const char* name;
    void (*fuzz)(const std::uint8_t* data, std::size_t size);
};

const Format kFormats[] = {
    {"hll", fuzz_hll},
    {"postgresql-hll import", fuzz_pg_import},
    {"redis import", fuzz_redis_import},
    {"datasketches import", fuzz_ds_import},
    {"bloom", fuzz_bloom},
    {"bloom_agg state", fuzz_bloom_distinct_state},
    {"ddsketch", fuzz_ddsketch},
    {"countmin", fuzz_countmin},  // issue-27
    {"topk", fuzz_topk},
    {"kll", fuzz_kll},  // issue-26
    {"agebloom", fuzz_agebloom},  // issue-28
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    for (const Format& f : kFormats) f.fuzz(data, size);
    return 0;
}
