// Probing a batch of items against a filter in one call (SQL bloom_members),
// for deduplicating a stream against several time-sliced filters at once
// (doc/STREAMS.md): one call per live slice and batch, not one per click and slice.
#pragma once

#include "bloom.hpp"

namespace probabilistic::bloom {

// Items between interrupt polls in members.
constexpr std::size_t kMembersChunk = std::size_t(1) << 16;

// The subscripts of the items that may be members of the filter, ascending.
// Item i (0-based, in the batch's order) has the hash hashes[i] and the
// subscript lower_bound + i; an item whose nulls[i] is true (an SQL NULL)
// is never listed, and nulls == nullptr means none is NULL. Writes
// the subscripts to out (room for n) and returns their number. The last
// subscript must fit in 32 bits (kInvalidParameter otherwise: an SQL array's
// always does). Polls the interrupt hook every kMembersChunk items; safe to
// repeat, since out is rewritten from the start.
std::size_t members(const Sketch& s, const std::uint64_t* hashes, const bool* nulls, std::size_t n,
                    std::int64_t lower_bound, std::int32_t* out);

}  // namespace probabilistic::bloom
