// `limits`: what the upstream refuses to receive (`requestHeadBytes`, the
// request line and headers) and how much of a reply a call reads
// (`replyBytes`). Both travel with the tool's server (ToolSpec.server).
import type { ToolSpec } from "@blockwright/runtime";
import type { LinkContext } from "./context.js";

export function linkLimits(ctx: LinkContext): Pick<ToolSpec["server"], "requestHeadBytes" | "replyBytes"> {
  const { requestHeadBytes, replyBytes } = ctx.manifest.limits ?? {};
  return { ...(requestHeadBytes !== undefined ? { requestHeadBytes } : {}), ...(replyBytes !== undefined ? { replyBytes } : {}) };
}
