// `outcomes`: a declared non-2xx status that is a result, not an error (a
// 404 meaning "no match"), with a source for every required output.
import type { OutcomeSpec, ParamSpec } from "@blockwright/runtime/internal";
import { fieldOf } from "@blockwright/runtime/internal/generate";
import type { TypeRef } from "../../model/ir.js";
import type { ManifestOperation } from "../../load/precompiled/manifest-types.js";
import type { OpenApiOperation } from "../../load/openapi-document.js";
import type { Classification, Report, ToolEntry } from "../../model/surface-entry.js";
import type { LinkContext, Path } from "../context.js";
import { linkSource, type LinkedOutput } from "./outputs.js";

export function linkOutcomes(
  ctx: LinkContext,
  at: Path,
  mop: ManifestOperation,
  op: OpenApiOperation,
  params: Map<string, ParamSpec>,
  outputs: LinkedOutput[],
): { spec: OutcomeSpec; types: [string, TypeRef][] }[] {
  const result: { spec: OutcomeSpec; types: [string, TypeRef][] }[] = [];
  for (const [statusText, outcome] of Object.entries(mop.outcomes ?? {}).sort()) {
    const where: Path = [...at, "outcomes", statusText];
    const status = Number(statusText);
    if (!op.responses.some((r) => Number(r.status) === status)) {
      ctx.fail("BW2021", where, `status ${status} is not declared for "${op.operationId}" in ${ctx.openapiName}`);
      continue;
    }
    const spec: OutcomeSpec = { status, description: outcome.description, outputs: [] };
    const types: [string, TypeRef][] = [];
    for (const path of Object.keys(outcome.outputs).sort()) {
      const main = outputs.find((o) => o.spec.path === path);
      if (!main) {
        if (!(path in mop.outputs))
          ctx.fail(
            "BW2022",
            [...where, "outputs", path],
            `"${path}" is not an output of the operation (outputs: ${Object.keys(mop.outputs).join(", ")})`,
          );
        continue;
      }
      const linked = linkSource(
        ctx,
        fieldOf(outcome.outputs, path),
        [...where, "outputs", path],
        op,
        params,
        status,
        main.spec.type,
      );
      if (!linked) continue;
      spec.outputs.push({ path, source: linked.source });
      types.push([path, linked.type]);
    }
    for (const o of outputs) {
      if (!o.spec.optional && !(o.spec.path in outcome.outputs))
        ctx.fail(
          "BW2022",
          [...where, "outputs"],
          `required output "${o.spec.path}" has no source for status ${status}`,
        );
    }
    result.push({ spec, types });
  }
  return result;
}

/** A status that becomes a result, or stops being one, changes what callers handle: breaking either way. */
export const outcomesSurface: ToolEntry<number[], StatusChange> = {
  scope: "tool",
  subject: "outcome",
  legacy: true,
  changes: statusChanges("outcome", "breaking"),
  record: (tool) => ({ outcomes: tool.outcomes.map((o) => o.status) }),
  read: (t) => t.outcomes,
  diff: (a = [], b = [], report) => diffStatuses("outcome", a, b, report),
};

export type StatusChange = "added" | "removed";

/** A list of statuses' changes, each `<what> added` or `<what> removed` at `level`. */
export function statusChanges(what: string, level: "breaking" | "patch"): Classification<StatusChange> {
  return { added: { level, rule: `${what} added` }, removed: { level, rule: `${what} removed` } };
}

export function diffStatuses(what: string, a: number[], b: number[], report: Report<StatusChange>): void {
  for (const s of b) if (!a.includes(s)) report("added", { subject: `${what} ${s}` });
  for (const s of a) if (!b.includes(s)) report("removed", { subject: `${what} ${s}` });
}

/**
 * The declared error statuses (4xx, 5xx) not read as outcomes: documentation of what may fail, a patch change either
 * way (every error is structured).
 */
export const errorStatusesSurface: ToolEntry<number[], StatusChange> = {
  scope: "tool",
  subject: "error status",
  legacy: true,
  changes: statusChanges("error status", "patch"),
  record: (tool) => ({
    errors: tool.responses.map((r) => r.status).filter((s) => s >= 400 && !tool.outcomes.some((o) => o.status === s)),
  }),
  read: (t) => t.errors,
  diff: (a = [], b = [], report) => diffStatuses("error status", a, b, report),
};
