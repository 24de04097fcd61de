// `security` in the surface: for each security scheme the manifest's
// credential uses, the scopes each of the operation's requirements asks of
// a token (the operation's own `security`, else the document's). The
// manifest names the scheme; the document decides which scopes a call
// needs, so a newer document can ask more of the same token: a scope added
// to every way the operation accepted is breaking for a caller whose token
// lacks it.
import type { ToolEntry } from "../../model/surface-entry.js";

declare module "../../model/surface-format.js" {
  interface ToolSurface {
    /**
     * Per scheme of the credential: the scope lists of the operation's requirements that name it (any one of them will
     * do).
     */
    security?: Record<string, string[][]>;
  }
}

type Scopes = Record<string, string[][]>;
type SecurityChange = "added" | "removed" | "scopeAdded" | "scopeRemoved";

export const securitySurface: ToolEntry<Scopes, SecurityChange> = {
  scope: "tool",
  subject: "security",
  changes: {
    added: { level: "minor", rule: "another way to authenticate is accepted; the old ones remain" },
    removed: { level: "breaking", rule: "a credential the operation accepted is no longer listed" },
    scopeAdded: { level: "breaking", rule: "a token now needs another scope" },
    scopeRemoved: { level: "minor", rule: "a token needs one scope less" },
  },
  record: (tool, ctx) => {
    const requirements = ctx.security?.(tool.operationId);
    const schemes = new Set(ctx.authSchemes ?? []);
    if (!requirements || !schemes.size) return {};
    const out: Scopes = {};
    for (const requirement of requirements)
      for (const [scheme, scopes] of Object.entries(requirement)) {
        if (!schemes.has(scheme)) continue;
        const list = [...new Set(scopes)].sort();
        const known = (out[scheme] ??= []);
        if (!known.some((k) => k.join(" ") === list.join(" "))) known.push(list);
      }
    const key = (l: string[]) => l.join(" ");
    for (const lists of Object.values(out)) lists.sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
    return Object.keys(out).length ? { security: out } : {};
  },
  read: (t) => t.security,
  diff(a = {}, b = {}, report) {
    const within = (small: string[], big: string[]) => small.every((s) => big.includes(s));
    // One scheme gone and one new, asking the same scopes: the scheme renamed (the manifest follows the document's new
    // name); where the credential goes is the auth entry's to compare, and it says so when it changes.
    const gone = Object.keys(a).filter((k) => !Object.hasOwn(b, k));
    const fresh = Object.keys(b).filter((k) => !Object.hasOwn(a, k));
    const [o, n] = [gone[0], fresh[0]];
    if (
      gone.length === 1 &&
      fresh.length === 1 &&
      o !== undefined &&
      n !== undefined &&
      JSON.stringify(a[o]) === JSON.stringify(b[n])
    ) {
      b = { ...b, [o]: b[n] as string[][] };
      delete b[n];
    }
    for (const scheme of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const subject = `security ${scheme}`;
      const before = a[scheme];
      const after = b[scheme];
      if (!before) {
        report("added", { subject, to: after });
        continue;
      }
      if (!after) {
        report("removed", { subject, from: before });
        continue;
      }
      // An old way in each new one asks more of: scopes added; asked less of: a scope removed; neither: gone (a token
      // holding only its scopes is refused). A new requirement related to no old one is another way in.
      const related = (n: string[]) => before.some((o) => within(o, n) || within(n, o));
      for (const n of after) if (!related(n)) report("added", { subject, to: n });
      for (const o of before) {
        if (after.some((n) => within(n, o))) {
          if (!after.some((n) => within(o, n))) report("scopeRemoved", { subject, from: o });
          continue;
        }
        const added = [
          ...new Set(after.filter((n) => within(o, n)).flatMap((n) => n.filter((s) => !o.includes(s)))),
        ].sort();
        if (added.length) report("scopeAdded", { subject, what: added.join(", "), to: added });
        else report("removed", { subject, what: `scopes ${o.join(", ") || "(none)"} no longer enough`, from: o });
      }
    }
  },
};
