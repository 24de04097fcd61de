// A secret field inside a JSON parameter's object (a relay's `login.password`) is the person's, never a model's: the
// schemas leave it out and llmCallParams refuses a model's value there. Its value comes from the connection, as a
// top-level secret parameter's does, under the field's place (`login.password`): joined into the object the model
// gave. A place inside a list or a map has no one value to join (its items are the model's): not a connection place.
import { cloneJson } from "../common/clone.js";
import { ownValue, setOwn } from "../common/own.js";
import type { NestedLimits, ParamSpec, ToolSpec } from "../spec/tool-types.js";
import { jsonInput } from "../validate/nested-secrets.js";

/** A secret field at a fixed place inside a JSON parameter's object: its value is the connection's. */
export interface ConnectionPlace {
  /** The place written as the connection names it: `login.password`. */
  name: string;
  param: string;
  /** The fields from the parameter's object to the secret. */
  path: readonly string[];
  /** Whether a call of the object needs it: every field on the way required by its object. */
  required: boolean;
}

const places = new WeakMap<Pick<ToolSpec, "params">, readonly ConnectionPlace[]>();

/** The tool's secret fields at fixed places inside its JSON parameters' objects, looked for once per tool. */
export function connectionPlaces(tool: Pick<ToolSpec, "params">): readonly ConnectionPlace[] {
  let found = places.get(tool);
  if (!found) places.set(tool, (found = tool.params.flatMap(paramPlaces)));
  return found;
}

function paramPlaces(p: ParamSpec): ConnectionPlace[] {
  if (p.type !== "json" || p.secret || p.jsonType !== "object" || !p.object) return [];
  const out: ConnectionPlace[] = [];
  const walk = (limits: NestedLimits, path: string[], required: boolean, seen: Set<NestedLimits>) => {
    // The link may share one limits record between places (a schema met twice, a recursive one): each walked once.
    if (seen.has(limits)) return;
    const inner = new Set(seen).add(limits);
    for (const [field, at] of Object.entries(limits.fields ?? {})) {
      const here = [...path, field];
      const needed = required && (limits.required?.includes(field) ?? false);
      if (at.secret) out.push({ name: [p.name, ...here].join("."), param: p.name, path: here, required: needed });
      else if (at.fields) walk(at, here, needed, inner);
    }
  };
  walk(p.object, [], true, new Set());
  return out;
}

/**
 * The model's parameters with each connection place's value joined into a copy of the object the model gave (JSON text
 * of one read as that object: the model's own arguments never hold the secret); the first place a given object needs
 * and the connection has no value for, if any. An object the model left out stays out: the tool's check says whether
 * it is required.
 */
export function joinConnectionPlaces(
  tool: Pick<ToolSpec, "params">,
  params: Record<string, unknown>,
  connection: Record<string, unknown>,
): { unset?: ConnectionPlace } {
  let unset: ConnectionPlace | undefined;
  const copies = new Map<string, Record<string, unknown>>();
  for (const place of connectionPlaces(tool)) {
    const given = copies.get(place.param) ?? jsonInput(ownValue(params, place.param));
    let at: unknown = given;
    for (const field of place.path.slice(0, -1)) at = isObject(at) ? ownValue(at, field) : undefined;
    if (!isObject(given) || !isObject(at)) continue;
    const value = ownValue(connection, place.name);
    if (value === undefined || value === null || value === "") {
      if (place.required) unset ??= place;
      continue;
    }
    if (!copies.has(place.param)) {
      const copy = cloneJson(given);
      copies.set(place.param, copy);
      setOwn(params, place.param, copy);
      at = place.path.slice(0, -1).reduce<unknown>((o, field) => ownValue(o as Record<string, unknown>, field), copy);
    }
    setOwn(at as Record<string, unknown>, place.path.at(-1) as string, value);
  }
  return unset ? { unset } : {};
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
