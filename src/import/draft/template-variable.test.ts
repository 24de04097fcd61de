// Defaults and examples written as a variable of the tool the document was made with (`{{zqacronym}}`): add drafted
// them as the parameter's example, which names an environment variable wherever a call is given (`{{NAME}}`), so the
// drafted example could not be given; a text that only holds such a variable among its words is a value and is kept.
import { describe, expect, it } from "vitest";
import { drafted, openapi } from "../__fixtures__/draft-kit.js";

const document = openapi({
  "/zqentities/{zqacronym}/zqdocs": {
    post: {
      operationId: "zqAddDoc",
      parameters: [
        { name: "zqacronym", in: "path", required: true, schema: { type: "string", default: "{{zqacronym}}" } },
        { name: "Zq-Version", in: "header", required: true, schema: { type: "string", example: "{{ ZQ_VERSION }}" } },
        { name: "zqlimit", in: "query", schema: { type: "integer", example: 5 } },
      ],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: {
                zqgreeting: { type: "string", example: "Hello {{zqfirst}}, welcome" },
                zqowner: { type: "string", example: "{{zqowner}}" },
              },
            },
          },
        },
      },
      responses: { "204": { description: "added" } },
    },
  },
});

describe("a default or example that is a template variable", () => {
  it("is left out with a note; a text holding one among its words is kept", () => {
    const d = drafted(document, ["zqAddDoc"]);
    const params = Object.values(d.manifest.operations)[0]?.params ?? {};
    expect(params.zqacronym?.example).toBeUndefined();
    expect(params.zqacronym?.default).toBeUndefined();
    expect(params.zqVersion?.example).toBeUndefined();
    expect(params.zqowner?.example).toBeUndefined();
    expect(params.zqgreeting?.example).toBe("Hello {{zqfirst}}, welcome");
    expect(params.zqlimit?.example).toBe(5);
    const notes = d.notes.map((n) => n.note).filter((n) => n.includes("a variable of the tool"));
    const said = (what: string, value: string) =>
      `the spec's ${what} "${value}" is a variable of the tool the document was written with, not a value: left out`;
    expect(notes).toEqual([
      said("default", "{{zqacronym}}"),
      said("example", "{{ ZQ_VERSION }}"),
      said("example", "{{zqowner}}"),
    ]);
  });
});
