// AWS's own Signature Version 4 signer (@smithy/signature-v4, the AWS SDK v3's), the contract suite's judge of a
// signed request (src/contract/request/signature-check.ts): an implementation independent of the runtime's
// (aws4fetch), so that a request both agree on is signed as AWS reads it. Run from the sources, this requires the
// package (a devDependency); `npm run build` bundles it into dist/vendor/smithy-signature-v4.cjs
// (scripts/build/vendor.mjs), so that the published blockwright installs none of the SDK's packages for it.
"use strict";
module.exports = require("@smithy/signature-v4");
