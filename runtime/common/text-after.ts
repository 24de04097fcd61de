// The literal text a path template holds after a value's `{name}` (or `{+name}`, RFC 6570's reserved expansion): where
// a link's value (`multiSegment` reserved, as-given) does not end the path, its `?` is refused (http/path-link.ts),
// checked alike by a call (http/path-link.ts linkProblem) and by the link step of a manifest's own values.

/** The text after `{name}` or `{+name}` in `path`: "" where the value ends the path, or the path holds none. */
export function textAfter(path: string, name: string): string {
  for (const written of [`{${name}}`, `{+${name}}`]) {
    const at = path.indexOf(written);
    if (at >= 0) return path.slice(at + written.length);
  }
  return "";
}

/** The text before `{name}` or `{+name}` in `path`: "" where the value starts it, or the path holds none. */
export function textBefore(path: string, name: string): string {
  for (const written of [`{${name}}`, `{+${name}}`]) {
    const at = path.indexOf(written);
    if (at >= 0) return path.slice(0, at);
  }
  return "";
}
