// A 3.1 answer's list written as a tuple (`prefixItems` for its first items, `items` for the rest): Prism checks a
// schema with no `$schema` by draft-07, which knows no `prefixItems`, and held the first item to `items` too, so that
// it refused the answer made from the document (a flow whose first event is the `start` its `prefixItems` ask, which
// none of the later events' shapes takes). The mock's copy writes the tuple as draft-07 says it; the answer still
// meets the document's letter.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { documentAnswerFits } from "./mock-realistic.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-tuple-items-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const event = (kind: string) => ({
  type: "object",
  required: ["zqId", "zqKind"],
  properties: { zqId: { type: "string" }, zqKind: { const: kind } },
});
const document = {
  ...openapi({
    "/zqflows": {
      get: {
        operationId: "getZqflow",
        responses: {
          "200": reply({
            type: "object",
            required: ["zqEvents"],
            properties: {
              zqEvents: {
                type: "array",
                minItems: 2,
                prefixItems: [event("zqstart")],
                items: { anyOf: [event("zqreply"), event("zqcommand")] },
              },
            },
          }),
        },
      },
    },
  }),
  openapi: "3.1.0",
};

describe("a 3.1 answer's tuple list (prefixItems, then items)", () => {
  it("is served as the document says, its first item of the tuple's shape, which Prism's check takes", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqflows"), { recursive: true });
    writeFileSync(join(dir, "zqflows", "openapi.yaml"), JSON.stringify(document));
    const fits = documentAnswerFits(document, ["paths", "/zqflows", "get"], "200", "application/json");
    for (const seed of [1, 2, 3]) {
      const mocks = await startMocks(["zqflows"], { specsDir: dir, logLevel: "silent", seed });
      try {
        const res = await fetch(`${mocks.urls.zqflows}/zqflows`, {
          headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
        });
        const body = (await res.json()) as { zqEvents: { zqKind: string }[] };
        expect([res.status, res.headers.get("sl-violations")], JSON.stringify(body)).toEqual([200, null]);
        expect(body.zqEvents[0]?.zqKind).toBe("zqstart");
        expect(body.zqEvents.slice(1).every((e) => ["zqreply", "zqcommand"].includes(e.zqKind))).toBe(true);
        expect(fits(body), JSON.stringify(body)).toBe(true);
      } finally {
        await mocks.close();
      }
    }
  });
});
