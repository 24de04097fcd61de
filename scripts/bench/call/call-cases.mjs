// The calls `npm run bench -- call` measures (call-loop.mjs), and call-pair.mjs with it.

/**
 * One tool of each seed provider, with the request openapi-fetch sends for it: the same request, header for header
 * (same-request.test.ts), the `Accept: application/json` a tool that reads JSON asks with included. `viaParam`: the
 * address is a parameter of the call (executeTool is given no baseUrl); `rated`: the provider documents a request
 * rate, kept through a limiter of the call's own whose clock moves a minute at each reading, so that every call takes
 * its turn (the limiter's work) and none waits.
 */
export const CASES = [
  {
    id: "books_search_volumes",
    baseUrl: "https://www.googleapis.com",
    params: { apiKey: "bench-key-0001", q: "intitle:google", maxResults: 5 },
    method: "GET",
    path: "/books/v1/volumes",
    init: {
      params: { query: { q: "intitle:google", maxResults: 5, key: "bench-key-0001" } },
      headers: { Accept: "application/json" },
    },
    reply: {
      kind: "books#volumes",
      totalItems: 1,
      items: [{ kind: "books#volume", id: "zyTCAlFPjgYC", volumeInfo: { title: "The Google Story" } }],
    },
  },
  {
    id: "crm_get_record",
    baseUrl: "https://acme.my.salesforce.com",
    viaParam: true,
    params: {
      apiKey: "bench-token-0001",
      instanceUrl: "https://acme.my.salesforce.com",
      sobject: "Account",
      recordId: "001D000000IqhSLIAZ",
    },
    method: "GET",
    path: "/services/data/v59.0/sobjects/{sobject}/{recordId}",
    init: {
      params: { path: { sobject: "Account", recordId: "001D000000IqhSLIAZ" } },
      headers: { Accept: "application/json", Authorization: "Bearer bench-token-0001" },
    },
    reply: { attributes: { type: "Account" }, Id: "001D000000IqhSLIAZ", Name: "Acme" },
  },
  {
    id: "directory_get_user",
    baseUrl: "https://graph.microsoft.com",
    params: { accessToken: "bench-token-0001", userId: "48d31887-5fad-4d73-a9f5-3c356e68a038" },
    method: "GET",
    path: "/v1.0/users/{user-id}",
    init: {
      params: { path: { "user-id": "48d31887-5fad-4d73-a9f5-3c356e68a038" } },
      headers: { Accept: "application/json", Authorization: "Bearer bench-token-0001" },
    },
    reply: {
      id: "48d31887-5fad-4d73-a9f5-3c356e68a038",
      displayName: "Megan Bowen",
      userPrincipalName: "MeganB@contoso.example",
    },
  },
  {
    id: "docgen_generate",
    baseUrl: "https://public-api.gamma.app",
    params: { apiKey: "sk-gamma-bench-0001", inputText: "A deck", textMode: "generate", textTone: "crisp" },
    method: "POST",
    path: "/v1.0/generations",
    init: {
      body: { inputText: "A deck", textMode: "generate", format: "presentation", textOptions: { tone: "crisp" } },
      headers: { Accept: "application/json", "X-API-KEY": "sk-gamma-bench-0001" },
    },
    reply: { generationId: "abc123xyz" },
  },
  {
    id: "persondata_person_enrich",
    rated: true,
    baseUrl: "https://api.peopledatalabs.com",
    params: { apiKey: "bench-key-0001", email: "someone@example.com", min_likelihood: 6 },
    method: "GET",
    path: "/v5/person/enrich",
    init: {
      params: { query: { email: "someone@example.com", min_likelihood: 6 } },
      headers: { Accept: "application/json", "X-Api-Key": "bench-key-0001" },
    },
    reply: { status: 200, likelihood: 8, data: { full_name: "sean thorne", work_email: "someone@example.com" } },
  },
];

/**
 * The anchor's request options of case `c`, with the User-Agent the tool sends (none, or the node entry's
 * `blockwright/<version>`), read from one call of `executeTool` with `options`: the same request, header for header,
 * whichever entry of the runtime the package resolved (plain Node: the node entry's; Vitest: the plain one's).
 * @param {(typeof CASES)[number]} c
 * @param {(id: string, params: object, options: object) => Promise<{ success: boolean, error?: unknown }>} executeTool
 * @param {object} options
 */
export async function anchorInit(c, executeTool, options) {
  /** @type {string | null} */
  let agent = null;
  const body = JSON.stringify(c.reply);
  /** @param {Request} request */
  const fetch = async (request) => {
    agent = request.headers.get("user-agent");
    return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
  };
  const result = await executeTool(c.id, c.params, { ...options, fetch });
  if (!result.success) throw new Error(`${c.id} failed: ${JSON.stringify(result.error)}`);
  return agent === null ? c.init : { ...c.init, headers: { ...c.init.headers, "User-Agent": agent } };
}
