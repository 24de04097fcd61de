// How the triggers changed between two surfaces (the `triggers` concept's part of the diff: record.ts): each trigger's
// event, its delivery's authentication and secret input, and its outputs, recorded; a change classified.
import { canonical } from "../../common/canonical-json.js";
import type { ProviderEntry } from "../../model/surface-entry.js";

declare module "../../model/surface-format.js" {
  interface Surface {
    /** Each trigger: its event, how deliveries are authenticated (the kind), its secret input and outputs. */
    triggers?: Record<string, { event: string; authentication: string; secret: string; outputs: string[] }>;
  }
}

type Recorded = NonNullable<import("../../model/surface-format.js").Surface["triggers"]>;

/**
 * A trigger removed, its authentication or secret input changed, or an output gone breaks a workflow that starts from
 * it; a new one is a feature.
 */
export const triggersSurface: ProviderEntry<
  Recorded,
  "added" | "removed" | "authChanged" | "outputRemoved" | "outputAdded" | "eventChanged"
> = {
  scope: "provider",
  subject: "triggers",
  changes: {
    added: { level: "minor", rule: "trigger added" },
    removed: { level: "breaking", rule: "trigger removed (a workflow starting from it no longer starts)" },
    authChanged: { level: "breaking", rule: "delivery authentication changed (the secret to configure differs)" },
    outputRemoved: { level: "breaking", rule: "trigger output removed" },
    outputAdded: { level: "minor", rule: "trigger output added" },
    eventChanged: { level: "breaking", rule: "the trigger's event changed" },
  },
  record: (ir) => {
    if (!ir.triggers?.length) return {};
    return {
      triggers: Object.fromEntries(
        ir.triggers.map((t) => [
          t.id,
          {
            event: canonical(t.event),
            authentication: t.authentication.kind,
            secret: t.secretParam,
            outputs: t.outputs.map((o) => o.name).sort(),
          },
        ]),
      ),
    };
  },
  read: (s) => s.triggers,
  diff(a, b, report) {
    const before = a ?? {};
    const after = b ?? {};
    for (const [id, was] of Object.entries(before)) {
      const now = after[id];
      if (!now) {
        report("removed", { subject: `triggers.${id}`, from: id });
        continue;
      }
      if (was.event !== now.event)
        report("eventChanged", { subject: `triggers.${id}`, from: was.event, to: now.event });
      if (was.authentication !== now.authentication || was.secret !== now.secret)
        report("authChanged", {
          subject: `triggers.${id}`,
          from: `${was.authentication} (${was.secret})`,
          to: `${now.authentication} (${now.secret})`,
        });
      for (const o of was.outputs)
        if (!now.outputs.includes(o)) report("outputRemoved", { subject: `triggers.${id}.outputs.${o}`, from: o });
      for (const o of now.outputs)
        if (!was.outputs.includes(o)) report("outputAdded", { subject: `triggers.${id}.outputs.${o}`, to: o });
    }
    for (const id of Object.keys(after)) if (!(id in before)) report("added", { subject: `triggers.${id}`, to: id });
  },
};
