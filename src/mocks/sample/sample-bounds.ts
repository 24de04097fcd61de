// The bounds of one value's walk (sample-walk.ts), and the fields an object of it may carry.
import type { RealisticValues } from "../realistic-values.js";
import { readOnly, writtenOnly } from "./write-only.js";

type Node = Record<string, unknown>;

export interface SampleBounds {
  /** Choice of union branches (the same seed, the same value). Default 0. */
  seed?: number;
  /** Deepest nesting of values. Default 12. */
  maxDepth?: number;
  /** Schemas visited for one value, at most. Default 5000. */
  maxVisits?: number;
  /** Branches of one union tried, at most. Default 6. */
  maxBranches?: number;
  /** The outermost object gets its optional properties too (a value for each field of a request body). */
  everyField?: boolean;
  /**
   * Every object gets its optional text properties too (an error's `message`, which a minimal answer leaves out), and
   * those named for the error or its message whatever they hold (the way to it), and every list one item.
   */
  textFields?: boolean;
  /**
   * Every list holds this many items at least, within maxItems, where its items can be made: an XML body writes an
   * empty unwrapped list as no element, and a required one is then absent. Default 0 (the fewest minItems allows).
   */
  listItems?: number;
  /** A value that looks real (see the top): leaf values from these. */
  realistic?: RealisticValues;
  /**
   * An answer's value: no field written only (`writeOnly`, which OpenAPI sends in requests only; the mock's Prism
   * checks an answer without them, and a closed object then refused one).
   */
  answer?: boolean;
  /**
   * A request's value: no field read only (`readOnly`, which OpenAPI sends in answers only: a record's id or the
   * parent's id its path already names, which an SDK leaves out and a strict upstream refuses).
   */
  request?: boolean;
}

const NONE: ReadonlySet<string> = new Set();

/** Which fields a value leaves out: an answer those written only, a request those read only. */
export type LeftOut = "writeOnly" | "readOnly" | undefined;

export const leftOutOf = (bounds: SampleBounds): LeftOut =>
  bounds.answer ? "writeOnly" : bounds.request ? "readOnly" : undefined;

/**
 * The properties an object of `schema` carries, and the names left out: in an answer, each field whose schema (its
 * `$ref` followed) is written only; in a request, each read only.
 */
export function carriedFields(
  document: Node,
  schema: Node,
  leave: LeftOut,
): { properties: Node; leftOut: ReadonlySet<string> } {
  const properties = isNode(schema.properties) ? schema.properties : {};
  if (!leave) return { properties, leftOut: NONE };
  const marked = leave === "writeOnly" ? writtenOnly : readOnly;
  const leftOut = new Set(Object.keys(properties).filter((name) => marked(document, properties[name])));
  if (!leftOut.size) return { properties, leftOut };
  return { properties: Object.fromEntries(Object.entries(properties).filter(([n]) => !leftOut.has(n))), leftOut };
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
