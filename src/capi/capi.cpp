#include "capi.h"

#include "core/hash.hpp"

using namespace probabilistic;

extern "C" {

uint64_t prob_hash_bytes(const void* data, size_t size, uint64_t seed) { return hash_bytes(data, size, seed); }
uint64_t prob_hash_int64(int64_t value, uint64_t seed) { return hash_int64(value, seed); }
uint64_t prob_hash_float8(double value, uint64_t seed) { return hash_float8(value, seed); }
uint8_t prob_hash_id(void) { return kHashId; }

void prob_set_interrupt_hook(bool (*pending)(void)) { interrupt_hook = pending; }

}  // extern "C"
