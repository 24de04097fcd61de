// Schema validation of a manifest. Ajv does the checking (the JSON Schema in
// specs/ is the single source of truth); this module turns its errors into
// messages that name `file:line:col`, the field and the value received.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import AjvModule, { type ErrorObject, type ValidateFunction } from "ajv";
import type { Manifest } from "./manifest-types.js";
import { SourceError, type YamlSource } from "./yaml-source.js";

const Ajv = AjvModule.default ?? AjvModule;
const schemaFile = fileURLToPath(new URL("../../specs/manifest.schema.json", import.meta.url));

let compiled: ValidateFunction | undefined;
function validator(): ValidateFunction {
  if (!compiled) {
    const ajv = new Ajv({ allErrors: true, discriminator: true, verbose: true, strict: true, strictRequired: false, allowUnionTypes: true });
    ajv.addFormat("regex", (value: string) => {
      try {
        new RegExp(value, "u");
        return true;
      } catch {
        return false;
      }
    });
    compiled = ajv.compile(JSON.parse(readFileSync(schemaFile, "utf8")));
  }
  return compiled;
}

/** Validate against specs/manifest.schema.json; returns every problem found. */
export function validateManifest(source: YamlSource): SourceError[] {
  const validate = validator();
  if (validate(source.data)) return [];
  return simplify(validate.errors ?? []).map((error) => toSourceError(source, error));
}

export function assertValidManifest(source: YamlSource): asserts source is YamlSource<Manifest> {
  const errors = validateManifest(source);
  if (errors.length) throw new ManifestErrors(errors);
}

export class ManifestErrors extends Error {
  constructor(readonly errors: SourceError[]) {
    super(errors.map((e) => e.message).join("\n"));
    this.name = "ManifestErrors";
  }
}

// A failed oneOf/anyOf reports both a summary and each branch's complaints;
// keep the most specific errors so the message points at the real problem.
function simplify(errors: ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  const out: ErrorObject[] = [];
  for (const error of errors) {
    if ((error.keyword === "oneOf" || error.keyword === "anyOf") && errors.some((e) => e !== error && e.instancePath.startsWith(error.instancePath) && e.keyword !== error.keyword && !isBranchNoise(e, error))) {
      continue;
    }
    if (error.keyword === "required" && errors.some((e) => e.keyword === "oneOf" && e.instancePath === error.instancePath)) {
      continue;
    }
    const key = `${error.instancePath}|${error.keyword}|${JSON.stringify(error.params)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(error);
  }
  return out;
}

function isBranchNoise(candidate: ErrorObject, summary: ErrorObject): boolean {
  return candidate.keyword === "required" && candidate.instancePath === summary.instancePath;
}

function toSourceError(source: YamlSource, error: ErrorObject): SourceError {
  const path = pointerToPath(error.instancePath);
  const field = path.length ? path.join(".") : "(top level)";
  switch (error.keyword) {
    case "additionalProperties": {
      const extra = String(error.params.additionalProperty);
      const allowed = Object.keys((error.parentSchema as { properties?: object })?.properties ?? {});
      return new SourceError(source.locate([...path, extra]), `${field}: unknown field "${extra}"${allowed.length ? ` (allowed: ${allowed.join(", ")})` : ""}`);
    }
    case "required":
      return new SourceError(source.locate(path), `${field}: missing required field "${String(error.params.missingProperty)}"`);
    case "enum":
      return new SourceError(source.locate(path, "value"), `${field}: must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}, got ${JSON.stringify(error.data)}`);
    case "const":
      return new SourceError(source.locate(path, "value"), `${field}: must be ${JSON.stringify(error.params.allowedValue)}, got ${JSON.stringify(error.data)}`);
    case "oneOf":
      if (path.includes("outputs")) {
        return new SourceError(source.locate(path), `${field}: an output takes exactly one of "from" (an expression) or "value" (a constant)`);
      }
      return new SourceError(source.locate(path), `${field}: ${error.message ?? "is invalid"}`);
    case "discriminator":
      return new SourceError(source.locate(path, "value"), `${field}: ${describeDiscriminator(error, validator().schema as object)}`);
    case "propertyNames":
      return new SourceError(source.locate([...path, String(error.params.propertyName)]), `${field}: invalid name "${String(error.params.propertyName)}"`);
    case "type":
      if (error.data === null) {
        return new SourceError(source.locate(path, "value"), `${field}: ${error.message ?? "is invalid"}, got an empty value (in YAML, quote values that start with #: an unquoted # starts a comment)`);
      }
      return new SourceError(source.locate(path, "value"), `${field}: ${error.message ?? "is invalid"}, got ${JSON.stringify(error.data)}`);
    default:
      return new SourceError(source.locate(path, "value"), `${field}: ${error.message ?? "is invalid"}, got ${JSON.stringify(error.data)}`);
  }
}

function describeDiscriminator(error: ErrorObject, root: object): string {
  const tag = String(error.params.tag);
  if (error.params.error !== "mapping") return `missing "${tag}"`;
  const value = JSON.stringify((error.data as Record<string, unknown> | undefined)?.[tag]);
  const allowed = ((error.parentSchema as { oneOf?: object[] }).oneOf ?? []).flatMap((branch) => tagValues(branch, tag, root));
  return `"${tag}" has an unsupported value ${value}${allowed.length ? ` (allowed: ${allowed.join(", ")})` : ""}`;
}

/** The values a oneOf branch accepts for the discriminator tag (following local $refs). */
function tagValues(branch: object, tag: string, root: object): string[] {
  let schema = branch as { $ref?: string; properties?: Record<string, { const?: unknown; enum?: unknown[] }> };
  if (schema.$ref) schema = schema.$ref.slice(2).split("/").reduce<any>((node, key) => node?.[key], root) ?? {};
  const property = schema.properties?.[tag];
  return (property?.enum ?? (property?.const !== undefined ? [property.const] : [])).map(String);
}

function pointerToPath(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}
