// The two Prism entry points the mocks call (src/mocks/mocks.ts). Run from the
// sources, this requires Prism's packages (devDependencies); `npm run build`
// bundles it with everything it requires into dist/vendor/prism.cjs
// (scripts/build/vendor.mjs), so that the published blockwright installs no
// Prism package: Prism's own dependencies (faker twice, postman-collection,
// fp-ts, lodash…) were 130 packages and 52 MB of a user's install, its
// bundle is one file of about 11 MB.
"use strict";
// Prism's checks of requests and answers, with each mock's bundled schemas compiled once
// (parts/prism-shared-bundle.cjs says why). Prism's validators read the function from the module's exports at
// each call, so this replaces it for all of them, before any mock is made.
/** @type {{ validateAgainstSchema: Function, convertAjvErrors: Function }} */
const prismChecks = require("@stoplight/prism-http/dist/validator/validators/utils");
prismChecks.validateAgainstSchema = require("./parts/prism-shared-bundle.cjs").sharedBundleValidation(prismChecks);
// Prism's check of a request's path, query and header parameters, the request's names lowered once a check, not once
// a parameter (parts/prism-params.cjs says why); Prism's validators read it from the module's exports at each call.
/** @type {{ validateParams: Function }} */
const prismParams = require("@stoplight/prism-http/dist/validator/validators/params");
prismParams.validateParams = require("./parts/prism-params.cjs").paramsValidation(prismChecks);
// Prism's reading of a deepObject query parameter, with what the request does not carry left out
// (parts/prism-deep-object.cjs says why). Prism's query validator reads its deserializers from this object at each
// call (and a form body's are the same object).
require("@stoplight/prism-http/dist/validator/deserializers").query.deepObject =
  require("./parts/prism-deep-object.cjs").deserializeDeepObjectStyle;
// Prism's match of a media type against a declared one, a `+json` suffix telling types apart
// (parts/prism-media-type-match.cjs says why); its validators read it from this module's exports at each call.
require("@stoplight/prism-http/dist/validator/utils/wildcardMediaTypeMatch").wildcardMediaTypeMatch =
  require("./parts/prism-media-type-match.cjs").wildcardMediaTypeMatch;
// Each operation's path template compiled once, not once a request (parts/prism-templates-once.cjs says why); Prism's
// validator reads `URI.Template` from uri-template-lite's exports at each request.
require("./parts/prism-templates-once.cjs").templatesOnce(require("uri-template-lite").URI);
// Prism's debug lines of a request and its answer made only when the logger writes them
// (parts/prism-debug-logs.cjs says why); the mocker reads both from the module's exports at each call.
require("./parts/prism-debug-logs.cjs").debugLogsOnUse(require("@stoplight/prism-http/dist/utils/logger"));
exports.createServer = require("@stoplight/prism-http-server").createServer;
exports.createLogger = require("@stoplight/prism-core").createLogger;
// Prism's router and its test of a path segment holding a template: the mocks route each request among the
// operations its path can reach (src/mocks/routing/reachable-operations.ts), through Prism's own router.
exports.route = require("@stoplight/prism-http/dist/router").default;
exports.isTemplated = require("@stoplight/prism-http/dist/router/matchPath").isTemplated;
// getHttpOperationsFromSpec's own steps after its dereference, which
// src/mocks/mock-operations.ts takes instead of it: Prism's dereference (an old
// @stoplight/json-schema-ref-parser, which crawls every path through the
// document) and its decycle (which copies every object as often as a path
// reaches it) take hours on a densely linked document. The packages are
// the ones Prism's own package.json names, at the versions it resolves.
exports.transformOas3Operations = require("@stoplight/http-spec/oas3/operation").transformOas3Operations;
exports.transformOas2Operations = require("@stoplight/http-spec/oas2/operation").transformOas2Operations;
exports.bundleTarget = require("@stoplight/json").bundleTarget;
