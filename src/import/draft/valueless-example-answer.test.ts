// A JSON answer with no schema whose one named example gives no value (`examples: {zqObject: {}}`): `add` read the
// example as a body and drafted the output `data` from `$response.body`, yet the mock, finding no value and no schema,
// answers with no body, and every call failed "answered 200 without $response.body (output data): the body was
// empty" (clubhouseapi.com, directory seed 150). Only an example that gives its value shows a body; without one the
// answer is drafted with its status as its output, as an answer with no schema and no example is.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const answer = (media: Record<string, unknown>) => ({ description: "Done.", content: { "application/json": media } });
const document = openapi({
  "/zqresend": { post: { operationId: "zqResend", responses: { "200": answer({ examples: { zqObject: {} } }) } } },
  "/zqfar": {
    post: {
      operationId: "zqFar",
      responses: { "200": answer({ examples: { zqFar: { externalValue: "https://zq.example/far.json" } } }) },
    },
  },
  "/zqshown": {
    post: { operationId: "zqShown", responses: { "200": answer({ examples: { zqShown: { value: { zqOk: 1 } } } }) } },
  },
});

describe("a JSON answer with no schema whose named examples give no value", () => {
  it("is drafted with its status as its output, and a call of it succeeds on an answer without a body", async () => {
    const d = drafted(document, ["zqResend", "zqFar", "zqShown"]);
    const outputs = (id: string) => Object.keys(d.manifest.operations[id]!.outputs ?? {});
    expect(outputs("acme_zq_resend")).toEqual(["metadata.status"]);
    expect(outputs("acme_zq_far")).toEqual(["metadata.status"]);
    // An example that gives its value shows a JSON body, whose fields the outputs read (src/import/example-schemas.ts).
    expect(outputs("acme_zq_shown")).toEqual(["data", "metadata.zqOk"]);
    expect(await linkProblems(d)).toEqual([]);
    const tool = (await linkedTools(d)).find((t) => t.id === "acme_zq_resend")!;
    const called = await executeToolDefinition(
      tool,
      { accessToken: "zq-token-0001" },
      { baseUrl: "https://api.acme.test", fetch: async () => new Response(null, { status: 200 }) },
    );
    expect(called).toEqual({ success: true, output: { metadata: { status: 200 } } });
  });
});
