// A plain Node.js ESM consumer: both installed providers, one call each
// against the upstreams whose addresses come as arguments.
import { executeTool as books } from "@blockwright/books";
import { executeTool as docgen } from "@blockwright/docgen";

const [booksUrl, docgenUrl] = process.argv.slice(2);
const search = await books(
  "books_search_volumes",
  { apiKey: "local-test-key", q: "google", maxResults: 2 },
  { baseUrl: booksUrl },
);
const themes = await docgen("docgen_list_themes", { apiKey: "sk-gamma-local-test", limit: 5 }, { baseUrl: docgenUrl });
process.stdout.write(JSON.stringify({ search, themes }));
