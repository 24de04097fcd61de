// An answer offered as text and as JSON, each a text that must be empty (`type: string, maxLength: 0`: a published
// "empty response body" on every 500 of a shipping API, `text/plain` listed first). The runtime asks for `*/*`, so
// Prism answered with the text type, for which its sampler wrote "string" and then refused its own answer (every
// error case of such an operation red). The mock answers a text type of a text schema Prism makes wrong with a made
// value too, as it did the JSON types only.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { violationsOf } from "../contract/prism.js";
import { withSampledAnswers } from "./mock-answers.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-empty-text-answer-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const zqEmpty = { title: "zq_empty", type: "string", maxLength: 0 };
const zqCoded = { type: "string", pattern: "^zq-[0-9]{3}$" };
const document = {
  ...openapi({
    "/zqparcels": {
      get: {
        operationId: "zqparcels",
        responses: {
          "200": { description: "zq", content: { "application/json": { schema: { type: "object" } } } },
          "500": { $ref: "#/components/responses/zqFault" },
          "502": { description: "zq", content: { "text/plain": { schema: zqCoded } } },
          "503": { description: "zq", content: { "text/plain": { schema: { type: "string" } } } },
        },
      },
    },
  }),
  components: {
    responses: {
      zqFault: {
        description: "zq",
        content: { "text/plain": { schema: zqEmpty }, "application/json": { schema: zqEmpty } },
      },
    },
  },
};

type Served = {
  paths: Record<string, { get: { responses: Record<string, { content: Record<string, { example?: unknown }> }> } }>;
};

describe("a mock's text answer of a text Prism makes wrong", () => {
  it("is a made text: empty where it must be, matching its pattern; a plain text is left to Prism", () => {
    const served = withSampledAnswers(document) as Served;
    const example = (status: string, type: string) =>
      served.paths["/zqparcels"]!.get.responses[status]!.content[type]!.example;
    expect(example("500", "text/plain")).toBe("");
    expect(example("500", "application/json")).toBe("");
    expect(example("502", "text/plain")).toMatch(/^zq-[0-9]{3}$/);
    expect(example("503", "text/plain")).toBeUndefined();
  });

  it("is served with no violation, whatever the client accepts", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqparcels"), { recursive: true });
    writeFileSync(join(dir, "zqparcels", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqparcels"], { specsDir: dir, logLevel: "silent" });
    try {
      const get = async (accept: string, code: string) => {
        const r = await fetch(`${mocks.urls.zqparcels}/zqparcels`, {
          headers: { accept, prefer: `code=${code}`, authorization: "Bearer zq-token-1" },
        });
        const body = await r.text();
        return { status: r.status, violations: violationsOf(r.headers, body), body };
      };
      expect(await get("*/*", "500")).toEqual({ status: 500, violations: [], body: "" });
      expect(await get("text/plain", "500")).toEqual({ status: 500, violations: [], body: "" });
      expect(await get("application/json", "500")).toEqual({ status: 500, violations: [], body: '""' });
      expect(await get("*/*", "502")).toMatchObject({
        status: 502,
        violations: [],
        body: expect.stringMatching(/^zq-/),
      });
    } finally {
      await mocks.close();
    }
  });
});
