// A union whose members are one schema `$ref`'d with the fields each requires beside it (`anyOf: [{$ref: UserData,
// required: [em]}, {$ref: UserData, required: [hashed_maids]}]`: "at least one of em or hashed_maids", an ads API's
// conversion events). OpenAPI 3.0 ignores a `$ref`'s siblings, but the publisher means them, 3.1 reads them and so
// does Prism's mock: the link read each member as the `$ref` alone, so `{}` met every shape, the suite's minimal input
// sent it and the mock refused every such call. The members' required fields are read beside their `$ref` now.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  openapi,
  reply,
  sentOrRefused,
} from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const props = { $ref: "#/components/schemas/ZqUserData" };
const document = openapi(
  {
    "/zqevents": {
      post: {
        operationId: "sendZqEvent",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["zqUser"],
                properties: {
                  zqUser: {
                    type: "object",
                    anyOf: [
                      { ...props, required: ["zqEmail"] },
                      { ...props, required: ["zqIp", "zqAgent"] },
                    ],
                  },
                },
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "zq1" }) },
      },
    },
  },
  {
    schemas: {
      ZqUserData: { type: "object", properties: { zqEmail: text, zqIp: text, zqAgent: text } },
    },
  },
);

describe("a union of one $ref with the fields each member requires beside it", () => {
  it("holds a value to one member's required fields before any request", async () => {
    const tools = await linkedTools(drafted(document, ["sendZqEvent"], "zqbeside"), "zqbeside");
    const tool = tools.find((t) => t.id === "zqbeside_send_zq_event")!;
    const send = (zqUser: unknown) => sentOrRefused(tool, { zqUser }, { id: "zq1" });
    expect(await send({ zqEmail: "zq@acme.test" })).toEqual({ message: "sent", sent: 1 });
    expect(await send({ zqIp: "10.0.0.1", zqAgent: "zq" })).toEqual({ message: "sent", sent: 1 });
    expect(await send({ zqIp: "10.0.0.1" })).toEqual({ message: expect.stringContaining("zqUser"), sent: 0 });
    expect(await send({})).toEqual({ message: expect.stringContaining("zqUser"), sent: 0 });
  });
});
