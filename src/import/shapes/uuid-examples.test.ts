// A `format: uuid` whose own example is a UUID with more around it (a conversation's id, `CON-f972836a-…`, the
// API's ids carrying a prefix): drafted as a UUID of at most 36 characters, so the id the document shows and the API
// gives was refused before any request ("must be at most 36 characters long"). add leaves such a format out of the
// cut, from the schema's own example or its parameter's, and says so; a UUID whose example is one stays a UUID, and
// so does one whose example holds no UUID at all.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const prefixed = "CON-f972836a-550f-45fa-956c-12a2ab5b7d22";
const document = openapi(
  {
    "/zqcalls": {
      post: {
        operationId: "createZqCall",
        parameters: [
          { name: "zq_leg", in: "query", example: `${prefixed}`, schema: { type: "string", format: "uuid" } },
          { name: "zq_talk", in: "query", schema: { $ref: "#/components/schemas/ZqTalkId" } },
          {
            name: "zq_plain",
            in: "query",
            example: "f972836a-550f-45fa-956c-12a2ab5b7d22",
            schema: { type: "string", format: "uuid" },
          },
          { name: "zq_word", in: "query", example: "string", schema: { type: "string", format: "uuid" } },
        ],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/ZqCall" } } },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
      },
    },
  },
  {
    schemas: {
      ZqTalkId: { type: "string", format: "uuid", example: "talk_f972836a-550f-45fa-956c-12a2ab5b7d22_v2" },
      ZqCall: {
        type: "object",
        properties: {
          zq_conversation: { type: "string", format: "uuid", example: prefixed },
          zq_owner: { type: "string", format: "uuid" },
        },
      },
    },
  },
);

describe("a uuid format whose own example is a UUID with more around it", () => {
  it("is left out of the cut and the draft, said so; a UUID's and a placeholder's stay", async () => {
    const d = drafted(document, ["createZqCall"], "zqcalls");
    const params = d.manifest.operations.zqcalls_create_zq_call!.params as Record<
      string,
      { format?: string; maxLength?: number }
    >;
    expect(params.zq_leg?.format).toBeUndefined();
    expect(params.zq_leg?.maxLength).not.toBe(36);
    expect(params.zq_talk?.format).toBeUndefined();
    expect(params.zq_conversation?.format).toBeUndefined();
    expect(params.zq_plain?.format).toBe("uuid");
    expect(params.zq_word?.format).toBe("uuid");
    expect(params.zq_owner?.format).toBe("uuid");
    expect(d.openapiText).toContain("Changed by blockwright add: paths./zqcalls.post.parameters.0 (format uuid:");
    const note = notesAt(d, "openapi").join(" ");
    expect(note).toContain("components.schemas.ZqTalkId");
    expect(note).toContain("components.schemas.ZqCall.properties.zq_conversation");
    expect(await linkProblems(d, "zqcalls")).toEqual([]);
  });
});
