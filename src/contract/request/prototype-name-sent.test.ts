// The suite's check that a parameter reached the wire, for a query parameter named `constructor`: the operation's own
// placements were a record every object's members are read through, so `constructor` was read as Object's function
// and the value as sent as nothing ('constructor as sent (undefined Object)'), though the request carried it.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { keyedDocument, keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import type { Exchange } from "../exchange.js";
import { expectSent, sentValue } from "./sent-value.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-prototype-name-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const openapi = keyedDocument("zqraces", {
  "/zqraces": {
    get: {
      operationId: "listZqraces",
      parameters: [
        { name: "constructor", in: "query", schema: { type: "string" } },
        { name: "kind", in: "query", schema: { type: "string" } },
      ],
      responses: { "204": { description: "none" } },
    },
  },
  // The route's operation, which places `constructor` as the tool's does.
  "/zqkinds/{k}": {
    get: {
      operationId: "listZqracesOfKind",
      parameters: [
        { name: "k", in: "path", required: true, schema: { type: "string" } },
        { name: "constructor", in: "query", schema: { type: "string" } },
      ],
      responses: { "204": { description: "none" } },
    },
  },
});
const manifest = keyedManifest(
  "zqraces",
  `  zqraces_list:
    operationId: listZqraces
    title: List races
    description: List races.
    params:
      constructor: { type: string, maxLength: 40, description: The team., wire: { in: query } }
      zqKind: { type: string, maxLength: 40, default: all, description: The kind., wire: { in: query, name: kind } }
    routes:
      - when: { param: zqKind, pattern: "^zq" }
        operationId: listZqracesOfKind
        wire:
          zqKind: { in: path, name: k }
    outputs:
      metadata.status: { type: number, from: $statusCode, description: The status. }
`,
);
const { tool, linked } = await linkedTool(work, "zqraces", openapi, manifest, "zqraces_list");

/** A tool's request as the suite captures it: its address and nothing else. */
function exchangeOf(request: Request): Exchange {
  const url = new URL(request.url);
  return {
    ...{ method: "GET", url, search: url.search, headers: new Headers(), rawBody: "", body: undefined },
    ...{ status: 204, responseHeaders: new Headers(), responseBody: "", violations: [], at: 0 },
  };
}

describe("a query parameter named constructor", () => {
  it("reads back as the value sent", async () => {
    let captured: Request | undefined;
    const fetch = async (r: Request) => {
      captured = r;
      return new Response(null, { status: 204 });
    };
    const result = await executeToolDefinition(
      tool,
      { apiKey: "zq-key-0001", constructor: "zqteam" },
      { baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect(result).toMatchObject({ success: true });
    const ex = exchangeOf(captured as Request);
    const param = tool.params.find((p) => p.name === "constructor")!;
    expect(sentValue(ex, tool, linked.document, param)).toBe("zqteam");
    expect(() => expectSent(ex, tool, linked.document, param, "zqteam")).not.toThrow();
  });

  it("reads back as the value sent on a route, which places another parameter only", async () => {
    const seen: Request[] = [];
    const fetch = async (r: Request) => {
      seen.push(r);
      return new Response(null, { status: 204 });
    };
    const values = { apiKey: "zq-key-0001", constructor: "zqteam", zqKind: "zqa" };
    const result = await executeToolDefinition(tool, values, { baseUrl: "http://127.0.0.1:9", fetch });
    expect(result).toMatchObject({ success: true });
    const ex = exchangeOf(seen[0] as Request);
    expect(ex.url.pathname).toBe("/zqkinds/zqa");
    const param = tool.params.find((p) => p.name === "constructor")!;
    expect(sentValue(ex, tool, linked.document, param)).toBe("zqteam");
    expect(() => expectSent(ex, tool, linked.document, param, "zqteam")).not.toThrow();
  });
});
