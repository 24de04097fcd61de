// A secret field inside a JSON input (NestedLimits.secret: the password inside the object an account is made with) is
// given as a secret parameter is: a reference to an environment variable. The command line refused its literal
// (src/cli/support/references.ts); a workflow took it, sent it and kept it in its file. Both now read one walk, the
// runtime's secretPlaces.
import { jsonInput, type ParamSpec, secretPlaces, type ValuePath } from "@blockwright/runtime/internal";

/** A value written inside a JSON input at a place its shape marks secret. */
export interface NestedSecretInput {
  value: unknown;
  path: ValuePath;
}

/** Each value inside a JSON input (an object, or its JSON text) at a place the parameter's shape marks secret. */
export function nestedSecretInputs(spec: ParamSpec, value: unknown): NestedSecretInput[] {
  if (spec.type !== "json" || spec.secret) return [];
  const places: NestedSecretInput[] = [];
  secretPlaces(spec, jsonInput(value), (found, path) => places.push({ value: found, path }));
  return places;
}

/** The field's name as a reader writes it: `zqProfile.zqPassword`, `zqItems[0].zqKey`. */
export function nestedInputName(spec: Pick<ParamSpec, "name">, path: ValuePath): string {
  return `${spec.name}${path.map((k) => (typeof k === "number" ? `[${k}]` : `.${k}`)).join("")}`;
}
