// What openapi-typescript's transform uses of @redocly/openapi-core's
// lib/ref-utils.js (parseRef, escapePointer), as that module (MIT, Redocly
// Inc.) writes them, for dist/vendor/openapi-typescript.cjs: the real module
// requires Redocly's lib/utils.js, which requires an HTTPS proxy agent and
// with it Node's net, tls, http and https, a fifth of what generate loaded.
// scripts/build/vendor.mjs puts this in its place; ref-utils.test.ts holds
// the two equal to Redocly's on every kind of reference.
"use strict";

// A part without `~` or `%` (most of them) is its own unescaped form, and one without `~` or `/` its own escaped form:
// given back as it is, without the replaces and decodeURIComponent (the transform parses every `$ref` it meets, a
// whole published document's tens of thousands: a tenth of the transform).

/** @param {string} fragment */
function unescapePointer(fragment) {
  if (!fragment.includes("~") && !fragment.includes("%")) return fragment;
  return decodeURIComponent(fragment.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** @param {string | number} fragment */
function escapePointer(fragment) {
  if (typeof fragment === "number") return fragment;
  if (!fragment.includes("~") && !fragment.includes("/")) return fragment;
  return fragment.replace(/~/g, "~0").replace(/\//g, "~1");
}

// The two below walk the text with indexOf instead of split, map and filter: the transform parses a reference at each
// node it makes one for (createRef: each of a path's parts, most of them a key without `#/`), and the arrays the split
// made were most of what parsing cost (docs/contributing/performance.md, scale11).

/** @param {string} pointer */
function parsePointer(pointer) {
  const parts = [];
  for (let from = 0; ; ) {
    const at = pointer.indexOf("/", from);
    const part = unescapePointer(at === -1 ? pointer.slice(from) : pointer.slice(from, at));
    if (part) parts.push(part);
    if (at === -1) return parts;
    from = at + 1;
  }
}

/** @param {string} ref */
function parseRef(ref) {
  // `ref.split("#/")`'s first two pieces: what comes before the first `#/`, and what comes between it and the next.
  const at = ref.indexOf("#/");
  const uri = at === -1 ? ref : ref.slice(0, at);
  const end = at === -1 ? -1 : ref.indexOf("#/", at + 2);
  const pointer = at === -1 ? "" : end === -1 ? ref.slice(at + 2) : ref.slice(at + 2, end);
  return { uri: (uri.endsWith("#") ? uri.slice(0, -1) : uri) || null, pointer: pointer ? parsePointer(pointer) : [] };
}

module.exports = { escapePointer, parsePointer, parseRef, unescapePointer };
