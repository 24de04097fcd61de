// An `include`-like query list (a list of enumerated texts, sent item by item: `include=zqalbums&include=zqartists`)
// whose example the document writes as its values joined by commas (`"zqartists,zqalbums"`) or as one of them
// (`"zqalbums"`): JSON Schema reads either as a text, not the list its schema says, so the draft left it out ("does not
// pass the drafted limits"). It is read as the list of those values, with a note; a list of free texts, or a part that
// is none of the values, stays left out as before.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { failedCases } from "../__fixtures__/draft-cases.js";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const items = { type: "string", enum: ["zqartists", "zqalbums", "zqtracks"] };
const list = (name: string, example: string, of: Record<string, unknown> = items) => ({
  name,
  in: "query",
  schema: { type: "array", items: of },
  example,
});
const zqDoc = openapi({
  "/zqrecords": {
    get: {
      operationId: "getZqrecord",
      parameters: [
        list("include", "zqartists,zqalbums"),
        { name: "zqalso", in: "query", schema: { type: "array", items, example: "zqalbums" } },
      ],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
  "/zqothers": {
    get: {
      operationId: "getZqother",
      parameters: [
        list("zqfree", "zqone,zqtwo", { type: "string", maxLength: 20 }),
        list("zqother", "zqartists,zqnone"),
      ],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});
const at = "operations.zqinc_get_zqrecord.params";

describe("an include-like list's example written as its values joined by commas", () => {
  const d = drafted(zqDoc, ["getZqrecord", "getZqother"], "zqinc");
  const params = d.manifest.operations.zqinc_get_zqrecord?.params ?? {};
  const others = d.manifest.operations.zqinc_get_zqother?.params ?? {};

  it("is kept as the list of those values, with a note; a free list's or a stranger's stays left out", async () => {
    expect(params.include?.example).toEqual(["zqartists", "zqalbums"]);
    expect(params.zqalso?.example).toEqual(["zqalbums"]);
    expect(notesAt(d, `${at}.include`)).toContainEqual(
      'the spec writes the example of the list include as its values joined by commas, "zqartists,zqalbums": read as ' +
        'the list ["zqartists","zqalbums"]',
    );
    for (const name of ["zqfree", "zqother"]) {
      expect(others[name], name).toBeDefined();
      expect(others[name]?.example, name).toBeUndefined();
    }
    expect(await linkProblems(d, "zqinc")).toEqual([]);
  });

  it("the document's own example is read so too: every derived case passes on the mock and its judge", async () => {
    const { ids, failed } = await failedCases(drafted(zqDoc, ["getZqrecord"], "zqinc"), "zqinc");
    expect(ids.length).toBeGreaterThan(2);
    expect(failed).toEqual([]);
  });
});
