// A union of one shape whose discriminator names it (`ZqCreateTool: {oneOf: [$ref: ZqLambda], discriminator:
// {propertyName: type, mapping: {zqlambda: ZqLambda}}}`, its shape's `type` any text, "This should always be
// zqlambda"). By OpenAPI the property's value names the shape, so a value naming none is no value of the union. Read as
// its one shape, `type` was drafted as any text and `type: foo` was sent; now the draft lists the values naming the
// shape (the mapping's, else its schema's name) and the link holds a field of such a union to them, as it holds a union
// of several shapes (load/schemas/lone-kind.ts). Required, and so of one value, it is a body constant the package
// sends itself (one-value-body-fields.test.ts). In a merge patch's body (RFC 7396), whose view drops the discriminator
// (a patch may leave the tag out), the tag given is still held to them, as the request judge holds it: the draft
// lost them there, and the suite's random values sent `type: "&y"`, which the judge refused.
import { afterAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import { failedCases } from "../__fixtures__/draft-cases.js";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  openapi,
  reply,
  sentOrRefused,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const created = { "201": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "t1" }) };
const post = (operationId: string, schema: unknown) => ({
  post: {
    operationId,
    requestBody: { required: true, content: { "application/json": { schema } } },
    responses: created,
  },
});
const lambda = {
  type: "object",
  required: ["type", "name"],
  properties: {
    type: {
      type: "string",
      description: "This should always be `zqlambda`.",
      default: "zqlambda",
      example: "zqlambda",
    },
    name: { type: "string" },
  },
};
const document = openapi(
  {
    "/zqtools": post("zqCreateTool", ref("ZqCreateTool")),
    "/zqunnamed": post("zqCreateUnnamed", ref("ZqUnmapped")),
    "/zqholders": post("zqCreateHolder", {
      type: "object",
      properties: { zqtool: ref("ZqCreateTool"), zqtools: { type: "array", items: ref("ZqCreateTool") } },
    }),
  },
  {
    schemas: {
      ZqCreateTool: {
        discriminator: { propertyName: "type", mapping: { zqlambda: ref("ZqLambda").$ref } },
        oneOf: [ref("ZqLambda")],
      },
      ZqUnmapped: { discriminator: { propertyName: "type" }, oneOf: [ref("ZqLambda")] },
      ZqLambda: lambda,
    },
  },
);

describe("a union of one shape whose discriminator names it", () => {
  it("drafts the required property as a constant of the value naming the shape: the mapping's, else its name", () => {
    const d = drafted(document, ["zqCreateTool", "zqCreateUnnamed"], "zqtools");
    const [mapped, unnamed] = Object.values(d.manifest.operations);
    expect(mapped?.constants).toEqual([{ in: "body", pointer: "/type", value: "zqlambda" }]);
    expect(unnamed?.constants).toEqual([{ in: "body", pointer: "/type", value: "ZqLambda" }]);
    expect(mapped?.params).not.toHaveProperty("type");
  });

  it("sends the value naming the shape, as the judge takes it, with no input for it", async () => {
    const d = drafted(document, ["zqCreateTool"], "zqtools");
    const [tool] = await linkedTools(d, "zqtools");
    const call = { name: "a/b é", accessToken: "zq-token-0001" };
    const { sent, judged } = await judgedCall(d, tool as never, call);
    expect(JSON.parse(new TextDecoder().decode(sent.body))).toEqual({ type: "zqlambda", name: "a/b é" });
    expect(judged.refusals.filter((r) => r.rule !== "security")).toEqual([]);
  });

  it("holds a field of such a union to the values naming its shape", async () => {
    const d = drafted(document, ["zqCreateHolder"], "zqholders");
    const [tool] = await linkedTools(d, "zqholders");
    const given = (type: string) => sentOrRefused(tool as never, { zqtool: { type, name: "n" } }, { id: "t1" });
    expect(await given("zqlambda")).toEqual({ message: "sent", sent: 1 });
    const refused = await given("foo");
    expect(refused.sent).toBe(0);
    expect(refused.message).toContain("zqlambda");
    const listed = (type: string) => sentOrRefused(tool as never, { zqtools: [{ type, name: "n" }] }, { id: "t1" });
    expect(await listed("zqlambda")).toEqual({ message: "sent", sent: 1 });
    expect(await listed("foo")).toMatchObject({ sent: 0 });
  });
});

const patched = openapi(
  {
    "/zqtools/{id}": {
      patch: {
        operationId: "zqPatchTool",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 40 } }],
        requestBody: { required: true, content: { "application/merge-patch+json": { schema: ref("ZqCreateTool") } } },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "t1" }) },
      },
    },
  },
  (document as { components: unknown }).components as Record<string, unknown>,
);

describe("a merge patch of a union of one shape whose discriminator names it", () => {
  it("drafts the property optional, of the values naming the shape; another is refused before a request", async () => {
    const d = drafted(patched, ["zqPatchTool"], "zqpatchtools");
    const [op] = Object.values(d.manifest.operations);
    expect(op?.params?.type).toMatchObject({ enum: ["zqlambda"] });
    expect(op?.params?.type).not.toHaveProperty("required");
    const [tool] = await linkedTools(d, "zqpatchtools");
    const given = (params: Record<string, unknown>) => sentOrRefused(tool as never, { id: "t1", ...params }, {});
    expect(await given({ type: "zqlambda" })).toEqual({ message: "sent", sent: 1 });
    expect(await given({ name: "only the name" })).toEqual({ message: "sent", sent: 1 });
    const refused = await given({ type: "&y" });
    expect(refused.sent).toBe(0);
    expect(refused.message).toContain("zqlambda");
  });

  it("passes every derived case on the mock and its judge", async () => {
    const { ids, failed } = await failedCases(drafted(patched, ["zqPatchTool"], "zqpatchtools"), "zqpatchtools");
    expect(ids.length).toBeGreaterThan(2);
    expect(failed).toEqual([]);
  });
});
