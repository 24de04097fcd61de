// A request body's map whose values are a `oneOf` of plain forms (an event's metadata: a text, a flag, a number, or a
// text of a format no validator knows): by the letter a text meets two forms, so no text meets the union. The judge
// reads such a union as anyOf (src/judge/plain-one-of.ts), and the mock's copy did too for a field or a list's items,
// but not for a map's values (`additionalProperties`, `patternProperties`): Prism refused every text the suite sent
// there, which the judge had passed. The map's values are now read as the judge reads them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-map-value-forms-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const valueForms = {
  oneOf: [{ type: "string" }, { type: "boolean" }, { type: "number" }, { type: "string", format: "zqstamp" }],
};
const body = {
  required: true,
  content: {
    "application/json": {
      schema: {
        type: "object",
        required: ["zqname"],
        properties: {
          zqname: { type: "string" },
          zqmeta: { type: "object", additionalProperties: valueForms },
          zqtags: { type: "object", patternProperties: { "^zq": valueForms } },
        },
      },
    },
  },
};

describe("a request body's map whose values are one of several plain forms", () => {
  it("is served as the judge reads it: a text, a flag or a number is taken, a list refused", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqevents"), { recursive: true });
    const document = openapi({
      "/zqevents": {
        post: { operationId: "zqTrack", requestBody: body, responses: { "204": { description: "tracked" } } },
      },
    });
    writeFileSync(join(dir, "zqevents", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqevents"], { specsDir: dir, logLevel: "silent" });
    try {
      const send = async (zqmeta: unknown, zqtags: unknown = {}) => {
        const response = await fetch(`${mocks.urls.zqevents}/zqevents`, {
          method: "POST",
          headers: { authorization: "Bearer zq-token-1", "content-type": "application/json" },
          body: JSON.stringify({ zqname: "zqsigned", zqmeta, zqtags }),
        });
        await response.arrayBuffer();
        return response.status;
      };
      expect(await send({ zqplan: "zqgold", zqtrial: true, zqseats: 3 })).toBe(204);
      expect(await send({ zqplan: ["zqgold"] })).toBe(422);
      expect(await send({}, { zqplan: "zqgold", zqseats: 3 })).toBe(204);
      expect(await send({}, { zqplan: ["zqgold"] })).toBe(422);
    } finally {
      await mocks.close();
    }
  });
});
