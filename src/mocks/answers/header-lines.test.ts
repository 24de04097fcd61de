// An answer header whose example is written over several lines (a `Link` of a
// page link a line, a YAML block): Prism served it as it was, Node refused the
// line break in a header value, and every call of the operation answered 500.
// The mock serves the example on one line, as HTTP reads a folded header.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { violationsOf } from "../../contract/prism.js";
import { openapi } from "../../import/__fixtures__/draft-kit.js";
import { startMocks } from "../mocks.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-header-lines-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const LINKS = '</zqlessons?page=1>; rel="first",\n</zqlessons?page=2>; rel="next"\n';
const document = openapi(
  {
    "/zqlessons": {
      get: {
        operationId: "listZqlessons",
        responses: {
          "200": {
            description: "A page of lessons.",
            headers: {
              Link: { schema: { type: "string", example: LINKS } },
              "X-Zq-Note": { $ref: "#/components/headers/ZqNote" },
              "X-Zq-Total": { schema: { type: "integer", example: 28 } },
            },
            content: { "application/json": { schema: { type: "array", items: { type: "string" } } } },
          },
        },
      },
    },
  },
  { headers: { ZqNote: { schema: { type: "string" }, examples: { two: { value: "first line\r\n  second" } } } } },
);

describe("an answer header whose example spans lines", () => {
  it("is served on one line, and the mock's own check of its answer passes", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqlessons"), { recursive: true });
    writeFileSync(join(dir, "zqlessons", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqlessons"], { specsDir: dir, logLevel: "silent" });
    try {
      const answer = await fetch(`${mocks.urls.zqlessons}/zqlessons`, {
        headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
      });
      const body = await answer.text();
      expect(answer.status).toBe(200);
      expect(violationsOf(answer.headers, body)).toEqual([]);
      expect(answer.headers.get("link")).toBe('</zqlessons?page=1>; rel="first", </zqlessons?page=2>; rel="next"');
      expect(answer.headers.get("x-zq-note")).toBe("first line second");
      expect(answer.headers.get("x-zq-total")).toBe("28");
    } finally {
      await mocks.close();
    }
  });
});
