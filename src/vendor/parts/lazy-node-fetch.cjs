// @ts-nocheck -- Prism's modules require it as they would the package it stands in for, which ships no types.
// In place of node-fetch for @stoplight/prism-http's callbacks in dist/vendor/prism.cjs (scripts/build/vendor.mjs):
// the same function, node-fetch loaded on its first call. Prism calls it only to send an operation's callback after a
// mocked answer, yet its load (node-fetch, whatwg-url, tr46's table) was paid by every command starting a mock.
"use strict";
/** @type {((...args: unknown[]) => Promise<unknown>) | undefined} */
let fetch;
/** @param {unknown[]} args */
exports.default = (...args) => {
  fetch ??= require("node-fetch").default;
  return /** @type {NonNullable<typeof fetch>} */ (fetch)(...args);
};
