// A text whose document lists its values as the known ones, the service taking others too (AutoRest's `x-ms-enum` of
// `modelAsString: true`, `x-extensible-enum`). add left the enum out of its cut, so a call takes any text, and the
// parameter was typed `string`: editors no longer offered the known values. The draft now keeps them as the
// parameter's `knownValues`, which the typed client types `"a" | "b" | (string & {})` and a model's tool says in
// words, never as a closed enum; a call of another text is sent as it is.
import { afterAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import { inputSchema } from "@blockwright/runtime/internal";
import { draftWorkFolder, drafted, linkedTools, openapi, reply, sentOrRefused } from "../__fixtures__/draft-kit.js";
import { paramTsType } from "../../emit/emit-tool-types.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi({
  "/zqinks": {
    get: {
      operationId: "zqListInks",
      parameters: [
        {
          name: "zqstyle",
          in: "query",
          schema: {
            type: "string",
            enum: ["zqdrawing", "zqwriting"],
            "x-ms-enum": { name: "ZqStyle", modelAsString: true },
          },
        },
        { name: "zqpen", in: "query", schema: { type: "string", "x-extensible-enum": ["zqfine", "zqbold"] } },
        { name: "zqkind", in: "query", schema: { type: "string", enum: ["zqa", "zqb"] } },
      ],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "i1" }) },
    },
  },
});

describe("a text of known values the service takes others beside", () => {
  it("is drafted with its known values, typed with them beside any text, and said to models in words", async () => {
    const d = drafted(document, ["zqListInks"], "zqinks");
    const params = Object.values(d.manifest.operations)[0]?.params ?? {};
    expect(params.zqstyle).toMatchObject({ type: "string", knownValues: ["zqdrawing", "zqwriting"] });
    expect(params.zqstyle?.enum).toBeUndefined();
    expect(params.zqpen).toMatchObject({ type: "string", knownValues: ["zqfine", "zqbold"] });
    expect(params.zqkind).toMatchObject({ enum: ["zqa", "zqb"] });
    expect(params.zqkind?.knownValues).toBeUndefined();
    const [tool] = await linkedTools(d, "zqinks");
    const style = tool?.params.find((p) => p.name === "zqstyle");
    expect(style?.knownValues).toEqual(["zqdrawing", "zqwriting"]);
    expect(paramTsType(style as never)).toBe('"zqdrawing" | "zqwriting" | (string & {})');
    const kind = tool?.params.find((p) => p.name === "zqkind");
    expect(paramTsType(kind as never)).toBe('"zqa" | "zqb"');
    const schema = inputSchema(tool as never).properties.zqstyle as Record<string, unknown>;
    expect(schema.enum).toBeUndefined();
    expect(schema.description).toContain("Known values: zqdrawing, zqwriting (others are taken too).");
  });

  it("sends a text beside the known values as it is", async () => {
    const d = drafted(document, ["zqListInks"], "zqinks");
    const [tool] = await linkedTools(d, "zqinks");
    expect(await sentOrRefused(tool as never, { zqstyle: "zq other/é" }, { id: "i1" })).toEqual({
      message: "sent",
      sent: 1,
    });
  });
});
