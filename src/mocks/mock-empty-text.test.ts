// A text field that must be empty (`maxLength: 0`, a published mistake: an
// error's code and reason so bounded, their examples "DATE" and
// "EMPTY_RESULT", which the load leaves out as breaking their schema).
// Prism's sampler bounds a text's length only by a maximum above 0: it wrote
// "string", then refused its own answer, failing every error and auth case of
// the operations answering so. The mock answers with a made value instead,
// the text empty.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { violationsOf } from "../contract/prism.js";
import { withSampledAnswers } from "./mock-answers.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-empty-text-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const zqFault = {
  type: "object",
  properties: {
    zqFault: {
      type: "array",
      items: {
        type: "object",
        properties: {
          zqCode: { type: "string", maxLength: 0 },
          zqReason: { type: "string", maxLength: 0 },
          zqText: { type: "string" },
        },
      },
    },
  },
};
const zqStatus = {
  type: "object",
  required: ["zqNote", "zqState"],
  properties: { zqNote: { type: "string", maxLength: 0 }, zqState: { type: "string" } },
};
const answer = (schema: object) => ({ description: "zq", content: { "application/json": { schema } } });
const document = openapi({
  "/zqstatus": { get: { operationId: "zqstatus", responses: { "200": answer(zqStatus), default: answer(zqFault) } } },
  "/zqplain": { get: { responses: { "200": answer({ type: "object", properties: { zqA: { type: "string" } } }) } } },
});

type Served = {
  paths: Record<string, { get: { responses: Record<string, { content: Record<string, { example?: unknown }> }> } }>;
};

describe("a mock's answer with a text that must be empty (maxLength: 0)", () => {
  it("is a made value, valid: each such text empty, an error's other texts given", () => {
    const served = withSampledAnswers(document) as Served;
    const example = (path: string, status: string) =>
      served.paths[path]!.get.responses[status]!.content["application/json"]!.example;
    expect(example("/zqstatus", "200")).toEqual({ zqNote: "", zqState: expect.any(String) });
    expect(example("/zqstatus", "default")).toEqual({
      zqFault: [{ zqCode: "", zqReason: "", zqText: expect.any(String) }],
    });
    // An answer with no such text is left to Prism.
    expect(example("/zqplain", "200")).toBeUndefined();
  });
});

describe("a mock serving such answers", () => {
  it("answers its errors (a refused credential's too) and its success valid, no violation in them", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqfaults"), { recursive: true });
    writeFileSync(join(dir, "zqfaults", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqfaults"], { specsDir: dir, logLevel: "silent" });
    try {
      const get = async (headers: Record<string, string>) => {
        const r = await fetch(`${mocks.urls.zqfaults}/zqstatus`, {
          headers: { accept: "application/json", ...headers },
        });
        const body = await r.text();
        // What Prism finds wrong in its own answer (a request without a credential breaks the request's rules).
        const violations = violationsOf(r.headers, body).filter((v) => v.location[0] !== "request");
        return { status: r.status, violations, body: JSON.parse(body) as unknown };
      };
      const fault = { zqFault: [{ zqCode: "", zqReason: "", zqText: expect.any(String) }] };
      const auth = { authorization: "Bearer zq-token-1" };
      expect(await get({ ...auth, prefer: "code=400" })).toEqual({ status: 400, violations: [], body: fault });
      expect(await get({})).toEqual({ status: 401, violations: [], body: fault });
      expect(await get(auth)).toMatchObject({ status: 200, violations: [], body: { zqNote: "" } });
    } finally {
      await mocks.close();
    }
  });
});
