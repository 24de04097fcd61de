// A value valid against a schema of an OpenAPI document, made with bounded
// work however many unions the schema nests: one branch of each `oneOf` /
// `anyOf` (chosen by a seed, the next one tried when a branch cannot be made
// or the value breaks the union: a `oneOf` value must match exactly one, a
// value other open branches take too told apart from them by a field,
// sample-told-apart.ts), only required properties, the fewest items, and a
// budget of depth and of schemas visited. Nothing is enumerated. Each value is checked against the
// schema by @cfworker/json-schema (the validator generation checks examples
// with), so what it gives is valid, or nothing is given.
//
// The mocks answer with it where Prism's own sampler gave invalid data (a
// union whose first branch also matches another; an open map), and the
// contract suite draws JSON parameters' values with it.
//
// Realistic (`realistic`: the mocks' answers where a document has none):
// every property, optional ones too while the value is shallow and the
// visits under half the budget (a property whose schema is already being
// made, a cycle, is left out), lists of 1–3 items within minItems and
// maxItems, one value of an enum drawn, and leaf values that look like
// their field (realistic-values.ts: by format and by the field's name),
// all drawn from one generator seeded by the seed and the pointer, so the
// same seed gives the same value. What breaks the schema there is
// refused like any other value.
import { resolvePointer, SchemaLookup } from "./sample-lookup.js";
import { OverBudget, type SampleBounds, Walk } from "./sample-walk.js";

export type { RealisticValues } from "../realistic-values.js";
export type { SampleBounds } from "./sample-walk.js";

type Node = Record<string, unknown>;

/**
 * A sampler of one document: its schemas registered once (sample-lookup.ts), each value checked where the document
 * places its schema.
 */
export class DocumentSampler {
  private readonly lookup: SchemaLookup;
  /** Whether the walk under way checks values by the other reading alone (sample: after the letter took none). */
  private readingOnly = false;

  /**
   * `reading`: another reader's check a value must pass too (the request judge's, for a request's values: it reads
   * some unions as their publishers mean them, which a value of the letter may not meet).
   */
  constructor(
    private readonly document: Node,
    private readonly reading?: (value: unknown, pointer: string) => boolean,
  ) {
    this.lookup = new SchemaLookup(document);
  }

  /** Whether `value` is valid against the schema at `pointer` (a JSON pointer into the document), by the letter. */
  valid(value: unknown, pointer: string): boolean {
    return this.lookup.valid(value, pointer);
  }

  /**
   * Whether `value` is valid against the schema at `pointer` by the letter and by the other reading, if given; by that
   * reading alone in a walk made again after the letter took no value (`readingOnly`: a `oneOf` of open shapes that
   * require nothing, every object meeting both or neither, which the request judge reads as its publisher means it).
   */
  meets(value: unknown, pointer: string): boolean {
    if (this.readingOnly && this.reading) return this.reading(value, pointer);
    return this.lookup.valid(value, pointer) && (this.reading?.(value, pointer) ?? true);
  }

  /** A valid value of the schema at `pointer`, or undefined when none was made within the bounds. */
  sample(pointer: string, bounds: SampleBounds = {}): { value: unknown } | undefined {
    const made = this.walked(pointer, bounds);
    if (made || !this.reading) return made;
    // No value by the letter: one the reader takes, as it reads the schema (it alone judges the value made for it).
    // Kept and put back: a sample asked while one walks (none today) leaves the outer walk's check as it was.
    const outer = this.readingOnly;
    this.readingOnly = true;
    try {
      return this.walked(pointer, bounds);
    } finally {
      this.readingOnly = outer;
    }
  }

  /** One walk's value of the schema at `pointer`, checked as `meets` checks it. */
  private walked(pointer: string, bounds: SampleBounds): { value: unknown } | undefined {
    const walk = new Walk(this, this.document, bounds, pointer);
    try {
      const value = walk.make(resolvePointer(this.document, pointer), pointer, 0, new Set());
      return value !== undefined && this.meets(value, pointer) ? { value } : undefined;
    } catch (e) {
      if (e instanceof OverBudget) return undefined;
      throw e;
    }
  }
}
