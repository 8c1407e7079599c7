"""The cuckoo filter format (doc/FORMAT.md section 5), written from the specification.

Hashing is probabilistic_format's (section 2): the canonical 64-bit hash of a
value with the filter's seed.

    >>> c = Cuckoo.empty(100, 0.01)
    >>> c.add(42); c.add(42); c.add(7)
    >>> c.contains(42), c.count(42), c.items, c.contains(43), c.kind
    (True, 2, 3, False, 20)
    >>> c.count(42.0), c.count(decimal.Decimal("42.000"))   # = converts them (section 2.5)
    (2, 2)
    >>> _ = c.remove(42); c.count(42)
    1
    >>> Cuckoo.from_bytes(c.to_bytes()) == c
    True
"""

import decimal  # noqa: F401 (the doctest)
import math
import struct

from . import probabilistic_format as pf

TYPE_TAG = 0x43
LAYOUT_SINGLE = 1
# Bytes 6-7 of a format version 1 value: the sub-filter count of the one-table layout.
VERSION_1_SUBFILTERS = 1
BUCKET_SIZE = 4
HEADER_SIZE = 48
MIN_FINGERPRINT_BITS = 4
MAX_FINGERPRINT_BITS = 32
MAX_CAPACITY = 1 << 62
MAX_KICKS = 500
MAX_VALUE_BYTES = 0x3FFFFFFF - 4
_U64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_HEADER = struct.Struct("<BBBBBBHQQdQQ")


class FullError(ValueError):
    """No place for another fingerprint after MAX_KICKS moves; the filter is unchanged."""


def fingerprint_bits_for(fpr):
    f = MIN_FINGERPRINT_BITS
    while f < MAX_FINGERPRINT_BITS and not math.ldexp(fpr, f) >= 8.0:
        f += 1
    return f


def slack_for(capacity):
    r = math.isqrt(capacity)
    if r * r < capacity:
        r += 1
    return 2 * r + 4


def bucket_count_for(capacity):
    return -(-(capacity + slack_for(capacity)) * 20 // (19 * BUCKET_SIZE))


def table_bytes(bucket_count, f):
    return (bucket_count * BUCKET_SIZE * f + 7) // 8


def check_parameters(capacity, fpr):
    if not 1 <= capacity <= MAX_CAPACITY:
        raise pf.ParameterError("capacity %r is outside 1..2^62" % capacity)
    if not (0.0 < fpr < 1.0) or not math.ldexp(fpr, MAX_FINGERPRINT_BITS) >= 8.0:
        raise pf.ParameterError("false positive rate %r is outside [8/2^32, 1)" % fpr)


def fingerprint(h, f):
    return 1 + (((h & 0xFFFFFFFF) * ((1 << f) - 1)) >> 32)


def first_bucket(h, bucket_count):
    return (h * bucket_count) >> 64


def alternate_bucket(i, fp, bucket_count):
    g = (pf.fmix64(fp) * bucket_count) >> 64
    return g - i if g >= i else g + bucket_count - i


class _Kicks:
    def __init__(self, seed):
        self.state = seed & _U64

    def next(self):
        self.state = (self.state + _GAMMA) & _U64
        return pf.fmix64(self.state)


class Cuckoo:
    def __init__(self, capacity, fpr, seed=0):
        check_parameters(capacity, fpr)
        self.capacity = capacity
        self.fpr = fpr
        self.seed = pf.to_unsigned(seed)
        self.f = fingerprint_bits_for(fpr)
        self.bucket_count = bucket_count_for(capacity)
        self.entries = [0] * (self.bucket_count * BUCKET_SIZE)
        self.items = 0
        self.kind = pf.KIND_NONE

    @classmethod
    def empty(cls, capacity, fpr=0.01, seed=0):
        return cls(capacity, fpr, seed)

    def __eq__(self, other):
        return isinstance(other, Cuckoo) and self.to_bytes() == other.to_bytes()

    def copy(self):
        c = Cuckoo(self.capacity, self.fpr, self.seed)
        c.entries = list(self.entries)
        c.items = self.items
        c.kind = self.kind
        return c

    def without_kind(self):
        """The same filter recording no kind: the version 1 bytes 0.4.0 wrote for it."""
        c = self.copy()
        c.kind = pf.KIND_NONE
        return c

    def _find(self, bucket, fp):
        base = bucket * BUCKET_SIZE
        for s in range(BUCKET_SIZE):
            if self.entries[base + s] == fp:
                return s
        return -1

    def _insert(self, i1, fp, kick_seed):
        """Puts fp in bucket i1 or its alternate, kicking; on failure undoes every move."""
        B = self.bucket_count
        e = self.entries
        for b in (i1, alternate_bucket(i1, fp, B)):
            s = self._find(b, 0)
            if s >= 0:
                e[b * BUCKET_SIZE + s] = fp
                return True
        rng = _Kicks(kick_seed)
        bucket = alternate_bucket(i1, fp, B) if rng.next() & 1 else i1
        carried = fp
        log = []
        for _ in range(MAX_KICKS):
            slot = rng.next() & (BUCKET_SIZE - 1)
            at = bucket * BUCKET_SIZE + slot
            old = e[at]
            e[at] = carried
            log.append((at, old))
            carried = old
            bucket = alternate_bucket(bucket, carried, B)
            s = self._find(bucket, 0)
            if s >= 0:
                e[bucket * BUCKET_SIZE + s] = carried
                return True
        for at, old in reversed(log):
            e[at] = old
        return False

    def add_hash(self, h):
        if not self._insert(first_bucket(h, self.bucket_count), fingerprint(h, self.f), h ^ self.items):
            raise FullError("cuckoo filter is full (capacity %d)" % self.capacity)
        self.items += 1

    def remove_hash(self, h):
        """Removes one copy; removing the last item leaves a filter that records no kind."""
        fp = fingerprint(h, self.f)
        i1 = first_bucket(h, self.bucket_count)
        for b in (i1, alternate_bucket(i1, fp, self.bucket_count)):
            s = self._find(b, fp)
            if s >= 0:
                self.entries[b * BUCKET_SIZE + s] = 0
                self.items -= 1
                if self.items == 0:
                    self.kind = pf.KIND_NONE
                return True
        return False

    def count_hash(self, h):
        fp = fingerprint(h, self.f)
        i1 = first_bucket(h, self.bucket_count)
        i2 = alternate_bucket(i1, fp, self.bucket_count)
        n = sum(1 for s in range(BUCKET_SIZE) if self.entries[i1 * BUCKET_SIZE + s] == fp)
        if i2 != i1:
            n += sum(1 for s in range(BUCKET_SIZE) if self.entries[i2 * BUCKET_SIZE + s] == fp)
        return n

    def _hash(self, value, sql_type, adding=False):
        """The value's hash against this filter's kind (section 2.5): converted as = converts
        it, or refused (pf.ComparisonError)."""
        return pf.probe_hash(value, self.kind, self.seed, sql_type, adding)

    def add(self, value, sql_type=None):
        """cuckoo_add: an empty filter without a kind takes the value's."""
        h = self._hash(value, sql_type, adding=True)
        was_empty = self.items == 0
        self.add_hash(h)
        if self.kind == pf.KIND_NONE and was_empty:
            self.kind = pf.value_kind(value, sql_type)

    @classmethod
    def agg(cls, values, capacity, fpr=0.01, sql_type=None, sql_types=None):
        """cuckoo_agg(x, capacity, fpr): every non-NULL value added in order, seed 0, with their
        kind; sql_types, if given, is each value's SQL type."""
        c = cls(capacity, fpr)
        for i, v in enumerate(values):
            if v is not None:
                c.add(v, sql_types[i] if sql_types is not None else sql_type)
        return c

    def remove(self, value, sql_type=None):
        return self.remove_hash(self._hash(value, sql_type))

    def count(self, value, sql_type=None):
        return self.count_hash(self._hash(value, sql_type))

    def contains(self, value, sql_type=None):
        return self.count(value, sql_type) > 0

    def union(self, other):
        """Multiset union: other's entries, bucket by bucket, inserted into a copy of self;
        kinds joined as section 2.5 says."""
        if (self.seed, self.capacity, self.fpr) != (other.seed, other.capacity, other.fpr):
            raise pf.ParameterError("cannot combine cuckoo filters with different parameters")
        out = self.copy()
        out.kind = pf.union_kind(self.kind, self.items > 0, other.kind, other.items > 0)
        slots = self.bucket_count * BUCKET_SIZE
        for i in range(other.bucket_count):
            for s in range(BUCKET_SIZE):
                fp = other.entries[i * BUCKET_SIZE + s]
                if fp == 0:
                    continue
                seed = pf.fmix64((i * _GAMMA + fp) & _U64) ^ out.items
                if out.items >= slots or not out._insert(i, fp, seed):
                    raise FullError("cuckoo filter is full (capacity %d)" % self.capacity)
                out.items += 1
        return out

    def info_numbers(self):
        """cuckoo_info's floating-point numbers (section 5.8), in the core's order of operations;
        pf.info_number_text prints each as the server does."""
        slots = float(self.bucket_count) * BUCKET_SIZE
        load = float(self.items) / slots
        per_entry = 1.0 / float((1 << self.f) - 1)
        return {"fpr": self.fpr, "load": load,
                "estimated_fpr": -math.expm1(2.0 * BUCKET_SIZE * load * math.log1p(-per_entry)),
                "bits_per_item": slots * self.f / float(self.capacity)}

    def to_bytes(self):
        version, kind_bytes = pf.kind_header(self.kind, VERSION_1_SUBFILTERS)
        header = _HEADER.pack(TYPE_TAG, version, pf.HASH_ID, LAYOUT_SINGLE, self.f, BUCKET_SIZE, kind_bytes,
                              self.seed, self.capacity, self.fpr, self.bucket_count, self.items)
        packed = 0
        for n, fp in enumerate(self.entries):
            packed |= fp << (n * self.f)
        return header + packed.to_bytes(table_bytes(self.bucket_count, self.f), "little")

    def to_text(self):
        return "\\x" + self.to_bytes().hex()

    @classmethod
    def from_bytes(cls, data):
        """Validates every field (section 5.4) and returns the filter; FormatError otherwise."""
        data = bytes(data)
        if len(data) < HEADER_SIZE:
            raise pf.FormatError("shorter than the header")
        (tag, version, hash_id, layout, f, bucket_size, kind_bytes, seed, capacity, fpr, buckets,
         items) = _HEADER.unpack_from(data)
        if tag != TYPE_TAG:
            raise pf.FormatError("type tag")
        if version not in pf.FORMAT_VERSIONS:
            raise pf.FormatError("format version")
        if hash_id != pf.HASH_ID:
            raise pf.FormatError("hash id")
        if layout != LAYOUT_SINGLE:
            raise pf.FormatError("layout")
        if bucket_size != BUCKET_SIZE:
            raise pf.FormatError("bucket size")
        kind = pf.read_kind(version, kind_bytes, VERSION_1_SUBFILTERS, "invalid cuckoo filter")
        if not 1 <= capacity <= MAX_CAPACITY:
            raise pf.FormatError("capacity")
        if not (0.0 < fpr < 1.0) or not math.ldexp(fpr, MAX_FINGERPRINT_BITS) >= 8.0:
            raise pf.FormatError("false positive rate")
        if f != fingerprint_bits_for(fpr):
            raise pf.FormatError("fingerprint bits")
        if buckets != bucket_count_for(capacity):
            raise pf.FormatError("bucket count")
        if len(data) != HEADER_SIZE + table_bytes(buckets, f):
            raise pf.FormatError("length")
        if items > buckets * BUCKET_SIZE:
            raise pf.FormatError("items above entries")
        c = cls(capacity, fpr, seed)
        packed = int.from_bytes(data[HEADER_SIZE:], "little")
        n = buckets * BUCKET_SIZE
        if packed >> (n * f):
            raise pf.FormatError("pad bits")
        mask = (1 << f) - 1
        c.entries = [(packed >> (k * f)) & mask for k in range(n)]
        c.items = items
        c.kind = kind
        if sum(1 for fp in c.entries if fp) != items:
            raise pf.FormatError("items stored")
        if items == 0 and kind != pf.KIND_NONE:
            raise pf.FormatError("an empty filter records a kind: empty filters record none (section 2.5)")
        return c

    @classmethod
    def from_text(cls, text):
        if not text.startswith("\\x"):
            raise pf.FormatError("text form is \\x and hexadecimal digits")
        return cls.from_bytes(bytes.fromhex(text[2:]))
