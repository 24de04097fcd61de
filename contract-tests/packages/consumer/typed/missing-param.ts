import { executeTool } from "@blockwright/books";

// TypeScript 7 names the missing input (TS2741), 5.9 the argument as a whole (TS2345).
await executeTool("books_search_volumes", { apiKey: "key" }); // expected: TS2741 or TS2345
