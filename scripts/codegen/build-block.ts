// The block definition of a provider, derived from its linked tools: one
// operation selector, one input per parameter name, outputs per operation.
import type { BlockDefinition, BlockInput, OperationCondition, ParamSpec, ToolSpec } from "@blockwright/runtime";
import type { Manifest } from "./manifest-types.js";

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
  // One input per parameter name and type: a name that means different things
  // in different operations (an object to write, or a list of names to read)
  // gets one input per meaning, each shown for its operations.
  const inputs = new Map<string, { spec: ParamSpec; usedBy: string[]; requiredBy: string[] }>();
  for (const tool of tools) {
    for (const p of tool.params) {
      const key = `${p.name}:${p.type}:${p.jsonType ?? ""}`;
      const entry = inputs.get(key) ?? { spec: p, usedBy: [], requiredBy: [] };
      entry.usedBy.push(tool.id);
      if (p.required) entry.requiredBy.push(tool.id);
      inputs.set(key, entry);
    }
  }
  const condition = (list: string[]): OperationCondition | undefined => (list.length === ids.length ? undefined : { field: "operation", value: list });
  const paramInputs = [...inputs.values()].map(({ spec, usedBy, requiredBy }): BlockInput => {
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
      required: requiredBy.length === 0 ? false : requiredBy.length === ids.length ? true : { field: "operation", value: requiredBy },
    };
  });
  const outputs: BlockDefinition["outputs"] = {};
  for (const tool of tools) {
    outputs[tool.id] = Object.fromEntries(tool.outputs.map((o) => [o.path, { type: o.type, description: o.description, optional: o.optional }]));
  }
  return {
    type: m.provider,
    name: m.name,
    description: m.description,
    ...(m.longDescription ? { longDescription: m.longDescription } : {}),
    color: m.color,
    category: m.category,
    ...(m.docsUrl ? { docsUrl: m.docsUrl } : {}),
    tools: { access: ids, config: { tool: "operation" } },
    inputs: [operation, ...paramInputs],
    outputs,
  };
}

function controlFor(p: ParamSpec): BlockInput["control"] {
  if (p.enum) return "dropdown";
  if (p.type === "boolean") return "switch";
  if (p.type === "number") return "number";
  if (p.type === "json") return "code";
  return p.maxLength !== undefined && p.maxLength > 500 ? "long-input" : "short-input";
}
