/** Weights and totals of the counting sketches (countmin §7.4, topk §8.4): non-negative int64s. */
import { CapacityError, ParameterError, SketchError } from "./errors.js";

/** The largest total a sketch holds: 2^63 - 1. */
export const MAX_TOTAL = (1n << 63n) - 1n;

/** A weight as the SQL bigint argument it stands for: an integer in the int64 range (22003
 * outside it, as bigint's input), not negative (22023, as the server refuses it). */
export function checkWeight(weight: bigint | number, what: string): bigint {
  if (typeof weight === "number" && !Number.isInteger(weight)) throw new ParameterError(`${what} weight must be an integer, not ${weight}`);
  const w = BigInt(weight);
  if (BigInt.asIntN(64, w) !== w) throw new SketchError(`value ${w} is out of range for type bigint`, "22003");
  if (w < 0n) throw new ParameterError(`${what} weight must not be negative, not ${w}`);
  return w;
}

/** 54000: a total past 2^63 - 1 (the sketch is unchanged). */
export function totalTooLarge(what: string, total: bigint, more: bigint): CapacityError {
  return new CapacityError(`${what} total would pass ${MAX_TOTAL}: it counts ${total}, and ${more} more would pass it`);
}
