// A credential a document gives only as a required `Authorization` header parameter (`Bearer OAUTH_TOKEN`, `Basic
// xx`, `Token <key>`), beside a declared scheme or a key parameter, or instead of one. OpenAPI ignores such a
// parameter, and so does the draft (it is never a parameter of its own), so the token it describes was never sent and
// every call failed. Its value's first word says how it goes: the operations that require it are read as requiring a
// scheme of that kind (added to the cut, marked as added), together with the ones they already require; a document
// that declares none and takes its key as a parameter (key-parameter.ts) gets that key's scheme beside it.
import type { SelectedOperation } from "../../cut/select-operations.js";
import { ADDED_KEY_SCHEME, ADDED_SCHEME } from "../credential-draft.js";
import { exampleTexts, keyParameter, resolved } from "../keys/key-parameter.js";
import { namedFew } from "../../named-few.js";

type Json = Record<string, unknown>;

/** `Bearer <x>`, `Basic <x>`, `Token <x>`: a scheme word, a space, one value (or a stand-in: `{ARM Token}`). */
const SCHEME_VALUE = /^([A-Za-z][\w-]{0,39}) +(\S+|<[^<>]+>|\{\{?[^{}]+\}?\}|\[[^[\]]+\])$/;
/** A code span or a quoted text holding such a value (`Bearer {token}` for a valid OAuth token). */
const QUOTED = /[`'"“]([A-Za-z][\w-]{0,39} +[^\s`'"”]+)[`'"”]/;

/** The scheme words a description's value is read by: RFC 7617's and RFC 6750's, and the common `Token`. */
const DESCRIBED_WORDS = /^(basic|bearer|token) /i;

/** The texts showing a parameter's value: its examples and default, else its description's own value. */
function shownValues(p: Json): string[] {
  const schema = (p.schema && typeof p.schema === "object" ? p.schema : {}) as Json;
  const values = [...exampleTexts(p), ...(typeof schema.default === "string" ? [schema.default] : [])];
  if (values.length) return values;
  const description = typeof p.description === "string" ? p.description.trim() : "";
  // Prose may start with any two words ("Access token"): only a scheme word's value is read from it.
  const quoted = QUOTED.exec(description)?.[1] ?? (SCHEME_VALUE.test(description) ? description : undefined);
  return quoted && DESCRIBED_WORDS.test(quoted) ? [quoted] : [];
}

/** The scheme word a required Authorization header parameter of the operation shows before its value, if any. */
function authorizationWord(doc: Json, op: Json, shared: unknown): string | undefined {
  const raws = [...(Array.isArray(op.parameters) ? op.parameters : []), ...(Array.isArray(shared) ? shared : [])];
  for (const raw of raws) {
    const p = resolved(doc, raw);
    if (p?.in !== "header" || String(p.name).toLowerCase() !== "authorization" || p.required !== true) continue;
    const words = shownValues(p).map((v) => SCHEME_VALUE.exec(v.trim())?.[1]);
    const word = words[0];
    return word && words.every((w) => w?.toLowerCase() === word.toLowerCase()) ? word : undefined;
  }
  return undefined;
}

/** Whether a declared scheme puts its credential in the Authorization header. */
function inAuthorization(scheme: unknown): boolean {
  if (!scheme || typeof scheme !== "object") return false;
  const s = scheme as Json;
  if (s.type === "http" || s.type === "oauth2" || s.type === "openIdConnect") return true;
  return s.type === "apiKey" && s.in === "header" && String(s.name).toLowerCase() === "authorization";
}

/** The scheme a value's word says: an HTTP bearer token, HTTP basic, or another HTTP scheme of that name. */
function schemeOf(word: string, shown: string): Json {
  const scheme = /^bearer$/i.test(word) ? "bearer" : /^basic$/i.test(word) ? "basic" : word;
  return {
    type: "http",
    scheme,
    description:
      "Added by blockwright add: the published document declares no security scheme for it; its operations require " +
      `the Authorization header parameter, shown as ${JSON.stringify(shown)}.`,
  };
}

/**
 * The document with the chosen operations that require an Authorization header parameter showing a scheme word
 * requiring that scheme too (a shallow copy where anything changes: the published document stays), and the review
 * notes saying so.
 */
export function withAuthorizationSchemes(
  doc: Json,
  chosen: readonly SelectedOperation[],
): { document: Json; notes: string[]; added: string[] } {
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  const declared = ((doc.components as Json | undefined)?.securitySchemes ?? {}) as Json;
  const requirementsOf = (op: Json) => (Array.isArray(op.security) ? op.security : doc.security) as unknown;
  const named = (reqs: unknown) =>
    Array.isArray(reqs) ? reqs.filter((r): r is Json => !!r && typeof r === "object" && Object.keys(r).length > 0) : [];
  const taking = chosen.flatMap((c) => {
    const op = paths[c.path]?.[c.method] as Json | undefined;
    const word = op ? authorizationWord(doc, op, paths[c.path]?.parameters) : undefined;
    // A declared scheme the operation accepts already sends the Authorization header: the parameter repeats it.
    if (!op || !word || named(requirementsOf(op)).some((r) => Object.keys(r).some((n) => inAuthorization(declared[n]))))
      return [];
    return [{ c, op, word }];
  });
  if (!taking.length) return { document: doc, notes: [], added: [] };
  const schemes: Json = { ...declared };
  const unique = (base: string) => {
    let out = base;
    for (let i = 2; out in schemes; i++) out = `${base}${i}`;
    return out;
  };
  const byWord = new Map<string, string>();
  const copy: Json = { ...doc, paths: { ...paths } };
  const added: string[] = [];
  // No scheme declared, the key a parameter of the operations: its scheme too, which every chosen operation requires.
  const carried = Object.keys(declared).length
    ? undefined
    : keyParameter(
        doc,
        chosen.flatMap((c) => (paths[c.path]?.[c.method] ? [{ op: paths[c.path]?.[c.method] as Json }] : [])),
      );
  const key = carried && !carried.optional && carried.name.toLowerCase() !== "authorization" ? carried : undefined;
  if (key) {
    schemes[ADDED_KEY_SCHEME] = {
      type: "apiKey",
      in: key.in,
      name: key.name,
      description:
        "Added by blockwright add: the published document declares no security scheme; its operations take the " +
        `key as the ${key.in} parameter ${key.name}.`,
    };
    copy.security = [{ [ADDED_KEY_SCHEME]: [] }];
    added.push(`${ADDED_KEY_SCHEME} for the ${key.in} parameter ${key.name}`);
  }
  const copied = copy.paths as Record<string, Json>;
  for (const { c, op, word } of taking) {
    const lower = word.toLowerCase();
    let name = byWord.get(lower);
    if (!name) {
      name = unique(`authorization${lower.charAt(0).toUpperCase()}${lower.slice(1).replace(/\W+/g, "")}`);
      byWord.set(lower, name);
      schemes[name] = schemeOf(word, `${word} …`);
      added.push(`${name} for Authorization: ${word} …`);
    }
    const own = named(requirementsOf(op));
    const base = own.length ? own : key ? [{ [ADDED_KEY_SCHEME]: [] }] : [{}];
    copied[c.path] = {
      ...(copied[c.path] ?? {}),
      [c.method]: { ...op, security: base.map((r) => ({ ...r, [name]: [] })) },
    };
  }
  // No scheme declared and no key: the chosen operations without the parameter are read as a document that declares
  // none is (added-scheme.ts), an optional bearer token (the one added here, if it is a bearer token).
  const others = chosen.some((c) => paths[c.path]?.[c.method] && !taking.some((t) => t.c === c));
  if (!Object.keys(declared).length && !key && others) {
    let bearer = byWord.get("bearer");
    if (!bearer) {
      bearer = unique(ADDED_SCHEME);
      schemes[bearer] = {
        type: "http",
        scheme: "bearer",
        description:
          "Added by blockwright add: the published document declares no security scheme. A bearer token is assumed " +
          "for the operations without the Authorization parameter; check how the API takes its credential.",
      };
      added.push(`${bearer}, optional, for the operations without it`);
    }
    copy.security = [{}, { [bearer]: [] }];
  }
  copy.components = { ...((doc.components ?? {}) as Json), securitySchemes: schemes };
  const ids = taking.map(({ c }) => c.operationId ?? `${c.method.toUpperCase()} ${c.path}`);
  // The cut's header: each scheme added, and the requirements of the operations that take it (cut-header.ts).
  const places = [
    ...added.map((a) => `components.securitySchemes.${a.replace(/ /, " (")})`),
    ...(copy.security !== doc.security ? ["security (the added schemes, as the document's own requirement)"] : []),
    `${taking.map(({ c }) => `${c.method.toUpperCase()} ${c.path}`).join(", ")}.security (each requires the ` +
      "Authorization header parameter, which OpenAPI ignores: its scheme added to what it requires)",
  ];
  return { document: copy, notes: [takenNote(ids, added)], added: places };
}

/** The review note: which operations require the parameter, and the schemes added for it. */
function takenNote(ids: string[], added: string[]): string {
  const one = ids.length === 1;
  return (
    `${namedFew(ids)} require${one ? "s" : ""} the Authorization header ` +
    "parameter, which OpenAPI ignores and no declared scheme sends: drafted as the credential it shows, " +
    `${added.length === 1 ? "a security scheme" : "security schemes"} added to openapi.yaml ` +
    `(${added.join("; ")}; marked as added)` +
    ", sent with the others those operations require; check how the API takes its credential"
  );
}
