// libFuzzer target for the binary fuse filter (fuse.hpp). The first byte picks:
//
//   even: the rest is a value, as text input, binary receive and the bytea
//         cast hand it over. parse() must accept or throw kCorrupt, and what
//         it accepts parse_trusted() accepts too. An accepted key set answers
//         contains exactly (its hashes, nothing else of a few probes), comes
//         back as is from canonical() and from a union with itself, takes a
//         hash (copying: a valid key set with it; in place: a working state
//         that canonicalizes to the same), and builds a valid filter that
//         finds every key, the same bytes from its working state. An accepted
//         filter comes back as is from build(), refuses adds and unions, and
//         answers contains; its info is finite. Bytes the header check
//         accepts but parse() does not (never let in by PostgreSQL, but for an
//         aggregate's own working state) still go through the header-trusting
//         operations, which must stay inside their bytes.
//   odd:  the rest is a program of adds (in place or copying) into two
//         aggregate states and unions of them, run against an exact set: the
//         states' key sets are the set's hashes, their filter finds each one,
//         and the same keys added in another order build the same bytes.
#include <algorithm>
#include <set>
#include <vector>

#include "fuse.hpp"
#include "fuzz_common.hpp"
#include "hash.hpp"

using namespace probabilistic;
using fuzz::HeapAllocator;

namespace {

std::vector<std::uint64_t> keys_of(const Buffer& b) {
    fuse::Sketch s = fuse::parse(b.data, b.size);
    FUZZ_CHECK(s.header.form == fuse::kFormKeys);
    std::vector<std::uint64_t> out;
    for (std::uint64_t i = 0; i < s.header.keys; i++) out.push_back(load_le64(s.payload() + 8 * i));
    return out;
}

// The filter of a key set or working state: valid, a filter, every key found.
Buffer check_build(const Buffer& in, const std::vector<std::uint64_t>& keys, HeapAllocator& alloc) {
    Buffer f = fuse::build(in.data, in.size, alloc);
    fuse::Sketch s = fuse::parse(f.data, f.size);
    FUZZ_CHECK(s.header.form == fuse::kFormFilter && s.header.keys == keys.size());
    for (std::uint64_t h : keys) FUZZ_CHECK(fuse::contains_hash(s, h));
    return f;
}

void check_info(const fuse::Sketch& s) {
    fuse::Info info = fuse::info(s);
    FUZZ_CHECK(info.keys == s.header.keys && info.bytes == s.size);
    FUZZ_CHECK(fuzz::finite_non_negative(info.estimated_fpr) && info.estimated_fpr <= 1.0);
    FUZZ_CHECK(fuzz::finite_non_negative(info.bits_per_key));
}

void check_key_set(const Buffer& in, const fuse::Sketch& s, HeapAllocator& alloc) {
    std::vector<std::uint64_t> keys = keys_of(in);
    for (std::uint64_t h : keys) FUZZ_CHECK(fuse::contains_hash(s, h));
    for (std::int64_t k = 0; k < 4; k++) {
        std::uint64_t h = hash_int64(k, s.header.seed);
        FUZZ_CHECK(fuse::contains_hash(s, h) == std::binary_search(keys.begin(), keys.end(), h));
    }
    FUZZ_CHECK(fuse::canonical(in.data, in.size, alloc).data == in.data);
    FUZZ_CHECK(fuzz::same_bytes(fuse::merge(in.data, in.size, in.data, in.size, alloc), in));
    std::uint64_t extra = hash_int64(7, s.header.seed);
    Buffer copied = fuse::add_hash(in.data, in.size, extra, false, alloc);
    std::vector<std::uint64_t> with = keys;
    if (!std::binary_search(with.begin(), with.end(), extra)) with.insert(std::upper_bound(with.begin(), with.end(), extra), extra);
    FUZZ_CHECK(keys_of(copied) == with);
    Buffer working = fuse::add_hash(in.data, in.size, extra, true, alloc);
    FUZZ_CHECK(working.data[3] == fuse::kFormWorking);
    FUZZ_CHECK(fuzz::same_bytes(fuse::canonical(working.data, working.size, alloc), copied));
    Buffer f = check_build(in, keys, alloc);
    FUZZ_CHECK(fuzz::same_bytes(check_build(copied, with, alloc), fuse::build(working.data, working.size, alloc)));
    FUZZ_CHECK(fuse::build(f.data, f.size, alloc).data == f.data);
}

void check_filter(const Buffer& in, const fuse::Sketch& s, HeapAllocator& alloc) {
    FUZZ_CHECK(fuse::build(in.data, in.size, alloc).data == in.data);
    FUZZ_CHECK(fuse::canonical(in.data, in.size, alloc).data == in.data);
    for (std::int64_t k = 0; k < 4; k++) fuse::contains_hash(s, hash_int64(k, s.header.seed));
    if (s.header.keys == 0) FUZZ_CHECK(!fuse::contains_hash(s, hash_int64(0, s.header.seed)));
    for (bool in_place : {false, true}) {
        try {
            fuse::add_hash(in.data, in.size, 1, in_place, alloc);
            FUZZ_CHECK(!"a filter took a key");
        } catch (const Error& e) {
            FUZZ_CHECK(e.kind() == ErrorKind::kInvalidParameter);
        }
    }
    try {
        fuse::merge(in.data, in.size, in.data, in.size, alloc);
        FUZZ_CHECK(!"filters were unioned");
    } catch (const Error& e) {
        FUZZ_CHECK(e.kind() == ErrorKind::kMismatch);
    }
}

// Header-trusting operations on bytes parse() refused: inside the bytes, and only our errors.
void check_trusted_only(const Buffer& in, HeapAllocator& alloc) {
    fuse::Sketch s;
    try {
        s = fuse::parse_trusted(in.data, in.size);
    } catch (const Error& e) {
        FUZZ_CHECK(e.kind() == ErrorKind::kCorrupt);
        return;
    }
    for (std::int64_t k = 0; k < 4; k++) fuse::contains_hash(s, hash_int64(k, s.header.seed));
    auto tolerate = [](auto&& call) {
        try {
            call();
        } catch (const Error&) {
        } catch (const std::runtime_error&) {
            // build() of an unchecked key set that repeats a key: no attempt peels it.
        }
    };
    tolerate([&] { fuse::info(s); });
    tolerate([&] { fuse::canonical(in.data, in.size, alloc); });
    tolerate([&] { fuse::merge(in.data, in.size, in.data, in.size, alloc); });
    tolerate([&] { fuse::add_hash(in.data, in.size, 3, false, alloc); });
    tolerate([&] {
        Buffer copy = alloc.hold(in.data, in.size);
        fuse::add_hash(copy.data, copy.size, 3, true, alloc);
    });
    if (s.header.keys <= 64) tolerate([&] { fuse::build(in.data, in.size, alloc); });
}

void check_value(const std::uint8_t* data, std::size_t size) {
    HeapAllocator alloc;
    Buffer in = alloc.hold(data, size);
    if (!fuzz::check_parser(fuse::parse, fuse::parse_trusted, in.data, in.size)) {
        check_trusted_only(in, alloc);
        FUZZ_CHECK(fuzz::same_bytes(in.data, in.size, data, size));
        return;
    }
    fuse::Sketch s = fuse::parse(in.data, in.size);
    check_info(s);
    if (s.header.form == fuse::kFormKeys) check_key_set(in, s, alloc);
    else check_filter(in, s, alloc);
    FUZZ_CHECK(fuzz::same_bytes(in.data, in.size, data, size));
}

// A program: rate byte, seed byte, then ops. Op byte: bits 0-1 what (0, 1: add
// to state A or B; 2: A = A union B; 3: B copied from A's key set), bit 2 in place,
// bits 3-7 the key (0..31).
void run_program(fuzz::Input& in) {
    HeapAllocator alloc;
    double fpr = std::ldexp(1.0, -static_cast<int>(1 + in.u8() % 32));
    std::uint64_t seed = in.u8();
    Buffer state[2] = {fuse::make_empty_keys(alloc, fpr, seed), fuse::make_empty_keys(alloc, fpr, seed)};
    std::set<std::uint64_t> truth[2];
    while (!in.empty()) {
        std::uint8_t op = in.u8();
        std::uint64_t h = hash_int64(op >> 3, seed);
        bool in_place = (op & 4) != 0;
        switch (op & 3) {
            case 0:
            case 1: {
                Buffer& b = state[op & 1];
                b = fuse::add_hash(b.data, b.size, h, in_place, alloc);
                truth[op & 1].insert(h);
                break;
            }
            case 2:
                state[0] = fuse::merge(state[0].data, state[0].size, state[1].data, state[1].size, alloc);
                truth[0].insert(truth[1].begin(), truth[1].end());
                break;
            default:
                state[1] = fuse::canonical(state[0].data, state[0].size, alloc);
                truth[1] = truth[0];
        }
    }
    for (int i = 0; i < 2; i++) {
        Buffer k = fuse::canonical(state[i].data, state[i].size, alloc);
        std::vector<std::uint64_t> expected(truth[i].begin(), truth[i].end());
        FUZZ_CHECK(keys_of(k) == expected);
        Buffer f = check_build(state[i], expected, alloc);
        // The same keys added in reverse order, each twice, build the same bytes.
        Buffer other = fuse::make_empty_keys(alloc, fpr, seed);
        for (auto it = expected.rbegin(); it != expected.rend(); ++it)
            for (int twice = 0; twice < 2; twice++) other = fuse::add_hash(other.data, other.size, *it, true, alloc);
        FUZZ_CHECK(fuzz::same_bytes(fuse::build(other.data, other.size, alloc), f));
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return fuzz::two_modes(data, size, run_program, check_value);
}
