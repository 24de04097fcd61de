import { executeTool } from "@blockwright/books";

await executeTool("books_search_volume", { apiKey: "key", q: "google" }); // expected: TS2345
