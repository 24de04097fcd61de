// A record whose id the answers give as text while the read's path parameter is a number (a SCIM user's `id` a
// string, `/Users/{userKey}` an int64): no id the stateful mock drew fitted both (a text id was no number in the path,
// a number no text in the record), so the round trip's get found nothing to read. The mock makes a number's text.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-numeric-id-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const member = {
  type: "object",
  required: ["id", "zqName"],
  properties: { id: { type: "string" }, zqName: { type: "string" } },
};
const document = openapi({
  "/zqmembers": {
    post: {
      operationId: "createZqmember",
      requestBody: {
        required: true,
        content: {
          "application/json": { schema: { type: "object", properties: { zqName: { type: "string" } } } },
        },
      },
      responses: { "201": { description: "Made.", content: { "application/json": { schema: member } } } },
    },
  },
  "/zqmembers/{zqMemberKey}": {
    get: {
      operationId: "getZqmember",
      parameters: [{ name: "zqMemberKey", in: "path", required: true, schema: { type: "integer", format: "int64" } }],
      responses: {
        "200": { description: "The member.", content: { "application/json": { schema: member } } },
        "404": { description: "None." },
      },
    },
  },
});

describe("a stateful mock's record whose id is text and whose read takes a number in its path", () => {
  it("makes an id of a number's text, which the get reads back", async () => {
    mkdirSync(join(work, "zqmembers"), { recursive: true });
    writeFileSync(join(work, "zqmembers", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqmembers"], { specsDir: work, logLevel: "silent", state: {} });
    try {
      const base = mocks.urls.zqmembers as string;
      const headers = { authorization: "Bearer zq-token-1", "content-type": "application/json" };
      const made = await fetch(`${base}/zqmembers`, {
        method: "POST",
        headers,
        body: JSON.stringify({ zqName: "zq one" }),
      });
      expect(made.status).toBe(201);
      const record = await made.json();
      expect(record.id).toMatch(/^-?\d+$/);
      const got = await fetch(`${base}/zqmembers/${record.id}`, { headers });
      expect(got.status).toBe(200);
      expect(await got.json()).toEqual(record);
    } finally {
      await mocks.close();
    }
  });
});
