// A document that declares security schemes, whose operations' requirements name another it never declares (every
// operation `security: [{Authorization: []}]` beside the one scheme declared, `apiKey`, and the document's own
// `security: [{apiKey: []}]`, as a generator writes that names a requirement after the header it sends). No call meets
// a scheme the document does not declare, so add refused every such operation and the document drafted nothing. Such a
// requirement is read as the document's own (its top-level `security`, when that names only declared schemes), or,
// where it has none, as the one scheme it declares; a review note says so and the cut's header lists each operation
// whose requirement was read so. A requirement naming a declared scheme in other letters is respelt
// (cut-security.ts), one beside an alternative the document declares is left, and a document declaring several
// schemes and no requirement of its own is left as it was (which of them is meant, it does not say). An undeclared
// scheme whose name says no credential (`security: [{anonymous: []}]`, a public operation of SigNoz's) is read as the
// keyless requirement (`{}`) whatever the document declares: what its writer meant, a review note says so.
import type { SelectedOperation } from "../../cut/select-operations.js";
import { requirementNames } from "./cut-security.js";
import { OPERATION_METHODS } from "../../../load/openapi-types.js";

type Json = Record<string, unknown>;

/** Whether every alternative of `security` names a scheme not declared (none of them met by any credential). */
function unmeetable(security: unknown, known: (name: string) => boolean): boolean {
  return (
    Array.isArray(security) &&
    security.length > 0 &&
    security.every((r) => r && typeof r === "object" && Object.keys(r).some((n) => !known(n)))
  );
}

/** An undeclared scheme's name that says no credential is sent: `anonymous`, `none`, `public`, `noAuth`. */
const KEYLESS_NAME = /^(anon(ymous)?|none|no[-_ ]?(auth|security|credentials?)|public|unauthenticated)$/i;

/** Whether each alternative of an unmeetable `security` names only undeclared schemes whose names say no credential. */
function keylessOnly(security: unknown, known: (name: string) => boolean): boolean {
  return (security as Json[]).every((r) => Object.keys(r).every((n) => !known(n) && KEYLESS_NAME.test(n)));
}

/** The requirement read in place of one naming undeclared schemes: the document's own, or its one scheme. */
function fallbackOf(doc: Json, declared: string[], known: (name: string) => boolean): Json[] | undefined {
  const top = doc.security;
  if (Array.isArray(top) && top.length > 0 && !unmeetable(top, known)) return top as Json[];
  return top === undefined && declared.length === 1 ? [{ [declared[0] as string]: [] }] : undefined;
}

/**
 * The document with each requirement that names only undeclared schemes read as the document's own (or its one
 * scheme), a shallow copy (the published document stays); a note and the places changed, for the cut's header.
 */
export function withUnknownSchemesAsDeclared(
  doc: Json,
  chosen: readonly SelectedOperation[],
): { document?: Json; notes?: string[]; added?: string[] } {
  const schemes = (doc.components as Json | undefined)?.securitySchemes;
  if (!schemes || typeof schemes !== "object") return {};
  const declared = Object.keys(schemes);
  const lower = new Set(declared.map((n) => n.toLowerCase()));
  const known = (name: string) => lower.has(name.toLowerCase());
  const fallback = fallbackOf(doc, declared, known);
  if (!declared.length) return {};
  const paths = (doc.paths ?? {}) as Record<string, Json | undefined>;
  const taken = new Set(chosen.map((c) => `${c.method} ${c.path}`));
  const copied: Record<string, Json | undefined> = { ...paths };
  const changed: string[] = [];
  const unknown = new Set<string>();
  const keyless = { changed: [] as string[], names: new Set<string>() };
  for (const [path, item] of Object.entries(paths)) {
    if (!item || typeof item !== "object") continue;
    if (!OPERATION_METHODS.some((m) => unmeetable((item[m] as Json | undefined)?.security, known))) continue;
    const next: Json = { ...item };
    for (const m of OPERATION_METHODS) {
      const op = item[m] as Json | undefined;
      if (!op || typeof op !== "object" || !unmeetable(op.security, known)) continue;
      const open = keylessOnly(op.security, known);
      if (!open && !fallback) continue;
      next[m] = { ...op, security: open ? [{}] : fallback };
      if (!taken.has(`${m} ${path}`)) continue;
      (open ? keyless.changed : changed).push(`${m.toUpperCase()} ${path}.security`);
      for (const n of requirementNames(op.security)) if (!known(n)) (open ? keyless.names : unknown).add(n);
    }
    copied[path] = next;
  }
  if (!changed.length && !keyless.changed.length) return {};
  const open = [...keyless.names].join(", ");
  const notes = keyless.changed.length
    ? [
        `security scheme ${open} is not declared, and its name says no credential: ${keyless.changed.length} ` +
          "operation(s) requiring it drafted keyless (the `{}` requirement); check that the API takes none there",
      ]
    : [];
  const added = keyless.changed.map((place) => `${place} (${open}: not declared; read as none, keyless)`);
  if (!changed.length || !fallback) return { document: { ...doc, paths: copied }, notes, added };
  const names = [...unknown].join(", ");
  const read = fallback.map((r) => Object.keys(r).join(" + ") || "none").join(" or ");
  const own = doc.security === undefined ? "the one scheme it declares" : "the document's own requirement";
  const note =
    `security scheme ${names} is not declared (the document declares ${declared.join(", ")}), so no call could meet ` +
    `a requirement naming it: ${changed.length} operation(s) requiring it read as requiring ${own} (${read}); ` +
    "check how the API takes its credential";
  return {
    document: { ...doc, paths: copied },
    notes: [note, ...notes],
    added: [...changed.map((place) => `${place} (${names}: not declared; read as ${read})`), ...added],
  };
}
