// The typed client's multipart part headers (OpenAPI `encoding.<field>.headers`), from the record a tool's call reads
// (build-request.ts): the tool's constants (`partHeaders`) and its `in: part` parameters, each value checked as a call
// checks it and refused naming the parameter before any request. openapi-typescript types no part header, so the
// caller gives a parameter's at the place the surface names (`part:<field>:<header>`): `params.part[field][header]`.
import { ownOf, ownValue } from "../../common/own.js";
import { scalarText } from "../../common/scalar-text.js";
import type { ToolCall } from "../../spec/tool-types.js";
import { checkValueWith, isAbsent, requiredIssue } from "../../validate/validate-params.js";
import type { Support } from "../support.js";

/**
 * A FormData body written again part by part with its parts' headers (FormData writes none), its Content-Type naming
 * the boundary set on `headers`; undefined (the body kept) where the tool's parts carry no header or the body is no
 * FormData. Throws, before any request, on a parameter's value its checks refuse.
 */
export function partHeadersBody(
  tool: ToolCall,
  body: unknown,
  given: unknown,
  support: Support | undefined,
  headers: Headers,
): { text: Blob } | undefined {
  const files = support?.files;
  if (tool.body?.encoding !== "multipart" || !files || !(body instanceof FormData)) return undefined;
  const byField: Record<string, Record<string, string>> = Object.create(null);
  const put = (field: string, name: string, value: string) => {
    (byField[field] ??= Object.create(null) as Record<string, string>)[name] = value;
  };
  const part = ownValue(given as object | undefined, "part") as object | undefined;
  for (const p of tool.params) {
    if (p.wire.in !== "part") continue;
    const held = ownValue(part, p.wire.field) as Record<string, unknown> | undefined;
    const name = p.wire.name.toLowerCase();
    const key = Object.keys(held ?? {}).find((k) => k.toLowerCase() === name);
    const raw = key === undefined ? undefined : ownOf(held, key);
    if (isAbsent(raw, p)) {
      if (p.required) throw new Error(`${requiredIssue(p, raw).message} (params.part.${p.wire.field})`);
      continue;
    }
    const checked = checkValueWith(p, raw, support, tool);
    if ("issue" in checked) throw new Error(checked.issue.message);
    put(p.wire.field, p.wire.name, scalarText(checked.value));
  }
  for (const h of tool.partHeaders ?? []) put(h.field, h.name, h.value);
  if (!Object.keys(byField).length) return undefined;
  const parts: [string, string | Blob, string?][] = [];
  for (const [name, value] of body) parts.push(typeof value === "string" ? [name, value] : [name, value, value.name]);
  const written = files.writtenMultipart(parts, byField);
  headers.set("Content-Type", written.contentType);
  return { text: written.blob };
}
