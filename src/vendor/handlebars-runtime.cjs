// Handlebars' runtime, which the precompiled templates run on
// (src/emit/precompiled/templates.ts). Run from the sources, this
// requires handlebars (a devDependency: only the build compiles templates);
// `npm run build` bundles it into dist/vendor/handlebars-runtime.cjs
// (scripts/build/vendor.mjs), so that the published blockwright does not
// install the template compiler and its dependencies (6 packages, 5.6 MB).
"use strict";
module.exports = require("handlebars/runtime");
