// What an operation does to the upstream, from its HTTP method and the
// manifest's `behavior`: one reading for agents (MCP annotations) and for
// the runtime's retries, so that a search sent as POST but declared
// read-only is retried like a GET, and annotated read-only too.
import type { BehaviorSpec, HttpMethod, ToolSpec } from "./tool-types.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["method", "idempotency", "behavior"] as const satisfies readonly (keyof ToolSpec)[];

export interface ToolBehavior {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  openWorld: boolean;
}

// HTTP semantics (RFC 9110, RFC 5789): PUT replaces and DELETE removes, both
// idempotent; PATCH changes data in place and may not be; POST adds; GET,
// HEAD, OPTIONS and TRACE are safe (read only).
const BY_METHOD: Record<HttpMethod, Omit<ToolBehavior, "openWorld">> = {
  GET: { readOnly: true, destructive: false, idempotent: true },
  POST: { readOnly: false, destructive: false, idempotent: false },
  PUT: { readOnly: false, destructive: true, idempotent: true },
  PATCH: { readOnly: false, destructive: true, idempotent: false },
  DELETE: { readOnly: false, destructive: true, idempotent: true },
  HEAD: { readOnly: true, destructive: false, idempotent: true },
  OPTIONS: { readOnly: true, destructive: false, idempotent: true },
  TRACE: { readOnly: true, destructive: false, idempotent: true },
};

/**
 * A tool's effects: derived from the methods it may call (its routes
 * included: read-only only if all are), then the manifest's `behavior`
 * overrides. A read-only tool is never destructive and is idempotent unless
 * the manifest says otherwise.
 */
export function toolBehavior(tool: Pick<ToolSpec, "method" | "routes"> & { behavior?: BehaviorSpec }): ToolBehavior {
  const each = [tool.method, ...tool.routes.map((r) => r.method)].map((m) => BY_METHOD[m]);
  const o = tool.behavior ?? {};
  const readOnly = o.readOnly ?? each.every((b) => b.readOnly);
  return {
    readOnly,
    destructive: readOnly ? false : (o.destructive ?? each.some((b) => b.destructive)),
    idempotent: o.idempotent ?? (readOnly || each.every((b) => b.idempotent)),
    openWorld: o.openWorld ?? true,
  };
}

/**
 * Whether a request of this tool may be sent again after a failure without
 * risk of applying it twice: it carries the tool's idempotency key (every
 * request but a GET does, when the tool declares one), the manifest says the
 * tool is idempotent or read-only, or else its method is idempotent.
 */
export function safeToRepeat(
  tool: Pick<ToolSpec, "idempotency"> & { behavior?: BehaviorSpec },
  method: string,
): boolean {
  if (carriesIdempotencyKey(tool, method)) return true;
  const declared = tool.behavior ?? {};
  if (declared.idempotent !== undefined) return declared.idempotent;
  if (declared.readOnly) return true;
  return Object.hasOwn(BY_METHOD, method) && BY_METHOD[method as HttpMethod].idempotent;
}

/** A request of this method carries the tool's idempotency header (a GET needs none). */
export function carriesIdempotencyKey(tool: Pick<ToolSpec, "idempotency">, method: string): boolean {
  return tool.idempotency !== undefined && method !== "GET";
}
