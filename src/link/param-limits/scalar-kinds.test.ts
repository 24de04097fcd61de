// A value inside a JSON body field of one of several scalar kinds (a PHP option's value a text or a whole number):
// `oneOf`/`anyOf` of scalar types, or a 3.1 type list. The link read it as no one type, so the runtime sent `true` and
// `1.5` where a text or a whole number is asked; its kinds are recorded now (NestedLimits.kinds) and checked before
// any request, naming the field, the kinds and the value.
import { rmSync } from "node:fs";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { inputSchema } from "@blockwright/runtime/internal";
import { jsonBoundaries } from "../../contract/kinds/limit.js";
import { validInput } from "../../contract/inputs/random-inputs.js";
import { ToolValues } from "../../contract/inputs/values.js";
import { paramTsType } from "../../emit/emit-tool-types.js";
import {
  draftWorkFolder,
  drafted,
  judgedCut,
  linkProblems,
  linkedTools,
  openapi,
  reply,
  sentOrRefused,
} from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const textOrWhole = { oneOf: [{ type: "string" }, { type: "integer" }] };

function documentWith(field: object, version = "3.0.3") {
  return {
    ...openapi({
      "/zqsites": {
        post: {
          operationId: "updateZqsite",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { type: "object", required: ["zqOptions"], properties: { zqOptions: field } },
              },
            },
          },
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
        },
      },
    }),
    openapi: version,
  };
}

async function linked(field: object, provider: string, version?: string) {
  const draft = drafted(documentWith(field, version), ["updateZqsite"], provider);
  const tools = await linkedTools(draft, provider);
  return { draft, tool: tools.find((t) => t.id === `${provider}_update_zqsite`)! };
}

async function sender(field: object, provider: string, version?: string) {
  const { tool } = await linked(field, provider, version);
  return (value: unknown) => sentOrRefused(tool, { zqOptions: value }, { id: "zq1" });
}

const sent = { message: "sent", sent: 1 };

describe("a value inside a JSON value of one of several scalar kinds", () => {
  it("refuses a value of no kind among an object's values, naming the place, the kinds and the value", async () => {
    const send = await sender({ type: "object", additionalProperties: textOrWhole }, "zqphpopts");
    expect(await send({ zqmemory: "256M", max_execution_time: 30 })).toEqual(sent);
    const flag = await send({ zqflag: true });
    expect(flag.sent).toBe(0);
    expect(flag.message).toMatch(/zqOptions\["zqflag"\]: must be one of string, integer, got true/);
    const fraction = await send({ max_execution_time: 1.5 });
    expect(fraction.message).toMatch(/max_execution_time"\]: must be one of string, integer, got 1\.5/);
    expect(fraction.sent).toBe(0);
  });

  it("reads a property's schema, a list's items, anyOf and a 3.1 type list alike", async () => {
    const field = await sender({ type: "object", properties: { zqLimit: textOrWhole } }, "zqkindfield");
    expect(await field({ zqLimit: "64M" })).toEqual(sent);
    expect((await field({ zqLimit: false })).message).toMatch(/zqOptions\.zqLimit: must be one of string, integer/);
    const items = await sender({ type: "array", items: textOrWhole }, "zqkinditems");
    expect(await items(["a", 2])).toEqual(sent);
    expect((await items(["a", { b: 1 }])).message).toMatch(/zqOptions\[1\]: must be one of string, integer/);
    const anyOf = await sender(
      { type: "object", additionalProperties: { anyOf: [{ type: "boolean" }, { type: "number", maximum: 9 }] } },
      "zqkindany",
    );
    expect(await anyOf({ a: true, b: 2.5 })).toEqual(sent);
    expect((await anyOf({ a: "x" })).message).toMatch(/zqOptions\["a"\]: must be one of boolean, number/);
    expect((await anyOf({ b: 10 })).message).toMatch(/zqOptions\["b"\]: must be at most 9/);
    const list = await sender(
      { type: "object", additionalProperties: { type: ["string", "integer", "null"], maxLength: 3 } },
      "zqkindlist",
      "3.1.0",
    );
    expect(await list({ a: "abc", b: 7, c: null })).toEqual(sent);
    expect((await list({ a: 1.5 })).message).toMatch(/zqOptions\["a"\]: must be one of string, integer/);
    expect((await list({ a: "abcd" })).message).toMatch(/zqOptions\["a"\]: must be at most 3 characters/);
  });

  it("takes a value fitting two kinds that overlap (a number and an integer), refuses one of none", async () => {
    const send = await sender(
      { type: "object", additionalProperties: { anyOf: [{ type: "number" }, { type: "integer" }] } },
      "zqkindoverlap",
    );
    expect(await send({ a: 1 })).toEqual(sent);
    expect(await send({ a: 1.5 })).toEqual(sent);
    expect((await send({ a: "1" })).message).toMatch(/zqOptions\["a"\]: must be one of number, integer, got "1"/);
  });
});

describe("the kinds, read everywhere a value's limits reach", () => {
  const field = { type: "object", additionalProperties: textOrWhole };

  it("a model's schema shows them, and says them in words where it is given JSON text", async () => {
    const { tool } = await linked(field, "zqkindmodel");
    const plain = inputSchema(tool).properties.zqOptions;
    expect(plain?.additionalProperties).toEqual({ anyOf: [{ type: "string" }, { type: "integer" }] });
    expect(inputSchema(tool, { strict: true }).properties.zqOptions?.description).toMatch(
      /Each value one of string, integer\./,
    );
  });

  it("the typed client's type is any of them", async () => {
    const { tool } = await linked(field, "zqkindtype");
    const p = tool.params.find((q) => q.name === "zqOptions")!;
    expect(paramTsType(p)).toBe("Record<string, string | number>");
  });

  it("the suite's random values are of each kind, and the request judge takes them", async () => {
    const { draft, tool } = await linked(field, "zqkinddraws");
    const { cut, refusals } = judgedCut(draft, "/zqsites");
    const values = new ToolValues(tool, cut);
    const drawn = fc.sample(validInput(tool, values, "http://127.0.0.1:1"), { numRuns: 60, seed: 5 });
    const inside = drawn.flatMap((input) => Object.values((input.zqOptions ?? {}) as object));
    expect(new Set(inside.map((v) => typeof v))).toEqual(new Set(["string", "number"]));
    expect(inside.filter((v) => typeof v === "number" && !Number.isInteger(v))).toEqual([]);
    expect(drawn.flatMap((input) => refusals({ zqOptions: input.zqOptions }))).toEqual([]);
  });

  it("the limit case sends a value of a kind and refuses one of none, as the request judge does", async () => {
    const { draft, tool } = await linked(field, "zqkindlimit");
    const { refusals } = judgedCut(draft, "/zqsites");
    const p = tool.params.find((q) => q.name === "zqOptions")!;
    const [kinds] = jsonBoundaries(p);
    expect(kinds).toMatchObject({ ok: { key: "zq" }, bad: { key: true }, rule: "type" });
    expect(refusals({ zqOptions: kinds?.ok })).toEqual([]);
    expect(refusals({ zqOptions: kinds?.bad })).not.toEqual([]);
    expect(refusals({ zqOptions: { max_execution_time: 1.5 } })).not.toEqual([]);
    expect((await sentOrRefused(tool, { zqOptions: kinds?.bad }, {})).sent).toBe(0);
  });
});

describe("a manifest's one type for a value of several kinds", () => {
  const field = { type: "object", additionalProperties: textOrWhole };
  const withValues = (values: string) => {
    const draft = drafted(documentWith(field), ["updateZqsite"], "zqkindnarrow");
    const manifestText = draft.manifestText.replace(
      "        jsonType: object\n",
      `        jsonType: object\n        values: { type: ${values} }\n`,
    );
    return { ...draft, manifestText };
  };

  it("narrows them to it, and is refused when it is none of them", async () => {
    const [tool] = await linkedTools(withValues("integer"), "zqkindnarrow");
    expect((await sentOrRefused(tool!, { zqOptions: { a: "64M" } }, {})).message).toMatch(/must be a number/);
    expect((await sentOrRefused(tool!, { zqOptions: { a: 30 } }, {})).sent).toBe(1);
    expect((await linkProblems(withValues("boolean"), "zqkindnarrow")).join("\n")).toMatch(
      /type "boolean" is not one of the values of .*'s kinds string, integer/,
    );
  });
});
