// `upstream` where the newer published document serves an operation elsewhere (eGain's third version gave two
// operations a server of their own; TextQL's sixteenth moved the document's): the report lists the move, breaking
// where the old address is no longer listed, binding the manifest's server; `--accept` follows it and generate
// accepts the result. The provider is the made-up `zqdocks`.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cli } from "../../test-support/cli-harness.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-upstream-server-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A document of one list operation, served at `root` or, where given, at a server of its own (`own`). */
function published(root: string, own?: string): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "zqdocks", version: "1" },
    servers: [{ url: root }],
    security: [{ zqKey: [] }],
    paths: {
      "/docks": {
        get: {
          operationId: "listDocks",
          ...(own ? { servers: [{ url: own }] } : {}),
          responses: {
            "200": {
              description: "The docks.",
              content: {
                "application/json": {
                  schema: { type: "object", properties: { name: { type: "string" } } },
                  example: { name: "North" },
                },
              },
            },
          },
        },
      },
    },
    components: { securitySchemes: { zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" } } },
  });
}

interface Change {
  severity: string;
  kind: string;
  location: string;
  old?: string;
  new?: string;
  binds: string[];
}

describe("upstream, where the newer document serves a called operation at another address", () => {
  it("reports the move, binding the manifest's server; --accept follows it and generate accepts it", async () => {
    const dir = join(tmp, "moved");
    mkdirSync(join(dir, "specs"), { recursive: true });
    writeFileSync(join(dir, "v1.json"), published("https://zqdocks.invalid/v2"));
    writeFileSync(join(dir, "v2.json"), published("https://zqdocks.invalid/v2", "https://eu.zqdocks.invalid/v2"));
    writeFileSync(join(dir, "v3.json"), published("https://eu.zqdocks.invalid/v2", "https://zqdocks.invalid/v2"));
    const added = await cli(["add", "zqdocks", "--from", "v1.json", "--operations", "all"], { cwd: dir });
    expect(added.code, added.stderr).toBe(0);

    const up = await cli(["upstream", "zqdocks", "v2.json", "--json"], { cwd: dir });
    expect(up.code).toBe(1);
    const changes: Change[] = JSON.parse(up.stdout).changes;
    expect(changes.map((c) => `${c.severity} ${c.kind} ${c.location} ${c.old} → ${c.new} [${c.binds}]`)).toEqual([
      "breaking api-server-changed server https://zqdocks.invalid/v2 → https://eu.zqdocks.invalid/v2 [server]",
    ]);
    const report = await cli(["upstream", "zqdocks", "v2.json"], { cwd: dir });
    expect(report.stdout).toContain(
      "zqdocks_list_docks · GET /v2/docks server · api-server-changed: the operation is served at another address: " +
        "calls to the old one, where the manifest's server sends them, may fail (https://zqdocks.invalid/v2 → " +
        "https://eu.zqdocks.invalid/v2) [binds server]",
    );
    // The same operation, its own server now the old address and the document's another: no move for it.
    expect(JSON.parse((await cli(["upstream", "zqdocks", "v3.json", "--json"], { cwd: dir })).stdout).changes).toEqual(
      [],
    );

    const accepted = await cli(["upstream", "zqdocks", "v2.json", "--accept"], { cwd: dir });
    // Pinned and re-cut; the exit code still says a breaking change was found.
    expect(accepted.code, accepted.stderr).toBe(1);
    expect(accepted.stderr).toContain("operations.zqdocks_list_docks.server: server as add drafts it");
    const text = readFileSync(join(dir, "specs/zqdocks/manifest.yaml"), "utf8");
    expect(parse(text).operations.zqdocks_list_docks.server).toBe("https://eu.zqdocks.invalid/v2");
    // Its review note above it, not at the head of the file.
    expect(text).toMatch(
      /# review: server as add drafts it from the newer document[^\n]*\n(?: +#.*\n)* +server: https/,
    );
    const generated = await cli(["generate"], { cwd: dir });
    expect(generated.code, generated.stderr).toBe(0);
  });
});
