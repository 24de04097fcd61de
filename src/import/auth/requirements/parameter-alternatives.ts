// An API key the operations take as a header or query parameter of their own beside the schemes the document declares
// (a query `key`, "API key. … Required unless you provide an OAuth 2.0 token", beside OAuth 2 schemes whose flows all
// need a person's browser): a caller holding only the key could not call, the drafted token being required. Where the
// parameter's words say it is an alternative, or the declared schemes are only interactive OAuth, it is drafted as
// a way of its own (auth.alternatives): an API key scheme added to the cut, marked as added, each operation's
// security accepting it beside its requirements (cutSecurityOfKey), the key first where the OAuth flows are
// interactive only (credential.ts `interactiveOnly`). The parameter is then the credential's place, no parameter of
// its own (credential-params.ts repeatsCredential).
import { shortText } from "../../plain-text.js";
import {
  ADDED_KEY_SCHEME,
  type CredentialDraft,
  type DraftCredential,
  type ParameterKey,
} from "../credential-draft.js";
import { keyName, operationParameters, resolved } from "../keys/key-parameter.js";
import { namedApiKey, saysApiKey } from "../../../load/schemas/api-key-words.js";

type Json = Record<string, unknown>;

export type { ParameterKey };

// Words saying it is another way than the declared schemes: "Required unless you provide an OAuth 2.0 token", "or an
// OAuth token", "instead of a bearer token", "alternatively".
const ALTERNATIVE_WORDS = new RegExp(
  "\\bunless\\b[^.;]*\\b(oauth|tokens?|authori[sz](ed|ation)|authenticat\\w*|credentials?|signed in|logged in)\\b|" +
    "\\b(instead of|in place of|alternatively)\\b|" +
    "\\bor (an?|your|with an?)\\s+(oauth\\s*2?(\\.0)?|access|bearer)\\b",
  "i",
);

/** The operation's parameters and its path item's, local `$ref`s followed. */
function parametersOf(doc: Json, op: Json, path: string | undefined): Json[] {
  return operationParameters(doc, path ? resolved(doc, (doc.paths as Json | undefined)?.[path]) : undefined, op);
}

/** Whether `security` names some scheme (no `[]` or `[{}]` alone). */
function namesScheme(security: unknown): boolean {
  return Array.isArray(security) && security.some((r) => r && typeof r === "object" && Object.keys(r).length);
}

/** A header or query parameter the operation takes that is described as an API key, if one is. */
function describedKey(doc: Json, op: Json, path: string | undefined): Json | undefined {
  return parametersOf(doc, op, path).find((p) => {
    if ((p.in !== "header" && p.in !== "query") || typeof p.name !== "string" || !keyName(p.name)) return false;
    const words = typeof p.description === "string" ? p.description : "";
    // Described as an API key (load/schemas/api-key-words.ts), or named one and not described as a token.
    return saysApiKey(words) || (namedApiKey(p.name) && !/\btoken\b/i.test(words));
  });
}

/**
 * The draft with the key parameter the operations naming schemes all take drafted as a way of its own, where its
 * words say it is an alternative or every drafted way is OAuth 2 only a person's browser meets; else the draft as it
 * is (a document whose scheme is itself a key, one that signs each request, one declaring none: added-scheme.ts).
 */
export function withParameterAlternative(
  doc: Json,
  operations: readonly { op: Json; path?: string }[],
  draft: CredentialDraft,
  interactiveOnly: (scheme: Json) => boolean,
): CredentialDraft {
  if (draft.added || draft.address || draft.sigv4 || draft.signedJwt || !draft.ways.length) return draft;
  const credentials = draft.ways.flat();
  const sendsKey = (c: DraftCredential) =>
    (c.placement.type === "header" || c.placement.type === "query" || c.placement.type === "cookie") &&
    !c.placement.word;
  if (credentials.some(sendsKey)) return draft;
  const taking = operations.filter(({ op }) => namesScheme(op.security ?? doc.security));
  const found = taking.map(({ op, path }) => describedKey(doc, op, path));
  const first = found[0];
  if (!first || found.some((p) => !p || p.in !== first.in || !sameName(first, p))) return draft;
  const words = typeof first.description === "string" ? first.description : "";
  const interactive = credentials.every((c) => c.definition.type === "oauth2" && interactiveOnly(c.definition));
  const why = ALTERNATIVE_WORDS.test(words) ? "alternative" : interactive ? "interactive" : undefined;
  if (!why) return draft;
  const schemes = ((doc.components as Json | undefined)?.securitySchemes ?? {}) as Json;
  let scheme = ADDED_KEY_SCHEME;
  for (let i = 2; Object.hasOwn(schemes, scheme); i++) scheme = `${ADDED_KEY_SCHEME}${i}`;
  const key: ParameterKey = { scheme, in: first.in as "header" | "query", name: String(first.name), words, why };
  const taken = new Set(credentials.map((c) => c.param.toLowerCase()));
  let param = "apiKey";
  for (let i = 2; taken.has(param.toLowerCase()); i++) param = `apiKey${i}`;
  const credential: DraftCredential = {
    scheme,
    placement: { type: key.in, name: key.name },
    definition: {
      type: "apiKey",
      in: key.in,
      name: key.name,
      description:
        `Added by blockwright add: the published document's operations take the API key as the ${key.in} ` +
        `parameter ${key.name}, another way than its security schemes.`,
    },
    param,
  };
  const ways = interactive ? [[credential], ...draft.ways] : [...draft.ways, [credential]];
  const head = (ways[0] as DraftCredential[])[0] as DraftCredential;
  return {
    ...draft,
    scheme: head.scheme,
    param: head.param,
    placement: head.placement,
    definition: head.definition,
    ways,
    parameterKey: key,
    notes: [...draft.notes, keyNote(key, param, interactive)],
  };
}

function sameName(a: Json, b: Json): boolean {
  return a.in === "header" ? String(a.name).toLowerCase() === String(b.name).toLowerCase() : a.name === b.name;
}

function keyNote(key: ParameterKey, param: string, first: boolean): string {
  const said =
    key.why === "alternative"
      ? `its description says it is another way than the document's security schemes`
      : "the document's security schemes are OAuth 2 flows that need a person's consent in a browser, which a " +
        "program calling by itself has not";
  return (
    `the operations take the ${key.in} parameter ${key.name}, described as an API key ` +
    `(${JSON.stringify(shortText(key.words, 240))}), and ${said}: drafted as a way to authenticate of its own ` +
    `(auth.alternatives, ${first ? "first" : "after the document's"}), the secret parameter ${param} sent as ` +
    `${key.name}, an API key scheme added to openapi.yaml as ${key.scheme} (marked as added) and accepted by each ` +
    "operation's security beside its requirements; every credential parameter optional, a call giving one of " +
    "them: check how the API takes its key"
  );
}

/**
 * The cut with the key parameter's added scheme (withParameterAlternative) and each chosen operation naming schemes
 * accepting it (`{<scheme>: []}` beside its requirements, written on the operation where it inherits the document's),
 * so that generate and the mocks take a call giving the key alone. Run after cut-security.ts: an operation written
 * `security: []` there takes no credential, nor the key. Returns what was added.
 */
export function cutSecurityOfKey(
  cut: Json,
  credential: CredentialDraft,
  chosen: readonly { id: string; path: string; method: string }[],
): string[] {
  const key = credential.parameterKey;
  if (!key) return [];
  const way = credential.ways.flat().find((c) => c.scheme === key.scheme);
  const components = (cut.components ??= {}) as Json;
  const schemes = (components.securitySchemes ??= {}) as Json;
  schemes[key.scheme] = way?.definition;
  const added = [`components.securitySchemes.${key.scheme}`];
  for (const { id, path, method } of chosen) {
    const op = ((cut.paths as Json | undefined)?.[path] as Json | undefined)?.[method] as Json | undefined;
    if (!op) continue;
    const security = op.security ?? cut.security;
    if (!namesScheme(security)) continue;
    const requirements = security as Json[];
    if (requirements.some((r) => r && typeof r === "object" && Object.hasOwn(r, key.scheme))) continue;
    op.security = [...requirements, { [key.scheme]: [] }];
    added.push(`${id}.security`);
  }
  return added;
}
