// Correct consumer code: it must compile under --strict with no error.
import {
  booksTools,
  createBooksClient,
  executeTool,
  type BooksClient,
  type BooksSearchVolumesOutput,
  type BooksSearchVolumesParams,
} from "@blockwright/books";
import { executeTool as docgen, type DocgenListThemesOutput } from "@blockwright/docgen";

const params: BooksSearchVolumesParams = { apiKey: "key", q: "intitle:google", maxResults: 5 };
const search = await executeTool("books_search_volumes", params);
if (search.success) {
  // Properties that exist only on this operation's output type.
  const output: BooksSearchVolumesOutput = search.output;
  const totalItems: number = search.output.metadata.totalItems;
  const firstTitle: string | undefined = search.output.data[0]?.volumeInfo?.title;
  console.log(output, totalItems, firstTitle);
} else {
  console.log(search.error.type, search.error.message);
}

const themes = await docgen("docgen_list_themes", { apiKey: "sk-gamma-key", limit: 10 });
if (themes.success) {
  const page: DocgenListThemesOutput = themes.output;
  const more: boolean = themes.output.hasMore;
  console.log(page, more);
}

const client: BooksClient = createBooksClient({ credential: "key" });
const { data } = await client.GET("/books/v1/volumes/{volumeId}", { params: { path: { volumeId: "zyTCAlFPjgYC" } } });
console.log(data?.volumeInfo?.title, Object.keys(booksTools));
