// A required JSON body whose value is falsy (`0`: a PIN, `false`: a flag): Prism read it as no body and refused the
// request ("Body parameter is required"). The judge, in front, requires a body by its bytes: `0` and `false` are taken,
// a request without a body still refused.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-falsy-body-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const taking = (schema: object) => ({
  post: {
    requestBody: { required: true, content: { "application/json": { schema } } },
    responses: { "204": { description: "set" } },
  },
});
const document = openapi({ "/zqpin": taking({ type: "integer" }), "/zqflag": taking({ type: "boolean" }) });

describe("a required JSON body whose value is falsy", () => {
  it("is taken as a body; a request without one is still refused", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqcard"), { recursive: true });
    writeFileSync(join(dir, "zqcard", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqcard"], { specsDir: dir, logLevel: "silent", log: () => {} });
    try {
      const post = async (path: string, body?: string) => {
        const r = await fetch(`${mocks.urls.zqcard}${path}`, {
          method: "POST",
          headers: {
            authorization: "Bearer zq-token-1",
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          },
          ...(body === undefined ? {} : { body }),
        });
        await r.body?.cancel();
        return r.status;
      };
      expect([await post("/zqpin", "0"), await post("/zqflag", "false"), await post("/zqpin", "1234")]).toEqual([
        204, 204, 204,
      ]);
      expect(await post("/zqpin")).not.toBe(204);
    } finally {
      await mocks.close();
    }
  });
});
