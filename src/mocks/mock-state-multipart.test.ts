// A create sent as a multipart form (a file and its text fields, `purpose`): the stateful mock read no field of it, so
// the record kept the document's example (`purpose: zqstatement`) and the round trip's get answered that instead of
// what the create sent. The mock reads a multipart form's text parts as the fields sent (fetch's own parser).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-state-multipart-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const record = {
  type: "object",
  required: ["id", "purpose"],
  properties: { id: { type: "string" }, purpose: { type: "string", enum: ["zqstatement", "zqfront"] } },
  example: { id: "zqfile-1", purpose: "zqstatement" },
};
const answer = (status: string) => ({
  [status]: { description: "a file", content: { "application/json": { schema: record } } },
});
const document = openapi({
  "/zqfiles": {
    post: {
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              required: ["file", "purpose"],
              properties: { file: { type: "string", format: "binary" }, purpose: record.properties.purpose },
            },
          },
        },
      },
      responses: answer("201"),
    },
  },
  "/zqfiles/{id}": {
    get: {
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      responses: answer("200"),
    },
  },
});

describe("a stateful mock's create sent as a multipart form", () => {
  it("keeps the form's text fields in the record a get answers", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqfiles"), { recursive: true });
    writeFileSync(join(dir, "zqfiles", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqfiles"], { specsDir: dir, logLevel: "silent", state: {}, log: () => {} });
    try {
      const headers = { authorization: "Bearer zq-token-1" };
      const form = new FormData();
      form.set("purpose", "zqfront");
      form.set("file", new Blob(["zq bytes"], { type: "application/octet-stream" }), "zq.bin");
      const made = await fetch(`${mocks.urls.zqfiles}/zqfiles`, { method: "POST", headers, body: form });
      const created = (await made.json()) as { id: string; purpose: string };
      expect([made.status, created.purpose]).toEqual([201, "zqfront"]);
      const read = await fetch(`${mocks.urls.zqfiles}/zqfiles/${created.id}`, { headers });
      expect(await read.json()).toEqual(created);
    } finally {
      await mocks.close();
    }
  });
});
