// A success answer of a record under a text type (`text/plain: {type: object}`, VTEX's gift card hub): its JSON text,
// which the tool reads as JSON. The mock served the record as JSON under application/json, and a call asking for the
// text type the document names was answered 406 on every case. It is served as its JSON text under that type.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { mockDocument } from "../mock-document.js";
import { startMocks } from "../mocks.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const record = {
  type: "object",
  required: ["zqId", "zqAt"],
  properties: { zqId: { type: "string", format: "uuid" }, zqAt: { type: "string", format: "date-time" } },
};
const answer = (content: unknown) => ({ description: "the transaction", content });
const document = {
  openapi: "3.0.3",
  info: { title: "zqtext", version: "1" },
  servers: [{ url: "https://zqtext.invalid" }],
  paths: {
    "/zqmade": { get: { responses: { "200": answer({ "text/plain": { schema: record } }) } } },
    "/zqgiven": {
      get: { responses: { "200": answer({ "text/plain": { schema: { type: "object" }, example: { zqId: "a" } } }) } },
    },
  },
};

type Served = { paths: Record<string, { get: { responses: Record<string, { content: Record<string, Served> }> } }> };

const work = mkdtempSync(join(runScratch(), "blockwright-zqtext-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("a success answer of a record under a text type", () => {
  it("is served as its JSON text under that type: its example's, else one made of its schema", () => {
    const served = mockDocument(document, () => false) as unknown as Served;
    const content = (path: string) => served.paths[path]!.get.responses["200"]!.content as Record<string, unknown>;
    expect(content("/zqgiven")).toEqual({ "text/plain": { schema: { type: "string" }, example: '{"zqId":"a"}' } });
    const made = content("/zqmade")["text/plain"] as { schema: unknown; example: string };
    expect(made.schema).toEqual({ type: "string" });
    expect(Object.keys(JSON.parse(made.example)).sort()).toEqual(["zqAt", "zqId"]);
  });

  it("is answered to a call asking for that type", async () => {
    const dir = join(work, "specs", "zqtext");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqtext"], { specsDir: join(work, "specs"), logLevel: "silent" });
    try {
      const response = await fetch(`${mocks.urls.zqtext}/zqmade`, { headers: { accept: "text/plain" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      const body = JSON.parse(await response.text()) as { zqId: string };
      expect(body.zqId).toMatch(/^[0-9a-f-]{36}$/i);
    } finally {
      await mocks.close();
    }
  });
});
