import { executeTool } from "@blockwright/books";

await executeTool("books_search_volumes", { apiKey: "key", q: "google", maxResult: 5 }); // expected: TS2561
