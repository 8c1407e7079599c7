"""The ddsketch format of doc/FORMAT.md section 6, written from that section alone.

A DDSketch holds numbers: each finite value v != 0 is counted in the bucket
index(|v|) of its sign's store, zeros apart; count, min, max and the sum are
exact. Bytes are canonical, so the sketch of a set of values is one byte
string whatever the order they came in or the parts they were unioned from.

>>> s = DDSketch()
>>> for v in (1.0, 2.0, 3.0, -4.0, 0.0):
...     s.add(v)
>>> s.count, s.min, s.max, s.sum()
(5, -4.0, 3.0, 2.0)
>>> parse(s.encode()).encode() == s.encode()
True
>>> index_of(1.0, multiplier(0.01)), index_of(2.0, multiplier(0.01))
(0, 35)

Needs only Python 3's standard library.
"""

import math
import struct
from fractions import Fraction

TAG = 0x44
VERSION = 1
HASH_ID = 0
HEADER = 80
MIN_ALPHA, MAX_ALPHA = 0.0001, 0.5
MAX_BUCKETS = 65536
MIN_SUM_LIMB, MAX_SUM_LIMBS = -17, 35
A, B, C = 6.0 / 35.0, -3.0 / 5.0, 10.0 / 7.0
DBL_MAX = 1.7976931348623157e308
# Header layout (section 6.3), after the tag, version, hash id and flags bytes.
HEADER_STRUCT = struct.Struct("<BBBBBBHdIIQQddiiIiII")


class Invalid(ValueError):
    """Bytes that are not a valid ddsketch value (the server's 22P03)."""


def multiplier(alpha):
    return 7.0 / (20.0 * alpha)


def index_of(x, m):
    """Section 6.2: the bucket of a magnitude x > 0."""
    f, e = math.frexp(x)
    s = 2.0 * f - 1.0
    l = float(e - 1) + ((A * s + B) * s + C) * s
    return math.ceil(m * l)


def _cubic(s):
    return ((A * s + B) * s + C) * s


def _inverse(y):
    """l^-1(y) as (1 + sigma, E)."""
    e = math.floor(y)
    t = y - e
    s = t
    for _ in range(8):
        s -= (_cubic(s) - t) / ((3.0 * A * s + 2.0 * B) * s + C)
        s = min(1.0, max(0.0, s))
    return 1.0 + s, max(-2000, min(2000, e))


def upper_edge(k, m):
    """Section 6.2's L(k): +inf past DBL_MAX (the top bucket's upper edge), as C's ldexp."""
    mant, e = _inverse(k / m)
    try:
        return math.ldexp(mant, e)
    except OverflowError:
        return math.inf


def lower_edge(k, m):
    return upper_edge(k - 1, m)


def representative(k, m):
    """The harmonic mean of bucket k's edges."""
    m1, e1 = _inverse((k - 1) / m)
    m2, e2 = _inverse(k / m)
    r = math.ldexp(m2 / m1, e2 - e1)
    try:
        return math.ldexp(m1 * (2.0 * r / (1.0 + r)), e1)
    except OverflowError:
        return math.inf


def _width(largest):
    for w in (1, 2, 4):
        if largest < 1 << (8 * w):
            return w
    return 8


class Store:
    """Counts by bucket index, at most max_buckets of them (section 6.4)."""

    def __init__(self):
        self.counts = {}  # index -> count, only non-zero ones
        self.collapsed = False

    def lowest(self):
        return min(self.counts) if self.counts else 0

    def highest(self):
        return max(self.counts) if self.counts else 0

    def add(self, index, n, max_buckets):
        self.counts[index] = self.counts.get(index, 0) + n
        self._fold(max_buckets)

    def union(self, other, max_buckets):
        for k, c in other.counts.items():
            self.counts[k] = self.counts.get(k, 0) + c
        self.collapsed = self.collapsed or other.collapsed
        self._fold(max_buckets)

    def _fold(self, max_buckets):
        if not self.counts:
            return
        floor = self.highest() - max_buckets + 1
        below = [k for k in self.counts if k < floor]
        if below:
            moved = sum(self.counts.pop(k) for k in below)
            self.counts[floor] = self.counts.get(floor, 0) + moved
            self.collapsed = True

    def dense(self):
        if not self.counts:
            return 0, []
        lo, hi = self.lowest(), self.highest()
        return lo, [self.counts.get(k, 0) for k in range(lo, hi + 1)]


class DDSketch:
    def __init__(self, alpha=0.01, max_buckets=2048):
        if not (MIN_ALPHA <= alpha <= MAX_ALPHA):
            raise ValueError("alpha %r outside [0.0001, 0.5]" % alpha)
        if not (1 <= max_buckets <= MAX_BUCKETS):
            raise ValueError("max_buckets %r outside 1..65536" % max_buckets)
        self.alpha, self.max_buckets = alpha, max_buckets
        self.count = self.zero_count = 0
        self.min = self.max = 0.0
        self.exact_sum = Fraction(0)
        # Section 6.9: a sketch of an imported image holds no sum (flag bit 2); None then.
        self.sum_unknown = False
        self.positive, self.negative = Store(), Store()

    def m(self):
        return multiplier(self.alpha)

    def add(self, v):
        v = float(v)
        if math.isnan(v) or math.isinf(v):
            raise ValueError("a ddsketch cannot hold %r" % v)
        if v == 0:
            v = 0.0
            self.zero_count += 1
        else:
            store = self.positive if v > 0 else self.negative
            store.add(index_of(abs(v), self.m()), 1, self.max_buckets)
            if not self.sum_unknown:
                self.exact_sum += Fraction(v)
        self.min = v if self.count == 0 else min(self.min, v)
        self.max = v if self.count == 0 else max(self.max, v)
        self.count += 1

    def union(self, other):
        if (self.alpha, self.max_buckets) != (other.alpha, other.max_buckets):
            raise ValueError("different parameters")
        if other.count == 0:
            return self
        if self.count == 0:
            self.min, self.max = other.min, other.max
        else:
            self.min, self.max = min(self.min, other.min), max(self.max, other.max)
        self.count += other.count
        self.zero_count += other.zero_count
        self.sum_unknown = self.sum_unknown or other.sum_unknown
        self.exact_sum = Fraction(0) if self.sum_unknown else self.exact_sum + other.exact_sum
        self.positive.union(other.positive, self.max_buckets)
        self.negative.union(other.negative, self.max_buckets)
        return self

    def sum(self):
        if self.sum_unknown:
            raise ValueError("the sum of this ddsketch is not known (an imported image holds none)")
        return float(self.exact_sum)

    # Section 6.6.
    def _ordered(self):
        m = self.m()
        lo, counts = self.negative.dense()
        for i in reversed(range(len(counts))):
            yield -representative(lo + i, m), counts[i]
        yield 0.0, self.zero_count
        lo, counts = self.positive.dense()
        for i, c in enumerate(counts):
            yield representative(lo + i, m), c

    def value_at(self, p):
        if p == 0:
            return self.min
        if p == self.count - 1:
            return self.max
        before = 0
        for v, c in self._ordered():
            before += c
            if p < before:
                return min(self.max, max(self.min, v))
        raise AssertionError("position past the count")

    def quantile(self, q):
        if not (0.0 <= q <= 1.0):
            raise ValueError("quantile %r outside [0, 1]" % q)
        if self.count == 0:
            return None
        row = math.ceil(q * float(self.count))
        p = 0 if row <= 1 else min(int(row), self.count) - 1
        return self.value_at(p)

    def quantile_cont(self, q):
        if not (0.0 <= q <= 1.0):
            raise ValueError("quantile %r outside [0, 1]" % q)
        if self.count == 0:
            return None
        at = q * float(self.count - 1)
        first, second = math.floor(at), math.ceil(at)
        lo = self.value_at(first)
        if first == second:
            return lo
        hi = self.value_at(second)
        return lo + (hi - lo) * (at - first)

    def rank(self, x):
        if self.count == 0:
            return None
        if x < self.min:
            return 0.0
        if x >= self.max:
            return 1.0
        below = 0
        for v, c in self._ordered():
            if c and v > x:
                break
            below += c
        return below / self.count

    def encode(self):
        """Section 6.3, canonical."""
        low, limbs = sum_limbs(self.exact_sum)
        flags = (1 if self.positive.collapsed else 0) | (2 if self.negative.collapsed else 0) | \
            (4 if self.sum_unknown else 0)
        plo, pcounts = self.positive.dense()
        nlo, ncounts = self.negative.dense()
        pw = _width(max(pcounts)) if pcounts else 0
        nw = _width(max(ncounts)) if ncounts else 0
        out = bytearray(HEADER_STRUCT.pack(
            TAG, VERSION, HASH_ID, flags, pw, nw, 0, self.alpha, self.max_buckets, len(limbs), self.count,
            self.zero_count, self.min, self.max, low, plo, len(pcounts), nlo, len(ncounts), 0))
        for limb in limbs:
            out += struct.pack("<Q", limb)
        for counts, w in ((pcounts, pw), (ncounts, nw)):
            for c in counts:
                out += c.to_bytes(w, "little")
        return bytes(out)


def sum_limbs(total):
    """An exact sum as (j, limbs): total = S * 2^(64 j), S two's complement in its fewest limbs."""
    if total == 0:
        return 0, []
    num, den = total.numerator, total.denominator
    d = den.bit_length() - 1  # den is a power of two
    tz = (abs(num) & -abs(num)).bit_length() - 1
    j = (tz - d) // 64
    s = total / Fraction(2) ** (64 * j)
    assert s.denominator == 1
    s = s.numerator
    n = 1
    while not (-(1 << (64 * n - 1)) <= s < (1 << (64 * n - 1))):
        n += 1
    u = s % (1 << (64 * n))
    return j, [(u >> (64 * i)) & 0xFFFFFFFFFFFFFFFF for i in range(n)]


def limbs_value(low, limbs):
    if not limbs:
        return Fraction(0)
    u = sum(limb << (64 * i) for i, limb in enumerate(limbs))
    if limbs[-1] >> 63:
        u -= 1 << (64 * len(limbs))
    return Fraction(u) * Fraction(2) ** (64 * low)


def _same_bits(a, b):
    return struct.pack("<d", a) == struct.pack("<d", b)


def parse(data):
    """Section 6.5: every field checked (Invalid naming it); the sketch it holds."""
    data = bytes(data)
    if len(data) < HEADER:
        raise Invalid("shorter than the 80-byte header")
    if data[0] != TAG:
        raise Invalid("type tag")
    if data[1] not in (1, 2):
        raise Invalid("format version not supported")
    if data[2] > 2:
        raise Invalid("unknown hash id")
    (_, version, hash_id, flags, pw, nw, reserved6, alpha, max_buckets, nlimbs, count, zero_count, mn, mx, low,
     plo, pn, nlo, nn, reserved76) = HEADER_STRUCT.unpack_from(data)
    if version != VERSION:
        raise Invalid("format version %d is not a ddsketch version" % version)
    if hash_id != HASH_ID:
        raise Invalid("hash id")
    if flags & ~7:
        raise Invalid("flags")
    if flags & 4 and nlimbs:
        raise Invalid("sum marked unknown but has limbs")
    if reserved6 or reserved76:
        raise Invalid("reserved bytes")
    if not (MIN_ALPHA <= alpha <= MAX_ALPHA):
        raise Invalid("alpha")
    if not (1 <= max_buckets <= MAX_BUCKETS):
        raise Invalid("maximum bucket count")
    if nlimbs > MAX_SUM_LIMBS:
        raise Invalid("sum limb count")
    for n, w in ((pn, pw), (nn, nw)):
        if n > max_buckets:
            raise Invalid("store bucket count")
        if (n == 0 and w != 0) or (n != 0 and w not in (1, 2, 4, 8)):
            raise Invalid("count width")
    if len(data) != HEADER + 8 * nlimbs + pn * pw + nn * nw:
        raise Invalid("length")
    at = HEADER
    limbs = list(struct.unpack_from("<%dQ" % nlimbs, data, at))
    at += 8 * nlimbs
    s = DDSketch.__new__(DDSketch)
    s.alpha, s.max_buckets, s.count, s.zero_count, s.min, s.max = alpha, max_buckets, count, zero_count, mn, mx
    s.positive, s.negative = Store(), Store()
    s.sum_unknown = bool(flags & 4)
    m = multiplier(alpha)
    first, last = index_of(math.ldexp(1.0, -1074), m), index_of(DBL_MAX, m)
    for store, lo, n, w, bit in ((s.positive, plo, pn, pw, 1), (s.negative, nlo, nn, nw, 2)):
        counts = [int.from_bytes(data[at + i * w:at + (i + 1) * w], "little") for i in range(n)]
        at += n * w
        store.collapsed = bool(flags & bit)
        if n == 0:
            if lo != 0 or store.collapsed:
                raise Invalid("empty store's lowest index or flag")
            continue
        if lo < first or lo + n - 1 > last:
            raise Invalid("store indexes outside the finite doubles'")
        if counts[0] == 0 or counts[-1] == 0:
            raise Invalid("store's first or last count is 0")
        if w != _width(max(counts)):
            raise Invalid("count width not the narrowest")
        if store.collapsed and n != max_buckets:
            raise Invalid("collapsed store not full")
        store.counts = {lo + i: c for i, c in enumerate(counts) if c}
    if zero_count + sum(s.positive.counts.values()) + sum(s.negative.counts.values()) != count or count >= 1 << 64:
        raise Invalid("count")
    if nlimbs:
        if low < MIN_SUM_LIMB or low + nlimbs > MIN_SUM_LIMB + MAX_SUM_LIMBS:
            raise Invalid("sum limbs out of range")
        if sum_limbs(limbs_value(low, limbs))[1] != limbs:
            raise Invalid("sum not in its fewest limbs")
        if count == 0:
            raise Invalid("sum of an empty sketch")
    elif low != 0:
        raise Invalid("sum's lowest limb")
    s.exact_sum = limbs_value(low, limbs)
    if s.sum_unknown and count == 0:
        raise Invalid("sum of an empty sketch marked unknown")
    if count > 0 and not s.sum_unknown and math.isfinite(mn) and math.isfinite(mx):
        # Exactly, in rationals (FORMAT 6.5): no rounding of count * min or the sum.
        if not count * Fraction(mn) <= s.exact_sum <= count * Fraction(mx):
            raise Invalid("sum outside count * min .. count * max")
    if count == 0:
        if not (_same_bits(mn, 0.0) and _same_bits(mx, 0.0)):
            raise Invalid("min and max of an empty sketch")
        return s
    if not (math.isfinite(mn) and math.isfinite(mx) and mn <= mx):
        raise Invalid("min and max")
    if _same_bits(mn, -0.0) or _same_bits(mx, -0.0):
        raise Invalid("min or max is -0")

    def extreme(v, store, k, may_fold):
        at_ = index_of(abs(v), m)
        if not (at_ == k or (may_fold and store.collapsed and at_ < k)):
            raise Invalid("min or max outside its bucket")

    if s.negative.counts:
        if not mn < 0:
            raise Invalid("min")
        extreme(mn, s.negative, s.negative.highest(), False)
    elif zero_count:
        if mn != 0:
            raise Invalid("min")
    else:
        if not mn > 0:
            raise Invalid("min")
        extreme(mn, s.positive, s.positive.lowest(), True)
    if s.positive.counts:
        if not mx > 0:
            raise Invalid("max")
        extreme(mx, s.positive, s.positive.highest(), False)
    elif zero_count:
        if mx != 0:
            raise Invalid("max")
    else:
        if not mx < 0:
            raise Invalid("max")
        extreme(mx, s.negative, s.negative.lowest(), True)
    return s
