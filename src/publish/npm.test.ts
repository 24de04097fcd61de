// What npm relays of a registry's answers is bounded (issue 28, item 2): an
// npm that prints without end (a registry streaming for ever) is stopped, and
// the failure says so, instead of the output growing in memory. A stand-in
// `npm` on PATH prints for ever.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NpmFailure, publishedVersions } from "./npm.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const bin = mkdtempSync(join(runScratch(), "bw-npm-"));
afterAll(() => rmSync(bin, { recursive: true, force: true }));

describe("an npm whose output never ends", () => {
  it("is stopped past the output limit, with an EOUTPUT failure", async () => {
    const npm = join(bin, "npm");
    // `yes`: a line of a versions list without end, at a pipe's pace, for no Node start.
    writeFileSync(npm, `#!/bin/sh\nexec yes '["1.0.0",'\n`);
    chmodSync(npm, 0o755);
    const failure = await publishedVersions("zzshelf-nothing", {
      cwd: bin,
      env: { PATH: `${bin}:/usr/bin:/bin` },
      signal: new AbortController().signal,
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NpmFailure);
    expect((failure as NpmFailure).code).toBe("EOUTPUT");
  });
});

describe("what npm says back of a registry's echo", () => {
  // A token of no known format (not npm_…): only knowing it finds it. One in the project's .npmrc through ${VAR}, one
  // literal in the user's.
  const TOKEN = "zq-Registry-Token-0123456789";
  const LITERAL = "zq-literal-token-9876543210";
  const forms = (t: string) => [
    t,
    `Bearer%20${t}`,
    `Bearer+${t}`,
    Buffer.from(t).toString("base64"),
    Buffer.from(`me:${t}`).toString("base64"),
    [...Buffer.from(t)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join(""),
    t.replace("R", "\\u0052"),
    t.toUpperCase(),
  ];

  it("withholds every form of the npm tokens npm would use, in its --json error and its error lines", async () => {
    const dir = mkdtempSync(join(bin, "echo-"));
    // biome-ignore lint/suspicious/noTemplateCurlyInString: npm's own ${VAR} reference, written to .npmrc as it is
    writeFileSync(join(dir, ".npmrc"), "//127.0.0.1:9/:_authToken=${ZQ_NPM_TOKEN}\n");
    writeFileSync(join(dir, "user-npmrc"), `//registry.example.com/:_authToken="${LITERAL}"\n`);
    const echoed = [...forms(TOKEN), ...forms(LITERAL)].join(" ");
    const npm = join(dir, "npm");
    // As npm relays a registry's 403 whose message echoes the credential: in its --json error on stdout and its error
    // lines on stderr.
    const json = JSON.stringify({
      error: { code: "E403", summary: `403 Forbidden - you sent ${echoed}`, detail: `"authorization: ${echoed}"` },
    });
    writeFileSync(
      npm,
      `#!/bin/sh\ncat <<'EOF'\n${json}\nEOF\ncat >&2 <<'EOF'\nnpm error code E403\nnpm error ` +
        `403 ${echoed}\nEOF\nexit 1\n`,
    );
    chmodSync(npm, 0o755);
    const env = { PATH: `${dir}:/usr/bin:/bin`, ZQ_NPM_TOKEN: TOKEN, NPM_CONFIG_USERCONFIG: join(dir, "user-npmrc") };
    const failure = await publishedVersions("zqshelf", { cwd: dir, env, signal: new AbortController().signal }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(NpmFailure);
    const message = (failure as NpmFailure).message;
    expect(message).toContain("403 Forbidden - you sent");
    for (const form of [...forms(TOKEN), ...forms(LITERAL)]) expect(message, form).not.toContain(form);
    writeFileSync(npm, `#!/bin/sh\ncat >&2 <<'EOF'\nnpm error code E403\nnpm error 403 ${echoed}\nEOF\nexit 1\n`);
    const lines = await publishedVersions("zqshelf", { cwd: dir, env, signal: new AbortController().signal }).catch(
      (e: unknown) => e,
    );
    expect((lines as NpmFailure).message).toContain("E403 403");
    for (const form of [...forms(TOKEN), ...forms(LITERAL)])
      expect((lines as NpmFailure).message, form).not.toContain(form);
  });
});
