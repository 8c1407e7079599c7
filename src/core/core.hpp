// Shared pieces of the pure C++17 core: errors, the allocator seam, the size
// limit of a created value, byte order.
//
// The core never talks to PostgreSQL and never names SQL. It reports failure
// by throwing probabilistic::Error (a kind, its own message, and for errors a
// user acts on a Reason and fields) or std::bad_alloc; the C face's one guard
// (src/capi/capi_guard.hpp) turns those into a ProbError, and the PostgreSQL
// layer (src/pg/errors.c) words them and raises ereport.
#pragma once

#if defined(POSTGRES_H) || defined(PG_VERSION_NUM)
#error "the probabilistic core must not include postgres.h: it is PostgreSQL-free by design"
#endif

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

#include "byte_order.h"

namespace probabilistic {

// What went wrong, coarse enough to pick an SQLSTATE from.
enum class ErrorKind : int {
    kInvalidParameter = 1,  // a caller's argument is out of range
    kCorrupt = 2,           // outside bytes do not form a valid value
    kMismatch = 3,          // two values cannot be combined
    kTooLarge = 4,          // a value or state would pass a size limit
    // 5 and 6 are the C face's out-of-memory and internal errors.
    kInterrupted = 7,       // the interrupt hook asked a long operation to stop
};

// Why, for the errors a caller may advise on in its own terms (capi.h's
// PROB_REASON_*): the core says what is wrong; what to do about it (a hint,
// the call to use instead) is worded by the caller, from the reason and the
// error's fields. kNone: nothing to add.
enum class Reason : int {
    kNone = 0,
    kParametersChanged = 1,     // a state's parameters and a later call's: fields "first", "now"
    kUnknownLayout = 2,         // a bloom layout name not known
    kDifferentParameters = 3,   // two values of one type: field the parameters that must agree
    kSizedDifferently = 4,      // two bloom filters whose layers were sized by different builds
    kDifferentHashIds = 5,      // a value of hash id 1 with one of hash id 2
    kDifferentKinds = 6,        // two values of values of different types
    kValueLimit = 7,            // a new value would pass kMaxCreatedValueBytes: fields its bytes, the limit
    kCannotGrow = 8,            // a scalable bloom filter at its last layer
    kDistinctLimit = 9,         // too many distinct hashes to size a filter from: field the limit
    kUndecidable = 10,          // containment of grown scalable bloom filters
    kGrownIntersection = 11,    // intersection of grown scalable bloom filters
    kFull = 12,                 // a cuckoo filter with no room: field its capacity
    kRateTooSmall = 13,         // a cuckoo rate below what 32-bit fingerprints give
    kPrecisionUp = 14,          // folding an hll sketch to a higher precision
    kDifferentFamilies = 15,    // hll values of two hash families: fields the two families' names
    // BEGIN issue-27 countmin
    kCountminValueLimit = 16,   // a countmin sketch past kMaxCreatedValueBytes: fields its bytes, the limit
    kCountminTotal = 17,        // a countmin total past 2^63 - 1: field the limit
    // END issue-27
};

class Error : public std::runtime_error {
public:
    Error(ErrorKind kind, const std::string& message, std::string detail = std::string(),
          Reason reason = Reason::kNone, std::string field0 = std::string(), std::string field1 = std::string())
        : std::runtime_error(message), kind_(kind), reason_(reason), detail_(std::move(detail)),
          fields_{std::move(field0), std::move(field1)} {}
    ErrorKind kind() const noexcept { return kind_; }
    Reason reason() const noexcept { return reason_; }
    const std::string& detail() const noexcept { return detail_; }
    const std::string& field(int i) const noexcept { return fields_[i]; }

private:
    ErrorKind kind_;
    Reason reason_;
    std::string detail_;
    std::string fields_[2];
};

// Where the core gets memory for values it returns. The PostgreSQL layer hands
// out palloc'd memory with room for a varlena header in front, so a result is
// written straight into its datum; tests hand out plain heap memory.
// allocate() returns nullptr on failure; callers turn that into std::bad_alloc.
// deallocate() gives back a block before its owner frees everything at once
// (as a memory context does); by default it keeps the block until then.
class Allocator {
public:
    virtual std::uint8_t* allocate(std::size_t size) = 0;
    virtual void deallocate(std::uint8_t*) {}

protected:
    ~Allocator() = default;
};

inline std::uint8_t* allocate_or_throw(Allocator& alloc, std::size_t size) {
    std::uint8_t* p = alloc.allocate(size);
    if (p == nullptr) throw std::bad_alloc();
    return p;
}

// A value the core produced or was given: bytes without any varlena header.
struct Buffer {
    std::uint8_t* data;
    std::size_t size;
};

// Interrupts. Operations whose work grows with a value's size (union,
// containment, validation, copies and zeroing of a filter up to 1 GB) poll
// interrupt_hook between chunks of kInterruptChunkBytes; bloom_agg(x)'s hash
// set (bloom::DistinctBuilder) polls every 64k hashes. The PostgreSQL layer
// installs a hook that only reports whether a cancel is pending (it never
// raises); when it says so, the operation throws kInterrupted, which unwinds
// the C++ frames and reaches the caller as an error code. The caller then
// serves the interrupt (CHECK_FOR_INTERRUPTS) and, if that returns, runs the
// same call again, so every interruptible operation must be safe to repeat:
// in-place ones write results that do not depend on a previous partial run.
using InterruptHook = bool (*)();
inline InterruptHook interrupt_hook = nullptr;
constexpr std::size_t kInterruptChunkBytes = std::size_t(1) << 24;

inline void poll_interrupt() {
    if (interrupt_hook != nullptr && interrupt_hook())
        throw Error(ErrorKind::kInterrupted, "interrupted");
}

// f(begin, end) over [0, n) in chunks (multiples of 8 bytes), polling for
// interrupts between them.
template <class F>
void in_chunks(std::size_t n, F&& f) {
    for (std::size_t begin = 0; begin < n; begin += kInterruptChunkBytes) {
        if (begin != 0) poll_interrupt();
        f(begin, n - begin < kInterruptChunkBytes ? n : begin + kInterruptChunkBytes);
    }
}

// The largest value a PostgreSQL varlena can hold (1 GB - 1), less its 4-byte header.
constexpr std::size_t kMaxValueBytes = 0x3FFFFFFFu - 4u;

// The largest value the core creates (511 MiB): its text form is two hex
// digits a byte and must fit a 1 GB allocation with room for the rest of a
// row. Values up to kMaxValueBytes made by 0.1.0 and 0.2.0 are still read.
constexpr std::size_t kMaxCreatedValueBytes = std::size_t{511} * 1024 * 1024;

// The one rule for the size of a value the core creates, and its error
// (kTooLarge, Reason::kValueLimit): `what` names the value, as in "a bloom
// filter for 10 items at false positive rate 0.01".
inline bool fits_new_value(double bytes) { return bytes <= static_cast<double>(kMaxCreatedValueBytes); }
Error too_large(const std::string& what, double bytes);

// A state built with parameters `first` that a later call gives as `now`
// (kMismatch, Reason::kParametersChanged): `what` is "countmin sketch".
Error parameters_changed(const std::string& what, const std::string& first, const std::string& now);

// Little-endian loads and stores (byte_order.h, shared with the C layers).
inline std::uint16_t load_le16(const std::uint8_t* p) {
    return static_cast<std::uint16_t>(p[0] | (p[1] << 8));
}
inline std::uint32_t load_le32(const std::uint8_t* p) { return prob_load_le32(p); }
inline std::uint64_t load_le64(const std::uint8_t* p) { return prob_load_le64(p); }
inline void store_le16(std::uint8_t* p, std::uint16_t v) {
    p[0] = static_cast<std::uint8_t>(v);
    p[1] = static_cast<std::uint8_t>(v >> 8);
}
inline void store_le32(std::uint8_t* p, std::uint32_t v) { prob_store_le32(p, v); }
inline void store_le64(std::uint8_t* p, std::uint64_t v) { prob_store_le64(p, v); }

// A double stored as its IEEE 754 bits, little-endian.
inline double load_double(const std::uint8_t* p) {
    std::uint64_t bits = load_le64(p);
    double v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
}
inline void store_double(std::uint8_t* p, double v) {
    std::uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    store_le64(p, bits);
}

// "0x2a": a byte as messages show it.
std::string hex_byte(unsigned v);
// The shortest text that reads back as the same double, so messages show 0.01, not 0.010000;
// a whole number up to 2^53 in full, without an exponent.
std::string number_text(double v);

}  // namespace probabilistic
