// A reply whose schema gives `items` and no `type` (`{description, items: {anyOf: [shapes]}}`) and whose examples are
// objects: `items` constrains only a list, so an object meets the schema, and the examples show the reply is one of
// the items. add drafted a list output (`data` of type array, with its count), and every answer failed the outputs'
// check ("/data must be array"). It now drafts the reply as JSON, and says why; a list typed so stays a list.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const shape = { type: "object", required: ["ok"], properties: { ok: { type: "boolean" }, zqName: { type: "string" } } };
const doc = (schema: object, example: unknown) =>
  openapi({
    "/zqidentity": {
      get: {
        operationId: "zqIdentity",
        responses: {
          "200": {
            description: "The identity.",
            content: { "application/json": { schema, examples: { zqOne: { value: example } } } },
          },
        },
      },
    },
  });

describe("a reply whose schema gives items and no type", () => {
  it("is drafted as JSON when its examples are objects, with a note, and links", async () => {
    const d = drafted(doc({ items: { anyOf: [shape] } }, { ok: true, zqName: "zq" }), ["zqIdentity"]);
    expect(d.manifest.operations.acme_zq_identity?.outputs).toEqual({
      data: { type: "json", from: "$response.body", description: "The identity." },
    });
    expect(notesAt(d, "operations.acme_zq_identity.outputs")).toContainEqual(
      expect.stringMatching(/gives items but no type, and its examples are objects/),
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("stays a list when its examples are lists, or its type says array", () => {
    for (const [schema, example] of [
      [{ items: shape }, [{ ok: true }]],
      [{ type: "array", items: shape }, { ok: true }],
    ] as const) {
      const d = drafted(doc(schema, example), ["zqIdentity"]);
      expect(d.manifest.operations.acme_zq_identity?.outputs?.data).toMatchObject({ type: "array" });
    }
  });
});
