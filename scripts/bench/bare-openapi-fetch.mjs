#!/usr/bin/env node
// The yardstick for `blockwright call books_search_volumes`: the same request
// made by hand with openapi-fetch and nothing else (no validation, no output
// mapping), its JSON answer printed. Usage:
//   BOOKS_KEY=... node scripts/bench/bare-openapi-fetch.mjs <base-url> <q> <maxResults>
import createClient from "openapi-fetch";

const [baseUrl, q, maxResults] = process.argv.slice(2);
/** @type {import("openapi-fetch").Client<import("@blockwright/books").BooksPaths>} */
const client = createClient({ baseUrl });
const { data, error, response } = await client.GET("/books/v1/volumes", {
  params: { query: { q, maxResults: Number(maxResults), key: process.env.BOOKS_KEY } },
});
process.stdout.write(`${JSON.stringify(data ?? error, null, 2)}\n`);
process.exitCode = response.ok ? 0 : 1;
