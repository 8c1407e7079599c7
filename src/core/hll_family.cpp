#include "hll_family.hpp"

#include <algorithm>

#include "hash.hpp"
#include "header.hpp"

namespace probabilistic::hll::family {
namespace {

constexpr std::size_t kOffRepr = 3, kOffPrecision = 4, kOffRegwidth = 5, kOffParams = 6, kOffReserved = 7,
                      kOffSeed = 8;
// postgresql-hll's storage: a 3-byte header, then the representation's bytes.
constexpr std::size_t kPgHeaderSize = 3;
constexpr int kPgEmpty = 1, kPgExplicit = 2, kPgSparse = 3, kPgFull = 4;
constexpr const char* kPgFormat = "postgresql-hll";
constexpr const char* kRedisFormat = "redis";
constexpr const char* kDsFormat = "datasketches";
constexpr std::size_t kRedisRegisters = std::size_t(1) << kRedisPrecision;
constexpr unsigned kRedisMaxRank = 64 - kRedisPrecision + 1;  // 51: the bit it sets past the hash
constexpr std::uint8_t kRedisDense = 0, kRedisSparse = 1;

Error stored_corrupt(const std::string& what) { return Error(ErrorKind::kCorrupt, "invalid hll value: " + what); }
Error pg_corrupt(const std::string& what, const std::string& detail = std::string()) {
    return Error(ErrorKind::kCorrupt, "invalid postgresql-hll value: " + what, detail);
}

// The largest register a postgresql-hll sketch can hold: 2^regwidth - 1, and
// never more than the 64 - log2m bits a hash has left after its index.
unsigned pg_limit(const PgParams& q) {
    unsigned cap = (1u << q.regwidth) - 1;
    return std::min(cap, static_cast<unsigned>(64 - q.log2m));
}

// postgresql-hll orders its explicit hashes as signed integers (for java-hll).
bool signed_less(std::uint64_t a, std::uint64_t b) {
    return static_cast<std::int64_t>(a) < static_cast<std::int64_t>(b);
}

std::uint8_t params_byte(const PgParams& q) {
    return static_cast<std::uint8_t>((q.sparseon ? 0x40 : 0) | q.expthresh_code);
}

PgParams params_of(int log2m, int regwidth, std::uint8_t byte) {
    return PgParams{log2m, regwidth, byte & 0x3f, (byte & 0x40) != 0};
}

std::uint8_t* new_value(Allocator& alloc, std::size_t payload, std::uint8_t repr, const PgParams& q,
                        std::uint64_t seed) {
    std::uint8_t* out = allocate_or_throw(alloc, kHeaderSize + payload);
    std::memset(out, 0, kHeaderSize + payload);
    out[header::kOffTag] = kTypeTag;
    out[header::kOffVersion] = kind::kVersionWithout;
    out[header::kOffHashId] = kPostgresqlHll;
    out[kOffRepr] = repr;
    out[kOffPrecision] = static_cast<std::uint8_t>(q.log2m);
    out[kOffRegwidth] = static_cast<std::uint8_t>(q.regwidth);
    out[kOffParams] = params_byte(q);
    store_le64(out + kOffSeed, seed);
    return out;
}

Buffer explicit_value(const std::vector<std::uint64_t>& hashes, const PgParams& q, std::uint64_t seed,
                      Allocator& alloc) {
    std::uint8_t* out = new_value(alloc, 8 * hashes.size(), kReprExplicit, q, seed);
    for (std::size_t i = 0; i < hashes.size(); i++) store_le64(out + kHeaderSize + 8 * i, hashes[i]);
    return {out, kHeaderSize + 8 * hashes.size()};
}

Buffer dense_value(const PgParams& q, std::uint64_t seed, Allocator& alloc) {
    std::size_t payload = dense_payload_size(q.log2m);
    return {new_value(alloc, payload, kReprDense, q, seed), kHeaderSize + payload};
}

// postgresql-hll's compressed_add: register = the low log2m bits, value = the
// trailing zeros of the rest plus one, at most 2^regwidth - 1; a hash whose
// other bits are all zero leaves every register as it is.
void pg_add(std::uint8_t* regs, const PgParams& q, std::uint64_t hash) {
    std::uint64_t rest = hash >> q.log2m;
    if (rest == 0) return;
    unsigned rank = std::min(static_cast<unsigned>(__builtin_ctzll(rest)) + 1, (1u << q.regwidth) - 1);
    raise_reg(regs, static_cast<std::size_t>(hash & ((std::uint64_t(1) << q.log2m) - 1)), rank);
}

std::uint64_t hash_at(const Sketch& s, std::size_t i) { return load_le64(s.payload + 8 * i); }
std::size_t hash_count(const Sketch& s) { return s.payload_size / 8; }

// MSB-first bit streams, as postgresql-hll packs SPARSE and FULL registers.
struct BitWriter {
    std::uint8_t* out;
    std::size_t bit = 0;
    void put(std::uint32_t value, int bits) {
        for (int i = bits - 1; i >= 0; i--, bit++)
            if ((value >> i) & 1u) out[bit >> 3] |= static_cast<std::uint8_t>(0x80u >> (bit & 7));
    }
};

struct BitReader {
    const std::uint8_t* in;
    std::size_t bit = 0;
    std::uint32_t get(int bits) {
        std::uint32_t v = 0;
        for (int i = 0; i < bits; i++, bit++) v = (v << 1) | ((in[bit >> 3] >> (7 - (bit & 7))) & 1u);
        return v;
    }
};

// The bits of a SPARSE stream after its last entry must be zero, as postgresql-hll writes them.
void check_padding(const std::uint8_t* payload, std::size_t size, std::size_t used) {
    BitReader r{payload, used};
    while (r.bit < 8 * size)
        if (r.get(1) != 0) throw pg_corrupt("SPARSE padding bits after the last entry are not zero");
}

std::string params_text(const Header& h) {
    PgParams q = params_of(h.precision, h.family_byte5, h.family_byte6);
    return "log2m " + std::to_string(q.log2m) + ", regwidth " + std::to_string(q.regwidth) + ", expthresh code " +
           std::to_string(q.expthresh_code) + ", sparseon " + std::to_string(q.sparseon ? 1 : 0) + ", seed " +
           std::to_string(static_cast<std::int64_t>(static_cast<std::int32_t>(h.seed)));
}


Error redis_corrupt(const std::string& what) { return Error(ErrorKind::kCorrupt, "invalid redis HyperLogLog: " + what); }

// Redis's sparse opcodes (its hyperloglog.c): ZERO 00xxxxxx (1-64 zero
// registers), XZERO 01xxxxxx yyyyyyyy (1-16384), VAL 1vvvvvxx (value 1-32,
// 1-4 registers). They must cover exactly the 16384 registers. Writes the
// registers into regs (dense packing) when it is not null; `corrupt` words the error.
template <typename Corrupt>
void redis_decode(const std::uint8_t* ops, std::size_t size, std::uint8_t* regs, Corrupt corrupt) {
    std::size_t idx = 0;
    for (std::size_t i = 0; i < size;) {
        std::uint8_t op = ops[i];
        std::size_t run;
        unsigned value = 0;
        if ((op & 0xc0) == 0) {
            run = (op & 0x3f) + 1u;
            i += 1;
        } else if ((op & 0xc0) == 0x40) {
            if (i + 1 >= size) throw corrupt("sparse opcode at byte " + std::to_string(i) + " (XZERO) is cut short");
            run = ((std::size_t(op & 0x3f) << 8) | ops[i + 1]) + 1;
            i += 2;
        } else {
            run = (op & 0x3u) + 1;
            value = ((op >> 2) & 0x1fu) + 1;
            i += 1;
        }
        if (idx + run > kRedisRegisters)
            throw corrupt("sparse opcodes cover more than the 16384 registers (at byte " + std::to_string(i - 1) + ")");
        if (value != 0 && regs != nullptr)
            for (std::size_t k = 0; k < run; k++) set_reg(regs, idx + k, value);
        idx += run;
    }
    if (idx != kRedisRegisters)
        throw corrupt("sparse opcodes cover " + std::to_string(idx) + " registers, not 16384");
}

Buffer redis_value(std::uint8_t repr, const std::uint8_t* card, const std::uint8_t* payload, std::size_t size,
                   Allocator& alloc) {
    std::uint8_t* out = allocate_or_throw(alloc, kHeaderSize + size);
    std::memset(out, 0, kHeaderSize);
    out[header::kOffTag] = kTypeTag;
    out[header::kOffVersion] = kind::kVersionWithout;
    out[header::kOffHashId] = kRedis;
    out[kOffRepr] = repr;
    out[kOffPrecision] = kRedisPrecision;
    std::memcpy(out + kOffSeed, card, 8);
    if (size != 0) std::memcpy(out + kHeaderSize, payload, size);
    return {out, kHeaderSize + size};
}

// Redis's registers of a value, packed densely (its dense encoding is this packing).
std::vector<std::uint8_t> redis_packed(const Sketch& s) {
    if (s.header.repr == kReprDense) return std::vector<std::uint8_t>(s.payload, s.payload + s.payload_size);
    std::vector<std::uint8_t> regs(dense_payload_size(kRedisPrecision), 0);
    redis_decode(s.payload, s.payload_size, regs.data(), stored_corrupt);
    return regs;
}

// A changed value: dense, with the cached cardinality marked stale as Redis marks it.
Buffer redis_changed(const Sketch& s, const std::vector<std::uint8_t>& packed, Allocator& alloc) {
    std::uint8_t card[8];
    std::memcpy(card, s.payload - kHeaderSize + kOffSeed, 8);
    card[7] |= 0x80;
    return redis_value(kReprDense, card, packed.data(), packed.size(), alloc);
}

Sketch redis_parse(const std::uint8_t* data, std::size_t size, bool full) {
    if (data[kOffPrecision] != kRedisPrecision)
        throw stored_corrupt("precision " + std::to_string(data[kOffPrecision]) + " is not 14 for a redis value");
    for (std::size_t b = 5; b < 8; b++)
        if (data[b] != 0) throw stored_corrupt("byte " + std::to_string(b) + " of a redis value is not 0");
    Header h{data[kOffRepr], kRedisPrecision, kRedis, load_le64(data + kOffSeed), kind::kNone, 0, 0};
    Sketch s{h, data + kHeaderSize, size - kHeaderSize};
    if (h.repr == kReprDense) {
        if (s.payload_size != dense_payload_size(kRedisPrecision))
            throw stored_corrupt("dense payload is " + std::to_string(s.payload_size) + " bytes, not 12288");
        for (std::size_t i = 0; full && i < kRedisRegisters; i++)
            if (get_reg(s.payload, i) > kRedisMaxRank)
                throw stored_corrupt("register " + std::to_string(i) + " holds " + std::to_string(get_reg(s.payload, i)) +
                                     ", above Redis's largest rank 51");
    } else if (h.repr == kReprRedisSparse) {
        if (full) redis_decode(s.payload, s.payload_size, nullptr, stored_corrupt);
    } else {
        throw stored_corrupt("unknown representation " + std::to_string(h.repr) + " for a redis value");
    }
    return s;
}

Buffer redis_import(const std::uint8_t* data, std::size_t size, Allocator& alloc) {
    if (size < kRedisHeaderSize)
        throw redis_corrupt("it is " + std::to_string(size) + " bytes long, shorter than the 16-byte header");
    if (std::memcmp(data, "HYLL", 4) != 0) throw redis_corrupt("magic is not \"HYLL\"");
    std::uint8_t encoding = data[4];
    if (encoding != kRedisDense && encoding != kRedisSparse)
        throw redis_corrupt("encoding " + std::to_string(encoding) + " is neither 0 (dense) nor 1 (sparse)");
    if (data[5] != 0 || data[6] != 0 || data[7] != 0) throw redis_corrupt("unused header bytes 5-7 are not 0");
    const std::uint8_t* payload = data + kRedisHeaderSize;
    std::size_t psize = size - kRedisHeaderSize;
    if (encoding == kRedisDense) {
        if (psize != dense_payload_size(kRedisPrecision))
            throw redis_corrupt("dense payload is " + std::to_string(psize) + " bytes, not 12288");
        for (std::size_t i = 0; i < kRedisRegisters; i++)
            if (get_reg(payload, i) > kRedisMaxRank)
                throw redis_corrupt("register " + std::to_string(i) + " holds " + std::to_string(get_reg(payload, i)) +
                                    ", above the largest rank 51");
        return redis_value(kReprDense, data + 8, payload, psize, alloc);
    }
    redis_decode(payload, psize, nullptr, redis_corrupt);
    return redis_value(kReprRedisSparse, data + 8, payload, psize, alloc);
}

Buffer redis_export(const Sketch& s, Allocator& alloc) {
    std::uint8_t* out = allocate_or_throw(alloc, kRedisHeaderSize + s.payload_size);
    std::memcpy(out, "HYLL", 4);
    out[4] = s.header.repr == kReprDense ? kRedisDense : kRedisSparse;
    out[5] = out[6] = out[7] = 0;
    std::memcpy(out + 8, s.payload - kHeaderSize + kOffSeed, 8);
    std::memcpy(out + kRedisHeaderSize, s.payload, s.payload_size);
    return {out, kRedisHeaderSize + s.payload_size};
}

// hllPatLen: register = the low 14 bits, rank = trailing zeros of the rest with bit 50 set, plus 1.
void redis_add(std::uint8_t* regs, std::uint64_t hash) {
    std::uint64_t rest = (hash >> kRedisPrecision) | (std::uint64_t(1) << (64 - kRedisPrecision));
    raise_reg(regs, static_cast<std::size_t>(hash & (kRedisRegisters - 1)),
              static_cast<unsigned>(__builtin_ctzll(rest)) + 1);
}

}  // namespace

std::string name(std::uint8_t hash_id) {
    if (hash_id == kPostgresqlHll) return kPgFormat;
    if (hash_id == kRedis) return kRedisFormat;
    if (hash_id == kDataSketches) return kDsFormat;
    if (hash_id == kHashId || hash_id == kHashIdV1) return "probabilistic";
    return "unknown (hash id " + std::to_string(hash_id) + ")";
}

std::uint8_t of_name(const std::string& n) {
    if (n == kPgFormat) return kPostgresqlHll;
    if (n == kRedisFormat) return kRedis;
    if (n == kDsFormat) return kDataSketches;
    if (n == "probabilistic") return kHashId;
    throw Error(ErrorKind::kInvalidParameter, "unknown hll hash family or format \"" + n + "\"",
                "This build knows 'probabilistic' (its own hashing), 'postgresql-hll', 'redis' and 'datasketches'.");
}

PgParams pg_params(const Sketch& s) {
    return params_of(s.header.precision, s.header.family_byte5, s.header.family_byte6);
}

std::size_t pg_explicit_threshold(const PgParams& q) {
    std::size_t t;
    if (q.expthresh_code == 63) {
        // Automatic: as many 8-byte hashes as fit in the FULL representation's bytes.
        t = ((static_cast<std::size_t>(q.regwidth) << q.log2m) + 7) / 8 / 8;
    } else if (q.expthresh_code == 0) {
        t = 0;
    } else {
        t = q.expthresh_code > 15 ? kPgMaxExplicit : std::size_t(1) << (q.expthresh_code - 1);
    }
    return std::min(t, kPgMaxExplicit);
}

Sketch parse(const std::uint8_t* data, std::size_t size, bool full) {
    std::uint8_t hash_id = data[header::kOffHashId];
    if (hash_id != kPostgresqlHll && hash_id != kRedis && hash_id != kDataSketches)
        throw stored_corrupt("unknown hash function id " + std::to_string(hash_id));
    if (data[header::kOffVersion] != kind::kVersionWithout)
        throw stored_corrupt("format version " + std::to_string(data[header::kOffVersion]) + " with the " +
                             name(hash_id) + " hash id (its values record no kind: version 1)");
    if (hash_id == kRedis) return redis_parse(data, size, full);
    if (hash_id == kDataSketches) return ds::parse(data, size, full);
    int p = data[kOffPrecision];
    if (p < kPgMinLog2m || p > kPgMaxLog2m)
        throw stored_corrupt("precision " + std::to_string(p) + " is outside 4..17 for a postgresql-hll value");
    int rw = data[kOffRegwidth];
    if (rw < 1 || rw > 7) throw stored_corrupt("postgresql-hll regwidth " + std::to_string(rw) + " is outside 1..7");
    if (data[kOffParams] & 0x80) throw stored_corrupt("postgresql-hll parameter byte has its reserved bit 7 set");
    if (data[kOffReserved] != 0) throw stored_corrupt("byte 7 is " + std::to_string(data[kOffReserved]) + ", not 0");
    std::uint64_t seed = load_le64(data + kOffSeed);
    if (seed > 0xffffffffu)
        throw stored_corrupt("seed " + std::to_string(seed) + " does not fit postgresql-hll's 32-bit seeds");
    Header h{data[kOffRepr], static_cast<std::uint8_t>(p), hash_id, seed, kind::kNone, data[kOffRegwidth],
             data[kOffParams]};
    Sketch s{h, data + kHeaderSize, size - kHeaderSize};
    PgParams q = pg_params(s);
    if (h.repr == kReprExplicit) {
        if (s.payload_size % 8 != 0)
            throw stored_corrupt("explicit payload of " + std::to_string(s.payload_size) +
                                 " bytes is not a whole number of 8-byte hashes");
        std::size_t n = hash_count(s), t = pg_explicit_threshold(q);
        if (n > t)
            throw stored_corrupt("explicit list holds " + std::to_string(n) + " hashes, more than its threshold " +
                                 std::to_string(t));
        for (std::size_t i = 1; full && i < n; i++)
            if (!signed_less(hash_at(s, i - 1), hash_at(s, i)))
                throw stored_corrupt("explicit hash " + std::to_string(i) +
                                     " is not greater than the one before (signed order, no repeats)");
    } else if (h.repr == kReprDense) {
        if (s.payload_size != dense_payload_size(p))
            throw stored_corrupt("dense payload is " + std::to_string(s.payload_size) + " bytes, precision " +
                                 std::to_string(p) + " needs " + std::to_string(dense_payload_size(p)));
        unsigned limit = pg_limit(q);
        for (std::size_t i = 0, m = register_count(p); full && i < m; i++)
            if (get_reg(s.payload, i) > limit)
                throw stored_corrupt("register " + std::to_string(i) + " holds " + std::to_string(get_reg(s.payload, i)) +
                                     ", above the maximum " + std::to_string(limit) + " of its postgresql-hll parameters");
    } else {
        throw stored_corrupt("unknown representation " + std::to_string(h.repr) + " for a postgresql-hll value");
    }
    return s;
}

void check_compatible(const Header& a, const Header& b) {
    if (a.hash_id != b.hash_id && (foreign(a.hash_id) || foreign(b.hash_id)))
        throw Error(ErrorKind::kMismatch,
                    "cannot combine hll values of the hash families " + name(a.hash_id) + " and " + name(b.hash_id),
                    "Their values were hashed by different functions; their registers do not mean the same values.",
                    Reason::kDifferentFamilies, name(a.hash_id), name(b.hash_id));
    if (!foreign(a.hash_id) || a.hash_id == kRedis) return;  // Redis: one precision, one seed
    if (a.hash_id == kDataSketches) {
        if (a.seed != b.seed || a.precision != b.precision)
            throw Error(ErrorKind::kMismatch, "cannot combine DataSketches HLL sketches with different lgK or seed",
                        "One has lgK " + std::to_string(a.precision) + " and seed " + std::to_string(a.seed) +
                            "; the other lgK " + std::to_string(b.precision) + " and seed " + std::to_string(b.seed) + ".",
                        Reason::kDifferentParameters, "lgK and seed");
        return;
    }
    if (a.seed != b.seed || a.precision != b.precision || a.family_byte5 != b.family_byte5 ||
        a.family_byte6 != b.family_byte6)
        throw Error(ErrorKind::kMismatch, "cannot combine postgresql-hll sketches with different parameters",
                    "One has " + params_text(a) + "; the other has " + params_text(b) + ".",
                    Reason::kDifferentParameters, "log2m, regwidth, expthresh, sparseon and seed");
}

std::uint64_t check_seed(std::uint8_t hash_id, std::int64_t seed) {
    if (hash_id == kPostgresqlHll) {
        if (seed < INT32_MIN || seed > INT32_MAX)
            throw Error(ErrorKind::kInvalidParameter,
                        "postgresql-hll seeds are integers (-2147483648 to 2147483647), not " + std::to_string(seed));
        // Its hash functions take the seed as a uint32_t.
        return static_cast<std::uint32_t>(static_cast<std::int32_t>(seed));
    }
    if (hash_id == kDataSketches) return ds::check_seed(seed);
    if (hash_id == kRedis && seed != 0)
        throw Error(ErrorKind::kInvalidParameter, "redis HyperLogLogs have no seed to give, not " + std::to_string(seed),
                    "Redis hashes every element with MurmurHash64A and its fixed seed 0xadc83b19.");
    return static_cast<std::uint64_t>(seed);
}

std::uint64_t hash_bytes(std::uint8_t hash_id, const void* data, std::size_t size, std::uint64_t seed) {
    if (hash_id == kPostgresqlHll) return murmur3_x64_128(data, size, static_cast<std::uint32_t>(seed)).h1;
    if (hash_id == kRedis) return murmur64a(data, size, kRedisSeed);
    if (hash_id == kDataSketches) return ds::coupon(data, size, seed);
    throw Error(ErrorKind::kInvalidParameter, "no hash function for hash id " + std::to_string(hash_id));
}

Buffer empty(std::uint8_t hash_id, int precision, std::uint64_t seed, Allocator& alloc) {
    if (hash_id == kRedis) {
        if (precision != kRedisPrecision)
            throw Error(ErrorKind::kInvalidParameter,
                        "redis HyperLogLogs have precision 14, not " + std::to_string(precision));
        // createHLLObject: one XZERO opcode for the 16384 registers, a zero cached cardinality.
        const std::uint8_t ops[2] = {0x7f, 0xff}, card[8] = {};
        return redis_value(kReprRedisSparse, card, ops, sizeof ops, alloc);
    }
    if (hash_id == kDataSketches) return ds::empty(precision, alloc);  // seed 9001
    if (hash_id != kPostgresqlHll)
        throw Error(ErrorKind::kInvalidParameter, "no empty value for hash family " + name(hash_id));
    if (precision < kPgMinLog2m || precision > kPgMaxLog2m)
        throw Error(ErrorKind::kInvalidParameter,
                    "postgresql-hll sketches have log2m 4 to 17, not " + std::to_string(precision),
                    "postgresql-hll holds at most 2^17 registers; hll's precisions start at 4.");
    return explicit_value({}, PgParams{precision, kPgDefaultRegwidth, kPgDefaultExpthreshCode, kPgDefaultSparseon},
                          seed, alloc);
}

void check_state(const Sketch& s, long long precision, std::uint8_t hash_id) {
    if (s.header.hash_id != hash_id)
        throw Error(ErrorKind::kMismatch, "hll family changed while building one sketch",
                    "It was started with family " + name(s.header.hash_id) + ", then given " + name(hash_id) + ".",
                    Reason::kParametersChanged, "family " + name(s.header.hash_id), name(hash_id));
    if (s.precision() != precision)
        throw Error(ErrorKind::kMismatch, "hll precision changed while building one sketch",
                    "It was started with precision " + std::to_string(s.precision()) + ", then given " +
                        std::to_string(precision) + ".",
                    Reason::kParametersChanged, "precision " + std::to_string(s.precision()), std::to_string(precision));
}

Buffer import(const std::uint8_t* data, std::size_t size, const std::string& format, std::int64_t seed_arg,
              Allocator& alloc) {
    std::uint8_t id = of_name(format);
    if (!foreign(id))
        throw Error(ErrorKind::kInvalidParameter, "hll_import reads other systems' formats, not \"" + format + "\"",
                    "An hll value's own bytes convert with a cast: bytes::hll.");
    std::uint64_t seed = check_seed(id, seed_arg);
    if (id == kRedis) return redis_import(data, size, alloc);
    if (id == kDataSketches) return ds::import(data, size, seed, alloc);
    if (size < kPgHeaderSize)
        throw pg_corrupt("it is " + std::to_string(size) + " bytes long, shorter than the 3-byte header");
    int version = data[0] >> 4, type = data[0] & 0x0f;
    if (version != 1) throw pg_corrupt("schema version " + std::to_string(version) + " is not 1");
    if (type == 0)
        throw pg_corrupt("type 0 (UNDEFINED) holds no set",
                         "postgresql-hll makes UNDEFINED values from invalid input; there is nothing to import.");
    if (type > kPgFull)
        throw pg_corrupt("type " + std::to_string(type) + " is unknown (1 EMPTY, 2 EXPLICIT, 3 SPARSE, 4 FULL)");
    int log2m = data[1] & 0x1f, regwidth = (data[1] >> 5) + 1;
    if (log2m < kPgMinLog2m || log2m > kPgMaxLog2m)
        throw pg_corrupt("log2m " + std::to_string(log2m) + " is outside 4..17",
                         "postgresql-hll cannot store more than 2^17 registers nor estimate 8 or fewer (log2m 0 to 3), "
                         "and hll's precisions start at 4.");
    if (regwidth > 7) throw pg_corrupt("regwidth " + std::to_string(regwidth) + " is outside 1..7");
    if (data[2] & 0x80) throw pg_corrupt("bit 7 of the parameter byte (sparseon, expthresh) is set");
    PgParams q = params_of(log2m, regwidth, data[2]);
    const std::uint8_t* payload = data + kPgHeaderSize;
    std::size_t psize = size - kPgHeaderSize;
    unsigned limit = pg_limit(q);
    if (type == kPgEmpty) {
        if (psize != 0) throw pg_corrupt("EMPTY value has " + std::to_string(psize) + " bytes after its header, not 0");
        return explicit_value({}, q, seed, alloc);
    }
    if (type == kPgExplicit) {
        if (psize % 8 != 0)
            throw pg_corrupt("EXPLICIT payload of " + std::to_string(psize) + " bytes is not a whole number of 8-byte hashes");
        std::size_t n = psize / 8, t = pg_explicit_threshold(q);
        if (n == 0) throw pg_corrupt("EXPLICIT value holds no hash", "postgresql-hll writes an empty set as EMPTY.");
        if (n > t)
            throw pg_corrupt("EXPLICIT value holds " + std::to_string(n) + " hashes, more than its explicit threshold " +
                             std::to_string(t));
        std::vector<std::uint64_t> hashes(n);
        for (std::size_t i = 0; i < n; i++) {
            std::uint64_t h = 0;
            for (int b = 0; b < 8; b++) h = (h << 8) | payload[8 * i + b];  // big-endian
            if (i > 0 && !signed_less(hashes[i - 1], h))
                throw pg_corrupt("EXPLICIT hash " + std::to_string(i) +
                                 " is not greater than the one before (sorted as signed integers, no repeats)");
            hashes[i] = h;
        }
        return explicit_value(hashes, q, seed, alloc);
    }
    Buffer out = dense_value(q, seed, alloc);
    std::uint8_t* regs = out.data + kHeaderSize;
    std::size_t m = register_count(log2m);
    if (type == kPgSparse) {
        if (!q.sparseon) throw pg_corrupt("SPARSE representation in a value whose sparseon is 0");
        int chunk = log2m + regwidth;
        std::size_t n = 8 * psize / static_cast<std::size_t>(chunk);
        // Up to 7 bits of zero padding can hold a whole chunk when log2m + regwidth
        // < 8: a last chunk of zeros (register 0 = 0, never written) is padding.
        if (n > 0 && (static_cast<std::size_t>(chunk) * (n - 1) + 7) / 8 == psize) {
            BitReader last{payload, static_cast<std::size_t>(chunk) * (n - 1)};
            if (last.get(chunk) == 0) n--;
        }
        if ((static_cast<std::size_t>(chunk) * n + 7) / 8 != psize)
            throw pg_corrupt("SPARSE payload of " + std::to_string(psize) + " bytes is not a whole number of " +
                             std::to_string(chunk) + "-bit entries");
        BitReader r{payload};
        std::uint32_t prev = 0;
        for (std::size_t i = 0; i < n; i++) {
            std::uint32_t e = r.get(chunk);
            std::uint32_t idx = e >> regwidth, val = e & ((1u << regwidth) - 1);
            if (i > 0 && idx <= prev)
                throw pg_corrupt("SPARSE entry " + std::to_string(i) + " (register " + std::to_string(idx) +
                                 ") is not after the one before");
            if (val < 1 || val > limit)
                throw pg_corrupt("SPARSE entry " + std::to_string(i) + " gives register " + std::to_string(idx) +
                                 " the value " + std::to_string(val) + ", outside 1.." + std::to_string(limit));
            set_reg(regs, idx, val);
            prev = idx;
        }
        check_padding(payload, psize, r.bit);
        return out;
    }
    std::size_t need = (static_cast<std::size_t>(regwidth) * m + 7) / 8;
    if (psize != need)
        throw pg_corrupt("FULL payload is " + std::to_string(psize) + " bytes, log2m " + std::to_string(log2m) +
                         " and regwidth " + std::to_string(regwidth) + " need " + std::to_string(need));
    BitReader r{payload};
    for (std::size_t i = 0; i < m; i++) {
        std::uint32_t val = r.get(regwidth);
        if (val > limit)
            throw pg_corrupt("FULL register " + std::to_string(i) + " holds " + std::to_string(val) +
                             ", above the largest rank " + std::to_string(limit) + " at log2m " + std::to_string(log2m));
        set_reg(regs, i, val);
    }
    return out;  // 2^log2m registers fill whole bytes: FULL has no padding
}

Buffer export_to(const Sketch& s, const std::string& format, Allocator& alloc) {
    std::uint8_t id = of_name(format);
    if (id != s.header.hash_id)
        throw Error(ErrorKind::kMismatch,
                    "cannot export an hll value of hash family " + name(s.header.hash_id) + " as " + format,
                    "A sketch exports to the format of the family it was imported from or built in "
                    "(hll_add_agg(x, p, family)); another system could not add its own rows to it.");
    if (id == kRedis) return redis_export(s, alloc);
    if (id == kDataSketches) return ds::export_image(s, alloc);
    PgParams q = pg_params(s);
    auto header = [&](std::uint8_t* out, int type) {
        out[0] = static_cast<std::uint8_t>(0x10 | type);
        out[1] = static_cast<std::uint8_t>(((q.regwidth - 1) << 5) | q.log2m);
        out[2] = params_byte(q);
    };
    if (s.header.repr == kReprExplicit) {
        std::size_t n = hash_count(s), size = kPgHeaderSize + 8 * n;
        std::uint8_t* out = allocate_or_throw(alloc, size);
        header(out, n == 0 ? kPgEmpty : kPgExplicit);
        for (std::size_t i = 0; i < n; i++) {
            std::uint64_t h = hash_at(s, i);
            for (int b = 0; b < 8; b++) out[kPgHeaderSize + 8 * i + b] = static_cast<std::uint8_t>(h >> (56 - 8 * b));
        }
        return {out, size};
    }
    std::size_t m = register_count(q.log2m), filled = 0;
    for (std::size_t i = 0; i < m; i++) filled += get_reg(s.payload, i) != 0;
    // postgresql-hll's multiset_pack with its default hll_set_max_sparse(-1):
    // SPARSE when enabled and strictly smaller in bits, else FULL.
    std::size_t chunk = static_cast<std::size_t>(q.log2m + q.regwidth);
    bool sparse = q.sparseon && filled * chunk < m * static_cast<std::size_t>(q.regwidth);
    std::size_t bits = sparse ? filled * chunk : m * static_cast<std::size_t>(q.regwidth);
    std::size_t size = kPgHeaderSize + (bits + 7) / 8;
    std::uint8_t* out = allocate_or_throw(alloc, size);
    std::memset(out, 0, size);
    header(out, sparse ? kPgSparse : kPgFull);
    BitWriter w{out + kPgHeaderSize};
    for (std::size_t i = 0; i < m; i++) {
        unsigned r = get_reg(s.payload, i);
        if (!sparse) w.put(r, q.regwidth);
        else if (r != 0) w.put(static_cast<std::uint32_t>((i << q.regwidth) | r), static_cast<int>(chunk));
    }
    return {out, size};
}

Buffer add_hash(std::uint8_t* data, std::size_t size, const Sketch& s, std::uint64_t hash, bool in_place,
                Allocator& alloc) {
    if (s.header.hash_id == kDataSketches) {
        if (hash > 0xffffffffu || (hash >> 26) < 1 || (hash >> 26) > 63)
            throw Error(ErrorKind::kInvalidParameter,
                        "a DataSketches hash is a 32-bit coupon (26-bit address, value 1 to 63), not " + std::to_string(hash),
                        "Add rows with hll_add(h, x): DataSketches hashes to 128 bits, which a bigint does not hold.");
        return ds::add_coupon(data, size, s, static_cast<std::uint32_t>(hash), in_place, alloc);
    }
    if (s.header.hash_id == kRedis) {
        if (s.header.repr == kReprDense) {
            std::uint64_t rest = (hash >> kRedisPrecision) | (std::uint64_t(1) << (64 - kRedisPrecision));
            std::size_t idx = static_cast<std::size_t>(hash & (kRedisRegisters - 1));
            unsigned rank = static_cast<unsigned>(__builtin_ctzll(rest)) + 1;
            if (get_reg(s.payload, idx) >= rank) return {data, size};
            std::uint8_t* out = in_place ? data : copy(alloc, data, size).data;
            set_reg(out + kHeaderSize, idx, rank);
            out[kOffSeed + 7] |= 0x80;
            return {out, size};
        }
        std::vector<std::uint8_t> packed = redis_packed(s);
        std::vector<std::uint8_t> before = packed;
        redis_add(packed.data(), hash);
        if (packed == before) return {data, size};  // PFADD changes nothing, not even the cache
        return redis_changed(s, packed, alloc);
    }
    PgParams q = pg_params(s);
    if (s.header.repr == kReprDense) {
        std::uint64_t rest = hash >> q.log2m;
        if (rest == 0) return {data, size};
        std::size_t idx = static_cast<std::size_t>(hash & ((std::uint64_t(1) << q.log2m) - 1));
        unsigned rank = std::min(static_cast<unsigned>(__builtin_ctzll(rest)) + 1, (1u << q.regwidth) - 1);
        if (get_reg(s.payload, idx) >= rank) return {data, size};
        std::uint8_t* out = in_place ? data : copy(alloc, data, size).data;
        set_reg(out + kHeaderSize, idx, rank);
        return {out, size};
    }
    std::size_t n = hash_count(s), lo = 0, hi = n;
    while (lo < hi) {
        std::size_t mid = (lo + hi) / 2;
        if (signed_less(hash_at(s, mid), hash)) lo = mid + 1;
        else hi = mid;
    }
    if (lo < n && hash_at(s, lo) == hash) return {data, size};
    if (n < pg_explicit_threshold(q)) {
        std::uint8_t* out = allocate_or_throw(alloc, size + 8);
        std::size_t split = kHeaderSize + 8 * lo;
        std::memcpy(out, data, split);
        store_le64(out + split, hash);
        std::memcpy(out + split + 8, data + split, size - split);
        return {out, size + 8};
    }
    Buffer out = dense_value(q, s.header.seed, alloc);
    for (std::size_t i = 0; i < n; i++) pg_add(out.data + kHeaderSize, q, hash_at(s, i));
    pg_add(out.data + kHeaderSize, q, hash);
    return out;
}

Buffer union_of(std::uint8_t* left, std::size_t left_size, const Sketch& a, const std::uint8_t* right,
                std::size_t right_size, const Sketch& b, bool in_place, Allocator& alloc) {
    if (a.header.hash_id == kDataSketches) return ds::union_of(left, left_size, a, b, alloc);
    if (a.header.hash_id == kRedis) {
        std::vector<std::uint8_t> ra = redis_packed(a), rb = redis_packed(b), merged = ra;
        for (std::size_t i = 0; i < kRedisRegisters; i++) raise_reg(merged.data(), i, get_reg(rb.data(), i));
        if (merged == ra) return {left, left_size};
        return redis_changed(a, merged, alloc);
    }
    PgParams q = pg_params(a);
    bool a_list = a.header.repr == kReprExplicit, b_list = b.header.repr == kReprExplicit;
    if (b_list && hash_count(b) == 0) return {left, left_size};
    if (a_list && hash_count(a) == 0) return copy(alloc, right, right_size);
    if (a_list && b_list) {
        std::vector<std::uint64_t> merged;
        std::size_t i = 0, j = 0, na = hash_count(a), nb = hash_count(b);
        merged.reserve(na + nb);
        while (i < na || j < nb) {
            if (j == nb || (i < na && signed_less(hash_at(a, i), hash_at(b, j)))) merged.push_back(hash_at(a, i++));
            else if (i == na || signed_less(hash_at(b, j), hash_at(a, i))) merged.push_back(hash_at(b, j++));
            else merged.push_back(hash_at(a, i++)), j++;
        }
        if (merged.size() == na) return {left, left_size};
        if (merged.size() <= pg_explicit_threshold(q)) return explicit_value(merged, q, a.header.seed, alloc);
        Buffer out = dense_value(q, a.header.seed, alloc);
        for (std::uint64_t h : merged) pg_add(out.data + kHeaderSize, q, h);
        return out;
    }
    Buffer out;
    if (!a_list && in_place) {
        out = {left, left_size};
    } else {
        out = dense_value(q, a.header.seed, alloc);
        if (a_list) {
            for (std::size_t i = 0; i < hash_count(a); i++) pg_add(out.data + kHeaderSize, q, hash_at(a, i));
        } else {
            std::memcpy(out.data + kHeaderSize, a.payload, a.payload_size);
        }
    }
    std::uint8_t* regs = out.data + kHeaderSize;
    if (b_list) {
        for (std::size_t i = 0; i < hash_count(b); i++) pg_add(regs, q, hash_at(b, i));
    } else {
        for (std::size_t i = 0, m = register_count(q.log2m); i < m; i++) raise_reg(regs, i, get_reg(b.payload, i));
    }
    return out;
}

double estimate(const Sketch& s) {
    if (s.header.hash_id == kDataSketches) return ds::estimate(s);
    // An explicit list holds whole 64-bit hashes: its size is the count, as postgresql-hll says too.
    if (s.header.repr == kReprExplicit) return static_cast<double>(hash_count(s));
    if (s.header.hash_id == kRedis) {
        // Ranks 1..50 and 51 for a rest of all zeros: hll's own histogram at p = 14.
        std::vector<std::uint8_t> packed = redis_packed(s);
        std::uint64_t hist[66] = {};
        for (std::size_t i = 0; i < kRedisRegisters; i++) hist[get_reg(packed.data(), i)]++;
        return ertl_estimate(hist, 64 - kRedisPrecision, static_cast<double>(kRedisRegisters));
    }
    PgParams q = pg_params(s);
    int p = q.log2m;
    unsigned cap = (1u << q.regwidth) - 1;
    // Registers at 2^regwidth - 1 are saturated: Ertl's c[q+1]. Wider registers
    // never reach 64 - p + 1 (a hash with no bit set past the index adds nothing).
    int top = cap <= static_cast<unsigned>(64 - p) ? static_cast<int>(cap) - 1 : 64 - p;
    std::uint64_t hist[66] = {};
    for (std::size_t i = 0, m = register_count(p); i < m; i++)
        hist[std::min<unsigned>(get_reg(s.payload, i), static_cast<unsigned>(top) + 1)]++;
    return ertl_estimate(hist, top, static_cast<double>(register_count(p)), 64 - p);
}

std::vector<std::uint8_t> registers(const Sketch& s) {
    if (s.header.hash_id == kDataSketches) return ds::registers(s);
    if (s.header.hash_id == kRedis) {
        std::vector<std::uint8_t> packed = redis_packed(s), out(kRedisRegisters);
        for (std::size_t i = 0; i < kRedisRegisters; i++) out[i] = static_cast<std::uint8_t>(get_reg(packed.data(), i));
        return out;
    }
    PgParams q = pg_params(s);
    std::size_t m = register_count(q.log2m);
    std::vector<std::uint8_t> packed(dense_payload_size(q.log2m), 0);
    if (s.header.repr == kReprExplicit) {
        for (std::size_t i = 0; i < hash_count(s); i++) pg_add(packed.data(), q, hash_at(s, i));
    } else {
        std::memcpy(packed.data(), s.payload, s.payload_size);
    }
    std::vector<std::uint8_t> out(m);
    for (std::size_t i = 0; i < m; i++) out[i] = static_cast<std::uint8_t>(get_reg(packed.data(), i));
    return out;
}

}  // namespace probabilistic::hll::family
