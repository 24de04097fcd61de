// docs/reference/manifest.md: every concept of the manifest from its record
// (src/link/<concept>/record.ts, listed by src/link/concept-records.ts), in the records' order: its wording, then the
// fields of its schema fragments (src/link/<fragment>.schema.json: title,
// description, examples) with their decisions in FIELDS (src/link/concepts.ts:
// which surface entry records the field, and so how diff classifies a change).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { ConceptRecord } from "../../src/link/concept-record.js";
import { CONCEPTS, FIELDS, type FieldDecision } from "../../src/link/concepts.js";
import { cell, generatedHeader } from "./markdown.js";

type Node = { [key: string]: unknown } & {
  properties?: Record<string, Node>;
  title?: string;
  description?: string;
  examples?: unknown[];
  $ref?: string;
  type?: string;
  items?: Node;
};

interface Fragment {
  file: string;
  $comment?: string;
  root?: Node;
  definitions?: Record<string, Node>;
  into?: Record<string, { properties: Record<string, Node> }>;
}

const DIR = "src/link";

/** The module that holds a concept's record (src/link/<concept>/record.ts), relative to src/link. */
function recordModule(root: string, concept: string): string {
  const folder = readdirSync(join(root, DIR), { withFileTypes: true }).find(
    (e) =>
      e.isDirectory() &&
      existsSync(join(root, DIR, e.name, "record.ts")) &&
      readFileSync(join(root, DIR, e.name, "record.ts"), "utf8").includes(`export const ${concept} = {`),
  );
  if (!folder) throw new Error(`concept ${concept}: no record in ${DIR}/<concept>/record.ts`);
  return `${folder.name}/record.ts`;
}

/** The fragments, the provider's (the schema's root) first. */
function fragments(root: string): Fragment[] {
  // A concept's fragment sits in its folder (src/link/<concept>/<name>.schema.json) or, for the schema's root, in
  // src/link/.
  const files = (dir: string): string[] =>
    readdirSync(join(root, DIR, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? e.name === "__fixtures__"
          ? []
          : files(join(dir, e.name))
        : e.name.endsWith(".schema.json")
          ? [join(dir, e.name)]
          : [],
    );
  const all = files("")
    .sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(join(root, DIR, file), "utf8")) as Omit<Fragment, "file">) }));
  return [...all.filter((f) => f.root), ...all.filter((f) => !f.root)];
}

/** The object and branch schemas whose `properties` a definition's fields come from. */
const branches = (n: Node | undefined): Node[] =>
  n ? [n, ...(["oneOf", "anyOf", "allOf"] as const).flatMap((k) => (n[k] as Node[] | undefined) ?? [])] : [];
const propertiesOf = (n: Node | undefined): Record<string, Node> =>
  Object.assign({}, ...branches(n).map((b) => b.properties ?? {}));

/**
 * The schema of `path` (after the definition) inside `start`: a field, descending into a list's items and through
 * references (the field's own words first).
 */
function schemaAt(definitions: Record<string, Node>, start: Node | undefined, path: string[]): Node | undefined {
  const resolve = (n: Node): Node => {
    const target = typeof n.$ref === "string" ? definitions[n.$ref.replace("#/definitions/", "")] : undefined;
    const inner = target ? resolve(target) : n.type === "array" && n.items ? resolve(n.items) : n;
    return {
      ...inner,
      title: n.title ?? inner.title,
      description: n.description ?? inner.description,
      examples: n.examples ?? inner.examples,
    };
  };
  let node = start;
  for (const key of path) {
    const found: Node | undefined =
      node &&
      (propertiesOf(node)[key] ??
        branches(node)
          .flatMap((b) => branches(b.$ref ? resolve(b) : b))
          .map((b) => b.properties?.[key])
          .find(Boolean));
    if (!found || typeof found !== "object") return undefined;
    node = resolve(found);
  }
  return node;
}

/**
 * A field that several variants of a tagged definition (`discriminator`) give, each in its own words: each meaning
 * after its variant's tag (`` `allowedValues`: … ``); undefined when one variant gives it, or all in the same words.
 */
function variantMeanings(
  definitions: Record<string, Node>,
  start: Node | undefined,
  path: string[],
): string | undefined {
  const tag = (start?.discriminator as { propertyName?: string } | undefined)?.propertyName;
  const key = path[0];
  if (!tag || path.length !== 1 || key === undefined) return undefined;
  const meanings = ((start?.oneOf as Node[] | undefined) ?? []).flatMap((variant) => {
    const node = variant.properties?.[key] ? schemaAt(definitions, variant, [key]) : undefined;
    const own = variant.properties?.[tag];
    const value = own?.const ?? (Array.isArray(own?.enum) ? own.enum.join("`, `") : "…");
    const words = [node?.title, node?.description].filter(Boolean).join(": ").replace(/\.$/, "");
    return node ? [{ value, words }] : [];
  });
  if (new Set(meanings.map((m) => m.words)).size < 2) return undefined;
  return `${meanings.map((m) => `\`${String(m.value)}\`: ${m.words}`).join("; ")}.`;
}

/** A field's row of its concept's table: its meaning, an example and what the surface records of it. */
function fieldRow(schema: Node & { definitions: Record<string, Node> }, field: string): string {
  const [def = "", ...path] = field.split(".");
  const node = schemaAt(schema.definitions, def === "manifest" ? schema : schema.definitions[def], path);
  const meaning =
    variantMeanings(schema.definitions, schema.definitions[def], path) ??
    [node?.title, node?.description].filter(Boolean).join(": ");
  return (
    `| \`${field}\` | ${cell(meaning)} | ${cell(example(node))} | ` +
    `${cell(decision(FIELDS[field as keyof typeof FIELDS]))} |`
  );
}

function decision(d: FieldDecision): string {
  if ("surface" in d) return `\`${d.surface}\``;
  if ("fields" in d) return `its fields (\`${d.fields}.…\`)`;
  return `not recorded: ${d.none}`;
}

function example(n: Node | undefined): string {
  const first = n?.examples?.[0];
  if (first === undefined) return "";
  const text = JSON.stringify(first);
  return `\`${text.length > 90 ? `${text.slice(0, 89)}…` : text}\``;
}

export function manifestPage(root: string): string {
  const schema = JSON.parse(readFileSync(join(root, "specs/manifest.schema.json"), "utf8")) as Node & {
    definitions: Record<string, Node>;
  };
  const parts = fragments(root);
  // Which fragment gives each `<definition>.<field>` (manifest. for the top level).
  const owner = new Map<string, Fragment>();
  for (const f of parts) {
    for (const name of Object.keys(propertiesOf(f.root))) owner.set(`manifest.${name}`, f);
    for (const [def, n] of Object.entries(f.definitions ?? {}))
      for (const name of Object.keys(propertiesOf(n))) owner.set(`${def}.${name}`, f);
    for (const [target, block] of Object.entries(f.into ?? {}))
      for (const name of Object.keys(block.properties)) owner.set(`${target === "#" ? "manifest" : target}.${name}`, f);
  }
  const fields = Object.entries(FIELDS) as [string, FieldDecision][];
  const byFragment = new Map<Fragment, string[]>(parts.map((f) => [f, []]));
  for (const [field] of fields) {
    const [def = "", name = ""] = field.split(".");
    const f = owner.get(`${def}.${name}`);
    if (!f) throw new Error(`${field}: no schema fragment in ${DIR}/ gives this field`);
    byFragment.get(f)?.push(field);
  }
  const lines = [
    generatedHeader(
      `${DIR}/<concept>/record.ts (each concept's wording and fragments), ${DIR}/<concept>/*.schema.json and ` +
        `FIELDS in ${DIR}/concepts.ts`,
    ),
    "",
    "# The manifest",
    "",
    "Every concept of `specs/<provider>/manifest.yaml`, each from its record in",
    "`src/link/<concept>/record.ts` (listed by " +
      "[`src/link/concept-records.ts`](../../src/link/concept-records.ts)), and every field of it. " +
      "A field is named `<definition>.<field>`:",
    "`manifest.` is the top level, `operation.` a field of each entry of `operations`, `param.` of each parameter",
    "(shared `params` or an operation's), and so on; `specs/manifest.schema.json` is the whole schema " +
      "(editors read it).",
    "The last column says what a package's `surface.json` records of the field, which decides how `blockwright diff`",
    "classifies a change of it ([upstream changes and diff](../guides/upstream-changes-and-diff.md)). A concept is one",
    "record: its wording, its schema fragments, the tool fields it fills (the runtime names who reads each: " +
      "`runtime/tool-field-readers.ts`), its surface",
    "entries and its link part ([a manifest concept](../../ARCHITECTURE.md#a-manifest-concept)).",
    "",
  ];
  const byFile = new Map(parts.map((f) => [basename(f.file, ".schema.json"), f]));
  const claimed = new Set<string>();
  for (const [name, record] of Object.entries(CONCEPTS) as [string, ConceptRecord][]) {
    lines.push(`## ${name}`, "", record.wording, "");
    if (!record.schema.length) lines.push("No field of its own: the schema's patterns make it.", "");
    for (const fragment of record.schema) {
      const f = byFile.get(fragment);
      if (!f) throw new Error(`concept ${name}: no schema fragment ${DIR}/${fragment}.schema.json`);
      claimed.add(fragment);
      // A small concept's link part is written in its record (src/link/<concept>/record.ts), with no module of its own.
      // Its rule is the module beside it of the same name (src/link/<concept>/<name>.ts), else its record.
      const beside = f.file.replace(/\.schema\.json$/, ".ts");
      const rule = f.root ? "index.ts" : existsSync(join(root, DIR, beside)) ? beside : recordModule(root, name);
      if (record.schema.length > 1)
        lines.push(
          `### ${fragment}`,
          "",
          (f.$comment ?? "").replace(/\s*\((Linked in )?link\/[^)]*\)\.?$/, ".").replace(/\s*Linked in link\/\S+$/, ""),
          "",
        );
      lines.push(
        `Schema: [\`${DIR}/${f.file}\`](../../${DIR}/${f.file}); link rule: [\`${DIR}/${rule}\`](../../${DIR}/` +
          `${rule}).`,
        "",
      );
      const names = byFragment.get(f) ?? [];
      if (!names.length) continue;
      lines.push("| Field | Meaning | Example | Recorded in the surface by |", "|---|---|---|---|");
      for (const field of names) lines.push(fieldRow(schema, field));
      lines.push("");
    }
  }
  const orphans = [...byFile.keys()].filter((f) => !claimed.has(f));
  if (orphans.length) throw new Error(`${orphans.join(", ")}: a schema fragment no concept record claims`);
  return lines.join("\n");
}
