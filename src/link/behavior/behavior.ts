// `behavior`: an operation's effects where its HTTP method alone would
// mislead (a search sent as POST only reads): readOnly, destructive,
// idempotent, openWorld; what is left out follows from the method.
import type { OperationPart } from "../context.js";

export const linkBehavior: OperationPart = (ctx, at, mop) => {
  const behavior = mop.behavior;
  if (!behavior) return {};
  if (behavior.readOnly && behavior.destructive)
    ctx.fail("BW2024", [...at, "behavior", "destructive"], "an operation that is readOnly cannot be destructive");
  return { behavior: { ...behavior } };
};
