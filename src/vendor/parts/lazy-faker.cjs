// In place of @faker-js/faker for @stoplight/prism-http's mocker/generator/JSONSchema.js in dist/vendor/prism.cjs
// (scripts/build/vendor.mjs): faker required when json-schema-faker first reads it rather than as Prism's module
// loads. The build's english-faker plugin makes this require the English build, dist/vendor/faker.cjs, which the mocks'
// realistic answers load when they first draw (src/mocks/realistic-values.ts): one faker still.
"use strict";
Object.defineProperty(exports, "faker", { enumerable: true, get: () => require("@faker-js/faker").faker });
