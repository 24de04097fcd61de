// A field inside a JSON value whose schema is a oneOf of an enum, an enum of "" alone and null (drf-spectacular's
// `BlankEnum` and `NullEnum` beside a choice field's enum, as every Django REST Framework document writes a choice that
// may be blank: a feature flag service's value type, newvendors66). Its listed values were read as a top-level
// parameter's are, "" left out (a parameter given "" sends nothing), so a call giving the field "" was refused ("must
// be one of …, got \"\"") though the document takes it and the JSON body carries it as given. Inside a value, "" is a
// value the branch lists: sent. Another text, no branch's, is still refused before any request.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  openapi,
  reply,
  sentOrRefused,
} from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi(
  {
    "/zqshelves": {
      post: {
        operationId: "zqCreateShelf",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["zqvalue"],
                properties: {
                  zqvalue: {
                    type: "object",
                    properties: {
                      kind: {
                        oneOf: [
                          { $ref: "#/components/schemas/ZqKindEnum" },
                          { $ref: "#/components/schemas/BlankEnum" },
                          { $ref: "#/components/schemas/NullEnum" },
                        ],
                      },
                    },
                  },
                },
              },
            },
          },
        },
        responses: { "201": reply({ type: "object", properties: { id: { type: "integer" } } }, { id: 1 }) },
      },
    },
  },
  {
    schemas: {
      ZqKindEnum: { type: "string", enum: ["int", "unicode", "bool"] },
      BlankEnum: { enum: [""] },
      NullEnum: { enum: [null] },
    },
  },
);

async function sender() {
  const [tool] = await linkedTools(drafted(document, ["zqCreateShelf"], "zqblank"), "zqblank");
  if (!tool) throw new Error("no tool drafted");
  return (kind: unknown) => sentOrRefused(tool, { zqvalue: { kind } }, { id: 1 });
}

describe("a field of a JSON value that may be one of an enum's values, blank or null", () => {
  it('sends "" as the document lets it, and each value and null', async () => {
    const send = await sender();
    for (const kind of ["", "unicode", null]) expect(await send(kind)).toEqual({ message: "sent", sent: 1 });
  });

  it("refuses a text no branch lists before any request, naming the field and the values", async () => {
    const send = await sender();
    const refused = await send("zq other");
    expect(refused.sent).toBe(0);
    expect(refused.message).toContain("zqvalue.kind");
    expect(refused.message).toContain("int, unicode, bool");
  });
});
