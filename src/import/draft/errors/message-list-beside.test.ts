// An error record naming a message text and a list of message texts beside it (`{reason, error_messages: [...]}`, a
// payment API's ErrorV2), where an answer fills the list alone: the draft read `reason` only, and the runtime said the
// status line ("HTTP 400 Bad Request with no error message") though the answer said what was wrong. The list's first
// is drafted as a second place, read where the first is absent.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import { draftWorkFolder, drafted, linkedTools, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const record = {
  type: "object",
  properties: {
    zqCorrelation: { type: "string" },
    error_code: { type: "string" },
    error_messages: { type: "array", items: { type: "string" } },
    reason: { type: "string" },
  },
};
const document = openapi({
  "/zqorders": {
    get: {
      operationId: "listZqOrders",
      responses: {
        "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }),
        "400": reply(record),
      },
    },
  },
});

async function messageOf(body: unknown): Promise<unknown> {
  const [tool] = await linkedTools(drafted(document, ["listZqOrders"]));
  const answer = new Response(JSON.stringify(body), { status: 400, headers: { "content-type": "application/json" } });
  const result = await executeToolDefinition(
    tool!,
    { accessToken: "zq-token-0001" },
    { baseUrl: "https://api.acme.test", fetch: async () => answer, retries: 0 },
  );
  return result.success ? undefined : result.error.message;
}

describe("a list of message texts beside the record's message", () => {
  it("is drafted a second place, after the named text", () => {
    expect(drafted(document, ["listZqOrders"]).manifest.errors?.message).toEqual([
      "$response.body#/reason",
      "$response.body#/error_messages/0",
    ]);
  });

  it("gives the message of an answer that fills the list alone, and the named text first where both are", async () => {
    expect(await messageOf({ error_code: "BAD_VALUE", error_messages: ["Bad value: zq_lines"] })).toBe(
      "Bad value: zq_lines",
    );
    expect(await messageOf({ reason: "zq declined", error_messages: ["Bad value: zq_lines"] })).toBe("zq declined");
  });
});
