// A path segment holding two expressions with nothing between them (`/zqprofiles/{id}{ext}`, the second an enum of
// extensions): Prism's reader of the path (a URI template's match) took no value of either, and refused every request
// ("Request path must have required property 'id'", "ext must be equal to one of the allowed values"). The mock leaves
// the segment's values to the request judge, which reads them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-shared-segment-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const document = openapi(
  {
    "/zqprofiles/{id}{ext}": {
      parameters: [
        { name: "id", in: "path", required: true, schema: { type: "string" } },
        { $ref: "#/components/parameters/zqExt" },
      ],
      get: {
        operationId: "getZqProfile",
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { type: "object" }, example: { zqprofile: "one" } } },
          },
        },
      },
    },
  },
  {
    parameters: { zqExt: { name: "ext", in: "path", required: true, schema: { type: "string", enum: [".zq"] } } },
  },
);

describe("a path segment of two expressions with nothing between them", () => {
  it("is answered by the mock, each expression's value judged", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqprofiles"), { recursive: true });
    writeFileSync(join(dir, "zqprofiles", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqprofiles"], { specsDir: dir, logLevel: "silent" });
    try {
      const answer = async (path: string) => {
        const response = await fetch(`${mocks.urls.zqprofiles}${path}`, {
          headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
        });
        return { status: response.status, body: await response.json() };
      };
      expect(await answer("/zqprofiles/zq-7.zq")).toEqual({ status: 200, body: { zqprofile: "one" } });
      // A long first value: the judge reads the segment from both ends, the short extension within its readings.
      const long = `zq-${"7".repeat(40)}%3F%23`;
      expect(await answer(`/zqprofiles/${long}.zq`)).toEqual({ status: 200, body: { zqprofile: "one" } });
      expect((await answer("/zqprofiles/zq-7.xml")).status).toBe(422);
    } finally {
      await mocks.close();
    }
  });
});
