// The manifest operation's OpenAPI operation found in the document (link/operation/operation.ts), or the problem:
// none of that id (BW2002), one at a method OpenAPI 3.2 adds that the runtime does not send, or one requiring the
// whole query string as one value (BW2017).
import type { ManifestOperation } from "../../load/precompiled/manifest-types.js";
import type { OpenApiOperation } from "../../load/openapi-document.js";
import type { LinkContext, Path } from "../context.js";

/**
 * The manifest operation's OpenAPI operation; none (and the problem said) when the document has none the runtime can
 * send.
 */
export function findOperation(ctx: LinkContext, at: Path, mop: ManifestOperation): OpenApiOperation | undefined {
  const op = ctx.doc.operations.get(mop.operationId);
  if (!op) {
    const unread = unreadMethod(ctx.doc.source.data, mop.operationId);
    if (unread)
      return ctx.fail(
        "BW2017",
        [...at, "operationId"],
        `operation "${mop.operationId}" in ${ctx.openapiName} is at ${unread} (OpenAPI 3.2), ` +
          `a method the runtime does not send: leave it out`,
        "value",
      );
    const known = [...ctx.doc.operations.keys()].sort().join(", ");
    return ctx.fail(
      "BW2002",
      [...at, "operationId"],
      `operation "${mop.operationId}" not found in ${ctx.openapiName} (operations: ${known})`,
      "value",
    );
  }
  // OpenAPI 3.2's `in: querystring` (the whole query string as one value) is not sent: a call could not meet a required
  // one.
  for (const p of op.parameters as { in: string; name: string; required: boolean }[]) {
    if (p.in === "querystring" && p.required)
      ctx.fail(
        "BW2017",
        [...at, "operationId"],
        `operation "${op.operationId}" in ${ctx.openapiName} requires parameter "${p.name}" in: ` +
          `querystring (OpenAPI 3.2: the whole query string as one value), which the runtime does not send`,
        "value",
      );
  }
  return op;
}

/**
 * Where an operation OpenAPI 3.2 adds is (a path item's `query`, or one of its `additionalOperations`), as
 * `paths./x.query`; undefined when there is none of that id.
 */
function unreadMethod(data: unknown, operationId: string): string | undefined {
  const paths = (data as { paths?: Record<string, Record<string, unknown>> } | null)?.paths ?? {};
  for (const [path, item] of Object.entries(paths)) {
    if (!item || typeof item !== "object") continue;
    const query = item.query as { operationId?: unknown } | undefined;
    if (query?.operationId === operationId) return `paths.${path}.query`;
    for (const [method, op] of Object.entries(
      (item.additionalOperations ?? {}) as Record<string, { operationId?: unknown }>,
    )) {
      if (op?.operationId === operationId) return `paths.${path}.additionalOperations.${method}`;
    }
  }
  return undefined;
}
