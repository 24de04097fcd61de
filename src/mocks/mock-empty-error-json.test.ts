// An error answer declared as JSON with neither a schema nor an example (GBG's `401: {content: {application/json:
// {}}}`): Prism answered a request without a credential with that answer empty and of no media type, then refused its
// own answer, and the mock said 500 where the service says 401 (every auth case of such operations failed). It is
// served as `{}` now, JSON, no violation in it; a success so declared is left as Prism serves it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { violationsOf } from "../contract/prism.js";
import { withEmptyErrorJsonShown } from "./answers/empty-error-json.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-empty-error-json-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const bare = { description: "zq", content: { "application/json": {} } };
const record = {
  description: "zq",
  content: { "application/json": { schema: { type: "object", properties: { zqId: { type: "string" } } } } },
};
const document = openapi({
  "/zqjobs": {
    post: {
      operationId: "zqstartJob",
      requestBody: {
        required: true,
        content: { "application/json": { schema: { type: "object", properties: { zqName: { type: "string" } } } } },
      },
      responses: { "200": record, "400": bare, "401": bare, "500": bare },
    },
  },
});

describe("an error answer declared as JSON with no schema and no example", () => {
  it("is given the empty object as its example; a success and a described answer are left", () => {
    expect(withEmptyErrorJsonShown("401", bare)).toEqual({
      description: "zq",
      content: { "application/json": { example: {} } },
    });
    expect(withEmptyErrorJsonShown("200", bare)).toBe(bare);
    expect(withEmptyErrorJsonShown("400", record)).toBe(record);
    const told = { description: "zq", content: { "application/json": { example: { zqError: "no" } } } };
    expect(withEmptyErrorJsonShown("default", told)).toBe(told);
  });

  it("is served so by the mock: a request without a credential answered 401 with {}, no violation", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqbare"), { recursive: true });
    writeFileSync(join(dir, "zqbare", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqbare"], { specsDir: dir, logLevel: "silent" });
    try {
      const post = async (headers: Record<string, string>) => {
        const r = await fetch(`${mocks.urls.zqbare}/zqjobs`, {
          method: "POST",
          headers: { accept: "application/json", "content-type": "application/json", ...headers },
          body: JSON.stringify({ zqName: "zq-1" }),
        });
        const body = await r.text();
        const violations = violationsOf(r.headers, body).filter((v) => v.location[0] !== "request");
        return { status: r.status, type: r.headers.get("content-type"), violations, body };
      };
      expect(await post({})).toEqual({ status: 401, type: "application/json", violations: [], body: "{}" });
      const auth = { authorization: "Bearer zq-token-1" };
      expect(await post({ ...auth, prefer: "code=500" })).toMatchObject({ status: 500, violations: [], body: "{}" });
      expect(await post(auth)).toMatchObject({ status: 200, violations: [] });
    } finally {
      await mocks.close();
    }
  });
});
