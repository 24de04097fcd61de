// A registry built from surfaces: enough of each tool (parameters with their
// rules, outputs with their shapes) for the workflow validator to check a
// workflow against a package version that is not installed — the base of a
// diff, or the specs as they are now.
import {
  fieldOf,
  type BlockDefinition,
  type OutputSpec,
  type PaginationSpec,
  type ParamSpec,
  type ToolSpec,
  type WireSpec,
} from "@blockwright/runtime/internal";
import type { Registry } from "@blockwright/runtime/workflow";
import { copyParamKeys } from "../model/param-keys.js";
import { linkedShapes } from "../model/shape.js";
import { forbiddenKeysOf, type ParamSurface, type Shape, type Surface } from "./surface.js";

/** Output shapes by tool id and output path: what the validator reads nested reference types from. */
export type OutputShapes = Record<string, Record<string, Shape>>;

export interface SurfaceRegistry extends Registry {
  shapes: OutputShapes;
}

export function registryFromSurfaces(surfaces: Iterable<Surface>): SurfaceRegistry {
  const registry: SurfaceRegistry = { tools: {}, blocks: {}, shapes: {} };
  for (const read of surfaces) {
    // Output shapes with their named shapes in place: the validator steps through them without the table.
    const surface = linkedShapes(read);
    const ids = Object.keys(surface.tools).sort();
    for (const id of ids) {
      const t = fieldOf(surface.tools, id);
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
        outputs: Object.entries(t.outputs).map(
          ([path, o]): OutputSpec => ({
            path,
            type: o.type,
            description: o.description,
            optional: o.optional,
            source: { value: null },
          }),
        ),
        outcomes: [],
        errors: { code: [], message: [], requestId: [], retryableStatuses: [] },
        ...(t.polling ? { polling: t.polling } : {}),
        ...(t.pagination ? { pagination: pagingOnly(t.pagination.items) } : {}),
      };
      registry.shapes[id] = Object.fromEntries(Object.entries(t.outputs).map(([path, o]) => [path, o.shape]));
    }
    const block: BlockDefinition = {
      type: surface.provider,
      name: surface.provider,
      description: "",
      color: "",
      category: "tools",
      tools: { access: ids, config: { tool: "operation" } },
      inputs: [],
      outputs: {},
    };
    registry.blocks[surface.provider] = block;
  }
  return registry;
}

/** The parameter as the runtime checks it: each field of the surface mapped to its field of the definition. */
function paramSpec(name: string, p: ParamSurface): ParamSpec {
  const spec: ParamSpec = {
    name,
    type: p.type,
    title: p.title,
    description: p.description,
    required: p.required,
    secret: p.secret,
    visibility: p.visibility,
    wire: wireSpec(p.wire, p.list),
  };
  // Every key the surface holds as it is (model/param-keys.ts: the table link/params/params.ts records by).
  copyParamKeys(p, spec);
  const forbiddenKeys = forbiddenKeysOf(p);
  if (forbiddenKeys) spec.forbiddenKeys = forbiddenKeys;
  return spec;
}

/**
 * A surface says that a tool pages and which outputs it gathers, not how the
 * next page is reached; the validator asks no more (these tools never run).
 */
function pagingOnly(items: string[]): PaginationSpec {
  return { next: { style: "linkHeader" }, items: [...items] };
}

function wireSpec(text: string, list: ParamSurface["list"]): WireSpec {
  const [place, ...restParts] = text.split(":");
  const rest = restParts.join(":");
  switch (place) {
    case "path":
    case "query":
    case "header":
    case "cookie":
      return { in: place, name: rest };
    case "body":
      return { in: "body", pointer: rest === "/" ? "" : rest, ...(list ? { split: list } : {}) };
    case "switch":
      return { in: "switch", whenTrue: [] };
    case "server":
      return { in: "server" };
    // A multipart part's header: `part:<field>:<header>` (a header's name holds no colon).
    case "part":
      return { in: "part", field: rest.slice(0, rest.lastIndexOf(":")), name: rest.slice(rest.lastIndexOf(":") + 1) };
    default:
      return { in: "auth" };
  }
}
