// One spec (or manifest) change per rule: take a copy of the project, change
// one thing, compute the surface again, and check the classification and
// the version the package must take (changes below breaking:
// classify-minor.test.ts).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { changesAfter as changesIn, summary } from "./__fixtures__/spec-edits.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const ROOT = join(import.meta.dirname, "../..");
const tmp = mkdtempSync(join(runScratch(), "blockwright-surface-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const changesAfter = (provider: string, edits: Parameters<typeof changesIn>[2]) => changesIn(tmp, provider, edits);

describe("breaking changes", () => {
  it("a response field's type changing from integer to string, inside an output", async () => {
    // The examples change with the schema (generation checks every example against its schema).
    const examples = [
      { file: "openapi.yaml", find: "              pageCount: 337", replace: '              pageCount: "337"' },
      { file: "openapi.yaml", find: "          pageCount: 337", replace: '          pageCount: "337"' },
      { file: "openapi.yaml", find: "pageCount: 436", replace: 'pageCount: "436"' },
    ];
    const r = await changesAfter("books", [
      {
        file: "openapi.yaml",
        find: "        pageCount:\n          type: integer",
        replace: "        pageCount:\n          type: string",
      },
      ...examples,
    ]);
    expect(r.changes).toEqual([
      {
        level: "breaking",
        provider: "books",
        tool: "books_get_volume",
        subject: "output data .volumeInfo.pageCount",
        rule: "output type changed",
        from: "integer",
        to: "string",
      },
      {
        level: "breaking",
        provider: "books",
        tool: "books_search_volumes",
        subject: "output data [].volumeInfo.pageCount",
        rule: "output type changed",
        from: "integer",
        to: "string",
      },
    ]);
    expect([r.next, r.nextFromOne]).toEqual(["0.2.0", "2.0.0"]);
  });

  it("the credential moving from a query parameter to a header", async () => {
    const r = await changesAfter("books", [
      {
        file: "openapi.yaml",
        find: "      type: apiKey\n      in: query\n      name: key",
        replace: "      type: apiKey\n      in: header\n      name: X-Goog-Api-Key",
      },
    ]);
    expect(r.changes).toEqual([
      {
        level: "breaking",
        provider: "books",
        subject: "auth",
        rule: "credential placement changed",
        from: "query:key",
        to: "header:X-Goog-Api-Key",
      },
    ]);
    expect(r.nextFromOne).toBe("2.0.0");
  });

  it(
    "an enum value added to a response field: old readings " + "stay right; workflows comparing against it are named",
    async () => {
      const r = await changesAfter("docgen", [
        {
          file: "openapi.yaml",
          find: "enum: [pending, completed, failed]",
          replace: "enum: [pending, completed, failed, queued]",
        },
      ]);
      expect(r.changes).toEqual([
        {
          level: "minor",
          provider: "docgen",
          tool: "docgen_check_status",
          subject: "output status",
          rule: "enum value added to an output (a workflow comparing against the known values should be told)",
          to: "queued",
        },
      ]);
      expect(r.nextFromOne).toBe("1.5.0");
    },
  );

  it("enum values added at once: one line per field, with every value (not one line per value)", async () => {
    const r = await changesAfter("docgen", [
      {
        file: "openapi.yaml",
        find: "enum: [pending, completed, failed]",
        replace: "enum: [pending, completed, failed, queued, archived]",
      },
      {
        file: "manifest.yaml",
        find: "enum: [generate, condense, preserve]",
        replace: "enum: [generate, condense, preserve, expand, shorten]",
      },
      {
        file: "openapi.yaml",
        find: "enum: [generate, condense, preserve]",
        replace: "enum: [generate, condense, preserve, expand, shorten]",
      },
    ]);
    expect(r.changes.map((c) => [c.subject, c.rule, c.to])).toEqual([
      [
        "output status",
        "enum value added to an output (a workflow comparing against the known values should be told)",
        ["queued", "archived"],
      ],
      ["param textMode", "enum value added", ["expand", "shorten"]],
      ["n8n property textMode", "n8n option added", ["expand", "shorten"]],
    ]);
  });

  it("a response field removed", async () => {
    const r = await changesAfter("books", [
      { file: "openapi.yaml", find: "        publisher:\n", replace: "        publisherName:\n" },
    ]);
    expect(r.changes).toEqual([
      {
        level: "breaking",
        provider: "books",
        tool: "books_get_volume",
        subject: "output data .volumeInfo.publisher",
        rule: "output field removed",
      },
      {
        level: "minor",
        provider: "books",
        tool: "books_get_volume",
        subject: "output data .volumeInfo.publisherName",
        rule: "new output field",
      },
      {
        level: "breaking",
        provider: "books",
        tool: "books_search_volumes",
        subject: "output data [].volumeInfo.publisher",
        rule: "output field removed",
      },
      {
        level: "minor",
        provider: "books",
        tool: "books_search_volumes",
        subject: "output data [].volumeInfo.publisherName",
        rule: "new output field",
      },
    ]);
    expect(r.next).toBe("0.2.0");
  });

  it("a parameter removed", async () => {
    const r = await changesAfter("books", [
      {
        file: "manifest.yaml",
        find:
          "      maxResults:\n        type: number\n        integer: true\n        minimum: 1\n        maximum: " +
          "40\n        default: 10\n        description: Number of volumes to return, 1 to 40.\n        wire: " +
          "{ in: query }\n",
        replace: "",
      },
      { file: "manifest.yaml", find: "      pageSize: maxResults\n", replace: "" },
    ]);
    // The page size named that parameter: it goes too (the surface records pagination.pageSize).
    // Sim's tool loses it too; n8n's node never showed it (the runtime chooses a page's size, the node's Limit the
    // items).
    expect(summary(r.changes)).toEqual([
      "breaking books_search_volumes param maxResults: parameter removed",
      "patch books_search_volumes pagination.pageSize: page size no longer named (pages under maxItems are " +
        "fetched whole)",
      "breaking books_search_volumes Sim parameter maxResults: Sim parameter removed: " +
        "a saved block's value for it is dropped, and agents' tool schema loses it",
    ]);
  });

  it("a new required parameter", async () => {
    const r = await changesAfter("books", [
      { file: "manifest.yaml", find: "        default: 10\n", replace: "        required: true\n" },
    ]);
    expect(summary(r.changes)).toEqual([
      "breaking books_search_volumes param maxResults: parameter made required",
      "breaking books_search_volumes param maxResults: default changed",
      "breaking books_search_volumes Sim parameter maxResults: Sim parameter made required",
    ]);
  });

  it("a limit tightened", async () => {
    const r = await changesAfter("books", [
      { file: "manifest.yaml", find: "        maximum: 40\n", replace: "        maximum: 20\n" },
    ]);
    expect(r.changes).toEqual([
      {
        level: "breaking",
        provider: "books",
        tool: "books_search_volumes",
        subject: "param maxResults",
        rule: "limit tightened: maximum",
        from: 40,
        to: 20,
      },
    ]);
  });

  it("an accepted enum value removed", async () => {
    const r = await changesAfter("docgen", [
      { file: "manifest.yaml", find: "enum: [generate, condense, preserve]", replace: "enum: [generate, condense]" },
    ]);
    expect(summary(r.changes)).toEqual([
      "breaking docgen_generate param textMode: enum value removed",
      "breaking docgen_generate n8n property textMode: n8n option removed: a saved choice of it is no longer one",
    ]);
  });

  it("pagination removed: allPages is refused from then on", async () => {
    const r = await changesAfter("books", [
      {
        file: "manifest.yaml",
        find:
          "    pagination:\n      style: offset\n      send: { in: query, name: startIndex }\n      items: " +
          "[data]\n      pageSize: maxResults\n",
        replace: "",
      },
    ]);
    // n8n's node loses Return All and Limit, and shows the page size parameter it left to the runtime.
    expect(summary(r.changes)).toEqual([
      "breaking books_search_volumes pagination: pagination removed (allPages refused)",
      "breaking books_search_volumes n8n property limit: n8n property removed: " +
        "a saved workflow's value for it is dropped",
      "minor books_search_volumes n8n property maxResults: n8n property added",
      "breaking books_search_volumes n8n property returnAll: n8n property removed: " +
        "a saved workflow's value for it is dropped",
    ]);
  });

  it("a default changed", async () => {
    const r = await changesAfter("books", [
      { file: "manifest.yaml", find: "        default: 10\n", replace: "        default: 20\n" },
    ]);
    expect(r.changes).toEqual([
      {
        level: "breaking",
        provider: "books",
        tool: "books_search_volumes",
        subject: "param maxResults",
        rule: "default changed",
        from: 10,
        to: 20,
      },
    ]);
  });

  it("a tool removed", async () => {
    const text = readFileSync(join(ROOT, "specs/books/manifest.yaml"), "utf8");
    const block = text.slice(text.indexOf("  books_get_volume:\n"));
    const r = await changesAfter("books", [{ file: "manifest.yaml", find: block, replace: "" }]);
    expect(summary(r.changes)).toEqual(["breaking books_get_volume tool: tool removed"]);
  });
});
