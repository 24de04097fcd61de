// `blockwright upstream`: a newer version of a provider's published document
// (made from the pinned one by edits of the kind upstreams make) against the
// pinned one — every change to the operations we call, with its kind, severity
// and what of ours it binds; changes to other operations counted.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { PROVIDER_IDS, ROOT } from "../../test-support/repo.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-upstream-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function newer(provider: string, file: string, edits: [string, string][]): string {
  let text = readFileSync(join(ROOT, "specs", provider, "upstream", file), "utf8");
  for (const [find, replace] of edits) {
    if (!text.includes(find)) throw new Error(`${file} has no ${JSON.stringify(find)}`);
    text = text.replace(find, replace);
  }
  const out = join(tmp, `${provider}-newer-${file}`);
  writeFileSync(out, text);
  return out;
}

describe("blockwright upstream", () => {
  it("lists what a newer Gamma document changes in what we bind, and counts the rest", async () => {
    const doc = newer("docgen", "published.yaml", [
      // Bound: a limit on a body field we write, an enum value of a nested field we write, a response field we read.
      [
        "          example: 10\n          minimum: 1\n        themeId:",
        "          example: 10\n          minimum: 1\n          maximum: 60\n        themeId:",
      ],
      ["      enum:\n        - dall-e-3\n", "      enum:\n"],
      [
        "        gammaUrl:\n          type: string\n          description: URL to the generated Gamma (when completed)",
        "        url:\n          type: string\n          description: URL to the generated Gamma (when completed)",
      ],
      // Not bound: an operation we do not call, removed.
      ["  /v1.0/gammas/{gammaId}/archive:\n", "  /v1.0/gammas/{gammaId}/unarchive:\n"],
    ]);
    const r = await cli(["upstream", "docgen", doc, "--json"]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    const lines = report.changes
      .filter((c: { severity: string }) => c.severity !== "informational")
      .map(
        (c: { kind: string; severity: string; path: string; location: string; pointer: string; binds: string[] }) =>
          `${c.severity} ${c.kind} ${c.path} ${c.location} ${c.pointer} [${c.binds.join(", ")}]`,
      );
    expect(lines).toEqual([
      "breaking response-property-removed /v1.0/generations/{id} response.200.body /gammaUrl [output gammaUrl]",
      "breaking request-property-limit-tightened /v1.0/generations request.body /numCards [param numCards]",
      "breaking request-property-enum-value-removed /v1.0/generations request.body /imageOptions/model [param " +
        "imageModel]",
      "breaking request-property-enum-value-removed /v1.0/generations/from-template request.body " +
        "/imageOptions/model [param imageModel]",
      "non-breaking response-property-added /v1.0/generations/{id} response.200.body /url []",
    ]);
    expect(report.changes[1]).toMatchObject({
      tools: ["docgen_generate"],
      new: 60,
      reason: "maximum added or tightened: a value that passed may be refused",
    });
    // The renamed archive operation is one we do not call: counted only.
    expect(report.unbound.operations).toBeGreaterThanOrEqual(1);

    // The text report, whole, as a user reads it (the count of changes to other operations follows the pinned document:
    // N here).
    const text = await cli(["upstream", "docgen", doc]);
    await expect(
      text.stdout.replace(/; \d+ to (\d+) operations? we do not call/, "; N to $1 operations we do not call"),
    ).toMatchFileSnapshot("__snapshots__/upstream/docgen-bound-changes.txt");
  });

  it(
    "binds the credential: its header renamed upstream " + "is a change to review, a scheme we do not use is not",
    async () => {
      const doc = newer("docgen", "published.yaml", [
        [
          "    api-key:\n      type: apiKey\n      in: header\n      name: X-API-KEY\n",
          "    api-key:\n      type: apiKey\n      in: header\n      name: X-GAMMA-KEY\n    other:\n      type: " +
            "http\n      scheme: basic\n",
        ],
      ]);
      const r = await cli(["upstream", "docgen", doc, "--json"]);
      const report = JSON.parse(r.stdout);
      const security = report.changes.map(
        (c: {
          kind: string;
          pointer: string;
          severity: string;
          old: { name: string };
          new: { name: string };
          binds: string[];
        }) => [c.kind, c.pointer, c.severity, c.old.name, c.new.name, c.binds],
      );
      expect(new Set(security.map((c: unknown[]) => JSON.stringify(c)))).toEqual(
        new Set([
          JSON.stringify(["api-security-scheme-changed", "api-key", "breaking", "X-API-KEY", "X-GAMMA-KEY", ["auth"]]),
        ]),
      );
      expect(r.code).toBe(1);
    },
  );

  it(
    "reads Google's Discovery documents: a tightened " + "maxResults is bound, another resource's change is not",
    async () => {
      const doc = newer("books", "published.json", [
        // volumes.list (which we call) and another resource's list (which we do not).
        [
          '            "maxResults": {\n              "description": "Maximum number of results to ' +
            'return.",\n              "minimum": "0",\n              "maximum": "40",',
          '            "maxResults": {\n              "description": "Maximum number of results to ' +
            'return.",\n              "minimum": "0",\n              "maximum": "20",',
        ],
        [
          '                  "description": "Maximum number of results to return",\n                  ' +
            '"minimum": "0",\n                  "maximum": "40",',
          '                  "description": "Maximum number of results to return",\n                  ' +
            '"minimum": "0",\n                  "maximum": "10",',
        ],
      ]);
      const r = await cli(["upstream", "books", doc, "--json"]);
      const report = JSON.parse(r.stdout);
      expect(report.changes).toEqual([
        expect.objectContaining({
          tools: ["books_search_volumes"],
          kind: "request-parameter-limit-tightened",
          severity: "breaking",
          path: "/books/v1/volumes",
          location: "request.parameter.query",
          pointer: "maxResults",
          old: 40,
          new: 20,
          binds: ["param maxResults"],
        }),
      ]);
      expect(report.unbound).toEqual({ count: 1, operations: 1 });
      expect(r.code).toBe(1);
    },
  );

  it("reports nothing to do for the pinned version itself, for every provider that publishes a document", async () => {
    for (const [provider, file] of [
      ["docgen", "published.yaml"],
      ["persondata", "published.json"],
      ["directory", "published.yaml"],
      ["books", "published.json"],
    ] as const) {
      const r = await cli(["upstream", provider, join(ROOT, "specs", provider, "upstream", file)]);
      expect(r.code, provider).toBe(0);
      expect(r.stdout).toMatch(
        new RegExp(
          `^${provider}: 0 changes to the operations we call \\(0 breaking, 0 non-breaking, ` +
            `0 informational\\); 0 to 0 operations we do not call`,
        ),
      );
    }
  });

  it("refuses, in one line, a folder without specs and an unknown provider", async () => {
    const empty = mkdtempSync(join(tmp, "no-specs-"));
    expect(await cli(["upstream", "docgen", "newer.yaml"], { cwd: empty })).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(
        /^blockwright upstream: no specs folder specs \(pass --specs, or run blockwright init\) \[BW3005\]\n/,
      ),
    });
    expect(await cli(["upstream", "library", "newer.yaml"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(`unknown provider "library" (providers: ${PROVIDER_IDS.join(", ")})`),
    });
  });

  it("refuses, in one line at its file:line:col, a newer document that is not YAML or not JSON", async () => {
    const yaml = join(tmp, "broken.yaml");
    writeFileSync(yaml, "openapi: 3.0.3\npaths:\n  /a:\n    get: [unclosed\n");
    const r = await cli(["upstream", "docgen", "broken.yaml", "--specs", join(ROOT, "specs")], { cwd: tmp });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(
      /^blockwright upstream: broken\.yaml:5:1: invalid YAML: [^\n]+\nUsage: blockwright upstream /,
    );

    const json = join(tmp, "broken.json");
    writeFileSync(json, '{\n  "openapi": "3.0.3",\n  "paths": {\n    "/a": {}\n    "/b": {}\n  }\n}\n');
    const j = await cli(["upstream", "books", "broken.json", "--specs", join(ROOT, "specs")], { cwd: tmp });
    expect(j.code).toBe(2);
    expect(j.stderr).toMatch(
      /^blockwright upstream: broken\.json:\d+:\d+: invalid JSON: [^\n]+\nUsage: blockwright upstream /,
    );
  });

  it("--accept pins the newer document; a pinned file that no longer matches its hash is refused", async () => {
    const project = mkdtempSync(join(tmp, "project-"));
    cpSync(join(ROOT, "specs"), join(project, "specs"), { recursive: true });
    const doc = newer("docgen", "published.yaml", [
      [
        "          example: 10\n          minimum: 1\n        themeId:",
        "          example: 10\n          minimum: 1\n          maximum: 60\n        themeId:",
      ],
    ]);
    expect(
      (
        await cli(["upstream", "docgen", doc, "--accept", "--source", "https://example.com/gamma.yaml"], {
          cwd: project,
        })
      ).code,
    ).toBe(1);
    expect(readFileSync(join(project, "specs/docgen/upstream/source.yaml"), "utf8")).toContain(
      "source: https://example.com/gamma.yaml",
    );
    expect((await cli(["upstream", "docgen", doc], { cwd: project })).code).toBe(0);
    writeFileSync(join(project, "specs/docgen/upstream/published.yaml"), "openapi: 3.0.0\npaths: {}\n");
    expect(await cli(["upstream", "docgen", doc], { cwd: project })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("does not match its pinned sha256"),
    });
    expect(await cli(["upstream", "crm", doc], { cwd: project })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("crm has no pinned published document"),
    });
  });
});
