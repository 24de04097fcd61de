// `idempotency`: the header in which the upstream takes an idempotency key,
// for the methods the manifest lists (default POST), or an operation's own
// where the upstream takes one on some operations only. Each call sends a new
// key, the same on every retry, which makes the call safe to retry.
import type { IdempotencySpec } from "@blockwright/runtime/internal";
import { diffValue, type ToolEntry, type ValueChange } from "../../model/surface-entry.js";
import type { OpenApiOperation } from "../../load/openapi-document.js";
import type { ManifestOperation } from "../../load/precompiled/manifest-types.js";
import type { LinkContext } from "../context.js";
import type { SlotSender } from "../wire/wire.js";

/**
 * The idempotency header: the operation's own (where the upstream takes a key on some operations only), else the
 * provider's, for an operation whose method it lists (default POST).
 */
export function linkIdempotency(
  ctx: LinkContext,
  op: OpenApiOperation,
  mop: ManifestOperation,
): IdempotencySpec | undefined {
  if (mop.idempotency) return { header: mop.idempotency.header };
  const declared = ctx.manifest.idempotency;
  if (!declared || !(declared.methods ?? ["POST"]).includes(op.method as "POST")) return undefined;
  return { header: declared.header };
}

/** The slot the idempotency key takes, on the requests that carry one. */
export function idempotencySender(idempotency: IdempotencySpec | undefined): SlotSender[] {
  return idempotency
    ? [
        {
          in: "header",
          name: idempotency.header,
          who: "the idempotency key (idempotency.header)",
          at: ["idempotency", "header"],
        },
      ]
    : [];
}

/**
 * A call that sends a key is retried like a GET, and its errors carry the key
 * to repeat it with: gaining that is minor, losing it breaks callers who read
 * the key; another header name is the upstream's business.
 */
export const idempotencySurface: ToolEntry<string, ValueChange> = {
  scope: "tool",
  subject: "idempotency",
  changes: {
    added: { level: "minor", rule: "idempotency key sent (the call is retried like a GET; its errors carry the key)" },
    removed: { level: "breaking", rule: "idempotency key no longer sent (no retry; errors carry no key)" },
    changed: { level: "patch", rule: "idempotency header renamed" },
  },
  record: (tool) => (tool.idempotency ? { idempotency: tool.idempotency.header } : {}),
  read: (t) => t.idempotency,
  diff: diffValue,
};
