import type { WireSpec } from "@blockwright/runtime/internal";
import type { Schema } from "../../load/openapi-document.js";

/** The schema a parameter's value is held to at its place in the request, and how that place is named in problems. */
export interface SchemaAtPlace {
  schema: Schema;
  what: string;
  /** A list in one string that the body sends split (`wire.split`). */
  split?: { separator: string; maxItems?: number };
  /** Whether the value is sent as text (an address's, a header's, a form's field): not a JSON body's. */
  text: boolean;
}

/** A parameter's placement, and the schema of its place (none for a credential, the address, a switch). */
export interface Placed {
  wire: WireSpec;
  place?: SchemaAtPlace;
  /** For a body object's other fields (otherFields): the fields the object names, which the value may not hold. */
  named?: string[];
}
