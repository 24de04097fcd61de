// A reply's top-level `error` text is a code where it reads as one (`channel_not_found`), a message where it reads
// as words (`"Failed to fetch: 404 Not Found"`): drafted as both, a failed call's code repeated its sentence.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const failing = (error: Record<string, unknown>, example?: unknown) =>
  openapi({
    "/zqread": {
      post: {
        operationId: "zqread",
        responses: {
          "200": reply({ type: "object", properties: { zqtitle: { type: "string" } } }, { zqtitle: "a" }),
          "500": reply(
            { type: "object", required: ["success", "error"], properties: { success: { type: "boolean" }, error } },
            example,
          ),
        },
      },
    },
  });

describe("an error reply's `error` text", () => {
  it("is the message alone where it reads as words", () => {
    for (const doc of [
      failing({ type: "string", description: "Error message describing what went wrong" }),
      failing({ type: "string", example: "Failed to fetch: 404 Not Found" }),
      failing({ type: "string" }, { success: false, error: "Zq upstream timed out" }),
    ]) {
      const errors = drafted(doc, ["zqread"]).manifest.errors;
      expect(errors?.message).toEqual(["$response.body#/error"]);
      expect(errors?.code).toBeUndefined();
    }
  });

  it("is the code too where it reads as one word", () => {
    const errors = drafted(failing({ type: "string", example: "zq_channel_not_found" }), ["zqread"]).manifest.errors;
    expect(errors?.code).toEqual(["$response.body#/error"]);
  });
});
