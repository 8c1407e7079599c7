"""The kll format of doc/FORMAT.md section 10, written from that section alone.

A KLL sketch (Apache DataSketches' layout) keeps levels of items, an item of
level h standing for 2^h values, in one buffer whose free slots lie below
level 0. A full buffer compacts its lowest full level: sorted, every other item
kept (which half: a coin of the count and the level), merged into the level
above. Answers have a rank error (rank_error()).

>>> s = KLL(8)
>>> for v in (1.0, 2.0, 3.0):
...     s.add(v)
>>> s.encode().hex()[:16], len(s.encode())
('4c01000008000800', 68)
>>> s.quantile(0.5), s.rank(2.0)
(2.0, 0.6666666666666666)
>>> parse(s.encode()).encode() == s.encode()
True
>>> capacity(200, 10, 9), capacity(200, 10, 8), capacity(200, 10, 0)
(200, 133, 8)

Needs only Python 3's standard library.
"""

import math
import struct

TAG = 0x4C
VERSION = 1
HASH_ID = 0
HEADER = 40
MIN_K, MAX_K, DEFAULT_K = 8, 65535, 200
M = 8
MAX_LEVELS = 61
FLAG_SORTED, FLAG_WORKING = 1, 2
MASK64 = (1 << 64) - 1
FLT_MAX = 3.4028234663852886e38
# Section 10.2's header after the tag, version, hash id and flags bytes.
HEADER_STRUCT = struct.Struct("<BBBBHHQddBBHI")


class Invalid(ValueError):
    """Bytes that are not a valid kll value or DataSketches image (the server's 22P03)."""


def _c(k, d):
    if d <= 30:
        return ((2 * k << d) // 3 ** d + 1) // 2
    return _c(_c(k, d // 2), d - d // 2)


def capacity(k, levels, h):
    """Section 10.1: level h's capacity in a sketch of `levels` levels."""
    return max(M, _c(k, levels - h - 1))


def total_capacity(k, levels):
    return sum(capacity(k, levels, h) for h in range(levels))


def coin(n, h):
    """Section 10.3: which half a compaction of level h keeps, at count n."""
    z = (n + (h + 1) * 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    z ^= z >> 31
    return z >> 63


def rank_error(k, double_sided=False):
    """Section 10.6: DataSketches' normalized rank error of k."""
    return 2.446 / k ** 0.9433 if double_sided else 2.296 / k ** 0.9723


def _key(x):
    """Ascending, -0 before +0."""
    return (x, not math.copysign(1.0, x) < 0)


def _merge_above_first(low, above):
    """Two ascending runs merged; on ties the item of `above` first."""
    out, i, j = [], 0, 0
    while i < len(low) or j < len(above):
        if i == len(low) or (j < len(above) and not low[i] < above[j]):
            out.append(above[j])
            j += 1
        else:
            out.append(low[i])
            i += 1
    return out


def _compact_run(run, c, above):
    """The sorted even-length run halved by coin c and merged into the level above."""
    p, hp = len(run), len(run) // 2
    if not above:
        # Halving up: slot e - 1 - i takes run offset p - 1 - c - 2i.
        return [run[p - 1 - c - 2 * i] for i in range(hp)][::-1]
    return _merge_above_first([run[c + 2 * i] for i in range(hp)], above)


class KLL:
    """A kll sketch as section 10 defines it: levels as lists, level 0 in slot order."""

    def __init__(self, k=DEFAULT_K):
        if not MIN_K <= k <= MAX_K:
            raise ValueError("k %d is not in 8..65535" % k)
        self.k = self.min_k = k
        self.n = 0
        self.min = self.max = 0.0
        self.sorted0 = False
        self.levels = [[]]  # levels[h]: the items of level h, level 0 newest first

    # ---- section 10.3 ----
    def free(self):
        return total_capacity(self.k, len(self.levels)) - sum(len(l) for l in self.levels)

    def add(self, v):
        v = float(v)
        if math.isnan(v):
            raise ValueError("a kll sketch cannot hold NaN")
        if self.n == 0:
            self.min = self.max = v
        else:
            self.min = v if v < self.min else self.min
            self.max = v if self.max < v else self.max
        self._insert(v)

    def _insert(self, v):
        if self.free() == 0:
            self._compact_full()
        self.n += 1
        self.sorted0 = False
        self.levels[0].insert(0, v)

    def _compact_full(self):
        L = len(self.levels)
        h = next(h for h in range(L) if len(self.levels[h]) >= capacity(self.k, L, h))
        if h == L - 1:
            self.levels.append([])
        level = self.levels[h]
        odd = len(level) % 2
        behind, run = level[:odd], level[odd:]
        if h == 0 and not self.sorted0:
            run = sorted(run, key=_key)
        self.levels[h + 1] = _compact_run(run, coin(self.n, h), self.levels[h + 1])
        self.levels[h] = behind

    # ---- section 10.4 ----
    def union(self, other):
        if other.n == 0:
            return
        if self.n == 0:
            self.min, self.max = other.min, other.max
        else:
            self.min = other.min if other.min < self.min else self.min
            self.max = other.max if self.max < other.max else self.max
        final = self.n + other.n
        if final > MASK64:
            raise ValueError("kll count would pass 2^64 - 1 values")
        for v in other.levels[0]:
            self._insert(v)
        if len(other.levels) >= 2:
            self._compress_with(other)
        self.n = final
        if len(other.levels) > 1:
            self.min_k = min(self.min_k, other.min_k)

    def _compress_with(self, other):
        P = max(len(self.levels), len(other.levels))
        work = [list(self.levels[0])]
        for h in range(1, P):
            mine = self.levels[h] if h < len(self.levels) else []
            theirs = other.levels[h] if h < len(other.levels) else []
            work.append(_merge_above_first(mine, theirs))
        count = sum(len(l) for l in work)
        target = total_capacity(self.k, P)
        h = 0
        while True:
            if h == P - 1:
                work.append([])
            level = work[h]
            if count < target or len(level) < capacity(self.k, P, h):
                pass
            else:
                odd = len(level) % 2
                behind, run = level[:odd], level[odd:]
                if h == 0 and not self.sorted0:
                    run = sorted(run, key=_key)
                work[h + 1] = _compact_run(run, coin(self.n, h), work[h + 1])
                work[h] = behind
                count -= len(run) // 2
                if h == P - 1:
                    P += 1
                    target += capacity(self.k, P, 0)
            if h == P - 1:
                break
            h += 1
        self.levels = work[:P]

    # ---- section 10.6 ----
    def _view(self):
        view = []
        for h, level in enumerate(self.levels):
            items = sorted(level, key=_key) if h == 0 and not self.sorted0 else level
            merged, i, j = [], 0, 0
            while i < len(view) or j < len(items):
                if j == len(items) or (i < len(view) and not items[j] < view[i][0]):
                    merged.append(view[i])
                    i += 1
                else:
                    merged.append((items[j], 1 << h))
                    j += 1
            view = merged
        total, out = 0, []
        for x, w in view:
            total += w
            out.append((x, total))
        return out, total

    def quantile(self, q):
        if not 0.0 <= q <= 1.0:
            raise ValueError("quantile %r is not between 0 and 1" % q)
        if self.n == 0:
            return None
        view, total = self._view()
        w = math.ceil(q * float(total))
        for x, c in view:
            if c >= w:
                return x
        return view[-1][0]

    def rank(self, x):
        if self.n == 0:
            return None
        view, total = self._view()
        below = 0
        for y, c in view:
            if y <= x:
                below = c
            else:
                break
        return below / total

    def rank_error(self, double_sided=False):
        return rank_error(self.min_k, double_sided)

    # ---- section 10.2 ----
    def encode(self):
        sizes = [len(l) for l in self.levels]
        flags = FLAG_SORTED if self.sorted0 else 0
        out = bytearray(HEADER_STRUCT.pack(TAG, VERSION, HASH_ID, flags, self.k, self.min_k, self.n,
                                           self.min if self.n else 0.0, self.max if self.n else 0.0,
                                           len(self.levels), M, 0, 0))
        out += struct.pack("<%dI" % len(sizes), *sizes)
        for level in self.levels:
            out += struct.pack("<%dd" % len(level), *level)
        return bytes(out)

    # ---- section 10.7 ----
    def to_datasketches(self, floats=False):
        def item(x):
            if not floats:
                return struct.pack("<d", x)
            # The nearest float; past the float range FLT_MAX up to 2^128 - 2^103, then infinity.
            if abs(x) >= 2.0 ** 128 - 2.0 ** 103:
                x = math.copysign(math.inf, x)
            elif abs(x) > FLT_MAX:
                x = math.copysign(FLT_MAX, x)
            return struct.pack("<f", x)

        single = self.n == 1
        flags = (1 if self.n == 0 else 0) | (2 if self.sorted0 else 0) | (4 if single else 0)
        out = bytearray(struct.pack("<BBBBHBB", 2 if self.n <= 1 else 5, 2 if single else 1, 15, flags, self.k, M, 0))
        if self.n == 0:
            return bytes(out)
        if not single:
            out += struct.pack("<QHBB", self.n, self.min_k, len(self.levels), 0)
            offsets, at = [], total_capacity(self.k, len(self.levels))
            for level in reversed(self.levels):
                at -= len(level)
                offsets.append(at)
            out += struct.pack("<%dI" % len(self.levels), *reversed(offsets))
            out += item(self.min) + item(self.max)
        for level in self.levels:
            for x in level:
                out += item(x)
        return bytes(out)


def _check_contents(s, invalid):
    if not MIN_K <= s.min_k <= s.k:
        raise invalid("min_k %d is not in 8..k (%d)" % (s.min_k, s.k))
    L = len(s.levels)
    if L > 1 and not s.levels[-1]:
        raise invalid("the top level of %d is empty" % L)
    if sum(len(l) << h for h, l in enumerate(s.levels)) != s.n:
        raise invalid("n %d is not the weight of the retained items" % s.n)
    if s.n == 0:
        return
    if math.isnan(s.min) or math.isnan(s.max):
        raise invalid("min or max is NaN")
    if not s.min <= s.max:
        raise invalid("min is above max")
    for h, level in enumerate(s.levels):
        for i, v in enumerate(level):
            if math.isnan(v):
                raise invalid("level %d holds NaN" % h)
            if v < s.min or v > s.max:
                raise invalid("level %d holds an item outside [min, max]" % h)
            if i > 0 and (h > 0 or s.sorted0) and v < level[i - 1]:
                raise invalid("level %d is not sorted" % h)


def _ours(what):
    return Invalid("invalid kll value: " + what)


def parse(data):
    """Section 10.8: a value's bytes, every field checked (Invalid names the field)."""
    data = bytes(data)
    if len(data) < HEADER:
        raise _ours("it is %d bytes long, shorter than the 40-byte header" % len(data))
    if data[0] != TAG:
        raise _ours("type tag is 0x%02x" % data[0])
    if data[1] not in (1, 2):
        raise _ours("format version %d is not supported" % data[1])
    if data[2] > 2:
        raise _ours("unknown hash function id %d" % data[2])
    (_, version, hash_id, flags, k, min_k, n, mn, mx, L, m, reserved, free) = HEADER_STRUCT.unpack_from(data)
    if flags & FLAG_WORKING:
        raise _ours("flags mark an aggregate's working state")
    if flags & ~FLAG_SORTED:
        raise _ours("flags 0x%02x set bits other than bit 0" % flags)
    if version != VERSION:
        raise _ours("format version %d is not a kll's" % version)
    if hash_id != HASH_ID:
        raise _ours("hash function id %d is not 0" % hash_id)
    if not 1 <= L <= MAX_LEVELS:
        raise _ours("level count %d is not in 1..61" % L)
    if len(data) < HEADER + 4 * L:
        raise _ours("it is shorter than its level sizes")
    sizes = struct.unpack_from("<%dI" % L, data, HEADER)
    if len(data) != HEADER + 4 * L + 8 * (sum(sizes) + free):
        raise _ours("it is %d bytes long; its level sizes and free slots make %d"
                    % (len(data), HEADER + 4 * L + 8 * (sum(sizes) + free)))
    if k < MIN_K:
        raise _ours("k %d is below 8" % k)
    if m != M:
        raise _ours("m is %d, expected 8" % m)
    if reserved:
        raise _ours("reserved bytes 34-35 are not 0")
    if free:
        raise _ours("free slots %d are not 0" % free)
    if sum(sizes) > total_capacity(k, L):
        raise _ours("it retains more items than its level count holds")
    s = KLL.__new__(KLL)
    s.k, s.min_k, s.n, s.min, s.max, s.sorted0 = k, min_k, n, mn, mx, bool(flags & FLAG_SORTED)
    s.levels, at = [], HEADER + 4 * L
    for size in sizes:
        s.levels.append(list(struct.unpack_from("<%dd" % size, data, at)))
        at += 8 * size
    _check_contents(s, _ours)
    if n == 0:
        if L != 1:
            raise _ours("an empty sketch has more than one level")
        if data[16:32] != bytes(16):
            raise _ours("an empty sketch's min and max are not 0")
        if s.sorted0:
            raise _ours("flags mark an empty sketch's level 0 sorted")
        if min_k != k:
            raise _ours("an empty sketch's min_k is not its k")
    return s


def _ds(what):
    return Invalid("invalid DataSketches KLL image: " + what)


def from_datasketches(data):
    """Section 10.7: an Apache DataSketches KLL image (doubles or floats), every field checked."""
    data = bytes(data)
    if len(data) < 8:
        raise _ds("it is %d bytes long, shorter than the 8-byte preamble" % len(data))
    preamble, serial, family, flags, k, m, unused = struct.unpack_from("<BBBBHBB", data)
    if family != 15:
        raise _ds("family id %d is not KLL's (15)" % family)
    if serial == 3:
        raise _ds("serial version 3 is DataSketches Java's updatable form")
    if serial not in (1, 2):
        raise _ds("serial version %d is not 1 or 2" % serial)
    if flags & ~7:
        raise _ds("flags 0x%02x set bits other than empty, sorted and single item" % flags)
    empty, single = bool(flags & 1), bool(flags & 4)
    if empty and single:
        raise _ds("flags mark it both empty and a single item")
    if preamble != (2 if empty or single else 5):
        raise _ds("preamble ints %d do not match its flags" % preamble)
    if (serial == 2) != single:
        raise _ds("serial version %d with%s a single item" % (serial, "" if single else "out"))
    if k < MIN_K:
        raise _ds("k %d is below 8" % k)
    if m != M:
        raise _ds("m is %d, expected 8" % m)
    if unused:
        raise _ds("byte 7 (unused) is not 0")
    s = KLL(k)
    if empty:
        if len(data) != 8:
            raise _ds("an empty image is %d bytes long, not 8" % len(data))
        if flags & 2:
            raise _ds("an empty image's flags mark level 0 sorted")
        return s
    s.sorted0 = bool(flags & 2)
    if single:
        if len(data) not in (12, 16):
            raise _ds("a single-item image is %d bytes long, not 12 or 16" % len(data))
        v = struct.unpack_from("<f" if len(data) == 12 else "<d", data, 8)[0]
        if math.isnan(v):
            raise _ds("its item is NaN")
        s.n, s.min, s.max, s.levels = 1, v, v, [[v]]
        return s
    if len(data) < 20:
        raise _ds("it is %d bytes long, shorter than 20" % len(data))
    s.n, s.min_k, L, unused = struct.unpack_from("<QHBB", data, 8)
    if unused:
        raise _ds("byte 19 (unused) is not 0")
    if not 1 <= L <= MAX_LEVELS:
        raise _ds("level count %d is not in 1..61" % L)
    if not MIN_K <= s.min_k <= k:
        raise _ds("min k %d is not in 8..k (%d)" % (s.min_k, k))
    T = total_capacity(k, L)
    if len(data) < 20 + 4 * L:
        raise _ds("it ends inside its level offsets")
    offsets = list(struct.unpack_from("<%dI" % L, data, 20)) + [T]
    for h in range(L):
        if offsets[h] > offsets[h + 1]:
            raise _ds("level offset %d (%d) is past the next (%d)" % (h, offsets[h], offsets[h + 1]))
    R = T - offsets[0]
    rest = len(data) - 20 - 4 * L
    if rest == (R + 2) * 8:
        item, w = "<d", 8
    elif rest == (R + 2) * 4:
        item, w = "<f", 4
    else:
        raise _ds("it is %d bytes long; its levels make %d (doubles) or %d (floats)"
                  % (len(data), 20 + 4 * L + (R + 2) * 8, 20 + 4 * L + (R + 2) * 4))
    at = 20 + 4 * L
    s.min, s.max = struct.unpack_from(item, data, at)[0], struct.unpack_from(item, data, at + w)[0]
    at += 2 * w
    s.levels = []
    for h in range(L):
        size = offsets[h + 1] - offsets[h]
        s.levels.append([struct.unpack_from(item, data, at + w * i)[0] for i in range(size)])
        at += w * size
    _check_contents(s, _ds)
    if s.n < 2:
        raise _ds("a full image holds n %d (fewer than 2)" % s.n)
    return s
