// A field inside a JSON value whose integer enum lists only labels (`type: integer, enum: ["0 (ZqStandard)",
// "1 (ZqPremium)"]`, each value's number and name, as some generators write them: Visual Studio's pool API's disk
// type inside `vmSpecs`): no value meets both. The parameter's limits took the labels as the field's enum, and the tool
// refused every call giving the field ("must be one of 0 (ZqStandard), …, got 1"), the contract suite found no value
// of the parameter. The field's type is what the wire carries, as a parameter's own enum of labels reads.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, jsonBodyTool, sentOrRefused } from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const specs = {
  type: "object",
  required: ["zqDiskKind", "zqImage"],
  properties: {
    zqDiskKind: { type: "integer", format: "int32", enum: ["0 (ZqStandard)", "1 (ZqPremium)"] },
    zqSizes: { type: "array", items: { type: "integer", enum: ["7 (ZqSmall)", "9 (ZqLarge)"] } },
    zqImage: { type: "string" },
  },
};

function linkedTool() {
  return jsonBodyTool({ method: "put", path: "/zqpools", operationId: "putZqpool" }, "zqSpecs", specs, "zqlabels");
}

describe("a field whose integer enum lists only labels, inside a JSON value", () => {
  it("is limited to its type, not to the labels", async () => {
    const tool = await linkedTool();
    const fields = tool.params.find((p) => p.name === "zqSpecs")?.object?.fields;
    expect(fields?.zqDiskKind).toEqual({ type: "integer" });
    expect(fields?.zqSizes?.items).toEqual({ type: "integer" });
  });

  it("sends a whole number given, and refuses a label or a text", async () => {
    const tool = await linkedTool();
    const given = { zqDiskKind: 1, zqSizes: [7], zqImage: "zqimg" };
    expect(await sentOrRefused(tool, { zqSpecs: given }, { id: "zq1" })).toEqual({ message: "sent", sent: 1 });
    const label = await sentOrRefused(tool, { zqSpecs: { ...given, zqDiskKind: "1 (ZqPremium)" } }, { id: "zq1" });
    expect(label).toMatchObject({ sent: 0 });
    expect(label.message).toContain("zqSpecs.zqDiskKind");
  });
});
