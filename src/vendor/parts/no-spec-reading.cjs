// In place of @stoplight/prism-http's utils/operations.js in
// dist/vendor/prism.cjs (scripts/build/vendor.mjs): Prism's way of reading a
// document from a file or address (getHttpOperationsFromSpec, with an old
// $ref parser and postman-collection beside the OpenAPI readers), which the
// mocks never take (src/mocks/mock-operations.ts reads the document as
// generation does). It was a third of the bundle and of the CPU of its load
// (4.4 → 2.9 MB; 0.24 → 0.18 s, Node 20), paid by every command starting a mock.
"use strict";

exports.getHttpOperationsFromSpec = () => {
  throw new Error("blockwright's Prism bundle reads no document itself: src/mocks/mock-operations.ts does");
};
