// A registry built from surfaces: enough of each tool (parameters with their
// rules, outputs with their shapes) for the workflow validator to check a
// workflow against a package version that is not installed — the base of a
// diff, or the specs as they are now.
import type { BlockDefinition, OutputSpec, ParamSpec, ToolSpec, WireSpec } from "@blockwright/runtime";
import type { Registry } from "@blockwright/runtime/workflow";
import type { ParamSurface, Shape, Surface } from "./surface.js";

/** Output shapes by tool id and output path: what the validator reads nested reference types from. */
export type OutputShapes = Record<string, Record<string, Shape>>;

export interface SurfaceRegistry extends Registry {
  shapes: OutputShapes;
}

export function registryFromSurfaces(surfaces: Iterable<Surface>): SurfaceRegistry {
  const registry: SurfaceRegistry = { tools: {}, blocks: {}, shapes: {} };
  for (const surface of surfaces) {
    const ids = Object.keys(surface.tools).sort();
    for (const id of ids) {
      const t = surface.tools[id];
      registry.tools[id] = {
        id,
        provider: surface.provider,
        title: t.title,
        description: t.description,
        operationId: id,
        method: t.method as ToolSpec["method"],
        path: t.path,
        server: {},
        auth: { type: "bearer", param: surface.auth.param },
        params: Object.entries(t.params).map(([name, p]) => paramSpec(name, p)),
        routes: [],
        constants: [],
        rules: t.rules,
        successStatuses: [200],
        responses: [],
        outputs: Object.entries(t.outputs).map(([path, o]): OutputSpec => ({ path, type: o.type, description: o.description, optional: o.optional, source: { value: null } })),
        outcomes: [],
        errors: { code: [], message: [], requestId: [], retryableStatuses: [] },
        ...(t.polling ? { polling: t.polling } : {}),
      };
      registry.shapes[id] = Object.fromEntries(Object.entries(t.outputs).map(([path, o]) => [path, o.shape]));
    }
    const block: BlockDefinition = { type: surface.provider, name: surface.provider, description: "", color: "", category: "tools", tools: { access: ids, config: { tool: "operation" } }, inputs: [], outputs: {} };
    registry.blocks[surface.provider] = block;
  }
  return registry;
}

function paramSpec(name: string, p: ParamSurface): ParamSpec {
  const { wire, list, ...rest } = p;
  return { name, ...rest, wire: wireSpec(wire, list) } as ParamSpec;
}

function wireSpec(text: string, list: ParamSurface["list"]): WireSpec {
  const [place, ...restParts] = text.split(":");
  const rest = restParts.join(":");
  switch (place) {
    case "path":
    case "query":
    case "header":
      return { in: place, name: rest };
    case "body":
      return { in: "body", pointer: rest === "/" ? "" : rest, ...(list ? { split: list } : {}) };
    case "switch":
      return { in: "switch", whenTrue: [] };
    case "server":
      return { in: "server" };
    default:
      return { in: "auth" };
  }
}
