import { executeTool } from "@blockwright/books";

await executeTool("books_search_volumes", { apiKey: "key", q: "google", maxResults: "5" }); // expected: TS2322
