// faker's English locale, the values the mocks' realistic answers are drawn
// from (src/mocks/realistic-values.ts: an email field gets an address, a
// date-time a recent date), and the instance Prism's own dynamic mode would
// use. Run from the sources, this requires @faker-js/faker (a devDependency);
// `npm run build` bundles it into dist/vendor/faker.cjs, which
// dist/vendor/prism.cjs requires in place of its own copy
// (scripts/build/vendor.mjs): one faker in the package, without the other
// locales.
"use strict";
const { faker } = require("@faker-js/faker/locale/en");
module.exports = { faker, default: faker };
