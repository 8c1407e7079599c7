// Shared by the fuzz targets and the seed generator: a heap allocator that
// owns what it hands out, an input reader, and checks that abort with a
// message (libFuzzer reports an abort as a finding and saves the input).
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "core.hpp"

// The default 256 MB quarantine of freed blocks makes every allocation touch
// fresh pages, which costs the fuzzers most of their speed here; a freed
// block is still poisoned until 16 MB more have been freed.
extern "C" const char* __asan_default_options() { return "quarantine_size_mb=16"; }

namespace probabilistic::fuzz {

[[noreturn]] inline void fail(const char* file, int line, const char* what) {
    std::fprintf(stderr, "%s:%d: invariant failed: %s\n", file, line, what);
    std::abort();
}

#define FUZZ_CHECK(cond) ((cond) ? (void)0 : ::probabilistic::fuzz::fail(__FILE__, __LINE__, #cond))

// Every buffer the core allocates, freed when the allocator goes (one per
// input) or earlier by release(), so long runs of updates stay small.
// Blocks have their exact size, so AddressSanitizer sees any overrun.
class HeapAllocator final : public Allocator {
public:
    std::uint8_t* allocate(std::size_t size) override {
        blocks_.emplace_back(new std::uint8_t[size == 0 ? 1 : size]);
        return blocks_.back().get();
    }
    // Frees a block this allocator handed out; anything else is ignored.
    void release(const std::uint8_t* p) {
        for (auto& b : blocks_)
            if (b.get() == p) {
                b.swap(blocks_.back());
                blocks_.pop_back();
                return;
            }
    }
    // Keeps a copy of outside bytes in a block of their exact size.
    Buffer hold(const std::uint8_t* data, std::size_t size) {
        std::uint8_t* p = allocate(size);
        if (size != 0) std::memcpy(p, data, size);
        return {p, size};
    }

private:
    std::vector<std::unique_ptr<std::uint8_t[]>> blocks_;
};

inline bool same_bytes(const std::uint8_t* a, std::size_t an, const std::uint8_t* b, std::size_t bn) {
    return an == bn && (an == 0 || std::memcmp(a, b, an) == 0);
}
inline bool same_bytes(Buffer a, Buffer b) { return same_bytes(a.data, a.size, b.data, b.size); }

inline bool finite_non_negative(double x) { return std::isfinite(x) && x >= 0.0; }

// Reads the fuzz input front to back; past its end every read yields zero.
class Input {
public:
    Input(const std::uint8_t* data, std::size_t size) : p_(data), end_(data + size) {}
    bool empty() const { return p_ == end_; }
    std::uint8_t u8() { return p_ == end_ ? 0 : *p_++; }
    std::uint16_t u16() { return static_cast<std::uint16_t>(u8() | (u8() << 8)); }
    std::uint64_t u64() {
        std::uint64_t v = 0;
        for (int i = 0; i < 8; i++) v |= std::uint64_t(u8()) << (8 * i);
        return v;
    }

private:
    const std::uint8_t* p_;
    const std::uint8_t* end_;
};

inline std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

// The input of a target with two modes: after a first byte whose low bit is
// set, a program (run_program(Input&)); after one whose low bit is clear, a
// value (check_value(data, size)).
template <class Program, class Value>
int two_modes(const std::uint8_t* data, std::size_t size, Program run_program, Value check_value) {
    if (size == 0) return 0;
    if (data[0] & 1) {
        Input in(data + 1, size - 1);
        run_program(in);
    } else {
        check_value(data + 1, size - 1);
    }
    return 0;
}

// What every format's full validator must do with arbitrary bytes: accept
// them, or reject them with ErrorKind::kCorrupt and nothing else; and whatever
// it accepts, its header-only check (for values already inside PostgreSQL)
// accepts too. Returns whether the bytes were accepted.
template <class Parse, class ParseTrusted>
bool check_parser(Parse parse, ParseTrusted parse_trusted, const std::uint8_t* data, std::size_t size) {
    try {
        parse(data, size);
    } catch (const Error& e) {
        FUZZ_CHECK(e.kind() == ErrorKind::kCorrupt);
        return false;
    }
    try {
        parse_trusted(data, size);
    } catch (const Error&) {
        FUZZ_CHECK(!"the header check rejects a value the full validation accepted");
    }
    return true;
}

}  // namespace probabilistic::fuzz
