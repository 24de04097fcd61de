// A JSON header whose document allows a map of texts or a closed object holding a `+and` list (a filter: `{"zqkind":
// "a"}` or `{"+and": [{…}, {…}]}`): the link took the first member's values (each a string) as every value's, so a
// filter of the second member was refused before any request ("xZqfilter["+and"]: must be a string"), a union branch
// dropped. The members' values differ, so none binds alone: each member's value is sent, and every drafted case passes
// on the mock and its strict judge. (A shape records no values of its own yet: a map value of another type, of neither
// member, is left to the service to refuse.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import { openapi } from "../../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";

const filter = {
  oneOf: [
    { type: "object", additionalProperties: { type: "string" } },
    {
      type: "object",
      additionalProperties: false,
      properties: { "+and": { type: "array", items: { type: "object", additionalProperties: { type: "string" } } } },
    },
  ],
};
const document = openapi({
  "/zqrows": {
    get: {
      operationId: "listZqrows",
      parameters: [{ name: "X-Zqfilter", in: "header", content: { "application/json": { schema: filter } } }],
      responses: {
        "200": {
          description: "rows",
          content: { "application/json": { schema: { type: "object", properties: { n: { type: "integer" } } } } },
        },
      },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqmapunion", document, ["listZqrows"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a union of a map of texts and a closed object", () => {
  it("sends a value of either member", async () => {
    if (!on) throw new Error("the mock did not start");
    const tool = on.subject.tools[0];
    if (!tool) throw new Error("no tool drafted");
    const call = (xZqfilter: unknown) =>
      executeToolDefinition(tool, { accessToken: "zq-mock-token-0001", xZqfilter }, { baseUrl: on?.url, retries: 0 });
    const map = await call({ zqkind: "a" });
    expect(map.success, JSON.stringify(map)).toBe(true);
    const and = await call({ "+and": [{ zqkind: "a" }, { zqregion: "b" }] });
    expect(and.success, JSON.stringify(and)).toBe(true);
  });

  it("passes every drafted case on the mock", async () => {
    if (!on) throw new Error("the mock did not start");
    expect(await casesNotPassed(on)).toEqual([]);
  });
});
