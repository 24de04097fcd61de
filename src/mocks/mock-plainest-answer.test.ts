// An answer of fields that `allOf` joins from two places (a sibling `properties` beside the `allOf`, and a member):
// an address a member gives `format: email` and the sibling a pattern of word boundaries (`\b…@…\b`, which
// fast-check drew nothing from; a part's value was held to one member only), an optional field and a list's items'
// required field whose two enums share no value. The sampler made no value, so the mock served Prism's own sample,
// which Prism's check refused: every case of the operation failed. The mock serves the plainest valid value (the
// optional field left out, the list empty, an address both accept).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { violationsOf } from "../contract/prism.js";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-plainest-answer-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ADDRESS = "\\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}\\b";
const event = (kinds: string[]) => ({
  type: "object",
  required: ["zqKind"],
  properties: { zqKind: { type: "string", enum: kinds }, zqAt: { type: "string" } },
});
const document = openapi(
  {
    "/zqparcels/{id}": {
      get: {
        operationId: "getZqparcel",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": {
            description: "The parcel.",
            content: {
              "application/json": {
                schema: {
                  allOf: [
                    { $ref: "#/components/schemas/ZqParcelCommon" },
                    {
                      type: "object",
                      required: ["zqEvents"],
                      properties: { zqEvents: { type: "array", items: event(["zqsoft", "zqhard"]) } },
                    },
                  ],
                  type: "object",
                  required: ["zqSender", "zqEvents"],
                  properties: {
                    zqSender: { type: "string", pattern: ADDRESS },
                    zqGrade: { type: "string", enum: ["zqc"] },
                    zqEvents: { type: "array", items: event(["zqbounced", "zqblocked"]) },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  {
    schemas: {
      ZqParcelCommon: {
        type: "object",
        required: ["zqSender"],
        properties: {
          zqSender: { type: "string", format: "email" },
          zqGrade: { type: "string", enum: ["zqa", "zqb"] },
        },
      },
    },
  },
);

describe("an answer no realistic draw meets", () => {
  it("is served as the plainest valid value, which the mock's own check passes, whatever the seed", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqparcels"), { recursive: true });
    writeFileSync(join(dir, "zqparcels", "openapi.yaml"), JSON.stringify(document));
    for (const seed of [3, 20261121]) {
      const mocks = await startMocks(["zqparcels"], { specsDir: dir, seed, logLevel: "silent" });
      try {
        const answer = await fetch(`${mocks.urls.zqparcels}/zqparcels/zq-1`, {
          headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
        });
        const body = await answer.text();
        expect(answer.status).toBe(200);
        expect(violationsOf(answer.headers, body)).toEqual([]);
        const parcel = JSON.parse(body) as { zqSender: string; zqEvents: unknown[] };
        expect(parcel.zqEvents).toEqual([]);
        expect(parcel).not.toHaveProperty("zqGrade");
        expect(parcel.zqSender).toMatch(new RegExp(ADDRESS, "u"));
        expect(parcel.zqSender).toMatch(/^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$/);
      } finally {
        await mocks.close();
      }
    }
  });
});
