// @ts-nocheck -- a plain JavaScript build tool (imported by a test, so TypeScript would check it).
// The manifest schema is written by concept: each src/link/<concept>/<name>.schema.json
// holds its concept's definitions and the fields it adds to the manifest (`"#"`) or to
// another concept's definition (`into`), placed `after` a field already there. This
// assembles them into specs/manifest.schema.json (committed: editors and users read it)
// and prints the manifest's TypeScript types from the result (json-schema-to-typescript).
import { readdirSync, readFileSync } from "node:fs";
import { compile } from "json-schema-to-typescript-lite";

const FRAGMENTS = "src/link";

/**
 * The schema fragments under folder `dir` (relative to `root`): its own and its concept folders'
 * (`src/link/<concept>/`), fixtures aside.
 */
function fragmentFiles(root, dir) {
  return readdirSync(root + dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === "__fixtures__"
        ? []
        : fragmentFiles(root, `${dir}/${e.name}`)
      : e.name.endsWith(".schema.json")
        ? [`${dir}/${e.name}`]
        : [],
  );
}

/** The name of a fragment: its file's name (`auth-flows` of auth-flows.schema.json), wherever its folder. */
const fragmentName = (file) => file.slice(file.lastIndexOf("/") + 1, -".schema.json".length);

/**
 * The fragments under folder `dir` (relative to `root`), by name (their order decides only between blocks placed after
 * the same field).
 */
function fragments(root, dir) {
  // Sorted by the file's own name, as when the fragments all sat in one folder.
  const own = (file) => file.slice(file.lastIndexOf("/") + 1);
  const files = fragmentFiles(root, dir).sort((a, b) => (own(a) < own(b) ? -1 : own(a) > own(b) ? 1 : 0));
  const names = files.map(fragmentName);
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  if (twice.length)
    throw new Error(
      `${dir}: two schema fragments named ${twice.join(", ")}: a fragment's name is its file's, wherever its folder`,
    );
  return files.map((file) => ({ file, ...JSON.parse(readFileSync(`${root}${file}`, "utf8")) }));
}

/** The names of the fragments under `dir` (`auth-flows` of auth-flows.schema.json), sorted. */
export function fragmentNames(root, dir = FRAGMENTS) {
  return fragments(root, dir).map((f) => fragmentName(f.file));
}

/** The manifest schema assembled from the fragments in `dir`, as an object. */
export function assembleManifestSchema(root, dir = FRAGMENTS) {
  const all = fragments(root, dir);
  const roots = all.filter((f) => f.root);
  if (roots.length !== 1)
    throw new Error(
      `${dir}: exactly one fragment gives the schema's "root" (found: ` +
        `${roots.map((f) => f.file).join(", ") || "none"})`,
    );
  const schema = structuredClone(roots[0].root);
  const definitions = {};
  for (const f of all) {
    for (const [name, definition] of Object.entries(f.definitions ?? {})) {
      if (name in definitions) throw new Error(`${f.file}: definition "${name}" is also given by another fragment`);
      definitions[name] = structuredClone(definition);
    }
  }
  const target = (name, file) => {
    const t = name === "#" ? schema : definitions[name];
    if (!t?.properties)
      throw new Error(`${file}: "into" names "${name}", which is no object definition of any fragment`);
    return t;
  };
  // Each block goes right after its `after` field, once that field is there (it may come with another block).
  let pending = all.flatMap((f) =>
    Object.entries(f.into ?? {}).map(([name, block]) => ({ file: f.file, name, block })),
  );
  while (pending.length) {
    const waiting = pending.filter(({ file, name, block }) => !place(target(name, file), block, file));
    if (waiting.length === pending.length)
      throw new Error(
        waiting.map((w) => `${w.file}: into "${w.name}" after "${w.block.after}": no such field`).join("\n"),
      );
    pending = waiting;
  }
  schema.definitions = Object.fromEntries(
    Object.keys(definitions)
      .sort()
      .map((name) => [name, definitions[name]]),
  );
  return schema;
}

/** Put `block`'s properties into `t` after `block.after` (or last); false when that field is not there yet. */
function place(t, block, file) {
  const keys = Object.keys(t.properties);
  const at = block.after === undefined ? keys.length : keys.indexOf(block.after) + 1;
  if (at === 0) return false;
  for (const name of Object.keys(block.properties))
    if (name in t.properties) throw new Error(`${file}: field "${name}" is also given by another fragment`);
  const entries = Object.entries(t.properties);
  entries.splice(at, 0, ...Object.entries(block.properties));
  t.properties = Object.fromEntries(entries);
  if (block.required?.length) {
    const required = new Set([...(t.required ?? []), ...block.required]);
    t.required = Object.keys(t.properties).filter((k) => required.has(k));
  }
  return true;
}

/** The schema's text as committed: two-space JSON, non-ASCII characters escaped. */
export function schemaText(schema) {
  const escaped = (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
  return `${JSON.stringify(schema, null, 2).replace(/[\u007f-\uffff]/g, escaped)}\n`;
}

const pascal = (name) => name.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, __, c) => c.toUpperCase());

/**
 * The manifest's TypeScript types, printed from the assembled schema: `Manifest`, and one
 * `Manifest<Definition>` per definition; then `ManifestField`, every field of the manifest
 * once, as `<definition>.<field>` (`manifest.` for the top level), descending into inline
 * objects, not into references (the referenced definition lists its own). A table keyed by
 * ManifestField (link/concepts.ts) does not compile while a field lacks an entry; and
 * `SchemaFragment`, the name of every fragment, which the concept records must claim.
 */
export async function manifestTypes(schema, source, fragmentNames = []) {
  const typed = forTypes(schema);
  for (const [name, definition] of Object.entries(typed.definitions)) definition.title = `Manifest${pascal(name)}`;
  typed.title = "Manifest";
  const options = {
    bannerComment: "",
    additionalProperties: false,
    unknownAny: true,
    ignoreMinAndMaxItems: true,
    strictIndexSignatures: false,
  };
  const declarations = await compile(typed, "Manifest", options);
  const fields = [
    ...fieldPaths("manifest", schema),
    ...Object.entries(schema.definitions).flatMap(([name, d]) => fieldPaths(name, d)),
  ];
  return [
    `// Generated by scripts/build/precompile.mjs from ${source}. Do not edit: npm run build regenerates it.`,
    "/* eslint-disable */",
    declarations.trimEnd(),
    "",
    "/** Every field of the manifest, once: `<definition>.<field>` (a definition's own fields), " +
      "`manifest.<field>` (the top level). */",
    "export type ManifestField =",
    ...fields.map((f, i) => `  | ${JSON.stringify(f)}${i === fields.length - 1 ? ";" : ""}`),
    "",
    "/** Every schema fragment, src/link/<concept>/<name>.schema.json, by name: " +
      "a concept record claims each (link/concepts.ts). */",
    `export type SchemaFragment = ${fragmentNames.map((n) => JSON.stringify(n)).join(" | ") || "never"};`,
    "",
  ].join("\n");
}

/**
 * A copy of the schema as json-schema-to-typescript reads it best: no titles, examples or
 * hints (a title names a type); a reference without the description beside it (which
 * would make a type of its own); no branches that only say which fields are required; no
 * `x-` keys; an empty schema is `unknown`.
 */
function forTypes(node) {
  if (Array.isArray(node)) return node.map(forTypes);
  if (
    node === true ||
    (node &&
      typeof node === "object" &&
      !Array.isArray(node) &&
      Object.keys(node).every((k) => DOCUMENTATION.includes(k)))
  )
    return { ...(node.description ? { description: node.description } : {}), tsType: "unknown" };
  if (!node || typeof node !== "object") return node;
  if (typeof node.$ref === "string") return { $ref: node.$ref };
  if (node.allOf && node.properties) {
    // Own fields beside allOf: one more member of the intersection (without the fields it only re-declares).
    const { allOf, properties, required, additionalProperties: _, type, ...rest } = node;
    const own = Object.fromEntries(Object.entries(properties).filter(([, v]) => v !== true));
    const members = Object.keys(own).length
      ? [...allOf, { type: "object", properties: own, ...(required ? { required } : {}) }]
      : allOf;
    return forTypes({ ...rest, allOf: members });
  }
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (["title", "examples", "$comment", "errorHint", "patternProperties", "discriminator"].includes(key)) continue;
    if ((key === "oneOf" || key === "anyOf") && value.every(onlyRequires)) continue;
    // Values, not schemas: `enum: [true]` is the literal true, not the schema that takes anything.
    if (key === "enum" || key === "const") {
      out[key] = value;
      continue;
    }
    out[key] =
      key === "properties" || key === "definitions"
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, forTypes(v)]))
        : forTypes(value);
  }
  return out;
}

/** Keywords that say nothing of a value's type. */
const DOCUMENTATION = ["title", "description", "examples", "$comment"];

/** A branch that constrains which fields are there, and describes no type. */
const onlyRequires = (branch) => Object.keys(branch).every((k) => k === "required" || k === "not");

/** The fields of one schema (a definition, or the top level), nested ones as `a.b`. */
function fieldPaths(prefix, schema) {
  if (!schema || typeof schema !== "object" || schema.$ref) return [];
  const branches = [schema, ...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])];
  const out = [];
  for (const branch of branches) {
    for (const [name, sub] of Object.entries(branch.properties ?? {})) {
      // `$schema` is for editors; `true` re-declares a field another branch (allOf) gives.
      if ((name === "$schema" && prefix === "manifest") || sub === true) continue;
      out.push(`${prefix}.${name}`, ...fieldPaths(`${prefix}.${name}`, inner(sub)));
    }
  }
  return [...new Set(out)];
}

/** The object a field holds: itself, its list's items, or its map's values. */
function inner(schema) {
  if (!schema || typeof schema !== "object") return undefined;
  if (schema.type === "array") return schema.items;
  if (schema.additionalProperties && typeof schema.additionalProperties === "object") return undefined;
  return schema;
}
