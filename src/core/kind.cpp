#include "kind.hpp"

namespace probabilistic::kind {

std::uint16_t read(const std::uint8_t* header, std::uint16_t v1_bytes_6_7, const char* what) {
    std::uint16_t stored = load_le16(header + kOffset);
    if (header[1] == kVersionWithout) {
        if (stored != v1_bytes_6_7)
            throw Error(ErrorKind::kCorrupt, std::string(what) + ": header bytes 6-7 of a format version 1 value are " +
                                                 std::to_string(stored) + ", not " + std::to_string(v1_bytes_6_7));
        return kNone;
    }
    if (!valid(stored))
        throw Error(ErrorKind::kCorrupt,
                    std::string(what) + ": value kind 0 in a format version 2 value (a value without a kind is format version 1)");
    return stored;
}

void write(std::uint8_t* header, std::uint16_t k, std::uint16_t v1_bytes_6_7) noexcept {
    header[1] = version_for(k);
    store_le16(header + kOffset, k == kNone ? v1_bytes_6_7 : k);
}

std::string describe(std::uint16_t k) {
    if (k == kNone) return "no recorded type";
    if (k == kOther) return "a type that is not built in";
    if (outside(k)) return "values of a type that is not built in (kind " + std::to_string(k) + ")";
    if (k == kMixed) return "values of several types";
    return "values of kind " + std::to_string(k);
}

void check_comparable(std::uint16_t a, std::uint16_t b, const char* what) {
    if (a == b || a == kNone || b == kNone || other_with_outside(a, b)) return;
    throw Error(ErrorKind::kMismatch,
                std::string("cannot compare ") + what + " that hold values of different types",
                "One holds " + describe(a) + ", the other " + describe(b) +
                    " (doc/FORMAT.md 2.5): values equal across two types need not have equal hashes.",
                Reason::kDifferentKinds, std::to_string(a), std::to_string(b));
}

}  // namespace probabilistic::kind
