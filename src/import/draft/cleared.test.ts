// A value that may also be "" (`anyOf: [S, {enum: [""]}]`: how some APIs clear
// a field) is drafted as S with a note, not as text: the runtime never sends
// "", and text let through values S refuses (a word where only an integer or
// "" is allowed), which the upstream (and the mock) then refused.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const cleared = (schema: object) => ({
  anyOf: [schema, { type: "string", enum: [""] }],
  description: 'The zq fee, or "" to clear it.',
});
const document = openapi({
  "/zqcharges/{id}": {
    post: {
      operationId: "updateZqcharge",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 64 } }],
      requestBody: {
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              properties: {
                fee: cleared({ type: "integer", minimum: 0 }),
                tags: cleared({ type: "array", items: { type: "string" } }),
                note: { type: "string", maxLength: 50 },
              },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

describe('a field that is a value or "" (to clear it)', () => {
  it("is drafted as the value's own type, with a note, and links", async () => {
    const d = drafted(document, ["updateZqcharge"]);
    const params = d.manifest.operations.acme_update_zqcharge!.params!;
    expect(params.fee).toEqual({
      type: "number",
      integer: true,
      minimum: 0,
      description: 'The zq fee, or "" to clear it.',
      wire: { in: "body" },
    });
    expect(params.tags).toMatchObject({ type: "json", jsonType: "array" });
    expect(notesAt(d, "operations.acme_update_zqcharge.params.fee")).toContain(
      'the spec also allows "" (to clear the value, in some APIs), which the runtime treats as no value and never ' +
        "sends: drafted as the other form",
    );
    expect(await linkProblems(d)).toEqual([]);
  });
});
