// The baseline: `upstream` as it was before the shared change model
// (src/upstream/drift.ts over facts.ts), binding every part of the bound
// operations, its items given the kind ids their added / removed / changed
// and from → to imply. Kept so the bench can show both (HISTORY_LEGACY=1).
import { bindingOf, drift } from "../../src/upstream/drift.js";
import { operationKey, serverPathOf } from "../../src/upstream/facts.js";
import type { Reported } from "./history-score.js";

type Json = Record<string, unknown>;
interface Bound {
  operationId: string;
  method: string;
  path: string;
}

/** The kind ids an item's added / removed / changed and its from → to imply, at a place of the request or response. */
function kindsOf(change: string, from: Json, to: Json, location: string, side: "request" | "response"): string[] {
  const kinds: string[] = [];
  if (change === "added")
    kinds.push(
      side === "request"
        ? location === "request.body"
          ? to.required
            ? "new-required-request-property"
            : "new-optional-request-property"
          : "new-optional-request-parameter"
        : "response-property-added",
    );
  else if (change === "removed")
    kinds.push(
      side === "request"
        ? location === "request.body"
          ? "request-property-removed"
          : "request-parameter-removed"
        : "response-property-removed",
    );
  else {
    const prefix =
      location === "request.body"
        ? "request-property"
        : location.startsWith("request.parameter")
          ? "request-parameter"
          : "response-property";
    if (JSON.stringify(from.type) !== JSON.stringify(to.type)) kinds.push(`${prefix}-type-changed`);
    if (from.required !== to.required)
      kinds.push(
        side === "response"
          ? to.required
            ? "response-property-became-required"
            : "response-property-became-optional"
          : to.required
            ? "request-property-became-required"
            : "request-property-became-optional",
      );
    if (from.nullable !== to.nullable)
      kinds.push(to.nullable ? `${prefix}-became-nullable` : `${prefix}-became-not-nullable`);
    const fe = (from.enum ?? []) as unknown[];
    const te = (to.enum ?? []) as unknown[];
    if (te.some((v) => !fe.includes(v))) kinds.push(`${prefix}-enum-value-added`);
    if (fe.some((v) => !te.includes(v))) kinds.push(`${prefix}-enum-value-removed`);
    if (from.format !== to.format) kinds.push(`${prefix}-format-changed`);
    if (JSON.stringify(from.default) !== JSON.stringify(to.default)) kinds.push(`${prefix}-default-value-changed`);
    if (!kinds.length) kinds.push(`${prefix}-changed`);
  }
  return kinds;
}

export function legacyReport(older: Json, newer: Json, bound: Bound[]): Reported[] {
  const ids = new Map<string, string>();
  for (const doc of [older, newer])
    for (const b of bound) ids.set(operationKey(b.method, serverPathOf(doc), b.path), b.operationId);
  const binding = bindingOf([]);
  for (const [key, id] of ids) {
    binding.operations.set(key, [id]);
    binding.body.set(key, new Set([""]));
    binding.response.set(key, new Set([""]));
  }
  const report = drift(older, newer, binding);
  const out: Reported[] = [];
  for (const item of report.bound) {
    const operation = ids.get(item.op) ?? item.op;
    const [where = "", ...rest] = item.what.split(" ");
    const from = (item.from ?? {}) as Json;
    const to = (item.to ?? {}) as Json;
    const place = (location: string, pointer: string, side: "request" | "response") => {
      for (const kind of kindsOf(item.change, from, to, location, side))
        out.push({ kind, operation, location, pointer, text: `${operation} ${item.what} ${item.change} → ${kind}` });
    };
    if (where === "parameter") {
      const [place0 = "", name = ""] = (rest[0] ?? "").split(":");
      place(`request.parameter.${place0}`, name, "request");
    } else if (where === "request")
      place("request.body", rest[1] === "/" || rest[1] === undefined ? "/" : rest[1], "request");
    else if (where === "response" && rest.length === 2) place(`response.${rest[0]}.body`, rest[1] ?? "/", "response");
    else if (item.what === "security requirement")
      out.push({
        kind: "api-security-changed",
        operation,
        location: "security",
        pointer: "",
        text: `${operation} security requirement changed`,
      });
    else if (item.what.startsWith("security scheme"))
      out.push({
        kind: "api-security-changed",
        operation: "(document)",
        location: "document",
        pointer: item.what.slice(16),
        text: item.what,
      });
    else
      out.push({
        kind: `${where}-${item.change}`,
        operation,
        location: "operation",
        pointer: "",
        text: `${operation} ${item.what} ${item.change}`,
      });
  }
  return out;
}
