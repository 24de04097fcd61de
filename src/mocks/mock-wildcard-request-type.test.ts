// A request body of several media types, a wildcard one listed first (`*/*`: the binary content of an artifact) and
// a named JSON one after it (`application/x.zqextended+json`: an object): Prism held a body to the first type
// matching the one it was sent as, the wildcard, and refused the object sent as JSON ("Request body must be string").
// The mock lists a request's wildcard types after the named ones.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-wildcard-request-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const object = { type: "object", required: ["zqcontent"], properties: { zqcontent: { type: "string" } } };
const document = openapi({
  "/zqartifacts/{id}": {
    put: {
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      requestBody: {
        required: true,
        content: {
          "*/*": { schema: { type: "string", format: "binary" } },
          "application/x.zqextended+json": { schema: object },
        },
      },
      responses: { "204": { description: "updated" } },
    },
  },
});

describe("a request body whose wildcard type is listed before a named one", () => {
  it("is held to the named type it is sent as; a body sent as another type to the wildcard's", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqreg"), { recursive: true });
    writeFileSync(join(dir, "zqreg", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqreg"], { specsDir: dir, logLevel: "silent" });
    try {
      const put = async (type: string, body: string) => {
        const r = await fetch(`${mocks.urls.zqreg}/zqartifacts/zq1`, {
          method: "PUT",
          headers: { authorization: "Bearer zq-token-1", "content-type": type },
          body,
        });
        return [r.status, await r.text()];
      };
      expect(await put("application/x.zqextended+json", JSON.stringify({ zqcontent: "zq" }))).toEqual([204, ""]);
      expect(await put("application/octet-stream", "zq raw bytes")).toEqual([204, ""]);
      expect((await put("application/x.zqextended+json", JSON.stringify({ other: 1 })))[0]).toBe(422);
    } finally {
      await mocks.close();
    }
  });
});
