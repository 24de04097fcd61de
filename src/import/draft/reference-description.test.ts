// A field whose schema is a reference with words of its own beside it (`{$ref: ZqAccount, description: …}`: 3.1 reads
// a reference's siblings, and 3.0 documents write them too): add drafted the field as described nowhere ("The
// zqAccount field.", with a note asking for words), though the document says what it means there.
import { describe, expect, it } from "vitest";
import { drafted, openapi } from "../__fixtures__/draft-kit.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const document = (version: string) =>
  openapi(
    {
      "/zqtransfers": {
        post: {
          operationId: "zqCreateTransfer",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["zqAccount"],
                  properties: {
                    zqAccount: { ...ref("ZqAccount"), description: "The account the zq transfer pays into." },
                    zqKind: { ...ref("ZqKind"), description: "How the zq transfer is made." },
                    zqNote: ref("ZqNote"),
                    zqBare: ref("ZqBare"),
                  },
                },
              },
            },
          },
          responses: { "204": { description: "made" } },
        },
      },
    },
    {
      schemas: {
        ZqAccount: { type: "object", properties: { zqNumber: { type: "string" } } },
        ZqKind: { type: "string", enum: ["zqwire", "zqcard"], description: "A kind of zq payment." },
        ZqNote: { type: "string", description: "A note kept with the zq transfer." },
        ZqBare: { type: "string" },
      },
    },
    { openapi: version },
  );

describe("a body field that is a reference with its own description", () => {
  for (const version of ["3.1.0", "3.0.3"])
    it(`is drafted with the reference's words, before the schema's own (OpenAPI ${version})`, () => {
      const d = drafted(document(version), ["zqCreateTransfer"]);
      const params = Object.values(d.manifest.operations)[0]?.params ?? {};
      expect(params.zqAccount?.description).toBe("The account the zq transfer pays into.");
      expect(params.zqKind?.description).toBe("How the zq transfer is made.");
      expect(params.zqNote?.description).toBe("A note kept with the zq transfer.");
      expect(params.zqBare?.description).toBe("The zqBare field.");
      const nowhere = d.notes.filter((n) => /describes \w+ nowhere/.test(n.note)).map((n) => n.note);
      expect(nowhere).toEqual(["the spec describes zqBare nowhere: write what it means"]);
    });
});
