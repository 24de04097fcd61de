// An answer declared as `multipart/form-data` (Swagger 2.0's `schema: {type: file}` on an operation that `produces:
// [multipart/form-data]`, as older Swashbuckle writes a file download; converted, a `format: binary` text of that
// type). Prism wrote its sample under a Content-Type naming no boundary and refused its own answer ("Boundary
// parameter for multipart/form-data is not defined…"): every case of such an operation red on a first `blockwright
// test`. The mock serves it (as JSON, which the client accepts too), to the Accept the runtime sends or any.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { violationsOf } from "../contract/prism.js";
import { type MockServers, startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-multipart-answer-"));
const answer = (schema: unknown) => ({ description: "zq", content: { "multipart/form-data": { schema } } });
const document = openapi({
  "/zqmodels/new": {
    post: {
      operationId: "newZqmodel",
      parameters: [{ name: "zqformat", in: "query", required: true, schema: { type: "string" } }],
      responses: { "200": answer({ type: "string", format: "binary" }) },
    },
  },
  "/zqmodels/parts": {
    get: {
      operationId: "zqmodelParts",
      responses: { "200": answer({ type: "object", properties: { zqname: { type: "string" } } }) },
    },
  },
});

let mocks: MockServers;
beforeAll(async () => {
  mkdirSync(join(work, "zqmodels"), { recursive: true });
  writeFileSync(join(work, "zqmodels", "openapi.yaml"), JSON.stringify(document));
  mocks = await startMocks(["zqmodels"], { specsDir: work, logLevel: "silent" });
});
afterAll(async () => {
  await mocks?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("a multipart answer", () => {
  it.each([
    ["POST", "/zqmodels/new?zqformat=obj", "multipart/form-data, application/json;q=0.5"],
    ["POST", "/zqmodels/new?zqformat=obj", "*/*"],
    ["GET", "/zqmodels/parts", "multipart/form-data, application/json;q=0.5"],
  ])("%s %s (Accept %s) is served with no violation", async (method, path, accept) => {
    const r = await fetch(`${mocks.urls.zqmodels}${path}`, {
      method,
      headers: { accept, authorization: "Bearer zq-token-1" },
    });
    const body = await r.text();
    expect(violationsOf(r.headers, body)).toEqual([]);
    expect(r.status).toBe(200);
  });
});
