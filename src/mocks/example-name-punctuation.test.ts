// A named example whose name holds `,` and `"` (`Bitcoin-like, details set to
// "txids"`): the suite asks the mock for it in Prism's words, joined with `, `
// (`code=200, example=…`), and the words were read back split at every comma,
// so the mock was asked for an example named `Bitcoin-like` and answered 404.
// Such a name is written as a quoted string, and read back whole.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mockPrefer, withMockSteering } from "@blockwright/runtime/workflow";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-example-name-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const NAMES = ['Zq-like, details set to "txids"', "plain", 'back\\slash = "x"', " padded "];
const document = openapi({
  "/zqaddresses": {
    get: {
      operationId: "getZqaddress",
      responses: {
        "200": {
          description: "The address.",
          content: {
            "application/json": {
              schema: { type: "object", properties: { n: { type: "integer" } } },
              examples: Object.fromEntries(NAMES.map((name, n) => [name, { value: { n } }])),
            },
          },
        },
      },
    },
  },
});
const tool = { responses: [], successStatuses: [200] } as unknown as Parameters<typeof mockPrefer>[0];

describe("a named example whose name holds a comma and quotes", () => {
  it("is asked of the mock by its whole name, and served", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqaddresses"), { recursive: true });
    writeFileSync(join(dir, "zqaddresses", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqaddresses"], { specsDir: dir, logLevel: "silent" });
    try {
      for (const [n, name] of NAMES.entries()) {
        const url = withMockSteering(
          `${mocks.urls.zqaddresses}/zqaddresses`,
          mockPrefer(tool, { code: 200, example: name }),
        );
        const answer = await fetch(url, {
          headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
        });
        expect(answer.status, name).toBe(200);
        expect(await answer.json(), name).toEqual({ n });
      }
    } finally {
      await mocks.close();
    }
  });
});
