// js-yaml, which reads every YAML input (src/load/yaml-source.ts and the commands that read or write specs), bundled
// by `npm run build` (scripts/build/vendor.mjs) with one change to its reader: a flow collection's table of keys
// merged in (`overridableKeys`, a dictionary-mode object) made once the text is one, not at every attempt to read one.
// js-yaml tries a flow collection at each node it reads, so a whole published document's parse made one such object
// for every scalar and threw it away: GitHub's openapi.yaml and manifest, 214,104 attempts for 3,742 flow
// collections, 42 MB of garbage and a tenth of the parse's CPU (docs/contributing/performance.md, wholegh2). Run from
// the sources, this is js-yaml as installed: the same data, by the same rules.
"use strict";
module.exports = require("js-yaml");
