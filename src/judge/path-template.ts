// An operation's path template (`/repos/{owner}/{repo}/contents/{path}`)
// matched against a request's raw path: each expression takes the raw text
// of one segment, or of several when its parameter spans segments, and the
// literal text between them must be there as written. Where two expressions
// share a segment (`{id}.{format}`), the literal between them may also be in
// a value (a path value's `.` is not reserved, so it is sent as it is): a
// reader cannot tell where one ends, so every split is a reading, the judge
// holds the request against each, and one that meets the document stands.

import { withLiteralsAsSent } from "./path-literals.js";

export type TemplatePart = string | { name: string };

export interface PathTemplate {
  parts: TemplatePart[];
  /**
   * Characters of literal text: of two templates a path matches, the one with more is the more concrete (`/pets/mine`
   * before `/pets/{id}`).
   */
  literal: number;
  /**
   * The raw text of each expression, in each way `path` matches (the shortest first value first, as routers read
   * `/:id.:format`; from both ends where two expressions touch; none when it does not match, at most MAX_READINGS);
   * `spanning`: the parameters whose value may hold `/`; `most`: the readings kept (MAX_READINGS unless told).
   */
  matches(path: string, spanning: ReadonlySet<string>, most?: number): Record<string, string>[];
}

/** Readings of one path kept at most (each is judged): a bound on a path whose literal text repeats in its values. */
const MAX_READINGS = 16;

export function pathTemplate(path: string): PathTemplate {
  const parts: TemplatePart[] = path
    .split(/(\{[^{}]*\})/)
    .filter(Boolean)
    // `{+name}`: RFC 6570's reserved expansion, a value whose `/` are kept (multi-segment).
    // Literal text as the address carries it: a quote in it is sent `%22` (path-literals.ts).
    .map((p) => (/^\{[^{}]*\}$/.test(p) ? { name: p.slice(1, -1).replace(/^\+/, "") } : withLiteralsAsSent(p)));
  const literal = parts.reduce((n, p) => n + (typeof p === "string" ? p.length : 0), 0);
  const compiled = new Map<string, RegExp>();
  return {
    parts,
    literal,
    matches(raw, spanning, most = MAX_READINGS) {
      const key = [...spanning].join("\u0000");
      let pattern = compiled.get(key);
      if (!pattern) {
        const source = parts
          .map((p) => (typeof p === "string" ? escaped(p) : spanning.has(p.name) ? "(.*)" : "([^/]*)"))
          .join("");
        pattern = new RegExp(`^${source}$`);
        compiled.set(key, pattern);
      }
      if (!pattern.test(raw)) return [];
      const out: Record<string, string>[] = [];
      readings(parts, raw, 0, 0, spanning, {}, out, most);
      return out;
    },
  };
}

/**
 * Every way the parts from `i` on take `raw` from `at` on, into `out`: an expression takes each length its next
 * literal (or the end) allows, the shortest first.
 */
function readings(
  parts: TemplatePart[],
  raw: string,
  i: number,
  at: number,
  spanning: ReadonlySet<string>,
  values: Record<string, string>,
  out: Record<string, string>[],
  most: number,
): void {
  if (out.length >= most) return;
  const part = parts[i];
  if (part === undefined) {
    if (at === raw.length) out.push({ ...values });
    return;
  }
  if (typeof part === "string") {
    if (raw.startsWith(part, at)) readings(parts, raw, i + 1, at + part.length, spanning, values, out, most);
    return;
  }
  // The value ends before a `/` unless it spans segments.
  const slash = spanning.has(part.name) ? -1 : raw.indexOf("/", at);
  const limit = slash < 0 ? raw.length : slash;
  for (const end of ends(at, limit, typeof parts[i + 1] === "object")) {
    if (out.length >= most) break;
    values[part.name] = raw.slice(at, end);
    readings(parts, raw, i + 1, end, spanning, values, out, most);
  }
  delete values[part.name];
}

/**
 * Where an expression's value may end, from `at` to `limit`: the shortest first; from both ends in turn where another
 * expression follows with nothing between (`{id}{ext}`), whose value is as likely the short one (an extension), and
 * which MAX_READINGS would otherwise never reach after a long first value.
 */
function* ends(at: number, limit: number, adjacent: boolean): Generator<number> {
  if (!adjacent) {
    for (let end = at; end <= limit; end++) yield end;
    return;
  }
  for (let low = at, high = limit; low <= high; low++, high--) {
    yield low;
    if (high !== low) yield high;
  }
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
