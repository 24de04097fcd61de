// `npm start`: a short demo on embedded Prism mocks, no keys needed — search
// the book catalog, then record the first result in the CRM.
import { executeTool } from "../runtime/index.js";
import { startMocks } from "./mocks.js";

const started = performance.now();
const mocks = await startMocks(["books", "crm"]);
console.log(`mocks ready in ${Math.round(performance.now() - started)} ms: ${Object.entries(mocks.urls).map(([p, u]) => `${p} ${u}`).join(", ")}`);
try {
  const search = await executeTool("books_search_volumes", { apiKey: "mock-books-key", q: "intitle:google", maxResults: 5 }, { baseUrl: mocks.urls.books });
  if (!search.success) throw new Error(search.error.message);
  const first = search.output.data[0] as { id: string; volumeInfo?: { title?: string } };
  console.log(`books_search_volumes: ${search.output.metadata.count} of ~${search.output.metadata.totalItems} volumes; first: ${first.volumeInfo?.title} (${first.id})`);

  const created = await executeTool("crm_create_record", {
    apiKey: "mock-crm-token",
    instanceUrl: mocks.urls.crm,
    sobject: "Book__c",
    fields: { Name: first.volumeInfo?.title ?? first.id, Volume_Id__c: first.id },
  });
  if (!created.success) throw new Error(created.error.message);
  console.log(`crm_create_record: created ${created.output.metadata.id}`);
  console.log(`done in ${Math.round(performance.now() - started)} ms`);
} finally {
  await mocks.close();
}
