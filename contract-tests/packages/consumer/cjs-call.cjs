// A CommonJS consumer of the same ESM-only package: require(esm), Node.js >= 20.19.
const { executeTool } = require("@blockwright/books");

const params = { apiKey: "local-test-key", volumeId: "zyTCAlFPjgYC" };
executeTool("books_get_volume", params, { baseUrl: process.argv[2] }).then((result) =>
  process.stdout.write(JSON.stringify(result)),
);
