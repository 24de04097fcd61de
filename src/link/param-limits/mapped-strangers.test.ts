// A schema with a discriminator and no union of its own is, by OpenAPI's inheritance model, one of the kinds its
// mapping names, each extending it by allOf. A published document copied such a discriminator onto an address that its
// parties extend, its mapping naming answers that extend nothing: every party was then checked as one of those answers
// ("must meet one of its 4 shapes: response is required"), so no call could be made and the suite's cases could not
// be derived. Only the schemas that extend the base are its kinds; a mapping naming none leaves the object as declared.
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  openapi,
  reply,
  sentOrRefused,
} from "../../import/__fixtures__/draft-kit.js";
import { rmSync } from "node:fs";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const document = openapi(
  {
    "/zqorders": {
      post: {
        operationId: "createZqOrder",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["zqShipper"],
                properties: { zqShipper: ref("ZqParty"), zqGrant: ref("ZqGrant") },
              },
            },
          },
        },
        responses: { "200": reply(ref("ZqOrderReply"), { zqResponse: "zq1" }) },
      },
    },
  },
  {
    schemas: {
      ZqAddress: {
        type: "object",
        required: ["zqCity"],
        properties: { zqOp: text, zqCity: text },
        discriminator: {
          propertyName: "zqOp",
          mapping: {
            createZqOrder: "#/components/schemas/ZqOrderReply",
            listZqOrders: "#/components/schemas/ZqListReply",
          },
        },
      },
      ZqParty: { allOf: [ref("ZqAddress"), { type: "object", properties: { zqAccount: text } }] },
      // A base whose kinds repeat its property instead of extending it (an OAuth token request's grants).
      ZqGrant: {
        type: "object",
        required: ["zqKind"],
        properties: { zqKind: { type: "string", enum: ["code", "refresh"] } },
        discriminator: {
          propertyName: "zqKind",
          mapping: { code: "#/components/schemas/ZqCodeGrant", refresh: "#/components/schemas/ZqRefreshGrant" },
        },
      },
      ZqCodeGrant: {
        type: "object",
        required: ["zqKind"],
        properties: { zqKind: { type: "string", enum: ["code", "refresh"] } },
        allOf: [{ type: "object", required: ["zqCode"], properties: { zqCode: text } }],
      },
      ZqRefreshGrant: {
        type: "object",
        required: ["zqKind"],
        properties: { zqKind: { type: "string", enum: ["code", "refresh"] } },
        allOf: [{ type: "object", required: ["zqRefresh"], properties: { zqRefresh: text } }],
      },
      ZqOrderReply: { type: "object", required: ["zqResponse"], properties: { zqResponse: text } },
      ZqListReply: { type: "object", required: ["zqOrders"], properties: { zqOrders: { type: "array", items: text } } },
    },
  },
);

describe("a discriminator whose mapping names schemas that do not extend it", () => {
  it("checks a field of it as the object it declares, not as one of the mapped schemas", async () => {
    const tools = await linkedTools(drafted(document, ["createZqOrder"], "zqstrangers"), "zqstrangers");
    const tool = tools.find((t) => t.id === "zqstrangers_create_zq_order")!;
    const send = (zqShipper: unknown) => sentOrRefused(tool, { zqShipper }, { zqResponse: "zq1" });
    expect(await send({ zqCity: "Zq Town", zqAccount: "zq-1" })).toEqual({ message: "sent", sent: 1 });
    expect(await send({ zqAccount: "zq-1" })).toEqual({
      message: expect.stringContaining("zqShipper.zqCity: is required"),
      sent: 0,
    });
  });

  it("still reads a field of a base as one of the kinds its mapping names that repeat its property", async () => {
    const tools = await linkedTools(drafted(document, ["createZqOrder"], "zqstrangers"), "zqstrangers");
    const tool = tools.find((t) => t.id === "zqstrangers_create_zq_order")!;
    const send = (zqGrant: unknown) =>
      sentOrRefused(tool, { zqShipper: { zqCity: "Zq Town" }, zqGrant }, { zqResponse: "zq1" });
    expect(await send({ zqKind: "code", zqCode: "zq-code" })).toEqual({ message: "sent", sent: 1 });
    expect(await send({ zqKind: "code" })).toEqual({ message: expect.stringContaining("zqCode"), sent: 0 });
  });
});
