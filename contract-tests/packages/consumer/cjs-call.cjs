// A CommonJS consumer of the same ESM-only package: require(esm), Node.js >= 20.19.
const { executeTool } = require("@blockwright/books");

executeTool("books_get_volume", { apiKey: "local-test-key", volumeId: "zyTCAlFPjgYC" }, { baseUrl: process.argv[2] }).then((result) =>
  process.stdout.write(JSON.stringify(result)),
);
