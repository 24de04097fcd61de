// Offset paging whose query names carry a model binder's prefix (`zqparameters.skip`, `zqparameters.take`: ASP.NET's
// `parameters.` before each name) and whose page size is named `take` (LINQ's Skip/Take). add matched the paging
// words against the whole name, so the list was drafted as one page only and `call --all-pages` refused it. The last
// dotted part is matched, and `take` is a page size.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const int = { type: "integer", format: "int32" };
const document = openapi({
  "/zqmotions/list": {
    get: {
      operationId: "zqListMotions",
      parameters: [
        { name: "zqparameters.searchTerm", in: "query", schema: { type: "string" } },
        { name: "zqparameters.skip", in: "query", description: "Records to skip, default 0.", schema: int },
        { name: "zqparameters.take", in: "query", description: "Records to return, default 25.", schema: int },
      ],
      responses: {
        "200": reply(
          { type: "object", properties: { Response: { type: "array", items: { type: "object" } } } },
          { Response: [] },
        ),
      },
    },
  },
});

describe("offset paging of dotted query names", () => {
  const d = drafted(document, ["zqListMotions"]);
  const id = Object.keys(d.manifest.operations)[0] ?? "";

  it("is drafted as an offset sent as the skip, the take the page size", async () => {
    expect(d.manifest.operations[id]?.pagination).toEqual({
      style: "offset",
      send: { in: "query", name: "zqparameters.skip" },
      items: ["data"],
      pageSize: "zqparametersTake",
    });
    expect(notesAt(d, `operations.${id}.pagination`).join("\n")).toContain("zqparameters.skip");
    expect(await linkProblems(d)).toEqual([]);
  });
});
