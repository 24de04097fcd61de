// A document that declares several security schemes and names no requirement, whose words say every request carries
// two of them ("every request … must * Contain a valid API Key … sent as the HTTP header X-Zq-Key * Contain a valid
// user login … in form of a basic auth HTTP header"): one requirement of both, as OpenAPI writes it
// (`security: [{key: [], basic: []}]`), drafted as one way of two credentials (auth.also), each call sending both.
// Was: the best-ranked scheme alone, the other offered in a review note, so a real call lacked the second. Read in a
// passage (a paragraph with the list after it) of info.description or a scheme's description that names two declared
// schemes at different places of the request (an apiKey scheme by its key's name, its own name or, the one such scheme,
// "API key"; HTTP basic or bearer by that word) and says each request must carry them ("every request must…") or that
// one goes with the other ("both", "as well", "in addition", "along with"); never one offering a choice ("or",
// "either", "alternatively", "instead").
import type { SelectedOperation } from "../../cut/select-operations.js";
import { saysApiKey } from "../../../load/schemas/api-key-words.js";
import { OPERATION_METHODS } from "../../../load/openapi-types.js";

type Json = Record<string, unknown>;

const EVERY_REQUEST = /\b(?:every|each|all|any)\s+(?:[\w-]+\s+){0,2}?(?:requests?|calls?)\b/i;
const MUST = /\b(?:must|has to|have to|needs? to|required|requires)\b/i;
const TOGETHER = /\b(?:both|as well|in addition|along with|together with|besides)\b/i;
const A_CHOICE = /\b(?:or|either|alternatively|instead|one of)\b/i;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s/;

/** The request slot a scheme fills, and whether a passage names it; undefined for a scheme the words cannot name. */
function reading(
  name: string,
  s: Json,
  oneKey: boolean,
): { slot: string; named: (passage: string) => boolean } | undefined {
  const word = (w: string) => new RegExp(`(?<![\\w-])${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w-])`, "i");
  const own = word(name);
  if (s.type === "apiKey" && typeof s.name === "string" && ["header", "query", "cookie"].includes(String(s.in))) {
    const key = word(s.name);
    return {
      slot: `${s.in}:${s.in === "header" ? s.name.toLowerCase() : s.name}`,
      named: (p) => key.test(p) || own.test(p) || (oneKey && saysApiKey(p)),
    };
  }
  const scheme = s.type === "http" && typeof s.scheme === "string" ? s.scheme.toLowerCase() : "";
  if (scheme === "basic")
    return {
      slot: "header:authorization",
      named: (p) => own.test(p) || /\bbasic[ -]?auth\w*|\bhttp basic\b|\bbasic (?:http )?authentication\b/i.test(p),
    };
  if (scheme === "bearer") return { slot: "header:authorization", named: (p) => own.test(p) || /\bbearer\b/i.test(p) };
  return undefined;
}

/** A text's passages: its paragraphs, each with the list items that follow it; a heading starts a new one. */
function passages(text: string): string[] {
  const out: string[] = [];
  for (const block of text.split(/\n\s*\n|\n(?=#{1,6}\s)/)) {
    const trimmed = block.trim();
    if (!trimmed) continue;
    if (LIST_ITEM.test(trimmed) && out.length && !/^#{1,6}\s/.test(trimmed)) out[out.length - 1] += `\n${trimmed}`;
    else out.push(trimmed);
  }
  return out.map((p) =>
    p
      .replace(/^#{1,6}\s.*\n?/, "")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

/** Whether a `security` list names any scheme. */
function namesScheme(security: unknown): boolean {
  return Array.isArray(security) && security.some((r) => r && typeof r === "object" && Object.keys(r).length > 0);
}

/** The words' quote in a note: at most 240 characters. */
const quoted = (words: string) => JSON.stringify(words.length > 240 ? `${words.slice(0, 239)}…` : words);

/** The document with one requirement of the schemes its words say every request carries; what it added. */
export function withSchemesToldTogether(
  doc: Json,
  _chosen: readonly SelectedOperation[],
): { document?: Json; notes?: string[]; added?: string[] } {
  const declared = ((doc.components as Json | undefined)?.securitySchemes ?? {}) as Record<string, Json | null>;
  const paths = Object.values((doc.paths ?? {}) as Record<string, Json | undefined>);
  if (
    namesScheme(doc.security) ||
    paths.some((i) => OPERATION_METHODS.some((m) => namesScheme((i?.[m] as Json)?.security)))
  )
    return {};
  const entries = Object.entries(declared).filter((e): e is [string, Json] => !!e[1] && typeof e[1] === "object");
  const oneKey = entries.filter(([, s]) => s.type === "apiKey").length === 1;
  const readings = entries.flatMap(([n, s]) => {
    const r = reading(n, s, oneKey);
    return r ? [{ name: n, ...r }] : [];
  });
  if (readings.length < 2) return {};
  const texts = [
    { where: "info.description", text: (doc.info as Json | undefined)?.description, own: "" },
    ...entries.map(([n, s]) => ({ where: `security scheme ${n}'s description`, text: s.description, own: n })),
  ];
  // A scheme's own description speaks of it: it is named there.
  for (const { where, text, own } of texts) {
    if (typeof text !== "string") continue;
    for (const passage of passages(text)) {
      if (A_CHOICE.test(passage) || !((EVERY_REQUEST.test(passage) && MUST.test(passage)) || TOGETHER.test(passage)))
        continue;
      const named = readings.filter((r) => r.name === own || r.named(passage));
      if (named.length < 2 || new Set(named.map((r) => r.slot)).size < named.length) continue;
      const names = named.map((r) => r.name);
      const requirement = Object.fromEntries(names.map((n) => [n, []]));
      const both = `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
      const listed = names.map((n) => `${n}: []`).join(", ");
      return {
        document: { ...doc, security: [requirement] },
        added: [`security (${where} says every request carries ${both})`],
        notes: [
          `no operation names a security requirement, and ${where} says every request carries ${both}: ` +
            `${quoted(passage)}: read as one requirement of them all (security: [{${listed}}] written in ` +
            "openapi.yaml), each call sending every one; check how the API takes its credentials",
        ],
      };
    }
  }
  return {};
}
