import { executeTool } from "@blockwright/books";

const result = await executeTool("books_search_volumes", { apiKey: "key", q: "google" });
// `output` is the operation's output type, not `any`: a property it lacks is an error.
if (result.success) console.log(result.output.metadata.totalPages); // expected: TS2339
