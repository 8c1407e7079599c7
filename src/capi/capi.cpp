#include "capi.h"

#include "capi_guard.hpp"
#include "core/hash.hpp"
#include "core/kind.hpp"

using namespace probabilistic;

static_assert(PROB_DEFAULT_SEED == kDefaultSeed, "C face and core disagree on the default seed");

extern "C" {

uint64_t prob_hash_bytes(const void* data, size_t size, uint64_t seed) { return hash_bytes(data, size, seed); }
uint64_t prob_hash_int64(int64_t value, uint64_t seed) { return hash_int64(value, seed); }
uint64_t prob_hash_float8(double value, uint64_t seed) { return hash_float8(value, seed); }
uint8_t prob_hash_id(void) { return kHashId; }

bool prob_value_kind(const uint8_t* data, size_t size, uint16_t* kind, ProbError* err) {
    return guarded(err, [&] {
        if (size < 8 || (data[1] != kind::kVersionWithout && data[1] != kind::kVersionWith))
            throw Error(ErrorKind::kCorrupt, "invalid value: no header to read a kind from");
        *kind = data[1] == kind::kVersionWith ? kind::read(data, 0, "invalid value") : kind::kNone;
    });
}

void prob_set_interrupt_hook(bool (*pending)(void)) { interrupt_hook = pending; }

}  // extern "C"
