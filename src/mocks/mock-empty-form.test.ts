// A required URL-encoded form body none of whose fields is required: a call
// that gives no field sends the empty form (an object of no field, encoded,
// with its Content-Type), which the judge read as no body and refused
// ("requires a request body, and none was sent"), as did Prism, and the
// runtime sent no body at all: the minimal input of such an operation failed.
// The empty form is a body, sent typed as a form; its schema says whether it
// may be empty.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drafted, draftWorkFolder, linkedTools, openapi } from "../import/__fixtures__/draft-kit.js";
import { type MockServers, startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const made = {
  "200": {
    description: "Made.",
    content: { "application/json": { schema: { type: "object" }, example: { ok: true } } },
  },
};
const form = (schema: object) => ({
  required: true,
  content: { "application/x-www-form-urlencoded": { schema } },
});
const document = openapi({
  "/zqskins": {
    post: {
      operationId: "uploadZqskin",
      requestBody: form({
        allOf: [
          { type: "object", properties: { zqname: { type: "string" } } },
          { properties: { zqfile: { type: "string", format: "binary" } } },
        ],
      }),
      responses: made,
    },
  },
  "/zqnamed": {
    post: {
      operationId: "nameZqskin",
      requestBody: form({ type: "object", required: ["zqname"], properties: { zqname: { type: "string" } } }),
      responses: made,
    },
  },
});

const work = mkdtempSync(join(runScratch(), "blockwright-mock-empty-form-"));
let mocks: MockServers;
beforeAll(async () => {
  mkdirSync(join(work, "zqemptyform"), { recursive: true });
  writeFileSync(join(work, "zqemptyform", "openapi.yaml"), JSON.stringify(document));
  mocks = await startMocks(["zqemptyform"], { specsDir: work, logLevel: "silent" });
});
afterAll(async () => {
  await mocks?.close();
  rmSync(work, { recursive: true, force: true });
  rmSync(draftWorkFolder, { recursive: true, force: true });
});

async function post(path: string, contentType?: string): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { authorization: "Bearer zq-token-1" };
  if (contentType) headers["content-type"] = contentType;
  const answer = await fetch(`${mocks.urls.zqemptyform}${path}`, { method: "POST", headers, body: "" });
  return { status: answer.status, text: await answer.text() };
}

describe("a required form body of no required field, sent empty", () => {
  it("is the empty form, a body its schema accepts", async () => {
    expect(await post("/zqskins", "application/x-www-form-urlencoded")).toMatchObject({ status: 200 });
  });

  it("is still refused where the schema requires a field, or where nothing says it is a form", async () => {
    const named = await post("/zqnamed", "application/x-www-form-urlencoded");
    expect(named.status).toBe(422);
    expect(JSON.parse(named.text)).toMatchObject({ refusals: [{ rule: "schema" }] });
    const bare = await post("/zqskins");
    expect(bare.status).toBe(422);
    expect(JSON.parse(bare.text)).toMatchObject({ refusals: [{ rule: "required" }] });
  });
});

describe("a call giving none of a required form body's fields", () => {
  it("sends the empty form typed as one, which the mock accepts", async () => {
    const [tool] = await linkedTools(drafted(document, ["uploadZqskin"]));
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-token-0001" },
      { baseUrl: mocks.urls.zqemptyform as string },
    );
    expect(result).toMatchObject({ success: true });
  });
});
