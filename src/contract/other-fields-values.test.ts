// A body's other fields (wire `otherFields`): the suite's value of them carries one field the body does not name, of
// the kind the document's additionalProperties gives, so that the derived cases send an other field and the mock and
// the request judge read it as the document does. Before, the value was made from the whole body's schema and its
// named fields taken out again (forbiddenKeys): `{}`, an other field never sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { valuesOf } from "./inputs/values.js";

const body = (open: Record<string, unknown>) => ({
  required: true,
  content: {
    "application/json": {
      schema: {
        type: "object",
        required: ["zqversion"],
        properties: { zqversion: { type: "integer", minimum: 0 } },
        ...open,
      },
    },
  },
});
const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const document = openapi({
  "/zqsettings": {
    put: { operationId: "PutZqSettings", requestBody: body({ additionalProperties: true }), responses: ok },
  },
  "/zqcounts": {
    put: {
      operationId: "PutZqCounts",
      requestBody: body({ additionalProperties: { type: "integer", minimum: 1 } }),
      responses: ok,
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqsettings", document, ["PutZqSettings", "PutZqCounts"]);
});
afterAll(async () => {
  await on?.close();
});

describe("the derived cases of a body's other fields", () => {
  it("send one field the body does not name, of the allowed kind, and pass on the mock", async () => {
    const subject = (on as DraftedOnMock).subject;
    const made = (id: string) => {
      const tool = subject.tools.find((t) => t.id === id);
      return tool && valuesOf(tool, subject.document).full().otherFields;
    };
    expect(Object.keys((made("zqsettings_put_zq_settings") ?? {}) as object)).toEqual(["bwOtherField"]);
    const counts = made("zqsettings_put_zq_counts") as Record<string, unknown>;
    expect(Number.isInteger(counts.bwOtherField) && (counts.bwOtherField as number) >= 1).toBe(true);
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
