// `blockwright diff` on a copy of this project whose manifests change a
// concept the surface records besides parameters and outputs: the request
// head limit, a route, the idempotency key, a failure test. Which provider
// each edit goes to is read from the specs (and the committed surfaces).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli, copyOfRepository } from "../../test-support/cli-harness.js";
import { SPECS_DIR } from "../../test-support/repo.js";
import { providerDirs } from "../load/provider-dirs.js";
import type { Change } from "./classify.js";
import type { Surface } from "./surface.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-diff-concepts-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const providers = providerDirs(SPECS_DIR).map((dir) => dir.split(/[\\/]/).pop()!);
const manifestOf = (root: string, provider: string) => join(root, "specs", provider, "manifest.yaml");

/** The first provider whose manifest (or committed surface) passes `test`. */
function providerWhere(test: (manifest: string, surface: Surface) => boolean): string {
  const found = providers.find((p) =>
    test(
      readFileSync(manifestOf(join(SPECS_DIR, ".."), p), "utf8"),
      JSON.parse(readFileSync(join(SPECS_DIR, "../generated", p, "surface.json"), "utf8")) as Surface,
    ),
  );
  if (!found) throw new Error("no provider of specs/ fits the test");
  return found;
}

function edit(root: string, provider: string, change: (text: string) => string): void {
  const file = manifestOf(root, provider);
  const text = readFileSync(file, "utf8");
  const changed = change(text);
  if (changed === text) throw new Error(`the edit changed nothing in ${provider}'s manifest`);
  writeFileSync(file, changed);
}

describe("blockwright diff classifies a change to", () => {
  const headLimit = /^limits:\n(?:\s+#.*\n)*\s+requestHeadBytes: (\d+)$/m;
  const routes = /\n {4}routes:\n(?:(?: {6,}.*| *#.*)\n)+/;
  const withHeadLimit = providerWhere((m) => headLimit.test(m));
  const withRoutes = providerWhere((m) => routes.test(m));
  const withPost = providerWhere(
    (m, s) => !/^idempotency:/m.test(m) && Object.values(s.tools).some((t) => t.method === "POST"),
  );
  const withoutFailureTests = providerWhere((m) => !m.includes("failureWhen:"));

  it("limits.requestHeadBytes, routes, idempotency and errors.failureWhen", async () => {
    const root = copyOfRepository(tmp);
    edit(root, withHeadLimit, (m) =>
      m.replace(headLimit, (line, bytes: string) => line.replace(bytes, String(Number(bytes) / 2))),
    );
    edit(root, withRoutes, (m) => m.replace(routes, "\n"));
    edit(root, withPost, (m) => m.replace(/^operations:$/m, "idempotency:\n  header: Idempotency-Key\noperations:"));
    edit(root, withoutFailureTests, (m) =>
      m.replace(/^errors:$/m, 'errors:\n  failureWhen:\n    - from: "$response.body#/ok"\n      equals: false'),
    );
    const r = await cli(["diff", "--base-dir", join(root, "generated"), "--json"], { cwd: root });
    expect(r.stderr).not.toMatch(/problem|error/i);
    expect(r.code).toBe(0);
    const changes = (JSON.parse(r.stdout) as { packages: { changes: Change[] }[] }).packages.flatMap((p) => p.changes);
    const line = (c: Change) => `${c.provider} ${c.level} ${c.subject}: ${c.rule}`;
    const lines = changes.map(line);
    expect(lines).toContain(
      `${withHeadLimit} breaking limits.requestHeadBytes: limit tightened (a longer request line and headers ` +
        `are refused before sending)`,
    );
    expect(lines).toContain(
      `${withRoutes} patch routes: route removed (the main operation serves the calls it matched)`,
    );
    expect(lines).toContain(
      `${withPost} minor idempotency: idempotency key sent (the call is retried like a GET; its errors carry the key)`,
    );
    expect(lines).toContain(
      `${withoutFailureTests} breaking errors.failureWhen: failure test added (2xx replies that meet it become errors)`,
    );
    // Idempotency keys go with POST (the manifest's default methods): only the tools that use it.
    const posted = changes.filter((c) => c.provider === withPost && c.subject === "idempotency").map((c) => c.tool);
    const surface = JSON.parse(readFileSync(join(root, "generated", withPost, "surface.json"), "utf8")) as Surface;
    expect(posted.sort()).toEqual(Object.keys(surface.tools).filter((id) => surface.tools[id]!.method === "POST"));
  });
});
