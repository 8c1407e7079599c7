"""An independent implementation of doc/FORMAT.md, the probabilistic value formats.

Written from the specification alone, so that comparing it with the extension
checks both the code and the document. Python 3 standard library plus xxhash
(Debian: python3-xxhash).

    >>> h = Hll.from_values([1, 2, 3])
    >>> h.to_text()                                 # format version 2, kind 20 (bigint)
    '\\\\x480202010e1a1400000000000000000042c686200159bc2f0120924d'
    >>> Hll.from_hashes([hash64(1), hash64(2), hash64(3)]).to_text()   # hashes: version 1, no kind
    '\\\\x480102010e1a0000000000000000000042c686200159bc2f0120924d'
    >>> h.cardinality()
    3
    >>> sketch_hash(42) == sketch_hash(42.0) == sketch_hash(decimal.Decimal("42.00"))
    True
    >>> b = Bloom.agg_distinct([1, 2, 3])          # SELECT bloom_agg(x) FROM generate_series(1, 3) x
    >>> b.to_bytes()[-4:].hex(), b.contains(2), b.cardinality()
    ('b91b8f0b', True, 4)
    >>> Bloom.from_bytes(b.to_bytes()) == b
    True

Values map to SQL types as follows (sql_type overrides where a Python type is
ambiguous): int -> bigint (numeric beyond int64), bool -> boolean,
float -> double precision (sql_type="real" rounds to binary32 first),
decimal.Decimal -> numeric, str -> text (sql_type="bpchar" drops trailing
blanks), bytes/bytearray -> bytea, uuid.UUID -> uuid, datetime.date -> date,
naive datetime.datetime -> timestamp, aware datetime.datetime -> timestamptz,
SqlArray -> an array (element by element). sql_type="name" and sql_type="enum NAME"
(a label of the enum NAME) hash as text, sql_type='"char"' a one-character str or a byte as
"char"::text. Types hashed by their PostgreSQL hash operator class (section
2.3) are PostgreSQL-internal: a client cannot reproduce them.

Value kinds (section 2.5): a sketch records the kind of the values added to
it (the family of their SQL type: type_kind, value_kind) and is written as
format version 2 when it has one, version 1 (0.4.0's bytes) when it has none.
Adding or probing a value of another kind converts it as PostgreSQL's =
would (probe_bytes, probe_hash) or raises ComparisonError with the server's
SQLSTATE; hashes added as hashes record no kind.

    >>> h = Hll.from_values([0.5, 19.99])           # a double precision column
    >>> h.kind, h.to_bytes()[1]
    (701, 2)
    >>> h.add(decimal.Decimal("0.5")) == h          # the numeric 0.5 equals the double 0.5
    True
"""

import datetime
import decimal
import math
import re
import struct
import uuid

import xxhash

# Section 2 and 3.1 constants. Values built under hash id 1 are read too.
HASH_ID = 2
HASH_IDS_READ = (1, 2)
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



def _hex_text_bytes(text, what):
    """The bytes of the text form: \\x and the hexadecimal binary format."""
    if len(text) < 2 or text[:2] != "\\x":
        raise FormatError(what + " is written as \\x followed by hexadecimal digits")
    digits = text[2:]
    if len(digits) % 2 or any(c not in "0123456789abcdefABCDEF" for c in digits):
        raise FormatError("invalid hexadecimal digits")
    return bytes.fromhex(digits)

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
    "name": "text", "enum": "text", '"char"': "char",
}


def _rule_name(sql_type):
    """The key of _TYPE_ALIASES for a type: "enum NAME" hashes as any enum (its label)."""
    name = sql_type.strip().lower()
    return "enum" if name.startswith("enum ") else name


class SqlArray:
    """A PostgreSQL array: its elements in storage (row-major) order, None for NULL,
    of SQL type element_type (or inferred per element), with its dimensions and
    lower bounds (default: one dimension of len(elements) from 1, none if empty)."""

    def __init__(self, elements, element_type=None, dims=None, lower_bounds=None):
        self.elements = list(elements)
        self.element_type = element_type
        if dims is None:
            dims = [len(self.elements)] if self.elements else []
        self.dims = list(dims)
        self.lower_bounds = list(lower_bounds) if lower_bounds is not None else [1] * len(self.dims)
        count = 1
        for d in self.dims:
            count *= d
        if len(self.lower_bounds) != len(self.dims) or (count if self.dims else 0) != len(self.elements):
            raise ParameterError("array dimensions do not match its elements")


def _array_bytes(arr):
    out = [struct.pack("<I", len(arr.dims))]
    for d, lb in zip(arr.dims, arr.lower_bounds):
        out.append(struct.pack("<ii", d, lb))
    for e in arr.elements:
        if e is None:
            out.append(b"\x00")
        else:
            out.append(b"\x01" + struct.pack("<Q", hash64(e, 0, arr.element_type)))
    return b"".join(out)


def _char_bytes(value):
    """"char" as its text form: none for 0, the byte if ASCII, else a backslash and 3 octal digits."""
    b = value if isinstance(value, int) else (value.encode("latin-1") if value else b"\x00")[0]
    if b == 0:
        return b""
    if b < 0x80:
        return bytes([b])
    return ("\\%03o" % b).encode("ascii")


def canonical_bytes(value, sql_type=None):
    """The bytes section 2.1 hashes for `value` (of SQL type sql_type, or inferred)."""
    kind = _TYPE_ALIASES.get(_rule_name(sql_type)) if sql_type else None
    if sql_type and kind is None:
        raise ParameterError("no portable encoding for SQL type %r: PostgreSQL hashes it with its "
                             "hash operator class (section 2.3)" % sql_type)
    if kind == "char":
        return _char_bytes(value)
    if isinstance(value, SqlArray):
        return _array_bytes(value)
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


# ---------------------------------------------------------------- value kinds (section 2.5)

# Bytes 6-7 of every header: 0 (none) in a format version 1 value, a kind in version 2.
FORMAT_VERSION_WITHOUT_KIND = 1
FORMAT_VERSION_WITH_KIND = 2
FORMAT_VERSIONS = (FORMAT_VERSION_WITHOUT_KIND, FORMAT_VERSION_WITH_KIND)
KIND_NONE = 0
KIND_MAX_BUILTIN = 9999
KIND_MIN_OUTSIDE = 10000               # a type outside PostgreSQL's built-in catalog, by its names
KIND_MAX_OUTSIDE = 0xFFFD
KIND_OTHER = 0xFFFE                    # 0.5.0-0.8.0: a type outside the catalog, not known which
KIND_MIXED = 0xFFFF                    # a union of sketches of different kinds

# PostgreSQL's built-in types, whose OIDs (below 10000) are the same in every database and
# release: (name as PostgreSQL prints it, OID, OID of its array type).
_BUILTIN_TYPES = [
    ("boolean", 16, 1000), ("bytea", 17, 1001), ('"char"', 18, 1002), ("name", 19, 1003),
    ("bigint", 20, 1016), ("smallint", 21, 1005), ("integer", 23, 1007), ("regproc", 24, 1008),
    ("text", 25, 1009), ("oid", 26, 1028), ("tid", 27, 1010), ("xid", 28, 1011), ("cid", 29, 1012),
    ("json", 114, 199), ("xml", 142, 143), ("point", 600, 1017), ("lseg", 601, 1018),
    ("path", 602, 1019), ("box", 603, 1020), ("polygon", 604, 1027), ("line", 628, 629),
    ("cidr", 650, 651), ("real", 700, 1021), ("double precision", 701, 1022), ("circle", 718, 719),
    ("macaddr8", 774, 775), ("money", 790, 791), ("macaddr", 829, 1040), ("inet", 869, 1041),
    ("character", 1042, 1014), ("character varying", 1043, 1015), ("date", 1082, 1182),
    ("time without time zone", 1083, 1183), ("timestamp without time zone", 1114, 1115),
    ("timestamp with time zone", 1184, 1185), ("interval", 1186, 1187),
    ("time with time zone", 1266, 1270), ("bit", 1560, 1561), ("bit varying", 1562, 1563),
    ("numeric", 1700, 1231), ("regprocedure", 2202, 2207), ("regoper", 2203, 2208),
    ("regoperator", 2204, 2209), ("regclass", 2205, 2210), ("regtype", 2206, 2211),
    ("record", 2249, 2287), ("uuid", 2950, 2951), ("tsvector", 3614, 3643), ("tsquery", 3615, 3645),
    ("regconfig", 3734, 3735), ("regdictionary", 3769, 3770), ("jsonb", 3802, 3807),
    ("int4range", 3904, 3905), ("numrange", 3906, 3907), ("tsrange", 3908, 3909),
    ("tstzrange", 3910, 3911), ("daterange", 3912, 3913), ("int8range", 3926, 3927),
    ("jsonpath", 4072, 4073), ("regnamespace", 4089, 4090), ("regrole", 4096, 4097),
    ("regcollation", 4191, 4192), ("int4multirange", 4451, 6150), ("nummultirange", 4532, 6151),
    ("tsmultirange", 4533, 6152), ("tstzmultirange", 4534, 6153), ("datemultirange", 4535, 6155),
    ("int8multirange", 4536, 6157), ("xid8", 5069, 271),
]
_TYPE_OIDS = {name: oid for name, oid, _ in _BUILTIN_TYPES}
_TYPE_OIDS.update({
    "int8": 20, "int2": 21, "int4": 23, "int": 23, "float4": 700, "float8": 701, "bool": 16,
    "char": 1042, "bpchar": 1042, "varchar": 1043, "decimal": 1700, "timestamp": 1114,
    "timestamptz": 1184, "time": 1083, "timetz": 1266, "varbit": 1562, "composite": 2249,
})
_ARRAY_OF = {oid: array for _, oid, array in _BUILTIN_TYPES}
_TYPE_NAMES = {oid: name for name, oid, _ in _BUILTIN_TYPES}
_TYPE_NAMES.update({array: name + "[]" for name, _, array in _BUILTIN_TYPES})
# The family representative of the built-in types that have one (the table of section 2.5).
_FAMILY = {21: 20, 23: 20, 700: 701, 1042: 25, 1043: 25, 19: 25, 18: 25, 650: 869,
           **{oid: 26 for oid in (24, 2202, 2203, 2204, 2205, 2206, 3734, 3769, 4089, 4096, 4191)}}
# int2vector and oidvector follow the array rule (section 2.1): arrays of smallint and oid.
_VECTOR_TYPES = {"int2vector": "smallint", "oidvector": "oid"}
# Types outside the built-in catalog are named "enum NAME", "type NAME" (a type of no
# extension), "type NAME of extension EXT", or "citext" (the citext extension's); sketch_text
# is the extension's string type, which section 2.5 gives kind text.
_OUTSIDE_NAME = re.compile(r"^(?:enum|type) (?P<name>.+?)(?: of extension (?P<ext>.+))?$", re.S)


def outside_kind(type_name, extension=None, array=False):
    """Section 2.5: the kind of a type outside PostgreSQL's built-in catalog, from the names
    alone: 10000 + XXH3-64 (seed 0) of the identity modulo 55534, the identity being the
    UTF-8 bytes of the name of the type's extension (none for a type of no extension), a 0
    byte, the type's name, and "[]" for an array of the type."""
    identity = (extension or "").encode("utf-8") + b"\0" + type_name.encode("utf-8") + (b"[]" if array else b"")
    return KIND_MIN_OUTSIDE + xxh3(identity, 0) % (KIND_MAX_OUTSIDE - KIND_MIN_OUTSIDE + 1)


def is_outside_kind(kind):
    return KIND_MIN_OUTSIDE <= kind <= KIND_MAX_OUTSIDE


def _outside_type_kind(sql_type, array):
    """The kind of a type outside the catalog named as _OUTSIDE_NAME says, or None."""
    if sql_type.strip().lower() == "citext":
        return outside_kind("citext", "citext", array)
    m = _OUTSIDE_NAME.match(sql_type.strip())
    if m is None:
        return None
    return outside_kind(m.group("name"), m.group("ext"), array)


class ComparisonError(ValueError):
    """A value that a sketch of its kind refuses (section 2.5), with the extension's SQLSTATE:
    42804 (no conversion of the value gives the answer), 42883 (no = between the two types),
    22003 (the conversion = applies is out of range); None when the answer depends on the
    server's catalog (a type a client cannot hash or resolve)."""

    def __init__(self, message, sqlstate):
        super().__init__(message)
        self.sqlstate = sqlstate


def _base_type_name(sql_type):
    return re.sub(r"\s*\([^)]*\)", "", sql_type.strip().lower())


def type_kind(sql_type):
    """The kind of an SQL type (section 2.5's table): its name as PostgreSQL spells it or an
    alias (int4, float8, varchar(40), char(6), timestamptz, text[]), "enum NAME", "type NAME
    [of extension EXT]" or "citext" for a type outside the built-in catalog (outside_kind),
    "composite" for a row type; or a built-in type's OID. A domain has its base type's kind:
    pass the base type."""
    if isinstance(sql_type, int):
        oid = sql_type
        if not 0 < oid <= KIND_MAX_BUILTIN:
            raise ParameterError("OID %d is no built-in type: the kind of a type outside the catalog "
                                 "comes from its names (outside_kind)" % oid)
        element = next((e for e, array in _ARRAY_OF.items() if array == oid), None)
        if element is not None:
            return _ARRAY_OF[type_kind(element)]
        return _FAMILY.get(oid, oid)
    stripped = sql_type.strip()
    if stripped.endswith("[]"):
        outside = _outside_type_kind(stripped[:-2], True)
        if outside is not None:
            return outside
        return _ARRAY_OF[type_kind(stripped[:-2])]
    outside = _outside_type_kind(stripped, False)
    if outside is not None:
        return outside
    name = _base_type_name(sql_type)
    if name in _VECTOR_TYPES:
        return type_kind(_VECTOR_TYPES[name] + "[]")
    if name == "sketch_text":
        return 25
    oid = _TYPE_OIDS.get(name)
    if oid is None:
        raise ParameterError("unknown SQL type %r: name a built-in type, or 'enum NAME', 'type NAME [of "
                             "extension EXT]' or 'citext' for a type outside PostgreSQL's built-in catalog"
                             % sql_type)
    return _FAMILY.get(oid, oid)


def kind_name(kind):
    """The kind as *_info's "kind" field shows it: None, "other", "other N" (a type outside the
    catalog, kind N), "mixed" or the type's name."""
    if kind == KIND_NONE:
        return None
    if kind == KIND_OTHER:
        return "other"
    if is_outside_kind(kind):
        return "other %d" % kind
    if kind == KIND_MIXED:
        return "mixed"
    if kind not in _TYPE_NAMES:
        raise ParameterError("kind %d is not a type this implementation knows by name" % kind)
    return _TYPE_NAMES[kind]


def valid_kind(kind):
    """A kind a format version 2 value may record: any u16 but 0 (1 ... 9999 built-in,
    10000 ... 65533 outside the catalog, 65534 the legacy outside kind, 65535 mixed)."""
    return 1 <= kind <= KIND_MIXED


def read_kind(version, stored, version_1_value, what):
    """The kind of a header whose version is 1 or 2 and whose bytes 6-7 hold `stored`;
    a version 1 header must hold version_1_value there (0 for hll and bloom, 1 for cuckoo)."""
    if version == FORMAT_VERSION_WITHOUT_KIND:
        if stored != version_1_value:
            raise FormatError("%s: bytes 6-7 of a format version 1 value are %d, not %d"
                              % (what, stored, version_1_value))
        return KIND_NONE
    if not valid_kind(stored):
        raise FormatError("%s: value kind %d in a format version 2 value (a value without a kind is "
                          "format version 1)" % (what, stored))
    return stored


def kind_header(kind, version_1_value=0):
    """(format version, bytes 6-7) written for a kind: version 1 exactly when it is 0."""
    if kind == KIND_NONE:
        return FORMAT_VERSION_WITHOUT_KIND, version_1_value
    return FORMAT_VERSION_WITH_KIND, kind


def _other_with_outside(a, b):
    """The legacy 65534 with an outside kind, or with itself: possibly one type."""
    return (a == KIND_OTHER and (is_outside_kind(b) or b == KIND_OTHER)) or (b == KIND_OTHER and is_outside_kind(a))


def union_kind(a, a_has_values, b, b_has_values):
    """The kind of a union: a side with no value gives the other's, a side without a kind
    takes the other's, equal kinds stay, the legacy 65534 with a kind outside the catalog is
    65534, other different ones are mixed; no value at all, none."""
    if not a_has_values:
        return b if b_has_values else KIND_NONE
    if not b_has_values:
        return a
    if a == KIND_NONE or a == b:
        return b
    if b == KIND_NONE:
        return a
    if _other_with_outside(a, b):
        return KIND_OTHER
    return KIND_MIXED


def check_comparable(a, b, what):
    """Containment, intersection and joint estimates: one kind, none on either side, or the
    legacy 65534 with a kind outside the catalog; otherwise 22023."""
    if a != b and a != KIND_NONE and b != KIND_NONE and not _other_with_outside(a, b):
        raise ParameterError("cannot compare %s that hold values of different types (kinds %d and %d)"
                             % (what, a, b))


def value_kind(value, sql_type=None):
    """The kind of a value: its SQL type's, or its Python type's (see the module's docstring)."""
    if sql_type:
        return type_kind(sql_type)
    if isinstance(value, SqlArray):
        if value.element_type:
            return type_kind(value.element_type + "[]")
        kinds = {value_kind(e) for e in value.elements if e is not None}
        if len(kinds) != 1:
            raise ParameterError("give the SqlArray an element_type: its elements do not name one type")
        return _ARRAY_OF[kinds.pop()]
    if isinstance(value, bool):
        return 16
    if isinstance(value, int):
        return 20 if _INT64_MIN <= value <= _INT64_MAX else 1700
    if isinstance(value, float):
        return 701
    if isinstance(value, decimal.Decimal):
        return 1700
    if isinstance(value, str):
        return 25
    if isinstance(value, (bytes, bytearray, memoryview)):
        return 17
    if isinstance(value, uuid.UUID):
        return 2950
    if isinstance(value, datetime.datetime):
        return 1184 if value.tzinfo is not None and value.utcoffset() is not None else 1114
    if isinstance(value, datetime.date):
        return 1082
    raise ParameterError("no SQL type for %s: pass sql_type" % type(value).__name__)


def _name_of(kind):
    return kind_name(kind) if kind in _TYPE_NAMES else "type %d" % kind


def _refuse(value_kind_, kind, sqlstate, why):
    raise ComparisonError("cannot compare a %s value with the %s values of this sketch: %s"
                          % (_name_of(value_kind_), _name_of(kind), why), sqlstate)


_USECS_PER_DAY = 86400000000
# Kinds whose values a client hashes (section 2.1): comparisons between them are decided here.
_PORTABLE_KINDS = {16, 17, 20, 25, 701, 1082, 1114, 1184, 1700, 2950}
_PORTABLE_KINDS |= {_ARRAY_OF[k] for k in _PORTABLE_KINDS}


def _as_double(value, sql_type, own):
    """A number of kind `own` converted to double precision as PostgreSQL's implicit casts do."""
    if sql_type and _base_type_name(sql_type) in ("real", "float4"):
        return struct.unpack("<f", struct.pack("<f", float(value)))[0]
    if own == 1700:
        d = decimal.Decimal(value)
        x = float(d)
        if d.is_finite() and (math.isinf(x) or (x == 0.0 and d != 0)):
            raise ComparisonError("%s is out of range for type double precision" % d, "22003")
        return x
    return float(value)


def _micros_or_infinity(value):
    """A timestamp value (datetime, or microseconds with sql_type "timestamp") as microseconds."""
    return value if isinstance(value, int) else _timestamp_micros(value)


def _days(value):
    """A date value (datetime.date, or days with sql_type "date") as days since 2000-01-01."""
    return value if isinstance(value, int) else (value - _PG_EPOCH_DATE).days


def _refuse_add(own, kind, why):
    raise ComparisonError("cannot add this %s value to a sketch of %s values: %s"
                          % (_name_of(own), _name_of(kind), why), "42804")


def probe_bytes(value, kind, sql_type=None, adding=False):
    """The canonical bytes hashed for a value of sql_type (or of its Python type's SQL type)
    added to (adding), or probed against, a sketch of `kind` (section 2.5): its own rule's, or
    those of the value converted as PostgreSQL's = converts it. ComparisonError where the
    extension refuses the value, or where the answer needs the server's catalog; an add of a
    value no value of the kind equals is refused too."""
    own = value_kind(value, sql_type)
    if kind == KIND_NONE or kind == own:
        return canonical_bytes(value, sql_type)
    if kind == KIND_MIXED:
        _refuse(own, kind, "42804", "no one = says which values of a union of several types it equals")
    if kind == KIND_OTHER:                          # legacy: any type outside the catalog, as then
        if is_outside_kind(own):
            return canonical_bytes(value, sql_type)
        _refuse(own, kind, "42804", "the = of a type outside the built-in catalog with it cannot be known")
    if is_outside_kind(kind):
        _refuse(own, kind, "42804", "the = of another type outside the built-in catalog with it cannot be known")
    if is_outside_kind(own):
        if _rule_name(sql_type or "") == "enum":
            _refuse(own, kind, "42883", "an enum has no = with a built-in type")
        _refuse(own, kind, None, "its = with a built-in type is the server's catalog's to resolve")
    if kind not in _PORTABLE_KINDS:
        _refuse(own, kind, None, "the sketch's type is hashed by the server (section 2.3)")
    pair = (kind, own)
    if pair == (20, 701):
        # bigint compared as double precision: exact while no other integer rounds to the value.
        x = _as_double(value, sql_type, own)
        if adding and not (math.isfinite(x) and x == math.trunc(x)):
            _refuse_add(own, kind, "no integer equals it")
        if math.isfinite(x) and x == math.trunc(x) and abs(x) >= 2.0 ** 53:
            _refuse(own, kind, "42804", "integers of this size round to it, so several equal it")
        return _float_bytes(x)
    if pair in ((20, 1700), (1700, 20)):
        if adding and pair == (20, 1700):
            d = decimal.Decimal(value)
            if not (d.is_finite() and d == d.to_integral_value() and _INT64_MIN <= int(d) <= _INT64_MAX):
                _refuse_add(own, kind, "no integer equals it")
        return canonical_bytes(value, sql_type)     # integral numerics hash as integers
    if pair in ((701, 20), (701, 1700)):
        return _float_bytes(_as_double(value, sql_type, own))
    if pair == (1082, 1114):                        # date = timestamp
        micros = _micros_or_infinity(value)
        if micros in (TIMESTAMP_INFINITY, TIMESTAMP_MINUS_INFINITY):
            return _int_bytes(DATE_INFINITY if micros > 0 else DATE_MINUS_INFINITY)
        if micros % _USECS_PER_DAY != 0 and adding:
            _refuse_add(own, kind, "no date equals a time that is not a midnight")
        return _int_bytes(micros // _USECS_PER_DAY if micros % _USECS_PER_DAY == 0 else micros)
    if pair == (1114, 1082):                        # timestamp = date
        days = _days(value)
        if days in (DATE_INFINITY, DATE_MINUS_INFINITY):
            return _int_bytes(TIMESTAMP_INFINITY if days > 0 else TIMESTAMP_MINUS_INFINITY)
        return _int_bytes(days * _USECS_PER_DAY)
    if pair in ((1700, 701), (1184, 1082), (1184, 1114), (1082, 1184), (1114, 1184)):
        _refuse(own, kind, "42804", "= converts the sketch's values, or depends on the session's TimeZone")
    _refuse(own, kind, "42883", "there is no = between them (arrays of different types included)")


def probe_hash(value, kind, seed=0, sql_type=None, adding=False):
    """The hash of a value against a sketch of `kind` (section 2.5), as an unsigned 64-bit int."""
    return xxh3(probe_bytes(value, kind, sql_type, adding), seed)


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


class _Sketch:
    """What hll and bloom share: adding returns a new value, as the SQL functions do."""

    def add(self, value, sql_type=None):
        """hll_add / bloom_add: the value hashed with the sketch's seed against its kind
        (section 2.5); None leaves it unchanged."""
        out = self.copy()
        if value is not None:
            out._add_value(value, sql_type)
        return out

    def _add_value(self, value, sql_type):
        """Adds in place; an empty sketch without a kind takes the value's."""
        h = self._hash(value, sql_type, adding=True)
        was_empty = not self.has_values()
        self._add_hash(h)
        if self.kind == KIND_NONE and was_empty:
            self.kind = value_kind(value, sql_type)

    def _hash(self, value, sql_type, adding=False):
        """The value's hash under this sketch's hash id (id 1 hashed the rules new in id 2
        otherwise) and against its kind (section 2.5: converted as = converts it, or refused)."""
        if self.hash_id != HASH_ID and (isinstance(value, SqlArray) or
                                        _rule_name(sql_type or "") in ("name", "enum", '"char"')):
            raise ParameterError("this sketch was built under hash id %d, which hashed this type "
                                 "differently: rebuild it" % self.hash_id)
        return probe_hash(value, self.kind, self.seed, sql_type, adding)

    def add_hash(self, h):
        """hll_add_hash: a hash added as a hash records no kind."""
        out = self.copy()
        out._add_hash(h & _U64)
        return out

    def _add_values(self, values, sql_type, sql_types):
        for i, v in enumerate(values):
            if v is not None:
                self._add_value(v, sql_types[i] if sql_types is not None else sql_type)
        return self

    def without_kind(self):
        """The same sketch recording no kind: the version 1 bytes 0.4.0 wrote for it."""
        out = self.copy()
        out.kind = KIND_NONE
        return out

    def _record_kind(self, kind):
        """What an aggregate of values of one kind records: the kind, if a value was added."""
        if self.has_values():
            self.kind = kind
        return self


def info_number_text(x):
    """A floating-point number of hll_info, bloom_info or cuckoo_info as the server's jsonb
    prints it (section 1): the shortest decimal that reads back as the same binary64 (the digits
    repr finds), written out as PostgreSQL's numeric does, without an exponent or a trailing
    ".0"; None (JSON null) when not finite."""
    if not math.isfinite(x):
        return None
    d = decimal.Decimal(repr(x + 0.0))
    return format(d.normalize() if d == d.to_integral_value() else d, "f")


class Hll(_Sketch):
    """An hll value, always in its canonical representation (section 3.7).

    Exactly one of entries (dict index26 -> rank26, sparse) and registers
    (bytearray of 2^p ranks, dense) is set. Operations return new values.
    """

    __slots__ = ("precision", "seed", "entries", "registers", "hash_id", "kind")

    def __init__(self, precision, seed, entries=None, registers=None, hash_id=HASH_ID, kind=KIND_NONE):
        self.precision = precision
        self.seed = seed & _U64
        self.hash_id = hash_id
        self.kind = kind
        self.entries = entries
        self.registers = registers

    # -- construction
    @classmethod
    def empty(cls, precision=DEFAULT_PRECISION, seed=0):
        _check_precision(precision)
        return cls(precision, seed, entries={})

    @classmethod
    def from_hashes(cls, hashes, precision=DEFAULT_PRECISION, seed=0, kind=KIND_NONE):
        """A sketch of hashes (u64, or signed bigint as sketch_hash returns them):
        hll_add_hash_agg, kind 0; or, with the kind of the values they are the hashes of,
        what hll_add_agg builds from those values."""
        h = cls.empty(precision, seed)
        for x in hashes:
            h._add_hash(x & _U64)
        return h._record_kind(kind)

    @classmethod
    def from_values(cls, values, precision=DEFAULT_PRECISION, seed=0, sql_type=None, sql_types=None):
        """What hll_add_agg(x, precision) builds (seed 0), or repeated hll_add with a seed,
        with its kind (section 2.5). None values are skipped, as SQL NULLs. sql_types, if
        given, is each value's SQL type."""
        return cls.empty(precision, seed)._add_values(values, sql_type, sql_types)

    def copy(self):
        return Hll(self.precision, self.seed,
                   dict(self.entries) if self.entries is not None else None,
                   bytearray(self.registers) if self.registers is not None else None, self.hash_id,
                   self.kind)

    def has_values(self):
        """Anything but the empty sketch, a sparse value without entries."""
        return self.registers is not None or bool(self.entries)

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
        rep = "sparse %d entries" % len(self.entries) if self.sparse else "dense"
        return "<Hll p=%d seed=%d kind=%d %s>" % (self.precision, to_signed(self.seed), self.kind, rep)

    # -- bytes (sections 3.2 - 3.5, 3.11)
    def to_bytes(self):
        version, kind_bytes = kind_header(self.kind)
        header = struct.pack("<BBBBBBHQ", TYPE_TAG, version, self.hash_id,
                             REPR_SPARSE if self.sparse else REPR_DENSE,
                             self.precision, SPARSE_PRECISION, kind_bytes, self.seed)
        if self.sparse:
            return header + struct.pack("<%dI" % len(self.entries), *self.sparse_entries())
        return header + pack_registers(self.registers)

    def to_text(self):
        return "\\x" + self.to_bytes().hex()

    @classmethod
    def from_text(cls, text):
        return cls.from_bytes(_hex_text_bytes(text, "an hll value"))

    @classmethod
    def from_bytes(cls, data):
        """Validates outside bytes field by field (section 3.5)."""
        data = bytes(data)
        if len(data) < HEADER_SIZE:
            raise FormatError("%d bytes is shorter than the 16-byte header" % len(data))
        tag, version, hash_id, repr_, p, sparse_p, kind_bytes, seed = struct.unpack_from("<BBBBBBHQ", data)
        if tag != TYPE_TAG:
            raise FormatError("type tag is 0x%02x, expected 0x48" % tag)
        if version not in FORMAT_VERSIONS:
            raise FormatError("format version %d is not supported" % version)
        if hash_id not in HASH_IDS_READ:
            raise FormatError("unknown hash function id %d" % hash_id)
        if not MIN_PRECISION <= p <= MAX_PRECISION:
            raise FormatError("precision %d is outside 4..18" % p)
        if sparse_p != SPARSE_PRECISION:
            raise FormatError("sparse precision %d is not 26" % sparse_p)
        kind = read_kind(version, kind_bytes, 0, "invalid hll value")
        payload = data[HEADER_SIZE:]
        if repr_ == REPR_DENSE:
            if len(payload) != dense_payload_size(p):
                raise FormatError("dense payload is %d bytes, precision %d needs %d"
                                  % (len(payload), p, dense_payload_size(p)))
            regs = unpack_registers(payload)
            for i, r in enumerate(regs):
                if r > max_rank(p):
                    raise FormatError("register %d holds %d, above the maximum %d" % (i, r, max_rank(p)))
            return cls(p, seed, registers=regs, hash_id=hash_id, kind=kind)
        if repr_ != REPR_SPARSE:
            raise FormatError("unknown representation %d" % repr_)
        if len(payload) % 4:
            raise FormatError("sparse payload is not a whole number of 4-byte entries")
        n = len(payload) // 4
        if n > sparse_limit(p):
            raise FormatError("%d sparse entries, more than the %d allowed at precision %d"
                              % (n, sparse_limit(p), p))
        if n == 0 and kind != KIND_NONE:
            raise FormatError("an empty value records a kind (values of kind %d); empty values record none"
                              % kind)
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
        return cls(p, seed, entries=entries, hash_id=hash_id, kind=kind)

    # -- union and fold (sections 3.8, 3.9)
    def _check_compatible(self, other, comparing=True):
        """As the core's hll::check_compatible: the hash id first, then the seed; comparing
        (containment, joint estimates, not union) also needs comparable kinds (section 2.5)."""
        if self.hash_id != other.hash_id:
            raise ParameterError("cannot combine hll values built under hash ids %d and %d"
                                 % (self.hash_id, other.hash_id))
        if self.seed != other.seed:
            raise ParameterError("cannot combine hll values built with different hash seeds")
        if comparing:
            check_comparable(self.kind, other.kind, "hll values")

    def union(self, other):
        """The union (section 3.8), its kind joined by section 2.5's rule."""
        self._check_compatible(other, comparing=False)
        p = min(self.precision, other.precision)
        kind = union_kind(self.kind, self.has_values(), other.kind, other.has_values())
        if self.sparse and other.sparse:
            merged = dict(self.entries)
            for i, r in other.entries.items():
                if merged.get(i, 0) < r:
                    merged[i] = r
            out = Hll(p, self.seed, entries=merged, hash_id=self.hash_id, kind=kind)
            if len(merged) > sparse_limit(p):
                out._densify()
            return out
        regs = _dense_registers(self, p)
        for i, r in enumerate(_dense_registers(other, p)):
            if regs[i] < r:
                regs[i] = r
        return Hll(p, self.seed, registers=regs, hash_id=self.hash_id, kind=kind)

    def fold(self, precision):
        """The sketch at a lower precision, with its kind (none when it holds no value)."""
        _check_precision(precision)
        if precision > self.precision:
            raise ParameterError("cannot raise an hll's precision from %d to %d" % (self.precision, precision))
        if precision == self.precision:
            return self.copy()
        kind = self.kind if self.has_values() else KIND_NONE
        if self.sparse and len(self.entries) <= sparse_limit(precision):
            return Hll(precision, self.seed, entries=dict(self.entries), hash_id=self.hash_id, kind=kind)
        return Hll(precision, self.seed, registers=_dense_registers(self, precision), hash_id=self.hash_id,
                   kind=kind)

    def contains(self, other):
        """hll @> hll: every register of other is <= this one's at the common precision
        (comparable kinds only, section 2.5)."""
        self._check_compatible(other)
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
        """The estimate as hll_info shows it (info_number_text)."""
        return info_number_text(self.estimate())


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


# Up to this many registers the estimate's own first-order bias is removed (section 3.10).
MAX_BIAS_CORRECTED_REGISTERS = 1024.0


def _finite_m_bias(t, q):
    """b(t): the improved raw estimator's relative bias at t values per register is
    b(t) / m to first order in 1/m (section 3.10); only + - * / so it is the same bits
    everywhere."""
    t = min(t, 2.0 ** 20)
    y = math.ldexp(t, -q)
    w = y - (y * y) * (0.5 - y / 6.0)  # 1 - exp(-t / 2^q)
    s1 = 0.0
    s2 = 0.0
    for k in range(q, 0, -1):
        pk = (1.0 - w) * w
        s1 = s1 + math.ldexp(pk, -k)
        s2 = s2 + math.ldexp(pk, -2 * k)
        w = w * (2.0 - w)
    p0 = 1.0 - w
    d1, d2, a, b, c, e = 1.0, 0.0, p0, 1.0, 2.0, 1.0  # sigma'(p0), sigma''(p0) by their series
    while True:
        prev1, prev2 = d1, d2
        d1 = d1 + c * a
        d2 = d2 + (c * e) * b
        b = a * a
        a = b * p0
        c = c * 4.0
        e = (e + e) + 1.0
        if d1 == prev1 and d2 == prev2:
            break
    zbar = _sigma(p0) + s1
    mean = p0 * d1 + s1
    v = ((p0 * d1) * d1 + s2) - mean * mean
    return v / (zbar * zbar) - ((0.5 * d2) * (p0 * (1.0 - p0))) / zbar


def ertl_estimate(c, q, m):
    """Ertl (2017) improved raw estimator from the histogram c[0..q+1] of m registers,
    less its first-order bias when m <= 1024 (section 3.10)."""
    z = m * _tau(1.0 - float(c[q + 1]) / m)
    for k in range(q, 0, -1):
        z = 0.5 * (z + float(c[k]))
    z = z + m * _sigma(float(c[0]) / m)
    # Every register at the maximum makes z 0 and the quotient +infinity in IEEE
    # arithmetic; no set hashes to more than the 2^64 distinct hashes there are.
    if z == 0.0:
        return ESTIMATE_MAX
    n = min((m * m) / ((2.0 * math.log(2.0)) * z), ESTIMATE_MAX)
    if m <= MAX_BIAS_CORRECTED_REGISTERS and 0.0 < n < ESTIMATE_MAX:
        n = n * (1.0 - _finite_m_bias(n / m, q) / m)
    return n


def llround(x):
    """C llround: to the nearest integer, halves away from zero."""
    f = math.floor(abs(x))
    r = f + 1 if abs(x) - f >= 0.5 else f
    return int(-r if x < 0 else r)


# ---------------------------------------------------------------- hll joint estimation (section 3.14)
#
# Every floating-point operation below is in the order doc/FORMAT.md section
# 3.14 gives (and src/core/hll_joint.cpp performs). The contract is section
# 3.14's tolerance (derived numbers within a relative 1e-9, integer bounds
# equal or one apart); on the same platform (the same libm) they agree to the
# last bit in practice.

_JOINT_MAX_ITERATIONS = 100
_JOINT_MAX_DAMPINGS = 30
_JOINT_MAX_STEP = 4.0
_JOINT_STEP_TOLERANCE = 1e-10
_JOINT_GAIN_TOLERANCE = 1e-14
_JOINT_START_FLOOR = 1e-3


def _rho(k, q):
    return math.ldexp(1.0, -min(k, q))


def _log(v):
    """C's log: nan below 0, -inf at 0 (math.log raises)."""
    if v > 0:
        return math.log(v)
    return -math.inf if v == 0 else math.nan


def _exp(v):
    """C's exp: +inf on overflow (math.exp raises)."""
    try:
        return math.exp(v)
    except OverflowError:
        return math.inf


def _expm1(v):
    try:
        return math.expm1(v)
    except OverflowError:
        return math.inf


def _single_terms(lam, k, q):
    """ln P(K = k) for a register of rate lam, and its first two derivatives in lam."""
    if k == 0:
        return -lam, -1.0, 0.0
    rho = _rho(k, q)
    t = lam * rho
    e = math.exp(-t)
    d = -math.expm1(-t)
    r = e / d
    l = _log(d)
    d1 = rho * r
    d2 = -(rho * rho) * (r / d)
    if k <= q:
        l = l - t
        d1 = d1 - rho
    return l, d1, d2


class _Eval:
    __slots__ = ("ll", "g", "h")

    def __init__(self):
        self.ll = 0.0
        self.g = [0.0, 0.0, 0.0]
        self.h = [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]


def _add_single(ev, c, rate, k, q, which):
    if c == 0:
        return
    lam = 0.0
    for i in which:
        lam = lam + rate[i]
    l, d1, d2 = _single_terms(lam, k, q)
    ev.ll = ev.ll + c * l
    for i in which:
        ev.g[i] = ev.g[i] + c * d1
        for j in which:
            ev.h[i][j] = ev.h[i][j] + c * d2


def _equal_q(rate, k, q):
    """Q = P(K1 = K2 = k) / exp(-s rho) for 0 < k <= q (P for k = q + 1), its first and second derivatives."""
    a, b, x = rate
    s = (a + b) + x
    rho = _rho(k, q)
    A = _exp(-(a + x) * rho)
    B = _exp(-(b + x) * rho)
    C = _exp(-s * rho)
    da = -_expm1(-a * rho)
    db = -_expm1(-b * rho)
    dx = -_expm1(-x * rho)
    dax = -_expm1(-(a + x) * rho)
    dbx = -_expm1(-(b + x) * rho)
    q1 = [rho * (A * db), rho * (B * da), rho * (A + B * da)]
    r2 = rho * rho
    q2 = [[-(rho * q1[0]), r2 * C, -(rho * q1[0])],
          [r2 * C, -(rho * q1[1]), -(rho * q1[1])],
          [-(rho * q1[0]), -(rho * q1[1]), -(rho * q1[2])]]
    return dax * dbx + C * dx, q1, q2


def _add_log(ev, c, P, p1, p2):
    """c pairs in a cell of probability P with derivatives p1, p2: c ln P."""
    gq = [p1[0] / P, p1[1] / P, p1[2] / P]
    ev.ll = ev.ll + c * _log(P)
    for i in range(3):
        ev.g[i] = ev.g[i] + c * gq[i]
        for j in range(3):
            ev.h[i][j] = ev.h[i][j] + c * (p2[i][j] / P - gq[i] * gq[j])


def _add_equal(ev, c, rate, k, q):
    if c == 0:
        return
    s = (rate[0] + rate[1]) + rate[2]
    if k == 0:
        ev.ll = ev.ll - c * s
        for i in range(3):
            ev.g[i] = ev.g[i] - c
        return
    Q, q1, q2 = _equal_q(rate, k, q)
    _add_log(ev, c, Q, q1, q2)
    if k <= q:
        rho = _rho(k, q)
        ev.ll = ev.ll - c * (s * rho)
        for i in range(3):
            ev.g[i] = ev.g[i] - c * rho


def _sum_equal(rate, k, q, P, p1, p2):
    """P(K1 = K2 = k) for 0 < k added to P, its derivatives to p1 and p2 (in place); returns P."""
    Q, q1, q2 = _equal_q(rate, k, q)
    if k > q:
        for i in range(3):
            p1[i] = p1[i] + q1[i]
            for j in range(3):
                p2[i][j] = p2[i][j] + q2[i][j]
        return P + Q
    rho = _rho(k, q)
    r2 = rho * rho
    E = _exp(-((rate[0] + rate[1]) + rate[2]) * rho)
    for i in range(3):
        p1[i] = p1[i] + E * (q1[i] - rho * Q)
        for j in range(3):
            p2[i][j] = p2[i][j] + E * (((q2[i][j] - rho * q1[j]) - rho * q1[i]) + r2 * Q)
    return P + E * Q


def _pool_start(w, q):
    """The first register value whose pairs K1 = K2 count as one cell (section 3.14)."""
    e = math.frexp(w)[1]
    return min(max(1, e + 4), q + 2)


def _joint_evaluate(cells, q, rate):
    """Log-likelihood, gradient and Hessian in the rates (a, b, x); cells = (ax, b, a, bx, eq, pool):
    the pairs K1 = K2 >= pool count as one cell."""
    ax, cb, ca, bx, eq, pool = cells
    ev = _Eval()
    pooled = P = 0.0
    p1 = [0.0, 0.0, 0.0]
    p2 = [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
    for k in range(q + 2):
        _add_single(ev, ax[k], rate, k, q, (0, 2))
        _add_single(ev, cb[k], rate, k, q, (1,))
        _add_single(ev, ca[k], rate, k, q, (0,))
        _add_single(ev, bx[k], rate, k, q, (1, 2))
        if k < pool:
            _add_equal(ev, eq[k], rate, k, q)
        else:
            pooled = pooled + eq[k]
            P = _sum_equal(rate, k, q, P, p1, p2)
    if pooled > 0:
        _add_log(ev, pooled, P, p1, p2)
    return ev


def _cdf(lam, k, q):
    if k < 0:
        return 0.0
    if k > q:
        return 1.0
    return math.exp(-lam * math.ldexp(1.0, -k))


def _pmf(lam, k, q):
    if k == 0:
        return math.exp(-lam)
    t = lam * _rho(k, q)
    p = -math.expm1(-t)
    return math.exp(-t) * p if k <= q else p


def _expected_cells(q, m, rate, pool):
    a, b, x = rate
    ax, cb, ca, bx, eq = [], [], [], [], []
    for k in range(q + 2):
        ax.append(m * (_pmf(a + x, k, q) * (1.0 - _cdf(b, k, q))))
        cb.append(m * (_pmf(b, k, q) * _cdf(a + x, k - 1, q)))
        ca.append(m * (_pmf(a, k, q) * _cdf(b + x, k - 1, q)))
        bx.append(m * (_pmf(b + x, k, q) * (1.0 - _cdf(a, k, q))))
        s = (a + b) + x
        if k == 0:
            pe = math.exp(-s)
        else:
            rho = _rho(k, q)
            pq = -math.expm1(-(a + x) * rho) * -math.expm1(-(b + x) * rho) + \
                math.exp(-s * rho) * -math.expm1(-x * rho)
            pe = math.exp(-s * rho) * pq if k <= q else pq
        eq.append(m * pe)
    return ax, cb, ca, bx, eq, pool


def _cholesky_solve(mat, g):
    l = [[0.0] * 3 for _ in range(3)]
    for i in range(3):
        for j in range(i + 1):
            s = mat[i][j]
            for k in range(j):
                s = s - l[i][k] * l[j][k]
            if i == j:
                if not s > 0:
                    return None
                l[i][i] = math.sqrt(s)
            else:
                l[i][j] = s / l[j][j]
    y = [0.0] * 3
    for i in range(3):
        s = g[i]
        for k in range(i):
            s = s - l[i][k] * y[k]
        y[i] = s / l[i][i]
    d = [0.0] * 3
    for i in (2, 1, 0):
        s = y[i]
        for k in range(i + 1, 3):
            s = s - l[k][i] * d[k]
        d[i] = s / l[i][i]
    return d


def _invert3(m):
    c00 = m[1][1] * m[2][2] - m[1][2] * m[2][1]
    c01 = m[1][2] * m[2][0] - m[1][0] * m[2][2]
    c02 = m[1][0] * m[2][1] - m[1][1] * m[2][0]
    det = (m[0][0] * c00 + m[0][1] * c01) + m[0][2] * c02
    if not det > 0 or not math.isfinite(det):
        return None
    c11 = m[0][0] * m[2][2] - m[0][2] * m[2][0]
    c12 = m[0][2] * m[1][0] - m[0][0] * m[1][2]
    c22 = m[0][0] * m[1][1] - m[0][1] * m[1][0]
    c = [[c00, c01, c02], [c01, c11, c12], [c02, c12, c22]]
    return [[c[i][j] / det for j in range(3)] for i in range(3)]


def _sqrt_nonneg(v):
    return math.sqrt(v) if v > 0 else 0.0


def _poisson_variance(q, m, estimate):
    """m^2 / I, I the expected Fisher information of m registers at the estimate."""
    lam = estimate / m
    info = 0.0
    for k in range(1, q + 2):
        _, _, d2 = _single_terms(lam, k, q)
        info = info - _pmf(lam, k, q) * d2
    info = m * info
    if not info > 0:
        return math.inf
    return (m * m) / info


def standard_error(q, m, estimate):
    """The standard error of a single estimate from m registers (section 3.14)."""
    if not estimate > 0:
        return 0.0
    v = _poisson_variance(q, m, estimate)
    if not math.isfinite(v):
        return v
    return _sqrt_nonneg(v - estimate)


_TIE_NONE, _TIE_JACCARD = 0, 2


def _tie_derivatives(ev, tie):
    """(g, H) the iteration uses (section 3.14): L's in (a, b, x); tie =
    (_TIE_JACCARD, k): those of L(a, b, k (a + b)) in (a, b), x's row and column 0."""
    kind, c = tie
    if kind == _TIE_NONE:
        return list(ev.g), [list(row) for row in ev.h]
    h = ev.h
    g = [ev.g[0] + c * ev.g[2], ev.g[1] + c * ev.g[2], 0.0]
    hm = [[0.0] * 3 for _ in range(3)]
    for i in range(2):
        for j in range(2):
            hm[i][j] = (h[i][j] + c * h[i][2]) + c * (h[2][j] + c * h[2][2])
    return g, hm


def _hold(gt, mt, held):
    """Holds coordinate held of a Newton system (gt 0, its row and column 0, diagonal 1)."""
    gt[held] = 0.0
    for j in range(3):
        mt[held][j] = mt[j][held] = 0.0
    mt[held][held] = 1.0


def _newton_maximise(system, move):
    """Damped Newton maximisation in up to three coordinates (section 3.14):
    system() -> (gt, mt, tau) at the current point; move(d) -> (gain, ll) when
    the point is accepted, else None. Returns the iterations taken."""
    it = 0
    while it < _JOINT_MAX_ITERATIONS:
        gt, mt, tau = system()
        mu = step = gain = ll = 0.0
        accepted = False
        for _ in range(_JOINT_MAX_DAMPINGS):
            md = [[mt[i][j] + mu if i == j else mt[i][j] for j in range(3)] for i in range(3)]
            mu = tau if mu == 0 else 10 * mu
            d = _cholesky_solve(md, gt)
            if d is None:
                continue
            step = max(max(abs(d[0]), abs(d[1])), abs(d[2]))
            if step > _JOINT_MAX_STEP:
                f = _JOINT_MAX_STEP / step
                d = [di * f for di in d]
                step = _JOINT_MAX_STEP
            res = move(d)
            if res is not None:
                gain, ll = res
                accepted = True
                break
        if not accepted:
            break
        it += 1
        if step <= _JOINT_STEP_TOLERANCE or gain <= _JOINT_GAIN_TOLERANCE * abs(ll):
            break
    return it


def _maximise(cells, q, rate, ev, w, fixed, tie=(_TIE_NONE, 0.0)):
    """Damped Newton in (ln a, ln b, x / w) over a, b > 0, x >= 0 (section
    3.14), rate[fixed] held (fixed = 0, 1, 2; -1 frees all three); tied
    (_tie_derivatives), x follows a and b. Returns (rate, ev, iterations)."""
    tied = tie[0] == _TIE_JACCARD
    st = {"rate": list(rate), "ev": ev}

    def system():
        rt, e = st["rate"], st["ev"]
        r = [rt[0], rt[1], w]
        g, hm = _tie_derivatives(e, tie)
        gt = [r[i] * g[i] for i in range(3)]
        mt = [[-((r[i] * hm[i][j]) * r[j]) for j in range(3)] for i in range(3)]
        mt[0][0] = mt[0][0] - gt[0]
        mt[1][1] = mt[1][1] - gt[1]
        tau = 1e-6 * ((abs(mt[0][0]) + abs(mt[1][1])) + abs(mt[2][2]))
        if not tau > 0:
            tau = 1e-6
        if tied:
            _hold(gt, mt, 2)
        if fixed >= 0:
            _hold(gt, mt, fixed)
        if not tied and fixed != 2 and rt[2] == 0 and not gt[2] > 0:
            _hold(gt, mt, 2)
        return gt, mt, tau

    def move(d):
        rt, e = st["rate"], st["ev"]
        nxt = [rt[0] * _exp(d[0]), rt[1] * _exp(d[1]), max(rt[2] + w * d[2], 0.0)]
        if tied:
            nxt[2] = tie[1] * (nxt[0] + nxt[1])
        if not (nxt[0] > 0 and nxt[1] > 0):
            return None
        ne = _joint_evaluate(cells, q, nxt)
        if not ne.ll >= e.ll:
            return None
        gain = ne.ll - e.ll
        st["rate"], st["ev"] = nxt, ne
        return gain, ne.ll

    it = _newton_maximise(system, move)
    return st["rate"], st["ev"], it


_BOUND_MAX_STEPS = 60
_BOUND_TOLERANCE = 1e-9


def _likelihood_bound(hat, top, drop, side, start, scale, at, keep):
    """One end of a likelihood-ratio interval by safeguarded Newton (section 3.14).
    at(t) -> (ll, slope) or None outside the domain; keep() when t is the last point inside."""
    inner, outer, have_outer, t = hat, 0.0, False, start
    for _ in range(_BOUND_MAX_STEPS):
        res = at(t)
        if res is not None and math.isfinite(res[0]):
            ll, slope = res
            h = (top - ll) - drop
            if h < 0:
                inner = t
                keep()
            else:
                outer = t
                have_outer = True
            # Newton on h (h' = -slope); a zero slope gives no step (C: inf or nan).
            nxt = t + h / slope if slope != 0 else math.nan
            ahead = side * (nxt - inner) > 0
            short_of = not have_outer or side * (outer - nxt) > 0
            if not (ahead and short_of and math.isfinite(nxt)):
                nxt = 0.5 * (inner + outer) if have_outer else inner + 2 * (inner - hat)
        else:
            outer = t
            have_outer = True
            nxt = 0.5 * (inner + outer)
        if abs(nxt - t) <= _BOUND_TOLERANCE * (abs(t) + scale):
            return nxt
        t = nxt
    return t


def _integer_bounds(lo, hi, value):
    """The integers inside [max(lo, 0), hi], or value rounded when there is none (as floats)."""
    lo = max(lo, 0.0)
    lower = float(math.ceil(lo)) if math.isfinite(lo) else lo
    upper = float(math.floor(hi)) if math.isfinite(hi) else hi
    if lower > upper:
        lower = upper = _c_round(value)
    return lower, upper


_MID_P_LIMIT = 400


def _pmf_slope(lam, k, q):
    """P(K = k) for a register of rate lam, and its derivative in lam."""
    if k == 0:
        p = math.exp(-lam)
        return p, -p
    rho = _rho(k, q)
    t = lam * rho
    e = math.exp(-t)
    f = -math.expm1(-t)
    if k <= q:
        return e * f, rho * (e * (e - f))
    return f, rho * e


def _expected_informative(q, m, rate):
    """The expected counts of registers where A's is above B's (0) and B's above A's (1),
    and their gradients in (a, b, x), section 3.14."""
    mus, dmus = [0.0, 0.0], [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
    for j in range(2):
        own, other = rate[j], rate[1 - j] + rate[2]
        mu = d_own = d_other = 0.0
        for k in range(1, q + 2):
            p, dp = _pmf_slope(own, k, q)
            c = math.exp(-other * _rho(k - 1, q))
            mu = mu + p * c
            d_own = d_own + dp * c
            d_other = d_other - (p * c) * _rho(k - 1, q)
        mus[j] = m * mu
        dmus[j][j] = m * d_own
        dmus[j][1 - j] = m * d_other
        dmus[j][2] = m * d_other
    return mus, dmus


def _half_deviance(n, mu):
    return (mu - n) - n * math.log(mu / n) if n > 0 else mu


def _mid_p_upper(n, tail, z):
    """The mid-p upper bound of a Poisson mean from the count n (section 3.14)."""
    n1 = n + 1
    c = (1.0 - 1.0 / (9.0 * n1)) + z / (3.0 * math.sqrt(n1))
    u = n1 * ((c * c) * c)
    for _ in range(_JOINT_MAX_ITERATIONS):
        t, below, prev = _exp(-u), 0.0, 0.0
        for j in range(int(n)):
            below = below + t
            prev = t
            t = (t * u) / (j + 1)
        f, slope = (below + 0.5 * t) - tail, -0.5 * (prev + t)
        nxt = u - f / slope if slope != 0 else math.nan
        if not (nxt > 0) or not math.isfinite(nxt):
            break
        step = abs(nxt - u)
        u = nxt
        if step <= 1e-12 * u:
            break
    return u


def _informative_base(fcells, q, m, rate, drop, z, confidence):
    """The informative counts (A above B, B above A), their expected values at the
    maximum and the share w of each count's log-likelihood ratio taken back."""
    n = [0.0, 0.0]
    for k in range(q + 2):
        n[0] = n[0] + fcells[2][k]
        n[1] = n[1] + fcells[1][k]
    mus, _ = _expected_informative(q, m, rate)
    wts = [0.0, 0.0]
    for j in range(2):
        if n[j] > _MID_P_LIMIT:
            continue
        d = _half_deviance(n[j], _mid_p_upper(n[j], 0.5 * (1.0 - confidence), z))
        wts[j] = 1.0 - drop / d if d > drop else 0.0
    return n, mus, wts


def _profile_bounds(fcells, q, rate, top, w, i, drop, z, v, n, m, base):
    """Profile likelihood-ratio bounds of rate i (0: a, 1: b, 2: x) as counts
    (floats), section 3.14; base = _informative_base(...)."""
    hat, wald = rate[i], z * (math.sqrt(v) / m)
    end = [0.0, 0.0]
    edge = False
    bn, bmu, bw = base

    def give_back(r, pe, ll, slope):
        """L and its slope at a profile point with each informative count's share given back."""
        mus, dmus = _expected_informative(q, m, r)
        o1, o2 = (1 if i == 0 else 0), (1 if i == 2 else 2)
        h = pe.h
        dr = [0.0, 0.0, 0.0]
        dr[i] = 1.0
        # A rate on its edge (x = 0; a or b below 1e-9 w, approached by steps in ln) stays there.
        on_edge = [r[0] < 1e-9 * w, r[1] < 1e-9 * w, r[2] == 0]
        if on_edge[o1] and not on_edge[o2] and h[o2][o2] != 0:
            dr[o2] = -h[o2][i] / h[o2][o2]
        elif on_edge[o2] and not on_edge[o1] and h[o1][o1] != 0:
            dr[o1] = -h[o1][i] / h[o1][o1]
        elif not on_edge[o1] and not on_edge[o2]:
            det = h[o1][o1] * h[o2][o2] - h[o1][o2] * h[o1][o2]
            if det != 0:
                dr[o1] = -(h[o2][o2] * h[o1][i] - h[o1][o2] * h[o2][i]) / det
                dr[o2] = -(h[o1][o1] * h[o2][i] - h[o1][o2] * h[o1][i]) / det
        for j in range(2):
            if not (bw[j] > 0):
                continue
            nj = bn[j]

            def part(mu):
                return bw[j] * _half_deviance(nj, mu) if mu > nj else 0.0

            ll = ll + (part(mus[j]) - part(bmu[j]))
            if mus[j] > nj:
                dmu = (dmus[j][0] * dr[0] + dmus[j][1] * dr[1]) + dmus[j][2] * dr[2]
                slope = slope + bw[j] * ((1.0 - nj / mus[j]) * dmu)
        return ll, slope

    for side in (-1, 1):
        st = {"kept": list(rate), "tried": list(rate), "inner": hat, "tried_t": hat, "fell": False}

        def at(t):
            st["tried_t"] = t
            kept, inner = st["kept"], st["inner"]
            s = max(inner - t, 0.0) if i == 2 else max(t - inner, 0.0)

            def defined(r):
                if not (r[0] > 0 and r[1] > 0 and r[2] >= 0):
                    return None
                pe = _joint_evaluate(fcells, q, r)
                return pe if math.isfinite(pe.ll) else None

            r = [t if j == i else (kept[2] - (t - inner) if j == 2 else kept[j] + s) for j in range(3)]
            pe = defined(r)
            if pe is None:
                if i == 2:
                    return None
                # a or b: x was pushed below 0; the others as kept instead.
                r = [t if j == i else kept[j] for j in range(3)]
                pe = defined(r)
                if pe is None:
                    return None
            r, pe, _ = _maximise(fcells, q, r, pe, w, i)
            st["tried"] = list(r)
            ll, slope = pe.ll, pe.g[i]
            if bw[0] > 0 or bw[1] > 0:
                ll, slope = give_back(r, pe, ll, slope)
            st["fell"] = st["fell"] or (math.isfinite(ll) and (top - ll) - drop >= 0)
            return ll, slope

        def keep():
            st["kept"] = st["tried"]
            st["inner"] = st["tried_t"]

        if side < 0 and hat == 0:
            # x on its edge: the interval starts there.
            end[0] = 0.0
            edge = True
            continue
        end[side > 0] = _likelihood_bound(hat, top, drop, side, hat + side * wald, wald, at, keep)
        # Below: no point fell by drop, every one beyond was outside the domain: the interval reaches 0.
        if side < 0 and not st["fell"]:
            edge = True
    f = math.sqrt(max(v - n, 0.0) / v)
    lower = 0.0 if edge else (hat - f * (hat - end[0])) * m
    return _integer_bounds(lower, (hat + f * (end[1] - hat)) * m, n)


def _jaccard_profile(fcells, q, rate, top, w, drop, wald):
    """The ends of the Jaccard index's profile likelihood-ratio interval (section
    3.14) and whether the lower side reached J = 0 without falling by drop."""
    hat = rate[2] / ((rate[0] + rate[1]) + rate[2])
    end = [0.0, 0.0]
    edge = False
    for side in (-1, 1):
        st = {"kept": list(rate), "tried": list(rate), "fell": False}

        def at(t):
            if not (t >= 0 and t < 1):
                return None
            kept = st["kept"]
            k = t / (1 - t)
            ab = kept[0] + kept[1]
            s = ab + kept[2]
            r = [((1 - t) * s) * (kept[0] / ab), ((1 - t) * s) * (kept[1] / ab), t * s]
            if not (r[0] + r[2] > 0 and r[1] + r[2] > 0):
                return None
            pe = _joint_evaluate(fcells, q, r)
            if not math.isfinite(pe.ll):
                return None
            r, pe, _ = _maximise(fcells, q, r, pe, w, -1, (_TIE_JACCARD, k))
            st["tried"] = list(r)
            st["fell"] = st["fell"] or (top - pe.ll) - drop >= 0
            return pe.ll, pe.g[2] * ((r[0] + r[1]) / ((1 - t) * (1 - t)))

        def keep():
            st["kept"] = st["tried"]

        if side < 0 and hat == 0:
            end[0] = 0.0
            edge = True
            continue
        end[side > 0] = _likelihood_bound(hat, top, drop, side, hat + side * wald, wald, at, keep)
        if side < 0 and not st["fell"]:
            edge = True
    return end, edge


def _joint_histograms(pairs, q, m):
    """The five histograms (ax, b, a, bx, eq) of register pairs (section 3.14)."""
    cells = [[0] * (q + 2) for _ in range(5)]
    ax, cb, ca, bx, eq = cells
    seen = 0
    for k1, k2 in pairs:
        k1, k2 = min(k1, q + 1), min(k2, q + 1)
        seen += 1
        if k1 < k2:
            ax[k1] += 1
            cb[k2] += 1
        elif k1 > k2:
            ca[k1] += 1
            bx[k2] += 1
        else:
            eq[k1] += 1
    eq[0] += int(m) - seen
    return cells


def joint_estimate(pairs, q, m, confidence=None):
    """The joint estimate from register pairs: pairs is an iterable of (k1, k2)
    (only the nonzero ones are needed: pairs not given count as (0, 0)).
    Returns a dict of (estimate, standard_error) per quantity, the signed
    intersection and, with a confidence, "bounds"."""
    return _joint_estimate_cells(_joint_histograms(pairs, q, m), q, m, confidence)


def _holding(bounds, value):
    """Bounds (floats) that also hold the estimate rounded."""
    r = _c_round(value)
    return min(bounds[0], r), max(bounds[1], r)


def _apart(e1, e2):
    """Nothing in common: each side's part is all of it (one side empty)."""
    zero = (0.0, 0.0)
    return {"a": e1, "b": e2, "union": e2 if e1[0] == 0 else e1, "intersection": zero,
            "a_minus_b": e1, "b_minus_a": e2, "jaccard": zero, "intersection_unclamped": 0.0,
            "iterations": 0}


def _edge_step(neg, score):
    """One Newton step of the profile likelihood of the rate in row/column 2
    beyond the edge 0: score / (N22 - N2o No^-1 No2), at most 0 (section 3.14)."""
    det = neg[0][0] * neg[1][1] - neg[0][1] * neg[1][0]
    if not det > 0:
        return 0.0
    cross = (neg[2][0] * (neg[1][1] * neg[0][2] - neg[0][1] * neg[1][2])
             + neg[2][1] * (neg[0][0] * neg[1][2] - neg[1][0] * neg[0][2])) / det
    info = neg[2][2] - cross
    if not info > 0 or not math.isfinite(info):
        return 0.0
    return min(score / info, 0.0)


def _joint_estimate_cells(cells, q, m, confidence):
    """joint_estimate from the five histograms; bounds as floats."""
    z = _confidence_quantile(confidence) if confidence is not None else 0.0
    ax, cb, ca, bx, eq = cells
    c1 = [ax[k] + ca[k] + eq[k] for k in range(q + 2)]
    c2 = [cb[k] + bx[k] + eq[k] for k in range(q + 2)]
    cu = [cb[k] + ca[k] + eq[k] for k in range(q + 2)]
    n1, n2 = ertl_estimate(c1, q, m), ertl_estimate(c2, q, m)
    if n1 == 0 or n2 == 0:
        out = _apart((n1, standard_error(q, m, n1)), (n2, standard_error(q, m, n2)))
        if confidence is not None:
            ba, bb = _cardinality_bounds(c1, q, m, confidence), _cardinality_bounds(c2, q, m, confidence)
            out["bounds"] = {"a": ba, "b": bb, "union": _cardinality_bounds(cu, q, m, confidence),
                             "intersection": (0.0, 0.0), "a_minus_b": ba, "b_minus_a": bb, "jaccard": (0.0, 0.0)}
        return out
    nu = ertl_estimate(cu, q, m)
    lo = _JOINT_START_FLOOR * nu
    x0 = min(max((n1 + n2) - nu, lo), min(n1, n2))
    rate = [max(n1 - x0, lo) / m, max(n2 - x0, lo) / m, x0 / m]
    w = nu / m
    fcells = [[float(v) for v in cell] for cell in cells] + [_pool_start(w, q)]
    ev = _joint_evaluate(fcells, q, rate)
    rate, ev, it = _maximise(fcells, q, rate, ev, w, -1)
    fisher = _joint_evaluate(_expected_cells(q, m, rate, fcells[5]), q, rate)
    neg = [[-fisher.h[i][j] for j in range(3)] for i in range(3)]
    unclamped = min(rate[2] * m, ESTIMATE_MAX)
    if rate[2] == 0:
        unclamped = m * _edge_step(neg, ev.g[2])
    na, nb, nx = min(rate[0] * m, ESTIMATE_MAX), min(rate[1] * m, ESTIMATE_MAX), min(rate[2] * m, ESTIMATE_MAX)
    inv = _invert3(neg)
    if inv is not None:
        cov = [[(m * m) * inv[i][j] for j in range(3)] for i in range(3)]
    else:
        cov = [[math.inf if i == j else 0.0 for j in range(3)] for i in range(3)]
    poisson = [cov[0][0], cov[1][1], cov[2][2]]
    pcov = [list(row) for row in cov]
    cov[0][0] = cov[0][0] - na
    cov[1][1] = cov[1][1] - nb
    cov[2][2] = cov[2][2] - nx
    nu_ml = (na + nb) + nx
    u2 = nu_ml * nu_ml
    wj = [-nx / u2, -nx / u2, (na + nb) / u2]
    vj = vjp = 0.0
    for i in range(3):
        for j in range(3):
            vj = vj + (wj[i] * cov[i][j]) * wj[j]
            vjp = vjp + (wj[i] * pcov[i][j]) * wj[j]
    out = {
        "a": (na + nx, _sqrt_nonneg((cov[0][0] + cov[2][2]) + 2 * cov[0][2])),
        "b": (nb + nx, _sqrt_nonneg((cov[1][1] + cov[2][2]) + 2 * cov[1][2])),
        "union": (nu_ml, _sqrt_nonneg(((cov[0][0] + cov[1][1]) + cov[2][2])
                                      + 2 * ((cov[0][1] + cov[0][2]) + cov[1][2]))),
        "intersection": (nx, _sqrt_nonneg(cov[2][2])),
        "a_minus_b": (na, _sqrt_nonneg(cov[0][0])),
        "b_minus_a": (nb, _sqrt_nonneg(cov[1][1])),
        "jaccard": (nx / nu_ml, _sqrt_nonneg(vj)),
        "intersection_unclamped": unclamped,
        "iterations": it,
    }
    if confidence is None:
        return out
    bounds = {"a": _holding(_cardinality_bounds(c1, q, m, confidence), out["a"][0]),
              "b": _holding(_cardinality_bounds(c2, q, m, confidence), out["b"][0]),
              "union": _holding(_cardinality_bounds(cu, q, m, confidence), out["union"][0])}
    top, drop = ev.ll, 0.5 * (z * z)
    if vjp > 0 and math.isfinite(vjp):
        jhat = rate[2] / ((rate[0] + rate[1]) + rate[2])
        end, edge = _jaccard_profile(fcells, q, rate, top, w, drop, z * math.sqrt(vjp))
        f = math.sqrt(max(vj, 0.0) / vjp)
        bounds["jaccard"] = (0.0 if edge else max(jhat - f * (jhat - end[0]), 0.0),
                             min(jhat + f * (end[1] - jhat), 1.0))
    else:
        bounds["jaccard"] = ratio_bounds(out["jaccard"][0], out["jaccard"][1], confidence)
    base = _informative_base(fcells, q, m, rate, drop, z, confidence)
    for i, name in enumerate(("a_minus_b", "b_minus_a", "intersection")):
        n, se = out[name]
        half = z * se
        if poisson[i] > 0 and math.isfinite(poisson[i]):
            bounds[name] = _holding(_profile_bounds(fcells, q, rate, top, w, i, drop, z, poisson[i], n, m, base), n)
        else:
            bounds[name] = _holding(_integer_bounds(n - half, n + half, n), n)
    out["bounds"] = bounds
    return out


# ---- Two sparse values (section 3.14, "Two sparse values")

def _collision_bound(mu, confidence):
    """The smallest k with P(C <= k) >= confidence, C Poisson of mean mu."""
    if not mu > 0:
        return 0.0
    if mu > 500:
        return float(math.ceil(mu + normal_quantile(confidence) * math.sqrt(mu)))
    term = math.exp(-mu)
    total, k = term, 0.0
    while total < confidence and k < 2000:
        k = k + 1
        term = (term * mu) / k
        total = total + term
    return k


def _collision_mean(n, m):
    """The expected number of values hidden by collisions among n values in m indices."""
    return (n * n) / (2 * m)


def _discrete_half_width(v, confidence):
    """The half-width below which a looked-up count's bounds do not go (section 3.14)."""
    if not v > 0 or not math.isfinite(v):
        return 0.0
    k = _collision_bound(v, 0.5 * (1 + confidence))
    return k + v if v < 1 else k - v


def _sparse_pair(left, right, confidence):
    """Two sparse values, entry by entry at precision 26."""
    q, m = 64 - SPARSE_PRECISION, float(1 << SPARSE_PRECISION)
    keys = set(left.entries) | set(right.entries)
    cells = _joint_histograms(((left.entries.get(i, 0), right.entries.get(i, 0)) for i in keys), q, m)
    if not left.entries or not right.entries:
        return _joint_estimate_cells(cells, q, m, confidence)
    out = _joint_estimate_cells(cells, q, m, None)
    if confidence is None:
        return out
    _, cb, ca, _, eq = cells
    cu = [cb[k] + ca[k] + eq[k] for k in range(q + 2)]
    matched = 0.0
    for k in range(1, q + 2):
        matched = matched + float(eq[k])
    in_a, in_b = float(len(left.entries)), float(len(right.entries))
    entries = m - float(cu[0])
    k = _collision_bound(_collision_mean(entries, m), confidence)

    def around(count, value):
        return _holding(_integer_bounds(count - k, count + k, value), value)

    j = out["jaccard"][0]
    j_lo, j_hi = max(matched - k, 0.0) / (entries + k), min((matched + k) / entries, 1.0)
    out["bounds"] = {
        "a": _holding(_cardinality_bounds(*left.histogram(), confidence), out["a"][0]),
        "b": _holding(_cardinality_bounds(*right.histogram(), confidence), out["b"][0]),
        "union": _holding((entries, entries + k), out["union"][0]),
        "intersection": around(matched, out["intersection"][0]),
        "a_minus_b": around(in_a - matched, out["a_minus_b"][0]),
        "b_minus_a": around(in_b - matched, out["b_minus_a"][0]),
        "jaccard": (min(j_lo, j), max(j_hi, j)),
    }
    return out


# ---- A sparse value S against a dense value D (section 3.14, "A sparse value against a dense one")

def _fdiv(a, b):
    """a / b as C divides doubles (inf or nan for b = 0)."""
    if b != 0:
        return a / b
    if a == 0 or math.isnan(a):
        return math.nan
    return math.copysign(math.inf, a) * math.copysign(1.0, b)


def _log1p(v):
    """C's log1p: -inf at -1."""
    return math.log1p(v) if v > -1 else (-math.inf if v == -1 else math.nan)


class _Lookup:
    """S's entries looked up in D's registers at D's precision p."""

    def __init__(self, sparse, dense_regs, p):
        self.q = 64 - p
        self.m = float(1 << p)
        top = self.q + 1
        self.free = [0.0] * (self.q + 2)
        seen, shapes = {}, {}
        taken = set()
        located = [entry_at((i26 << 6) | r, p) for i26, r in sorted(sparse.entries.items())]
        i = 0
        while i < len(located):
            idx = located[i][0]
            ranks = []
            while i < len(located) and located[i][0] == idx:
                ranks.append(min(located[i][1], top))
                i += 1
            d = min(dense_regs[idx], top)
            key = (d, sum(1 for r in ranks if r > d), sum(1 for r in ranks if r == d))
            seen[key] = seen.get(key, 0.0) + 1
            shape = tuple(sorted(ranks))
            shapes[shape] = shapes.get(shape, 0.0) + 1
            taken.add(idx)
        for k, r in enumerate(dense_regs):
            if k not in taken:
                self.free[min(r, top)] += 1
        self.seen = sorted(seen.items())
        self.shapes = sorted(shapes.items())


def _pmf_terms(b, d, q):
    """P(K = d) for a register of rate b, its first and second derivatives in b."""
    _, d1, d2 = _single_terms(b, d, q)
    p = _pmf(b, d, q)
    return p, p * d1, p * (d2 + d1 * d1)


def _cdf_terms(b, d, q):
    """P(K <= d) (0 below 0, 1 above q) and its first and second derivatives in b."""
    if d < 0 or d > q:
        return (0.0 if d < 0 else 1.0), 0.0, 0.0
    rho = math.ldexp(1.0, -d)
    f = _exp(-b * rho)
    return f, -(rho * f), (rho * rho) * f


class _Eval2:
    __slots__ = ("ll", "g", "h")

    def __init__(self):
        self.ll = 0.0
        self.g = [0.0, 0.0]
        self.h = [[0.0, 0.0], [0.0, 0.0]]


def _lookup_eval(c, pi, b):
    ev = _Eval2()
    q = c.q

    def add_b(n, d):
        l, d1, d2 = _single_terms(b, d, q)
        ev.ll = ev.ll + n * l
        ev.g[1] = ev.g[1] + n * d1
        ev.h[1][1] = ev.h[1][1] + n * d2

    for k in range(q + 2):
        if c.free[k] != 0:
            add_b(c.free[k], k)
    v = 1 - pi
    for (d, above, at), n in c.seen:
        above, at = float(above), float(at)
        if above > 0:
            t = n * above
            ev.ll = ev.ll + t * _log(v)
            ev.g[0] = ev.g[0] - _fdiv(t, v)
            ev.h[0][0] = ev.h[0][0] - _fdiv(t, v * v)
        if at == 0:
            add_b(n, d)
            continue
        p, p1, p2 = _pmf_terms(b, d, q)
        f, f1, f2 = _cdf_terms(b, d - 1, q)
        share = -_expm1(at * _log1p(-pi))
        dv = at * math.pow(v, at - 1)
        ddv = 0.0 if at == 1 else -((at * (at - 1)) * math.pow(v, at - 2))
        t = p + share * f
        tp, tpp = dv * f, ddv * f
        tb, tbb, tpb = p1 + share * f1, p2 + share * f2, dv * f1
        gp, gb = tp / t, tb / t
        ev.ll = ev.ll + n * _log(t)
        ev.g[0] = ev.g[0] + n * gp
        ev.g[1] = ev.g[1] + n * gb
        ev.h[0][0] = ev.h[0][0] + n * (tpp / t - gp * gp)
        ev.h[0][1] = ev.h[0][1] + n * (tpb / t - gp * gb)
        ev.h[1][1] = ev.h[1][1] + n * (tbb / t - gb * gb)
    ev.h[1][0] = ev.h[0][1]
    return ev


def _lookup_maximise(c, pi, b, ev, fixed):
    """Damped Newton in (pi, ln b) over 0 <= pi <= 1, b > 0. Returns (pi, b, ev, iterations)."""
    st = {"pi": pi, "b": b, "ev": ev}

    def system():
        e, bb, p_ = st["ev"], st["b"], st["pi"]
        gt = [e.g[0], bb * e.g[1], 0.0]
        mt = [[-e.h[0][0], -(e.h[0][1] * bb), 0.0], [-(e.h[1][0] * bb), -((bb * e.h[1][1]) * bb), 0.0],
              [0.0, 0.0, 1.0]]
        mt[1][1] = mt[1][1] - gt[1]
        tau = 1e-6 * (abs(mt[0][0]) + abs(mt[1][1]))
        if not tau > 0:
            tau = 1e-6
        if fixed >= 0:
            _hold(gt, mt, fixed)
        if (p_ == 0 and not gt[0] > 0) or (p_ == 1 and not gt[0] < 0):
            _hold(gt, mt, 0)
        return gt, mt, tau

    def move(d):
        np_ = min(max(st["pi"] + d[0], 0.0), 1.0)
        nb = st["b"] * _exp(d[1])
        if not nb > 0:
            return None
        ne = _lookup_eval(c, np_, nb)
        if not ne.ll >= st["ev"].ll:
            return None
        gain = ne.ll - st["ev"].ll
        st["pi"], st["b"], st["ev"] = np_, nb, ne
        return gain, ne.ll

    it = _newton_maximise(system, move)
    return st["pi"], st["b"], st["ev"], it


def _lookup_information(c, pi, b):
    """The expected Fisher information about (pi, b) of D's registers."""
    q = c.q
    v = 1 - pi
    free = one = 0.0
    for k in range(q + 2):
        free = free + c.free[k]
    for k in range(1, q + 2):
        _, _, d2 = _single_terms(b, k, q)
        one = one - _pmf(b, k, q) * d2
    info = [[0.0, 0.0], [0.0, free * one]]
    for ranks, n in c.shapes:
        for d in range(q + 2):
            above = at = 0.0
            for r in ranks:
                above += 1.0 if r > d else 0.0
                at += 1.0 if r == d else 0.0
            p, p1, _ = _pmf_terms(b, d, q)
            f, f1, _ = _cdf_terms(b, d - 1, q)
            share = -_expm1(at * _log1p(-pi)) if at > 0 else 0.0
            base = p + share * f
            va = math.pow(v, above)
            big_p = va * base
            if not big_p > 0:
                continue
            dva = -(above * math.pow(v, above - 1)) if above > 0 else 0.0
            dshare = at * math.pow(v, at - 1) if at > 0 else 0.0
            gp = dva * base + va * (dshare * f)
            gb = va * (p1 + share * f1)
            info[0][0] = info[0][0] + n * ((gp * gp) / big_p)
            info[0][1] = info[0][1] + n * ((gp * gb) / big_p)
            info[1][1] = info[1][1] + n * ((gb * gb) / big_p)
    info[1][0] = info[0][1]
    return info


def _lookup_profile(c, pi, b, top, i, drop, wald, b_floor):
    """The ends (pi for i = 0, b for i = 1) of the profile likelihood-ratio
    interval and whether each side reached the domain's end without falling by drop."""
    hat = pi if i == 0 else b
    end, edge = [0.0, 0.0], [False, False]
    for side in (-1, 1):
        s = 1 if side > 0 else 0
        if i == 0 and pi == (0.0 if side < 0 else 1.0):
            end[s], edge[s] = hat, True
            continue
        st = {"kept": [pi, b], "tried": [pi, b], "fell": False}

        def at(t):
            if (not (t >= 0 and t <= 1)) if i == 0 else (not t > 0):
                return None
            r = [st["kept"][0], max(st["kept"][1], b_floor)]
            r[i] = t
            pe = _lookup_eval(c, r[0], r[1])
            if not math.isfinite(pe.ll):
                return None
            r0, r1, pe, _ = _lookup_maximise(c, r[0], r[1], pe, i)
            st["tried"] = [r0, r1]
            st["fell"] = st["fell"] or (top - pe.ll) - drop >= 0
            return pe.ll, pe.g[i]

        def keep():
            st["kept"] = st["tried"]

        end[s] = _likelihood_bound(hat, top, drop, side, hat + side * wald, wald, at, keep)
        edge[s] = not st["fell"]
    return end, edge


def _lookup_estimate(sparse, dense, confidence):
    """S (sparse) against D (dense) at D's precision; a is S, b is D; bounds as floats."""
    own, other = estimate_with_error(sparse), estimate_with_error(dense)
    if own[0] == 0 or other[0] == 0:
        out = _apart(own, other)
        if confidence is not None:
            ba, bb = _cardinality_bounds(*sparse.histogram(), confidence), _cardinality_bounds(*dense.histogram(),
                                                                                                confidence)
            out["bounds"] = {"a": ba, "a_minus_b": ba, "b": bb, "b_minus_a": bb, "union": bb if own[0] == 0 else ba,
                             "intersection": (0.0, 0.0), "jaccard": (0.0, 0.0)}
        return out
    p = dense.precision
    c = _Lookup(sparse, _dense_registers(dense, p), p)
    m, n = c.m, own[0]
    b_floor = _JOINT_START_FLOOR * other[0] / m
    pi, b = 0.5, max((other[0] - 0.5 * n) / m, b_floor)
    ev = _lookup_eval(c, pi, b)
    pi, b, ev, it = _lookup_maximise(c, pi, b, ev, -1)
    info = _lookup_information(c, pi, b)
    det = info[0][0] * info[1][1] - info[0][1] * info[1][0]
    vp, vb = math.inf, (1 / info[1][1] if info[1][1] > 0 else math.inf)
    cpb = 0.0
    if det > 0 and math.isfinite(det):
        vp, vb, cpb = info[1][1] / det, info[0][0] / det, -info[0][1] / det
    nx = pi * n
    na, nb = n - nx, min(b * m, ESTIMATE_MAX)
    vx, vbm, cxb = (n * n) * vp, (m * m) * vb, (n * m) * cpb
    widest = max(nx, na) * max(nx, na)
    cxx, cbb, own2 = min(vx - nx * (na / n), widest), vbm - nb, own[1] * own[1]
    most = math.sqrt(max(cxx, 0.0) * max(cbb, 0.0))
    cxb = max(min(cxb, most), -most)
    u = n + nb
    wx, wb = 1 / u, -nx / (u * u)
    unclamped = nx
    if pi == 0 and info[1][1] > 0:
        ip = info[0][0] - (info[0][1] * info[0][1]) / info[1][1]
        if ip > 0 and math.isfinite(ip):
            unclamped = n * min(ev.g[0] / ip, 0.0)
    out = {
        "a": own,
        "b": (nb + nx, _sqrt_nonneg((cbb + cxx) + 2 * cxb)),
        "union": (u, _sqrt_nonneg(cbb + own2)),
        "intersection": (nx, _sqrt_nonneg(cxx)),
        "a_minus_b": (na, _sqrt_nonneg(cxx + own2)),
        "b_minus_a": (nb, _sqrt_nonneg(cbb)),
        "jaccard": (nx / u, _sqrt_nonneg(((wb * cbb) * wb + 2 * ((wb * cxb) * wx)) + (wx * cxx) * wx)),
        "intersection_unclamped": unclamped,
        "iterations": it,
    }
    if confidence is None:
        return out
    z = _confidence_quantile(confidence)
    drop = 0.5 * (z * z)
    sb = _cardinality_bounds(*sparse.histogram(), confidence)
    bounds = {"a": sb, "b": _holding(_cardinality_bounds(*dense.histogram(), confidence), out["b"][0])}
    wald = z * math.sqrt(vp) if vp > 0 and math.isfinite(vp) else 0.5
    end, edge = _lookup_profile(c, pi, b, ev.ll, 0, drop, wald, b_floor)
    fx = math.sqrt(max(cxx, 0.0) / vx) if vx > 0 and math.isfinite(vx) else 1.0
    s_hi = sb[1]
    hx = _discrete_half_width(cxx, confidence)
    x_lo = 0.0 if edge[0] else min(n * (pi - fx * (pi - end[0])), nx - hx)
    x_hi = s_hi if edge[1] else min(max(n * (pi + fx * (end[1] - pi)), nx + hx), s_hi)
    xb = _holding(_integer_bounds(x_lo, x_hi, nx), nx)
    wald = z * math.sqrt(vb) if vb > 0 and math.isfinite(vb) else 0.5 * b
    end, edge = _lookup_profile(c, pi, b, ev.ll, 1, drop, wald, b_floor)
    fb = math.sqrt(max(cbb, 0.0) / vbm) if vbm > 0 and math.isfinite(vbm) else 1.0
    hb = _discrete_half_width(cbb, confidence)
    b_lo = 0.0 if edge[0] else min(m * (b - fb * (b - end[0])), nb - hb)
    b_hi = max(m * (b + fb * (end[1] - b)), nb + hb)
    db = _holding(_integer_bounds(b_lo, b_hi, nb), nb)
    jw = ratio_bounds(out["jaccard"][0], out["jaccard"][1], confidence)
    bounds.update({
        "intersection": xb,
        "b_minus_a": db,
        "a_minus_b": _holding((max(sb[0] - xb[1], 0.0), sb[1] - xb[0]), na),
        "union": _holding((sb[0] + db[0], sb[1] + db[1]), u),
        "jaccard": (max(min(jw[0], xb[0] / u), 0.0), min(max(jw[1], xb[1] / u), 1.0)),
    })
    out["bounds"] = bounds
    return out


_SIDES = (("a", "b"), ("a_minus_b", "b_minus_a"))


def hll_overlap(left, right, confidence=None):
    """hll_overlap's estimates and standard errors: a dict name -> (estimate,
    standard_error) for a, b, union, intersection, a_minus_b, b_minus_a,
    jaccard; intersection_unclamped; with a confidence, "bounds": a dict
    name -> (lower, upper), integers for the counts as the server reports
    them (section 3.14)."""
    left._check_compatible(right)
    if confidence is not None:
        _confidence_quantile(confidence)
    if left.sparse and right.sparse:
        out = _sparse_pair(left, right, confidence)
    elif left.sparse or right.sparse:
        out = _lookup_estimate(left, right, confidence) if left.sparse else _lookup_estimate(right, left, confidence)
        if not left.sparse:
            for x, y in _SIDES:
                out[x], out[y] = out[y], out[x]
                if "bounds" in out:
                    out["bounds"][x], out["bounds"][y] = out["bounds"][y], out["bounds"][x]
    else:
        p = min(left.precision, right.precision)
        ra, rb = _dense_registers(left, p), _dense_registers(right, p)
        pairs = ((ra[i], rb[i]) for i in range(1 << p) if ra[i] or rb[i])
        out = joint_estimate(pairs, 64 - p, float(1 << p), confidence)
    if "bounds" in out:
        out["bounds"] = {name: (b if name == "jaccard" else (round_count(b[0]), round_count(b[1])))
                         for name, b in out["bounds"].items()}
    return out


def round_count(v):
    """A count rounded as hll_cardinality rounds it."""
    return _INT64_MAX if v >= 9223372036854775807.0 else llround(v)


def hll_intersection_cardinality(left, right):
    return round_count(hll_overlap(left, right)["intersection"][0])


def hll_difference_cardinality(left, right):
    return round_count(hll_overlap(left, right)["a_minus_b"][0])


def hll_jaccard(left, right):
    return hll_overlap(left, right)["jaccard"][0]


def estimate_with_error(sketch):
    c, q, m = sketch.histogram()
    n = ertl_estimate(c, q, m)
    return n, standard_error(q, m, n)


def hll_relative_error(sketch):
    n, se = estimate_with_error(sketch)
    return se / n if n > 0 else 0.0


def _horner(c, r):
    s = c[7]
    for i in range(6, -1, -1):
        s = s * r + c[i]
    return s


# Wichura (1988), algorithm AS241 (PPND16), lowest degree first.
_AS241_CENTRAL_NUM = (3.3871328727963666080e+0, 1.3314166789178437745e+2, 1.9715909503065514427e+3,
                      1.3731693765509461125e+4, 4.5921953931549871457e+4, 6.7265770927008700853e+4,
                      3.3430575583588128105e+4, 2.5090809287301226727e+3)
_AS241_CENTRAL_DEN = (1.0, 4.2313330701600911252e+1, 6.8718700749205790830e+2, 5.3941960214247511077e+3,
                      2.1213794301586595867e+4, 3.9307895800092710610e+4, 2.8729085735721942674e+4,
                      5.2264952788528545610e+3)
_AS241_NEAR_NUM = (1.42343711074968357734e+0, 4.63033784615654529590e+0, 5.76949722146069140550e+0,
                   3.64784832476320460504e+0, 1.27045825245236838258e+0, 2.41780725177450611770e-1,
                   2.27238449892691845833e-2, 7.74545014278341407640e-4)
_AS241_NEAR_DEN = (1.0, 2.05319162663775882187e+0, 1.67638483018380384940e+0, 6.89767334985100004550e-1,
                   1.48103976427480074590e-1, 1.51986665636164571966e-2, 5.47593808499534494600e-4,
                   1.05075007164441684324e-9)
_AS241_TAIL_NUM = (6.65790464350110377720e+0, 5.46378491116411436990e+0, 1.78482653991729133580e+0,
                   2.96560571828504891230e-1, 2.65321895265761230930e-2, 1.24266094738807843860e-3,
                   2.71155556874348757815e-5, 2.01033439929228813265e-7)
_AS241_TAIL_DEN = (1.0, 5.99832206555887937690e-1, 1.36929880922735805310e-1, 1.48753612908506148525e-2,
                   7.86869131145613259100e-4, 1.84631831751005468180e-5, 1.42151175831644588870e-7,
                   2.04426310338993978564e-15)


def normal_quantile(p):
    q = p - 0.5
    if abs(q) <= 0.425:
        r = 0.180625 - q * q
        return (_horner(_AS241_CENTRAL_NUM, r) * q) / _horner(_AS241_CENTRAL_DEN, r)
    r = p if q <= 0.0 else 1.0 - p
    r = math.sqrt(-math.log(r))
    if r <= 5.0:
        r = r - 1.6
        x = _horner(_AS241_NEAR_NUM, r) / _horner(_AS241_NEAR_DEN, r)
    else:
        r = r - 5.0
        x = _horner(_AS241_TAIL_NUM, r) / _horner(_AS241_TAIL_DEN, r)
    return -x if q < 0.0 else x


def _confidence_quantile(confidence):
    if not 0 < confidence < 1:
        raise ParameterError("confidence must be between 0 and 1 (exclusive), not %r" % confidence)
    return normal_quantile(0.5 * (1.0 + confidence))


def _c_round(x):
    """C round(): halves away from zero, on a float."""
    f = math.floor(abs(x))
    r = f + 1.0 if abs(x) - f >= 0.5 else f
    return -r if x < 0 else r


def count_bounds(estimate, standard_error_, confidence=0.95):
    """(lower, upper) as bigints: the integers within the estimate -/+ z standard
    errors (at least 0), or the estimate rounded when the interval holds none."""
    half = _confidence_quantile(confidence) * standard_error_
    lower, upper = _integer_bounds(estimate - half, estimate + half, estimate)
    return round_count(lower), round_count(upper)


def ratio_bounds(estimate, standard_error_, confidence=0.95):
    half = _confidence_quantile(confidence) * standard_error_
    return max(estimate - half, 0.0), min(estimate + half, 1.0)


def _single_eval(c, q, lam):
    ll = g = hh = 0.0
    for k in range(q + 2):
        if c[k] == 0:
            continue
        n = float(c[k])
        l, d1, d2 = _single_terms(lam, k, q)
        ll = ll + n * l
        g = g + n * d1
        hh = hh + n * d2
    return ll, g, hh


def hll_cardinality_bounds(sketch, confidence=0.95):
    """hll_cardinality_bounds (section 3.14): a dense sketch's likelihood-ratio
    bounds, a sparse one's from its entry count up by the collision count's bound."""
    lo, hi = _cardinality_bounds(*sketch.histogram(), confidence)
    return round_count(lo), round_count(hi)


def _cardinality_bounds(c, q, m, confidence):
    """The same from a register histogram c[0..q+1] of m registers (q = 38:
    a sparse value's entries), as floats."""
    z = _confidence_quantile(confidence)
    n = ertl_estimate(c, q, m)
    se = standard_error(q, m, n)
    half = z * se
    wald = _integer_bounds(n - half, n + half, n)
    if q == 64 - SPARSE_PRECISION and n > 0:
        entries = m - float(c[0])
        return _holding((entries, entries + _collision_bound(_collision_mean(entries, m), confidence)), n)
    if not n > 0 or not n < ESTIMATE_MAX or not math.isfinite(se):
        return wald
    lam = n / m
    ll, g, hh = _single_eval(c, q, lam)
    for _ in range(_JOINT_MAX_ITERATIONS):
        gt = lam * g
        mt = -((lam * hh) * lam) - gt
        tau = 1e-6 * abs(mt)
        if not tau > 0:
            tau = 1e-6
        mu = 0.0
        step = gain = 0.0
        accepted = False
        for _ in range(_JOINT_MAX_DAMPINGS):
            md = mt + mu
            mu = tau if mu == 0 else 10 * mu
            if not md > 0:
                continue
            d = gt / md
            step = abs(d)
            if step > _JOINT_MAX_STEP:
                d = d * (_JOINT_MAX_STEP / step)
                step = _JOINT_MAX_STEP
            nxt = lam * math.exp(d)
            nl, ng, nh = _single_eval(c, q, nxt)
            if nl >= ll:
                gain = nl - ll
                lam, ll, g, hh = nxt, nl, ng, nh
                accepted = True
                break
        if not accepted or step <= _JOINT_STEP_TOLERANCE or gain <= _JOINT_GAIN_TOLERANCE * abs(ll):
            break
    v = _poisson_variance(q, m, lam * m)
    if not (v > 0 and math.isfinite(v) and math.isfinite(ll)):
        return wald
    top, drop, wald_rate = ll, 0.5 * (z * z), z * (math.sqrt(v) / m)

    def at(t):
        if not t > 0:
            return None
        l, slope, _ = _single_eval(c, q, t)
        return l, slope

    lower = _likelihood_bound(lam, top, drop, -1, lam - wald_rate, wald_rate, at, lambda: None)
    upper = _likelihood_bound(lam, top, drop, 1, lam + wald_rate, wald_rate, at, lambda: None)
    nml = lam * m
    f = math.sqrt(max(v - nml, 0.0) / v)
    return _integer_bounds(n - f * (nml - lower * m), n + f * (upper * m - nml), n)


# ---------------------------------------------------------------- bloom (section 4)

BLOOM_TYPE_TAG = 0x42
LAYOUT_FIXED = 1
LAYOUT_SCALABLE = 2
LAYOUT_BLOCKED = 3
LAYOUT_NAMES = {"fixed": LAYOUT_FIXED, "classic": LAYOUT_FIXED, "scalable": LAYOUT_SCALABLE,
                "blocked": LAYOUT_BLOCKED}
BLOCK_BITS = 512
BLOCK_BYTES = BLOCK_BITS // 8
BLOCKED_MAX_HASHES = 32
_MAX_KEYS_PER_BLOCK = 1e6
BLOOM_HEADER_SIZE = 32
BLOOM_LAYER_HEADER_SIZE = 32
BLOOM_MAX_LAYERS = 64
BLOOM_MAX_CAPACITY = _INT64_MAX
BLOOM_DEFAULT_FPR = 0.01
# The largest value PostgreSQL stores (1 GB - 1, less the 4-byte varlena header),
# and the most bits one layer may need (section 4.4).
MAX_VALUE_BYTES = 0x3FFFFFFF - 4
BLOOM_MAX_BIT_COUNT = MAX_VALUE_BYTES * 8
# MAXC, the largest bloom filter the extension creates or grows to (sections 4.4, 4.13): its
# text form fits PostgreSQL's 1 GB allocation limit. Readers accept up to MAX_VALUE_BYTES.
MAX_CREATED_BYTES = 511 * 2 ** 20

# The binary64 nearest to ln 2, as a literal: sizing uses no libm call for it.
LN2 = 0.6931471805599453
_GAMMA = 0x9E3779B97F4A7C15
_U32 = (1 << 32) - 1


def fmix64(z):
    """The splitmix64 finalizer (Stafford's Mix13) on a u64."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _U64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _U64
    return z ^ (z >> 31)


def bloom_h2(h):
    return fmix64(h) | 1


def bloom_h3(h):
    return fmix64((h + _GAMMA) & _U64)


def bit_positions(h, k, m):
    """The k bit positions of hash h in a layer of m bits (section 4.5)."""
    h2, h3 = bloom_h2(h), bloom_h3(h)
    out = []
    for i in range(k):
        x = (h + i * h2 + ((i * i * i - i) // 6) * h3) & _U64
        out.append((x * m) >> 64)
    return out


def c_round(x):
    """C round() of a non-negative double: halves away from zero."""
    f = math.floor(x)
    return f + 1 if x - f >= 0.5 else f


def optimal_bit_count(capacity, fpr):
    """-n ln p / (ln 2)^2 in binary64, in this order of operations; +inf when p is 0
    (a scalable layer's rate can underflow)."""
    log_fpr = math.log(fpr) if fpr > 0.0 else -math.inf
    return (-float(capacity) * log_fpr) / (LN2 * LN2)


def bloom_bit_count(capacity, fpr):
    """m of a layer for capacity items at design rate fpr; ParameterError past one value."""
    bits = optimal_bit_count(capacity, fpr)
    if not bits <= BLOOM_MAX_BIT_COUNT:
        raise ParameterError("a bloom filter layer for %d items at false positive rate %r would not fit "
                             "in one value" % (capacity, fpr))
    return max(1, math.ceil(bits))


def _ceil_float(x):
    """C ceil of a double: infinities stay."""
    return float(math.ceil(x)) if math.isfinite(x) else x


def bloom_empty_size(capacity, fpr, scalable=False, blocked=False):
    """The bytes of bloom_empty(capacity, fpr, ...), computed as the server does before it
    allocates: 32 + 32 + ceil(bits / 8), bits = ceil(-n ln p / ln(2)^2) of the first layer, or
    512 B for a blocked filter (section 4.13). ParameterError (the server's 54000) past MAXC."""
    if blocked:
        bits = float(blocked_block_count(capacity, fpr)) * BLOCK_BITS
    else:
        bits = _ceil_float(optimal_bit_count(capacity, bloom_layer_fpr(fpr, scalable, 0)))
    size = float(BLOOM_HEADER_SIZE + BLOOM_LAYER_HEADER_SIZE) + _ceil_float(bits / 8.0)
    if not size <= MAX_CREATED_BYTES:
        raise ParameterError("a %sbloom filter for %d items at false positive rate %r would not fit in one value"
                             % ("blocked " if blocked else "scalable " if scalable else "", capacity, fpr))
    return int(size)


def bloom_hash_count(bit_count, capacity):
    """k = round((m / n) ln 2), at least 1, at most 2^32 - 1."""
    k = c_round(float(bit_count) / float(capacity) * LN2)
    return min(max(k, 1), _U32)


def bloom_layer_fpr(fpr, scalable, index):
    """The design rate of layer `index`: the target, or target * 2^-(index+1) when scalable."""
    return math.ldexp(fpr, -index - 1) if scalable else fpr


def bloom_layer_capacity(capacity, scalable, index):
    return capacity << index if scalable else capacity


def bloom_fill_limit(bit_count, hash_count, capacity, design_fpr):
    """The fill limit L of a scalable filter's layer (section 4.7): no add takes its bits-set
    count past L, except one value alone in an empty layer."""
    m, k = float(bit_count), float(hash_count)
    at_capacity = -m * math.expm1((-k * float(capacity)) / m)
    at_design_fpr = m * math.pow(design_fpr, 1.0 / k)
    limit = math.ceil(min(at_capacity, at_design_fpr))
    if limit < 1:
        return 1
    return min(limit, bit_count)


# ---- the blocked layout (section 4.13)

def segment_bits(k):
    return BLOCK_BITS // k


def _c_library_lgamma():
    """The C library's lgamma, which the server calls (section 4.13). CPython's math.lgamma is
    its own code and differs from glibc's in the last bits for about half the integers from 1 to
    5,000, which moves bloom_fpr of a blocked filter with more than about 200 values a block.
    math.lgamma where no C library can be loaded (then such values may be a few ulps off)."""
    import ctypes
    import ctypes.util
    try:
        function = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6").lgamma
    except (OSError, AttributeError):
        return math.lgamma
    function.restype, function.argtypes = ctypes.c_double, [ctypes.c_double]
    return function


c_lgamma = _c_library_lgamma()


def blocked_fpr(keys_per_block, k):
    """sum_j Poisson(j; lambda) (1 - (1 - 1/s)^j)^k, in the core's order of operations."""
    lam = float(keys_per_block)
    if not lam > 0.0:
        return 0.0
    log_keep = math.log1p(-1.0 / segment_bits(k))
    spread = 12.0 * math.sqrt(lam) + 30.0
    first = math.floor(lam - spread) if lam > spread else 0.0
    last = math.ceil(lam + spread)
    pmf = math.exp(-lam + first * math.log(lam) - c_lgamma(first + 1.0))
    total = 0.0
    j = float(first)
    while j <= last:
        if j > 0.0:
            total += pmf * math.exp(k * math.log(-math.expm1(j * log_keep)))
        pmf *= lam / (j + 1.0)  # pmf * (lam / (j + 1)), as section 4.13 says: the quotient first
        j += 1.0
    return total


def _max_keys_per_block(fpr, k):
    lo, hi = 0.0, 1.0
    while blocked_fpr(hi, k) <= fpr:
        lo = hi
        hi *= 2.0
        if hi > _MAX_KEYS_PER_BLOCK:
            return _MAX_KEYS_PER_BLOCK
    for _ in range(42):
        mid = 0.5 * (lo + hi)
        if blocked_fpr(mid, k) <= fpr:
            lo = mid
        else:
            hi = mid
    return lo


_design_cache = {}


def blocked_design(fpr):
    """(keys per block, k): the most items per block some k meets fpr at, the smallest such k."""
    if fpr in _design_cache:
        return _design_cache[fpr]
    best_lam, best_k = 0.0, 1
    for k in range(1, BLOCKED_MAX_HASHES + 1):
        lam = _max_keys_per_block(fpr, k)
        if lam > best_lam:
            best_lam, best_k = lam, k
        elif k >= best_k + 2:
            break
    _design_cache[fpr] = (best_lam, best_k)
    return best_lam, best_k


def blocked_block_count(capacity, fpr):
    """max(1, ceil(n / keys_per_block)) as a binary64 (may be huge)."""
    return max(1.0, math.ceil(float(capacity) / blocked_design(fpr)[0]))


def blocked_bit_positions(h, k, block_count):
    """The k bits of hash h in a blocked layer: block (h * B) >> 64, segment i of s bits."""
    s = segment_bits(k)
    base = ((h * block_count) >> 64) * BLOCK_BITS
    out = []
    for i in range(k):
        w = fmix64((h + (i // 2 + 1) * _GAMMA) & _U64)
        r = w & _U32 if i % 2 == 0 else w >> 32
        out.append(base + i * s + ((r * s) >> 32))
    return out


def _check_bloom_parameters(capacity, fpr):
    if not isinstance(capacity, int) or isinstance(capacity, bool) or not 1 <= capacity <= BLOOM_MAX_CAPACITY:
        raise ParameterError("bloom filter capacity must be in 1..2^63-1, not %r" % (capacity,))
    if not 0.0 < fpr < 1.0:
        raise ParameterError("bloom filter false positive rate must be between 0 and 1, exclusive, not %r"
                             % (fpr,))



def _no_kind_if_empty(bloom):
    """Section 2.5: a filter with no bit set records no kind; bytes of one that does are refused."""
    if bloom.kind != KIND_NONE and all(layer.bits_set == 0 for layer in bloom.layers):
        raise FormatError("an empty filter records a kind: empty filters record none (section 2.5)")
    return bloom

class BloomLayer:
    """One layer: m bits (a bytearray, bit j = byte j >> 3, bit j & 7), k hashes, its capacity."""

    __slots__ = ("bit_count", "hash_count", "capacity", "bits")

    def __init__(self, bit_count, hash_count, capacity, bits=None):
        self.bit_count = bit_count
        self.hash_count = hash_count
        self.capacity = capacity
        self.bits = bytearray((bit_count + 7) // 8) if bits is None else bits

    @property
    def bits_set(self):
        return int.from_bytes(self.bits, "little").bit_count()

    def copy(self):
        return BloomLayer(self.bit_count, self.hash_count, self.capacity, bytearray(self.bits))

    def test(self, h):
        bits = self.bits
        return all(bits[p >> 3] >> (p & 7) & 1 for p in bit_positions(h, self.hash_count, self.bit_count))

    def clear_positions(self, h):
        """How many of h's k positions find their bit 0, a repeated position counted each time
        (section 4.7): 0 exactly when h is in this layer."""
        bits = self.bits
        return sum(not bits[p >> 3] >> (p & 7) & 1 for p in bit_positions(h, self.hash_count, self.bit_count))

    def insert(self, h):
        bits = self.bits
        for p in bit_positions(h, self.hash_count, self.bit_count):
            bits[p >> 3] |= 1 << (p & 7)

    def estimate(self):
        """Swamidass & Baldi: -(m/k) ln(1 - X/m), X capped at m - 1/2."""
        m = float(self.bit_count)
        x = min(float(self.bits_set), m - 0.5)
        return -(m / self.hash_count) * math.log1p(-x / m)

    def estimated_fpr(self):
        return math.pow(float(self.bits_set) / float(self.bit_count), float(self.hash_count))

    def header_bytes(self):
        return struct.pack("<QQQII", self.bit_count, self.capacity, self.bits_set, self.hash_count, 0)


class BlockedLayer(BloomLayer):
    """A blocked filter's one layer (section 4.13): m = 512 B bits, k bits per item in one block."""

    __slots__ = ()

    def copy(self):
        return BlockedLayer(self.bit_count, self.hash_count, self.capacity, bytearray(self.bits))

    def positions(self, h):
        return blocked_bit_positions(h, self.hash_count, self.bit_count // BLOCK_BITS)

    def test(self, h):
        bits = self.bits
        return all(bits[p >> 3] >> (p & 7) & 1 for p in self.positions(h))

    def insert(self, h):
        bits = self.bits
        for p in self.positions(h):
            bits[p >> 3] |= 1 << (p & 7)

    def usable_bits(self):
        return float(self.bit_count // BLOCK_BITS) * self.hash_count * segment_bits(self.hash_count)

    def estimate(self):
        """Inverts E[X] = U (1 - exp(-n / (B s))), U = B k s, X capped at U - 1/2."""
        usable = self.usable_bits()
        x = min(float(self.bits_set), usable - 0.5)
        blocks = float(self.bit_count // BLOCK_BITS)
        return -blocks * segment_bits(self.hash_count) * math.log1p(-x / usable)

    def estimated_fpr(self):
        return blocked_fpr(self.estimate() / float(self.bit_count // BLOCK_BITS), self.hash_count)


def _new_layer(capacity, fpr, scalable, index):
    n = bloom_layer_capacity(capacity, scalable, index)
    m = bloom_bit_count(n, bloom_layer_fpr(fpr, scalable, index))
    return BloomLayer(m, bloom_hash_count(m, n), n)


class Bloom(_Sketch):
    """A bloom value (section 4). Operations return new values; _add_hash updates in place."""

    __slots__ = ("scalable", "blocked", "seed", "capacity", "fpr", "layers", "hash_id", "kind")

    def __init__(self, scalable, seed, capacity, fpr, layers, blocked=False, hash_id=HASH_ID, kind=KIND_NONE):
        self.scalable = scalable
        self.blocked = blocked
        self.seed = seed & _U64
        self.hash_id = hash_id
        self.kind = kind
        self.capacity = capacity
        self.fpr = fpr
        self.layers = layers

    # -- construction (sections 4.4, 4.7)
    @classmethod
    def empty(cls, capacity, fpr=BLOOM_DEFAULT_FPR, scalable=False, seed=0, layout=None):
        """bloom_empty(capacity, fpr, scalable, seed), or with layout one of LAYOUT_NAMES:
        bloom_empty(capacity, fpr, layout, seed)."""
        fpr = float(fpr)
        _check_bloom_parameters(capacity, fpr)
        blocked = False
        if layout is not None:
            if layout not in LAYOUT_NAMES:
                raise ParameterError("unknown bloom filter layout %r" % (layout,))
            scalable = LAYOUT_NAMES[layout] == LAYOUT_SCALABLE
            blocked = LAYOUT_NAMES[layout] == LAYOUT_BLOCKED
        bloom_empty_size(capacity, fpr, scalable, blocked)
        if blocked:
            layer = BlockedLayer(int(blocked_block_count(capacity, fpr)) * BLOCK_BITS, blocked_design(fpr)[1], capacity)
            return cls(False, seed, capacity, fpr, [layer], blocked=True)
        return cls(bool(scalable), seed, capacity, fpr, [_new_layer(capacity, fpr, scalable, 0)])

    @classmethod
    def from_hashes(cls, hashes, capacity, fpr=BLOOM_DEFAULT_FPR, scalable=False, seed=0, layout=None,
                    kind=KIND_NONE):
        """A filter with the hashes (u64 or signed) added in order, recording `kind` (that of the
        values they are the hashes of) if any was added."""
        b = cls.empty(capacity, fpr, scalable, seed, layout)
        for h in hashes:
            b._add_hash(h & _U64)
        return b._record_kind(kind)

    @classmethod
    def from_values(cls, values, capacity, fpr=BLOOM_DEFAULT_FPR, scalable=False, seed=0, sql_type=None,
                    layout=None, sql_types=None):
        """bloom_agg(x, capacity, fpr [, layout]) (seed 0), or bloom_add in order from bloom_empty(...),
        with its kind (section 2.5). None values are skipped, as SQL NULLs. sql_types, if given,
        is each value's SQL type."""
        return cls.empty(capacity, fpr, scalable, seed, layout)._add_values(values, sql_type, sql_types)

    @classmethod
    def agg_distinct(cls, values, fpr=BLOOM_DEFAULT_FPR, sql_type=None, sql_types=None):
        """bloom_agg(x [, fpr]): a fixed filter, seed 0, capacity the number of distinct hashes (>= 1)."""
        types = sql_types if sql_types is not None else [sql_type] * len(values)
        hashes = {hash64(v, 0, t) for v, t in zip(values, types) if v is not None}
        kinds = {value_kind(v, t) for v, t in zip(values, types) if v is not None}
        if len(kinds) > 1:
            raise ParameterError("an aggregate takes values of one SQL type, not kinds %s" % sorted(kinds))
        return cls.from_hashes(hashes, max(len(hashes), 1), fpr, kind=kinds.pop() if kinds else KIND_NONE)

    def copy(self):
        return Bloom(self.scalable, self.seed, self.capacity, self.fpr, [l.copy() for l in self.layers],
                     self.blocked, hash_id=self.hash_id, kind=self.kind)

    def has_values(self):
        """A bit set in some layer: a value was added."""
        return any(any(l.bits) for l in self.layers)

    def _add_hash(self, h):
        if not self.scalable:
            self.layers[0].insert(h)
            return
        # Section 4.7: present in a layer, nothing changes; else the last layer takes h
        # unless h's clear positions there could take its fill past the limit.
        if any(l.test(h) for l in self.layers[:-1]):
            return
        last = self.layers[-1]
        clear = last.clear_positions(h)
        if clear == 0:
            return
        x = last.bits_set
        p = bloom_layer_fpr(self.fpr, True, len(self.layers) - 1)
        if x == 0 or x + clear <= bloom_fill_limit(last.bit_count, last.hash_count, last.capacity, p):
            last.insert(h)
            return
        self._grow().insert(h)

    def _grow(self):
        index = len(self.layers)
        if index >= BLOOM_MAX_LAYERS:
            raise ParameterError("scalable bloom filter cannot grow past %d layers" % index)
        if self.capacity > _U64 >> index:
            raise ParameterError("the next layer's capacity would not fit in 64 bits")
        n = self.capacity << index
        bits = _ceil_float(optimal_bit_count(n, bloom_layer_fpr(self.fpr, True, index)))
        if not float(self.size()) + BLOOM_LAYER_HEADER_SIZE + _ceil_float(bits / 8.0) <= MAX_CREATED_BYTES:
            raise ParameterError("scalable bloom filter cannot grow past %d layers: the value would be "
                                 "too large" % index)
        bits = int(bits)
        layer = BloomLayer(bits, bloom_hash_count(bits, n), n)
        self.layers.append(layer)
        return layer

    # -- membership, estimates (sections 4.5, 4.9)
    def contains(self, value, sql_type=None):
        """bloom_contains(filter, value)."""
        return self.contains_hash(self._hash(value, sql_type))

    def contains_hash(self, h):
        h &= _U64
        return any(l.test(h) for l in self.layers)

    def estimate(self):
        total = 0.0
        for l in self.layers:
            total += l.estimate()
        return total

    def cardinality(self):
        """bloom_cardinality: the estimate rounded half away from zero."""
        return llround(self.estimate())

    def estimated_fpr(self):
        """bloom_fpr: 1 - prod(1 - (X/m)^k) over the layers, through log1p and expm1."""
        log_miss = 0.0
        for l in self.layers:
            f = l.estimated_fpr()
            log_miss += -math.inf if f == 1.0 else math.log1p(-f)
        return -math.expm1(log_miss) + 0.0

    # -- combining (section 4.8)
    def _check_compatible(self, other, comparing=True):
        """The parameters of section 4.8; comparing (intersection, containment, not union)
        also needs comparable kinds (section 2.5)."""
        same = (self.scalable == other.scalable and self.blocked == other.blocked and self.seed == other.seed and self.capacity == other.capacity
                and self.hash_id == other.hash_id
                and self.fpr == other.fpr and (self.scalable or len(self.layers) == len(other.layers)))
        if not same:
            raise ParameterError("cannot combine bloom filters with different parameters")
        for a, b in zip(self.layers, other.layers):
            if (a.bit_count, a.hash_count, a.capacity) != (b.bit_count, b.hash_count, b.capacity):
                raise ParameterError("cannot combine bloom filters with different layer sizes")
        if comparing:
            check_comparable(self.kind, other.kind, "bloom filters")

    def union(self, other):
        """bloom_union: OR layer by layer; the longer list of layers is kept; kinds joined (section 2.5)."""
        self._check_compatible(other, comparing=False)
        longer, shorter = (self, other) if len(self.layers) >= len(other.layers) else (other, self)
        out = longer.copy()
        for a, b in zip(out.layers, shorter.layers):
            a.bits = bytearray(x | y for x, y in zip(a.bits, b.bits))
        out.kind = union_kind(self.kind, self.has_values(), other.kind, other.has_values())
        return out

    def intersect(self, other):
        """bloom_intersect: AND, for filters of one layer each; the kind that is not 0, or none
        when no bit is left."""
        self._check_compatible(other)
        if len(self.layers) > 1 or len(other.layers) > 1:
            raise ParameterError("cannot intersect scalable bloom filters that have grown past one layer")
        out = self.copy()
        out.layers[0].bits = bytearray(x & y for x, y in zip(self.layers[0].bits, other.layers[0].bits))
        out.kind = (self.kind or other.kind) if out.has_values() else KIND_NONE
        return out

    def first_uncovered_layer(self, other):
        """The index of other's first layer with a bit this one's same layer lacks (a layer
        this one lacks counts as empty), or other's layer count when every layer is covered.
        Comparable kinds only (section 2.5)."""
        self._check_compatible(other)
        for i, l in enumerate(other.layers):
            if i >= len(self.layers):
                if l.bits_set:
                    return i
            elif any(b & ~a for a, b in zip(self.layers[i].bits, l.bits)):
                return i
        return len(other.layers)

    def superset(self, other):
        """bloom @> bloom (section 4.8): true when every layer of other is covered; false when
        this filter has one layer and other's first is not covered; otherwise (a scalable
        filter that has grown) ParameterError, as the server's 22023."""
        uncovered = self.first_uncovered_layer(other)
        if uncovered == len(other.layers):
            return True
        if len(self.layers) == 1 and uncovered == 0:
            return False
        raise ParameterError("cannot tell whether a scalable bloom filter that has grown past one layer "
                             "contains another")

    def __eq__(self, other):
        return isinstance(other, Bloom) and self.to_bytes() == other.to_bytes()

    def __hash__(self):
        return hash(self.to_bytes())

    def layout(self):
        return LAYOUT_BLOCKED if self.blocked else LAYOUT_SCALABLE if self.scalable else LAYOUT_FIXED

    def __repr__(self):
        return "<Bloom %s capacity=%d fpr=%r seed=%d layers=%d kind=%d>" % (
            "blocked" if self.blocked else "scalable" if self.scalable else "fixed", self.capacity, self.fpr, to_signed(self.seed),
            len(self.layers), self.kind)

    # -- bytes (sections 4.2, 4.3, 4.10)
    def to_bytes(self):
        version, kind_bytes = kind_header(self.kind)
        out = [struct.pack("<BBBBHHQQd", BLOOM_TYPE_TAG, version, self.hash_id,
                           self.layout(), len(self.layers), kind_bytes,
                           self.seed, self.capacity, self.fpr)]
        for l in self.layers:
            out.append(l.header_bytes())
            out.append(bytes(l.bits))
        return b"".join(out)

    def size(self):
        """Bytes of the value: the header, and per layer its header and ceil(m / 8) bytes."""
        return BLOOM_HEADER_SIZE + sum(BLOOM_LAYER_HEADER_SIZE + len(l.bits) for l in self.layers)

    def to_text(self):
        return "\\x" + self.to_bytes().hex()

    @classmethod
    def from_text(cls, text):
        return cls.from_bytes(_hex_text_bytes(text, "a bloom value"))

    @classmethod
    def from_bytes(cls, data):
        """Validates outside bytes (section 4.6), in the order the extension does."""
        data = bytes(data)
        size = len(data)
        if size < BLOOM_HEADER_SIZE:
            raise FormatError("%d bytes is shorter than the 32-byte header" % size)
        tag, version, hash_id, layout, layer_count, kind_bytes, seed, capacity, fpr = struct.unpack_from(
            "<BBBBHHQQd", data)
        if tag != BLOOM_TYPE_TAG:
            raise FormatError("type tag is 0x%02x, expected 0x42" % tag)
        if version not in FORMAT_VERSIONS:
            raise FormatError("format version %d is not supported" % version)
        if hash_id not in HASH_IDS_READ:
            raise FormatError("unknown hash function id %d" % hash_id)
        if layout not in (LAYOUT_FIXED, LAYOUT_SCALABLE, LAYOUT_BLOCKED):
            raise FormatError("unknown layout %d" % layout)
        if layout != LAYOUT_SCALABLE and layer_count != 1:
            raise FormatError("a fixed or blocked filter has exactly one layer, not %d" % layer_count)
        if not 1 <= layer_count <= BLOOM_MAX_LAYERS:
            raise FormatError("layer count %d is outside 1..64" % layer_count)
        kind = read_kind(version, kind_bytes, 0, "invalid bloom filter")
        if not 1 <= capacity <= BLOOM_MAX_CAPACITY:
            raise FormatError("capacity %d is outside 1..2^63-1" % capacity)
        if not 0.0 < fpr < 1.0:
            raise FormatError("false positive rate %r is not between 0 and 1" % fpr)
        raw_layers = []
        offset = BLOOM_HEADER_SIZE
        for i in range(layer_count):
            if size - offset < BLOOM_LAYER_HEADER_SIZE:
                raise FormatError("the value ends inside the header of layer %d" % i)
            m, n, bits_set, k, layer_reserved = struct.unpack_from("<QQQII", data, offset)
            if m == 0:
                raise FormatError("layer %d has no bits" % i)
            if k == 0:
                raise FormatError("layer %d has a hash count of 0" % i)
            if layer_reserved != 0:
                raise FormatError("reserved bytes of layer %d are not zero" % i)
            if layout == LAYOUT_BLOCKED and m % BLOCK_BITS:
                raise FormatError("layer %d has %d bits, not a whole number of 512-bit blocks" % (i, m))
            if layout == LAYOUT_BLOCKED and k > BLOCKED_MAX_HASHES:
                raise FormatError("layer %d has %d hashes; a blocked filter has at most 32" % (i, k))
            if bits_set > m:
                raise FormatError("layer %d claims %d bits set of %d" % (i, bits_set, m))
            nbytes = (m + 7) // 8
            start = offset + BLOOM_LAYER_HEADER_SIZE
            if nbytes > size - start:
                raise FormatError("layer %d needs %d bytes, only %d remain" % (i, nbytes, size - start))
            raw_layers.append((m, n, bits_set, k, data[start:start + nbytes]))
            offset = start + nbytes
        if offset != size:
            raise FormatError("%d bytes follow the last layer" % (size - offset))
        scalable = layout == LAYOUT_SCALABLE
        if layout == LAYOUT_BLOCKED:
            return _no_kind_if_empty(cls._blocked_from_raw(seed, capacity, fpr, raw_layers[0], hash_id, kind))
        layers = []
        for i, (m, n, bits_set, k, bits) in enumerate(raw_layers):
            if scalable and capacity > _U64 >> i:
                raise FormatError("layer %d's capacity would not fit in 64 bits" % i)
            expected_n = bloom_layer_capacity(capacity, scalable, i)
            if n != expected_n:
                raise FormatError("layer %d has capacity %d, expected %d" % (i, n, expected_n))
            p = bloom_layer_fpr(fpr, scalable, i)
            expected_m = optimal_bit_count(n, p)
            if not expected_m <= BLOOM_MAX_BIT_COUNT:
                raise FormatError("layer %d would not fit in one value" % i)
            expected_m = math.ceil(expected_m)
            if abs(m - expected_m) > 1:
                raise FormatError("layer %d has %d bits, expected %d" % (i, m, expected_m))
            expected_k = bloom_hash_count(m, n)
            if abs(k - expected_k) > 1:
                raise FormatError("layer %d has %d hashes, expected %d" % (i, k, expected_k))
            if m & 7 and bits[-1] >> (m & 7):
                raise FormatError("layer %d has pad bits set" % i)
            layer = BloomLayer(m, k, n, bytearray(bits))
            if layer.bits_set != bits_set:
                raise FormatError("layer %d claims %d bits set, but %d are" % (i, bits_set, layer.bits_set))
            if scalable and i + 1 < layer_count and (bits_set == 0 or bits_set + k < bloom_fill_limit(m, k, n, p)):
                raise FormatError("layer %d is empty or more than its hash count below its fill limit, yet a "
                                  "later layer exists" % i)
            layers.append(layer)
        return _no_kind_if_empty(cls(scalable, seed, capacity, fpr, layers, hash_id=hash_id, kind=kind))

    @classmethod
    def _blocked_from_raw(cls, seed, capacity, fpr, raw, hash_id, kind):
        """Section 4.13's checks of a blocked layer, in the extension's order."""
        m, n, bits_set, k, bits = raw
        if n != capacity:
            raise FormatError("layer 0 has capacity %d, expected %d" % (n, capacity))
        blocks = blocked_block_count(n, fpr)
        if not blocks * BLOCK_BITS <= BLOOM_MAX_BIT_COUNT:
            raise FormatError("layer 0 would not fit in one value")
        expected_k = blocked_design(fpr)[1]
        if abs(m // BLOCK_BITS - blocks) > 1:
            raise FormatError("layer 0 has %d blocks, expected %d" % (m // BLOCK_BITS, blocks))
        if abs(k - expected_k) > 1:
            raise FormatError("layer 0 has %d hashes, expected %d" % (k, expected_k))
        used = k * segment_bits(k)
        pad_mask = ((1 << BLOCK_BITS) - 1) ^ ((1 << used) - 1)
        for b in range(m // BLOCK_BITS):
            if int.from_bytes(bits[b * BLOCK_BYTES:(b + 1) * BLOCK_BYTES], "little") & pad_mask:
                raise FormatError("layer 0 has bits set past the %d bits of block %d" % (used, b))
        layer = BlockedLayer(m, k, n, bytearray(bits))
        if layer.bits_set != bits_set:
            raise FormatError("layer 0 claims %d bits set, but %d are" % (bits_set, layer.bits_set))
        return cls(False, seed, capacity, fpr, [layer], blocked=True, hash_id=hash_id, kind=kind)
