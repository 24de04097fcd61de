// A query value of `type: string` beside a union whose branches are each an enum of texts (kinds of place: localities,
// points of interest and their aliases, three enums of their own): the draft read the type and not the union, so any
// text was sent, which the document's schema (and the request judge) refuses. It is drafted as an enum of the texts the
// branches list, as a union of listed texts with no type of its own is.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const kinds = { type: "string", enum: ["locality", "postal_code"] };
const places = { type: "string", enum: ["zq.station", "zq.beach"] };
const document = openapi({
  "/zqplaces": {
    get: {
      operationId: "zqFindPlaces",
      parameters: [
        { name: "types", in: "query", schema: { type: "string", anyOf: [kinds, places] } },
        { name: "name", in: "query", schema: { type: "string", anyOf: [{ maxLength: 20 }, { pattern: "^zq" }] } },
      ],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

describe("a text of a type beside a union of listed texts", () => {
  const d = drafted(document, ["zqFindPlaces"]);
  const id = Object.keys(d.manifest.operations)[0] ?? "";
  const params = d.manifest.operations[id]?.params ?? {};

  it("is drafted as an enum of the texts each branch lists; a union of other limits stays a string", async () => {
    expect(params.types).toMatchObject({ type: "string", enum: ["locality", "postal_code", "zq.station", "zq.beach"] });
    expect(notesAt(d, `operations.${id}.params.types`).join("\n")).toContain("drafted as an enum");
    expect(params.name).toMatchObject({ type: "string" });
    expect(params.name).not.toHaveProperty("enum");
    expect(await linkProblems(d)).toEqual([]);
  });
});
