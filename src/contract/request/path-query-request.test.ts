// The captured request of an operation whose path key holds fixed query pairs
// (`/zqservices?funcs=zqnews&mobile=1`): the suite's request check finds the
// operation by the path before the `?` and reads those pairs as the
// operation's own query keys, beside its declared parameters; a key neither
// declares is still refused.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import type { Exchange } from "../exchange.js";
import { checkRequest } from "./request.js";
import { keyedDocument, keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-path-query-request-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const openapi = keyedDocument("zqservices", {
  "/zqservices?funcs=zqnews&mobile=1": {
    get: {
      operationId: "getZqnews",
      parameters: [{ name: "language", in: "query", required: true, schema: { type: "string", enum: ["US", "JP"] } }],
      responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } },
    },
  },
});

const manifest = keyedManifest(
  "zqservices",
  `  zqservices_get_news:
    operationId: getZqnews
    title: Get the news
    description: Get the news.
    params:
      language:
        type: string
        enum: [US, JP]
        required: true
        description: The language.
        wire: { in: query }
    outputs:
      data:
        type: json
        from: $response.body
        description: The news.
`,
);

const { linked, tool } = await linkedTool(work, "zqservices", openapi, manifest, "zqservices_get_news");

async function sent(input: Record<string, unknown>, extra = ""): Promise<Exchange> {
  let captured: Request | undefined;
  const fetch = async (r: Request) => {
    captured = r;
    return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
  };
  expect(await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9", fetch })).toMatchObject({
    success: true,
  });
  const url = new URL(`${(captured as Request).url}${extra}`);
  return {
    method: "GET",
    url,
    search: url.search,
    headers: new Headers((captured as Request).headers),
    rawBody: "",
    body: undefined,
    status: 200,
    responseHeaders: new Headers(),
    responseBody: "",
    violations: [],
    at: 0,
  };
}

describe("the request of an operation whose path key holds fixed query pairs", () => {
  it("is that operation's, its fixed pairs and its parameters sent in one query", async () => {
    const ex = await sent({ apiKey: "zq-key-0001", language: "US" });
    expect(ex.url.pathname + ex.url.search).toBe("/zqservices?funcs=zqnews&mobile=1&language=US");
    expect(() => checkRequest(ex, tool, linked.document, { apiKey: "zq-key-0001", language: "US" })).not.toThrow();
  });

  it("still refuses a query key neither the path nor the parameters declare", async () => {
    const ex = await sent({ apiKey: "zq-key-0001", language: "US" }, "&zqstray=1");
    expect(() => checkRequest(ex, tool, linked.document, { apiKey: "zq-key-0001", language: "US" })).toThrow(/zqstray/);
  });
});
