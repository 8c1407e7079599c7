// libFuzzer target for DataDog's DDSketch protobuf image (ddsketch_datadog.hpp,
// doc/FORMAT.md 6.9), the path of ddsketch_import(bytes, 'datadog-js'). Every
// input is imported: it either fails with kCorrupt (a malformed or unsupported
// image) or gives a sketch whose encoding the full validator (ddsketch::parse)
// accepts, whose count is the zero count plus every bucket's, and whose sum is
// marked unknown exactly when it holds a value. An accepted sketch then
// exports (or fails with kTooLarge for a count above 2^53), and the export
// imports again bucket for bucket: the same zero count and stores (the collapse
// flag aside: a folded bucket is an ordinary one there), and a relative accuracy
// of the same gamma (the same alpha when it has at most 11 significant digits;
// gamma holds no more of it).
#include "ddsketch.hpp"
#include "ddsketch_datadog.hpp"
#include "fuzz_common.hpp"

using namespace probabilistic;
using fuzz::HeapAllocator;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    HeapAllocator alloc;
    Buffer in = alloc.hold(data, size);
    ddsketch::Sketch s;
    try {
        s = ddsketch::datadog::import_image(in.data, in.size);
    } catch (const Error& e) {
        FUZZ_CHECK(e.kind() == ErrorKind::kCorrupt);
        return 0;
    }
    Buffer value = ddsketch::encode(s, alloc);
    ddsketch::Sketch parsed = ddsketch::parse(value.data, value.size);  // throws (a finding) if invalid
    FUZZ_CHECK(parsed.count == s.count && parsed.sum_unknown == (s.count > 0));
    FUZZ_CHECK(parsed.max_buckets == ddsketch::kDefaultMaxBuckets || parsed.max_buckets == ddsketch::kMaxBuckets);
    std::vector<std::uint8_t> image;
    try {
        image = ddsketch::datadog::export_image(parsed);
    } catch (const Error& e) {
        FUZZ_CHECK(e.kind() == ErrorKind::kTooLarge);
        return 0;
    }
    ddsketch::Sketch back = ddsketch::datadog::import_image(image.data(), image.size());
    FUZZ_CHECK(ddsketch::datadog::gamma_of(back.alpha) == ddsketch::datadog::gamma_of(parsed.alpha) && back.count == parsed.count && back.zero_count == parsed.zero_count);
    FUZZ_CHECK(back.positive.lowest == parsed.positive.lowest && back.positive.counts == parsed.positive.counts);
    FUZZ_CHECK(back.negative.lowest == parsed.negative.lowest && back.negative.counts == parsed.negative.counts);
    return 0;
}
