// The block definition of a provider, derived from its linked tools: one
// operation selector, one input per parameter and meaning, the page inputs
// of list operations, outputs per operation.
import type {
  BlockDefinition,
  BlockInput,
  OperationCondition,
  ParamSpec,
  ToolSpec,
} from "@blockwright/runtime/internal";
import { DEFAULT_MAX_PAGES } from "@blockwright/runtime/internal/generate";
import type { Manifest } from "../load/precompiled/manifest-types.js";
import { callerMustGive } from "../model/param-keys.js";

export function buildBlock(m: Manifest, tools: ToolSpec[]): BlockDefinition {
  const ids = tools.map((t) => t.id);
  const operation: BlockInput = {
    id: "operation",
    title: "Operation",
    control: "dropdown",
    type: "string",
    description: "The operation to run.",
    options: tools.map((t) => ({ id: t.id, label: t.title })),
    ...(ids.length ? { default: ids[0] } : {}),
    secret: false,
    password: false,
    visibility: "user-only",
    required: true,
  };
  // One input per parameter name and meaning: a name that means different
  // things in different operations (an object to write or a list of names to
  // read; labels to add or labels to filter by) gets one input per meaning,
  // each with its own description and shown for its operations. The meaning
  // is everything the input shows: type, title, description, placeholder,
  // values and default.
  const inputs = new Map<string, { spec: ParamSpec; usedBy: string[]; requiredBy: string[] }>();
  for (const tool of tools) {
    for (const p of tool.params) {
      const key = JSON.stringify([
        p.name,
        p.type,
        p.jsonType,
        p.title,
        p.description,
        p.placeholder,
        p.enum,
        p.default,
        p.secret,
        p.visibility,
        controlFor(p),
      ]);
      const entry = inputs.get(key) ?? { spec: p, usedBy: [], requiredBy: [] };
      entry.usedBy.push(tool.id);
      // A default is sent where a workflow leaves the parameter out (the workflow check takes it so): not required.
      if (callerMustGive(p)) entry.requiredBy.push(tool.id);
      inputs.set(key, entry);
    }
  }
  const condition = (list: string[]): OperationCondition | undefined =>
    list.length === ids.length ? undefined : { field: "operation", value: list };
  // Inputs of one name stay together, in the order names first appear.
  const ordered = byFirstName([...inputs.values()]);
  const paramInputs = ordered.map(({ spec, usedBy, requiredBy }): BlockInput => {
    const shownFor = condition(usedBy);
    return {
      id: spec.name,
      title: spec.title,
      control: controlFor(spec),
      type: spec.type,
      description: spec.description,
      ...(spec.placeholder ? { placeholder: spec.placeholder } : {}),
      ...(spec.enum ? { options: spec.enum.map((v) => ({ id: String(v), label: String(v) })) } : {}),
      ...(spec.default !== undefined ? { default: spec.default } : {}),
      secret: spec.secret,
      password: spec.secret,
      visibility: spec.visibility,
      ...(shownFor ? { condition: shownFor } : {}),
      required:
        requiredBy.length === 0
          ? false
          : requiredBy.length === ids.length
            ? true
            : { field: "operation", value: requiredBy },
    };
  });
  const paged = tools.filter((t) => t.pagination).map((t) => t.id);
  const pageInputs = paged.length ? pageInputsFor(condition(paged)) : [];
  const outputs: BlockDefinition["outputs"] = {};
  for (const tool of tools) {
    outputs[tool.id] = Object.fromEntries(
      tool.outputs.map((o) => [o.path, { type: o.type, description: o.description, optional: o.optional }]),
    );
  }
  return {
    type: m.provider,
    ...presentation(m),
    tools: { access: ids, config: { tool: "operation" } },
    inputs: [operation, ...paramInputs, ...pageInputs],
    outputs,
  };
}

/** How the block presents itself: name, descriptions, color, category, documentation (the IR carries them too). */
export function presentation(
  m: Manifest,
): Pick<BlockDefinition, "name" | "description" | "longDescription" | "color" | "category" | "docsUrl"> {
  return {
    name: m.name,
    description: m.description,
    ...(m.longDescription ? { longDescription: m.longDescription } : {}),
    color: m.color,
    category: m.category,
    ...(m.docsUrl ? { docsUrl: m.docsUrl } : {}),
  };
}

/**
 * allPages, maxItems, maxPages: options of the call that list operations take as inputs (see
 * runtime/validate/page-inputs.ts).
 */
function pageInputsFor(shownFor: OperationCondition | undefined): BlockInput[] {
  const common = {
    secret: false,
    password: false,
    visibility: "user-or-llm" as const,
    required: false,
    ...(shownFor ? { condition: shownFor } : {}),
  };
  return [
    {
      id: "allPages",
      title: "All pages",
      control: "switch",
      type: "boolean",
      description: "Fetch every page and concatenate the list outputs; other outputs are the last page's.",
      default: false,
      ...common,
    },
    {
      id: "maxItems",
      title: "Max items",
      control: "number",
      type: "number",
      description: "With All pages: stop once this many items are gathered.",
      ...common,
    },
    {
      id: "maxPages",
      title: "Max pages",
      control: "number",
      type: "number",
      description: `With All pages: fetch at most this many pages (default ${DEFAULT_MAX_PAGES}).`,
      ...common,
    },
  ];
}

function controlFor(p: ParamSpec): BlockInput["control"] {
  if (p.enum) return "dropdown";
  if (p.type === "boolean") return "switch";
  if (p.type === "number") return "number";
  if (p.type === "json") return "code";
  return p.maxLength !== undefined && p.maxLength > 500 ? "long-input" : "short-input";
}

/**
 * The entries in the order their names first appear, those of one name together in their order (a rank per name, not
 * its index looked up in a list: a whole API's thousands of inputs are sorted by it).
 */
function byFirstName<T extends { spec: ParamSpec }>(entries: T[]): T[] {
  const firstSeen = new Map<string, number>();
  for (const e of entries) if (!firstSeen.has(e.spec.name)) firstSeen.set(e.spec.name, firstSeen.size);
  const rank = (e: T) => firstSeen.get(e.spec.name) ?? 0;
  return entries.sort((a, b) => rank(a) - rank(b));
}
