export { ready, setHasher, loadSeed, xxh3 } from "./hash.js";
export type { Hasher } from "./hash.js";
export { SketchError, FormatError, ParameterError, ComparisonError, CapacityError, UnsupportedError } from "./errors.js";
export {
  sql, numeric, real, float8, int8, text, bpchar, uuid, date, timestamp, timestamptz, enumLabel,
  SqlValue, SqlArray, Kind, KIND_NONE, KIND_OTHER, KIND_MIXED, KIND_MIN_OUTSIDE, KIND_MAX_OUTSIDE, isOutsideKind, outsideKind, kindName, hashValue, sketchHash, probeHash, valueKind,
} from "./values.js";
export type { Value, SqlTypeName } from "./values.js";
export { Hll, HLL_DEFAULT_PRECISION } from "./hll.js";
export { Bloom } from "./bloom.js";
export type { Layout, LayerInfo, BloomOptions } from "./bloom.js";
export { Cuckoo } from "./cuckoo.js";
export { Fuse, FUSE_DEFAULT_FPR } from "./fuse.js";
export { Agebloom } from "./agebloom.js";
export type { Instant, AgebloomOptions } from "./agebloom.js";
export { Ddsketch, DDSKETCH_DEFAULT_ALPHA, DDSKETCH_DEFAULT_MAX_BUCKETS } from "./ddsketch.js";
export { Kll, KLL_DEFAULT_K } from "./kll.js";
export { Topk, TOPK_DEFAULT_SIZE } from "./topk.js";
export type { TopkItem, TopkRow, TopkBounds } from "./topk.js";
export { Countmin, COUNTMIN_DEFAULT_EPSILON, COUNTMIN_DEFAULT_DELTA } from "./countmin.js";
export { toHex, fromHex } from "./bytes.js";
export { LookupStats } from "./stats.js";
