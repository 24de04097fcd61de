// dagre, the layered graph layout `blockwright graph --format svg` places
// blocks and routes connections with (src/workflow/graph-svg.ts). Run from
// the sources, this requires @dagrejs/dagre (a devDependency); `npm run build`
// bundles it into dist/vendor/dagre.cjs (scripts/build/vendor.mjs), so that
// the published blockwright installs no more packages for it (@dagrejs/dagre
// and @dagrejs/graphlib would be 2 packages and 2.4 MB; the bundle is a file
// of about 50 kB).
"use strict";
module.exports = require("@dagrejs/dagre");
