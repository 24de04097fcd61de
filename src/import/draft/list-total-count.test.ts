// A paged list's total beside its items, named `count` (Django REST framework's `{count, next, previous, results}`):
// the page's count is `metadata.count` (the list's length), so the reply's own `count` came out of the unique-name
// rule as `metadata.count2`, a name that says nothing of which count is the total. It is drafted `metadata.total`
// (`metadata.totalCount` where the reply has a `total` of its own), described as the total across the pages.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqcase = { type: "object", properties: { url: { type: "string" }, zqid: { type: "string" } } };
const page = (extra: object = {}) => ({
  type: "object",
  required: ["count", "results"],
  properties: {
    count: { type: "integer", example: 123 },
    next: { type: "string", format: "uri", nullable: true },
    previous: { type: "string", format: "uri", nullable: true },
    results: { type: "array", items: zqcase },
    ...extra,
  },
});
const list = (operationId: string, body: object) => ({
  get: {
    operationId,
    parameters: [
      { name: "page", in: "query", schema: { type: "integer" } },
      { name: "pageSize", in: "query", schema: { type: "integer" } },
    ],
    responses: { "200": reply(body) },
  },
});
const doc = openapi({
  "/zqcases": list("listZqcases", page()),
  "/zqroles": list("listZqroles", page({ total: { type: "number", description: "The roles' total weight." } })),
});

describe("a paged list's count beside its items", () => {
  const d = drafted(doc, ["listZqcases", "listZqroles"]);

  it("is the total across the pages, the page's own count metadata.count; no metadata.count2", async () => {
    const outputs = d.manifest.operations.acme_list_zqcases?.outputs ?? {};
    expect(outputs["metadata.count"]).toMatchObject({ from: "$response.body#/results", count: true });
    expect(outputs["metadata.total"]).toEqual({
      type: "number",
      from: "$response.body#/count",
      description: "How many results there are in all, across the pages.",
    });
    expect(Object.keys(outputs)).not.toContain("metadata.count2");
    // Beside a `total` of the reply's own, the count is the total count.
    const roles = d.manifest.operations.acme_list_zqroles?.outputs ?? {};
    expect(roles["metadata.totalCount"]).toMatchObject({ from: "$response.body#/count" });
    expect(roles["metadata.total"]).toMatchObject({ from: "$response.body#/total" });
    expect(Object.keys(roles)).not.toContain("metadata.count2");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("gives a call the page's count and the total", async () => {
    const tool = (await linkedTools(d)).find((t) => t.operationId === "listZqcases");
    const body = { count: 123, next: "http://127.0.0.1:9/zqcases?page=2", previous: null, results: [{ zqid: "c1" }] };
    const { fetch } = scriptedFetch(json(200, body));
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-credential-0001" },
      {
        baseUrl: "http://127.0.0.1:9",
        fetch,
      },
    );
    expect(result).toMatchObject({ success: true, output: { metadata: { count: 1, total: 123 } } });
  });
});
