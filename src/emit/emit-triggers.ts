// The package's triggers: the definitions as data, a verifier keyed by trigger
// id, and per trigger the type of what a verified event gives a workflow
// (`data`, the event; `metadata`, its declared outputs), typed from the event's
// schema in the document; the poll triggers likewise, typed from one item of
// the list they poll (they have no verifier: nothing is delivered).
import type { TriggerOutputSpec } from "@blockwright/runtime/internal";
import type { ProviderIR } from "../model/ir.js";
import { pascalCase } from "../model/naming.js";
import { commentText } from "./code-text.js";

export interface TriggersView {
  literal: string;
  items: {
    id: string;
    title: string;
    description: string;
    eventName: string;
    metadata: { name: string; optional: boolean; type: string; doc: string }[];
  }[];
}

/** The view of the package's triggers, or null when the provider declares none. */
export function triggersView(ir: ProviderIR, literal: (value: unknown) => string): TriggersView | null {
  const triggers = ir.triggers ?? [];
  if (!triggers.length) return null;
  return {
    // The event's schema types the package and derives contract cases; the runtime does not read it.
    literal: literal(Object.fromEntries(triggers.map(({ eventSchema: _, ...t }) => [t.id, t]))),
    items: triggers.map((t) => ({
      id: t.id,
      title: commentText(t.title),
      description: commentText(t.description),
      eventName: `${pascalCase(t.id)}Event`,
      metadata: t.outputs.map((o) => ({
        name: o.name,
        optional: !o.required,
        type: outputType(t.eventSchema, o.source),
        doc: commentText(o.description),
      })),
    })),
  };
}

/** The view of the package's poll triggers, or null when the provider declares none. */
export function pollTriggersView(ir: ProviderIR, literal: (value: unknown) => string): TriggersView | null {
  const triggers = ir.pollTriggers ?? [];
  if (!triggers.length) return null;
  return {
    // The item's schema types the package and derives contract cases; serve does not read it.
    literal: literal(Object.fromEntries(triggers.map(({ itemSchema: _, ...t }) => [t.id, t]))),
    items: triggers.map((t) => ({
      id: t.id,
      title: commentText(t.title),
      description: commentText(t.description),
      eventName: `${pascalCase(t.id)}Item`,
      metadata: t.outputs.map((o) => ({
        name: o.name,
        optional: !o.required,
        type: outputType(t.itemSchema, o.source),
        doc: commentText(o.description),
      })),
    })),
  };
}

/** A TypeScript type for a value of the event: its schema's primitive type, or `unknown`. */
function outputType(eventSchema: unknown, source: TriggerOutputSpec["source"]): string {
  if (source.from === "header") return "string";
  let schema = eventSchema as Record<string, unknown> | undefined;
  for (const token of source.from === "event" ? source.pointer : [])
    schema = (schema?.properties as Record<string, Record<string, unknown>> | undefined)?.[token];
  const type = Array.isArray(schema?.type) ? schema?.type.find((x) => x !== "null") : schema?.type;
  if (Array.isArray(schema?.enum) && schema.enum.every((v) => typeof v === "string"))
    return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  return type === "string"
    ? "string"
    : type === "integer" || type === "number"
      ? "number"
      : type === "boolean"
        ? "boolean"
        : "unknown";
}
