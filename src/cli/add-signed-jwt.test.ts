// A published document whose every request carries, beside an API key header, a JWT signed per request with the
// caller's private key and bound to the request (an invented custody API: a JSON body, a query, a multipart upload,
// a paged list) through add, generate and test with no hand edit: drafted as auth.signedJwt, the package bundles the
// signing part, and its contract suite passes on the mocks with each request's JWT verified with the test key's
// public key and its claims recomputed from the request received (src/contract/request/jwt-check.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { addedProject } from "../../test-support/cli/added-project.js";
import { cli } from "../../test-support/cli-harness.js";
import { zqSignedJwt } from "../link/__fixtures__/zq-signed-jwt.js";
import { startMocks } from "../mocks/mocks.js";

const { dir } = addedProject("blockwright-signed-jwt-", "zqvaults", zqSignedJwt());

describe("a published document whose requests carry a JWT signed per request", () => {
  it("is drafted with auth.signedJwt and passes its contract suite, each JWT verified, with no edit", async () => {
    const manifest = readFileSync(join(dir, "specs/zqvaults/manifest.yaml"), "utf8");
    expect(manifest).toMatch(/ {2}signedJwt:\n {4}alg: ES256\n {4}claims:\n/);
    expect(readFileSync(join(dir, "generated/zqvaults/index.js"), "utf8")).toContain("signing: requestSigning");
    // 10 random inputs a property, not the default 100: mistakes planted in the signer (the uri without its query or
    // percent-decoded, the body hashed as Latin-1, a multipart body's hash of no bytes) failed every run at 10, each
    // by its fixed cases or the property's draws of text beyond ASCII within its first runs.
    const r = await cli(["test", "zqvaults", "--runs", "10"], {
      cwd: dir,
      startMocks: (providers, options) => startMocks(providers, options),
    });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/zqvaults +\d+ cases +\d+ passed +0 failed/);
  });
});
