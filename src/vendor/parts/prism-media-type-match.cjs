// Prism's match of a media type against a declared one (@stoplight/prism-http's utils/wildcardMediaTypeMatch.js),
// with a structured syntax suffix telling types apart. Prism's compares the type and the subtype after the suffix
// only, so that `application/json` matched `application/geo+json`: an answer declaring both (each its own schema, the
// `+json` one first) had its JSON body checked against the other type's schema ("must have required property
// 'geometry'"), and the mock answered 500. A range (`*/*`, `application/*`) still holds every type under it, and Prism
// asks this only where the type was sent or served as declared (the request judge holds a request's Content-Type to a
// declared type or range before Prism reads it). src/vendor/prism.cjs puts this in Prism's place.
"use strict";

/** @param {string} text a media type, its parameters (`; charset=utf-8`) left aside */
function parts(text) {
  const bare = String(text).split(";")[0]?.trim().toLowerCase() ?? "";
  const match = /^([^/\s]+)\/(?:([^/\s]+)\+)?([^/+\s]+)$/.exec(bare);
  return match ? { type: match[1], suffix: match[2], subtype: match[3] } : undefined;
}

/**
 * Whether media type `a` is `b` or under it (`b` a range).
 * @param {string} a
 * @param {string} b
 */
function wildcardMediaTypeMatch(a, b) {
  const x = parts(a);
  const y = parts(b);
  if (!x || !y) return false;
  if (y.type === "*") return y.subtype === "*" || (x.subtype === y.subtype && x.suffix === y.suffix);
  if (x.type !== y.type) return false;
  return (y.subtype === "*" && y.suffix === undefined) || (x.subtype === y.subtype && x.suffix === y.suffix);
}

module.exports = { wildcardMediaTypeMatch };
