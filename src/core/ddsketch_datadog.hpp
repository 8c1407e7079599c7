// DataDog's DDSketch protobuf image (sketches-js, -py, -java, -go share the
// message; doc/FORMAT.md 6.9), read into a ddsketch and written from one.
//
//   message DDSketch     { IndexMapping mapping = 1; Store positiveValues = 2;
//                          Store negativeValues = 3; double zeroCount = 4; }
//   message IndexMapping { double gamma = 1; double indexOffset = 2;
//                          Interpolation interpolation = 3; }   NONE 0, LINEAR 1, QUADRATIC 2, CUBIC 3
//   message Store        { map<sint32, double> binCounts = 1;
//                          repeated double contiguousBinCounts = 2 [packed];
//                          sint32 contiguousBinIndexOffset = 3; }
//
// The image's keys are read as sketches-js and sketches-py index them: key =
// ceil(log_gamma-like(v)) + indexOffset, a CUBIC mapping's multiplier
// 1 / (C ln gamma), NONE's 1 / ln gamma. Our mapping is that CUBIC one with
// ln gamma = 2 alpha, so:
//   - CUBIC with an integral indexOffset and an alpha in [kMinAlpha, kMaxAlpha]
//     is imported bucket for bucket (index = key - indexOffset);
//   - NONE (logarithmic, what sketches-js's DDSketch classes write) is
//     converted: each bin's count goes to our bucket of the bin's own
//     representative value 2 gamma^(key - offset) / (1 + gamma), with alpha the
//     image's relative accuracy (gamma - 1) / (gamma + 1): every value is then
//     answered within 2 alpha + alpha^2 of itself (the bin's representative is
//     within alpha of each value of the bin, ours within alpha of that);
//   - LINEAR and QUADRATIC are refused.
// Counts must be finite, non-negative integers below 2^64. The image holds no
// sum, min or max: an imported non-empty sketch has its sum marked unknown and
// min and max estimated from its extreme buckets.
//
// Every malformed or unacceptable image is refused with kCorrupt naming the
// field: truncated or overlong varints, lengths past the end, wire types that
// do not match a known field, groups left open, a missing mapping, gamma not
// finite above 1, and counts or keys out of range. Unknown fields are skipped
// as protobuf says (varint, fixed64, length-delimited, fixed32 and groups).
#pragma once

#include <cstdint>
#include <vector>

#include "core.hpp"
#include "ddsketch.hpp"

namespace probabilistic::ddsketch::datadog {

// The gamma an exported image carries for alpha: 1 + expm1(2 alpha).
double gamma_of(double alpha);

// The image read into a sketch (above).
Sketch import_image(const std::uint8_t* data, std::size_t size);
Buffer import_value(const std::uint8_t* data, std::size_t size, Allocator& alloc);

// The image of a sketch: a CUBIC mapping of gamma_of(alpha), indexOffset 0,
// both stores (each as contiguousBinCounts from its lowest index, an empty
// store as an empty message) and the zero count. kTooLarge when a count is
// above 2^53 (a double would not hold it exactly). Sum, min and max are not in
// the image.
std::vector<std::uint8_t> export_image(const Sketch& s);
Buffer export_value(const std::uint8_t* data, std::size_t size, Allocator& alloc);

}  // namespace probabilistic::ddsketch::datadog
