// A document whose description is markup alone (`<p/>`, as converted documents write an empty one): the draft's
// description was its first sentence, empty, which generate refused ("must NOT have fewer than 1 characters").
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

describe("the provider's description", () => {
  it("from a document whose description is markup alone (`<p/>`): the title's, said in a note; it links", async () => {
    const document = openapi({
      "/zq-items": { get: { operationId: "listZqItems", responses: { "200": reply({ type: "object" }) } } },
    });
    document.info = { title: "Zq Items", version: "1", description: "<p/>" };
    const d = drafted(document, ["listZqItems"]);
    expect(d.manifest.description).toBe("Operations of the Zq Items.");
    expect(notesAt(d, "description")).toEqual(["info.description is empty: say what the block does"]);
    expect(await linkProblems(d)).toEqual([]);
  });
});

describe("a body field's and an answer field's description of markup alone", () => {
  it("is drafted as none: the field's name, said in a note; it links", async () => {
    const markupOnly = { type: "string", enum: ["ZQ_RESTORE", "ZQ_REVOKE"], description: "<p/>" };
    const document = openapi({
      "/zq-permissions": {
        post: {
          operationId: "getZqPermission",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { type: "object", required: ["zqAction"], properties: { zqAction: markupOnly } },
              },
            },
          },
          responses: {
            "200": reply({ type: "object", properties: { zqPolicy: { type: "string", description: "<p/>" } } }),
          },
        },
      },
    });
    const d = drafted(document, ["getZqPermission"]);
    const op = Object.values(d.manifest.operations)[0]!;
    expect(op.params?.zqAction?.description).toBe("The zqAction field.");
    expect(Object.values(op.outputs ?? {}).every((o) => (o.description ?? "").trim() !== "")).toBe(true);
    expect(d.notes.map((n) => n.note)).toContain("the spec describes zqAction nowhere: write what it means");
    expect(await linkProblems(d)).toEqual([]);
  });
});
