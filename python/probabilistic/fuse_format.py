"""The fuse format (doc/FORMAT.md section 12), written from the specification.

A 3-wise binary fuse filter (Graf & Lemire 2022), static: built once from its
key set. Hashing is probabilistic_format's (section 2): the canonical 64-bit
hash of a value with the value's seed, against the value's kind (section 2.5).

    >>> k = Fuse.keys_agg([3, 1, 2, 2], fpr=2 ** -8)     # fuse_keys_agg: form 1
    >>> k.form, k.n, k.kind, k.contains(2), k.contains(2.0), k.contains(4)
    (1, 3, 20, True, True, False)
    >>> f = k.build()                                      # fuse_build: form 2
    >>> f.form, f.f, (f.segment_length, f.segment_count), len(f.to_bytes())
    (2, 8, (8, 1), 88)
    >>> all(f.contains(x) for x in (1, 2, 3)), f.members([5, 1, None, 3])
    (True, [2, 4])
    >>> Fuse.from_bytes(f.to_bytes()) == f, Fuse.agg([1, 2, 3, 3], 2 ** -8) == f
    (True, True)
"""

import bisect
import math
import struct

from . import probabilistic_format as pf

TYPE_TAG = 0x46
FORM_KEYS = 1
FORM_FILTER = 2
# The aggregate's working state (section 12.9): a form byte no stored value has.
FORM_WORKING = 0x81
ARITY = 3
HEADER_SIZE = 64
MIN_FPR = 2.0 ** -32
MAX_FINGERPRINT_BITS = 32
MAX_ATTEMPTS = 1024
MAX_SEGMENT_BITS = 18
# fuse_agg(x)'s rate: 2^-8 = 0.00390625 exactly, so f = 8 (0.0039, just below it, gives 9).
DEFAULT_FPR = 2.0 ** -8
GAMMA = 0x9E3779B97F4A7C15
MAX_VALUE_BYTES = pf.MAX_VALUE_BYTES        # MAXV: the largest value read (section 4.1)
MAX_CREATED_BYTES = pf.MAX_CREATED_BYTES    # MAXC: the largest value created
# The most keys a key set holds (section 12.7): its bytes fit MAXC.
MAX_KEYS = (MAX_CREATED_BYTES - 64) // 8
_U64 = (1 << 64) - 1
# tag, version, hash id, form, f, arity, kind bytes, seed, fpr, keys, L, C, attempt, reserved
_HEADER = struct.Struct("<BBBBBBHQdQQQQQ")
assert _HEADER.size == HEADER_SIZE


class TooLargeError(ValueError):
    """SQLSTATE 54000: a created value would pass MAXC; both sizes in the message."""


class BuildError(RuntimeError):
    """No attempt of 0..1023 peeled every key (an internal error; it cannot happen in practice)."""


def _bad(field, detail=""):
    return pf.FormatError("invalid fuse value: %s%s" % (field, (" (%s)" % detail) if detail else ""))


def fpr_in_range(fpr):
    """[2^-32, 1); NaN fails (every comparison with it is false)."""
    return MIN_FPR <= fpr < 1.0


def fingerprint_bits_for(fpr):
    """The smallest f >= 1 with ldexp(fpr, f) >= 1: 2^-f <= fpr, exactly."""
    f = 1
    while f < MAX_FINGERPRINT_BITS and not math.ldexp(fpr, f) >= 1.0:
        f += 1
    return f


def _ceil_div(a, b):
    return -(-a // b)


def sizes(n, attempt):
    """(segment length L, segment count C) for n >= 1 keys at construction attempt a."""
    b = n.bit_length()
    s = min(MAX_SEGMENT_BITS, 2 + (4 * b) // 7)
    L = 1 << s
    cap = _ceil_div(9 * n, 8)
    if b > 1:
        cap = max(cap, _ceil_div(7 * n, 8) + _ceil_div(5 * n, b - 1))
    C = max(1, _ceil_div(cap, L) - 2) + attempt // 4
    return L, C


def array_length(n, attempt):
    if n == 0:
        return 0
    L, C = sizes(n, attempt)
    return (C + 2) * L


def keys_length(n):
    return HEADER_SIZE + 8 * n


def filter_length(n, f, attempt=0):
    return HEADER_SIZE + _ceil_div(array_length(n, attempt) * f, 8)


def check_created(length):
    """A created value must fit MAXC (kTooLarge with both numbers)."""
    if length > MAX_CREATED_BYTES:
        raise TooLargeError("a fuse value of %d bytes would pass the limit of %d bytes" % (length, MAX_CREATED_BYTES))


def mix(h, attempt):
    """x = fmix64(h + (a + 1) * GAMMA), mod 2^64."""
    return pf.fmix64((h + (attempt + 1) * GAMMA) & _U64)


def positions(x, L, C):
    p0 = (x * (C * L)) >> 64
    p1 = (p0 + L) ^ ((x >> 18) & (L - 1))
    p2 = (p0 + 2 * L) ^ (x & (L - 1))
    return p0, p1, p2


def fingerprint(x, f):
    return (x ^ (x >> 32)) & ((1 << f) - 1)


def peel(keys, attempt):
    """One construction attempt over the ascending distinct keys: ((L, C), T) where T lists
    (position, x) in peeling order; the attempt succeeds when len(T) == len(keys)."""
    L, C = sizes(len(keys), attempt)
    N = (C + 2) * L
    count = [0] * N
    xm = [0] * N
    for h in keys:
        x = mix(h, attempt)
        for p in positions(x, L, C):
            count[p] += 1
            xm[p] ^= x
    queue = [p for p in range(N) if count[p] == 1]
    head = 0
    order = []
    while head < len(queue):
        p = queue[head]
        head += 1
        if count[p] != 1:
            continue
        x = xm[p]
        order.append((p, x))
        for q in positions(x, L, C):
            count[q] -= 1
            xm[q] ^= x
            if q != p and count[q] == 1:
                queue.append(q)
    return (L, C), order


def construct(keys, f):
    """Section 12.6: (attempt, L, C, array) for n >= 1 ascending distinct keys."""
    for attempt in range(MAX_ATTEMPTS):
        (L, C), order = peel(keys, attempt)
        if len(order) == len(keys):
            break
    else:
        raise BuildError("no construction attempt of 0..%d succeeded" % (MAX_ATTEMPTS - 1))
    A = [0] * ((C + 2) * L)
    for p, x in reversed(order):
        q0, q1, q2 = positions(x, L, C)
        A[p] = fingerprint(x, f) ^ A[q0] ^ A[q1] ^ A[q2]   # A[p] is still 0 here
    return attempt, L, C, A


def pack(entries, f):
    """Entry i at bit i*f, least significant bit first, pad bits 0."""
    if not entries:
        return b""
    width = "0%db" % f
    bits = "".join(format(v, width) for v in reversed(entries))
    return int(bits, 2).to_bytes(_ceil_div(len(entries) * f, 8), "little")


def unpack(data, count, f):
    """(entries, pad bits are zero)."""
    if count == 0:
        return [], not any(data)
    packed = int.from_bytes(data, "little")
    total = 8 * len(data)
    bits = format(packed, "0%db" % total)
    entries = [int(bits[total - (i + 1) * f: total - i * f], 2) for i in range(count)]
    return entries, not packed >> (count * f)


class Fuse:
    """One fuse value: a key set (form 1: .keys) or a filter (form 2: .array)."""

    def __init__(self, form, fpr=DEFAULT_FPR, seed=0, kind=pf.KIND_NONE):
        if form not in (FORM_KEYS, FORM_FILTER):
            raise pf.ParameterError("form %r" % form)
        if not fpr_in_range(fpr):
            raise pf.ParameterError("false positive rate %r is outside [2^-32, 1)" % fpr)
        self.form = form
        self.fpr = fpr
        self.f = fingerprint_bits_for(fpr)
        self.seed = pf.to_unsigned(seed)
        self.kind = kind
        self.keys = []          # form 1: ascending distinct hashes
        self.n = 0
        self.segment_length = self.segment_count = self.attempt = 0
        self.array = []         # form 2: (C + 2) * L entries

    # ------------------------------------------------------------ making values

    @classmethod
    def from_hashes(cls, hashes, fpr=DEFAULT_FPR, seed=0, kind=pf.KIND_NONE):
        """A key set of these hashes (any order, repeats allowed): sorted and distinct."""
        k = cls(FORM_KEYS, fpr, seed, kind)
        k.keys = sorted({h & _U64 for h in hashes})
        k.n = len(k.keys)
        if k.n == 0:
            k.kind = pf.KIND_NONE
        check_created(keys_length(k.n))
        return k

    @classmethod
    def keys_agg(cls, values, fpr=DEFAULT_FPR, seed=0, sql_type=None, sql_types=None):
        """fuse_keys_agg(x, fpr, seed): every non-NULL value in order; the first records the
        kind, later ones are converted to it as = converts them (or refused)."""
        kind = pf.KIND_NONE
        hashes = []
        for i, v in enumerate(values):
            if v is None:
                continue
            t = sql_types[i] if sql_types is not None else sql_type
            hashes.append(pf.probe_hash(v, kind, seed, t, adding=True))
            if kind == pf.KIND_NONE and len(hashes) == 1:
                kind = pf.value_kind(v, t)
        return cls.from_hashes(hashes, fpr, seed, kind)

    @classmethod
    def agg(cls, values, fpr=DEFAULT_FPR, seed=0, sql_type=None, sql_types=None):
        """fuse_agg(x, fpr, seed): the filter (form 2) of the key set; zero rows give n = 0."""
        return cls.keys_agg(values, fpr, seed, sql_type, sql_types).build()

    def build(self):
        """fuse_build: form 1 -> form 2; a filter comes back as it is."""
        if self.form == FORM_FILTER:
            return self
        out = Fuse(FORM_FILTER, self.fpr, self.seed, self.kind)
        out.n = self.n
        if self.n:
            length = filter_length(self.n, self.f)
            check_created(length)
            out.attempt, out.segment_length, out.segment_count, out.array = construct(self.keys, self.f)
            if out.attempt:
                check_created(filter_length(self.n, self.f, out.attempt))
        return out

    def union(self, other):
        """fuse_union of two key sets (same hash id, seed and fpr): the merged key set."""
        if self.form != FORM_KEYS or other.form != FORM_KEYS:
            raise pf.ParameterError("cannot union fuse filters (form 2): union the key sets, i.e. aggregate "
                                    "the rows again or keep key sets with fuse_keys_agg")
        if self.seed != other.seed or self.fpr != other.fpr:
            raise pf.ParameterError("cannot union fuse key sets with different seeds or false positive rates")
        kind = pf.union_kind(self.kind, self.n > 0, other.kind, other.n > 0)
        return Fuse.from_hashes(self.keys + other.keys, self.fpr, self.seed, kind)

    def __eq__(self, other):
        return isinstance(other, Fuse) and self.to_bytes() == other.to_bytes()

    # ------------------------------------------------------------ probing

    def contains_hash(self, h):
        h &= _U64
        if self.form == FORM_KEYS:
            i = bisect.bisect_left(self.keys, h)
            return i < self.n and self.keys[i] == h
        if self.n == 0:
            return False
        x = mix(h, self.attempt)
        p0, p1, p2 = positions(x, self.segment_length, self.segment_count)
        return fingerprint(x, self.f) == self.array[p0] ^ self.array[p1] ^ self.array[p2]

    def contains(self, value, sql_type=None):
        """fuse_contains: the value hashed against the kind (section 2.5)."""
        if value is None:
            return None
        return self.contains_hash(pf.probe_hash(value, self.kind, self.seed, sql_type))

    def members(self, values, sql_type=None):
        """fuse_members: the 1-based subscripts of the values that may be members."""
        return [i for i, v in enumerate(values, 1) if v is not None and self.contains(v, sql_type)]

    def cardinality(self):
        return self.n

    # ------------------------------------------------------------ bytes

    def to_bytes(self):
        version, kind_bytes = pf.kind_header(self.kind)
        header = _HEADER.pack(TYPE_TAG, version, pf.HASH_ID, self.form, self.f, ARITY, kind_bytes, self.seed,
                              self.fpr, self.n, self.segment_length, self.segment_count, self.attempt, 0)
        if self.form == FORM_KEYS:
            return header + struct.pack("<%dQ" % self.n, *self.keys)
        return header + pack(self.array, self.f)

    def to_text(self):
        return "\\x" + self.to_bytes().hex()

    @classmethod
    def from_bytes(cls, data):
        """Every check of section 12.7, in its order; FormatError naming the field."""
        data = bytes(data)
        if len(data) < HEADER_SIZE:
            raise _bad("length", "%d bytes, shorter than the 64-byte header" % len(data))
        (tag, version, hash_id, form, f, arity, kind_bytes, seed, fpr, n, L, C, attempt,
         reserved) = _HEADER.unpack_from(data)
        if tag != TYPE_TAG:
            raise _bad("type tag", "0x%02x" % tag)
        if version not in pf.FORMAT_VERSIONS:
            raise _bad("format version", str(version))
        if hash_id != pf.HASH_ID:
            raise _bad("hash id", str(hash_id))
        if form not in (FORM_KEYS, FORM_FILTER):
            raise _bad("form", str(form))
        if arity != ARITY:
            raise _bad("arity", str(arity))
        kind = pf.read_kind(version, kind_bytes, 0, "invalid fuse value: kind")
        if not fpr_in_range(fpr):
            raise _bad("false positive rate", repr(fpr))
        if f != fingerprint_bits_for(fpr):
            raise _bad("fingerprint bits", "%d, the rate gives %d" % (f, fingerprint_bits_for(fpr)))
        if reserved != 0:
            raise _bad("reserved")
        v = cls(form, fpr, seed, kind)
        v.n = n
        payload = data[HEADER_SIZE:]
        if form == FORM_KEYS or n == 0:
            for value, name in ((L, "segment length"), (C, "segment count"), (attempt, "attempt")):
                if value != 0:
                    raise _bad(name, "%d, not 0 in a key set or an empty filter" % value)
        if form == FORM_KEYS:
            if n > MAX_KEYS:
                raise _bad("keys", "%d, above the %d of the largest value created" % (n, MAX_KEYS))
            if len(data) != keys_length(n):
                raise _bad("length", "%d bytes, %d keys need %d" % (len(data), n, keys_length(n)))
            v.keys = list(struct.unpack("<%dQ" % n, payload))
            for i in range(1, n):
                if v.keys[i - 1] >= v.keys[i]:
                    raise _bad("hashes", "not strictly ascending at key %d" % i)
            return v
        if n == 0:
            if len(data) != HEADER_SIZE:
                raise _bad("length", "an empty filter is the header alone")
            return v
        if attempt >= MAX_ATTEMPTS:
            raise _bad("attempt", str(attempt))
        want_L, want_C = sizes(n, attempt)
        if L != want_L:
            raise _bad("segment length", "%d, sizes give %d" % (L, want_L))
        if C != want_C:
            raise _bad("segment count", "%d, sizes give %d" % (C, want_C))
        if len(data) != filter_length(n, f, attempt):
            raise _bad("length", "%d bytes, the array needs %d" % (len(data), filter_length(n, f, attempt)))
        v.segment_length, v.segment_count, v.attempt = L, C, attempt
        v.array, pad_zero = unpack(payload, (C + 2) * L, f)
        if not pad_zero:
            raise _bad("pad bits")
        return v

    @classmethod
    def from_text(cls, text):
        return cls.from_bytes(pf._hex_text_bytes(text, "a fuse value"))

    # ------------------------------------------------------------ fuse_info

    def info_numbers(self):
        """fuse_info's floating-point numbers (section 12.10), computed as the section says."""
        length = len(self.to_bytes())
        if self.form == FORM_FILTER:
            estimated = math.ldexp(1.0, -self.f)
        else:
            estimated = math.ldexp(float(self.n), -64)
        per_key = float(8 * (length - HEADER_SIZE)) / float(self.n) if self.n else 0.0
        return {"fpr": self.fpr, "estimated_fpr": estimated, "bits_per_key": per_key}

    def info(self):
        """fuse_info as a dict of what its jsonb holds: integers as ints, floating-point
        numbers as the text section 1's rule prints, the kind by name (None for none)."""
        numbers = {k: pf.info_number_text(x) for k, x in self.info_numbers().items()}
        return {
            "format_version": pf.kind_header(self.kind)[0], "hash_id": pf.HASH_ID, "hash": "xxh3-64",
            "seed": pf.to_signed(self.seed), "kind": pf.kind_name(self.kind),
            "form": "keys" if self.form == FORM_KEYS else "filter",
            "fpr": numbers["fpr"], "fingerprint_bits": self.f, "keys": self.n,
            "segment_length": self.segment_length, "segment_count": self.segment_count,
            "attempt": self.attempt, "array_length": len(self.array),
            "estimated_fpr": numbers["estimated_fpr"], "bits_per_key": numbers["bits_per_key"],
            "bytes": len(self.to_bytes()) + 4,
        }
