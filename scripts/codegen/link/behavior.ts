// `behavior`: an operation's effects where its HTTP method alone would
// mislead (a search sent as POST only reads): readOnly, destructive,
// idempotent, openWorld; what is left out follows from the method.
import type { ToolSpec } from "@blockwright/runtime";
import type { ManifestOperation } from "../precompiled/manifest-types.js";
import type { LinkContext, Path } from "./context.js";

export function linkBehavior(ctx: LinkContext, at: Path, behavior: NonNullable<ManifestOperation["behavior"]>): NonNullable<ToolSpec["behavior"]> {
  if (behavior.readOnly && behavior.destructive) ctx.fail([...at, "behavior", "destructive"], "an operation that is readOnly cannot be destructive");
  return { ...behavior };
}
