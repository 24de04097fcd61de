// A JSON body under a text media type (the manifest's `bodyEncoding: json`: structured data the document types as
// `text/plain`): both entries send the fields' JSON text under the tool's Content-Type. The typed client's
// openapi-fetch typed it application/json, its default, which the document does not declare.
import { describe, expect, it } from "vitest";
import { bareTool } from "../../test-support/runtime/bare-tool.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import { fullSupport } from "../execute/full-support.js";
import { callOf } from "../spec/tool-description.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { createProviderClient } from "./client.js";

const BASE = "https://api.zqrotas.test";

const rotaTool = (mediaType: string): ToolSpec =>
  bareTool("zq_put_rota", {
    operationId: "zqPutRota",
    method: "POST",
    path: "/zqrotas",
    server: { default: BASE, hosts: ["api.zqrotas.test"] },
    anonymous: true,
    body: { mediaType, encoding: "json" },
    params: [
      { name: "name", type: "string", required: true, secret: false, wire: { in: "body", pointer: "/name" } },
      { name: "steps", type: "json", required: false, secret: false, wire: { in: "body", pointer: "/steps" } },
    ],
  } as unknown as Partial<ToolSpec> & Pick<ToolSpec, "path" | "server">);

async function typedPost(tool: ToolSpec, headers: Record<string, string> = {}) {
  const { fetch, seen } = scriptedFetch(json(200, { ok: true }));
  const call = callOf(tool);
  const client = createProviderClient<Record<string, never>>(
    call.auth,
    { baseUrl: BASE, credential: "zq-unused", fetch },
    { methods: { zqPutRota: call }, support: fullSupport },
  );
  const post = client.POST as unknown as (path: string, init: object) => Promise<unknown>;
  await post("/zqrotas", { body: { name: "Night", steps: [1, 2] }, headers });
  return seen;
}

describe("a JSON body under a text media type", () => {
  it("goes as the fields' JSON text under the tool's Content-Type, by a call and by the typed client", async () => {
    const { fetch, seen } = scriptedFetch(json(200, { ok: true }));
    const result = await executeToolDefinition(rotaTool("text/plain"), { name: "Night", steps: [1, 2] }, { fetch });
    expect(result).toMatchObject({ success: true });
    const typed = await typedPost(rotaTool("text/plain"));
    for (const s of [...seen, ...typed]) {
      expect(s.headers.get("content-type")).toBe("text/plain");
      expect(JSON.parse(s.body)).toEqual({ name: "Night", steps: [1, 2] });
    }
    expect(typed).toHaveLength(1);
  });

  const KEEPS =
    "keeps a Content-Type the caller of the typed client gives; a vendor +json type and application/json as the tool's";
  it(KEEPS, async () => {
    const given = await typedPost(rotaTool("text/plain"), { "Content-Type": "text/plain; charset=utf-8" });
    expect(given[0]?.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const vendor = await typedPost(rotaTool("application/vnd.zq.rota+json"));
    expect(vendor[0]?.headers.get("content-type")).toBe("application/vnd.zq.rota+json");
    const plain = await typedPost(rotaTool("application/json"));
    expect(plain[0]?.headers.get("content-type")).toBe("application/json");
  });
});
