// A published document with no security scheme whose operation takes its key as the body's one field (GitHub's
// `apps/check-token`: `{access_token}`, required): add drafts the key as the credential sent there (auth.alsoSends),
// and the link then refused the operation ("requires a request body … but no parameter or constant is placed in it",
// BW2010): a credential's place at the body's top level was not counted as placing anything in it. Whole GitHub
// (`--operations all`) stopped there. The made-up provider is `zqkeys`.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, runtimeProject } from "../../test-support/cli-harness.js";
import { server } from "../../test-support/runtime/loopback-server.js";
import { startMocks } from "../mocks/mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-key-only-body-"));
const reply = (schema: object, example: unknown) => ({
  "200": { description: "ok", content: { "application/json": { schema, example } } },
});
const document = {
  openapi: "3.0.3",
  info: { title: "zqkeys", version: "1" },
  servers: [{ url: "https://zqkeys.invalid" }],
  paths: {
    "/applications/{client_id}/token": {
      post: {
        operationId: "checkToken",
        parameters: [{ name: "client_id", in: "path", required: true, schema: { type: "string" } }],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["access_token"],
                properties: { access_token: { type: "string", description: "The access_token of the application." } },
              },
            },
          },
        },
        responses: reply({ type: "object", properties: { id: { type: "integer" } } }, { id: 1 }),
      },
    },
    "/things": { get: { operationId: "listThings", responses: reply({ type: "array", items: {} }, ["a"]) } },
  },
};

let dir: string;
beforeAll(async () => {
  dir = runtimeProject(join(tmp, "project"), "specs");
  writeFileSync(join(tmp, "zqkeys.json"), JSON.stringify(document));
  const added = await cli(["add", "zqkeys", "--from", join(tmp, "zqkeys.json"), "--operations", "all"], { cwd: dir });
  expect(added.code, added.stderr).toBe(0);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("an operation whose one body field is the key", () => {
  it("generates, and its call sends the body holding the key alone; the suite passes with no edit", async () => {
    const generated = await cli(["generate"], { cwd: dir });
    expect(generated.code, generated.stderr).toBe(0);
    const upstream = await server(() => ({ status: 200, body: '{"id":1}' }));
    try {
      const env = { ZQ_KEYS_KEY: "zq-k3y/+=" };
      const called = await cli(
        [
          "call",
          "zqkeys_check_token",
          "--param",
          "apiKey={{ZQ_KEYS_KEY}}",
          "--param",
          "client_id=zq1",
          "--base-url",
        ].concat(upstream.url),
        { cwd: dir, env },
      );
      expect(called.code, called.stderr).toBe(0);
      expect(JSON.parse(upstream.received[0]?.body ?? "")).toEqual({ access_token: "zq-k3y/+=" });
      expect(called.stdout).not.toContain("zq-k3y");
    } finally {
      await upstream.close();
    }
    // 10 random inputs a property, not the default 100: the key left out of the body (planted in the runtime) failed
    // every run at 10 by the same 9 cases as at 100.
    const tested = await cli(["test", "zqkeys", "--runs", "10"], { cwd: dir, startMocks: (p, o) => startMocks(p, o) });
    expect(tested.code, tested.stdout).toBe(0);
  });
});
