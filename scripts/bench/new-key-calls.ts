// `npm run bench -- call`, its last row: a credential new to the process on
// every call (a token issued per call, a key per tenant), against the same
// call with one key. What it measures is what redaction pays for a secret it
// has not seen (runtime/common/redact.ts): it builds and compiles an
// expression per secret, unless no text of the call can hold it.
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** Calls per round. */
export const NEW_KEY_CALLS = 2000;

/**
 * Microseconds per call of books_search_volumes on an in-memory fetch, 9 rounds each: a new key every call, then one
 * key.
 */
export async function newKeyCalls(root: string): Promise<[number[], number[]]> {
  const { executeTool } = (await import(pathToFileURL(join(root, "generated/books/index.js")).href)) as {
    executeTool: (id: string, p: object, o: object) => Promise<{ success: boolean }>;
  };
  const reply = JSON.stringify({
    kind: "books#volumes",
    totalItems: 2,
    items: ["zyTCAlFPjgYC", "wrOQLV6xB-wC"].map((id) => ({
      kind: "books#volume",
      id,
      volumeInfo: {
        title: `The Google Story (${id})`,
        description: "A history of the search company, its founders and its first years as a public company.",
      },
    })),
  });
  const fetch = async () => new Response(reply, { status: 200, headers: { "content-type": "application/json" } });
  let serial = 0;
  const calls = async (key: () => string) => {
    const t = performance.now();
    for (let i = 0; i < NEW_KEY_CALLS; i++) {
      const r = await executeTool(
        "books_search_volumes",
        { apiKey: key(), q: "intitle:google", maxResults: 5 },
        { fetch, baseUrl: "https://www.googleapis.com" },
      );
      if (!r.success) throw new Error("books_search_volumes failed");
    }
    return ((performance.now() - t) / NEW_KEY_CALLS) * 1000;
  };
  const fresh = () => calls(() => `bench-key-${(serial++).toString(36).padStart(8, "0")}`);
  const known = () => calls(() => "bench-key-0001");
  await fresh();
  await known();
  const [a, b]: [number[], number[]] = [[], []];
  for (let round = 0; round < 9; round++) {
    a.push(await fresh());
    b.push(await known());
  }
  return [a, b];
}
