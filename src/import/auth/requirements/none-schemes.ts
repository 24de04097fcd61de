// An HTTP security scheme whose scheme is `none` (`type: http, scheme: none`), which some documents declare for their
// public operations ("this security scheme is used for APIs that do not require authentication"): no HTTP
// authentication scheme of that name exists, and the document says by it that no credential is sent. add read it as
// any other HTTP scheme, a credential the caller gives, sent as `Authorization: none <value>`; an operation naming it
// alone was refused without that value, and sent it with one. Read as what it says: a requirement naming it names
// nothing (`{}`, a list of such only `[]`: no credential), and the scheme is no candidate credential.
import type { SelectedOperation } from "../../cut/select-operations.js";
import { OPERATION_METHODS } from "../../../load/openapi-types.js";

type Json = Record<string, unknown>;

/** The declared schemes that say no credential: HTTP with the scheme `none` (scheme names are case-insensitive). */
function noneSchemes(doc: Json): string[] {
  const schemes = (doc.components as Json | undefined)?.securitySchemes;
  if (!schemes || typeof schemes !== "object") return [];
  return Object.entries(schemes as Json)
    .filter(([, s]) => {
      const scheme = s as Json | null;
      return scheme?.type === "http" && typeof scheme.scheme === "string" && scheme.scheme.toLowerCase() === "none";
    })
    .map(([name]) => name);
}

/** `security` without the names in `none`: a requirement left naming nothing is `{}`; a list of only those, `[]`. */
function withoutNames(security: unknown, none: ReadonlySet<string>): unknown {
  if (!Array.isArray(security)) return security;
  const kept = security.map((r) =>
    r && typeof r === "object" ? Object.fromEntries(Object.entries(r as Json).filter(([n]) => !none.has(n))) : r,
  );
  return kept.every((r) => r && typeof r === "object" && !Object.keys(r).length) ? [] : kept;
}

/** Whether `security` names one of `none`. */
function names(security: unknown, none: ReadonlySet<string>): boolean {
  return (
    Array.isArray(security) &&
    security.some((r) => r && typeof r === "object" && Object.keys(r).some((n) => none.has(n)))
  );
}

/**
 * The document with its `none` schemes left out and the requirements naming them read without them (a shallow copy:
 * the published document stays); a note, and the places changed for the cut's header.
 */
export function withoutNoneSchemes(
  doc: Json,
  chosen: readonly SelectedOperation[],
): { document?: Json; notes?: string[]; added?: string[] } {
  const found = noneSchemes(doc);
  if (!found.length) return {};
  const none = new Set(found);
  const components = doc.components as Json;
  const schemes = Object.fromEntries(
    Object.entries(components.securitySchemes as Json).filter(([name]) => !none.has(name)),
  );
  const copy: Json = { ...doc, components: { ...components, securitySchemes: schemes } };
  const changed: string[] = [];
  if (names(doc.security, none)) {
    copy.security = withoutNames(doc.security, none);
    changed.push("security");
  }
  const paths = (doc.paths ?? {}) as Record<string, Json | undefined>;
  const taken = new Set(chosen.map((c) => `${c.method} ${c.path}`));
  const copied: Record<string, Json | undefined> = { ...paths };
  for (const [path, item] of Object.entries(paths)) {
    if (!item || typeof item !== "object") continue;
    const next: Json = { ...item };
    for (const m of OPERATION_METHODS) {
      const op = item[m] as Json | undefined;
      if (!op || typeof op !== "object" || !names(op.security, none)) continue;
      next[m] = { ...op, security: withoutNames(op.security, none) };
      if (taken.has(`${m} ${path}`)) changed.push(`${m.toUpperCase()} ${path}.security`);
    }
    copied[path] = next;
  }
  copy.paths = copied;
  const list = found.join(", ");
  const note =
    `security scheme ${list} is HTTP "none", which names no credential (no HTTP authentication scheme of that name ` +
    "exists): read as none, so an operation whose requirement names it alone is sent no credential, and one naming " +
    "it beside another scheme is sent that one";
  return {
    document: copy,
    notes: [note],
    added: changed.map((place) => `${place} (${list}: HTTP "none", no credential)`),
  };
}
