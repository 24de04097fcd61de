// A document that declares no security scheme and takes its key as a query `api_key` that most operations require and
// a few leave optional (a postcode lookup's API, a link audit of 150 documents of the public directory, seed 1310):
// add drafted the key sent at `api_key` (auth.alsoSends) and the optional ones as parameters it only stands for
// (auth.covers), and the draft did not link (BW2012: a place in both). The optional one is the same place: the key is
// sent there too, and the draft links. add's summary named such a key "in the request body only": it names its places.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, reply } from "../../__fixtures__/draft-kit.js";
import { addSummary, summaryText } from "../../../cli/support/add-summary.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const key = (required: boolean) => ({ name: "api_key", in: "query", required, schema: { type: "string" } });
const get = (operationId: string, parameters: unknown[]) => ({
  get: {
    operationId,
    parameters,
    responses: { "200": reply({ type: "object", properties: { zqResult: { type: "string" } } }, { zqResult: "zq" }) },
  },
});
const doc = {
  openapi: "3.0.3",
  info: { title: "Zq Postcodes", version: "1" },
  servers: [{ url: "https://api.zq-postcodes.test/v1" }],
  paths: {
    "/zqaddresses": get("zqAddresses", [key(true), { name: "query", in: "query", schema: { type: "string" } }]),
    "/zqplaces": get("zqPlaces", [key(true)]),
    "/zqautocomplete": get("zqAutocomplete", [key(false), { name: "query", in: "query", schema: { type: "string" } }]),
    // Most of the document's operations take no key at all (a key's own pages, by the key in the path).
    ...Object.fromEntries(
      ["Usage", "Logs", "Details", "Configs"].map((what) => [
        `/zqkeys/{zqKey}/${what.toLowerCase()}`,
        get(`zqKey${what}`, [{ name: "zqKey", in: "path", required: true, schema: { type: "string" } }]),
      ]),
    ),
  },
};

describe("a places-only key an operation leaves optional", () => {
  const keyPages = ["Usage", "Logs", "Details", "Configs"].map((what) => `zqKey${what}`);
  const d = drafted(doc, ["zqAddresses", "zqPlaces", "zqAutocomplete", ...keyPages]);

  it("is the same place: sent there too, no parameter it only stands for, and the draft links", async () => {
    expect(d.manifest.auth).toMatchObject({ alsoSends: [{ in: "query", name: "api_key" }] });
    expect(d.manifest.auth.covers).toBeUndefined();
    expect(d.manifest.operations.acme_zq_autocomplete?.params?.api_key).toBeUndefined();
    expect(await linkProblems(d)).toEqual([]);
  });

  it('is named in add\'s summary where it is sent (it said "in the request body only" of a query key)', () => {
    const source = {
      origin: "zq.json",
      sha256: "0".repeat(64),
      kind: { format: "openapi", version: "3.0.3" },
    } as const;
    const parts = { provider: "acme", folder: "specs/acme", text: "{}", source, draft: d, pinned: [] };
    const summary = addSummary({ ...parts, check: { problems: [], warnings: [] } });
    expect(summaryText(summary, [])).toContain(
      "credential apiKey (sent at query api_key only: auth.alsoSends, no scheme)",
    );
  });

  it("sends the key at api_key on the operation that leaves it optional", async () => {
    const tool = (await linkedTools(d)).find((t) => t.operationId === "zqAutocomplete") as ToolSpec;
    const upstream = scriptedFetch(json(200, { zqResult: "zq" }));
    const input = { apiKey: "zq-key-0000000001", query: "zq" };
    const run = await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9", fetch: upstream.fetch });
    expect(run.success).toBe(true);
    expect(new URL(upstream.seen[0]?.url ?? "").searchParams.get("api_key")).toBe("zq-key-0000000001");
  });
});
