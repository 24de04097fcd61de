import { executeTool } from "@blockwright/books";

await executeTool("books_search_volumes", { apiKey: "key" }); // expected: TS2345
