// `verify` in CI with the provider's credential in `<PROVIDER>_<PARAM>`, the variable the package's README names and
// that `call`, the package's client and `mcp` read: verify refused it ("given only as references") and sent every
// call without the key. It reads it as they do now; the key is sent and never printed.
import { describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { KEY, keyForms, shelfFixture } from "../../test-support/cli/verify-shelf.js";

const shelf = shelfFixture("blockwright-verify-env-");

describe("verify with the credential in the provider's variable", () => {
  it("sends it on every call made with a credential, and prints it nowhere", async () => {
    const dir = await shelf.project("shelf");
    shelf.mode = { authenticate: true };
    const before = shelf.upstream.received.length;
    const r = await cli(["verify", "shelf", "--base-url", shelf.upstream.url, "--interval", "0"], {
      cwd: dir,
      env: { SHELF_API_KEY: KEY },
    });
    const sent = shelf.upstream.received.slice(before);
    expect(sent.filter((q) => q.headers["x-shelf-key"] === KEY).length).toBeGreaterThanOrEqual(2);
    expect(r.stdout).toMatch(/^✓ shelf_get_book › live › minimal input$/m);
    for (const form of keyForms) expect(r.stdout + r.stderr).not.toContain(form);
  });
});
