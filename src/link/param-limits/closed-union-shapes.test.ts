// A list of files each of one of two closed shapes (an inlined file: its name, data and encoding; an uploaded one: its
// name, hash and size; each `additionalProperties: false`): the runtime tried each shape by its required and listed
// fields alone, so an inlined file with an encoding no shape lists met the uploaded file's shape (only its name
// required) and was sent, which the service refuses. A closed shape takes its own fields only: such an item is
// refused before any request, naming why each shape refuses it; every drafted case still passes on the mock.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import { openapi } from "../../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";

const closed = (properties: object, required: string[]) => ({
  type: "object",
  additionalProperties: false,
  properties,
  required,
});
const document = openapi({
  "/zqdeploys": {
    post: {
      operationId: "zqDeploy",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqname"],
              properties: {
                zqname: { type: "string" },
                zqfiles: {
                  type: "array",
                  items: {
                    oneOf: [
                      closed(
                        {
                          zqfile: { type: "string" },
                          zqdata: { type: "string" },
                          zqencoding: { enum: ["base64", "utf-8"] },
                        },
                        ["zqfile", "zqdata"],
                      ),
                      closed({ zqfile: { type: "string" }, zqsha: { type: "string" }, zqsize: { type: "integer" } }, [
                        "zqfile",
                      ]),
                    ],
                  },
                },
              },
            },
          },
        },
      },
      responses: { "201": { description: "made", content: { "application/json": { schema: { type: "object" } } } } },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqclosedshapes", document, ["zqDeploy"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a union of closed shapes", () => {
  it("refuses an item of no shape before any request, and sends one of either", async () => {
    if (!on) throw new Error("the mock did not start");
    const tool = on.subject.tools[0];
    if (!tool) throw new Error("no tool drafted");
    const options = { baseUrl: on.url, retries: 0 };
    const call = (zqfiles: unknown[]) =>
      executeToolDefinition(tool, { accessToken: "zq-mock-token-0001", zqname: "zq", zqfiles }, options);
    const inlined = { zqfile: "zq/index.html", zqdata: "<p>zq</p>", zqencoding: "utf-8" };
    const uploaded = { zqfile: "zq/a.js", zqsha: "zq0", zqsize: 3 };
    const sent = await call([inlined, uploaded]);
    expect(sent.success, JSON.stringify(sent)).toBe(true);
    const refused = await call([uploaded, { ...inlined, zqencoding: "utf-9" }]);
    expect(refused.success).toBe(false);
    if (refused.success) return;
    expect(refused.error).toMatchObject({ type: "validation", param: "zqfiles", rule: "anyOf" });
    expect(refused.error.message).toContain("zqfiles[1]");
    expect(refused.error.message).toMatch(/shape 1: zqencoding must be one of/);
    expect(refused.error.message).toMatch(/shape 2: zqdata is not a field of it/);
  });

  it("passes every drafted case on the mock", async () => {
    if (!on) throw new Error("the mock did not start");
    expect(await casesNotPassed(on)).toEqual([]);
  });
});
