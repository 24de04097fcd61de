/**
 * The method an SDK generator's extensions name an operation by, as "group method" (`records assert`), or undefined.
 * A document written for an SDK generator often has no operationId: it names each method in an extension instead
 * (Speakeasy: `x-speakeasy-name-override`, grouped by `x-speakeasy-group`; Fern: `x-fern-sdk-method-name`, grouped by
 * `x-fern-sdk-group-name`, a name or a list of names), the group being the first tag where none is given, as both
 * generators do. That name is the one the vendor's own SDK exposes (`attio.records.assert()`), a tool id users read
 * where the method and path (`put_v2_objects_object_records`) is not.
 */
export function sdkMethodName(rawOp: unknown): string | undefined {
  if (!isRecord(rawOp)) return undefined;
  const method = text(rawOp["x-speakeasy-name-override"]) ?? text(rawOp["x-fern-sdk-method-name"]);
  if (!method) return undefined;
  const group = groupOf(rawOp["x-speakeasy-group"]) ?? groupOf(rawOp["x-fern-sdk-group-name"]) ?? firstTag(rawOp.tags);
  return group ? `${group} ${method}` : method;
}

/** A group given as a dotted name (`users.keys`), or as a list of names (Fern). */
function groupOf(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    const names = value.map(text);
    return names.length > 0 && names.every((n) => n !== undefined) ? names.join(" ") : undefined;
  }
  return text(value)?.replace(/\./g, " ");
}

function firstTag(tags: unknown): string | undefined {
  return Array.isArray(tags) ? text(tags[0]) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
