// `stream.item` and `stream.failure`: where each value of a stream of JSON values holds its item, and where one says
// the stream failed after it started (a gRPC transcoding server stream writes `{"result": …}` a line, a failure as
// `{"error": …}`). Each is a JSON pointer that must name a member of the schema of the stream's media type, at each
// step; the item's type is that member's schema. The runtime reads them (runtime/call/stream-items.ts `lineItem`).
// The failure's code is its member `code`, else the one its schema names as a code (load/schemas/code-members.ts:
// `grpc_code`), recorded as `failureCode`.
import type { OpenApiDocument, OpenApiOperation, Schema } from "../../load/openapi-document.js";
import type { ResponseStep } from "../../model/ir.js";
import type { LinkContext, Path } from "../context.js";
import { codeMember, schemaMembers } from "../../load/schemas/code-members.js";
import { flat, mediaOf } from "./event-data.js";

/** The two pointers, read as segments and checked against the stream's schema; undefined where either fails. */
export function linkLineMembers(
  ctx: LinkContext,
  at: Path,
  declared: { item?: string; failure?: string },
  op: OpenApiOperation,
  status: string,
  mediaType: string | undefined,
  events: boolean,
): { item?: string[]; failure?: string[]; failureCode?: string; steps: ResponseStep[] } | undefined {
  const given = (["item", "failure"] as const).filter((k) => declared[k] !== undefined);
  if (!given.length) return { steps: [] };
  if (events || mediaType === undefined) {
    for (const k of given)
      ctx.fail(
        "BW2022",
        [...at, "stream", k],
        `stream.${k} reads a member of each value of a stream of JSON values; operation "${op.operationId}" ` +
          "answers server-sent events",
        "key",
      );
    return undefined;
  }
  const schema = mediaOf(ctx.doc, op, status, mediaType)?.schema as Schema | undefined;
  const read: { item?: string[]; failure?: string[] } = {};
  let ok = true;
  for (const k of given) {
    const segments = segmentsOf(declared[k] as string);
    const missing = missingStep(ctx.doc, schema, segments);
    if (missing !== undefined) {
      ok = false;
      ctx.fail(
        "BW2022",
        [...at, "stream", k],
        `${JSON.stringify(declared[k])} names no member of the schema of operation "${op.operationId}"'s ` +
          `${status} ${mediaType} answer in ${ctx.openapiName}: no "${missing.name}"` +
          (missing.members.length ? ` (members: ${missing.members.join(", ")})` : " (it lists no members)"),
        "value",
      );
    } else read[k] = segments;
  }
  if (!ok) return undefined;
  // Each member on the way may be optional in the schema: the type steps past its undefined (a value without it holds
  // no item, which fails the call), and the item itself is typed defined (streams.ts).
  // The failure's member naming its code, where it is not `code` (grpc-gateway's stream error's `grpc_code`).
  const failed = read.failure && flat(ctx.doc, memberAt(ctx.doc, schema, read.failure));
  const failureCode = failed ? codeMember(schemaMembers(ctx.doc, failed)) : undefined;
  return {
    ...read,
    ...(failureCode !== undefined && failureCode !== "code" ? { failureCode } : {}),
    steps: (read.item ?? []).map((field) => ({ field, optional: true })),
  };
}

/** The schema of the member `segments` name (each a member of the one before: missingStep found them). */
function memberAt(doc: OpenApiDocument, schema: Schema | undefined, segments: readonly string[]): Schema | undefined {
  let at = schema;
  for (const name of segments) at = ((flat(doc, at)?.properties ?? {}) as Record<string, Schema>)[name];
  return at;
}

/** A JSON pointer's segments (`/a~1b/c` → `a/b`, `c`). */
function segmentsOf(pointer: string): string[] {
  return pointer
    .split("/")
    .slice(1)
    .map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** The first segment that names no member of the schema reached so far, with the members it has. */
function missingStep(
  doc: OpenApiDocument,
  schema: Schema | undefined,
  segments: readonly string[],
): { name: string; members: string[] } | undefined {
  let at = schema;
  for (const name of segments) {
    const properties = (flat(doc, at)?.properties ?? {}) as Record<string, Schema>;
    if (!Object.hasOwn(properties, name)) return { name, members: Object.keys(properties) };
    at = properties[name];
  }
  return undefined;
}
