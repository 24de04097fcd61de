// @ts-nocheck -- the package types its entry only; emit-types.ts types this module as that entry and TypeScript.
// openapi-typescript's transform and the TypeScript API it prints with
// (src/emit/types/emit-types.ts). Run from the sources, this requires both
// packages (devDependencies); `npm run build` bundles them into
// dist/vendor/openapi-typescript.cjs (scripts/build/vendor.mjs), leaving out
// @redocly/openapi-core, which blockwright depends on itself. The published
// blockwright then installs no TypeScript: typescript was 24 MB of a user's
// install (its compiler, tsserver, the lib files, 13 locales), of which
// generation runs the printer only; the bundle is one file of about 6.6 MB.
// One module gives both, so that the nodes openapi-typescript makes and the
// ones emit-types.ts makes come from the same TypeScript.
//
// The transform's own modules, not the package's entry: the entry requires
// the whole of @redocly/openapi-core at its top for openapiTS()'s lint and
// bundle steps, which emit-types.ts skips (about 300 modules; a tenth of
// `generate`'s CPU on the five seed providers); the transform needs only its
// reference helpers (ref-utils).
"use strict";
module.exports = {
  ...require("openapi-typescript/dist/lib/ts.cjs"),
  ...require("openapi-typescript/dist/lib/utils.cjs"),
  transformSchema: require("openapi-typescript/dist/transform/index.cjs"),
  // The roots emit-types.ts's types take a path or a component at a time (type-parts.ts).
  transformPathsObject: require("openapi-typescript/dist/transform/paths-object.cjs"),
  transformComponentsObject: require("openapi-typescript/dist/transform/components-object.cjs").default,
  ts: require("typescript"),
};
