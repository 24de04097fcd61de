// An operation's path template (`/repos/{owner}/{repo}/contents/{path}`)
// matched against a request's raw path: each expression takes the raw text
// of one segment, or of several when its parameter spans segments, and the
// literal text between them must be there as written.

export type TemplatePart = string | { name: string };

export interface PathTemplate {
  parts: TemplatePart[];
  /**
   * Characters of literal text: of two templates a path matches, the one with more is the more concrete (`/pets/mine`
   * before `/pets/{id}`).
   */
  literal: number;
  /** The raw text of each expression, when `path` matches; `spanning`: the parameters whose value may hold `/`. */
  match(path: string, spanning: ReadonlySet<string>): Record<string, string> | undefined;
}

export function pathTemplate(path: string): PathTemplate {
  const parts: TemplatePart[] = path
    .split(/(\{[^{}]*\})/)
    .filter(Boolean)
    // `{+name}`: RFC 6570's reserved expansion, a value whose `/` are kept (multi-segment).
    .map((p) => (/^\{[^{}]*\}$/.test(p) ? { name: p.slice(1, -1).replace(/^\+/, "") } : p));
  const literal = parts.reduce((n, p) => n + (typeof p === "string" ? p.length : 0), 0);
  const compiled = new Map<string, RegExp>();
  return {
    parts,
    literal,
    match(raw, spanning) {
      const key = [...spanning].join("\u0000");
      let pattern = compiled.get(key);
      if (!pattern) {
        const source = parts
          .map((p) => (typeof p === "string" ? escaped(p) : spanning.has(p.name) ? "(.*)" : "([^/]*)"))
          .join("");
        pattern = new RegExp(`^${source}$`);
        compiled.set(key, pattern);
      }
      const found = pattern.exec(raw);
      if (!found) return undefined;
      const values: Record<string, string> = {};
      let i = 1;
      for (const p of parts) if (typeof p !== "string") values[p.name] = found[i++] ?? "";
      return values;
    },
  };
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
