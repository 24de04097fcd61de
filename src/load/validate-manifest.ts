// Schema validation of a manifest against specs/manifest.schema.json (the
// single source of truth for the manifest language), with the validator
// precompiled from it at build time.
import { validate as validateManifestSchema } from "./precompiled/manifest-schema.js";
import { schemaValidator } from "./schema-validation.js";
import type { SourceError, YamlSource } from "./yaml-source.js";

const validate = schemaValidator(validateManifestSchema, new URL("../../specs/manifest.schema.json", import.meta.url));

/** Every problem of the manifest against the schema, with its position. */
export function validateManifest(source: YamlSource): SourceError[] {
  return validate(source);
}
