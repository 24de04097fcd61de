// What npm relays of a registry's answers is bounded (issue 28, item 2): an
// npm that prints without end (a registry streaming for ever) is stopped, and
// the failure says so, instead of the output growing in memory. A stand-in
// `npm` on PATH prints for ever.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NpmFailure, publishedVersions } from "./npm.js";

const bin = mkdtempSync(join(tmpdir(), "bw-npm-"));
afterAll(() => rmSync(bin, { recursive: true, force: true }));

describe("an npm whose output never ends", () => {
  it("is stopped past the output limit, with an EOUTPUT failure", async () => {
    const npm = join(bin, "npm");
    writeFileSync(npm, `#!/bin/sh\nexec "${process.execPath}" -e 'const c = "[\\"1.0.0\\",".repeat(8192); const w = () => { while (process.stdout.write(c)); process.stdout.once("drain", w); }; w();'\n`);
    chmodSync(npm, 0o755);
    const failure = await publishedVersions("zzshelf-nothing", { cwd: bin, env: { PATH: `${bin}:/usr/bin:/bin` }, signal: new AbortController().signal }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NpmFailure);
    expect((failure as NpmFailure).code).toBe("EOUTPUT");
  });
});
