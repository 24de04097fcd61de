// A required list in a form or multipart body (Mailgun's `to`) has no empty
// form there: an empty list sends no field at all, and the upstream misses one
// it requires. So it takes one item at least, refused before any request; in
// a JSON body an empty list is a value, and stays allowed.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { validateParams } from "@blockwright/runtime/internal";
import { draftWorkFolder, drafted, linkedTools, openapi } from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const sendZqMessage = (mediaType: string) =>
  openapi({
    "/zqmessages": {
      post: {
        operationId: "sendZqMessage",
        requestBody: {
          required: true,
          content: {
            [mediaType]: {
              schema: {
                type: "object",
                required: ["to", "subject"],
                properties: {
                  to: { type: "array", items: { type: "string", maxLength: 200 } },
                  subject: { type: "string", maxLength: 200 },
                },
              },
            },
          },
        },
        responses: {
          "200": {
            description: "Queued.",
            content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } } } } },
          },
        },
      },
    },
  });

async function toParam(mediaType: string) {
  const [tool] = await linkedTools(drafted(sendZqMessage(mediaType), ["sendZqMessage"]));
  return { tool: tool!, to: tool!.params.find((p) => p.name === "to") };
}

describe("a required list in a body", () => {
  it.each(["multipart/form-data", "application/x-www-form-urlencoded"])(
    "sent as %s takes one item at least, refused before any request",
    async (mediaType) => {
      const { tool, to } = await toParam(mediaType);
      expect(to?.minItems).toBe(1);
      expect(validateParams(tool, { accessToken: "zq-token-0001", to: [], subject: "Hi" })).toMatchObject({
        ok: false,
        issues: [{ param: "to", rule: "minItems" }],
      });
      expect(validateParams(tool, { accessToken: "zq-token-0001", to: ["ada@zq.test"], subject: "Hi" })).toMatchObject({
        ok: true,
      });
    },
  );

  it("sent as JSON may be empty: [] is a value there", async () => {
    const { to } = await toParam("application/json");
    expect(to?.minItems).toBeUndefined();
  });
});
