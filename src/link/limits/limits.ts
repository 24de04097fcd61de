// `limits`: what the upstream refuses to receive (`requestHeadBytes`, the
// request line and headers) and how much of a reply a call reads
// (`replyBytes`). Both travel with the tool's server (ToolSpec.server).
import type { ToolSpec } from "@blockwright/runtime/internal";
import { DEFAULT_REPLY_BYTES } from "@blockwright/runtime/internal/generate";
import { diffMaximum, type LimitChange, type ProviderEntry } from "../../model/surface-entry.js";
import type { LinkContext } from "../context.js";

export function linkLimits(ctx: LinkContext): Pick<ToolSpec["server"], "requestHeadBytes" | "replyBytes"> {
  const { requestHeadBytes, replyBytes } = ctx.manifest.limits ?? {};
  return {
    ...(requestHeadBytes !== undefined ? { requestHeadBytes } : {}),
    ...(replyBytes !== undefined ? { replyBytes } : {}),
  };
}

/** A request past the limit is refused before it is sent: a lower or new limit refuses calls that went out. */
export const requestHeadBytesSurface: ProviderEntry<number, LimitChange> = {
  scope: "provider",
  subject: "limits.requestHeadBytes",
  changes: {
    added: { level: "breaking", rule: "limit added (a longer request line and headers are refused before sending)" },
    tightened: {
      level: "breaking",
      rule: "limit tightened (a longer request line and headers are refused before sending)",
    },
    loosened: { level: "minor", rule: "limit loosened" },
    removed: { level: "minor", rule: "limit removed" },
  },
  record: (ir) =>
    ir.server.requestHeadBytes !== undefined ? { limits: { requestHeadBytes: ir.server.requestHeadBytes } } : {},
  read: (s) => s.limits?.requestHeadBytes,
  diff: (a, b, report) => diffMaximum(a, b, report),
};

/**
 * A reply past the limit ends the call (REPLY_TOO_LARGE): compared with the runtime's default where none is declared.
 */
export const replyBytesSurface: ProviderEntry<number, LimitChange> = {
  scope: "provider",
  subject: "limits.replyBytes",
  changes: {
    added: {
      level: "breaking",
      rule: "limit set below the default (longer replies end the call with REPLY_TOO_LARGE)",
    },
    tightened: { level: "breaking", rule: "limit tightened (longer replies end the call with REPLY_TOO_LARGE)" },
    loosened: { level: "minor", rule: "limit loosened" },
    removed: { level: "minor", rule: "limit removed (the default holds)" },
  },
  record: (ir) => (ir.server.replyBytes !== undefined ? { limits: { replyBytes: ir.server.replyBytes } } : {}),
  read: (s) => s.limits?.replyBytes,
  diff: (a, b, report) => diffMaximum(a, b, report, DEFAULT_REPLY_BYTES),
};
