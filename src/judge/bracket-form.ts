// What bracket form (`meta[a][b]=…`: a form body's field, a query object)
// carries of a value: no pair for an empty object or list, so a service reads
// the value without them; no key holding `[` or `]`, which a service cannot
// read back. The contract suite holds the values it sends to the document's
// schema as the service will read them, and draws no such key.
import { type FormFieldEncoding, type ParamSpec, parsePointer, type ToolSpec } from "@blockwright/runtime/internal";

/** A value as bracket form carries it: its empty objects and lists (which send no pair) left out, at every depth. */
export function withoutEmpty(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  const isEmpty = (v: unknown) => v !== null && typeof v === "object" && Object.keys(v).length === 0;
  if (Array.isArray(value)) return value.map(withoutEmpty).filter((v) => !isEmpty(v));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const kept = withoutEmpty(v);
    if (!isEmpty(kept))
      Object.defineProperty(out, k, { value: kept, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * Whether a JSON value goes in bracket form (`meta[a][b]=…`: a form body's field, a query object): a key holding
 * `[` or `]` is then no key a server can read back (OpenAPI 3.1.1 Appendix E leaves it to an escape convention).
 */
export function writtenWithBrackets(p: ParamSpec, tool: ToolSpec): boolean {
  // A form field the document types application/json (its `encoding`) goes as one JSON text: `{}` is `field=%7B%7D`.
  if (p.wire.in === "body") return tool.body?.encoding === "form" && !formField(tool, p.wire.pointer)?.json;
  return p.wire.in === "query" && !p.wire.encoding?.json;
}

/**
 * The value with `[` and `]` taken out of its objects' keys, at every depth, and a key that leaves empty dropped: in
 * bracket form `name[]` is the next item of a list (qs, PHP, Rack), never a key of empty text.
 */
export function withoutBracketKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutBracketKeys);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const key = k.replace(/[[\]]/g, "");
    if (key === "") continue;
    Object.defineProperty(out, key, {
      value: withoutBracketKeys(v),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** How the form field holding a body pointer's value is written, when the document sets it. */
export function formField(tool: ToolSpec, pointer: string): FormFieldEncoding | undefined {
  const [name] = parsePointer(pointer);
  const fields = tool.body?.fields;
  return name !== undefined && fields && Object.hasOwn(fields, name) ? fields[name] : undefined;
}
