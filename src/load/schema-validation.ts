// JSON Schema validation of YAML documents (manifests, workflows). Ajv does
// the checking, with validators compiled at build time (scripts/build/
// precompile.mjs); this module turns its errors into messages that name
// `file:line:col`, the field and the value received.
import { jsonLine, lineText } from "../common/github-actions.js";
import { readFileSync } from "node:fs";
import { parsePointer } from "@blockwright/runtime/internal/generate";
import type { ErrorObject } from "ajv";
import { refPath } from "./json-ref.js";
import { SourceError, type YamlSource } from "./yaml-source.js";

export type SchemaValidator = (source: YamlSource) => SourceError[];

/** What Ajv's standalone code exports. */
export interface PrecompiledValidate {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** A validator from a precompiled Ajv function; `schemaFile` is read (once, when needed) to describe errors. */
export function schemaValidator(validate: PrecompiledValidate, schemaFile: URL): SchemaValidator {
  let root: object | undefined;
  return (source) => {
    if (validate(source.data)) return [];
    const schema = (root ??= JSON.parse(readFileSync(schemaFile, "utf8")) as object);
    return simplify(validate.errors ?? []).map((error) => toSourceError(source, error, schema));
  };
}

// A failed oneOf/anyOf reports both a summary and each branch's complaints;
// keep the most specific errors so the message points at the real problem.
function simplify(errors: ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  const out: ErrorObject[] = [];
  for (const error of errors) {
    const isSummary = error.keyword === "oneOf" || error.keyword === "anyOf";
    if (
      isSummary &&
      !hint(error) &&
      errors.some(
        (e) =>
          e !== error &&
          e.instancePath.startsWith(error.instancePath) &&
          e.keyword !== error.keyword &&
          !(e.keyword === "required" && e.instancePath === error.instancePath),
      )
    ) {
      continue;
    }
    if (
      error.keyword === "required" &&
      errors.some(
        (e) => (e.keyword === "oneOf" || e.keyword === "anyOf") && e.instancePath === error.instancePath && hint(e),
      )
    )
      continue;
    const key = `${error.instancePath}|${error.keyword}|${JSON.stringify(error.params)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(error);
  }
  return out;
}

function hint(error: ErrorObject): string | undefined {
  return (error.parentSchema as { errorHint?: string } | undefined)?.errorHint;
}

function toSourceError(source: YamlSource, error: ErrorObject, root: object): SourceError {
  const path = [...parsePointer(error.instancePath)];
  // The path is the file's own keys: outside text, escaped (a key holding a terminal's control sequence).
  const field = path.length ? lineText(path.join(".")) : "(top level)";
  const at = (p: (string | number)[], which: "key" | "value" = "key") => source.locate(p, which);
  switch (error.keyword) {
    case "additionalProperties": {
      const extra = String(error.params.additionalProperty);
      const allowed = Object.keys((error.parentSchema as { properties?: object })?.properties ?? {});
      return new SourceError(
        "BW1101",
        at([...path, extra]),
        `${field}: unknown field "${extra}"${allowed.length ? ` (allowed: ${allowed.join(", ")})` : ""}`,
      );
    }
    case "required":
      return new SourceError(
        "BW1102",
        at(path),
        `${field}: missing required field "${String(error.params.missingProperty)}"`,
      );
    case "enum":
      return new SourceError(
        "BW1103",
        at(path, "value"),
        `${field}: must be one of ` +
          `${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}, ` +
          `got ${JSON.stringify(error.data)}`,
      );
    case "const":
      return new SourceError(
        "BW1103",
        at(path, "value"),
        `${field}: must be ${JSON.stringify(error.params.allowedValue)}, got ${JSON.stringify(error.data)}`,
      );
    case "oneOf":
    case "anyOf":
      return new SourceError("BW1105", at(path), `${field}: ${hint(error) ?? error.message ?? "is invalid"}`);
    case "discriminator":
      return new SourceError("BW1105", at(path, "value"), `${field}: ${describeDiscriminator(error, root)}`);
    case "propertyNames":
      return new SourceError(
        "BW1106",
        at([...path, String(error.params.propertyName)]),
        `${field}: invalid name ${jsonLine(String(error.params.propertyName))}`,
      );
    case "minProperties":
    case "minItems":
      return new SourceError("BW1104", at(path, "value"), `${field}: ${fewest(error)}`);
    case "type":
      // A file of nothing (or only comments) has no top level at all: said so, not "got undefined" or YAML's quoting.
      if ((error.data === undefined || error.data === null) && !path.length)
        return new SourceError(
          "BW1104",
          at(path),
          `${field}: the file is empty (or only comments): must be an ${String(error.params.type)}`,
        );
      if (error.data === null) {
        return new SourceError(
          "BW1107",
          at(path, "value"),
          `${field}: ${error.message ?? "is invalid"}, got an empty value (in YAML, ` +
            `quote values that start with #: an unquoted # starts a comment)`,
        );
      }
      return new SourceError(
        "BW1104",
        at(path, "value"),
        `${field}: ${error.message ?? "is invalid"}, got ${JSON.stringify(error.data)}`,
      );
    default:
      return new SourceError(
        "BW1104",
        at(path, "value"),
        `${field}: ${error.message ?? "is invalid"}, got ${JSON.stringify(error.data)}`,
      );
  }
}

/** Ajv's "must NOT have fewer than 1 properties" in words: how many are needed (an empty workflow's blocks). */
function fewest(error: ErrorObject): string {
  const least = Number(error.params.limit);
  const [one, many] = error.keyword === "minItems" ? ["item", "items"] : ["entry", "entries"];
  return `must hold at least ${least} ${least === 1 ? one : many}, got ${JSON.stringify(error.data)}`;
}

function describeDiscriminator(error: ErrorObject, root: object): string {
  const tag = String(error.params.tag);
  if (error.params.error !== "mapping") return `missing "${tag}"`;
  const value = JSON.stringify((error.data as Record<string, unknown> | undefined)?.[tag]);
  const allowed = ((error.parentSchema as { oneOf?: object[] }).oneOf ?? []).flatMap((branch) =>
    tagValues(branch, tag, root),
  );
  return `"${tag}" has an unsupported value ${value}${allowed.length ? ` (allowed: ${allowed.join(", ")})` : ""}`;
}

/** The values a oneOf branch accepts for the discriminator tag (following local $refs). */
function tagValues(branch: object, tag: string, root: object): string[] {
  let schema = branch as { $ref?: string; properties?: Record<string, { const?: unknown; enum?: unknown[] }> };
  if (schema.$ref) {
    schema =
      (refPath(schema.$ref).reduce<Record<string, unknown> | undefined>(
        (node, key) => node?.[key] as Record<string, unknown> | undefined,
        root as Record<string, unknown>,
      ) as typeof schema) ?? {};
  }
  const property = schema.properties?.[tag];
  return (property?.enum ?? (property?.const !== undefined ? [property.const] : [])).map(String);
}
