// `{{NAME}}` references to environment variables on the command line, and the
// rule that secrets are given only that way, a secret field inside a JSON value too.
import {
  authParams,
  connectionParams,
  jsonInput,
  oauthParams,
  type ParamSpec,
  secretPlaces,
  setOwn,
  type ToolSpec,
  type ValuePath,
} from "@blockwright/runtime/internal";
import { envReferenceName } from "@blockwright/runtime/workflow";
import { envVariableName } from "../../model/naming.js";
import { nestedInputName } from "../../workflow/nested-secret-inputs.js";
import { UsageError } from "./io.js";

/**
 * Resolve `{{NAME}}` parameter values from `env`. A secret parameter must be
 * such a reference: a literal is refused without being echoed. Keys are
 * copied as own properties, so `__proto__` stays an (unknown) parameter.
 */
export function resolveParamReferences(
  params: Record<string, unknown>,
  secretNames: ReadonlySet<string>,
  env: Record<string, string | undefined>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(params)) {
    const value = params[name];
    const variable = envReferenceName(value);
    if (variable === undefined) {
      if (secretNames.has(name) && value !== undefined) {
        throw new UsageError(
          "BW3008",
          `${name} is a secret: pass it as a reference to an environment variable, e.g. ` +
            `${name}={{${envVariableName("my", name)}}}; ` +
            `the literal value given was not used`,
        );
      }
      setOwn(out, name, value);
      continue;
    }
    const resolved = env[variable];
    if (resolved === undefined || resolved === "")
      throw new UsageError("BW3008", `${name}: environment variable ${variable} is not set`);
    setOwn(out, name, resolved);
  }
  return out;
}

/**
 * The connection parameters (a credential, an instance address, a person's own value) `given` lacks, each read from
 * its provider's variable `<PROVIDER>_<PARAM>` where set, as the package's client and `mcp` read them: the variable
 * the package's README names then works on the command line too. As in the client, a credential given (any of its
 * parameters: a reference on the command line) is the call's whole, none of its parameters read beside it.
 */
export function connectionFromEnvironment(
  tool: Pick<ToolSpec, "provider" | "params" | "auth" | "oauth">,
  given: Record<string, unknown>,
  env: Record<string, string | undefined>,
): Record<string, unknown> {
  const credentials = new Set([...authParams(tool.auth), ...oauthParams(tool)]);
  const credentialGiven = [...credentials].some((name) => Object.hasOwn(given, name));
  const out: Record<string, unknown> = {};
  for (const p of connectionParams(tool)) {
    if (Object.hasOwn(given, p.name) || (credentialGiven && credentials.has(p.name))) continue;
    const value = env[envVariableName(tool.provider, p.name)];
    if (value !== undefined && value !== "") setOwn(out, p.name, value);
  }
  return out;
}

/** What a JSON parameter's value holds, as its link records it: its object, its items, a map's values. */
type JsonLimits = { name: string } & Partial<Pick<ParamSpec, "type" | "object" | "items" | "values" | "tuple">>;

/**
 * Resolve `{{NAME}}` references in the fields a JSON parameter's value holds that are secrets (`NestedLimits.secret`:
 * a password or a client secret inside the object), as a secret parameter's: such a field must be a reference, a
 * literal refused without being echoed. A JSON parameter given as JSON text (`--param`) is read so; a value with no
 * secret field is left as it was given.
 */
export function resolveNestedReferences(
  resolved: Record<string, unknown>,
  params: readonly JsonLimits[],
  env: Record<string, string | undefined>,
): void {
  for (const p of params) {
    if (p.type !== "json" || !Object.hasOwn(resolved, p.name)) continue;
    const given = resolved[p.name];
    const value = jsonInput(given);
    const places: { value: unknown; path: ValuePath }[] = [];
    secretPlaces(p, value, (found, path) => places.push({ value: found, path }));
    if (!places.length) continue;
    // A copy, each secret place written with its reference's value (the value given is the caller's, left as it is).
    const out = structuredClone(value) as Record<string, unknown>;
    for (const place of places) {
      const at = nestedInputName(p, place.path);
      writeAt(out, place.path, secretValue(place.value, at, env));
    }
    setOwn(resolved, p.name, out);
  }
}

/** `value` written at `path` inside `root` (each key an own property: `__proto__` stays a field). */
function writeAt(root: Record<string, unknown>, path: ValuePath, value: unknown): void {
  let node = root;
  for (const key of path.slice(0, -1)) node = node[String(key)] as Record<string, unknown>;
  setOwn(node, String(path.at(-1)), value);
}

/** A secret field's value: its reference's variable, set; a literal refused, never echoed. */
function secretValue(value: unknown, at: string, env: Record<string, string | undefined>): unknown {
  const variable = envReferenceName(value);
  if (variable === undefined)
    throw new UsageError(
      "BW3008",
      `${at} is a secret: pass it as a reference to an environment variable, e.g. ` +
        `"{{${envVariableName("my", at.replace(/.*[.\]]/, ""))}}}"; the literal value given was not used`,
    );
  const resolved = env[variable];
  if (resolved === undefined || resolved === "")
    throw new UsageError("BW3008", `${at}: environment variable ${variable} is not set`);
  return resolved;
}
