// An optional boolean body field of 3.1's `const` (`store: {type: boolean, const: false, default: false}`: an option
// the API offers only off): add drafted a plain boolean, random inputs sent `true`, and the request judge refused every
// such request ("does not match false"). It is drafted as the enum of its one value, as `enum: [false]` is
// (boolean-one-value.test.ts).
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { paramTsType } from "../../emit/emit-tool-types.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi(
  {
    "/zqreplies": {
      post: {
        operationId: "zqCreateReply",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  zqKeep: { type: "boolean", const: false, default: false },
                  zqLoud: { type: "boolean", const: true },
                  zqText: { type: "string" },
                },
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
      },
    },
  },
  {},
  { openapi: "3.1.0" },
);

describe("a boolean body field of one const value", () => {
  const d = drafted(document, ["zqCreateReply"]);
  const id = Object.keys(d.manifest.operations)[0] ?? "";
  const params = d.manifest.operations[id]?.params ?? {};

  it("is drafted with that value as its enum, its default kept", () => {
    expect(params.zqKeep).toMatchObject({ type: "boolean", enum: [false], default: false });
    expect(params.zqLoud).toMatchObject({ type: "boolean", enum: [true] });
  });

  it("links, its type in the package the one value", async () => {
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const keep = tool?.params.find((p) => p.name === "zqKeep");
    expect(keep?.enum).toEqual([false]);
    expect(paramTsType(keep!)).toBe("false");
  });
});
