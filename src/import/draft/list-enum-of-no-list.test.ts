// A list whose `enum` lists values that are no lists (`type: array, enum: [read, write], items: {enum: [read,
// write]}`, as generators write a list of an enum type): no list meets it, so the draft left the field out, a required
// one made generate refuse add's own draft (BW2010: "requires body field /zqScopes … but no parameter supplies it"),
// and the mocks and the judge would refuse every list sent. add reads it as its items' values (moved to items that
// list none, left out where they list their own) and says so; the draft links and every derived case passes.
import { describe, expect, it } from "vitest";
import { casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { drafted, linkProblems, notesAt, openapi } from "../__fixtures__/draft-kit.js";

const values = ["zqread", "zqwrite"];
const doc = openapi({
  "/zqclients": {
    post: {
      operationId: "createZqClient",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqName", "zqScopes"],
              properties: {
                zqName: { type: "string" },
                zqScopes: { type: "array", enum: values, items: { type: "string", enum: values } },
                zqGrants: { type: "array", enum: values, items: { type: "string" } },
              },
            },
          },
        },
      },
      responses: { "204": { description: "Made." } },
    },
  },
});

describe("a list whose enum lists values that are no lists", () => {
  it("is read as its items' values, noted, and the draft links", async () => {
    const d = drafted(doc, ["createZqClient"]);
    const params = d.manifest.operations.acme_create_zq_client!.params!;
    expect(params.zqScopes).toMatchObject({ type: "json", required: true });
    expect(params.zqGrants).toMatchObject({ type: "json" });
    expect(notesAt(d, "openapi").join("\n")).toMatch(
      /zqScopes \(enum of no list: left out, its items list their own\)/,
    );
    expect(notesAt(d, "openapi").join("\n")).toMatch(/zqGrants \(enum of no list: its items' values now\)/);
    // Rewritten, not left out: no note gives them a pattern's reason, and the cut's header says they changed.
    expect(notesAt(d, "openapi").filter((n) => n.includes("leaves out") && n.includes("zqGrants"))).toEqual([]);
    expect(d.openapiText).toMatch(/# Changed by blockwright add: [^\n]*zqGrants \(enum of no list/);
    expect(d.openapiText).not.toMatch(/# Left out by blockwright add: [^\n]*zqGrants/);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is sent as a list of its values in every derived case, which the mock takes", async () => {
    const on = await draftedOnMock("acme", doc, ["createZqClient"]);
    try {
      const grants = on.subject.tools[0]?.params.find((p) => p.name === "zqGrants");
      expect(grants?.items?.enum).toEqual(values);
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  }, 120_000);
});
