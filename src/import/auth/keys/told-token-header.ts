// A document that declares no security scheme, yet says in words which header carries the token: its login's
// description "returns token, which must be added to X-Auth-Token in header of all future requests". Drafted as a
// bearer token in Authorization, a header the API never reads, every real call went without its token. Read as it
// says: an API key scheme for that header added (with a top-level requirement of it), and the operation whose words
// tell it (the login handing the token out, before any such request) given `security: []`. Only a header name shaped
// as one (`X-Auth-Token`: words parted by hyphens, the last a token's or a key's, tokenHeaderName), in a sentence that
// also says "header" and every later request ("all future requests", "subsequent calls"); several texts naming
// different headers say nothing certain, and none is read.
import type { SelectedOperation } from "../../cut/select-operations.js";
import { OPERATION_METHODS } from "../../../load/openapi-types.js";
import { sentences } from "../../../load/text/sentences.js";
import { ADDED_KEY_SCHEME } from "../credential-draft.js";
import { tokenHeaderName } from "./key-parameter.js";

type Json = Record<string, unknown>;

/** A header's name as prose writes it: words parted by hyphens (`X-Auth-Token`), quoted or not. */
const HEADER_NAME = /(?<![\w-])[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+(?![\w-])/g;
const HEADER_WORD = /\bheaders?\b/i;
/** Every request after this one: "all future requests", "every subsequent call", "later requests". */
const LATER = "future|subsequent|following|later|further";
const LATER_REQUESTS = new RegExp(
  `\\b(?:(?:all|every|each|any)\\s+(?:(?:${LATER}|other)\\s+)?|(?:${LATER})\\s+)(?:api\\s+)?(?:requests?|calls?)\\b`,
  "i",
);

/** Where the words are: an operation's (its method and path) or the document's. */
interface Told {
  header: string;
  words: string;
  where: string;
  op?: { path: string; method: string };
}

/**
 * The header a sentence tells every later request to carry, if it names one, and the words around it (a document's
 * sentence may run through a whole block of code): a name of a header's shape, the word "header" within a few words of
 * it and every later request within a clause or two (not a label in an example a long sentence holds).
 */
function toldIn(sentence: string): { header: string; words: string } | undefined {
  if (!HEADER_WORD.test(sentence) || !LATER_REQUESTS.test(sentence)) return undefined;
  for (const m of sentence.matchAll(HEADER_NAME)) {
    const around = (n: number) => sentence.slice(Math.max(0, m.index - n), m.index + m[0].length + n);
    if (!headerShaped(m[0]) || !tokenHeaderName(m[0]) || !HEADER_WORD.test(around(40))) continue;
    const words = around(120);
    if (!LATER_REQUESTS.test(words)) continue;
    return { header: m[0], words: words === sentence ? sentence : `…${words.trim()}…` };
  }
  return undefined;
}

/** Whether a name is shaped as a header's: `X-` and a few words, or a few words each capitalised (`Zq-Token`). */
function headerShaped(name: string): boolean {
  const parts = name.split("-");
  if (parts.length > 5) return false;
  return /^x$/i.test(parts[0] ?? "") || parts.every((p) => /^[A-Z0-9]/.test(p));
}

/** Each place the document tells a token header: its operations' descriptions and summaries, then info.description. */
function toldHeaders(doc: Json): Told[] {
  const found: Told[] = [];
  const read = (text: unknown, where: string, op?: Told["op"]) => {
    if (typeof text !== "string") return;
    for (const sentence of sentences(text.replace(/\s+/g, " "))) {
      const told = toldIn(sentence);
      if (told) found.push({ ...told, where, ...(op ? { op } : {}) });
    }
  };
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json | undefined>))
    for (const method of OPERATION_METHODS) {
      const op = item?.[method] as Json | undefined;
      if (!op || typeof op !== "object") continue;
      const where = typeof op.operationId === "string" ? op.operationId : `${method.toUpperCase()} ${path}`;
      read(op.description, `${where}'s description`, { path, method });
      read(op.summary, `${where}'s summary`, { path, method });
    }
  read((doc.info as Json | undefined)?.description, "info.description");
  return found;
}

/** Whether a `security` list names any scheme. */
function namesScheme(security: unknown): boolean {
  return Array.isArray(security) && security.some((r) => r && typeof r === "object" && Object.keys(r).length > 0);
}

/** Whether the document declares a scheme or names one in a requirement. */
function saysSecurity(doc: Json): boolean {
  const schemes = (doc.components as Json | undefined)?.securitySchemes;
  if (schemes && typeof schemes === "object" && Object.keys(schemes).length) return true;
  if (namesScheme(doc.security)) return true;
  return Object.values((doc.paths ?? {}) as Record<string, Json | undefined>).some((item) =>
    OPERATION_METHODS.some((m) => namesScheme((item?.[m] as Json | undefined)?.security)),
  );
}

/** The document with the told header's scheme and requirement, the telling operation taking none; what was added. */
export function withToldTokenHeader(
  doc: Json,
  _chosen: readonly SelectedOperation[],
): {
  document?: Json;
  notes?: string[];
  added?: string[];
} {
  if (saysSecurity(doc)) return {};
  const told = toldHeaders(doc);
  const first = told[0];
  if (!first || told.some((t) => t.header.toLowerCase() !== first.header.toLowerCase())) return {};
  const { header } = first;
  const components = (doc.components ?? {}) as Json;
  const copy: Json = {
    ...doc,
    components: {
      ...components,
      securitySchemes: {
        [ADDED_KEY_SCHEME]: {
          type: "apiKey",
          in: "header",
          name: header,
          description:
            "Added by blockwright add: the published document declares no security scheme; " +
            `${first.where} says the token goes in the header ${header}.`,
        },
      },
    },
    security: [{ [ADDED_KEY_SCHEME]: [] }],
  };
  // The operations telling it hand the token out: their own requests come before any that carries it.
  const tellers = told.flatMap((t) => (t.op ? [t.op] : []));
  const paths = { ...((doc.paths ?? {}) as Record<string, Json>) };
  const without: string[] = [];
  for (const { path, method } of tellers) {
    const item = { ...(paths[path] as Json) };
    if (Array.isArray((item[method] as Json).security)) continue;
    item[method] = { ...(item[method] as Json), security: [] };
    paths[path] = item;
    without.push(`${method.toUpperCase()} ${path}.security`);
  }
  copy.paths = paths;
  const why = `the header ${header} ${first.where} tells every later request to carry`;
  const tellerNames = [
    ...new Set(told.flatMap((t) => (t.op ? [t.where.replace(/'s (?:description|summary)$/, "")] : []))),
  ];
  return {
    document: copy,
    added: [
      `components.securitySchemes.${ADDED_KEY_SCHEME} and security (${why})`,
      ...without.map((w) => `${w} (it hands out the token ${header} carries: security: [] written)`),
    ],
    notes: [
      `the document declares no security scheme, and ${first.where} says ${JSON.stringify(first.words)}: drafted ` +
        `as an API key in the header ${header} (the scheme ${ADDED_KEY_SCHEME} and a top-level security added to ` +
        "openapi.yaml), secret and out of every message" +
        (without.length
          ? `; ${tellerNames.join(", ")} takes none (security: [] written): it hands the token out`
          : "") +
        "; check how the API takes its credential",
    ],
  };
}
