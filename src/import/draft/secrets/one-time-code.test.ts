// A one-time code in a sign-in's body (an authenticator app's code, a code sent to confirm a sign-up), drafted plain:
// add drafts it secret now (load/schemas/secrets/one-time-codes.ts), held to a secret's shortest length, not a
// password's (a six-digit code was refused before any request), and a call keeps it out of an upstream's error that
// echoes it. A booking's confirmation code beside it stays plain.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, notesAt, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = (description?: string) => ({ type: "string", ...(description ? { description } : {}) });
const doc = openapi({
  "/zqsessions/confirm": {
    post: {
      operationId: "zqConfirmSignIn",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqUser", "zqOtp"],
              properties: {
                zqUser: text("The zq user."),
                zqOtp: text("The code from the user's authenticator app."),
                zqConfirmationCode: text(),
                zqBookingCode: text("The booking's confirmation code."),
              },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

describe("a one-time code in a request body", () => {
  const d = drafted(doc, ["zqConfirmSignIn"]);
  const params = Object.values(d.manifest.operations)[0]?.params ?? {};

  it("is drafted secret; the user and a booking's code are not", () => {
    expect(params.zqOtp).toMatchObject({ secret: true, minLength: 4 });
    expect(params.zqConfirmationCode).toMatchObject({ secret: true, minLength: 4 });
    expect(notesAt(d, "operations.acme_zq_confirm_sign_in.params.zqOtp")).toEqual([
      expect.stringContaining("a one-time code: minLength 4, the shortest secret a call takes"),
    ]);
    expect(params.zqUser?.secret).toBeUndefined();
    expect(params.zqBookingCode?.secret).toBeUndefined();
  });

  it("is sent as given and kept out of an upstream's error that echoes it", async () => {
    const tool = (await linkedTools(d)).find((t) => t.operationId === "zqConfirmSignIn") as ToolSpec;
    const failing = scriptedFetch(json(400, { message: "code 482913 expired for zq-ann (booking ZQBK42)" }));
    const input = { accessToken: "zq-bearer-0001", zqUser: "zq-ann", zqOtp: "482913", zqBookingCode: "ZQBK42" };
    const run = await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9", fetch: failing.fetch });
    expect(JSON.parse(String(failing.seen[0]?.body)).zqOtp).toBe("482913");
    expect(run.success).toBe(false);
    expect(JSON.stringify(run)).not.toContain("482913");
    expect(JSON.stringify(run)).toContain("ZQBK42");
  });
});
