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
#include "kind.h"

namespace probabilistic::kind {

// No kind recorded: a sketch with no values, one built from hashes only, or a
// value written before kinds existed.
constexpr std::uint16_t kNone = PROB_KIND_NONE;
// 1 ... kMaxBuiltin: a PostgreSQL built-in type (its OID, below 10000, the
// same in every database), the representative of the values' family.
constexpr std::uint16_t kMaxBuiltin = PROB_KIND_MAX_BUILTIN;
// kMinOutside ... kMaxOutside: a type outside PostgreSQL's built-in catalog
// (an extension's type, an enum, an array of such), by a number derived from
// its name and its extension's name (FORMAT.md 2.5), the same in every
// database. Two such types may share a number (1 in 55534 for a given pair).
constexpr std::uint16_t kMinOutside = PROB_KIND_MIN_OUTSIDE;
constexpr std::uint16_t kMaxOutside = PROB_KIND_MAX_OUTSIDE;
// Written by 0.5.0 to 0.8.0 for every type outside the built-in catalog: one
// of them, not known which. Still read; stands for any kMinOutside ...
// kMaxOutside kind (probes, unions and comparisons behave as they did then).
constexpr std::uint16_t kOther = PROB_KIND_OTHER;
// Values of several kinds, unioned together.
constexpr std::uint16_t kMixed = PROB_KIND_MIXED;

// Format version 1 has no kind; version 2 has a non-zero kind at bytes 6-7.
constexpr std::uint8_t kVersionWithout = 1;
constexpr std::uint8_t kVersionWith = 2;
constexpr std::size_t kOffset = 6;

// Every number but 0 is a kind: built-in, outside, legacy other, mixed.
constexpr bool valid(std::uint16_t k) noexcept { return k != kNone; }
constexpr bool outside(std::uint16_t k) noexcept { return k >= kMinOutside && k <= kMaxOutside; }
// The legacy kOther and an outside kind (or two legacy ones): the values may be of one type.
constexpr bool other_with_outside(std::uint16_t a, std::uint16_t b) noexcept {
    return (a == kOther && (outside(b) || b == kOther)) || (b == kOther && outside(a));
}
constexpr std::uint8_t version_for(std::uint16_t k) noexcept { return k == kNone ? kVersionWithout : kVersionWith; }

// The kind stored in a header whose format version byte was already checked
// to be 1 or 2 (v1_bytes_6_7: what a version-1 header holds there). Throws
// kCorrupt, worded with `what` ("invalid hll value"), when the bytes disagree.
std::uint16_t read(const std::uint8_t* header, std::uint16_t v1_bytes_6_7, const char* what);
// Writes the version byte (offset 1) and bytes 6-7 for kind k.
void write(std::uint8_t* header, std::uint16_t k, std::uint16_t v1_bytes_6_7) noexcept;

// The kind of a union. An empty side adds no values, so the other side's kind
// is the union's (two empty sides: none, whatever they record); a side
// without a kind takes the other side's; equal kinds stay; the legacy kOther
// with an outside kind is kOther (a type outside the catalog, not known
// which: what the kOther side already was); any other pair is kMixed.
constexpr std::uint16_t of_union(std::uint16_t a, bool a_empty, std::uint16_t b, bool b_empty) noexcept {
    if (a_empty && b_empty) return kNone;
    if (a_empty || a == kNone) return b_empty ? a : b;
    if (b_empty || b == kNone || a == b) return a;
    if (other_with_outside(a, b)) return kOther;
    return kMixed;
}

// The kind after adding a value of kind `added`: an empty sketch takes it;
// any other keeps its own (the PostgreSQL layer converted the value to it).
constexpr std::uint16_t after_add(std::uint16_t current, bool was_empty, std::uint16_t added) noexcept {
    return current == kNone && was_empty ? added : current;
}

// Two values can be compared (containment, intersection, joint estimates):
// the same kind, either without one, or the legacy kOther with an outside
// kind (as two kOther values compared before 0.9.0). Throws kMismatch otherwise; `what`
// names the values ("hll values").
void check_comparable(std::uint16_t a, std::uint16_t b, const char* what);

// "type 20", "several types", ...: a kind as messages show it.
std::string describe(std::uint16_t k);

}  // namespace probabilistic::kind
