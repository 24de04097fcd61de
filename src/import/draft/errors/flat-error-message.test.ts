// An error reply with its message in a flat field beside its code, in a document whose operations declare no error
// reply (a bank data API's `{error_type, error_code, error_message}` in components alone; an OAuth 2 server's
// `{error, error_description}`, RFC 6749 5.2): add drafted the common places, none of which held it, so each failure
// read "HTTP 400 Bad Request with no error message" and the upstream's reason was lost.
import { rmSync } from "node:fs";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const doc = openapi({
  "/zqreports": {
    post: {
      operationId: "zqMakeReport",
      requestBody: {
        content: { "application/json": { schema: { type: "object", properties: { zqDays: { type: "integer" } } } } },
      },
      responses: { "200": reply({ type: "object", properties: { zqId: { type: "string" } } }, { zqId: "r1" }) },
    },
  },
});

async function failure(answer: unknown): Promise<{ message?: string; code?: string }> {
  const d = drafted(doc, ["zqMakeReport"], "zqflat");
  expect(await linkProblems(d, "zqflat")).toEqual([]);
  const tool = (await linkedTools(d, "zqflat")).find((t) => t.operationId === "zqMakeReport") as ToolSpec;
  const { fetch } = scriptedFetch(json(400, answer));
  const run = await executeToolDefinition(
    tool,
    { accessToken: "zq-token-0001", zqDays: 3 },
    { baseUrl: "http://127.0.0.1:9", fetch },
  );
  expect(run.success).toBe(false);
  return (run as { error: { message?: string; code?: string } }).error;
}

describe("an error's message in a flat field, where the document names no error reply", () => {
  it("is read from `error_message` beside its code", async () => {
    const answer = { error_type: "INVALID_INPUT", error_code: "ZQ_BAD_DAYS", error_message: "zq days out of range" };
    expect((await failure(answer)).message).toContain("zq days out of range");
  });

  it("is read from an OAuth 2 error's `error_description`, not its code in `error`", async () => {
    const answer = { error: "invalid_grant", error_description: "zq grant expired" };
    const error = await failure(answer);
    expect(error.message).toContain("zq grant expired");
    expect(error.message).not.toMatch(/^invalid_grant$/);
  });

  it("is still read from `error` where it is the only text", async () => {
    expect((await failure({ error: "zq quota reached" })).message).toContain("zq quota reached");
  });
});
