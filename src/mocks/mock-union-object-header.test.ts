// A header whose schema is a union of objects with no `type` of its own (`oneOf: [{type: object}, {type: object,
// properties: …}]`, a filter sent as a header): Prism decodes a header by its schema's top-level type, so it kept the
// text and refused it as no object ("must be object"). The mock leaves such a header to the request judge, as it
// does one typed object or array: the judge reads the union's shapes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-union-object-header-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const document = openapi({
  "/zqnotes": {
    get: {
      operationId: "listZqnotes",
      parameters: [
        {
          name: "X-Zq-Filter",
          in: "header",
          schema: {
            oneOf: [
              { type: "object", required: ["zq_label"], properties: { zq_label: { type: "string" } } },
              {
                type: "object",
                additionalProperties: false,
                required: ["zq_and"],
                properties: { zq_and: { type: "string" } },
              },
            ],
          },
        },
      ],
      responses: {
        "200": {
          description: "The notes.",
          content: {
            "application/json": {
              schema: { type: "object", properties: { id: { type: "integer" } } },
              example: { id: 1 },
            },
          },
        },
      },
    },
  },
});

describe("a mock's header whose schema is a union of objects without a type of its own", () => {
  it("takes an object of either shape, sent as simple style writes it, and refuses a text of neither", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqnotes"), { recursive: true });
    writeFileSync(join(dir, "zqnotes", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqnotes"], { specsDir: dir, logLevel: "silent" });
    try {
      const status = async (filter: string) =>
        (
          await fetch(`${mocks.urls.zqnotes}/zqnotes`, {
            headers: { authorization: "Bearer zq-token-1", accept: "application/json", "x-zq-filter": filter },
          })
        ).status;
      expect(await status("zq_label,home")).toBe(200);
      expect(await status("zq_and,home")).toBe(200);
      expect(await status("zq_other,home")).toBeGreaterThanOrEqual(400);
    } finally {
      await mocks.close();
    }
  });
});
