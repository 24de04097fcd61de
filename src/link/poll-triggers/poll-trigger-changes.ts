// Poll triggers as the surface records them, and how they changed between two surfaces (diff), each change
// classified (the triggers themselves: poll-triggers.ts).
import type { ProviderEntry } from "../../model/surface-entry.js";

type Recorded = NonNullable<import("../../model/surface-format.js").Surface["pollTriggers"]>;

/**
 * A poll trigger removed, its operation changed, a parameter now required or gone, or an output gone breaks a workflow
 * that starts from it.
 */
export const pollTriggersSurface: ProviderEntry<
  Recorded,
  | "added"
  | "removed"
  | "operationChanged"
  | "paramRequired"
  | "paramRemoved"
  | "paramAdded"
  | "outputRemoved"
  | "outputAdded"
> = {
  scope: "provider",
  subject: "pollTriggers",
  changes: {
    added: { level: "minor", rule: "poll trigger added" },
    removed: { level: "breaking", rule: "poll trigger removed (a workflow starting from it no longer starts)" },
    operationChanged: {
      level: "breaking",
      rule: "the poll trigger calls another operation (its connection inputs may differ)",
    },
    paramRequired: { level: "breaking", rule: "a poll trigger parameter became required, or a required one was added" },
    paramRemoved: { level: "breaking", rule: "poll trigger parameter removed" },
    paramAdded: { level: "minor", rule: "optional poll trigger parameter added" },
    outputRemoved: { level: "breaking", rule: "poll trigger output removed" },
    outputAdded: { level: "minor", rule: "poll trigger output added" },
  },
  record: (ir) => {
    if (!ir.pollTriggers?.length) return {};
    return {
      pollTriggers: Object.fromEntries(
        ir.pollTriggers.map((t) => [
          t.id,
          {
            operation: t.operation,
            params: Object.fromEntries(t.params.map((p) => [p.name, p.required])),
            outputs: t.outputs.map((o) => o.name).sort(),
          },
        ]),
      ),
    };
  },
  read: (s) => s.pollTriggers,
  diff(a, b, report) {
    const before = a ?? {};
    const after = b ?? {};
    for (const [id, was] of Object.entries(before)) {
      const now = after[id];
      const at = `pollTriggers.${id}`;
      if (!now) {
        report("removed", { subject: at, from: id });
        continue;
      }
      if (was.operation !== now.operation)
        report("operationChanged", { subject: at, from: was.operation, to: now.operation });
      for (const [p, required] of Object.entries(was.params)) {
        if (!(p in now.params)) report("paramRemoved", { subject: `${at}.params.${p}`, from: p });
        else if (!required && now.params[p])
          report("paramRequired", { subject: `${at}.params.${p}`, from: "optional", to: "required" });
      }
      for (const [p, required] of Object.entries(now.params))
        if (!(p in was.params))
          report(required ? "paramRequired" : "paramAdded", { subject: `${at}.params.${p}`, to: p });
      for (const o of was.outputs)
        if (!now.outputs.includes(o)) report("outputRemoved", { subject: `${at}.outputs.${o}`, from: o });
      for (const o of now.outputs)
        if (!was.outputs.includes(o)) report("outputAdded", { subject: `${at}.outputs.${o}`, to: o });
    }
    for (const id of Object.keys(after))
      if (!(id in before)) report("added", { subject: `pollTriggers.${id}`, to: id });
  },
};
