// The one guard between the C++ core and its C callers.
#pragma once

#include <new>

#include "capi.h"
#include "core/core.hpp"

namespace probabilistic {

static_assert(static_cast<int>(ErrorKind::kInvalidParameter) == PROB_INVALID_PARAMETER &&
                  static_cast<int>(ErrorKind::kCorrupt) == PROB_CORRUPT &&
                  static_cast<int>(ErrorKind::kMismatch) == PROB_MISMATCH &&
                  static_cast<int>(ErrorKind::kTooLarge) == PROB_TOO_LARGE &&
                  static_cast<int>(ErrorKind::kInterrupted) == PROB_INTERRUPTED,
              "the core's error kinds are the C face's codes");
static_assert(static_cast<int>(Reason::kParametersChanged) == PROB_REASON_PARAMETERS_CHANGED &&
                  static_cast<int>(Reason::kUnknownLayout) == PROB_REASON_UNKNOWN_LAYOUT &&
                  static_cast<int>(Reason::kDifferentParameters) == PROB_REASON_DIFFERENT_PARAMETERS &&
                  static_cast<int>(Reason::kSizedDifferently) == PROB_REASON_SIZED_DIFFERENTLY &&
                  static_cast<int>(Reason::kDifferentHashIds) == PROB_REASON_DIFFERENT_HASH_IDS &&
                  static_cast<int>(Reason::kDifferentKinds) == PROB_REASON_DIFFERENT_KINDS &&
                  static_cast<int>(Reason::kValueLimit) == PROB_REASON_VALUE_LIMIT &&
                  static_cast<int>(Reason::kCannotGrow) == PROB_REASON_CANNOT_GROW &&
                  static_cast<int>(Reason::kDistinctLimit) == PROB_REASON_DISTINCT_LIMIT &&
                  static_cast<int>(Reason::kUndecidable) == PROB_REASON_UNDECIDABLE &&
                  static_cast<int>(Reason::kGrownIntersection) == PROB_REASON_GROWN_INTERSECTION &&
                  static_cast<int>(Reason::kFull) == PROB_REASON_FULL &&
                  static_cast<int>(Reason::kRateTooSmall) == PROB_REASON_RATE_TOO_SMALL &&
                  static_cast<int>(Reason::kPrecisionUp) == PROB_REASON_PRECISION_UP &&
                  static_cast<int>(Reason::kDifferentFamilies) == PROB_REASON_DIFFERENT_FAMILIES &&
                  // BEGIN issue-27 countmin
                  static_cast<int>(Reason::kCountminValueLimit) == PROB_REASON_COUNTMIN_VALUE_LIMIT &&
                  static_cast<int>(Reason::kCountminTotal) == PROB_REASON_COUNTMIN_TOTAL &&
                  // END issue-27
                  true,
              "the core's reasons are the C face's");

inline void copy_text(char* dst, std::size_t cap, const char* src) {
    std::size_t n = std::strlen(src);
    if (n >= cap) n = cap - 1;
    std::memcpy(dst, src, n);
    dst[n] = '\0';
}

inline void set_error(ProbError* err, int kind, const char* message, const char* detail = "",
                      Reason reason = Reason::kNone, const char* field0 = "", const char* field1 = "") noexcept {
    err->kind = kind;
    err->reason = static_cast<int>(reason);
    copy_text(err->message, sizeof err->message, message);
    copy_text(err->detail, sizeof err->detail, detail);
    copy_text(err->fields[0], sizeof err->fields[0], field0);
    copy_text(err->fields[1], sizeof err->fields[1], field1);
}

// Runs body; any exception becomes a filled ProbError and a false return.
// The error text is copied into fixed buffers, so the caller can raise it
// after this frame (and the exception object) are gone.
template <class Body>
bool guarded(ProbError* err, Body&& body) noexcept {
    try {
        body();
        err->kind = PROB_OK;
        return true;
    } catch (const Error& e) {
        set_error(err, static_cast<int>(e.kind()), e.what(), e.detail().c_str(), e.reason(), e.field(0).c_str(),
                  e.field(1).c_str());
    } catch (const std::bad_alloc&) {
        set_error(err, PROB_OUT_OF_MEMORY, "out of memory");
    } catch (const std::exception& e) {
        set_error(err, PROB_INTERNAL, e.what());
    } catch (...) {
        set_error(err, PROB_INTERNAL, "unknown C++ exception in the probabilistic core");
    }
    return false;
}

// Adapts the C allocator to the core's interface.
class CAllocator final : public Allocator {
public:
    explicit CAllocator(const ProbAllocator* a) : a_(a) {}
    std::uint8_t* allocate(std::size_t size) override { return a_->allocate(a_->ctx, size); }
    void deallocate(std::uint8_t* block) override {
        if (a_->deallocate != nullptr) a_->deallocate(a_->ctx, block);
    }

private:
    const ProbAllocator* a_;
};

inline ProbBuffer to_c(Buffer b) { return ProbBuffer{b.data, b.size}; }

}  // namespace probabilistic
