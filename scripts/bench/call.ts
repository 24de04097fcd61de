// `npm run bench -- call`: executeTool of one tool of each provider against a
// reused openapi-fetch client sending the same request (the floor for a call:
// a `fetch` plus serialisation), both on the same in-memory fetch, in turn,
// 9 rounds; then a credential new to the process on every call against one
// key (new-key-calls.ts).
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import createClient from "openapi-fetch";
import { RateLimiter } from "@blockwright/runtime";
import { defined } from "@blockwright/runtime/internal";
import { NEW_KEY_CALLS, newKeyCalls } from "./new-key-calls.js";

/** What the bench (index.ts) gives this measure. */
interface Bench {
  root: string;
  row: (measure: string, ours: number[], anchor: number[], unit: string, target: string, reproduce: string[]) => void;
}

interface CallCase {
  id: string;
  module: string;
  baseUrl: string;
  /** The address is a parameter of the call (executeTool is given no baseUrl). */
  viaParam?: true;
  params: Record<string, unknown>;
  method: "GET" | "POST";
  path: string;
  init: object;
  reply: unknown;
  /**
   * The provider documents a request rate: the call keeps it through a limiter of its own whose clock moves a minute at
   * each reading, so that every call takes its turn (the limiter's work) and none waits.
   */
  rated?: true;
}

/** One tool of each seed provider, with the request openapi-fetch sends for it. */
const CASES: CallCase[] = [
  {
    id: "books_search_volumes",
    module: "books",
    baseUrl: "https://www.googleapis.com",
    params: { apiKey: "bench-key-0001", q: "intitle:google", maxResults: 5 },
    method: "GET",
    path: "/books/v1/volumes",
    init: { params: { query: { q: "intitle:google", maxResults: 5, key: "bench-key-0001" } } },
    reply: {
      kind: "books#volumes",
      totalItems: 1,
      items: [{ kind: "books#volume", id: "zyTCAlFPjgYC", volumeInfo: { title: "The Google Story" } }],
    },
  },
  {
    id: "crm_get_record",
    module: "crm",
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
      headers: { Authorization: "Bearer bench-token-0001" },
    },
    reply: { attributes: { type: "Account" }, Id: "001D000000IqhSLIAZ", Name: "Acme" },
  },
  {
    id: "directory_get_user",
    module: "directory",
    baseUrl: "https://graph.microsoft.com",
    params: { accessToken: "bench-token-0001", userId: "48d31887-5fad-4d73-a9f5-3c356e68a038" },
    method: "GET",
    path: "/v1.0/users/{user-id}",
    init: {
      params: { path: { "user-id": "48d31887-5fad-4d73-a9f5-3c356e68a038" } },
      headers: { Authorization: "Bearer bench-token-0001" },
    },
    reply: {
      id: "48d31887-5fad-4d73-a9f5-3c356e68a038",
      displayName: "Megan Bowen",
      userPrincipalName: "MeganB@contoso.example",
    },
  },
  {
    id: "docgen_generate",
    module: "docgen",
    baseUrl: "https://public-api.gamma.app",
    params: { apiKey: "sk-gamma-bench-0001", inputText: "A deck", textMode: "generate", textTone: "crisp" },
    method: "POST",
    path: "/v1.0/generations",
    init: {
      body: { inputText: "A deck", textMode: "generate", format: "presentation", textOptions: { tone: "crisp" } },
      headers: { "X-API-KEY": "sk-gamma-bench-0001" },
    },
    reply: { generationId: "abc123xyz" },
  },
  {
    id: "persondata_person_enrich",
    module: "persondata",
    rated: true,
    baseUrl: "https://api.peopledatalabs.com",
    params: { apiKey: "bench-key-0001", email: "someone@example.com", min_likelihood: 6 },
    method: "GET",
    path: "/v5/person/enrich",
    init: {
      params: { query: { email: "someone@example.com", min_likelihood: 6 } },
      headers: { "X-Api-Key": "bench-key-0001" },
    },
    reply: { status: 200, likelihood: 8, data: { full_name: "sean thorne", work_email: "someone@example.com" } },
  },
];

/** Calls per round. */
const N = 3000;

export async function measureCalls({ root, row }: Bench): Promise<void> {
  for (const c of CASES) {
    const body = JSON.stringify(c.reply);
    const fetch = async () => new Response(body, { status: 200, headers: { "content-type": "application/json" } });
    const { executeTool } = (await import(pathToFileURL(join(root, "generated", c.module, "index.js")).href)) as {
      executeTool: (id: string, p: object, o: object) => Promise<{ success: boolean; error?: unknown }>;
    };
    const client = createClient<Record<string, never>>({ baseUrl: c.baseUrl, fetch });
    let minutes = 0;
    const options = {
      fetch,
      ...(c.viaParam ? {} : { baseUrl: c.baseUrl }),
      ...(c.rated ? { limiter: new RateLimiter({ clock: () => ++minutes * 60_000 }) } : {}),
    };
    const send = defined(
      (client as unknown as Record<string, (path: string, init: object) => Promise<{ data?: unknown }>>)[c.method],
      `openapi-fetch's ${c.method}`,
    );
    const ours = async () => {
      const t = performance.now();
      for (let i = 0; i < N; i++) {
        const result = await executeTool(c.id, c.params, options);
        if (!result.success) throw new Error(`${c.id} failed: ${JSON.stringify(result.error)}`);
      }
      return ((performance.now() - t) / N) * 1000;
    };
    const anchor = async () => {
      const t = performance.now();
      for (let i = 0; i < N; i++)
        if (!(await send.call(client, c.path, c.init)).data) throw new Error(`openapi-fetch ${c.id} failed`);
      return ((performance.now() - t) / N) * 1000;
    };
    await ours();
    await anchor();
    const a: number[] = [];
    const b: number[] = [];
    for (let round = 0; round < 9; round++) {
      a.push(await ours());
      b.push(await anchor());
    }
    row(`executeTool ${c.id} (in-memory fetch, per call)`, a, b, "µs", "≤ 1.2×", [
      `npm run bench -- call  (executeTool vs openapi-fetch client.${c.method} on the same fetch, ${N} ` +
        `calls × 9 rounds)`,
    ]);
  }
  const [fresh, known] = await newKeyCalls(root);
  row("executeTool books_search_volumes, a new key each call (per call)", fresh, known, "µs", "≤ 1.3×", [
    `npm run bench -- call  (a key new to the process on each call vs one key, ${NEW_KEY_CALLS} calls × 9 rounds)`,
  ]);
}
