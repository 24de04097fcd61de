// What the JSON Schema validator says of an example against its schema for the example walk (example-walker.ts):
// none where the value plainly or surely meets it (plain-verdict.ts, structured-verdict.ts), else the validator's
// errors, asked once for each pair of a registered schema and a value.
import { validate, type OutputUnit, type Schema } from "@cfworker/json-schema";
import { plainlyMeets } from "./plain-verdict.js";
import type { SchemaLookup } from "./schema-lookup.js";
import { surelyMeets } from "./structured-verdict.js";

const NO_ERRORS: OutputUnit[] = [];

export class Verdicts {
  /**
   * The validator's errors by registered schema, then by example value: a component's parameter or header is checked
   * once for every operation that names it (GitHub's whole document: 362 of 2,992 checks again), and the answer is a
   * function of the two (the lookup it reads only grows).
   */
  private readonly byTarget = new Map<object, Map<unknown, OutputUnit[]>>();
  private replacedSeen = 0;

  constructor(private readonly is31: boolean) {}

  /** A schema registered over another: the answers kept may have read the one replaced, and are forgotten. */
  keptFor(schemas: SchemaLookup): void {
    if (schemas.replaced === this.replacedSeen) return;
    this.byTarget.clear();
    this.replacedSeen = schemas.replaced;
  }

  /** What the validator says of `value` against `target`, asked once a pair; none when the value plainly meets it. */
  errorsOf(value: unknown, target: Schema | boolean, lookup: Record<string, Schema | boolean>): OutputUnit[] {
    if (typeof target !== "object") return validate(value, target, this.is31 ? "2020-12" : "7", lookup, false).errors;
    if (plainlyMeets(value, target)) return NO_ERRORS;
    let byValue = this.byTarget.get(target);
    if (!byValue) this.byTarget.set(target, (byValue = new Map()));
    let errors = byValue.get(value);
    if (!errors) {
      // Draft 7 only: a 3.1 document's `$ref` is read with its siblings.
      errors =
        !this.is31 && surelyMeets(value, target, lookup)
          ? NO_ERRORS
          : validate(value, target, this.is31 ? "2020-12" : "7", lookup, false).errors;
      byValue.set(value, errors);
    }
    return errors;
  }
}
