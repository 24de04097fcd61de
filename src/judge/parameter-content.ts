// A parameter as the document describes it: by `schema`, or by `content`
// (its one media type, the value encoded in that type: JSON), whose schema
// and examples are that media type's.
import type { OpenApiDocument, Schema } from "../load/openapi-document.js";

/**
 * A raw parameter's schema and the objects holding its examples: its own, or (described by `content`) its one media
 * type's.
 */
export function describedParameter(
  raw: Schema | undefined,
  doc: Pick<OpenApiDocument, "resolve">,
): { schema: unknown; holders: Schema[] } | undefined {
  if (!raw) return undefined;
  if (raw.schema !== undefined || !raw.content || typeof raw.content !== "object")
    return { schema: raw.schema, holders: [raw] };
  const [media] = Object.values(raw.content as Record<string, Schema>);
  const own = media ? doc.resolve(media) : undefined;
  return { schema: own?.schema, holders: [raw, ...(own ? [own] : [])] };
}
