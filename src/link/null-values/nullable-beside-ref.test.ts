// A JSON body field written `{$ref: Kind, nullable: true}` (OpenAPI 3.0; directly, or in an `allOf` member): the draft
// offered null there (admitsNull reads `nullable` beside a reference, as the judge and the mocks do: "that schema, or
// null"), but the link's place of the field was flattened, which follows the `$ref` and drops what is beside it, so
// add refused its own draft (BW2007 "does not admit null"). The place keeps the `nullable` now: the draft links, null
// is sent as JSON null, and every derived case, the null case among them, passes on the mock.
import { rmSync } from "node:fs";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { deriveCases } from "../../contract/derive.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi } from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const kind = { type: "object", properties: { zqName: { type: "string", maxLength: 20 } } };
const fields = {
  type: "object",
  properties: {
    zqLabel: { type: "string", maxLength: 20 },
    zqKind: { $ref: "#/components/schemas/ZqKind", nullable: true },
  },
};
const base = { type: "object", properties: { zqId: { type: "string", maxLength: 20 } } };

function documentWith(thing: Record<string, unknown>): Record<string, unknown> {
  const body = { content: { "application/json": { schema: { $ref: "#/components/schemas/ZqThing" } } } };
  return openapi(
    {
      "/zqthings/{zqId}": {
        put: {
          operationId: "zqPutThing",
          parameters: [{ name: "zqId", in: "path", required: true, schema: { type: "string", maxLength: 20 } }],
          requestBody: { required: true, ...body },
          responses: { "204": { description: "Put." } },
        },
      },
    },
    { schemas: { ZqKind: kind, ZqBase: base, ZqThing: thing } },
  );
}

const shapes = {
  "in the body's own fields": fields,
  "in an allOf member": { allOf: [{ $ref: "#/components/schemas/ZqBase" }, fields] },
};

describe.each(Object.entries(shapes))("a body field of a nullable $ref %s", (_, thing) => {
  const document = documentWith(thing);

  it("is drafted nullable and the draft links", async () => {
    const d = drafted(document, ["zqPutThing"]);
    expect(d.manifest.operations.acme_zq_put_thing?.params?.zqKind?.nullable).toBe(true);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("sends null as JSON null", async () => {
    const [tool] = (await linkedTools(drafted(document, ["zqPutThing"]))) as [ToolSpec];
    const { fetch, seen } = scriptedFetch(json(200, {}));
    const params = { accessToken: "zq-token-0000000001", zqId: "zq1", zqKind: null };
    const result = await executeToolDefinition(tool, params, { baseUrl: "https://api.acme.test", fetch });
    expect(result.success).toBe(true);
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({ zqKind: null });
  });

  it("passes every derived case on the mock, the null case among them", async () => {
    const on = await draftedOnMock("acme", document, ["zqPutThing"]);
    try {
      expect(deriveCases(on.subject).some((c) => c.id.includes("sent as JSON null"))).toBe(true);
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  }, 120_000);
});
