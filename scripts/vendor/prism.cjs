// The three Prism entry points the mocks call (scripts/mocks.ts). Run from the
// sources, this requires Prism's packages (devDependencies); `npm run build`
// bundles it with everything it requires into dist/vendor/prism.cjs
// (scripts/build/vendor.mjs), so that the published blockwright installs no
// Prism package: Prism's own dependencies (faker twice, postman-collection,
// fp-ts, lodash…) were 130 packages and 52 MB of a user's install, its
// bundle is one file of about 11 MB.
"use strict";
exports.getHttpOperationsFromSpec = require("@stoplight/prism-http").getHttpOperationsFromSpec;
exports.createServer = require("@stoplight/prism-http-server").createServer;
exports.createLogger = require("@stoplight/prism-core").createLogger;
