// An HTTP security scheme of a name Prism's check does not know (`zq-hmac-sha256`, credentials the caller gives):
// Prism let every request through, credential or none, so the contract suite's "without a credential the mock
// answers 401" failed. The mock serves it to Prism as a key in Authorization; the judge holds its form.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { type MockServers, startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const document = openapi(
  {
    "/zqlinks": {
      get: {
        operationId: "zqListLinks",
        security: [{ zqSigned: [] }],
        responses: { "200": reply({ type: "object", properties: { zqid: { type: "string" } } }, { zqid: "l1" }) },
      },
    },
  },
  { securitySchemes: { zqSigned: { type: "http", scheme: "zq-hmac-sha256" } } },
  { security: null },
);

const work = mkdtempSync(join(runScratch(), "blockwright-mock-named-http-"));
let mocks: MockServers;
beforeAll(async () => {
  mkdirSync(join(work, "zqsigned"), { recursive: true });
  writeFileSync(join(work, "zqsigned", "openapi.yaml"), JSON.stringify(document));
  mocks = await startMocks(["zqsigned"], { specsDir: work, logLevel: "silent" });
});
afterAll(async () => {
  await mocks?.close();
  rmSync(work, { recursive: true, force: true });
});

const get = async (authorization?: string) =>
  (await fetch(`${mocks.urls.zqsigned}/zqlinks`, { headers: authorization ? { authorization } : {} })).status;

describe("an HTTP scheme of a name Prism does not know", () => {
  it("is required: a request without it is answered 401, one with it 200", async () => {
    expect(await get()).toBe(401);
    expect(await get("zq-hmac-sha256 c2lnbmF0dXJl")).toBe(200);
  });

  it("is held to its form: another scheme's name is refused", async () => {
    expect(await get("Bearer c2lnbmF0dXJl")).not.toBe(200);
  });
});
