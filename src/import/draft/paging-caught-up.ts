// How the pages of a stream read by an iterator end, for pagination.ts: an
// open stream (a shard's records) gives the next iterator with every reply, so
// that following it would stop only at the page cap. What a caller of all
// pages wants is what there is now: read until caught up. Where the reply has
// a number whose 0 the document says means caught up (a lag behind the
// stream's tip), the pages end when it is 0; else at a page without items,
// which a stream's reader takes as nothing more now (and which is drafted for
// iterators only: a resume cursor's page may be empty mid-list, a filter
// having left it so).
import { formatPointer } from "@blockwright/runtime/internal";
import type { ManifestPageEnd } from "../../load/precompiled/manifest-types.js";
import { typeOf, type OpenApiDocument, type Schema } from "../../load/openapi-document.js";
import { safeFlatten } from "./param-schema.js";

/** A description saying that a value of zero means there is nothing more now. */
const ZERO_CAUGHT_UP = new RegExp(
  "\\b(zero|0)\\b[^.]*\\b(caught up|up to date|at the (tip|head|end|latest)|" +
    "no (new|more|further) (records|data|items|events|messages))",
  "i",
);

/** The cursor fields read as a stream's iterator (`NextShardIterator`, `next_iterator`). */
const ITERATOR = /iterator$/i;

/**
 * The `until` of an iterator cursor (`field`) without an end flag, and the note's words for it; nothing for other
 * cursors.
 */
export function iteratorEnd(
  doc: OpenApiDocument,
  body: Schema | undefined,
  field: string[],
  flag: string[] | undefined,
): { until: ManifestPageEnd; note: string } | undefined {
  if (flag || !ITERATOR.test(field.at(-1) ?? "")) return undefined;
  const open = "; an open stream gives the next iterator with every reply: the pages end ";
  const lag = body ? caughtUpField(doc, body) : undefined;
  if (lag)
    return {
      until: { from: `$response.body#${formatPointer(lag)}`, equals: 0 },
      note: `${open}when ${lag.join(".")} is 0, caught up as the document says`,
    };
  return {
    until: { empty: true },
    note: `${open}at a page without items (nothing more now); check that the stream says so`,
  };
}

/** A top-level number of the reply whose 0, its description says, means caught up. */
function caughtUpField(doc: OpenApiDocument, body: Schema): string[] | undefined {
  const fields = (safeFlatten(doc, body)?.properties ?? {}) as Record<string, Schema>;
  for (const [name, field] of Object.entries(fields)) {
    const flat = safeFlatten(doc, field);
    if (!["integer", "number"].includes(typeOf(flat ?? {}) ?? "")) continue;
    if (descriptions(field, flat).some((text) => ZERO_CAUGHT_UP.test(text))) return [name];
  }
  return undefined;
}

/** The descriptions a field carries: its own, its flattened schema's, and those of what it is made of (`allOf`). */
function descriptions(field: Schema, flat: Schema | undefined): string[] {
  const parts = [field, flat ?? {}, ...((field.allOf ?? []) as Schema[])];
  return parts.map((s) => s.description).filter((d): d is string => typeof d === "string");
}
