import { pathToFileURL } from "node:url";
import { join } from "node:path";
const root = process.cwd();
const c = {
  crm: { id: "crm_get_record", params: { apiKey: "bench-token-0001", instanceUrl: "https://acme.my.salesforce.com", sobject: "Account", recordId: "001D000000IqhSLIAZ" }, reply: { attributes: { type: "Account" }, Id: "001D000000IqhSLIAZ", Name: "Acme" }, opts: {} },
  books: { id: "books_search_volumes", params: { apiKey: "bench-key-0001", q: "intitle:google", maxResults: 5 }, reply: { kind: "books#volumes", totalItems: 1, items: [] }, opts: { baseUrl: "https://www.googleapis.com" } },
}[process.argv[2]];
const body = JSON.stringify(c.reply);
const fetch = async () => new Response(body, { status: 200, headers: { "content-type": "application/json" } });
const { executeTool } = await import(pathToFileURL(join(root, "generated", process.argv[2], "index.js")).href);
const N = +(process.argv[3] ?? 20000);
const t = performance.now();
for (let i = 0; i < N; i++) if (!(await executeTool(c.id, c.params, { fetch, ...c.opts })).success) throw new Error("fail " + JSON.stringify(await executeTool(c.id, c.params, { fetch, ...c.opts })));
console.log(((performance.now() - t) / N * 1000).toFixed(1), "µs/call");
