// A `type` written as a common name of a JSON type (`int`, `long`, `bool`, `double`, `str`, `String`): a page number's
// and a page size's schemas so written were left out of the cut as naming no type, so the values went as given,
// unchecked. add writes each as the type it names (load/schemas/type-aliases.ts), says so in the header and a note
// naming the place and the name; the draft, the link and the request judge then read the one type.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCut,
  linkedTools,
  notesAt,
  openapi,
  reply,
  sentOrRefused,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const query = (name: string, schema: object) => ({ name, in: "query", schema });
const document = openapi(
  {
    "/zqnotes": {
      post: {
        operationId: "zqSearchNotes",
        parameters: [
          { $ref: "#/components/parameters/ZqPageNumber" },
          query("zqPageSize", { type: "long", maximum: 200 }),
          query("zqExact", { type: "bool" }),
          query("zqRatio", { type: "double" }),
          query("zqWord", { type: "str", maxLength: 20 }),
        ],
        requestBody: {
          content: {
            "application/json": {
              schema: { type: "object", properties: { zqCount: { type: "Integer" }, zqOdd: { type: "whatever" } } },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
      },
    },
  },
  { parameters: { ZqPageNumber: query("zqPageNumber", { type: "int", minimum: 1 }) } },
);

describe("a type written as a common name of a JSON type", () => {
  const d = drafted(document, ["zqSearchNotes"], "zqaliases");

  it("is written as the type it names, said in the header and a note naming the place and the name", () => {
    const place = 'components.parameters.ZqPageNumber.schema (type "int", a common name of integer)';
    expect(d.openapiText).toContain(place);
    expect(d.openapiText).toMatch(/a type's common name, JSON Schema's name meant/);
    const notes = notesAt(d, "openapi").join("\n");
    expect(notes).toContain(place);
    expect(notes).toContain('paths./zqnotes.post.parameters.2.schema (type "bool", a common name of boolean)');
    expect(notes).toMatch(/a type's common name \(int, bool, String\) is no JSON Schema type/);
    // A name of no type stays left out, as before.
    expect(d.openapiText).toMatch(/Left out by blockwright add: .*zqOdd \(type "whatever"\)/);
  });

  it("is checked before the request, as the request judge reads it", async () => {
    const [tool] = await linkedTools(d, "zqaliases");
    const kinds = Object.fromEntries(tool!.params.map((p) => [p.name, [p.type, p.integer ?? false]]));
    expect(kinds).toMatchObject({
      zqPageNumber: ["number", true],
      zqPageSize: ["number", true],
      zqExact: ["boolean", false],
      zqRatio: ["number", false],
      zqWord: ["string", false],
    });
    const send = (input: Record<string, unknown>) => sentOrRefused(tool!, input, { id: "zq1" });
    expect(await send({ zqPageNumber: 2, zqPageSize: 200, zqExact: true, zqRatio: 0.5, zqWord: "zq" })).toEqual({
      message: "sent",
      sent: 1,
    });
    expect((await send({ zqPageNumber: "two" })).message).toMatch(/zqPageNumber/);
    expect((await send({ zqPageNumber: 1.5 })).sent).toBe(0);
    expect((await send({ zqPageSize: 201 })).message).toMatch(/zqPageSize: must be at most 200/);
    const { refusals } = judgedCut(d, "/zqnotes");
    expect(refusals({ zqCount: 3 })).toEqual([]);
    expect(refusals({ zqCount: "three" })).not.toEqual([]);
  });
});
