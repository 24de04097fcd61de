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

// A text of `maxLength: 0` (an API's "empty next token" beside a list's other inputs) admits "" alone, which the
// runtime never sends: it was drafted a parameter no value could be given (the suite's limit and property cases
// failed "no value of 0 characters passes the rules"). Now not drafted, with the note the enum of "" has.
describe("an optional text of maxLength 0", () => {
  it("is not drafted, said in a note, and the rest links", async () => {
    const d = drafted(
      openapi({
        "/zqoutputs": {
          post: {
            operationId: "listZqoutputs",
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    required: ["zqName"],
                    properties: {
                      zqName: { type: "string", maxLength: 100 },
                      zqNextToken: { type: "string", minLength: 0, maxLength: 0 },
                    },
                  },
                },
              },
            },
            responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
          },
        },
      }),
      ["listZqoutputs"],
    );
    const params = d.manifest.operations.acme_list_zqoutputs?.params ?? {};
    expect(Object.keys(params)).toContain("zqName");
    expect(Object.keys(params)).not.toContain("zqNextToken");
    expect(notesAt(d, "operations.acme_list_zqoutputs").join("\n")).toContain(
      'the spec allows zqNextToken only "", which the runtime treats as no value and never sends: not drafted',
    );
    expect(await linkProblems(d)).toEqual([]);
  });
});
