// `polling`: a job-status operation is called again while an output is in a
// pending state, until it is terminal — states the spec's enum allows, an
// interval no shorter than the upstream's minimum, a time-out.
import type { OutputSpec, ToolSpec } from "@blockwright/runtime/internal";
import { canonical } from "../../common/canonical-json.js";
import type { ToolEntry } from "../../model/surface-entry.js";
import type { ToolSurface } from "../../model/surface-format.js";
import type { ManifestOperation } from "../../load/precompiled/manifest-types.js";
import type { OpenApiOperation } from "../../load/openapi-document.js";
import type { LinkContext, Path } from "../context.js";

export function linkPolling(
  ctx: LinkContext,
  at: Path,
  mop: ManifestOperation,
  op: OpenApiOperation,
  linkedOutputs: { spec: OutputSpec }[],
): ToolSpec["polling"] {
  const polling = mop.polling;
  if (!polling) return undefined;
  const output = mop.outputs[polling.output];
  if (!output)
    return ctx.fail(
      "BW2022",
      [...at, "polling", "output"],
      `"${polling.output}" is not an output of the operation`,
      "value",
    );
  if (polling.intervalMs < polling.minIntervalMs)
    ctx.fail(
      "BW2005",
      [...at, "polling", "intervalMs"],
      `${polling.intervalMs} is below minIntervalMs ${polling.minIntervalMs}`,
      "value",
    );
  const overlap = polling.pending.filter((s) => polling.terminal.includes(s));
  if (overlap.length)
    ctx.fail("BW2005", [...at, "polling"], `states ${overlap.join(", ")} are both pending and terminal`);
  // The output as linked (its own problems, such as an expression that does not parse, are reported there).
  const source = linkedOutputs.find((o) => o.spec.path === polling.output)?.spec.source;
  // Each place it reads (one, or each of a first-of's in turn): a state is a value of one of theirs. Any place
  // without an enum (not the body's, or not an enum there) allows any state.
  const refs = !source || "value" in source ? [] : "first" in source ? source.first.map((p) => p.ref) : [source.ref];
  const response = ctx.doc.bodyResponse(op);
  const enums = refs.map((ref) => {
    const schema = ref.kind === "body" && response ? ctx.doc.schemaAt(response.schema, ref.pointer) : undefined;
    return schema ? (ctx.doc.flatten(schema).enum as unknown[] | undefined) : undefined;
  });
  if (enums.length && enums.every((e) => e !== undefined)) {
    const allowed = [...new Set(enums.flat())];
    for (const [key, list] of [
      ["pending", polling.pending],
      ["terminal", polling.terminal],
    ] as const) {
      for (const state of list)
        if (!allowed.includes(state))
          ctx.fail(
            "BW2023",
            [...at, "polling", key],
            `state "${state}" is not a value of "${polling.output}" in ${ctx.openapiName} (${allowed.join(", ")})`,
          );
    }
  }
  return { ...polling, pending: [...polling.pending], terminal: [...polling.terminal] };
}

/** Job states are what callers wait for: other states break them; other timings are a patch. */
export const pollingSurface: ToolEntry<NonNullable<ToolSurface["polling"]>, "statesChanged" | "timingsChanged"> = {
  scope: "tool",
  subject: "polling",
  legacy: true,
  changes: {
    statesChanged: { level: "breaking", rule: "job states changed" },
    timingsChanged: { level: "patch", rule: "polling timings changed" },
  },
  record: (tool) => (tool.polling ? { polling: { ...tool.polling } } : {}),
  read: (t) => t.polling,
  diff(a, b, report) {
    if (!a && !b) return;
    const states = (p: typeof a) => canonical([p?.output, p?.pending, p?.terminal]);
    if (states(a) !== states(b))
      report("statesChanged", {
        from: a && { pending: a.pending, terminal: a.terminal },
        to: b && { pending: b.pending, terminal: b.terminal },
      });
    else if (canonical(a) !== canonical(b)) report("timingsChanged");
  },
};
