// A mock's answer to a schema that reaches itself (an error that holds the
// object it failed on, which holds its last error): Prism's sampler stops
// somewhere down the cycle and leaves a required field out, so its answer
// broke the document it serves. A valid made answer is served instead, an
// error's with its optional text fields (its message).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { DocumentSampler } from "./sample/schema-sample.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const document = openapi(
  {
    "/zqcharges": {
      get: {
        operationId: "listZqcharges",
        responses: {
          "200": {
            description: "Listed.",
            content: {
              "application/json": {
                schema: { type: "object", properties: { id: { type: "string" } } },
                example: { id: "zq1" },
              },
            },
          },
          default: {
            description: "An error.",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqError" } } },
          },
        },
      },
    },
    // The same error typed as XML (a Swagger 2 `produces` applied to every answer): a mock serves an object as JSON.
    "/zqreports": {
      get: {
        operationId: "listZqreports",
        responses: {
          "200": {
            description: "Listed.",
            content: { "application/xml;charset=utf-8": { schema: { type: "string" }, example: "<zq/>" } },
          },
          default: {
            description: "An error.",
            content: { "application/xml;charset=utf-8": { schema: { $ref: "#/components/schemas/ZqError" } } },
          },
        },
      },
    },
    "/zqcharges/{id}": {
      get: {
        operationId: "getZqcharge",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": {
            description: "The charge.",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqCharge" } } },
          },
        },
      },
    },
  },
  {
    schemas: {
      ZqError: {
        type: "object",
        required: ["error"],
        properties: { error: { $ref: "#/components/schemas/ZqApiError" } },
      },
      ZqApiError: {
        type: "object",
        required: ["type"],
        properties: {
          type: { type: "string", enum: ["api_error", "card_error"] },
          message: { type: "string" },
          charge: { $ref: "#/components/schemas/ZqCharge" },
        },
      },
      ZqCharge: {
        type: "object",
        required: ["id"],
        properties: {
          id: { type: "string" },
          amount: { type: "integer" },
          last_error: { $ref: "#/components/schemas/ZqApiError" },
        },
      },
    },
  },
);

const work = mkdtempSync(join(runScratch(), "blockwright-mock-cycles-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("a mock's answer whose schema reaches itself (no example)", () => {
  it(
    "is valid against that schema: a success, an error (a `default` answer) with and without a credential, " +
      "an error typed as another media type than JSON",
    async () => {
      mkdirSync(join(work, "zqcycles"), { recursive: true });
      writeFileSync(join(work, "zqcycles", "openapi.yaml"), JSON.stringify(document));
      const mocks = await startMocks(["zqcycles"], { specsDir: work, logLevel: "silent" });
      const sampler = new DocumentSampler(document);
      try {
        const asked: Record<string, string>[] = [{ authorization: "Bearer zq-token-1", prefer: "code=400" }, {}];
        for (const headers of asked) {
          const answer = await fetch(`${mocks.urls.zqcycles}/zqcharges`, { headers });
          expect(answer.status).toBeGreaterThanOrEqual(400);
          const body = await answer.json();
          expect(sampler.valid(body, "/components/schemas/ZqError"), JSON.stringify(body).slice(0, 400)).toBe(true);
          // An error's optional text fields are made too: its message is there for the errors expressions to read.
          expect(body.error).toEqual({ type: "api_error", message: expect.any(String) });
        }
        const report = await fetch(`${mocks.urls.zqcycles}/zqreports`, { headers: asked[0] });
        expect(report.status).toBe(400);
        const reportError = await report.json();
        expect(sampler.valid(reportError, "/components/schemas/ZqError"), JSON.stringify(reportError)).toBe(true);
        const charge = await fetch(`${mocks.urls.zqcycles}/zqcharges/zq1`, {
          headers: { authorization: "Bearer zq-token-1" },
        });
        expect(charge.status).toBe(200);
        expect(sampler.valid(await charge.json(), "/components/schemas/ZqCharge")).toBe(true);
      } finally {
        await mocks.close();
      }
    },
  );
});
