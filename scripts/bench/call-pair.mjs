// executeTool against a reused openapi-fetch client making the same request,
// both on one in-memory fetch (so only client-side work is measured), in
// turn for 15 rounds; prints the medians (µs per call) as JSON.
//   node scripts/bench/call-pair.mjs <books|crm|docgen>
import createClient from "openapi-fetch";

const cases = {
  books: { id: "books_search_volumes", baseUrl: "https://www.googleapis.com", params: { apiKey: "bench-key-0001", q: "intitle:google", maxResults: 5 }, method: "GET", path: "/books/v1/volumes", init: { params: { query: { q: "intitle:google", maxResults: 5, key: "bench-key-0001" } } }, reply: { kind: "books#volumes", totalItems: 1, items: [{ kind: "books#volume", id: "zyTCAlFPjgYC", volumeInfo: { title: "The Google Story" } }] } },
  crm: { id: "crm_get_record", baseUrl: "https://acme.my.salesforce.com", params: { apiKey: "bench-token-0001", instanceUrl: "https://acme.my.salesforce.com", sobject: "Account", recordId: "001D000000IqhSLIAZ" }, method: "GET", path: "/services/data/v59.0/sobjects/{sobject}/{recordId}", init: { params: { path: { sobject: "Account", recordId: "001D000000IqhSLIAZ" } }, headers: { Authorization: "Bearer bench-token-0001" } }, reply: { attributes: { type: "Account" }, Id: "001D000000IqhSLIAZ", Name: "Acme" } },
  docgen: { id: "docgen_generate", baseUrl: "https://public-api.gamma.app", params: { apiKey: "sk-gamma-bench-0001", inputText: "A deck", textMode: "generate", textTone: "crisp" }, method: "POST", path: "/v1.0/generations", init: { body: { inputText: "A deck", textMode: "generate", format: "presentation", textOptions: { tone: "crisp" } }, headers: { "X-API-KEY": "sk-gamma-bench-0001" } }, reply: { generationId: "abc123xyz" } },
};
const name = process.argv[2];
const c = cases[name];
const { executeTool } = await import(`../../generated/${name}/index.js`);
const body = JSON.stringify(c.reply);
const fetch = async () => new Response(body, { status: 200, headers: { "content-type": "application/json" } });
const client = createClient({ baseUrl: c.baseUrl, fetch });
const options = name === "crm" ? { fetch } : { fetch, baseUrl: c.baseUrl };
const N = 4000;
const ours = async () => {
  const t = performance.now();
  for (let i = 0; i < N; i++) if (!(await executeTool(c.id, c.params, options)).success) throw new Error(`${c.id} failed`);
  return ((performance.now() - t) / N) * 1000;
};
const anchor = async () => {
  const t = performance.now();
  for (let i = 0; i < N; i++) if (!(await client[c.method](c.path, c.init)).data) throw new Error("openapi-fetch failed");
  return ((performance.now() - t) / N) * 1000;
};
await ours();
await anchor();
const a = [];
const b = [];
for (let round = 0; round < 15; round++) {
  a.push(await ours());
  b.push(await anchor());
}
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
console.log(JSON.stringify({ id: c.id, ours: median(a), anchor: median(b), ratio: median(a.map((x, i) => x / b[i])), calls: N, rounds: 15 }));
