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
