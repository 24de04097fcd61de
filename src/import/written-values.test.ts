// A default or an example the document writes as the text a request carries: a list parameter's example as its
// style serialises it (`"zq1,zq2,zq3"` for `style: form, explode: false`, `"1|2"` for `pipeDelimited`), a boolean's
// default as the text "true" or "false". add left each out as not of the drafted type ("does not pass the drafted
// limits"); it reads them as the value they stand for now, with a review note, where the value read passes the
// drafted limits; any other text keeps the note as before.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "./__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const list = (items: object, extra: object = {}) => ({ type: "array", items, ...extra });
const doc = openapi({
  "/zqitems": {
    get: {
      operationId: "listZqItems",
      parameters: [
        { in: "query", name: "ids", style: "form", explode: false, schema: list(text, { example: "zq1,zq2,zq3" }) },
        { in: "query", name: "ports", style: "pipeDelimited", schema: list({ type: "integer" }), example: "1|2" },
        {
          in: "query",
          name: "sizes",
          style: "form",
          explode: false,
          schema: list({ type: "integer" }),
          example: "a,b",
        },
        { in: "query", name: "tags", schema: list(text), example: "a,b" },
        { in: "query", name: "zqActive", schema: { type: "boolean", default: "true" } },
        { in: "query", name: "zqArchived", schema: { type: "boolean", default: "false" } },
        { in: "query", name: "zqOther", schema: { type: "boolean", default: "yes" } },
        { in: "query", name: "zqTags", schema: { type: "string", default: "" } },
        { in: "query", name: "zqPerPage", schema: { type: "integer", default: "10", maximum: 100 } },
        { in: "query", name: "zqRatio", schema: { type: "number", default: "2.5" } },
        { in: "query", name: "zqPage", schema: { type: "integer", default: "2.5" } },
        { in: "query", name: "zqLimit", schema: { type: "integer", default: "1e3" } },
        { in: "query", name: "zqSize", schema: { type: "integer", default: "500", maximum: 100 } },
        { in: "header", name: "zqNote", schema: { type: "string", maxLength: 40 }, example: " " },
      ],
      responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "z1" }) },
    },
  },
});

describe("a value the document writes as its text", () => {
  const d = drafted(doc, ["listZqItems"], "zqitems");
  const params = d.manifest.operations?.zqitems_list_zq_items?.params ?? {};
  const at = (name: string) => notesAt(d, `operations.zqitems_list_zq_items.params.${name}`);

  it("reads a list's example as its style writes it, with a note", () => {
    expect(params.ids?.example).toEqual(["zq1", "zq2", "zq3"]);
    expect(params.ports?.example).toEqual([1, 2]);
    expect(at("ids")).toContain(
      'the spec writes the example of the list ids as its form style sends it, "zq1,zq2,zq3": read as the list ' +
        '["zq1","zq2","zq3"]',
    );
    expect(at("ports")).toContain(
      'the spec writes the example of the list ports as its pipeDelimited style sends it, "1|2": read as the ' +
        "list [1,2]",
    );
  });

  it("keeps the note as before where the text reads as no list the parameter takes", () => {
    expect(params.sizes?.example).toBeUndefined();
    expect(at("sizes")).toContain('the spec\'s example "a,b" does not pass the drafted limits: left out');
    // Exploded (form's default), a list is a pair per item: no one text writes it.
    expect(params.tags?.example).toBeUndefined();
    expect(at("tags")).toContain('the spec\'s example "a,b" does not pass the drafted limits: left out');
  });

  it('reads a boolean\'s default "true" or "false" as the boolean, with a note; another text as before', async () => {
    expect(params.zqActive?.default).toBe(true);
    expect(params.zqArchived?.default).toBe(false);
    expect(at("zqActive")).toContain('the spec writes the default as the text "true": read as the boolean true');
    expect(params.zqOther?.default).toBeUndefined();
    expect(at("zqOther")).toContain('the spec\'s default "yes" does not pass the drafted limits: left out');
    expect(await linkProblems(d, "zqitems")).toEqual([]);
  });

  it("reads a number's default written as its text as the number, with a note, where of its type", async () => {
    // swagger-php's `per_page: {type: integer, default: "10"}`: left out before, with "does not pass the drafted
    // limits".
    expect(params.zqPerPage?.default).toBe(10);
    expect(params.zqRatio?.default).toBe(2.5);
    expect(at("zqPerPage")).toContain('the spec writes the default as the text "10": read as the number 10');
    expect(at("zqRatio")).toContain('the spec writes the default as the text "2.5": read as the number 2.5');
    // Not an integer, not the number as JSON writes it, past the limits: left out as before.
    for (const name of ["zqPage", "zqLimit", "zqSize"]) {
      expect(params[name]?.default).toBeUndefined();
      expect(at(name).join(" ")).toContain("does not pass the drafted limits: left out");
    }
    expect(await linkProblems(d, "zqitems")).toEqual([]);
  });

  it("says an empty text default or example is no value, rather than blaming limits it meets", async () => {
    // A Swashbuckle document's `tags: {type: string, default: ""}`: a call giving "" sends nothing, as one leaving
    // the parameter out; the note said "does not pass the drafted limits" (maxLength 1000, which "" meets).
    expect(params.zqTags?.default).toBeUndefined();
    expect(params.zqNote?.example).toBeUndefined();
    expect(at("zqTags")).toContain(
      'the spec\'s default "" is empty text, which a call sends as no value (as left out): left out',
    );
    expect(at("zqNote")).toContain(
      'the spec\'s example " " is empty text, which a call sends as no value (as left out): left out',
    );
    expect(await linkProblems(d, "zqitems")).toEqual([]);
  });
});
