// An array parameter whose enum lists one-item lists (`type: array, enum: [["zq-open"], ["zq-shut"]]`, meant as the
// items' values): add drafted a list with no enum, and its own final check refused the draft ("enum (none) is looser
// than … [["zq-open"],["zq-shut"]]"). It is drafted as a list of one item of those values (minItems and maxItems 1,
// the items' enum), which the link takes as no looser; an enum of longer lists, which no manifest states, is not
// drafted.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi({
  "/zqfeeds": {
    get: {
      operationId: "zqListFeed",
      parameters: [
        {
          name: "zq_kinds",
          in: "query",
          explode: false,
          schema: { type: "array", items: { type: "string" }, enum: [["zq-open"], ["zq-shut"], ["zq-open"]] },
        },
        {
          name: "zq_pairs",
          in: "query",
          explode: false,
          schema: { type: "array", items: { type: "string" }, enum: [["zq-a", "zq-b"], ["zq-c"]] },
        },
      ],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

describe("an array parameter whose enum lists one-item lists", () => {
  const d = drafted(document, ["zqListFeed"]);
  const id = Object.keys(d.manifest.operations)[0] ?? "";
  const params = d.manifest.operations[id]?.params ?? {};

  it("is drafted as a list of one item of those values, with a note", () => {
    expect(params.zq_kinds).toMatchObject({
      type: "json",
      jsonType: "array",
      minItems: 1,
      maxItems: 1,
      items: { enum: ["zq-open", "zq-shut"] },
    });
    expect(notesAt(d, `operations.${id}.params.zq_kinds`).join("\n")).toContain("enum lists one-item lists");
  });

  it("an enum of longer lists is not drafted, with a note saying why", () => {
    expect(params.zq_pairs).toBeUndefined();
    expect(notesAt(d, `operations.${id}`).join("\n")).toContain("lists lists, which a manifest cannot state");
  });

  it("links: add's own final check passes", async () => {
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is looser when it admits two items, no item, or an item the document does not list", async () => {
    const edited = (from: string, to: string) => ({ ...d, manifestText: d.manifestText.replace(from, to) });
    for (const d2 of [
      edited("maxItems: 1", "maxItems: 2"),
      edited("minItems: 1\n", "minItems: 0\n"),
      edited("zq-shut", "zq-ajar"),
    ]) {
      expect(d2.manifestText).not.toBe(d.manifestText);
      expect((await linkProblems(d2)).join("\n")).toContain('enum (none) is looser than query parameter "zq_kinds"');
    }
  });
});
