// One spec (or manifest) change per rule, below breaking (the breaking ones: classify.test.ts): the hosts a
// credential may go to, the rate-limit policy, minor and patch changes, a JSON parameter's forbidden keys.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { diffSurfaces } from "./classify.js";
import { changesAfter as changesIn, summary } from "./__fixtures__/spec-edits.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const ROOT = join(import.meta.dirname, "../..");
const tmp = mkdtempSync(join(runScratch(), "blockwright-surface-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const changesAfter = (provider: string, edits: Parameters<typeof changesIn>[2]) => changesIn(tmp, provider, edits);

describe("the hosts the credential may go to (server.hosts)", () => {
  it("one fewer is breaking, one more minor", async () => {
    const narrower = await changesAfter("crm", [
      { file: "manifest.yaml", find: ', "*.sandbox.my.salesforce.com"]', replace: "]" },
    ]);
    expect(summary(narrower.changes)).toEqual([
      "breaking - hosts: host no longer allowed (addresses there are refused)",
    ]);
    const wider = await changesAfter("crm", [
      {
        file: "manifest.yaml",
        find: ', "*.sandbox.my.salesforce.com"]',
        replace: ', "*.sandbox.my.salesforce.com", "*.my.salesforce.mil"]',
      },
    ]);
    expect(summary(wider.changes)).toEqual(["minor - hosts: host allowed"]);
  });
});

describe("the rate-limit policy (rateLimits)", () => {
  it("is a patch change, tighter or looser", async () => {
    const r = await changesAfter("docgen", [
      { file: "manifest.yaml", find: "  pauseMs: 30000", replace: "  pauseMs: 60000" },
    ]);
    expect(summary(r.changes)).toEqual(["patch - rateLimits: rate-limit policy changed"]);
    expect(r.nextFromOne).toBe("1.4.3");
  });
});

describe("minor changes", () => {
  it("an enum value added to a request parameter", async () => {
    const r = await changesAfter("docgen", [
      {
        file: "manifest.yaml",
        find: "enum: [generate, condense, preserve]",
        replace: "enum: [generate, condense, preserve, expand]",
      },
      {
        file: "openapi.yaml",
        find: "enum: [generate, condense, preserve]",
        replace: "enum: [generate, condense, preserve, expand]",
      },
    ]);
    expect(summary(r.changes)).toEqual([
      "minor docgen_generate param textMode: enum value added",
      "minor docgen_generate n8n property textMode: n8n option added",
    ]);
    expect([r.next, r.nextFromOne]).toEqual(["0.1.1", "1.5.0"]);
  });

  it("a new optional parameter", async () => {
    const r = await changesAfter("books", [
      {
        file: "openapi.yaml",
        find: "        - name: maxResults\n",
        replace:
          "        - name: langRestrict\n          in: query\n          schema: { type: string, maxLength: " +
          "8 }\n        - name: maxResults\n",
      },
      {
        file: "manifest.yaml",
        find: "      maxResults:\n",
        replace:
          "      langRestrict:\n        type: string\n        maxLength: 8\n        description: " +
          "Two-letter language code.\n        wire: { in: query }\n      maxResults:\n",
      },
    ]);
    expect(summary(r.changes)).toEqual([
      "minor books_search_volumes param langRestrict: new optional parameter",
      "minor books_search_volumes n8n property langRestrict: n8n property added",
      "minor books_search_volumes Sim parameter langRestrict: Sim parameter added",
    ]);
    expect(r.nextFromOne).toBe("1.5.0");
  });

  it("a limit loosened", async () => {
    const r = await changesAfter("books", [
      { file: "manifest.yaml", find: "        maxLength: 2000\n", replace: "        maxLength: 3000\n" },
    ]);
    expect(r.changes).toEqual([
      {
        level: "minor",
        provider: "books",
        tool: "books_search_volumes",
        subject: "param q",
        rule: "limit loosened: maxLength",
        from: 2000,
        to: 3000,
      },
    ]);
  });

  it("a new output", async () => {
    const r = await changesAfter("books", [
      {
        file: "manifest.yaml",
        find: "      metadata.count:\n",
        replace:
          '      metadata.kind:\n        type: string\n        from: "$response.body#/kind"\n        ' +
          "description: Resource type.\n      metadata.count:\n",
      },
    ]);
    expect(summary(r.changes)).toEqual(["minor books_search_volumes output metadata.kind: new output"]);
  });
});

describe("patch changes", () => {
  it("text only", async () => {
    const r = await changesAfter("books", [
      {
        file: "manifest.yaml",
        find: "description: Number of volumes to return, 1 to 40.",
        replace: "description: How many volumes, 1 to 40.",
      },
    ]);
    expect(summary(r.changes)).toEqual(["patch books_search_volumes param maxResults: text changed"]);
    expect([r.next, r.nextFromOne]).toEqual(["0.1.1", "1.4.3"]);
  });

  it("nothing changed: no change, no new version", async () => {
    const r = await changesAfter("books", []);
    expect(r.changes).toEqual([]);
    expect(r.nextFromOne).toBe("1.4.2");
  });
});

describe("forbidden keys of a JSON parameter", () => {
  const FIELDS = "        forbiddenKeys:\n          keys: [Id]\n          caseInsensitive: true\n";

  it("a key added is breaking; matching them in their own case only is minor", async () => {
    const added = await changesAfter("crm", [
      { file: "manifest.yaml", find: FIELDS, replace: FIELDS.replace("keys: [Id]", "keys: [Id, OwnerId]") },
    ]);
    expect(summary(added.changes)).toEqual(["breaking crm_create_record param fields: limit added: forbidden key"]);
    const cased = await changesAfter("crm", [
      {
        file: "manifest.yaml",
        find: FIELDS,
        replace: FIELDS.replace("caseInsensitive: true", "caseInsensitive: false"),
      },
    ]);
    expect(summary(cased.changes)).toEqual([
      "minor crm_create_record param fields: limit loosened: forbidden keys in their own case only",
    ]);
  });

  it("reads the earlier text form (`Id (any case)`) as the same rule", async () => {
    const { forbiddenKeysOf } = await import("./surface.js");
    const now = JSON.parse(
      readFileSync(join(ROOT, "generated/crm/surface.json"), "utf8"),
    ) as import("./surface.js").Surface;
    const earlier = structuredClone(now);
    const fields = earlier.tools.crm_create_record!.params.fields;
    expect(forbiddenKeysOf(fields!)).toEqual({ keys: ["Id"], caseInsensitive: true, hint: expect.any(String) });
    fields!.forbiddenKeys = ["Id (any case)"];
    expect(forbiddenKeysOf(fields!)).toEqual({ keys: ["Id"], caseInsensitive: true });
    // Only the hint, which the text form did not keep, reads as new.
    expect(summary(diffSurfaces(earlier, now))).toEqual(["patch crm_create_record param fields: text changed"]);
  });
});
