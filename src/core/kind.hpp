// The kind of values a sketch holds (doc/FORMAT.md 2.5): which type's "="
// the values added to it, and the values probed against it, are compared by.
//
// A kind is a number stored in bytes 6-7 of every header of format version 2
// (version 1, the format before kinds, stores none). The core only stores,
// validates and combines kinds; which type a number names, and how a value of
// another type is converted before it is hashed, is the PostgreSQL layer's
// business (src/pg/hashing.c), since it is PostgreSQL's "=" they follow.
#pragma once

#include <string>

#include "core.hpp"

namespace probabilistic::kind {

// No kind recorded: a sketch with no values, one built from hashes only, or a
// value written before kinds existed.
constexpr std::uint16_t kNone = 0;
// 1 ... kMaxBuiltin: a PostgreSQL built-in type (its OID, below 10000, the
// same in every database), the representative of the values' family.
constexpr std::uint16_t kMaxBuiltin = 9999;
// A type outside PostgreSQL's built-in catalog: an extension's type, an enum.
constexpr std::uint16_t kOther = 0xFFFE;
// Values of several kinds, unioned together.
constexpr std::uint16_t kMixed = 0xFFFF;

// Format version 1 has no kind; version 2 has a non-zero kind at bytes 6-7.
constexpr std::uint8_t kVersionWithout = 1;
constexpr std::uint8_t kVersionWith = 2;
constexpr std::size_t kOffset = 6;

constexpr bool valid(std::uint16_t k) noexcept {
    return (k >= 1 && k <= kMaxBuiltin) || k == kOther || k == kMixed;
}
constexpr std::uint8_t version_for(std::uint16_t k) noexcept { return k == kNone ? kVersionWithout : kVersionWith; }

// The kind stored in a header whose format version byte was already checked
// to be 1 or 2 (v1_bytes_6_7: what a version-1 header holds there). Throws
// kCorrupt, worded with `what` ("invalid hll value"), when the bytes disagree.
std::uint16_t read(const std::uint8_t* header, std::uint16_t v1_bytes_6_7, const char* what);
// Writes the version byte (offset 1) and bytes 6-7 for kind k.
void write(std::uint8_t* header, std::uint16_t k, std::uint16_t v1_bytes_6_7) noexcept;

// The kind of a union. An empty side adds no values, so the other side's kind
// is the union's; a side without a kind takes the other side's; equal kinds
// stay; any other pair is kMixed.
constexpr std::uint16_t of_union(std::uint16_t a, bool a_empty, std::uint16_t b, bool b_empty) noexcept {
    if (a_empty && b_empty) return kNone;
    if (a_empty || a == kNone) return b_empty ? a : b;
    if (b_empty || b == kNone || a == b) return a;
    return kMixed;
}

// The kind after adding a value of kind `added`: an empty sketch takes it;
// any other keeps its own (the PostgreSQL layer converted the value to it).
constexpr std::uint16_t after_add(std::uint16_t current, bool was_empty, std::uint16_t added) noexcept {
    return current == kNone && was_empty ? added : current;
}

// Two values can be compared (containment, intersection, joint estimates):
// the same kind, or either without one. Throws kMismatch otherwise; `what`
// names the values ("hll values").
void check_comparable(std::uint16_t a, std::uint16_t b, const char* what);

// "type 20", "several types", ...: a kind as messages show it.
std::string describe(std::uint16_t k);

}  // namespace probabilistic::kind
