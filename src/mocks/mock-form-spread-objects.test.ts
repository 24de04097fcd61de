// A mock's form body with a required object field in form style, exploded (OpenAPI's default): the runtime sends an
// empty object as no pair and the object's fields as the body's own pairs, which Prism read as lacking the field
// and refused ("must have required property"); its request judge reads them back as the field's.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { encodeForm } from "@blockwright/runtime/internal";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { type MockServers, startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const document = openapi({
  "/zqcalls": {
    post: {
      operationId: "logZqcall",
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              required: ["zqto", "zqrecording"],
              properties: { zqto: { type: "string" }, zqrecording: { type: "object" } },
            },
          },
        },
      },
      responses: {
        "200": { description: "Logged.", content: { "application/json": { schema: { type: "object" }, example: {} } } },
      },
    },
  },
});

const work = mkdtempSync(join(runScratch(), "blockwright-mock-form-spread-"));
let mocks: MockServers;
beforeAll(async () => {
  mkdirSync(join(work, "zqspread"), { recursive: true });
  writeFileSync(join(work, "zqspread", "openapi.yaml"), JSON.stringify(document));
  mocks = await startMocks(["zqspread"], { specsDir: work, logLevel: "silent" });
});
afterAll(async () => {
  await mocks?.close();
  rmSync(work, { recursive: true, force: true });
});

async function post(body: Record<string, unknown>): Promise<{ status: number; violations: string | null }> {
  const answer = await fetch(`${mocks.urls.zqspread}/zqcalls`, {
    method: "POST",
    headers: { authorization: "Bearer zq-token-1", "content-type": "application/x-www-form-urlencoded" },
    body: encodeForm(body),
  });
  await answer.text();
  return { status: answer.status, violations: answer.headers.get("sl-violations") };
}

describe("a mock's form body with a required object field in form style, exploded", () => {
  it("takes the empty object (no pair) and an object's fields as its own pairs, as the runtime sends", async () => {
    expect(await post({ zqto: "a", zqrecording: {} })).toEqual({ status: 200, violations: null });
    expect(await post({ zqto: "a", zqrecording: { zqurl: "https://zq.test/1.mp3" } })).toEqual({
      status: 200,
      violations: null,
    });
  });

  it("still refuses a body that lacks another required field", async () => {
    expect((await post({ zqrecording: { zqurl: "u" } })).status).toBe(422);
  });
});
