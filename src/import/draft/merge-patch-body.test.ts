// A PATCH offering a JSON Patch (RFC 6902: a list of operations) beside a merge patch (RFC 7396: the changed fields, as
// an object), both under one object schema: the draft took the first JSON type, so the call sent the fields as an
// object under `application/json-patch+json`, which such a service refuses. The merge patch is taken; a body offered
// only as a JSON Patch is still sent as one.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { jsonMediaType } from "../../load/media-types.js";
import { failedCases } from "../__fixtures__/draft-cases.js";
import { draftWorkFolder, drafted, judgedCall, linkedTools, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const changes = {
  type: "object",
  properties: { zqlabel: { type: "string", maxLength: 40 }, zqsize: { type: "integer", minimum: 1, maximum: 9 } },
};
const document = openapi({
  "/zqshelves/{id}": {
    patch: {
      operationId: "zqPatchShelf",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 40 } }],
      requestBody: {
        required: true,
        content: {
          "application/json-patch+json": { schema: changes },
          "application/merge-patch+json": { schema: changes },
          "application/apply-patch+yaml": { schema: changes },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

describe("a body offered as a JSON Patch and as a merge patch", () => {
  it("is written as the merge patch; application/json first, a JSON Patch when it is the only one", () => {
    const types = (...keys: string[]) => Object.fromEntries(keys.map((k) => [k, {}]));
    expect(jsonMediaType(types("application/json-patch+json", "application/merge-patch+json"))).toBe(
      "application/merge-patch+json",
    );
    expect(jsonMediaType(types("application/json-patch+json", "application/json; charset=utf-8"))).toBe(
      "application/json; charset=utf-8",
    );
    expect(jsonMediaType(types("application/json-patch+json", "text/plain"))).toBe("application/json-patch+json");
  });

  it("sends the fields as a merge patch, and every derived case passes on the mock and its judge", async () => {
    const d = drafted(document, ["zqPatchShelf"], "zqpatch");
    const [tool] = await linkedTools(d, "zqpatch");
    const { sent, judged } = await judgedCall(d, tool!, {
      accessToken: "zq-token-0001",
      id: "s1",
      zqlabel: "zq one",
      zqsize: 3,
    });
    expect(judged.refusals).toEqual([]);
    expect(sent.headers.get("content-type")).toBe("application/merge-patch+json");
    expect(JSON.parse(new TextDecoder().decode(sent.body))).toEqual({ zqlabel: "zq one", zqsize: 3 });
    const { ids, failed } = await failedCases(d, "zqpatch");
    expect(ids.length).toBeGreaterThan(2);
    expect(failed).toEqual([]);
  });
});
