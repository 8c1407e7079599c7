"""The count-min sketch format (doc/FORMAT.md section 7), written from the specification.

Hashing is probabilistic_format's (section 2): the canonical 64-bit hash of a
value with the sketch's seed.

    >>> s = CountMin.empty(0.01, 0.01)
    >>> s.add(42); s.add(42, weight=5); s.add(7)
    >>> s.count(42), s.count(7), s.count(43), s.total, s.kind
    (6, 1, 0, 7, 20)
    >>> s.count(42.0), s.count(decimal.Decimal("42.000"))   # = converts them (section 2.5)
    (6, 6)
    >>> CountMin.from_bytes(s.to_bytes()) == s
    True
"""

import decimal  # noqa: F401 (the doctest)
import math
import struct

from . import probabilistic_format as pf

TYPE_TAG = 0x4D
RULE_CONSERVATIVE = 1
HEADER_SIZE = 48
MAX_DEPTH = 32
MAX_TOTAL = (1 << 63) - 1
E = float.fromhex("0x1.5bf0a8b145769p+1")
# EXPM[k]: the binary64 nearest e^-k (section 7.1), as the specification lists them.
EXPM = [float.fromhex(h) for h in (
    "0x1.0000000000000p+0", "0x1.78b56362cef38p-2", "0x1.152aaa3bf81ccp-3", "0x1.97db0ccceb0afp-5",
    "0x1.2c155b8213cf4p-6", "0x1.b993fe00d5376p-8", "0x1.44e51f113d4d6p-9", "0x1.de16b9c24a98fp-11",
    "0x1.5fc21041027adp-12", "0x1.02cf22526545ap-13", "0x1.7cd79b5647c9bp-15", "0x1.18354238f6764p-16",
    "0x1.9c54c3b43bc8bp-18", "0x1.2f6053b981d98p-19", "0x1.be6c6fdb01612p-21", "0x1.4875ca227ec38p-22",
    "0x1.e355bbaee85cbp-24", "0x1.639e3175a689dp-25", "0x1.05a628c699fa1p-26", "0x1.81056ff2c5772p-28",
    "0x1.1b48655f37267p-29", "0x1.a0db0d0ddb3ecp-31", "0x1.32b48bf117da2p-32", "0x1.c3527e433fab1p-34",
    "0x1.4c1078fe9228ap-35", "0x1.e8a37a45fc32ep-37", "0x1.67852a7007e42p-38", "0x1.0885298767e9ap-39",
    "0x1.853f01d6d53bap-41", "0x1.1e642baeb84a0p-42", "0x1.a56e0c2ac7f75p-44", "0x1.36121e24d3bbap-45",
    "0x1.c8464f7616468p-47")]
# The largest value a writer creates (section 4.4's MAXC).
MAX_CREATED_BYTES = 511 * 1024 * 1024
_U64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
# Bytes 6-7 of a format version 1 value.
VERSION_1_BYTES_6 = 0
_HEADER = struct.Struct("<BBBBBBHQddQQ")


class TotalError(ValueError):
    """An add or union that would take the total past 2^63 - 1; the sketch is unchanged."""


def width_for(epsilon):
    return math.ceil(E / epsilon)


def depth_for(delta):
    d = 1
    while d < MAX_DEPTH and not EXPM[d] <= delta:
        d += 1
    return d


def check_parameters(epsilon, delta):
    if not 0.0 < epsilon < 1.0:
        raise pf.ParameterError("epsilon %r is outside (0, 1)" % epsilon)
    if not 0.0 < delta < 1.0 or not delta >= EXPM[MAX_DEPTH]:
        raise pf.ParameterError("delta %r is outside [e^-32, 1)" % delta)
    if HEADER_SIZE + 8 * width_for(epsilon) * depth_for(delta) > MAX_CREATED_BYTES:
        raise pf.ParameterError("a sketch at epsilon %r and delta %r would not fit in one value" % (epsilon, delta))


def index(h, row, width):
    return (pf.fmix64((h + (row + 1) * _GAMMA) & _U64) * width) >> 64


class CountMin:
    def __init__(self, epsilon, delta, seed=0, check=True):
        if check:
            check_parameters(epsilon, delta)
        self.epsilon = epsilon
        self.delta = delta
        self.seed = pf.to_unsigned(seed)
        self.width = width_for(epsilon)
        self.depth = depth_for(delta)
        self.cells = [0] * (self.width * self.depth)
        self.total = 0
        self.kind = pf.KIND_NONE

    @classmethod
    def empty(cls, epsilon=0.001, delta=0.01, seed=0):
        return cls(epsilon, delta, seed)

    def __eq__(self, other):
        return isinstance(other, CountMin) and self.to_bytes() == other.to_bytes()

    def copy(self):
        c = CountMin(self.epsilon, self.delta, self.seed, check=False)
        c.cells = list(self.cells)
        c.total = self.total
        c.kind = self.kind
        return c

    def _positions(self, h):
        return [r * self.width + index(h, r, self.width) for r in range(self.depth)]

    def add_hash(self, h, weight=1):
        """Conservative update (section 7.4): the value's cells rise to at least min + weight."""
        if weight < 0:
            raise pf.ParameterError("weight %r is negative" % weight)
        if weight == 0:
            return
        if self.total + weight > MAX_TOTAL:
            raise TotalError("countmin sketch total would pass %d" % MAX_TOTAL)
        at = self._positions(h)
        v = min(self.cells[p] for p in at) + weight
        for p in at:
            self.cells[p] = max(self.cells[p], v)
        self.total += weight

    def count_hash(self, h):
        return min(self.cells[p] for p in self._positions(h))

    def _hash(self, value, sql_type, adding=False):
        return pf.probe_hash(value, self.kind, self.seed, sql_type, adding)

    def add(self, value, sql_type=None, weight=1):
        """countmin_add: an empty sketch takes the value's kind (a weight of 0 changes nothing)."""
        if weight == 0:
            return
        h = self._hash(value, sql_type, adding=True)
        was_empty = self.total == 0
        self.add_hash(h, weight)
        if self.kind == pf.KIND_NONE and was_empty:
            self.kind = pf.value_kind(value, sql_type)

    @classmethod
    def agg(cls, values, epsilon=0.001, delta=0.01, sql_type=None, weights=None):
        """countmin_agg(x [, weight], epsilon, delta): every non-NULL value (with a non-NULL
        weight) added in order, seed 0."""
        c = cls(epsilon, delta)
        for i, v in enumerate(values):
            w = 1 if weights is None else weights[i]
            if v is not None and w is not None:
                c.add(v, sql_type, w)
        return c

    def count(self, value, sql_type=None):
        return self.count_hash(self._hash(value, sql_type))

    def union(self, other):
        """Cell-wise sum (section 7.6)."""
        if (self.seed, self.epsilon, self.delta) != (other.seed, other.epsilon, other.delta):
            raise pf.ParameterError("cannot combine countmin sketches with different parameters")
        if self.total + other.total > MAX_TOTAL:
            raise TotalError("countmin sketch total would pass %d" % MAX_TOTAL)
        out = self.copy()
        out.cells = [a + b for a, b in zip(self.cells, other.cells)]
        out.total = self.total + other.total
        out.kind = pf.union_kind(self.kind, self.total > 0, other.kind, other.total > 0)
        return out

    def info_numbers(self):
        """countmin_info's floating-point numbers (section 7.7)."""
        return {"epsilon": self.epsilon, "delta": self.delta, "error_bound": self.epsilon * float(self.total)}

    def to_bytes(self):
        version, kind_bytes = pf.kind_header(self.kind, VERSION_1_BYTES_6)
        header = _HEADER.pack(TYPE_TAG, version, pf.HASH_ID, RULE_CONSERVATIVE, self.depth, 0, kind_bytes,
                              self.seed, self.epsilon, self.delta, self.width, self.total)
        return header + struct.pack("<%dQ" % len(self.cells), *self.cells)

    def to_text(self):
        return "\\x" + self.to_bytes().hex()

    @classmethod
    def from_bytes(cls, data):
        """Validates every field (section 7.5) and returns the sketch; FormatError otherwise."""
        data = bytes(data)
        if len(data) < HEADER_SIZE:
            raise pf.FormatError("shorter than the header")
        (tag, version, hash_id, rule, depth, reserved, kind_bytes, seed, epsilon, delta, width,
         total) = _HEADER.unpack_from(data)
        if tag != TYPE_TAG:
            raise pf.FormatError("type tag")
        if version not in pf.FORMAT_VERSIONS:
            raise pf.FormatError("format version")
        if hash_id != pf.HASH_ID:
            raise pf.FormatError("hash id")
        if rule != RULE_CONSERVATIVE:
            raise pf.FormatError("update rule")
        if reserved != 0:
            raise pf.FormatError("reserved byte")
        kind = pf.read_kind(version, kind_bytes, VERSION_1_BYTES_6, "invalid countmin sketch")
        if not 0.0 < epsilon < 1.0:
            raise pf.FormatError("epsilon")
        if not (EXPM[MAX_DEPTH] <= delta < 1.0):
            raise pf.FormatError("delta")
        if depth != depth_for(delta):
            raise pf.FormatError("depth")
        if width != width_for(epsilon):
            raise pf.FormatError("width")
        if len(data) != HEADER_SIZE + 8 * width * depth:
            raise pf.FormatError("length")
        if total > MAX_TOTAL:
            raise pf.FormatError("total")
        c = cls(epsilon, delta, seed, check=False)
        c.cells = list(struct.unpack_from("<%dQ" % (width * depth), data, HEADER_SIZE))
        sums = [sum(c.cells[r * width:(r + 1) * width]) for r in range(depth)]
        if any(s > total for s in sums):
            raise pf.FormatError("a row sums to more than the total")
        if sum(sums) < total:
            raise pf.FormatError("the rows sum to less than the total")
        c.total = total
        c.kind = kind
        return c

    @classmethod
    def from_text(cls, text):
        if not text.startswith("\\x"):
            raise pf.FormatError("text form is \\x and hexadecimal digits")
        return cls.from_bytes(bytes.fromhex(text[2:]))
