// An operation of method HEAD whose document declares its answer's JSON body (its GET's, copied): an answer to HEAD
// has no body (RFC 9110), yet `add` drafted the body as the output `data`, and every call failed "answered 200 without
// $response.body (output data): the body was empty". HEAD is drafted with its status as its output, as any answer
// without a body is.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const branches = { type: "object", properties: { data: { type: "array", items: { type: "string" } } } };
const document = openapi({
  "/zqbranches": {
    head: { operationId: "headZqbranches", responses: { "200": reply(branches) } },
    get: { operationId: "getZqbranches", responses: { "200": reply(branches) } },
  },
});

describe("an operation of method HEAD whose document declares a JSON body", () => {
  it("is drafted with its status as its output, and a call of it succeeds on an answer without a body", async () => {
    const d = drafted(document, ["headZqbranches", "getZqbranches"]);
    expect(Object.keys(d.manifest.operations.acme_head_zqbranches!.outputs ?? {})).toEqual(["metadata.status"]);
    expect(Object.keys(d.manifest.operations.acme_get_zqbranches!.outputs ?? {})).toContain("data");
    expect(await linkProblems(d)).toEqual([]);
    const tool = (await linkedTools(d)).find((t) => t.id === "acme_head_zqbranches")!;
    const called = await executeToolDefinition(
      tool,
      { accessToken: "zq-token-0001" },
      { baseUrl: "https://api.acme.test", fetch: async () => new Response(null, { status: 200 }) },
    );
    expect(called).toEqual({ success: true, output: { metadata: { status: 200 } } });
  });
});
