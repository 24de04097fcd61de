// `constants`: values every call sends — provider-wide ones (headers or
// query values, e.g. an API version) and an operation's own (also body
// fields) — each fitting the spec's schema at its place.
import type { WireConstant } from "@blockwright/runtime/internal";
import { parsePointer } from "@blockwright/runtime/internal/generate";
import { valueAt } from "../../load/json-ref.js";
import {
  bareMediaType,
  declaredParameter,
  slotKey,
  typeOf,
  type OpenApiOperation,
  type Schema,
} from "../../load/openapi-document.js";
import type { LinkContext, Path } from "../context.js";

export function linkConstant(
  ctx: LinkContext,
  c: WireConstant,
  at: Path,
  op: OpenApiOperation,
): WireConstant | undefined {
  if (c.in === "body") {
    const bodySchema = op.requestBody?.schema;
    const target = bodySchema ? ctx.doc.schemaAt(bodySchema, parsePointer(c.pointer)) : undefined;
    if (!target)
      return ctx.fail(
        "BW2003",
        [...at, "pointer"],
        `body field "${c.pointer}" not found in the request body of "${op.operationId}" in ${ctx.openapiName}`,
        "value",
      );
    // A JSON body carries the value as written; a form sends it as text.
    if (!ctx.doc.fits(c.value, target, op.requestBody?.encoding === "form"))
      return ctx.fail(
        "BW2009",
        [...at, "value"],
        `constant ${JSON.stringify(c.value)} does not fit body field "${c.pointer}" (${typeOf(target)}) ` +
          `in ${ctx.openapiName}`,
        "value",
      );
    return { in: "body", pointer: c.pointer, value: c.value };
  }
  const declared = declaredParameter(op, c.in, c.name);
  if (!declared) {
    const available = op.parameters.filter((x) => x.in === c.in).map((x) => x.name);
    return ctx.fail(
      "BW2003",
      [...at, "name"],
      `${c.in} parameter "${c.name}" not found in operation "${op.operationId}" of ${ctx.openapiName} ` +
        `(its ${c.in} parameters: ${available.join(", ") || "none"})`,
      "value",
    );
  }
  // An empty value where the document lets one stand for the parameter unused (`allowEmptyValue`, a query parameter's).
  const emptyAllowed = c.value === "" && (declared as { allowEmptyValue?: unknown }).allowEmptyValue === true;
  if (!emptyAllowed && !ctx.doc.fits(c.value, declared.schema, true))
    return ctx.fail(
      "BW2009",
      [...at, "value"],
      `constant ${JSON.stringify(c.value)} does not fit ${c.in} parameter "${c.name}" in ${ctx.openapiName}`,
      "value",
    );
  return { in: c.in, name: c.name, value: c.value };
}

/**
 * The provider-wide constants that apply to `op` (with their place in the
 * manifest's list): every one the operation's own constants do not
 * override. Where the spec declares the parameter, the value must fit it.
 */
export function providerConstants(
  ctx: LinkContext,
  op: OpenApiOperation,
  own: WireConstant[],
): { constant: WireConstant; index: number }[] {
  const out: { constant: WireConstant; index: number }[] = [];
  (ctx.manifest.constants ?? []).forEach((c, index) => {
    if (own.some((o) => o.in !== "body" && slotKey(o.in, o.name) === slotKey(c.in, c.name))) return;
    const declared = declaredParameter(op, c.in, c.name);
    if (declared && !ctx.doc.fits(c.value, declared.schema, true)) {
      ctx.fail(
        "BW2009",
        ["constants", index, "value"],
        `constant ${JSON.stringify(c.value)} does not fit ${c.in} parameter "${declared.name}" of "` +
          `${op.operationId}" in ${ctx.openapiName}`,
        "value",
      );
      return;
    }
    out.push({ constant: { in: c.in, name: declared?.name ?? c.name, value: c.value }, index });
  });
  return out;
}

/**
 * An `Accept` constant must admit a media type that a success response of
 * the operation offers: else the upstream may answer 406, as a mock does on
 * every call. Each constant is refused at its place, naming the operation
 * and what its responses offer (an operation whose success has no body
 * offers nothing to refuse).
 */
export function checkAccept(
  ctx: LinkContext,
  op: OpenApiOperation,
  constants: { constant: WireConstant; at: Path }[],
): void {
  for (const { constant, at } of constants) {
    if (constant.in !== "header" || constant.name.toLowerCase() !== "accept") continue;
    const offered = offeredMediaTypes(ctx, op);
    if (!offered.length) continue;
    const ranges = String(constant.value)
      .split(",")
      .map((range) => ({ type: bareMediaType(range), q: Number(/;\s*q=([0-9.]+)/i.exec(range)?.[1] ?? 1) }))
      .filter((r) => r.type !== "" && r.q > 0);
    if (ranges.some((r) => offered.some((o) => mediaMatches(r.type, o) || mediaMatches(o, r.type)))) continue;
    ctx.fail(
      "BW2007",
      [...at, "value"],
      `Accept ${JSON.stringify(constant.value)} admits none of the media types the success responses of "` +
        `${op.operationId}" offer in ${ctx.openapiName} (${offered.join(", ")}): ` +
        `the upstream would answer 406 Not Acceptable`,
      "value",
    );
  }
}

/** Whether the media range `range` (`*\/*`, `type/*` or a type) covers the media type `type`. */
function mediaMatches(range: string, type: string): boolean {
  if (range === "*/*" || range === type) return true;
  return range.endsWith("/*") && type.startsWith(range.slice(0, -1));
}

/** The media types (bare) of the bodies the operation's 2xx responses declare. */
function offeredMediaTypes(ctx: LinkContext, op: OpenApiOperation): string[] {
  const raw = (valueAt(ctx.doc.source.data, op.location.map(String)) ?? {}) as Schema;
  const out = new Set<string>();
  for (const [status, response] of Object.entries((raw.responses ?? {}) as Record<string, Schema>)) {
    if (!/^2(\d\d|XX)$/i.test(status)) continue;
    for (const type of Object.keys((ctx.doc.resolve(response).content ?? {}) as object)) out.add(bareMediaType(type));
  }
  return [...out];
}
