// `deprecated`: an operation on its way out, with a note saying why and what
// to use instead — required where the OpenAPI operation is deprecated, so
// that the upstream's notice reaches the tool's users. The note travels in
// the tool definition (ToolSpec.deprecated): models read it at the end of the
// tool's description (runtime/llm/wording.ts), the surface records it.
import { valueAt } from "../../load/json-ref.js";
import type { Schema } from "../../load/openapi-document.js";
import { diffValue, type ToolEntry, type ValueChange } from "../../model/surface-entry.js";
import type { OperationPart } from "../context.js";

declare module "../../model/surface-format.js" {
  interface ToolSurface {
    /** The tool is on its way out: why, and what to use instead. */
    deprecated?: string;
  }
}

export const linkDeprecated: OperationPart = (ctx, at, mop, op) => {
  const item = ctx.doc.resolve((valueAt(ctx.doc.source.data, ["paths", op.path]) ?? {}) as Schema);
  const upstream = (item[op.method.toLowerCase()] as Schema | undefined)?.deprecated === true;
  if (upstream && mop.deprecated === undefined) {
    ctx.fail(
      "BW2015",
      [...at, "operationId"],
      `operation "${op.operationId}" is deprecated in ${ctx.openapiName}: tell the tool's users, ` +
        `with deprecated: <why, and what to use instead>`,
      "value",
    );
  }
  return mop.deprecated === undefined ? {} : { deprecated: mop.deprecated };
};

/**
 * Deprecating a tool announces its removal (minor, as semver has it); withdrawing that, or rewording the note, is a
 * patch.
 */
export const deprecatedSurface: ToolEntry<string, ValueChange> = {
  scope: "tool",
  subject: "deprecated",
  changes: {
    added: { level: "minor", rule: "tool deprecated" },
    removed: { level: "patch", rule: "tool no longer deprecated" },
    changed: { level: "patch", rule: "deprecation note changed" },
  },
  record: (tool) => (tool.deprecated === undefined ? {} : { deprecated: tool.deprecated }),
  read: (t) => t.deprecated,
  diff: diffValue,
};
