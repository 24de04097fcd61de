// A parameter several operations declare alike is one interface of index.d.ts, which each operation's `Params`
// extends (shared-param-types.ts), on a package generated from the request judge's fixture, whose API key every
// operation takes: its member printed once, the types unchanged for a caller.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { typeErrors, writeInstalled } from "../../test-support/installed-package.js";
import { entryRenderer } from "./emit.js";
import { wholeText } from "./file-text.js";
import { generate } from "./generate-all.js";
import { loadProvider } from "./link-provider.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), "../../test-support/fixtures/specs-judge/zqwire");
const work = mkdtempSync(join(runScratch(), "blockwright-shared-params-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("a parameter shared by operations in index.d.ts", () => {
  it("is printed once, in an interface every operation's Params extends, and types a call as before", async () => {
    cpSync(FIXTURE, join(work, "specs", "zqwire"), { recursive: true });
    const { files } = await generate({ root: work, outDir: join(work, "generated") });
    const dts = files.get("zqwire/index.d.ts")!;
    const operations = [...dts.matchAll(/^export interface Zqwire\w+Params\b/gm)].length;
    expect(operations).toBe(12);
    // The key's member once, in its interface; every operation's Params extends it.
    expect(dts.split("/** API key, sent in X-Zq-Key. */").length - 1).toBe(1);
    expect(dts).toContain(
      "export interface ZqwireSharedApiKey {\n  /** API key, sent in X-Zq-Key. */\n  apiKey: string;\n}\n",
    );
    expect([...dts.matchAll(/^export interface Zqwire\w+Params extends ZqwireSharedApiKey \{$/gm)].length).toBe(
      operations,
    );
    // A caller's types: the key required as before, the operation's own parameters beside it.
    const installed = writeInstalled(files, work);
    const check = join(installed.dir, "check.mts");
    writeFileSync(
      check,
      `import type { ZqwireGetFileParams as P, ZqwireSharedApiKey } from "./zqwire/index.js";
export const given: P = { apiKey: "zq-key", path: "zqdir/zqnotes.md" };
export const key: ZqwireSharedApiKey["apiKey"] = given.apiKey;
// @ts-expect-error the key is required
export const keyless: P = { path: "zqdir/zqnotes.md" };
// @ts-expect-error the operation's own parameter too
export const pathless: P = { apiKey: "zq-key" };
`,
    );
    expect(typeErrors([join(installed.dir, "zqwire/index.d.ts"), check])).toEqual([]);
  }, 120_000);

  it("makes an operation's members twice: once for the count, once for its Params and what it extends", async () => {
    const root = dirname(FIXTURE);
    const ir = await loadProvider(root, FIXTURE);
    // Each parameter's description read as its member is made (paramMembers reads it once a member).
    let made = 0;
    for (const op of ir.operations)
      for (const p of op.tool.params) {
        const description = p.description;
        Object.defineProperty(p, "description", {
          get: () => {
            made++;
            return description;
          },
        });
      }
    const params = ir.operations.reduce((n, op) => n + op.tool.params.length, 0);
    expect(params).toBeGreaterThan(12);
    const dts = wholeText(
      entryRenderer(ir, "export interface paths {}\nexport interface operations {}", "1.0.0").dts(),
    );
    expect(dts).toContain("extends ZqwireSharedApiKey {");
    // Three times before: the count, `extends` and the Params' members each made them again.
    expect(made).toBe(2 * params);
  });
});
