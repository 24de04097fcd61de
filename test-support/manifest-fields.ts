// The fields a manifest sets, named as the schema's fields are
// (`<definition>.<field>`, `manifest.<field>` at the top level: the
// ManifestField of src/load/precompiled/manifest-types.ts), by walking the
// manifest beside the assembled schema (specs/manifest.schema.json).
type Schema = {
  $ref?: string;
  properties?: Record<string, Schema | true>;
  additionalProperties?: Schema | boolean;
  patternProperties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  definitions?: Record<string, Schema>;
};

/** Every field `manifest` sets, sorted. */
export function manifestFieldsSet(schema: Schema, manifest: unknown): string[] {
  const definitions = schema.definitions ?? {};
  const out = new Set<string>();
  const walk = (prefix: string, node: Schema | true | undefined, value: unknown): void => {
    if (!node || node === true || value === null || typeof value !== "object") return;
    const ref = node.$ref?.match(/^#\/definitions\/(.+)$/)?.[1];
    if (ref) return walk(ref, definitions[ref], value);
    const branches = [node, ...(node.oneOf ?? []), ...(node.anyOf ?? []), ...(node.allOf ?? [])];
    if (Array.isArray(value)) {
      for (const b of branches) if (b.items) for (const item of value) walk(prefix, b.items, item);
      for (const b of branches.slice(1)) if (b.$ref) walk(prefix, b, value);
      return;
    }
    for (const b of branches.slice(1)) if (b.$ref) walk(prefix, b, value);
    for (const [key, item] of Object.entries(value)) {
      for (const b of branches) {
        const own = b.properties?.[key];
        if (own && own !== true) {
          out.add(`${prefix}.${key}`);
          walk(`${prefix}.${key}`, own, item);
          continue;
        }
        if (b.properties && key in b.properties) continue;
        const pattern = Object.entries(b.patternProperties ?? {}).find(([p]) => new RegExp(p, "u").test(key))?.[1];
        const values = pattern ?? (typeof b.additionalProperties === "object" ? b.additionalProperties : undefined);
        if (values) walk(prefix, values, item);
      }
    }
  };
  walk("manifest", schema, manifest);
  return [...out].sort();
}
