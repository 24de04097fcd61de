// In place of @stoplight/prism-http's forwarder/index.js in dist/vendor/prism.cjs (scripts/build/vendor.mjs): Prism's
// proxy mode, which sends a request on to the real upstream (node-fetch, an HTTP and an HTTPS proxy agent). The mocks
// never take it (src/mocks/mocks.ts makes each server with isProxy false), yet every command that starts a mock loaded
// it. Prism's logger reads serializeBody from this module: it is Prism's own, as written there (5.16.0).
"use strict";
const E = require("fp-ts/Either");
const J = require("fp-ts/Json");
const { pipe } = require("fp-ts/function");

exports.default = () => {
  throw new Error("blockwright's Prism bundle forwards no request: its mocks are never proxies");
};

/** @param {unknown} body */
function serializeBody(body) {
  if (typeof body === "string") return E.right(body);
  if (body) return pipe(J.stringify(body), E.mapLeft(E.toError));
  return E.right(undefined);
}
exports.serializeBody = serializeBody;
