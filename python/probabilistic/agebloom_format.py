"""The agebloom format (doc/FORMAT.md section 11), written from the specification.

Hashing is probabilistic_format's (section 2): the canonical 64-bit hash of a
value with the filter's seed. Times are microseconds since 1970-01-01 UTC.

    >>> f = Agebloom.empty_count(100, 0.01, generations=4)
    >>> for i in range(300): f.add(i)
    >>> all(f.contains(i) for i in range(200, 300)), f.generation, f.kind
    (True, 11, 20)
    >>> Agebloom.from_bytes(f.to_bytes()) == f
    True
    >>> t = Agebloom.empty_time(3600 * 10**6, 1000, 0.01)
    >>> t.add("a", at=0); t.contains_at("a", 3599 * 10**6), t.contains_at("a", 10 * 3600 * 10**6)
    (True, False)
"""

import math
import struct

from . import probabilistic_format as pf

TYPE_TAG = 0x41
MODE_COUNT, MODE_TIME = 1, 2
HEADER_SIZE = 88
MAX_HASHES = 64
MAX_GENERATIONS = 1024
DEFAULT_GENERATIONS = 32
MAX_CAPACITY = 1 << 40
MAX_WINDOW_MICROS = 1 << 62
NO_GENERATION = -(1 << 63)
MIN_FPR = 1e-15
_U64 = (1 << 64) - 1
# tag, version, hash id, mode, k, reserved, kind bytes, seed, window, capacity, fpr, l,
# reserved, generation length, limit, slice bits, generation, items
_HEADER = struct.Struct("<BBBBBBHQQQdIIQQQqQ")
assert _HEADER.size == HEADER_SIZE


class GenerationFullError(ValueError):
    """SQLSTATE 54000: a time filter's generation already holds its limit; nothing changed."""


def run_probability(k, fills):
    """The chance that some k consecutive slices (fills[0] newest) all hold a bit, slices
    independent: the run-length recursion, in the core's order of operations."""
    state = [0.0] * k
    state[0] = 1.0
    hit = 0.0
    for p in fills:
        nxt = [0.0] * k
        for r in range(k):
            if state[r] == 0.0:
                continue
            nxt[0] += state[r] * (1.0 - p)
            if r + 1 == k:
                hit += state[r] * p
            else:
                nxt[r + 1] += state[r] * p
        state = nxt
    return hit


def rate_bound(k, generations, slice_bits, limit):
    log_keep = math.log1p(-1.0 / float(slice_bits))
    fills = [-math.expm1(float(min(i + 1, k)) * float(limit) * log_keep) for i in range(k + generations)]
    return run_probability(k, fills)


_designs = {}


def design(limit, generations, fpr):
    """(k, m) of section 11.2."""
    key = (limit, generations, fpr)
    if key in _designs:
        return _designs[key]
    best = None
    best_bits = 0
    for k in range(1, MAX_HASHES + 1):
        hi = 1
        while rate_bound(k, generations, hi * 64, limit) > fpr:
            if hi >= 1 << 36:
                break
            hi *= 2
        if rate_bound(k, generations, hi * 64, limit) > fpr:
            continue
        lo = hi // 2
        while hi - lo > 1:
            mid = lo + (hi - lo) // 2
            if rate_bound(k, generations, mid * 64, limit) <= fpr:
                hi = mid
            else:
                lo = mid
        bits = (k + generations) * hi * 64
        if best is None or bits < best_bits:
            best, best_bits = (k, hi * 64), bits
        elif k >= best[0] + 2:
            break
    if best is None:
        best = (MAX_HASHES, 1 << 42)
    _designs[key] = best
    return best


def _ceil_div(a, b):
    return -(-a // b)


def generation_of(micros, length):
    return micros // length  # floor division, as section 11.1 says


def _position(h, p, m):
    """Bit of physical slot p: bloom's position p over m bits (section 4.5)."""
    x = (h + p * pf.bloom_h2(h) + ((p * p * p - p) // 6) * pf.bloom_h3(h)) & _U64
    return (x * m) >> 64


class Agebloom:
    def __init__(self, mode, window, capacity, fpr, generations=0, seed=0):
        if mode not in (MODE_COUNT, MODE_TIME):
            raise pf.ParameterError("mode")
        if window <= 0 or (mode == MODE_COUNT and window > MAX_CAPACITY) or window > MAX_WINDOW_MICROS:
            raise pf.ParameterError("window")
        if not 1 <= capacity <= MAX_CAPACITY or (mode == MODE_COUNT and capacity != window):
            raise pf.ParameterError("capacity")
        if not (0.0 < fpr < 1.0) or fpr < MIN_FPR:
            raise pf.ParameterError("false positive rate")
        if not 0 <= generations <= MAX_GENERATIONS:
            raise pf.ParameterError("generations")
        l = generations or DEFAULT_GENERATIONS
        if mode == MODE_TIME and window < l:
            raise pf.ParameterError("window shorter than its generations")
        self.mode, self.window, self.capacity, self.fpr, self.l = mode, window, capacity, fpr, l
        self.seed = pf.to_unsigned(seed)
        self.limit = _ceil_div(capacity, l)
        self.length = self.limit if mode == MODE_COUNT else _ceil_div(window, l)
        self.k, self.m = design(self.limit, l, fpr)
        self.S = self.k + l
        self.counts = [0] * self.S
        self.slices = [0] * self.S  # each slice's bits as an int, bit j = position j
        self.generation = 0 if mode == MODE_COUNT else NO_GENERATION
        self.items = 0
        self.kind = pf.KIND_NONE

    @classmethod
    def empty_count(cls, window, fpr=0.01, generations=0, seed=0):
        return cls(MODE_COUNT, window, window, fpr, generations, seed)

    @classmethod
    def empty_time(cls, window_us, capacity, fpr=0.01, generations=0, seed=0):
        return cls(MODE_TIME, window_us, capacity, fpr, generations, seed)

    def __eq__(self, other):
        return isinstance(other, Agebloom) and self.to_bytes() == other.to_bytes()

    def copy(self):
        return Agebloom.from_bytes(self.to_bytes())

    def _slot(self, g):
        return g % self.S  # Python's % is floor modulo, of the exact difference (section 11.1)

    def _shift(self, to):
        steps = self.S if self.generation == NO_GENERATION else min(to - self.generation, self.S)
        for i in range(1, steps + 1):
            p = self._slot(to - (steps - i))
            self.counts[p] = 0
            self.slices[p] = 0
        self.generation = to

    def add_hash(self, h, at=0):
        """Section 11.3; returns False when a time add changed nothing (its slots were reused)."""
        now = self.generation
        if self.mode == MODE_COUNT:
            target = now + 1 if self.counts[self._slot(now)] >= self.limit else now
        else:
            target = generation_of(at, self.length)
            if target == NO_GENERATION:
                raise pf.ParameterError("a time whose generation is the mark of no add (section 11.1)")
            if now != NO_GENERATION and target <= now:
                if now - target >= self.S:
                    return False
                if self.counts[self._slot(target)] >= self.limit:
                    raise GenerationFullError("agebloom generation is full")
        if now == NO_GENERATION or target > now:
            self._shift(target)
        back = self.generation - target
        for i in range(back, min(back + self.k, self.S)):
            p = self._slot(self.generation - i)
            self.slices[p] |= 1 << _position(h, p, self.m)
        self.counts[self._slot(target)] += 1
        self.items += 1
        return True

    def _run_found(self, h, end):
        hit = lambda i: (self.slices[self._slot(self.generation - i)] >> _position(  # noqa: E731
            h, self._slot(self.generation - i), self.m)) & 1
        for start in range(0, end - self.k + 1):
            if all(hit(i) for i in range(start, start + self.k)):
                return True
        return False

    def contains_hash(self, h):
        if self.generation == NO_GENERATION:
            return False
        return self._run_found(h, self.S)

    def contains_hash_at(self, h, at):
        if self.mode != MODE_TIME:
            raise pf.ParameterError("a count window has no time to ask at")
        if self.generation == NO_GENERATION:
            return False
        a = generation_of(at, self.length)
        if a < self.generation:
            raise pf.ParameterError("a time before the newest generation")
        ahead = a - self.generation
        return ahead < self.S and self._run_found(h, self.S - ahead)

    def _hash(self, value, sql_type, adding=False):
        return pf.probe_hash(value, self.kind, self.seed, sql_type, adding)

    def add(self, value, sql_type=None, at=0):
        h = self._hash(value, sql_type, adding=True)
        was_empty = self.items == 0
        if self.add_hash(h, at) and self.kind == pf.KIND_NONE and was_empty:
            self.kind = pf.value_kind(value, sql_type)

    def contains(self, value, sql_type=None):
        return self.contains_hash(self._hash(value, sql_type))

    def contains_at(self, value, at, sql_type=None):
        return self.contains_hash_at(self._hash(value, sql_type), at)

    def union(self, other):
        if self.mode == MODE_COUNT or other.mode == MODE_COUNT:
            raise pf.ParameterError("cannot combine agebloom filters of count windows")
        if (self.mode, self.seed, self.window, self.capacity, self.fpr, self.l) != (
                other.mode, other.seed, other.window, other.capacity, other.fpr, other.l):
            raise pf.ParameterError("cannot combine agebloom filters with different parameters")
        out = self.copy()
        if other.generation == NO_GENERATION:
            return out
        if out.generation == NO_GENERATION or other.generation > out.generation:
            out._shift(other.generation)
        ahead = out.generation - other.generation
        gens = [other.generation - i for i in range(0, self.S - ahead)] if ahead < self.S else []
        for g in gens:
            p = self._slot(g)
            if out.counts[p] + other.counts[p] > self.limit:
                raise GenerationFullError("agebloom generation is full")
        for g in gens:
            p = self._slot(g)
            out.counts[p] += other.counts[p]
            out.slices[p] |= other.slices[p]
        out.items = self.items + other.items
        out.kind = pf.union_kind(self.kind, self.items > 0, other.kind, other.items > 0)
        return out

    def to_bytes(self):
        version, kind_bytes = pf.kind_header(self.kind, 0)
        header = _HEADER.pack(TYPE_TAG, version, pf.HASH_ID, self.mode, self.k, 0, kind_bytes, self.seed,
                              self.window, self.capacity, self.fpr, self.l, 0, self.length, self.limit, self.m,
                              self.generation, self.items)
        counts = b"".join(struct.pack("<Q", c) for c in self.counts)
        slices = b"".join(s.to_bytes(self.m // 8, "little") for s in self.slices)
        return header + counts + slices

    def to_text(self):
        return "\\x" + self.to_bytes().hex()

    @classmethod
    def from_bytes(cls, data):
        """Validates every field (section 11.5) and returns the filter; FormatError otherwise."""
        data = bytes(data)
        if len(data) < HEADER_SIZE:
            raise pf.FormatError("shorter than the header")
        (tag, version, hash_id, mode, k, res8, kind_bytes, seed, window, capacity, fpr, l, res32, length, limit, m,
         generation, items) = _HEADER.unpack_from(data)
        if tag != TYPE_TAG:
            raise pf.FormatError("type tag")
        if version not in pf.FORMAT_VERSIONS:
            raise pf.FormatError("format version")
        if hash_id != pf.HASH_ID:
            raise pf.FormatError("hash id")
        kind = pf.read_kind(version, kind_bytes, 0, "invalid agebloom filter")
        if mode not in (MODE_COUNT, MODE_TIME):
            raise pf.FormatError("mode")
        if res8 != 0 or res32 != 0:
            raise pf.FormatError("reserved")
        if not 1 <= k <= MAX_HASHES:
            raise pf.FormatError("k")
        if not 1 <= l <= MAX_GENERATIONS:
            raise pf.FormatError("generations")
        if m == 0 or m % 64 or m > 1 << 42:
            raise pf.FormatError("slice bits")
        if mode == MODE_COUNT and not 1 <= window <= MAX_CAPACITY:
            raise pf.FormatError("window")
        if mode == MODE_TIME and not l <= window <= MAX_WINDOW_MICROS:
            raise pf.FormatError("window")
        if not 1 <= capacity <= MAX_CAPACITY or (mode == MODE_COUNT and capacity != window):
            raise pf.FormatError("capacity")
        if not (MIN_FPR <= fpr < 1.0):
            raise pf.FormatError("false positive rate")
        f = cls(mode, window, capacity, fpr, l, seed)
        if (length, limit) != (f.length, f.limit):
            raise pf.FormatError("generation length or limit")
        if (k, m) != (f.k, f.m):
            raise pf.FormatError("k or slice bits")
        S = k + l
        if len(data) != HEADER_SIZE + S * (8 + m // 8):
            raise pf.FormatError("length")
        if mode == MODE_COUNT and generation < 0:
            raise pf.FormatError("generation")
        f.counts = list(struct.unpack_from("<%dQ" % S, data, HEADER_SIZE))
        base = HEADER_SIZE + 8 * S
        f.slices = [int.from_bytes(data[base + p * (m // 8): base + (p + 1) * (m // 8)], "little") for p in range(S)]
        f.generation, f.items, f.kind = generation, items, kind
        logical = [f.counts[p] for p in ([f._slot(generation - i) for i in range(S)]
                                         if generation != NO_GENERATION else range(S))]
        if any(c > limit for c in logical):
            raise pf.FormatError("slice count above the generation limit")
        if mode == MODE_COUNT:
            if generation * limit + logical[0] != items:
                raise pf.FormatError("items added")
            if items and logical[0] == 0:
                raise pf.FormatError("newest count")
            for i in range(1, S):
                if logical[i] != (limit if generation >= i else 0):
                    raise pf.FormatError("count of an older generation")
        else:
            if sum(logical) > items:
                raise pf.FormatError("counts above items")
            if generation == NO_GENERATION and sum(logical):
                raise pf.FormatError("counts before the first add")
        for i in range(S):
            p = f._slot(generation - i) if generation != NO_GENERATION else i
            writers = sum(logical[max(0, i - k + 1): i + 1])
            if bin(f.slices[p]).count("1") > writers:
                raise pf.FormatError("bits set")
        return f

    @classmethod
    def from_text(cls, text):
        if not text.startswith("\\x"):
            raise pf.FormatError("text form is \\x and hexadecimal digits")
        return cls.from_bytes(bytes.fromhex(text[2:]))
