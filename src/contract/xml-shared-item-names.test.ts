// An XML body with two unwrapped lists whose items have one element name (a cluster's roles to add and to remove, each
// item `<ZqRoleArn>`): as the document writes them, the elements say not which list each is, and the read gives each
// list all of them. The suite's "every parameter" case sent both and held each list to what it read back: `["a"]`
// against `["a", "b"]`, a failure of a request the document describes. A list sent intact is now one whose items the
// read holds side by side, in order; one missing, out of order or changed still fails.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { sentAsRun, sharedXmlItems } from "../judge/body/xml-shared-items.js";

const zqRoles = { type: "array", items: { type: "string", maxLength: 40, xml: { name: "ZqRoleArn" } } };
const document = openapi({
  "/zqclusters": {
    post: {
      operationId: "ModifyZqClusterRoles",
      requestBody: {
        required: true,
        content: {
          "text/xml": {
            schema: {
              type: "object",
              xml: { name: "ModifyZqClusterRolesRequest" },
              required: ["ZqCluster"],
              properties: { ZqCluster: { type: "string", maxLength: 40 }, ZqAddRoles: zqRoles, ZqRemoveRoles: zqRoles },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { ZqId: { type: "string" } } }, { ZqId: "zq-1" }) },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqclusters", document, ["ModifyZqClusterRoles"]);
});
afterAll(async () => {
  await on?.close();
});

describe("two unwrapped lists of an XML body whose items share an element name", () => {
  it("pass every derived case on the mock, the case giving both among them", async () => {
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  }, 120_000);

  it("are sent intact only as a run of the items read, in order", () => {
    expect(sentAsRun(["a", "b", "c"], ["a"])).toBe(true);
    expect(sentAsRun(["a", "b", "c"], ["b", "c"])).toBe(true);
    expect(sentAsRun(["a", "b", "c"], ["a", "c"])).toBe(false);
    expect(sentAsRun(["a", "b"], ["b", "a"])).toBe(false);
    expect(sentAsRun(["a"], ["x"])).toBe(false);
    expect(sentAsRun(["a"], [])).toBe(false);
  });
});

describe("which XML lists share their items' element name", () => {
  const tool = (fields: Record<string, unknown>) =>
    ({
      body: { encoding: "xml", xml: { name: "ZqRequest", fields } },
      params: ["ZqAdd", "ZqRemove"].map((name) => ({ name, type: "json", wire: { in: "body", pointer: `/${name}` } })),
    }) as unknown as Parameters<typeof sharedXmlItems>[0];

  it("two unwrapped lists of one item name, not two wrapped lists or two of their own names", () => {
    const item = { items: { name: "ZqRoleArn" } };
    expect(sharedXmlItems(tool({ ZqAdd: item, ZqRemove: item }), "/ZqAdd")).toBe(true);
    const wrapped = { wrapped: true, items: { name: "ZqRoleArn" } };
    expect(sharedXmlItems(tool({ ZqAdd: wrapped, ZqRemove: wrapped }), "/ZqAdd")).toBe(false);
    expect(sharedXmlItems(tool({}), "/ZqAdd")).toBe(false);
  });
});
