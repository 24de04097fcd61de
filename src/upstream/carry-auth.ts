// What `upstream --accept` carries of a manifest's credential (carry.ts): where the manifest holds `auth` as add
// drafted it from the older document and add drafts it otherwise from the newer (Maesn's second version asks an
// `accountKey` with the `apiKey` on every operation: `security: [{apiKey: [], accountKey: []}]`), the newer draft's,
// with the parameters it names that the manifest lacks: generate refused every operation (BW2007: "does not accept
// security scheme apiKey"), and no call could succeed without the new credential. A note says a caller now gives it;
// `diff` reports the new required parameter. A credential parameter the newer draft names no more (Albus: two bearer
// schemes, one of them taken only by some operations, then by every one, drafted as one input) is taken out. An
// `auth` written or changed by hand is the user's to decide on. An OAuth flow the newer document offers (Cribl) brings
// its client id and secret, and makes the token optional beside it; other ways it offers make the first optional.
import { type Document, isMap, Pair } from "yaml";
import { addReviewNotes, draftedNode, type ReviewNote } from "../import/manifest-yaml.js";
import type { ManifestParam } from "../load/precompiled/manifest-types.js";

type Json = Record<string, unknown>;

/** A draft's credential and its parameters, as add drafts them from one cut. */
export interface DraftHead {
  auth?: unknown;
  /** Where the draft reads an error's code and message, and its address (carry-head.ts). */
  errors?: unknown;
  server?: unknown;
  params?: Record<string, ManifestParam>;
  /** The poll triggers it drafts, by id, and their review notes (carry-triggers.ts). */
  triggers?: Record<string, unknown>;
  triggerNotes?: ReviewNote[];
}

/** The manifest's `auth` following the newer draft's where it holds the older's; a line for each part written. */
export function carryAuth(yaml: Document, manifest: Json, older: DraftHead, newer: DraftHead, lines: string[]): void {
  if (older.auth === undefined || newer.auth === undefined) return;
  // Its schemes' names aside: a scheme the newer document renames is followed before (tighten.ts renameSchemes).
  const mine = withoutSchemes(manifest.auth ?? null);
  if (mine !== withoutSchemes(older.auth) || mine === withoutSchemes(newer.auth)) return;
  // A scheme the manifest already sends keeps its parameter (callers give it by that name): only the new ones are new.
  const kept = paramsBySchemes(manifest.auth);
  const auth = JSON.parse(JSON.stringify(newer.auth), (_key, value) =>
    value !== null && typeof value === "object" && !Array.isArray(value) && kept.has(String(value.scheme))
      ? { ...value, param: kept.get(String(value.scheme)) }
      : value,
  ) as unknown;
  yaml.setIn(["auth"], draftedNode(yaml, auth));
  addReviewNotes(
    yaml,
    ["auth"],
    [
      "the credential follows the newer document's security (blockwright upstream --accept; it was add's draft " +
        "of the older one): a caller gives what it names; check it",
    ],
  );
  lines.push("auth: the newer document's security, as add drafts it");
  const have = (manifest.params ?? {}) as Record<string, unknown>;
  const named = new Set(namedParams(auth, newer.params));
  // Among ways to authenticate, a credential is asked of the calls taking its way only.
  const { alternatives } = (auth ?? {}) as { alternatives?: unknown };
  const why =
    Array.isArray(alternatives) && alternatives.length
      ? "a credential of one of the ways to authenticate the newer document offers"
      : "a credential the newer document asks of each call";
  for (const name of named) {
    const param = newer.params?.[name];
    if (param === undefined || Object.hasOwn(have, name)) continue;
    addSharedParam(yaml, name, param, why);
    lines.push(`params.${name}: ${why}, as add drafts it`);
  }
  optionalBesideFlows(yaml, auth, have, older, lines);
  optionalAmongWays(yaml, auth, have, older, newer, lines);
  // A credential of the older draft the newer no longer names (two schemes sent alike become one input): taken out
  // where the manifest holds it as add drafted it, or generate refused it as no credential and no wire (BW2017).
  // Named still: by the newer draft, or kept under the manifest's name for a scheme it already sent.
  const still = new Set(namedParams(auth, { ...have, ...newer.params }));
  for (const name of namedParams(older.auth, older.params)) {
    const drafted = older.params?.[name];
    if (still.has(name) || drafted === undefined || JSON.stringify(have[name]) !== JSON.stringify(drafted)) continue;
    yaml.deleteIn(["params", name]);
    addReviewNotes(
      yaml,
      ["auth"],
      [`${name} was taken out: the newer document's security, as add drafts it, names it no more`],
    );
    lines.push(`params.${name} taken out: a credential the newer document's security, as add drafts it, names no more`);
  }
}

/**
 * The token an `auth` with flows sends (`auth.param`), held as add drafted it from the older document, required: made
 * optional, as add drafts it and generate requires (BW2012: a call may give a flow's parameters instead).
 */
function optionalBesideFlows(yaml: Document, auth: unknown, have: Json, older: DraftHead, lines: string[]): void {
  const { param, flows } = (auth ?? {}) as { param?: unknown; flows?: unknown };
  if (flows === undefined || typeof param !== "string") return;
  const held = have[param] as { required?: unknown } | undefined;
  if (held?.required !== true || !sameJson(held, older.params?.[param])) return;
  yaml.deleteIn(["params", param, "required"]);
  addReviewNotes(yaml, ["params", param], ["optional: the newer document's OAuth flow can obtain the token instead"]);
  lines.push(`params.${param}: optional, as add drafts it beside an OAuth flow the newer document offers`);
}

/**
 * The credentials of an `auth` offering other ways (`alternatives`), held as add drafted them from the older document
 * where they were the only way, required: made optional where the newer draft has them so (BW2012: a call gives one
 * way's parameters).
 */
function optionalAmongWays(
  yaml: Document,
  auth: unknown,
  have: Json,
  older: DraftHead,
  newer: DraftHead,
  lines: string[],
) {
  const { alternatives } = (auth ?? {}) as { alternatives?: unknown };
  if (!Array.isArray(alternatives) || !alternatives.length) return;
  for (const name of namedParams(auth, have)) {
    const held = have[name] as { required?: unknown } | undefined;
    if (held?.required !== true || !sameJson(held, older.params?.[name])) continue;
    if (newer.params?.[name]?.required === true) continue;
    yaml.setIn(["params", name, "required"], false);
    addReviewNotes(yaml, ["params", name], ["optional: the newer document offers other ways to authenticate"]);
    lines.push(`params.${name}: optional, as add drafts it among ways to authenticate`);
  }
}

/** Keys of an `auth` whose values name no parameter (a scheme may bear a parameter's name: Asana's `oauth2`). */
const NAMING_NONE = new Set(["scheme", "in", "name", "prefix", "clientAuth", "tokenUrl", "tokenFormat"]);

/**
 * The parameters of `params` (a draft's) its `auth` names, under any key but those naming none: its own, those sent
 * with it, those of each way it offers, a flow's client id and secret, a signature's keys.
 */
function namedParams(auth: unknown, params: Record<string, unknown> | undefined): string[] {
  const out: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) walk(item);
    else if (node !== null && typeof node === "object") {
      for (const [key, value] of Object.entries(node as Json)) if (!NAMING_NONE.has(key)) walk(value);
    } else if (typeof node === "string" && params && Object.hasOwn(params, node)) out.push(node);
  };
  walk(auth);
  return [...new Set(out)];
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** An `auth` as JSON text, the names of its schemes left out. */
function withoutSchemes(auth: unknown): string {
  return JSON.stringify(auth, (key, value) => (key === "scheme" ? undefined : value));
}

/** The parameter each scheme of an `auth` sends (`{scheme, param}` at any depth). */
function paramsBySchemes(auth: unknown): Map<string, string> {
  const out = new Map<string, string>();
  JSON.stringify(auth ?? null, (_key, value) => {
    if (
      value !== null &&
      typeof value === "object" &&
      typeof value.scheme === "string" &&
      typeof value.param === "string"
    )
      out.set(value.scheme, value.param);
    return value;
  });
  return out;
}

/** A shared parameter added to the manifest's `params` as the newer draft has it, `why` in a note to check it. */
export function addSharedParam(yaml: Document, name: string, param: unknown, why: string): void {
  if (!isMap(yaml.getIn(["params"], true))) yaml.setIn(["params"], yaml.createNode({}));
  const map = yaml.getIn(["params"], true);
  if (!isMap(map)) return;
  map.add(new Pair(yaml.createNode(name), draftedNode(yaml, param)));
  addReviewNotes(yaml, ["params", name], [`${why}: check it`]);
}
