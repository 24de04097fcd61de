// A path that writes its declared path parameter as a router's `:name` segment (`/zqgroups/:zqId` declaring the path
// parameter `zqId`, as gin and Express write routes and swaggo copies them into a Swagger 2.0 document). OpenAPI reads
// `:zqId` as the path's own text, so the draft left `zqId` out as a parameter no path names and every call went to
// `/zqgroups/:zqId`. The segment is read as `{zqId}` now, the operations joined to the item already at that key; a
// `:word` segment naming no declared parameter stays the path's text.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqId = { name: "zqId", in: "path", required: true, schema: { type: "integer" } };
const answer = { "200": reply({ type: "object", properties: { Name: { type: "string" } } }, { Name: "g" }) };
const doc = openapi({
  "/zqgroups/:zqId": {
    get: { summary: "Inspect a group", parameters: [zqId], responses: answer },
    put: {
      operationId: "zqGroupUpdate",
      parameters: [zqId],
      requestBody: {
        content: { "application/json": { schema: { type: "object", properties: { Name: { type: "string" } } } } },
      },
      responses: answer,
    },
  },
  "/zqgroups/{zqId}": { delete: { operationId: "zqGroupDelete", parameters: [zqId], responses: answer } },
  "/zqhooks/:zqToken": { post: { operationId: "zqHookCall", responses: answer } },
});

describe("a path writing its declared path parameter as a :name segment", () => {
  it("is read as {name}: the value is asked for and sent in its segment", async () => {
    const d = drafted(doc, ["GET /zqgroups/:zqId", "zqGroupUpdate", "zqGroupDelete", "zqHookCall"]);
    const ops = d.manifest.operations!;
    const [get, update] = Object.values(ops);
    expect(get?.params?.zqId).toMatchObject({ type: "number", required: true });
    expect(update?.params?.zqId).toMatchObject({ type: "number", required: true });
    expect(d.notes.map((n) => n.note).join("\n")).toContain("openapi.yaml writes /zqgroups/:zqId as /zqgroups/{zqId}");
    const changed = d.openapiText.split("\n").find((l) => l.startsWith("# Changed by blockwright add"));
    expect(changed).toContain("path /zqgroups/:zqId as /zqgroups/{zqId} (a :name segment naming the path parameter");
    expect(d.openapiText).not.toContain("/zqgroups/:zqId:");
    expect(await linkProblems(d)).toEqual([]);

    const tools = await linkedTools(d);
    const urls: string[] = [];
    const fetch = async (r: Request) => {
      urls.push(`${r.method} ${r.url}`);
      return new Response('{"Name":"g"}', { headers: { "content-type": "application/json" } });
    };
    const options = { fetch, baseUrl: "http://127.0.0.1:9" };
    for (const tool of tools) {
      const input = tool.id === "acme_zq_hook_call" ? {} : { zqId: 7 };
      const result = await executeToolDefinition(tool, { accessToken: "zq-token-secret", ...input }, options);
      expect(result, JSON.stringify(result)).toMatchObject({ success: true });
    }
    expect(urls.sort()).toEqual([
      "DELETE http://127.0.0.1:9/zqgroups/7",
      "GET http://127.0.0.1:9/zqgroups/7",
      "POST http://127.0.0.1:9/zqhooks/:zqToken",
      "PUT http://127.0.0.1:9/zqgroups/7",
    ]);
  });
});
