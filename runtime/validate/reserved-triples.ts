// A value sent by reserved expansion (a query parameter's or a form field's `allowReserved: true`, RFC 6570's `{+x}`)
// keeps the percent-encoded triples it holds as they are (http/percent-encoding.ts `reservedEncoded`): the caller's
// own encoding, which the service decodes as UTF-8 (OpenAPI 3.1.1 Appendix E). A run of triples that is no UTF-8
// (`%BF`, `%E9` alone) reached the service as bytes no text has; it is refused before any request instead.
import { ownOf } from "../common/own.js";
import type { ParamCall, ToolCall } from "../spec/tool-types.js";

/** What of a tool says where a value goes: its routes (the parameter's other places) and its body's field encodings. */
export type ReservedTool = Pick<ToolCall, "routes"> & { body?: ToolCall["body"] };

export const RESERVED_TRIPLES_RULE =
  "must not hold percent-encoded bytes that are not UTF-8 (allowReserved sends its %XX as they are, and the service " +
  "decodes them as UTF-8)";

/** Whether `spec`'s value goes by reserved expansion at one of its places. */
export function sentReserved(spec: ParamCall, tool?: ReservedTool): boolean {
  const wires = [spec.wire, ...(tool?.routes ?? []).map((r) => r.wire[spec.name])];
  if (wires.some((wire) => wire?.in === "query" && wire.encoding?.reserved)) return true;
  const fields = tool?.body?.fields;
  // A top-level field's pointer, `/name` (its `~1`, `~0` JSON Pointer's escapes of `/`, `~`).
  const name = spec.wire.in === "body" ? /^\/([^/]*)$/.exec(spec.wire.pointer)?.[1] : undefined;
  return Boolean(fields && name !== undefined && ownOf(fields, name.replace(/~1/g, "/").replace(/~0/g, "~"))?.reserved);
}

/**
 * Why `text`, sent by reserved expansion at one of `spec`'s places, cannot go: a run of triples that is no UTF-8. Given
 * as the form part's (call/form-body.ts), which a tool with such a place always has, so that no other bundle holds it.
 */
export function reservedTriplesProblem(spec: ParamCall, text: string, tool?: ReservedTool): string | undefined {
  return sentReserved(spec, tool) && !triplesAreUtf8(text) ? RESERVED_TRIPLES_RULE : undefined;
}

/** Whether every run of percent-encoded triples in `text` decodes as UTF-8. */
export function triplesAreUtf8(text: string): boolean {
  if (!text.includes("%")) return true;
  for (const run of text.match(/(?:%[0-9A-Fa-f]{2})+/g) ?? [])
    try {
      decodeURIComponent(run);
    } catch {
      return false;
    }
  return true;
}
