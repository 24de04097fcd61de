// A field inside a JSON value whose document marks its enum open (`x-ms-enum` of `modelAsString: true`, which add's cut
// keeps as the mark's values; `x-extensible-enum`): a parameter of one is typed `"a" | "b" | (string & {})` and said to
// models, but such a field was typed `string`, its known values in the cut's description only. The field now carries
// them (NestedLimits.knownValues) into the typed client's type and a model's schema, read as a parameter's are
// (load/schemas/known-values.ts), and never checked.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { inputSchema } from "@blockwright/runtime/internal";
import { paramTsType } from "../../emit/emit-tool-types.js";
import { draftWorkFolder, jsonBodyTool, sentOrRefused } from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const settings = {
  type: "object",
  properties: {
    zqTier: { type: "string", enum: ["zqbasic", "zqpremium"], "x-ms-enum": { name: "ZqTier", modelAsString: true } },
    zqZones: { type: "array", items: { type: "string", "x-extensible-enum": ["zqeast", "zqwest"] } },
    zqName: { type: "string" },
  },
};

function linkedTool() {
  return jsonBodyTool(
    { method: "post", path: "/zqvaults", operationId: "createZqvault" },
    "zqSettings",
    settings,
    "zqknown",
  );
}

describe("a field of an open enum inside a JSON value", () => {
  it("is typed its known values beside any other text", async () => {
    const tool = await linkedTool();
    const type = paramTsType(tool.params.find((p) => p.name === "zqSettings")!);
    expect(type).toContain('zqTier?: "zqbasic" | "zqpremium" | (string & {});');
    expect(type).toContain('zqZones?: ("zqeast" | "zqwest" | (string & {}))[];');
    expect(type).toContain("zqName?: string;");
  });

  it("says its known values to models", async () => {
    const tool = await linkedTool();
    const fields = inputSchema(tool).properties.zqSettings?.properties;
    expect(fields?.zqTier?.description).toBe("Known values: zqbasic, zqpremium (others are taken too).");
    expect(fields?.zqZones?.items?.description).toBe("Known values: zqeast, zqwest (others are taken too).");
    expect(fields?.zqName?.description).toBeUndefined();
  });

  it("never checks them: another text is sent", async () => {
    const tool = await linkedTool();
    const sent = await sentOrRefused(tool, { zqSettings: { zqTier: "zqnewer", zqZones: ["zqnorth"] } }, { id: "zq1" });
    expect(sent).toEqual({ message: "sent", sent: 1 });
  });
});
