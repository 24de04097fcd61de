// One spec (or manifest) change per rule: take a copy of the project, change
// one thing, compute the surface again, and check the classification and
// the version the package must take.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { projectSurfaces } from "../emit/generate-all.js";
import { diffSurfaces, nextVersion, type Change } from "./classify.js";
import { packageDiff } from "./report.js";

const ROOT = join(import.meta.dirname, "../..");
const tmp = mkdtempSync(join(tmpdir(), "blockwright-surface-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Edit {
  file: string;
  find: string;
  replace: string;
}

/** The changes one edit makes to a provider's surface, and the version it proposes from 0.1.0 and 1.4.2. */
async function changesAfter(provider: string, edits: Edit[]): Promise<{ changes: Change[]; next: string; nextFromOne: string }> {
  const dir = mkdtempSync(join(tmp, "p-"));
  cpSync(join(ROOT, "specs"), join(dir, "specs"), { recursive: true });
  const options = { root: dir, specsDir: join(dir, "specs"), outDir: join(dir, "generated"), providers: [provider] };
  const before = (await projectSurfaces(options)).get(provider)!;
  for (const e of edits) {
    const file = join(dir, "specs", provider, e.file);
    const text = readFileSync(file, "utf8");
    if (!text.includes(e.find)) throw new Error(`${e.file} has no ${JSON.stringify(e.find)}`);
    writeFileSync(file, text.replace(e.find, e.replace));
  }
  const after = (await projectSurfaces(options)).get(provider)!;
  // Levels and rules here; kind ids and severities are held in kinds.test.ts.
  const changes = diffSurfaces(before, after).map(({ kind: _k, severity: _s, ...c }) => c);
  const level = packageDiff(provider, "x", "0.1.0", changes).level;
  return { changes, next: nextVersion("0.1.0", level), nextFromOne: nextVersion("1.4.2", level) };
}

const summary = (changes: Change[]) => changes.map((c) => `${c.level} ${c.tool ?? "-"} ${c.subject}: ${c.rule}`);

describe("breaking changes", () => {
  it("a response field's type changing from integer to string, inside an output", async () => {
    // The examples change with the schema (generation checks every example against its schema).
    const examples = [
      { file: "openapi.yaml", find: "              pageCount: 337", replace: '              pageCount: "337"' },
      { file: "openapi.yaml", find: "          pageCount: 337", replace: '          pageCount: "337"' },
      { file: "openapi.yaml", find: "pageCount: 436", replace: 'pageCount: "436"' },
    ];
    const r = await changesAfter("books", [{ file: "openapi.yaml", find: "        pageCount:\n          type: integer", replace: "        pageCount:\n          type: string" }, ...examples]);
    expect(r.changes).toEqual([
      { level: "breaking", provider: "books", tool: "books_get_volume", subject: "output data .volumeInfo.pageCount", rule: "output type changed", from: "integer", to: "string" },
      { level: "breaking", provider: "books", tool: "books_search_volumes", subject: "output data [].volumeInfo.pageCount", rule: "output type changed", from: "integer", to: "string" },
    ]);
    expect([r.next, r.nextFromOne]).toEqual(["0.2.0", "2.0.0"]);
  });

  it("the credential moving from a query parameter to a header", async () => {
    const r = await changesAfter("books", [{ file: "openapi.yaml", find: "      type: apiKey\n      in: query\n      name: key", replace: "      type: apiKey\n      in: header\n      name: X-Goog-Api-Key" }]);
    expect(r.changes).toEqual([{ level: "breaking", provider: "books", subject: "auth", rule: "credential placement changed", from: "query:key", to: "header:X-Goog-Api-Key" }]);
    expect(r.nextFromOne).toBe("2.0.0");
  });

  it("an enum value added to a response field: old readings stay right; workflows comparing against it are named", async () => {
    const r = await changesAfter("docgen", [{ file: "openapi.yaml", find: "enum: [pending, completed, failed]", replace: "enum: [pending, completed, failed, queued]" }]);
    expect(r.changes).toEqual([
      { level: "minor", provider: "docgen", tool: "docgen_check_status", subject: "output status", rule: "enum value added to an output (a workflow comparing against the known values should be told)", to: "queued" },
    ]);
    expect(r.nextFromOne).toBe("1.5.0");
  });

  it("enum values added at once: one line per field, with every value (not one line per value)", async () => {
    const r = await changesAfter("docgen", [
      { file: "openapi.yaml", find: "enum: [pending, completed, failed]", replace: "enum: [pending, completed, failed, queued, archived]" },
      { file: "manifest.yaml", find: "enum: [generate, condense, preserve]", replace: "enum: [generate, condense, preserve, expand, shorten]" },
      { file: "openapi.yaml", find: "enum: [generate, condense, preserve]", replace: "enum: [generate, condense, preserve, expand, shorten]" },
    ]);
    expect(r.changes.map((c) => [c.subject, c.rule, c.to])).toEqual([
      ["output status", "enum value added to an output (a workflow comparing against the known values should be told)", ["queued", "archived"]],
      ["param textMode", "enum value added", ["expand", "shorten"]],
      ["n8n property textMode", "n8n option added", ["expand", "shorten"]],
    ]);
  });

  it("a response field removed", async () => {
    const r = await changesAfter("books", [{ file: "openapi.yaml", find: "        publisher:\n", replace: "        publisherName:\n" }]);
    expect(r.changes).toEqual([
      { level: "breaking", provider: "books", tool: "books_get_volume", subject: "output data .volumeInfo.publisher", rule: "output field removed" },
      { level: "minor", provider: "books", tool: "books_get_volume", subject: "output data .volumeInfo.publisherName", rule: "new output field" },
      { level: "breaking", provider: "books", tool: "books_search_volumes", subject: "output data [].volumeInfo.publisher", rule: "output field removed" },
      { level: "minor", provider: "books", tool: "books_search_volumes", subject: "output data [].volumeInfo.publisherName", rule: "new output field" },
    ]);
    expect(r.next).toBe("0.2.0");
  });

  it("a parameter removed", async () => {
    const r = await changesAfter("books", [
      {
        file: "manifest.yaml",
        find: "      maxResults:\n        type: number\n        integer: true\n        minimum: 1\n        maximum: 40\n        default: 10\n        description: Number of volumes to return, 1 to 40.\n        wire: { in: query }\n",
        replace: "",
      },
      { file: "manifest.yaml", find: "      pageSize: maxResults\n", replace: "" },
    ]);
    // The page size named that parameter: it goes too (the surface records pagination.pageSize).
    // Sim's tool loses it too; n8n's node never showed it (the runtime chooses a page's size, the node's Limit the items).
    expect(summary(r.changes)).toEqual([
      "breaking books_search_volumes param maxResults: parameter removed",
      "patch books_search_volumes pagination.pageSize: page size no longer named (pages under maxItems are fetched whole)",
      "breaking books_search_volumes Sim parameter maxResults: Sim parameter removed: a saved block's value for it is dropped, and agents' tool schema loses it",
    ]);
  });

  it("a new required parameter", async () => {
    const r = await changesAfter("books", [{ file: "manifest.yaml", find: "        default: 10\n", replace: "        required: true\n" }]);
    expect(summary(r.changes)).toEqual([
      "breaking books_search_volumes param maxResults: parameter made required",
      "breaking books_search_volumes param maxResults: default changed",
      "breaking books_search_volumes Sim parameter maxResults: Sim parameter made required",
    ]);
  });

  it("a limit tightened", async () => {
    const r = await changesAfter("books", [{ file: "manifest.yaml", find: "        maximum: 40\n", replace: "        maximum: 20\n" }]);
    expect(r.changes).toEqual([{ level: "breaking", provider: "books", tool: "books_search_volumes", subject: "param maxResults", rule: "limit tightened: maximum", from: 40, to: 20 }]);
  });

  it("an accepted enum value removed", async () => {
    const r = await changesAfter("docgen", [{ file: "manifest.yaml", find: "enum: [generate, condense, preserve]", replace: "enum: [generate, condense]" }]);
    expect(summary(r.changes)).toEqual(["breaking docgen_generate param textMode: enum value removed", "breaking docgen_generate n8n property textMode: n8n option removed: a saved choice of it is no longer one"]);
  });

  it("pagination removed: allPages is refused from then on", async () => {
    const r = await changesAfter("books", [{ file: "manifest.yaml", find: "    pagination:\n      style: offset\n      send: { in: query, name: startIndex }\n      items: [data]\n      pageSize: maxResults\n", replace: "" }]);
    // n8n's node loses Return All and Limit, and shows the page size parameter it left to the runtime.
    expect(summary(r.changes)).toEqual([
      "breaking books_search_volumes pagination: pagination removed (allPages refused)",
      "breaking books_search_volumes n8n property limit: n8n property removed: a saved workflow's value for it is dropped",
      "minor books_search_volumes n8n property maxResults: n8n property added",
      "breaking books_search_volumes n8n property returnAll: n8n property removed: a saved workflow's value for it is dropped",
    ]);
  });

  it("a default changed", async () => {
    const r = await changesAfter("books", [{ file: "manifest.yaml", find: "        default: 10\n", replace: "        default: 20\n" }]);
    expect(r.changes).toEqual([{ level: "breaking", provider: "books", tool: "books_search_volumes", subject: "param maxResults", rule: "default changed", from: 10, to: 20 }]);
  });

  it("a tool removed", async () => {
    const text = readFileSync(join(ROOT, "specs/books/manifest.yaml"), "utf8");
    const block = text.slice(text.indexOf("  books_get_volume:\n"));
    const r = await changesAfter("books", [{ file: "manifest.yaml", find: block, replace: "" }]);
    expect(summary(r.changes)).toEqual(["breaking books_get_volume tool: tool removed"]);
  });
});

describe("the hosts the credential may go to (server.hosts)", () => {
  it("one fewer is breaking, one more minor", async () => {
    const narrower = await changesAfter("crm", [{ file: "manifest.yaml", find: ', "*.sandbox.my.salesforce.com"]', replace: "]" }]);
    expect(summary(narrower.changes)).toEqual(["breaking - hosts: host no longer allowed (addresses there are refused)"]);
    const wider = await changesAfter("crm", [{ file: "manifest.yaml", find: ', "*.sandbox.my.salesforce.com"]', replace: ', "*.sandbox.my.salesforce.com", "*.my.salesforce.mil"]' }]);
    expect(summary(wider.changes)).toEqual(["minor - hosts: host allowed"]);
  });
});

describe("the rate-limit policy (rateLimits)", () => {
  it("is a patch change, tighter or looser", async () => {
    const r = await changesAfter("docgen", [{ file: "manifest.yaml", find: "  pauseMs: 30000", replace: "  pauseMs: 60000" }]);
    expect(summary(r.changes)).toEqual(["patch - rateLimits: rate-limit policy changed"]);
    expect(r.nextFromOne).toBe("1.4.3");
  });
});

describe("minor changes", () => {
  it("an enum value added to a request parameter", async () => {
    const r = await changesAfter("docgen", [
      { file: "manifest.yaml", find: "enum: [generate, condense, preserve]", replace: "enum: [generate, condense, preserve, expand]" },
      { file: "openapi.yaml", find: "enum: [generate, condense, preserve]", replace: "enum: [generate, condense, preserve, expand]" },
    ]);
    expect(summary(r.changes)).toEqual(["minor docgen_generate param textMode: enum value added", "minor docgen_generate n8n property textMode: n8n option added"]);
    expect([r.next, r.nextFromOne]).toEqual(["0.1.1", "1.5.0"]);
  });

  it("a new optional parameter", async () => {
    const r = await changesAfter("books", [
      { file: "openapi.yaml", find: "        - name: maxResults\n", replace: "        - name: langRestrict\n          in: query\n          schema: { type: string, maxLength: 8 }\n        - name: maxResults\n" },
      { file: "manifest.yaml", find: "      maxResults:\n", replace: "      langRestrict:\n        type: string\n        maxLength: 8\n        description: Two-letter language code.\n        wire: { in: query }\n      maxResults:\n" },
    ]);
    expect(summary(r.changes)).toEqual([
      "minor books_search_volumes param langRestrict: new optional parameter",
      "minor books_search_volumes n8n property langRestrict: n8n property added",
      "minor books_search_volumes Sim parameter langRestrict: Sim parameter added",
    ]);
    expect(r.nextFromOne).toBe("1.5.0");
  });

  it("a limit loosened", async () => {
    const r = await changesAfter("books", [{ file: "manifest.yaml", find: "        maxLength: 2000\n", replace: "        maxLength: 3000\n" }]);
    expect(r.changes).toEqual([{ level: "minor", provider: "books", tool: "books_search_volumes", subject: "param q", rule: "limit loosened: maxLength", from: 2000, to: 3000 }]);
  });

  it("a new output", async () => {
    const r = await changesAfter("books", [
      { file: "manifest.yaml", find: "      metadata.count:\n", replace: '      metadata.kind:\n        type: string\n        from: "$response.body#/kind"\n        description: Resource type.\n      metadata.count:\n' },
    ]);
    expect(summary(r.changes)).toEqual(["minor books_search_volumes output metadata.kind: new output"]);
  });
});

describe("patch changes", () => {
  it("text only", async () => {
    const r = await changesAfter("books", [{ file: "manifest.yaml", find: "description: Number of volumes to return, 1 to 40.", replace: "description: How many volumes, 1 to 40." }]);
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
    const added = await changesAfter("crm", [{ file: "manifest.yaml", find: FIELDS, replace: FIELDS.replace("keys: [Id]", "keys: [Id, OwnerId]") }]);
    expect(summary(added.changes)).toEqual(["breaking crm_create_record param fields: limit added: forbidden key"]);
    const cased = await changesAfter("crm", [{ file: "manifest.yaml", find: FIELDS, replace: FIELDS.replace("caseInsensitive: true", "caseInsensitive: false") }]);
    expect(summary(cased.changes)).toEqual(["minor crm_create_record param fields: limit loosened: forbidden keys in their own case only"]);
  });

  it("reads the earlier text form (`Id (any case)`) as the same rule", async () => {
    const { forbiddenKeysOf } = await import("./surface.js");
    const now = JSON.parse(readFileSync(join(ROOT, "generated/crm/surface.json"), "utf8")) as import("./surface.js").Surface;
    const earlier = structuredClone(now);
    const fields = earlier.tools.crm_create_record!.params.fields;
    expect(forbiddenKeysOf(fields!)).toEqual({ keys: ["Id"], caseInsensitive: true, hint: expect.any(String) });
    fields!.forbiddenKeys = ["Id (any case)"];
    expect(forbiddenKeysOf(fields!)).toEqual({ keys: ["Id"], caseInsensitive: true });
    // Only the hint, which the text form did not keep, reads as new.
    expect(summary(diffSurfaces(earlier, now))).toEqual(["patch crm_create_record param fields: text changed"]);
  });
});
