"""The topk format (doc/FORMAT.md section 7), written from the specification.

Items are the values themselves (no hashing), so this needs only Python's
standard library.

    >>> t = Topk.agg([1, 1, 2, 3], size=2)
    >>> t.to_bytes().hex()
    '4b0202080000140002000000000000000400000000000000010000000000000001000000000000000100000000000000080000000100000000000000'
    >>> [(item, lower, upper) for item, estimate, lower, upper in t.items()]
    [(1, 1, 2)]
    >>> Topk.from_bytes(t.to_bytes()) == t
    True
"""

import struct
import uuid

TYPE_TAG = 0x4B
HASH_ID = 2
HEADER_SIZE = 40
ENTRY_HEADER_SIZE = 12
DEFAULT_SIZE = 1024
MAX_SIZE = 65536
MAX_ITEM_BYTES = 1024
MAX_TOTAL = (1 << 63) - 1

KIND_NONE, KIND_BIGINT, KIND_TEXT, KIND_BYTEA, KIND_UUID = 0, 20, 25, 17, 2950
KIND_MIXED = 0xFFFF
# The width of every item of a kind (0: any length).
WIDTH = {KIND_BIGINT: 8, KIND_TEXT: 0, KIND_BYTEA: 0, KIND_UUID: 16}

_HEADER = struct.Struct("<BBBBHHQQQII")
_ENTRY = struct.Struct("<QI")


class CorruptError(ValueError):
    """Bytes that are no valid topk value (the extension: SQLSTATE 22P03)."""


class RefusedError(ValueError):
    """A call the extension refuses (a negative weight, a long item, a total past 2^63 - 1, two kinds)."""


def kind_of(value):
    """The kind of a Python value: int (bigint), str (text), bytes (bytea), uuid.UUID."""
    if isinstance(value, bool):
        raise RefusedError("a topk holds bigint, text, bytea or uuid items")
    if isinstance(value, int):
        return KIND_BIGINT
    if isinstance(value, str):
        return KIND_TEXT
    if isinstance(value, (bytes, bytearray)):
        return KIND_BYTEA
    if isinstance(value, uuid.UUID):
        return KIND_UUID
    raise RefusedError("a topk holds bigint, text, bytea or uuid items, not %r" % type(value))


def item_bytes(value):
    """Section 7.2: an item's stored bytes."""
    k = kind_of(value)
    if k == KIND_BIGINT:
        return struct.pack("<q", value)
    if k == KIND_TEXT:
        return value.encode("utf-8")
    if k == KIND_UUID:
        return value.bytes
    return bytes(value)


def item_value(data, kind):
    """The value of stored item bytes of a kind."""
    if kind == KIND_BIGINT:
        return struct.unpack("<q", data)[0]
    if kind == KIND_TEXT:
        return data.decode("utf-8")
    if kind == KIND_UUID:
        return uuid.UUID(bytes=data)
    return data


def _purge(counters, k):
    """Section 7.4: subtracts the (k + 1)-th largest counter from all when there are more than
    k, dropping those left at 0 or below; returns the amount (0: nothing done)."""
    if len(counters) <= k:
        return 0
    m = sorted(counters.values(), reverse=True)[k]
    for item in list(counters):
        if counters[item] <= m:
            del counters[item]
        else:
            counters[item] -= m
    return m


class Topk:
    def __init__(self, size=DEFAULT_SIZE, total=0, offset=0, kind=KIND_NONE, width=0, counters=None):
        if not 1 <= size <= MAX_SIZE:
            raise RefusedError("topk size must be between 1 and %d, not %d" % (MAX_SIZE, size))
        self.size, self.total, self.offset, self.kind, self.width = size, total, offset, kind, width
        self.counters = dict(counters or {})  # item bytes -> count

    @classmethod
    def empty(cls, size=DEFAULT_SIZE):
        return cls(size)

    # ---- building (section 7.4) ----
    def _add_working(self, value, weight):
        if weight < 0:
            raise RefusedError("topk weight must not be negative")
        data = item_bytes(value)
        kind = kind_of(value)
        if len(data) > MAX_ITEM_BYTES:
            raise RefusedError("topk item of %d bytes is longer than the limit" % len(data))
        if weight == 0:
            return
        if self.total and kind != self.kind:
            raise RefusedError("topk items of another type")
        if self.total + weight > MAX_TOTAL:
            raise RefusedError("topk total weight would pass 2^63 - 1")
        if not self.total:
            self.kind, self.width = kind, WIDTH[kind]
        self.total += weight
        if data in self.counters:
            self.counters[data] += weight
            return
        self.counters[data] = weight
        if len(self.counters) == 2 * self.size + 1:
            self.offset += _purge(self.counters, self.size)

    def _finish(self):
        self.offset += _purge(self.counters, self.size)
        return self

    @classmethod
    def agg(cls, values, size=DEFAULT_SIZE, weights=None):
        """topk_agg(x [, weight], size) over the values in order (None values, None weights skipped)."""
        t = cls(size)
        for i, v in enumerate(values):
            w = 1 if weights is None else weights[i]
            if v is None or w is None:
                continue
            t._add_working(v, w)
        return t._finish()

    def add_all(self, values, weights=None):
        """Continues this value as an aggregate state with more rows, then finishes."""
        t = Topk(self.size, self.total, self.offset, self.kind, self.width, self.counters)
        for i, v in enumerate(values):
            w = 1 if weights is None else weights[i]
            if v is not None and w is not None:
                t._add_working(v, w)
        return t._finish()

    # ---- union (section 7.5) ----
    def union(self, other):
        if self.total and other.total and (self.kind, self.width) != (other.kind, other.width):
            raise RefusedError("cannot combine topk sketches of items of different types")
        if self.total + other.total > MAX_TOTAL:
            raise RefusedError("topk total weight would pass 2^63 - 1")
        counters = dict(self.counters)
        for item, c in other.counters.items():
            counters[item] = counters.get(item, 0) + c
        k = min(self.size, other.size)
        side = self if self.total else other
        t = Topk(k, self.total + other.total, self.offset + other.offset, side.kind, side.width, counters)
        return t._finish()

    # ---- reading ----
    def entries(self):
        """(count, item bytes) in the stored order: count descending, then bytes ascending."""
        return sorted(((c, i) for i, c in self.counters.items()), key=lambda e: (-e[0], e[1]))

    def items(self, n=None):
        """(value, estimate, lower, upper) as topk_items gives them."""
        out = [(item_value(i, self.kind), c + self.offset, c, c + self.offset) for c, i in self.entries()]
        return out if n is None else out[:n]

    @property
    def threshold(self):
        return self.total // (self.size + 1)

    def __eq__(self, other):
        return isinstance(other, Topk) and self.to_bytes() == other.to_bytes()

    # ---- bytes (section 7.2) ----
    def to_bytes(self):
        empty = self.total == 0
        version = 1 if empty else 2
        out = [_HEADER.pack(TYPE_TAG, version, HASH_ID, 0 if empty else self.width, 0,
                            0 if empty else self.kind, self.size, self.total, self.offset, len(self.counters), 0)]
        for c, i in self.entries():
            out.append(_ENTRY.pack(c, len(i)) + i)
        return b"".join(out)

    @classmethod
    def from_bytes(cls, data):
        """Section 7.3: every check, in order; CorruptError names the field."""
        data = bytes(data)
        if len(data) < HEADER_SIZE:
            raise CorruptError("it is %d bytes long, shorter than the 40-byte header" % len(data))
        tag, version, hash_id, width, res16, kind, size, total, offset, n, res32 = _HEADER.unpack_from(data)
        if tag != TYPE_TAG:
            raise CorruptError("type tag")
        if version not in (1, 2):
            raise CorruptError("format version")
        if hash_id != HASH_ID:
            raise CorruptError("hash id")
        if version == 1 and kind != 0:
            raise CorruptError("bytes 6-7 of a format version 1 value")
        if version == 2 and kind == 0:
            raise CorruptError("kind")
        if not 1 <= size <= MAX_SIZE:
            raise CorruptError("size")
        if n > size:
            raise CorruptError("item count")
        if total > MAX_TOTAL:
            raise CorruptError("total weight")
        if res16 or res32:
            raise CorruptError("reserved bytes")
        if version == 1 and (total or width or offset):
            raise CorruptError("total, width or offset of an empty sketch")
        if version == 2 and (total == 0 or kind == KIND_MIXED):
            raise CorruptError("total weight or kind")
        at, entries = HEADER_SIZE, []
        for e in range(n):
            if len(data) - at < ENTRY_HEADER_SIZE:
                raise CorruptError("entry %d past the end" % e)
            c, length = _ENTRY.unpack_from(data, at)
            if length > MAX_ITEM_BYTES:
                raise CorruptError("entry %d length" % e)
            if len(data) - at - ENTRY_HEADER_SIZE < length:
                raise CorruptError("entry %d runs past the end" % e)
            entries.append((c, data[at + ENTRY_HEADER_SIZE:at + ENTRY_HEADER_SIZE + length]))
            at += ENTRY_HEADER_SIZE + length
        if at != len(data):
            raise CorruptError("length: entries end at byte %d" % at)
        for e, (c, item) in enumerate(entries):
            if not 1 <= c <= total:
                raise CorruptError("entry %d count" % e)
            if width and len(item) != width:
                raise CorruptError("entry %d length is not the item width" % e)
            if e and not (-entries[e - 1][0], entries[e - 1][1]) < (-c, item):
                raise CorruptError("entry %d out of order" % e)
        if len({item for _, item in entries}) != len(entries):
            raise CorruptError("the same item in two entries")
        if sum(c for c, _ in entries) + (size + 1) * offset > total:
            raise CorruptError("counts and offset exceed the total weight")
        return cls(size, total, offset, kind if version == 2 else KIND_NONE, width, {i: c for c, i in entries})


if __name__ == "__main__":
    import doctest
    doctest.testmod()
