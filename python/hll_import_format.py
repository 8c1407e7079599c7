"""An independent implementation of doc/FORMAT.md sections 3.15 and 3.16: other
systems' HyperLogLog bytes (postgresql-hll's storage format version 1, Redis's
HYLL strings), their hash functions, and the hll values of their hash
families that hll_import makes and hll_export reads. Written from the
specification; Python 3 standard library only.

    >>> empty = bytes.fromhex("118b7f")                  # postgresql-hll's hll_empty()
    >>> h = PgHll.from_bytes(empty).add(pg_hash_bigint(42))
    >>> h.to_bytes().hex()                               # its hll_add(hll_empty(), hll_hash_bigint(42))
    '128b7fb6acc39989d27df8'
    >>> h.to_hll_value()[:16].hex()                      # hll_import(...)::bytea: hash id 3, explicit
    '480103040b057f000000000000000000'
    >>> PgHll.from_hll_value(h.to_hll_value()).to_bytes() == h.to_bytes()
    True
    >>> r = RedisHll.from_bytes(bytes.fromhex("48594c4c01000000000000000000008060f38050b1844bfb80425a"))
    >>> sorted(v for v in r.registers() if v), r.to_bytes().hex()[:10]   # PFADD k a b c
    ([1, 1, 2], '48594c4c01')
    >>> RedisHll.empty().add_value(b"a").registers() == RedisHll.empty().add(redis_hash(b"a")).registers()
    True
"""

import struct

MASK64 = (1 << 64) - 1
HLL_TAG = 0x48
PG_HASH_ID, REDIS_HASH_ID = 3, 4
REPR_DENSE, REPR_EXPLICIT, REPR_REDIS_SPARSE = 2, 4, 6
PG_EMPTY, PG_EXPLICIT, PG_SPARSE, PG_FULL = 1, 2, 3, 4
PG_MAX_EXPLICIT = 16383
REDIS_P, REDIS_SEED = 14, 0xADC83B19


class FormatError(ValueError):
    """Bytes that are not a valid value (the extension's SQLSTATE 22P03)."""


def _rotl(x, r):
    return ((x << r) | (x >> (64 - r))) & MASK64


def _fmix(k):
    k ^= k >> 33
    k = (k * 0xFF51AFD7ED558CCD) & MASK64
    k ^= k >> 33
    k = (k * 0xC4CEB9FE1A85EC53) & MASK64
    return k ^ (k >> 33)


def murmur3_x64_128(data, seed=0):
    """MurmurHash3_x64_128 (SMHasher): (h1, h2), blocks read little-endian; seed a uint32."""
    c1, c2 = 0x87C37B91114253D5, 0x4CF5AD432745937F
    h1 = h2 = seed & 0xFFFFFFFF
    n = len(data)
    for i in range(0, n - n % 16, 16):
        k1, k2 = struct.unpack_from("<QQ", data, i)
        h1 ^= (_rotl((k1 * c1) & MASK64, 31) * c2) & MASK64
        h1 = (_rotl(h1, 27) + h2) & MASK64
        h1 = (h1 * 5 + 0x52DCE729) & MASK64
        h2 ^= (_rotl((k2 * c2) & MASK64, 33) * c1) & MASK64
        h2 = (_rotl(h2, 31) + h1) & MASK64
        h2 = (h2 * 5 + 0x38495AB5) & MASK64
    tail = data[n - n % 16:]
    if len(tail) > 8:
        k2 = int.from_bytes(tail[8:], "little")
        h2 ^= (_rotl((k2 * c2) & MASK64, 33) * c1) & MASK64
    if tail:
        k1 = int.from_bytes(tail[:8], "little")
        h1 ^= (_rotl((k1 * c1) & MASK64, 31) * c2) & MASK64
    h1 ^= n
    h2 ^= n
    h1 = (h1 + h2) & MASK64
    h2 = (h2 + h1) & MASK64
    h1, h2 = _fmix(h1), _fmix(h2)
    h1 = (h1 + h2) & MASK64
    h2 = (h2 + h1) & MASK64
    return h1, h2


def murmur64a(data, seed):
    """MurmurHash64A (MurmurHash2, 64-bit), as Redis's hyperloglog.c computes it."""
    m, r = 0xC6A4A7935BD1E995, 47
    n = len(data)
    h = (seed ^ (n * m)) & MASK64
    for i in range(0, n - n % 8, 8):
        k = struct.unpack_from("<Q", data, i)[0]
        k = (k * m) & MASK64
        k ^= k >> r
        k = (k * m) & MASK64
        h ^= k
        h = (h * m) & MASK64
    if n % 8:
        h ^= int.from_bytes(data[n - n % 8:], "little")
        h = (h * m) & MASK64
    h ^= h >> r
    h = (h * m) & MASK64
    return h ^ (h >> r)


def pg_hash_bytes(data, seed=0):
    """postgresql-hll's hll_hash_bytea/hll_hash_text: the first word, seed an int32."""
    return murmur3_x64_128(bytes(data), seed & 0xFFFFFFFF)[0]


def pg_hash_bigint(v, seed=0):
    return pg_hash_bytes(struct.pack("<q", v), seed)


def pg_hash_integer(v, seed=0):
    return pg_hash_bytes(struct.pack("<i", v), seed)


def redis_hash(element):
    return murmur64a(bytes(element), REDIS_SEED)


def _signed(u):
    return u - (1 << 64) if u >> 63 else u


def _pack_dense(regs):
    """doc/FORMAT.md 3.4: six bits per register, least significant bits first."""
    acc = 0
    for i, r in enumerate(regs):
        acc |= r << (6 * i)
    return acc.to_bytes(len(regs) * 6 // 8, "little")


def _unpack_dense(payload, m):
    acc = int.from_bytes(payload, "little")
    return [(acc >> (6 * i)) & 63 for i in range(m)]


def _header(hash_id, repr_, p, b5=0, b6=0, tail8=bytes(8)):
    return bytes([HLL_TAG, 1, hash_id, repr_, p, b5, b6, 0]) + tail8


class PgHll:
    """A postgresql-hll sketch: EMPTY/EXPLICIT (hashes) or registers."""

    def __init__(self, log2m=11, regwidth=5, expcode=63, sparseon=True, seed=0):
        if not 4 <= log2m <= 17 or not 1 <= regwidth <= 7 or not 0 <= expcode <= 63:
            raise ValueError("parameters out of range")
        self.log2m, self.regwidth, self.expcode, self.sparseon, self.seed = log2m, regwidth, expcode, sparseon, seed
        self.hashes = []          # EXPLICIT, signed order; EMPTY when [] and regs is None
        self.regs = None          # registers, once it has them

    # --- parameters (3.15) ---
    @property
    def m(self):
        return 1 << self.log2m

    def threshold(self):
        if self.expcode == 63:
            t = (self.regwidth * self.m + 7) // 8 // 8
        elif self.expcode == 0:
            t = 0
        else:
            t = 1 << (self.expcode - 1)
        return min(t, PG_MAX_EXPLICIT)

    def limit(self):
        return min((1 << self.regwidth) - 1, 64 - self.log2m)

    def _raise(self, h):
        rest = h >> self.log2m
        if rest:
            rank = min((rest & -rest).bit_length(), (1 << self.regwidth) - 1)
            i = h & (self.m - 1)
            self.regs[i] = max(self.regs[i], rank)

    def add(self, h):
        h &= MASK64
        if self.regs is not None:
            self._raise(h)
        elif h not in self.hashes:
            if len(self.hashes) < self.threshold():
                self.hashes = sorted(self.hashes + [h], key=_signed)
            else:
                self.regs = [0] * self.m
                for x in self.hashes + [h]:
                    self._raise(x)
                self.hashes = []
        return self

    def union(self, other):
        if (self.log2m, self.regwidth, self.expcode, self.sparseon, self.seed) != \
                (other.log2m, other.regwidth, other.expcode, other.sparseon, other.seed):
            raise ValueError("different parameters")
        out = PgHll(self.log2m, self.regwidth, self.expcode, self.sparseon, self.seed)
        out.hashes = list(self.hashes)
        out.regs = None if self.regs is None else list(self.regs)
        if other.regs is not None and out.regs is None:
            out.regs = [0] * self.m
            for x in out.hashes:
                out._raise(x)
            out.hashes = []
        for x in other.hashes:
            out.add(x)
        if other.regs is not None:
            out.regs = [max(a, b) for a, b in zip(out.regs, other.regs)]
        return out

    def registers(self):
        if self.regs is not None:
            return list(self.regs)
        r = PgHll(self.log2m, self.regwidth, self.expcode, self.sparseon)
        r.regs = [0] * self.m
        for x in self.hashes:
            r._raise(x)
        return r.regs

    # --- postgresql-hll's bytes ---
    @classmethod
    def from_bytes(cls, b, seed=0):
        b = bytes(b)
        if len(b) < 3:
            raise FormatError("shorter than the 3-byte header")
        if b[0] >> 4 != 1:
            raise FormatError("schema version %d is not 1" % (b[0] >> 4))
        t = b[0] & 15
        if t == 0:
            raise FormatError("type 0 (UNDEFINED) holds no set")
        if t > 4:
            raise FormatError("type %d is unknown" % t)
        log2m, regwidth = b[1] & 31, (b[1] >> 5) + 1
        if not 4 <= log2m <= 17:
            raise FormatError("log2m %d is outside 4..17" % log2m)
        if regwidth > 7:
            raise FormatError("regwidth 8 is outside 1..7")
        if b[2] & 0x80:
            raise FormatError("bit 7 of the parameter byte is set")
        s = cls(log2m, regwidth, b[2] & 63, bool(b[2] & 0x40), seed)
        payload = b[3:]
        if t == PG_EMPTY:
            if payload:
                raise FormatError("EMPTY value has bytes after its header")
            return s
        if t == PG_EXPLICIT:
            if len(payload) % 8:
                raise FormatError("EXPLICIT payload is not a whole number of 8-byte hashes")
            hashes = [int.from_bytes(payload[i:i + 8], "big") for i in range(0, len(payload), 8)]
            if not hashes:
                raise FormatError("EXPLICIT value holds no hash")
            if len(hashes) > s.threshold():
                raise FormatError("EXPLICIT value holds more hashes than its threshold")
            if any(_signed(a) >= _signed(b) for a, b in zip(hashes, hashes[1:])):
                raise FormatError("EXPLICIT hashes are not strictly increasing as signed integers")
            s.hashes = hashes
            return s
        bits = int.from_bytes(payload, "big")
        nbits = 8 * len(payload)
        s.regs = [0] * s.m
        if t == PG_SPARSE:
            if not s.sparseon:
                raise FormatError("SPARSE representation in a value whose sparseon is 0")
            chunk = log2m + regwidth
            n = nbits // chunk
            if n and (chunk * (n - 1) + 7) // 8 == len(payload) and \
                    (bits >> (nbits - chunk * n)) & ((1 << chunk) - 1) == 0:
                n -= 1
            if (chunk * n + 7) // 8 != len(payload):
                raise FormatError("SPARSE payload is not a whole number of entries")
            prev = -1
            for k in range(n):
                e = (bits >> (nbits - chunk * (k + 1))) & ((1 << chunk) - 1)
                idx, val = e >> regwidth, e & ((1 << regwidth) - 1)
                if idx <= prev:
                    raise FormatError("SPARSE entry %d is not after the one before" % k)
                if not 1 <= val <= s.limit():
                    raise FormatError("SPARSE entry %d has value %d" % (k, val))
                s.regs[idx] = val
                prev = idx
            if bits & ((1 << (nbits - chunk * n)) - 1):
                raise FormatError("SPARSE padding bits are not zero")
            return s
        if len(payload) != (regwidth * s.m + 7) // 8:
            raise FormatError("FULL payload has the wrong length")
        for i in range(s.m):
            v = (bits >> (nbits - regwidth * (i + 1))) & ((1 << regwidth) - 1)
            if v > s.limit():
                raise FormatError("FULL register %d holds %d" % (i, v))
            s.regs[i] = v
        return s

    def to_bytes(self):
        head = bytes([0x10, ((self.regwidth - 1) << 5) | self.log2m, (0x40 if self.sparseon else 0) | self.expcode])
        if self.regs is None:
            if not self.hashes:
                return bytes([0x10 | PG_EMPTY]) + head[1:]
            return bytes([0x10 | PG_EXPLICIT]) + head[1:] + b"".join(h.to_bytes(8, "big") for h in self.hashes)
        filled = [(i, v) for i, v in enumerate(self.regs) if v]
        chunk = self.log2m + self.regwidth
        if self.sparseon and len(filled) * chunk < self.m * self.regwidth:
            acc, nbits, t = 0, len(filled) * chunk, PG_SPARSE
            for i, v in filled:
                acc = (acc << chunk) | (i << self.regwidth) | v
        else:
            acc, nbits, t = 0, self.m * self.regwidth, PG_FULL
            for v in self.regs:
                acc = (acc << self.regwidth) | v
        nbytes = (nbits + 7) // 8
        return bytes([0x10 | t]) + head[1:] + (acc << (8 * nbytes - nbits)).to_bytes(nbytes, "big")

    # --- the hll value of its family (hash id 3) ---
    def to_hll_value(self):
        b6 = (0x40 if self.sparseon else 0) | self.expcode
        seed = struct.pack("<Q", self.seed & 0xFFFFFFFF)
        if self.regs is None:
            return _header(PG_HASH_ID, REPR_EXPLICIT, self.log2m, self.regwidth, b6, seed) + \
                b"".join(struct.pack("<Q", h) for h in self.hashes)
        return _header(PG_HASH_ID, REPR_DENSE, self.log2m, self.regwidth, b6, seed) + _pack_dense(self.regs)

    @classmethod
    def from_hll_value(cls, v):
        v = bytes(v)
        if len(v) < 16 or v[0] != HLL_TAG or v[1] != 1 or v[2] != PG_HASH_ID or v[7] != 0:
            raise FormatError("not an hll value of the postgresql-hll family")
        seed = struct.unpack_from("<Q", v, 8)[0]
        if seed > 0xFFFFFFFF or v[6] & 0x80:
            raise FormatError("bad seed or parameter byte")
        s = cls(v[4], v[5], v[6] & 63, bool(v[6] & 0x40), seed)
        payload = v[16:]
        if v[3] == REPR_EXPLICIT:
            if len(payload) % 8:
                raise FormatError("explicit payload is not a whole number of hashes")
            s.hashes = [struct.unpack_from("<Q", payload, i)[0] for i in range(0, len(payload), 8)]
            if len(s.hashes) > s.threshold() or any(_signed(a) >= _signed(b) for a, b in zip(s.hashes, s.hashes[1:])):
                raise FormatError("explicit hashes out of order or past the threshold")
        elif v[3] == REPR_DENSE:
            if len(payload) != s.m * 6 // 8:
                raise FormatError("dense payload has the wrong length")
            s.regs = _unpack_dense(payload, s.m)
            if max(s.regs) > s.limit():
                raise FormatError("a register is above its limit")
        else:
            raise FormatError("unknown representation %d" % v[3])
        return s


class RedisHll:
    """A Redis HYLL string: its registers, and its sparse bytes when Redis wrote them."""

    def __init__(self, card=bytes(8), sparse=None, regs=None):
        self.card, self.sparse = bytes(card), sparse
        self.regs = regs if regs is not None else self._decode(sparse)

    @staticmethod
    def _decode(ops):
        regs, i = [], 0
        while i < len(ops):
            op = ops[i]
            if op & 0xC0 == 0:
                regs += [0] * ((op & 0x3F) + 1)
                i += 1
            elif op & 0xC0 == 0x40:
                if i + 1 >= len(ops):
                    raise FormatError("XZERO opcode cut short")
                regs += [0] * ((((op & 0x3F) << 8) | ops[i + 1]) + 1)
                i += 2
            else:
                regs += [((op >> 2) & 0x1F) + 1] * ((op & 3) + 1)
                i += 1
            if len(regs) > 1 << REDIS_P:
                raise FormatError("sparse opcodes cover more than the 16384 registers")
        if len(regs) != 1 << REDIS_P:
            raise FormatError("sparse opcodes cover %d registers, not 16384" % len(regs))
        return regs

    @classmethod
    def empty(cls):
        return cls(sparse=bytes([0x7F, 0xFF]))

    @classmethod
    def from_bytes(cls, b):
        b = bytes(b)
        if len(b) < 16:
            raise FormatError("shorter than the 16-byte header")
        if b[:4] != b"HYLL":
            raise FormatError('magic is not "HYLL"')
        if b[4] not in (0, 1):
            raise FormatError("encoding %d" % b[4])
        if b[5:8] != bytes(3):
            raise FormatError("unused header bytes are not 0")
        if b[4] == 1:
            return cls(b[8:16], sparse=b[16:])
        if len(b) != 16 + 12288:
            raise FormatError("dense payload is not 12288 bytes")
        regs = _unpack_dense(b[16:], 1 << REDIS_P)
        if max(regs) > 51:
            raise FormatError("a register is above 51")
        return cls(b[8:16], regs=regs)

    def registers(self):
        return list(self.regs)

    def add(self, h):
        rest = (h >> REDIS_P) | (1 << 50)
        rank, i = (rest & -rest).bit_length(), h & ((1 << REDIS_P) - 1)
        if self.regs[i] >= rank:
            return self
        regs = list(self.regs)
        regs[i] = rank
        return RedisHll(self.card[:7] + bytes([self.card[7] | 0x80]), regs=regs)

    def add_value(self, element):
        return self.add(redis_hash(element))

    def to_bytes(self):
        if self.sparse is not None:
            return b"HYLL\x01\x00\x00\x00" + self.card + self.sparse
        return b"HYLL\x00\x00\x00\x00" + self.card + _pack_dense(self.regs)

    def to_hll_value(self):
        if self.sparse is not None:
            return _header(REDIS_HASH_ID, REPR_REDIS_SPARSE, REDIS_P, tail8=self.card) + self.sparse
        return _header(REDIS_HASH_ID, REPR_DENSE, REDIS_P, tail8=self.card) + _pack_dense(self.regs)
