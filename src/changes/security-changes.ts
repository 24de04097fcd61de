// How an operation's security changed between two versions of a document: requirements as sets of
// alternatives (a scheme renamed with the credential sent alike is one scheme), how the credential travels,
// where a token is obtained, and scopes added or removed (a part of document-diff.ts's comparison).
import { type Add, type Found, list, object } from "./document-operations.js";
import { deref, type DocumentSet } from "./schema-flat.js";

/** The effective security of an operation as a set of alternatives, each a scheme → scopes map. */
function securityOf(docs: DocumentSet, f: Found): Map<string, Set<string>>[] {
  const doc = object(docs.files.get(docs.root));
  const reqs = list(f.op.security ?? doc.security);
  return reqs.map(
    (r) =>
      new Map(
        Object.entries(object(r)).map(([name, scopes]) => [
          name,
          new Set(list(scopes).filter((s): s is string => typeof s === "string")),
        ]),
      ),
  );
}

export function compareSecurity(older: DocumentSet, x: Found, newer: DocumentSet, y: Found, add: Add): void {
  const a = securityOf(older, x);
  const schemes = (alts: Map<string, Set<string>>[]) => new Set(alts.flatMap((m) => [...m.keys()]));
  const { requirements: b, newName } = renamedBack(older, schemes(a), newer, securityOf(newer, y));
  const sa = schemes(a);
  const sb = schemes(b);
  for (const name of sb) if (!sa.has(name)) add("api-security-added", "security", name);
  // A scheme the operation takes in both: how the credential travels (header name, token address) compared.
  for (const name of sa) {
    if (!sb.has(name)) continue;
    const before = schemeOf(older, name);
    const after = schemeOf(newer, newName(name));
    if (before.placement !== after.placement)
      add("api-security-scheme-changed", "security", name, {
        old: JSON.parse(before.placement),
        new: JSON.parse(after.placement),
      });
    else if (before.urls !== after.urls)
      add("api-security-scheme-url-changed", "security", name, {
        old: JSON.parse(before.urls),
        new: JSON.parse(after.urls),
      });
  }
  for (const name of sa) if (!sb.has(name)) add("api-security-removed", "security", name);
  // Per scheme in both: an alternative that asks no more than an old one asked is a new way in; an old
  // alternative that every new one asks more of has scopes added.
  const scopeSets = (alts: Map<string, Set<string>>[], name: string) =>
    alts.filter((m) => m.has(name)).map((m) => m.get(name) ?? new Set<string>());
  const within = (small: Set<string>, big: Set<string>) => [...small].every((s) => big.has(s));
  for (const name of sa) {
    if (!sb.has(name)) continue;
    const before = scopeSets(a, name);
    const after = scopeSets(b, name);
    for (const n of after) {
      if (before.some((o) => within(o, n))) continue;
      add("api-security-added", "security", name, {
        new: [...n].sort(),
        note: "another alternative: a token with these scopes is accepted as well",
      });
    }
    for (const o of before) {
      if (after.some((n) => within(n, o))) continue;
      const added = [
        ...new Set(after.filter((n) => within(o, n)).flatMap((n) => [...n].filter((s) => !o.has(s)))),
      ].sort();
      if (added.length) add("api-security-scope-added", "security", name, { new: added });
      else add("api-security-scope-removed", "security", name, { old: [...o].sort() });
    }
  }
}

/**
 * The newer requirements with a scheme renamed given its old name: a scheme only the older document's requirements
 * name, and one only the newer's, that send the credential alike and get their tokens alike, are one scheme renamed
 * (a caller's credential goes where it went).
 */
function renamedBack(
  older: DocumentSet,
  before: Set<string>,
  newer: DocumentSet,
  after: Map<string, Set<string>>[],
): { requirements: Map<string, Set<string>>[]; newName: (old: string) => string } {
  const now = new Set(after.flatMap((m) => [...m.keys()]));
  const same = (o: string, n: string) => {
    const [p, q] = [schemeOf(older, o), schemeOf(newer, n)];
    return p.placement === q.placement && p.urls === q.urls;
  };
  const gone = [...before].filter((name) => !now.has(name));
  const fresh = [...now].filter((name) => !before.has(name));
  const back = new Map<string, string>();
  for (const o of gone) {
    const matches = fresh.filter((n) => same(o, n));
    if (matches.length === 1 && gone.filter((g) => same(g, matches[0] as string)).length === 1)
      back.set(matches[0] as string, o);
  }
  const forward = new Map([...back].map(([n, o]) => [o, n]));
  return {
    requirements: after.map((m) => new Map([...m].map(([name, scopes]) => [back.get(name) ?? name, scopes]))),
    newName: (old) => forward.get(old) ?? old,
  };
}

/** What of a security scheme decides how a credential is sent, and where a token is obtained, as canonical JSON. */
function schemeOf(docs: DocumentSet, name: string): { placement: string; urls: string } {
  const doc = object(docs.files.get(docs.root));
  const s = deref(docs, { schema: object(object(doc.components).securitySchemes)[name], file: docs.root }).node;
  const flows = Object.fromEntries(
    Object.entries(object(s.flows))
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
      .map(([flow, f]) => [flow, { tokenUrl: object(f).tokenUrl, authorizationUrl: object(f).authorizationUrl }]),
  );
  return {
    placement: JSON.stringify({
      type: s.type,
      in: s.in,
      name: s.name,
      scheme: typeof s.scheme === "string" ? s.scheme.toLowerCase() : s.scheme,
    }),
    urls: JSON.stringify({ flows, openIdConnectUrl: s.openIdConnectUrl }),
  };
}
