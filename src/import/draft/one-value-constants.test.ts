// A required header or query parameter whose schema admits one value (an RPC-style API names the method in a header
// of every operation, `X-Zq-Target: enum: [ZqService.CreateThing]`): add drafted it as a required parameter, so every
// caller had to give the one value it can take, and a call without it was refused ("is required"). It is drafted as an
// operation constant the package sends itself, with a note; an optional one, or one of two values, stays a parameter.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi(
  {
    "/zqthings": {
      post: {
        operationId: "zqCreateThing",
        parameters: [
          { name: "X-Zq-Target", in: "header", required: true, schema: { $ref: "#/components/schemas/ZqTarget" } },
          { name: "zq-version", in: "query", required: true, schema: { type: "string", const: "2031-01-01" } },
          { name: "X-Zq-Trace", in: "header", required: false, schema: { type: "string", enum: ["on"] } },
          { name: "zqmode", in: "query", required: true, schema: { type: "string", enum: ["fast", "slow"] } },
        ],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { type: "object", properties: { zqname: { type: "string" } } } } },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
      },
    },
  },
  { schemas: { ZqTarget: { type: "string", enum: ["ZqService.CreateThing"] } } },
);

describe("a required header or query parameter of one value", () => {
  const d = drafted(document, ["zqCreateThing"]);
  const id = Object.keys(d.manifest.operations)[0] ?? "";
  const operation = d.manifest.operations[id];
  const wires = Object.values(operation?.params ?? {}).map(
    (p) => `${p.wire?.in}:${p.wire && "name" in p.wire ? p.wire.name : ""}`,
  );

  it("is drafted as an operation constant with its value (a $ref followed; enum or const), and no parameter", () => {
    expect(operation?.constants).toEqual([
      { in: "query", name: "zq-version", value: "2031-01-01" },
      { in: "header", name: "X-Zq-Target", value: "ZqService.CreateThing" },
    ]);
    expect(wires.filter((w) => /X-Zq-Target|zq-version/.test(w))).toEqual([]);
    expect(Object.keys(operation?.params ?? {}).some((n) => /target|version/i.test(n))).toBe(false);
    const notes = notesAt(d, `operations.${id}.constants`).join("\n");
    expect(notes).toContain("the required header parameter X-Zq-Target admits one value");
    expect(notes).toContain("callers could give nothing else");
    expect(d.manifestText).toContain("constants:");
  });

  it("stays a parameter when optional or of two values", () => {
    expect(wires).toContain("header:X-Zq-Trace");
    expect(operation?.params?.zqmode).toMatchObject({ required: true, enum: ["fast", "slow"] });
  });

  // A required header of null alone is no parameter either: add refuses its operation (null-only-params.test.ts).
  it("stays a parameter when it is a header whose one value is empty text", () => {
    const blank = drafted(
      openapi({
        "/zqblanks": {
          get: {
            operationId: "zqListBlanks",
            parameters: [{ name: "X-Zq-Blank", in: "header", required: true, schema: { type: "string", enum: [""] } }],
            responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
          },
        },
      }),
      ["zqListBlanks"],
    );
    const op = Object.values(blank.manifest.operations)[0];
    expect(op?.constants).toBeUndefined();
    expect(Object.keys(op?.params ?? {}).length).toBe(1);
  });

  it("links, and the tool sends the constant and asks for neither", async () => {
    expect(await linkProblems(d)).toEqual([]);
    const tool = (await linkedTools(d)).find((t) => t.id === id);
    expect(tool?.constants).toEqual(
      expect.arrayContaining([
        { in: "header", name: "X-Zq-Target", value: "ZqService.CreateThing" },
        { in: "query", name: "zq-version", value: "2031-01-01" },
      ]),
    );
    expect(tool?.params.some((p) => "name" in p.wire && /X-Zq-Target|zq-version/.test(p.wire.name))).toBe(false);
  });
});
