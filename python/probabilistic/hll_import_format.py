"""An independent implementation of doc/FORMAT.md sections 3.15, 3.16 and 3.17: other
systems' HyperLogLog bytes (postgresql-hll's storage format version 1, Redis's
HYLL strings, Apache DataSketches HLL images), their hash functions, and the hll values of their hash
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


# ---- Apache DataSketches HLL (doc/FORMAT.md 3.17) ----------------------------------------

DS_HASH_ID, DS_SEED = 5, 9001
DS_LIST, DS_SET, DS_HLL = 7, 8, 9
_DS_LG_AUX = [0, 2, 2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13]
_KEY26 = (1 << 26) - 1


def ds_coupon(data, seed=DS_SEED):
    """A DataSketches coupon: value (clz of the second word + 1, at most 63) << 26 | low 26 bits of the first."""
    h1, h2 = murmur3_x64_128(data, seed)
    return (min(64 - h2.bit_length(), 62) + 1) << 26 | (h1 & _KEY26)


def ds_long(v):
    """update(int64): the 8 little-endian bytes of the long."""
    return struct.pack("<q", v)


def ds_double(d):
    """update(double): -0.0 as 0.0, every NaN as Java's canonical NaN."""
    if d != d:
        return struct.pack("<Q", 0x7FF8000000000000)
    return struct.pack("<d", 0.0 if d == 0 else d)


def _ds_find(table, lg, c):
    mask = (1 << lg) - 1
    probe = start = c & mask
    while True:
        if table[probe] == 0 or table[probe] == c:
            return probe
        probe = (probe + (((c & _KEY26) >> lg) | 1)) & mask
        if probe == start:
            raise FormatError("table full")


def _ds_lg_arr(count, floor):
    pow2 = 1
    while pow2 < count:
        pow2 <<= 1
    if 4 * count > 3 * pow2:
        pow2 <<= 1
    return max(floor, pow2.bit_length() - 1)


class DsHll:
    """A DataSketches HLL sketch as datasketches-cpp holds it: a LIST, a SET table or registers.

    HLL_4 images are written from the registers (cur_min their smallest, the exceptions
    placed in register order, as a conversion to HLL_4 places them); the extension also
    keeps the exception table an image or update() built (doc/FORMAT.md 3.17)."""

    def __init__(self, lgk=12, tgt=2, seed=DS_SEED):
        self.lgk, self.tgt, self.seed = lgk, tgt, seed
        self.mode, self.ooo, self.full = DS_LIST, False, False
        self.coupons, self.lg_arr = [], 0
        self.regs, self.hip, self.kxq0, self.kxq1 = None, 0.0, 0.0, 0.0

    def _hll_update(self, c, ooo):
        slot, v = (c & _KEY26) & ((1 << self.lgk) - 1), c >> 26
        old = self.regs[slot]
        if v <= old:
            return False
        self.regs[slot] = v
        if not ooo:
            self.hip += (1 << self.lgk) / (self.kxq0 + self.kxq1)
        if old < 32:
            self.kxq0 -= 2.0 ** -old
        else:
            self.kxq1 -= 2.0 ** -old
        if v < 32:
            self.kxq0 += 2.0 ** -v
        else:
            self.kxq1 += 2.0 ** -v
        return True

    def _promote(self):
        coupons = [c for c in self.coupons if c]
        self.mode, self.ooo = DS_HLL, False
        self.regs, self.kxq0, self.kxq1, self.hip = [0] * (1 << self.lgk), float(1 << self.lgk), 0.0, 0.0
        for c in coupons:
            self._hll_update(c, False)
        self.hip = float(len(coupons))
        self.coupons, self.lg_arr = [], 0

    def _set_update(self, c):
        i = _ds_find(self.coupons, self.lg_arr, c)
        if self.coupons[i] == c:
            return False
        self.coupons[i] = c
        if 4 * sum(1 for x in self.coupons if x) > 3 * len(self.coupons):
            if self.lg_arr == self.lgk - 3:
                self._promote()
            else:
                old, self.lg_arr = self.coupons, self.lg_arr + 1
                self.coupons = [0] * (1 << self.lg_arr)
                for x in old:
                    if x:
                        self.coupons[_ds_find(self.coupons, self.lg_arr, x)] = x
        return True

    def update(self, c):
        """hll_sketch::coupon_update; a value's coupon comes from ds_coupon."""
        if self.mode == DS_HLL:
            return self._hll_update(c, self.ooo)
        if self.mode == DS_SET:
            return self._set_update(c)
        if c in self.coupons:
            return False
        self.coupons.append(c)
        if len(self.coupons) == 8:
            if self.lgk < 8:
                self._promote()
            else:
                lst = self.coupons
                self.mode, self.lg_arr, self.coupons = DS_SET, 5, [0] * 32
                for x in lst:
                    self._set_update(x)
        return True

    @classmethod
    def from_bytes(cls, b, seed=DS_SEED):
        b = bytes(b)
        if len(b) < 8 or b[1] != 1 or b[2] != 7:
            raise FormatError("not an HLL image (length, serialization version or family)")
        if not 4 <= b[3] <= 21:
            raise FormatError("lgK %d is outside 4..21" % b[3])
        if b[5] & 0xC1 or b[7] & 0xF0 or b[7] & 3 == 3 or b[7] >> 2 == 3:
            raise FormatError("flags or mode byte")
        s = cls(b[3], b[7] >> 2, seed)
        compact, empty = bool(b[5] & 8), bool(b[5] & 4)
        s.ooo, s.full = bool(b[5] & 16), bool(b[5] & 32)
        mode = b[7] & 3
        if mode == 0:
            n = b[6]
            slots = 0 if (empty and len(b) == 8) else (n if compact else 8)
            if b[0] != 2 or b[4] != 3 or n >= 8 or empty != (n == 0) or len(b) != 8 + 4 * slots:
                raise FormatError("LIST preamble, count or length")
            words = struct.unpack_from("<%dI" % slots, b, 8)
            for i, c in enumerate(words):
                if i >= n:
                    if c:
                        raise FormatError("LIST slot past the count")
                elif not 1 <= c >> 26 <= 63 or c in s.coupons:
                    raise FormatError("LIST coupon %d" % i)
                else:
                    s.coupons.append(c)
            return s
        if mode == 1:
            if b[0] != 3 or empty or s.lgk < 8 or len(b) < 12:
                raise FormatError("SET preamble")
            n = struct.unpack_from("<I", b, 8)[0]
            if not 8 <= n <= 3 * (1 << (s.lgk - 3)) // 4:
                raise FormatError("SET count %d" % n)
            s.mode = DS_SET
            if compact:
                if len(b) != 12 + 4 * n:
                    raise FormatError("SET length")
                s.lg_arr, s.coupons = 5, [0] * 32
                for i, c in enumerate(struct.unpack_from("<%dI" % n, b, 12)):
                    if not 1 <= c >> 26 <= 63 or not s._set_update(c):
                        raise FormatError("SET coupon %d" % i)
                return s
            lg = b[4]
            if not 5 <= lg <= s.lgk - 3 or 4 * n > 3 << lg or len(b) != 12 + (4 << lg):
                raise FormatError("SET table size or length")
            s.lg_arr, s.coupons = lg, list(struct.unpack_from("<%dI" % (1 << lg), b, 12))
            for i, c in enumerate(s.coupons):
                if c and (not 1 <= c >> 26 <= 63 or _ds_find(s.coupons, lg, c) != i):
                    raise FormatError("SET slot %d" % i)
            if sum(1 for c in s.coupons if c) != n:
                raise FormatError("SET count is not the filled slots")
            return s
        k = 1 << s.lgk
        arr = k // 2 if s.tgt == 0 else k * 3 // 4 + 1 if s.tgt == 1 else k
        if b[0] != 10 or len(b) < 40 + arr:
            raise FormatError("HLL preamble or length")
        hip, kxq0, kxq1, at_min, aux_n = struct.unpack_from("<dddII", b, 8)
        cur_min, a = b[6], b[40:40 + arr]
        if s.tgt != 0 and (cur_min or aux_n):
            raise FormatError("cur_min or aux count for HLL_6/8")
        if s.tgt == 0:
            nib = [(a[i >> 1] >> (4 * (i & 1))) & 15 for i in range(k)]
            regs = [None if v == 15 else v + cur_min for v in nib]
            aux_slots = aux_n if compact else 1 << (b[4] or _DS_LG_AUX[s.lgk])
        elif s.tgt == 1:
            acc = int.from_bytes(a, "little")
            regs = [(acc >> (6 * i)) & 63 for i in range(k)]
            if acc >> (6 * k):
                raise FormatError("HLL_6 padding")
            aux_slots = 0
        else:
            regs, aux_slots = list(a), 0
        if len(b) != 40 + arr + 4 * aux_slots or any(r is not None and r > 63 for r in regs):
            raise FormatError("HLL length or register above 63")
        for j in range(aux_slots):
            p = struct.unpack_from("<I", b, 40 + arr + 4 * j)[0]
            if p == 0 and not compact:
                continue
            slot, v = p & _KEY26, p >> 26
            if slot >= k or regs[slot] is not None or v < cur_min + 15 or v > 63:
                raise FormatError("aux entry %d" % j)
            regs[slot] = v
        if None in regs or (s.tgt == 0 and nib.count(15) != aux_n):
            raise FormatError("aux count")
        if (s.tgt == 0 and min(regs) != cur_min) or regs.count(cur_min) != at_min:
            raise FormatError("cur_min or its count")
        if empty != (max(regs) == 0):
            raise FormatError("empty flag")
        s.mode, s.regs = DS_HLL, regs
        s.hip, s.kxq0, s.kxq1 = (0.0 if s.ooo else hip), kxq0, kxq1
        return s

    def to_bytes(self):
        """The compact image, as datasketches-cpp's serialize_compact writes it."""
        empty = (self.mode == DS_LIST and not self.coupons) or (self.mode == DS_HLL and max(self.regs) == 0)
        flags = (4 if empty else 0) | 8 | (16 if self.ooo else 0) | (32 if self.full else 0)
        mode = {DS_LIST: 0, DS_SET: 1, DS_HLL: 2}[self.mode]
        if self.mode == DS_LIST:
            return bytes([2, 1, 7, self.lgk, 3, flags, len(self.coupons), self.tgt << 2 | mode]) + \
                struct.pack("<%dI" % len(self.coupons), *self.coupons)
        if self.mode == DS_SET:
            cs = [c for c in self.coupons if c]
            return bytes([3, 1, 7, self.lgk, self.lg_arr, flags, 0, self.tgt << 2 | mode]) + \
                struct.pack("<I%dI" % len(cs), len(cs), *cs)
        k = 1 << self.lgk
        cur_min = min(self.regs) if self.tgt == 0 else 0
        aux, lg = [], 0
        if self.tgt == 2:
            a = bytes(self.regs)
        elif self.tgt == 1:
            acc = 0
            for i, r in enumerate(self.regs):
                acc |= r << (6 * i)
            a = acc.to_bytes(k * 3 // 4 + 1, "little")
        else:
            arr = bytearray(k // 2)
            for i, r in enumerate(self.regs):
                v = r - cur_min
                if v >= 15:
                    v = 15
                    aux.append(r << 26 | i)
                arr[i >> 1] |= v << (4 * (i & 1))
            a = bytes(arr)
            if aux:
                lg = _ds_lg_arr(len(aux), _DS_LG_AUX[self.lgk])
                table = [0] * (1 << lg)
                for e in aux:
                    slot, mask, probe = e & _KEY26, (1 << lg) - 1, (e & _KEY26) & ((1 << lg) - 1)
                    while table[probe]:
                        probe = (probe + ((slot >> lg) | 1)) & mask
                    table[probe] = e
                aux = [e for e in table if e]
        head = bytes([10, 1, 7, self.lgk, lg, flags, cur_min, self.tgt << 2 | mode])
        return head + struct.pack("<dddII", self.hip, self.kxq0, self.kxq1, self.regs.count(cur_min), len(aux)) + \
            a + struct.pack("<%dI" % len(aux), *aux)

    def to_hll_value(self):
        """The hll value hll_import makes of its compact image (doc/FORMAT.md 3.17)."""
        flags = (1 if self.ooo else 0) | (2 if self.full else 0)
        lg, extra = (self.lg_arr if self.mode == DS_SET else 0), b""
        if self.mode == DS_HLL and self.tgt == 0:
            # HLL_4: cur_min, its count, and the exception table as a reader builds it
            # from the image: its entries inserted in image order into a table sized
            # for their count (growing past 3/4 full, as AuxHashMap does).
            img = self.to_bytes()
            arr = 40 + (1 << self.lgk) // 2
            n = struct.unpack_from("<I", img, 36)[0]
            entries = struct.unpack_from("<%dI" % n, img, arr)
            table = []
            if n:
                lg = _ds_lg_arr(n, _DS_LG_AUX[self.lgk])
                table = [0] * (1 << lg)
                for e in entries:
                    if 4 * (sum(1 for x in table if x) + 1) > 3 * len(table):
                        raise FormatError("exception table over 3/4 full")
                    slot, mask = e & _KEY26, (1 << lg) - 1
                    probe = slot & mask
                    while table[probe]:
                        probe = (probe + ((slot >> lg) | 1)) & mask
                    table[probe] = e
            extra = img[6:7] + bytes(3) + img[32:36] + struct.pack("<%dI" % len(table), *table)
        head = bytes([HLL_TAG, 1, DS_HASH_ID, self.mode, self.lgk, self.tgt, flags, lg]) + struct.pack("<Q", self.seed)
        if self.mode == DS_HLL:
            return head + struct.pack("<ddd", self.hip, self.kxq0, self.kxq1) + bytes(self.regs) + extra
        return head + struct.pack("<%dI" % len(self.coupons), *self.coupons)
