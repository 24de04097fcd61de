// @ts-nocheck -- Prism's modules require it as they would the package it stands in for, which ships no types.
// In place of lodash/fp for Prism's server (merge) and security check (set) in dist/vendor/prism.cjs
// (scripts/build/vendor.mjs): lodash's own fp modules of the two functions they call, each converted as lodash/fp
// converts it. lodash/fp whole makes a second lodash (runInContext) and converts its three hundred functions as it
// loads: about a sixth of the bundle's load, paid by every command starting a mock.
"use strict";
exports.merge = require("lodash/fp/merge");
exports.set = require("lodash/fp/set");
