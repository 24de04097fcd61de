// The modules a `generate` of packages loads (the built command, in a Node process of its own: what it loads is the
// process's): none of the workflow platforms' emitters (`--target n8n|sim` loads them when asked), and of the runtime
// only what the generator reads, not the call path its constants and helpers sat beside (the paging, the single call
// and the transport; the client; the OAuth flows' token requests and signing): about 25 modules of each start.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { REPOSITORY } from "../../test-support/neutral-copy.js";

/** Imports the modules given, and says every file the process loaded. */
const CHILD = `
import { registerHooks } from "node:module";
const loaded = [];
registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
for (const url of process.argv.slice(1)) await import(url);
process.stdout.write(JSON.stringify(loaded.filter((u) => u.startsWith("file:"))));
`;

const NOT_LOADED = [
  /\/dist\/emit\/platforms\/(targets|n8n-package|n8n-node|sim-files)\.js$/,
  /\/node_modules\/pluralize\//,
  /\/runtime\/dist\/(paging\/paginate|call\/single-call|http\/transport|client\/(client|environment))\.js$/,
  /\/runtime\/dist\/oauth\/(flows|token-request|token-cache|assertion)\.js$/,
];

describe("generate's modules", () => {
  it("loads no platform emitter and none of the runtime's call path", async () => {
    const modules = ["dist/cli/generate.js", "dist/emit/generate-all.js"].map(
      (m) => pathToFileURL(join(REPOSITORY, m)).href,
    );
    const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", CHILD, ...modules]);
    const loaded = JSON.parse(stdout) as string[];
    expect(loaded).toContain(pathToFileURL(join(REPOSITORY, "dist/emit/emit-surface.js")).href);
    expect(loaded.filter((url) => NOT_LOADED.some((pattern) => pattern.test(url)))).toEqual([]);
  });
});
