"""An independent implementation of doc/FORMAT.md, the probabilistic value formats.

Written from the specification alone, so that comparing it with the extension
checks both the code and the document. Python 3 standard library plus xxhash
(Debian: python3-xxhash).

    >>> h = Hll.from_values([1, 2, 3])
    >>> h.to_text()
    '\\\\x480101010e1a0000000000000000000042c686200159bc2f0120924d'
    >>> h.cardinality()
    3
    >>> sketch_hash(42) == sketch_hash(42.0) == sketch_hash(decimal.Decimal("42.00"))
    True

Values map to SQL types as follows (sql_type overrides where a Python type is
ambiguous): int -> bigint (numeric beyond int64), bool -> boolean,
float -> double precision (sql_type="real" rounds to binary32 first),
decimal.Decimal -> numeric, str -> text (sql_type="bpchar" drops trailing
blanks), bytes/bytearray -> bytea, uuid.UUID -> uuid, datetime.date -> date,
naive datetime.datetime -> timestamp, aware datetime.datetime -> timestamptz.
For a type hashed by the fallback rule (section 2.1), pass its canonical bytes.
"""

import datetime
import decimal
import math
import struct
import uuid

import xxhash

# Section 2 and 3.1 constants.
HASH_ID = 1
FORMAT_VERSION = 1
TYPE_TAG = 0x48
REPR_SPARSE = 1
REPR_DENSE = 2
MIN_PRECISION = 4
MAX_PRECISION = 18
DEFAULT_PRECISION = 14
SPARSE_PRECISION = 26
HEADER_SIZE = 16
MAX_SPARSE_ENTRIES = 4096

# PostgreSQL's infinite dates and timestamps, which Python cannot represent: pass
# these integers with sql_type="date" or "timestamp" (section 2.1).
DATE_INFINITY = (1 << 31) - 1
DATE_MINUS_INFINITY = -(1 << 31)
TIMESTAMP_INFINITY = (1 << 63) - 1
TIMESTAMP_MINUS_INFINITY = -(1 << 63)

# The estimate's ceiling (section 3.10).
ESTIMATE_MAX = 2.0 ** 64

_INT64_MIN = -(1 << 63)
_INT64_MAX = (1 << 63) - 1
_U64 = (1 << 64) - 1
_NAN_BITS = 0x7FF8000000000000
_PG_EPOCH_DATE = datetime.date(2000, 1, 1)
_PG_EPOCH = datetime.datetime(2000, 1, 1)
_PG_EPOCH_UTC = datetime.datetime(2000, 1, 1, tzinfo=datetime.timezone.utc)


class FormatError(ValueError):
    """Bytes that do not form a valid value (the extension's SQLSTATE 22P03/22P02)."""


class ParameterError(ValueError):
    """An argument out of range, or sketches that cannot be combined (SQLSTATE 22023)."""


# ---------------------------------------------------------------- hashing (section 2)

def xxh3(data, seed=0):
    """XXH3_64bits_withSeed(data, len, seed) as an unsigned 64-bit int."""
    return xxhash.xxh3_64_intdigest(bytes(data), seed=seed & _U64)


def _int_bytes(v):
    return struct.pack("<q", v)


def _float_bytes(x):
    if math.isnan(x):
        return struct.pack("<Q", _NAN_BITS)
    if -9223372036854775808.0 <= x < 9223372036854775808.0 and x == math.trunc(x):
        return _int_bytes(int(x))
    return struct.pack("<d", x)


def _plain_decimal_text(d):
    """The normalised decimal text of a finite, non-integral or out-of-int64 Decimal."""
    sign, digits, exp = d.as_tuple()
    digits = list(digits)
    while exp < 0 and len(digits) > 1 and digits[-1] == 0:
        digits.pop()
        exp += 1
    text = "".join(map(str, digits))
    if exp >= 0:
        whole, frac = text + "0" * exp, ""
    else:
        n = -exp
        text = text.rjust(n + 1, "0")
        whole, frac = text[:-n], text[-n:].rstrip("0")
    whole = whole.lstrip("0") or "0"
    out = whole + ("." + frac if frac else "")
    return ("-" if sign and out != "0" else "") + out


def _numeric_bytes(d):
    if d.is_nan():
        if d.is_snan():
            raise ParameterError("numeric has no signalling NaN")
        return b"NaN"
    if d.is_infinite():
        return b"-Infinity" if d < 0 else b"Infinity"
    if d == d.to_integral_value():
        v = int(d)
        if _INT64_MIN <= v <= _INT64_MAX:
            return _int_bytes(v)
    return _plain_decimal_text(d).encode("ascii")


def _timestamp_micros(dt):
    if dt.tzinfo is not None and dt.utcoffset() is not None:
        delta = dt - _PG_EPOCH_UTC
    else:
        delta = dt - _PG_EPOCH
    return (delta.days * 86400 + delta.seconds) * 1000000 + delta.microseconds


_TYPE_ALIASES = {
    "int2": "bigint", "smallint": "bigint", "int4": "bigint", "integer": "bigint", "int": "bigint",
    "int8": "bigint", "bigint": "bigint",
    "float4": "real", "real": "real",
    "float8": "double precision", "double precision": "double precision",
    "numeric": "numeric", "decimal": "numeric",
    "text": "text", "varchar": "text", "character varying": "text",
    "bpchar": "bpchar", "char": "bpchar", "character": "bpchar",
    "bytea": "bytea", "uuid": "uuid", "date": "date",
    "timestamp": "timestamp", "timestamptz": "timestamp",
    "bool": "boolean", "boolean": "boolean",
}


def canonical_bytes(value, sql_type=None):
    """The bytes section 2.1 hashes for `value` (of SQL type sql_type, or inferred)."""
    kind = _TYPE_ALIASES.get(sql_type.lower()) if sql_type else None
    if sql_type and kind is None:
        raise ParameterError("no canonical encoding for SQL type %r: pass the fallback bytes" % sql_type)
    if kind == "real":
        return _float_bytes(struct.unpack("<f", struct.pack("<f", float(value)))[0])
    if kind == "double precision":
        return _float_bytes(float(value))
    if kind == "numeric":
        return _numeric_bytes(decimal.Decimal(value))
    if kind == "bpchar":
        data = value.encode("utf-8") if isinstance(value, str) else bytes(value)
        return data.rstrip(b" ")
    if isinstance(value, bool):
        return _int_bytes(1 if value else 0)
    if isinstance(value, int):
        if _INT64_MIN <= value <= _INT64_MAX:
            return _int_bytes(value)
        return _numeric_bytes(decimal.Decimal(value))
    if isinstance(value, float):
        return _float_bytes(value)
    if isinstance(value, decimal.Decimal):
        return _numeric_bytes(value)
    if isinstance(value, str):
        return value.encode("utf-8")
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    if isinstance(value, uuid.UUID):
        return value.bytes
    if isinstance(value, datetime.datetime):
        return _int_bytes(_timestamp_micros(value))
    if isinstance(value, datetime.date):
        return _int_bytes((value - _PG_EPOCH_DATE).days)
    raise ParameterError("no canonical encoding for %s: pass the fallback bytes" % type(value).__name__)


def hash64(value, seed=0, sql_type=None):
    """The canonical hash of a value as an unsigned 64-bit int."""
    return xxh3(canonical_bytes(value, sql_type), seed)


def to_signed(u):
    return u - (1 << 64) if u >= 1 << 63 else u


def to_unsigned(i):
    return i & _U64


def sketch_hash(value, seed=0, sql_type=None):
    """SQL sketch_hash(value, seed): the canonical hash as a signed bigint."""
    return to_signed(hash64(value, seed, sql_type))


# ---------------------------------------------------------------- hll (section 3)

def dense_payload_size(p):
    return 6 * (1 << p) // 8


def sparse_limit(p):
    return min(dense_payload_size(p) // 4, MAX_SPARSE_ENTRIES)


def max_rank(p):
    return 65 - p


def _clz64(w):
    return 64 - w.bit_length()


def dense_index_rank(h, p):
    w = (h << p) & _U64
    return h >> (64 - p), (max_rank(p) if w == 0 else _clz64(w) + 1)


def sparse_entry(h):
    index26, rank = dense_index_rank(h, SPARSE_PRECISION)
    return (index26 << 6) | rank


def entry_at(entry, p):
    """A sparse entry seen at precision p: (dense index, rank)."""
    index26, rank26 = entry >> 6, entry & 63
    d = SPARSE_PRECISION - p
    low = index26 & ((1 << d) - 1)
    return index26 >> d, (d - low.bit_length() + 1 if low else d + rank26)


def _check_precision(p):
    if not isinstance(p, int) or not MIN_PRECISION <= p <= MAX_PRECISION:
        raise ParameterError("hll precision must be between 4 and 18, not %r" % (p,))


def pack_registers(regs):
    out = bytearray(3 * (len(regs) // 4))
    for g in range(len(regs) // 4):
        w = regs[4 * g] | regs[4 * g + 1] << 6 | regs[4 * g + 2] << 12 | regs[4 * g + 3] << 18
        out[3 * g] = w & 0xFF
        out[3 * g + 1] = (w >> 8) & 0xFF
        out[3 * g + 2] = w >> 16
    return bytes(out)


def unpack_registers(payload):
    regs = bytearray(4 * (len(payload) // 3))
    for g in range(len(payload) // 3):
        w = payload[3 * g] | payload[3 * g + 1] << 8 | payload[3 * g + 2] << 16
        regs[4 * g] = w & 63
        regs[4 * g + 1] = (w >> 6) & 63
        regs[4 * g + 2] = (w >> 12) & 63
        regs[4 * g + 3] = w >> 18
    return regs


class Hll:
    """An hll value, always in its canonical representation (section 3.7).

    Exactly one of entries (dict index26 -> rank26, sparse) and registers
    (bytearray of 2^p ranks, dense) is set. Operations return new values.
    """

    __slots__ = ("precision", "seed", "entries", "registers")

    def __init__(self, precision, seed, entries=None, registers=None):
        self.precision = precision
        self.seed = seed & _U64
        self.entries = entries
        self.registers = registers

    # -- construction
    @classmethod
    def empty(cls, precision=DEFAULT_PRECISION, seed=0):
        _check_precision(precision)
        return cls(precision, seed, entries={})

    @classmethod
    def from_hashes(cls, hashes, precision=DEFAULT_PRECISION, seed=0):
        """A sketch of hashes (u64, or signed bigint as sketch_hash returns them)."""
        h = cls.empty(precision, seed)
        for x in hashes:
            h._add_hash(x & _U64)
        return h

    @classmethod
    def from_values(cls, values, precision=DEFAULT_PRECISION, seed=0, sql_type=None):
        """What hll_add_agg(x, precision) builds (seed 0), or repeated hll_add with a seed.
        None values are skipped, as SQL NULLs."""
        return cls.from_hashes((hash64(v, seed, sql_type) for v in values if v is not None),
                               precision, seed)

    def add(self, value, sql_type=None):
        out = self.copy()
        if value is not None:
            out._add_hash(hash64(value, self.seed, sql_type))
        return out

    def add_hash(self, h):
        out = self.copy()
        out._add_hash(h & _U64)
        return out

    def copy(self):
        return Hll(self.precision, self.seed,
                   dict(self.entries) if self.entries is not None else None,
                   bytearray(self.registers) if self.registers is not None else None)

    def _add_hash(self, h):
        p = self.precision
        if self.registers is not None:
            idx, rank = dense_index_rank(h, p)
            if self.registers[idx] < rank:
                self.registers[idx] = rank
            return
        e = sparse_entry(h)
        idx26, rank = e >> 6, e & 63
        old = self.entries.get(idx26)
        if old is not None:
            if rank > old:
                self.entries[idx26] = rank
            return
        if len(self.entries) + 1 > sparse_limit(p):
            self._densify()
            idx, rank = dense_index_rank(h, p)
            self.registers[idx] = max(self.registers[idx], rank)
            return
        self.entries[idx26] = rank

    def _densify(self):
        self.registers = _dense_registers(self, self.precision)
        self.entries = None

    # -- inspection
    @property
    def sparse(self):
        return self.entries is not None

    def sparse_entries(self):
        """The sorted u32 entries of a sparse value."""
        return [(i << 6) | r for i, r in sorted(self.entries.items())]

    def dense_registers(self, precision=None):
        """Registers at this precision (or folded to a lower one), one int per register."""
        return _dense_registers(self, self.precision if precision is None else precision)

    def __eq__(self, other):
        return isinstance(other, Hll) and self.to_bytes() == other.to_bytes()

    def __hash__(self):
        return hash(self.to_bytes())

    def __repr__(self):
        kind = "sparse %d entries" % len(self.entries) if self.sparse else "dense"
        return "<Hll p=%d seed=%d %s>" % (self.precision, to_signed(self.seed), kind)

    # -- bytes (sections 3.2 - 3.5, 3.11)
    def to_bytes(self):
        header = struct.pack("<BBBBBBHQ", TYPE_TAG, FORMAT_VERSION, HASH_ID,
                             REPR_SPARSE if self.sparse else REPR_DENSE,
                             self.precision, SPARSE_PRECISION, 0, self.seed)
        if self.sparse:
            return header + struct.pack("<%dI" % len(self.entries), *self.sparse_entries())
        return header + pack_registers(self.registers)

    def to_text(self):
        return "\\x" + self.to_bytes().hex()

    @classmethod
    def from_text(cls, text):
        if len(text) < 2 or text[:2] != "\\x":
            raise FormatError("an hll value is written as \\x followed by hexadecimal digits")
        digits = text[2:]
        if len(digits) % 2 or any(c not in "0123456789abcdefABCDEF" for c in digits):
            raise FormatError("invalid hexadecimal digits")
        return cls.from_bytes(bytes.fromhex(digits))

    @classmethod
    def from_bytes(cls, data):
        """Validates outside bytes field by field (section 3.5)."""
        data = bytes(data)
        if len(data) < HEADER_SIZE:
            raise FormatError("%d bytes is shorter than the 16-byte header" % len(data))
        tag, version, hash_id, repr_, p, sparse_p, reserved, seed = struct.unpack_from("<BBBBBBHQ", data)
        if tag != TYPE_TAG:
            raise FormatError("type tag is 0x%02x, expected 0x48" % tag)
        if version != FORMAT_VERSION:
            raise FormatError("format version %d is not supported" % version)
        if hash_id != HASH_ID:
            raise FormatError("unknown hash function id %d" % hash_id)
        if not MIN_PRECISION <= p <= MAX_PRECISION:
            raise FormatError("precision %d is outside 4..18" % p)
        if sparse_p != SPARSE_PRECISION:
            raise FormatError("sparse precision %d is not 26" % sparse_p)
        if reserved != 0:
            raise FormatError("reserved header bytes are not zero")
        payload = data[HEADER_SIZE:]
        if repr_ == REPR_DENSE:
            if len(payload) != dense_payload_size(p):
                raise FormatError("dense payload is %d bytes, precision %d needs %d"
                                  % (len(payload), p, dense_payload_size(p)))
            regs = unpack_registers(payload)
            for i, r in enumerate(regs):
                if r > max_rank(p):
                    raise FormatError("register %d holds %d, above the maximum %d" % (i, r, max_rank(p)))
            return cls(p, seed, registers=regs)
        if repr_ != REPR_SPARSE:
            raise FormatError("unknown representation %d" % repr_)
        if len(payload) % 4:
            raise FormatError("sparse payload is not a whole number of 4-byte entries")
        n = len(payload) // 4
        if n > sparse_limit(p):
            raise FormatError("%d sparse entries, more than the %d allowed at precision %d"
                              % (n, sparse_limit(p), p))
        entries = {}
        prev = -1
        for i, e in enumerate(struct.unpack("<%dI" % n, payload)):
            rank, idx26 = e & 63, e >> 6
            if not 1 <= rank <= max_rank(SPARSE_PRECISION):
                raise FormatError("sparse entry %d has rank %d, outside 1..39" % (i, rank))
            if idx26 <= prev:
                raise FormatError("sparse entry %d is out of order or repeats an index" % i)
            prev = idx26
            entries[idx26] = rank
        return cls(p, seed, entries=entries)

    # -- union and fold (sections 3.8, 3.9)
    def union(self, other):
        if self.seed != other.seed:
            raise ParameterError("cannot combine hll values built with different hash seeds")
        p = min(self.precision, other.precision)
        if self.sparse and other.sparse:
            merged = dict(self.entries)
            for i, r in other.entries.items():
                if merged.get(i, 0) < r:
                    merged[i] = r
            out = Hll(p, self.seed, entries=merged)
            if len(merged) > sparse_limit(p):
                out._densify()
            return out
        regs = _dense_registers(self, p)
        for i, r in enumerate(_dense_registers(other, p)):
            if regs[i] < r:
                regs[i] = r
        return Hll(p, self.seed, registers=regs)

    def fold(self, precision):
        _check_precision(precision)
        if precision > self.precision:
            raise ParameterError("cannot raise an hll's precision from %d to %d" % (self.precision, precision))
        if precision == self.precision:
            return self.copy()
        if self.sparse and len(self.entries) <= sparse_limit(precision):
            return Hll(precision, self.seed, entries=dict(self.entries))
        return Hll(precision, self.seed, registers=_dense_registers(self, precision))

    def contains(self, other):
        """hll @> hll: every register of other is <= this one's at the common precision."""
        if self.seed != other.seed:
            raise ParameterError("cannot combine hll values built with different hash seeds")
        p = min(self.precision, other.precision)
        return all(b <= a for a, b in zip(_dense_registers(self, p), _dense_registers(other, p)))

    # -- estimate (section 3.10)
    def histogram(self):
        """(c, q, m) as section 3.10 defines them."""
        if self.sparse:
            q = 64 - SPARSE_PRECISION
            c = [0] * (q + 2)
            c[0] = (1 << SPARSE_PRECISION) - len(self.entries)
            for r in self.entries.values():
                c[min(r, q + 1)] += 1
            return c, q, float(1 << SPARSE_PRECISION)
        q = 64 - self.precision
        c = [0] * (q + 2)
        for r in self.registers:
            c[min(r, q + 1)] += 1
        return c, q, float(1 << self.precision)

    def estimate(self):
        return ertl_estimate(*self.histogram())

    def cardinality(self):
        """hll_cardinality: the estimate rounded half away from zero (C llround),
        2^63 - 1 from an estimate of 2^63 up (only crafted hashes get there)."""
        estimate = self.estimate()
        return _INT64_MAX if estimate >= 2.0 ** 63 else llround(estimate)

    def info_estimate_text(self):
        """The estimate as hll_info shows it (printf "%.1f")."""
        return "%.1f" % self.estimate()


def _dense_registers(s, p):
    """Registers of sketch s (precision >= p) at precision p, as a bytearray."""
    regs = bytearray(1 << p)
    if s.sparse:
        for idx26, rank26 in s.entries.items():
            idx, rank = entry_at((idx26 << 6) | rank26, p)
            if regs[idx] < rank:
                regs[idx] = rank
        return regs
    d = s.precision - p
    if d == 0:
        regs[:] = s.registers
        return regs
    mask = (1 << d) - 1
    for i, r in enumerate(s.registers):
        if r == 0:
            continue
        low = i & mask
        rank = d - low.bit_length() + 1 if low else d + r
        if regs[i >> d] < rank:
            regs[i >> d] = rank
    return regs


def _sigma(x):
    if x == 1.0:
        return math.inf
    y = 1.0
    z = x
    while True:
        x = x * x
        prev = z
        z = z + x * y
        y = y + y
        if z == prev:
            return z


def _tau(x):
    if x == 0.0 or x == 1.0:
        return 0.0
    y = 1.0
    z = 1.0 - x
    while True:
        x = math.sqrt(x)
        prev = z
        y = y * 0.5
        z = z - ((1.0 - x) * (1.0 - x)) * y
        if z == prev:
            return z / 3.0


def ertl_estimate(c, q, m):
    """Ertl (2017) improved raw estimator from the histogram c[0..q+1] of m registers."""
    z = m * _tau(1.0 - float(c[q + 1]) / m)
    for k in range(q, 0, -1):
        z = 0.5 * (z + float(c[k]))
    z = z + m * _sigma(float(c[0]) / m)
    # Every register at the maximum makes z 0 and the quotient +infinity in IEEE
    # arithmetic; no set hashes to more than the 2^64 distinct hashes there are.
    if z == 0.0:
        return ESTIMATE_MAX
    return min((m * m) / ((2.0 * math.log(2.0)) * z), ESTIMATE_MAX)


def llround(x):
    """C llround: to the nearest integer, halves away from zero."""
    f = math.floor(abs(x))
    r = f + 1 if abs(x) - f >= 0.5 else f
    return int(-r if x < 0 else r)
