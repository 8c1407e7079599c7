/** Every error the package throws carries the SQLSTATE the extension raises for the same case. */
export class SketchError extends Error {
  /** The SQLSTATE the server raises for the same input (null: the server's catalog decides). */
  readonly sqlstate: string | null;
  constructor(message: string, sqlstate: string | null) {
    super(message);
    this.name = new.target.name;
    this.sqlstate = sqlstate;
  }
}

/** Outside bytes that a reader must reject (FORMAT.md's "Validating outside bytes"): 22P03. */
export class FormatError extends SketchError {
  /** The field that failed, where the format names it (fuse, agebloom). */
  readonly field: string | null;
  constructor(message: string, field: string | null = null) {
    super(message, "22P03");
    this.field = field;
  }
}

/** An argument out of range, or values that cannot be combined: 22023. */
export class ParameterError extends SketchError {
  constructor(message: string) { super(message, "22023"); }
}

/** A value the sketch's kind refuses (FORMAT.md §2.5): 42804, 42883 or 22003; null when
 * only the server's catalog could answer (a type hashed by the server, §2.3). */
export class ComparisonError extends SketchError {}

/** A filter that cannot take the value (a full cuckoo table, a full generation, a value
 * that would outgrow MAXC): 54000. */
export class CapacityError extends SketchError {
  constructor(message: string) { super(message, "54000"); }
}

/** A value of another system's hash family (hll hash ids 3, 4, 5), which this package does
 * not read: import it in SQL (hll_import) or export it as the producer's bytes. */
export class UnsupportedError extends SketchError {
  constructor(message: string) { super(message, "0A000"); }
}
