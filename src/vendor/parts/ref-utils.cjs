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

/** @param {string} pointer */
function parsePointer(pointer) {
  return pointer
    .split("/")
    .map(unescapePointer)
    .filter((part) => !!part);
}

/** @param {string} ref */
function parseRef(ref) {
  const [uri = "", pointer = ""] = ref.split("#/");
  return { uri: (uri.endsWith("#") ? uri.slice(0, -1) : uri) || null, pointer: parsePointer(pointer) };
}

module.exports = { escapePointer, parsePointer, parseRef, unescapePointer };
