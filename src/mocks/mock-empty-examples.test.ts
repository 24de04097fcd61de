// An answer whose media type (or header) writes `examples: {}`, a map of no example as a published document's editor
// leaves it, beside a schema Prism's sampler makes wrong: the mock made no answer of its own, as if the map held one,
// and Prism's answer broke its schema and was refused by its own check (500 on every case of the operation: a list of
// an `allOf` of a record and its extra field, ids of format uuid, "must match format uuid"; here a header's pattern).
// An empty map now names no example.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { withSampledAnswers } from "./mock-answers.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-empty-examples-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const uuid = { type: "string", format: "uuid" };
const schemas = {
  ZqTransfer: {
    allOf: [
      {
        type: "object",
        required: ["zqId", "zqFrom"],
        properties: { zqId: uuid, zqFrom: uuid, zqDay: { type: "string", format: "date" } },
      },
    ],
  },
  ZqTransferResult: {
    allOf: [
      { $ref: "#/components/schemas/ZqTransfer" },
      { type: "object", required: ["zqNote"], properties: { zqNote: { type: "string" } } },
    ],
  },
};
const answer = (extra: Record<string, unknown>) => ({
  description: "the transfers made",
  content: {
    "application/json": {
      schema: { type: "array", items: { $ref: "#/components/schemas/ZqTransferResult" } },
      ...extra,
    },
  },
  headers: { "Zq-Tag": { schema: { type: "string", pattern: "^zq-[0-9]{4}$" }, ...extra } },
});
const document = (extra: Record<string, unknown>) =>
  openapi(
    { "/zqtransfers": { post: { operationId: "zqtransfer", responses: { "200": answer(extra) } } } },
    { schemas },
  );

type Media = { example?: unknown; examples?: unknown };
type Answer = { content: Record<string, Media>; headers: Record<string, Media> };
type Served = { paths: Record<string, { post: { responses: Record<string, Answer> } }> };
const served = (extra: Record<string, unknown>) => {
  const response = (withSampledAnswers(document(extra)) as Served).paths["/zqtransfers"]?.post.responses["200"];
  return { media: response?.content["application/json"] as Media, header: response?.headers["Zq-Tag"] as Media };
};

describe("an answer whose examples map is empty", () => {
  it("is given a made example, the empty map left out, as one without the map is", () => {
    const { media, header } = served({ examples: {} });
    expect(media.examples).toBeUndefined();
    expect(Array.isArray(media.example)).toBe(true);
    expect(header.examples).toBeUndefined();
    expect(header.example).toMatch(/^zq-[0-9]{4}$/);
    expect(served({}).media.example).toEqual(media.example);
  });

  it("keeps a map that names an example as the answer", () => {
    const value = [{ zqId: "3f1c2b9e-4d5a-4c6b-8e7f-0a1b2c3d4e5f", zqFrom: "3f1c2b9e-4d5a-4c6b-8e7f-0a1b2c3d4e5f" }];
    const { media } = served({ examples: { zqone: { value: [{ ...value[0], zqNote: "" }] } } });
    expect(media.example).toBeUndefined();
    expect(Object.keys(media.examples as object)).toEqual(["zqone"]);
  });

  it("is served by the mock valid against its schema", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqledgerbook"), { recursive: true });
    writeFileSync(join(dir, "zqledgerbook", "openapi.yaml"), JSON.stringify(document({ examples: {} })));
    const mocks = await startMocks(["zqledgerbook"], { specsDir: dir, logLevel: "silent" });
    try {
      const response = await fetch(`${mocks.urls.zqledgerbook}/zqtransfers`, {
        method: "POST",
        headers: { authorization: "Bearer zq-token-1" },
      });
      const body = (await response.json()) as { zqId?: string }[];
      expect([response.status, response.headers.get("sl-violations")]).toEqual([200, null]);
      expect(body[0]?.zqId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    } finally {
      await mocks.close();
    }
  });
});
