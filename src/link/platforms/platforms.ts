// What the workflow platforms' files (`generate --target n8n`, `--target sim`)
// make of the tools, as their saved workflows hold it, recorded in the
// surface so that `diff` says what a change does there too: each operation's
// n8n properties (where a value is saved, its type, its options, its default:
// n8n saves a workflow without the values equal to their default), the n8n
// credential's fields, and each Sim tool's parameters (a block saves its
// inputs by name; an agent fills the ones open to models). Where each goes is
// decided once, in model/platform-inputs.ts, which the emitters follow.
import { canonical } from "../../common/canonical-json.js";
import type { ProviderIR } from "../../model/ir.js";
import {
  n8nCredentialParams,
  n8nOperationInputs,
  type N8nPropertyType,
  simParams,
  type SimParamType,
} from "../../model/platform-inputs.js";
import type { ProviderEntry, Report, ToolEntry } from "../../model/surface-entry.js";
import type { ToolSpec } from "@blockwright/runtime/internal";

/**
 * An n8n property as a saved workflow holds it: `node` (a property of the node) or `collection` (of its Additional
 * Fields).
 */
export interface N8nPropertySurface {
  type: N8nPropertyType;
  place: "node" | "collection";
  required?: true;
  default?: unknown;
  options?: unknown[];
}

/** A Sim tool parameter as a saved block and an agent's tool schema hold it. */
export interface SimParamSurface {
  type: SimParamType;
  required: boolean;
  visibility: "user-only" | "user-or-llm";
}

declare module "../../model/surface-format.js" {
  interface ToolSurface {
    /** The n8n node's properties for the operation (`generate --target n8n`), by name. */
    n8n?: Record<string, N8nPropertySurface>;
    /** The Sim tool's parameters (`generate --target sim`), by name. */
    sim?: Record<string, SimParamSurface>;
  }
  interface Surface {
    /** The n8n credential's fields (the manifest's auth and instance address), by name. */
    n8nCredential?: Record<string, { required?: true }>;
  }
}

function n8nProperties(tool: ToolSpec): Record<string, N8nPropertySurface> {
  const layout = n8nOperationInputs(tool);
  const properties: Record<string, N8nPropertySurface> = {};
  for (const i of layout.inputs) {
    properties[i.property] = {
      type: i.type,
      place: i.place,
      ...(i.place === "node" && i.param.required ? { required: true as const } : {}),
      default: i.default,
      ...(i.options ? { options: i.options } : {}),
    };
  }
  if (layout.paging) {
    properties[layout.paging.returnAll] = { type: "boolean", place: "node", default: false };
    properties[layout.paging.limit] = { type: "number", place: "node", default: 50 };
  }
  return properties;
}

type N8nChange =
  | "removed"
  | "addedRequired"
  | "addedWithDefault"
  | "addedOptional"
  | "typeChanged"
  | "moved"
  | "madeRequired"
  | "madeOptional"
  | "defaultChanged"
  | "optionRemoved"
  | "optionAdded";

/**
 * A saved n8n workflow keeps each property's value where it was, as it was: a property gone, moved, retyped, newly
 * required or given another default breaks it.
 */
export const n8nSurface: ToolEntry<Record<string, N8nPropertySurface>, N8nChange> = {
  scope: "tool",
  subject: "n8n",
  changes: {
    removed: { level: "breaking", rule: "n8n property removed: a saved workflow's value for it is dropped" },
    addedRequired: { level: "breaking", rule: "n8n property added, required: saved workflows do not set it" },
    addedWithDefault: {
      level: "minor",
      rule: "n8n property added, required, with a default: saved workflows send its default",
    },
    addedOptional: { level: "minor", rule: "n8n property added" },
    typeChanged: { level: "breaking", rule: "n8n property type changed: a saved value is of the old type" },
    moved: {
      level: "breaking",
      rule: "n8n property moved between the node and its Additional Fields: a saved value stays where it was",
    },
    madeRequired: { level: "breaking", rule: "n8n property made required" },
    madeOptional: { level: "minor", rule: "n8n property made optional" },
    defaultChanged: {
      level: "breaking",
      rule:
        "n8n default changed: n8n saves a workflow without the values equal to their default, " +
        "so those take the new one",
    },
    optionRemoved: { level: "breaking", rule: "n8n option removed: a saved choice of it is no longer one" },
    optionAdded: { level: "minor", rule: "n8n option added" },
  },
  record: (tool) => ({ n8n: n8nProperties(tool) }),
  read: (t) => t.n8n,
  diff(a = {}, b = {}, report) {
    for (const name of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort())
      diffProperty(`n8n property ${name}`, a[name], b[name], report);
  },
};

function diffProperty(
  subject: string,
  a: N8nPropertySurface | undefined,
  b: N8nPropertySurface | undefined,
  report: Report<N8nChange>,
): void {
  if (!b) return report("removed", { subject });
  // n8n loads a saved workflow with a property's default where it holds none: a required one's default is a value
  // the call takes (the parameter's own, a switch's false, a list's first option), unless it is the empty text.
  if (!a)
    return report(
      !b.required
        ? "addedOptional"
        : b.default === undefined || b.default === ""
          ? "addedRequired"
          : "addedWithDefault",
      { subject },
    );
  if (a.type !== b.type) report("typeChanged", { subject, from: a.type, to: b.type });
  if (a.place !== b.place) report("moved", { subject, from: a.place, to: b.place });
  if (!a.required && b.required) report("madeRequired", { subject });
  if (a.required && !b.required) report("madeOptional", { subject });
  if (canonical(a.default) !== canonical(b.default))
    report("defaultChanged", { subject, from: a.default, to: b.default });
  const before = new Set((a.options ?? []).map((o) => canonical(o)));
  const after = new Set((b.options ?? []).map((o) => canonical(o)));
  // One line per property, with every option removed or added (as the parameter's enum values are reported).
  const removed = (a.options ?? []).filter((o) => !after.has(canonical(o)));
  const added = (b.options ?? []).filter((o) => !before.has(canonical(o)));
  if (removed.length) report("optionRemoved", { subject, from: removed.length === 1 ? removed[0] : removed });
  if (added.length) report("optionAdded", { subject, to: added.length === 1 ? added[0] : added });
}

type CredentialChange = "removed" | "addedRequired" | "addedOptional" | "madeRequired" | "madeOptional";

/** A saved n8n credential holds the fields it had: one newly required breaks it; one removed is no longer sent. */
export const n8nCredentialSurface: ProviderEntry<Record<string, { required?: true }>, CredentialChange> = {
  scope: "provider",
  subject: "n8n credential",
  changes: {
    removed: { level: "minor", rule: "n8n credential field removed: its saved value is no longer sent" },
    addedRequired: { level: "breaking", rule: "n8n credential field added, required: saved credentials lack it" },
    addedOptional: { level: "minor", rule: "n8n credential field added" },
    madeRequired: { level: "breaking", rule: "n8n credential field made required" },
    madeOptional: { level: "minor", rule: "n8n credential field made optional" },
  },
  record: (ir: ProviderIR) => ({
    n8nCredential: Object.fromEntries(
      n8nCredentialParams(ir.operations.map((o) => o.tool)).map((p) => [
        p.name,
        p.required ? { required: true as const } : {},
      ]),
    ),
  }),
  read: (s) => s.n8nCredential,
  diff(a = {}, b = {}, report) {
    for (const name of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const subject = `n8n credential field ${name}`;
      const [x, y] = [a[name], b[name]];
      if (!y) report("removed", { subject });
      else if (!x) report(y.required ? "addedRequired" : "addedOptional", { subject });
      else if (!x.required && y.required) report("madeRequired", { subject });
      else if (x.required && !y.required) report("madeOptional", { subject });
    }
  },
};

type SimChange =
  | "removed"
  | "addedRequired"
  | "addedOptional"
  | "typeChanged"
  | "madeRequired"
  | "madeOptional"
  | "madeUserOnly"
  | "openedToModels";

/**
 * A saved Sim block holds its inputs by name, and an agent fills the parameters open to models: one gone, retyped,
 * newly required or closed to models breaks them.
 */
export const simSurface: ToolEntry<Record<string, SimParamSurface>, SimChange> = {
  scope: "tool",
  subject: "sim",
  changes: {
    removed: {
      level: "breaking",
      rule: "Sim parameter removed: a saved block's value for it is dropped, and agents' tool schema loses it",
    },
    addedRequired: { level: "breaking", rule: "Sim parameter added, required: saved blocks do not set it" },
    addedOptional: { level: "minor", rule: "Sim parameter added" },
    typeChanged: { level: "breaking", rule: "Sim parameter type changed" },
    madeRequired: { level: "breaking", rule: "Sim parameter made required" },
    madeOptional: { level: "minor", rule: "Sim parameter made optional" },
    madeUserOnly: {
      level: "breaking",
      rule: "Sim parameter closed to models (user-only): an agent that filled it no longer can",
    },
    openedToModels: { level: "minor", rule: "Sim parameter opened to models (user-or-llm)" },
  },
  record: (tool) => ({
    sim: Object.fromEntries(
      simParams(tool, undefined).map((p) => [p.name, { type: p.type, required: p.required, visibility: p.visibility }]),
    ),
  }),
  read: (t) => t.sim,
  diff(a = {}, b = {}, report) {
    for (const name of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const subject = `Sim parameter ${name}`;
      const [x, y] = [a[name], b[name]];
      if (!y) report("removed", { subject });
      else if (!x) report(y.required ? "addedRequired" : "addedOptional", { subject });
      else {
        if (x.type !== y.type) report("typeChanged", { subject, from: x.type, to: y.type });
        if (!x.required && y.required) report("madeRequired", { subject });
        if (x.required && !y.required) report("madeOptional", { subject });
        if (x.visibility !== y.visibility)
          report(y.visibility === "user-only" ? "madeUserOnly" : "openedToModels", {
            subject,
            from: x.visibility,
            to: y.visibility,
          });
      }
    }
  },
};
