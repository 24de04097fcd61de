// How the stateful mock (mock-state.ts) reads an update's body, by its media type: a JSON merge patch (RFC 7396,
// `application/merge-patch+json`) merged into the record, null removing a field, an object merged at every depth, a
// list or a text replacing what was there; a JSON Patch (RFC 6902, `application/json-patch+json`) applied as its list
// of operations, all or none; any other body (plain `application/json`, a form) as the fields it sends, each
// replacing the record's field of its name whole, the others kept, but a PUT's whose body requires the whole record
// (put-replaces.ts), which replaces it: the fields it leaves out removed, the server's kept (mock-state.ts). Applied
// by json-merge-patch and rfc6902 (each the RFC's reading, prototype keys refused), not by hand.
import { apply as mergeApply } from "json-merge-patch";
import { applyPatch, type Operation } from "rfc6902";
import { isMergePatchType } from "../../load/schemas/merge-patch.js";

/** How an update's body changes a record: `replace`, a PUT's fields, the record then holding no field it left out. */
export type PatchReading = "merge-patch" | "json-patch" | "fields" | "replace";

/**
 * The reading of a request's `Content-Type`, and of its method: a PUT of fields replaces where `putReplaces` (its body
 * requires the whole record: put-replaces.ts), else merges as a PATCH does.
 */
export function patchReading(contentType: string, method = "PATCH", putReplaces = false): PatchReading {
  if (isMergePatchType(contentType)) return "merge-patch";
  const bare = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  if (/^application\/json-patch\+[a-z0-9!#$&^_.+-]+$/.test(bare)) return "json-patch";
  return putReplaces && method.toUpperCase() === "PUT" ? "replace" : "fields";
}

/** A field's value after a merge patch's `patch` of it (a copy: `current` is left as it was); undefined: removed. */
export function mergedValue(current: unknown, patch: unknown): unknown {
  if (patch === null) return undefined;
  return mergeApply(structuredClone(current), structuredClone(patch));
}

/**
 * The value after a JSON Patch's operations (a copy: `value` is left as it was); undefined where the body is no list
 * of operations or one of them fails (a `test` unmet, a path to nothing), which leaves the whole value unchanged.
 */
export function jsonPatched(value: unknown, operations: unknown): unknown {
  if (!Array.isArray(operations) || !operations.every(isOperation)) return undefined;
  const copy = { value: structuredClone(value) };
  // Each operation's path under the wrapper's `value`, so that a path of "" (the whole value) is one too.
  const under = operations.map((o) => ({
    ...o,
    path: `/value${o.path}`,
    ...(typeof o.from === "string" ? { from: `/value${o.from}` } : {}),
  })) as Operation[];
  try {
    return applyPatch(copy, under).every((result) => result === null) ? copy.value : undefined;
  } catch {
    // (A path that is no JSON Pointer.)
    return undefined;
  }
}

function isOperation(value: unknown): value is { op: string; path: string; from?: unknown } {
  if (value === null || typeof value !== "object") return false;
  const { op, path, from } = value as { op?: unknown; path?: unknown; from?: unknown };
  return typeof op === "string" && isPointer(path) && (from === undefined || isPointer(from));
}

/** A JSON Pointer (RFC 6901) naming no prototype's key (which rfc6902 would pass over, not refuse). */
function isPointer(value: unknown): value is string {
  return (
    typeof value === "string" &&
    /^(\/|$)/.test(value) &&
    !value.split("/").some((token) => token === "__proto__" || token === "constructor" || token === "prototype")
  );
}
