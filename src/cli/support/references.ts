// `{{NAME}}` references to environment variables on the command line, and the
// rule that secrets are given only that way, a secret field inside a JSON value too.
import { type NestedLimits, type ParamSpec, setOwn } from "@blockwright/runtime/internal";
import { envReferenceName } from "@blockwright/runtime/workflow";
import { envVariableName } from "../../model/naming.js";
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

/** What a JSON parameter's value holds, as its link records it: its object, its items, a map's values. */
type JsonLimits = { name: string } & Partial<Pick<ParamSpec, "type" | "object" | "items" | "values">>;

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
    const value = typeof given === "string" ? jsonOf(given) : given;
    const top: NestedLimits = p.object ?? (p.items ? { items: p.items } : {});
    const changed = resolveSecrets(value, p.values && !p.object ? { values: p.values } : top, p.name, env);
    if (changed) setOwn(resolved, p.name, changed.value);
  }
}

/** The value JSON `text` writes, or the text itself. */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

type Limits = NestedLimits & { values?: NestedLimits };

/** A value with its secret fields' references resolved, or undefined where it holds none. */
function resolveSecrets(
  value: unknown,
  limits: Limits | undefined,
  at: string,
  env: Record<string, string | undefined>,
): { value: unknown } | undefined {
  if (!limits || value === null || value === undefined) return undefined;
  if (limits.secret) return { value: secretValue(value, at, env) };
  if (Array.isArray(value)) {
    if (!limits.items) return undefined;
    let changed = false;
    const out = value.map((item, i) => {
      const r = resolveSecrets(item, limits.items, `${at}[${i}]`, env);
      changed ||= r !== undefined;
      return r ? r.value : item;
    });
    return changed ? { value: out } : undefined;
  }
  if (typeof value !== "object") return undefined;
  const record = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(record)) {
    const field = limits.values ?? fieldLimits(limits, record, key);
    const r = resolveSecrets(record[key], field, `${at}.${key}`, env);
    if (r) setOwn((out ??= { ...record }), key, r.value);
  }
  return out ? { value: out } : undefined;
}

/** A field's limits: its object's, or of a union's shapes those the tag names (all where none is named). */
function fieldLimits(limits: NestedLimits, record: Record<string, unknown>, key: string): NestedLimits | undefined {
  const own = limits.fields && Object.hasOwn(limits.fields, key) ? limits.fields[key] : undefined;
  if (own || !limits.shapes) return own;
  const tag = limits.tag;
  const named = limits.shapes.filter((s) => tag !== undefined && s.fields[tag]?.enum?.includes(record[tag]));
  const fields = (named.length ? named : limits.shapes).flatMap((s) =>
    Object.hasOwn(s.fields, key) ? [s.fields[key] as NestedLimits] : [],
  );
  return fields.find((f) => f.secret) ?? fields[0];
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
