// A security requirement naming a scheme the document declares under another letter case (`ZqBearer` beside
// `zqBearer`): names of schemes are case-sensitive, so a draft that kept the requirement as written could never
// link (generate refused it, yet add exited 0). With one declared scheme that matches, the cut writes the
// requirement as declared and says so; with several, add refuses (exit 2), naming them all.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../../test-support/cli-harness.js";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-auth-case-"));
afterAll(() => {
  rmSync(draftWorkFolder, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

const widget = reply({ type: "object", properties: { id: { type: "string" } } });
const paths = (security?: unknown) => ({
  "/zq-widgets": {
    get: { operationId: "listWidgets", ...(security ? { security } : {}), responses: { "200": widget } },
  },
});

describe("a security requirement that names a declared scheme in another letter case", () => {
  it("is written as the scheme is declared in the cut, said in its header and a note; the draft links", async () => {
    const d = drafted(
      openapi(
        paths([{ ZqBearer: [] }]),
        { securitySchemes: { zqBearer: { type: "http", scheme: "bearer" } } },
        { security: [{ ZQBEARER: [] }] },
      ),
      ["listWidgets"],
    );
    expect(d.manifest.auth).toMatchObject({ scheme: "zqBearer", param: "accessToken" });
    expect(d.openapiText).toMatch(
      new RegExp(
        String.raw`^# Changed by blockwright add: security, GET \/zq-widgets\.security \("ZQBEARER" written ` +
          '"zqBearer", as the scheme is declared, "ZqBearer" written "zqBearer", as the scheme is ' +
          String.raw`declared\)`,
        "m",
      ),
    );
    expect(d.openapiText).not.toMatch(/ZqBearer:|ZQBEARER:/);
    expect(notesAt(d, "auth").join("\n")).toMatch(
      new RegExp(
        "name ZQBEARER where the scheme is declared as zqBearer, ZqBearer where the scheme is declared " +
          String.raw`as zqBearer: openapi\.yaml writes them as declared`,
      ),
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it(
    "with several declared schemes matching it: add refuses with exit 2, naming the requirement " +
      "and every candidate",
    async () => {
      const document = openapi(paths([{ ZQKEY: [] }]), {
        securitySchemes: {
          zqKey: { type: "apiKey", in: "header", name: "X-Key" },
          ZqKey: { type: "apiKey", in: "query", name: "key" },
        },
      });
      const dir = join(work, "project");
      mkdirSync(join(dir, "specs"), { recursive: true });
      writeFileSync(join(dir, "document.json"), JSON.stringify(document));
      const r = await cli(["add", "zqcase", "--from", join(dir, "document.json"), "--operations", "listWidgets"], {
        cwd: dir,
      });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        new RegExp(
          String.raw`security requirements name "ZQKEY" \(declared: "zqKey", "ZqKey"\): no scheme is declared ` +
            "under that name, and several under it in another letter case",
        ),
      );
    },
  );
});
