// What openapi-typescript's transform uses of @redocly/openapi-core's
// lib/ref-utils.js (parseRef, escapePointer), as that module (MIT, Redocly
// Inc.) writes them, for dist/vendor/openapi-typescript.cjs: the real module
// requires Redocly's lib/utils.js, which requires an HTTPS proxy agent and
// with it Node's net, tls, http and https, a fifth of what generate loaded.
// scripts/build/vendor.mjs puts this in its place; ref-utils.test.ts holds
// the two equal to Redocly's on every kind of reference. And openapi-typescript's
// own createRef, which the build makes call this module's (below).
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

/**
 * openapi-typescript's createRef (its lib/utils.cjs, which scripts/build/vendor.mjs makes call this one): a path's
 * pointer, each part escaped, a part that is itself a reference (`#/…`) taken as its pointer's parts. The transform
 * makes one at every node it walks, its first part the parent's pointer, which createRef parsed into parts, unescaped,
 * escaped again and joined: a node at depth d paid for the d parts above it (a fifth of the transform's CPU on the
 * synthetic providers). A pointer whose parts come back as they are, none empty, and none holding a `%` (decoded) nor
 * a `~` but as `~0` or `~1` (which round-trip), is its own text, appended whole (the types' step 0.85×: performance.md,
 * genperf7). Others as openapi-typescript writes it.
 * @param {(string | number | null | undefined)[]} parts
 */
function createRef(parts) {
  let pointer = "#";
  for (const part of parts) {
    if (part === undefined || part === null || part === "") continue;
    const text = String(part);
    const at = text.indexOf("#/");
    if (at === -1) {
      pointer += `/${escapePointer(part)}`;
      continue;
    }
    const end = text.indexOf("#/", at + 2);
    const own = end === -1 ? text.slice(at + 2) : text.slice(at + 2, end);
    if (own && !NOT_AS_WRITTEN.test(own)) {
      pointer += `/${own}`;
      continue;
    }
    const maybeRef = parseRef(text).pointer;
    if (maybeRef.length) for (const refPart of maybeRef) pointer += `/${escapePointer(refPart)}`;
    else pointer += `/${escapePointer(part)}`;
  }
  return pointer;
}

/** What makes a pointer's parts, unescaped and escaped again, other than its text: a `%`, a lone `~`, an empty part. */
const NOT_AS_WRITTEN = /%|~(?![01])|^\/|\/\/|\/$/;

module.exports = { createRef, escapePointer, parsePointer, parseRef, unescapePointer };
