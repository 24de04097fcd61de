// The runtime's support (support.ts): a caller made without a part its tool
// needs fails before any request, naming the part to pass; with the part,
// the same call goes out. (The generator's choice of parts per provider:
// src/emit/support-parts.test.ts.)
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { createClient, createPackageClient } from "../client/client.js";
import { collectPages } from "../paging/paginate.js";
import { createExecutor, createPackageExecutor } from "../execute/executor.js";
import { fullSupport } from "../execute/full-support.js";
import { rateLimitWait } from "../http/rate-waits.js";
import { requestSizeIssue } from "../http/request-size.js";
import { formatProblem } from "../spec/formats.js";
import { credentialKinds } from "./credential.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { checkJson } from "../validate/json-params.js";
import { checkRules } from "../validate/cross-field-rules.js";
import { stringRules } from "../validate/string-rules.js";
import { numberRules } from "../validate/number-rules.js";
import { requestBodies } from "./request-body.js";
import { type Support, SUPPORT_EXPORTS } from "./support.js";
import { writeSafety } from "./write-safety.js";
import { chooseRoute } from "./routes.js";
import { placeConstants } from "./build-request.js";
import { booleanValue } from "../validate/validate-params.js";
import { replyOutcomes } from "./outcomes.js";

const shelf = irFixture("shelf");
const tools: Record<string, ToolSpec> = Object.fromEntries(shelf.operations.map((o) => [o.tool.id, o.tool]));
const KEY = "shelf-key-7f3a9c2e51";
const addBook = { apiKey: KEY, shelfId: "fiction", title: "Dune", meta: '{"isbn":"9780441013593"}' };
// The shelf's get_book without its route: a GET with one header credential, declaring no part.
const getBook: ToolSpec = { ...tools.shelf_get_book!, routes: [] };
const bookId = getBook.params.find((p) => p.name === "bookId")!;

describe("a part of the support a tool needs", () => {
  it("missing: the call fails before any request, naming the part and where it comes from", async () => {
    const { fetch, seen } = scriptedFetch(json(201, { id: "b9", title: "Dune", state: "pending" }));
    const { json: _json, ...allButJson } = fullSupport;
    const result = await createExecutor(tools, allButJson)("shelf_add_book", addBook, { fetch });
    expect(result).toMatchObject({ success: false, error: { type: "validation", param: "meta", rule: "support" } });
    expect(!result.success && result.error.message).toBe(
      "meta: checking a JSON parameter needs the runtime's jsonParams, which this caller was made without " +
        "(pass json: jsonParams from @blockwright/runtime to createExecutor)",
    );
    expect(seen).toHaveLength(0);
  });

  it("missing the file support: a download fails before any request, naming fileSupport", async () => {
    const { fetch, seen } = scriptedFetch(json(200, {}));
    const tool = { ...getBook, download: { status: 200, mediaTypes: ["application/pdf"] } };
    const result = await createExecutor({ [tool.id]: tool })(tool.id, { apiKey: KEY, bookId: "b9" }, { fetch });
    expect(result).toMatchObject({ success: false, error: { type: "validation", rule: "support" } });
    expect(!result.success && result.error.message).toContain("needs the runtime's fileSupport");
    expect(seen).toHaveLength(0);
  });

  it(
    "missing, in a client over a table made by hand, or in collectPages: refused alike; " +
      "a generated package's client and executeTool are not checked again",
    async () => {
      const { fetch, seen } = scriptedFetch(json(201, { id: "b9", title: "Dune", state: "pending" }));
      const { writes: _writes, ...allButWrites } = fullSupport;
      const table = { methods: { addBook: tools.shelf_add_book! }, credentials: ["apiKey"], support: allButWrites };
      const client = createClient(table, { fetch }) as Record<string, (input: object) => Promise<unknown>>;
      const refused = {
        success: false,
        error: {
          type: "validation",
          rule: "support",
          message: expect.stringContaining("needs the runtime's writeSafety"),
        },
      };
      expect(await client.addBook!(addBook)).toMatchObject(refused);
      expect(await collectPages(tools.shelf_add_book!, addBook, { ...allButWrites, fetch })).toMatchObject(refused);
      expect(seen).toHaveLength(0);
      // createPackageClient trusts its table's parts, the generator's choice (src/emit/support-parts.test.ts): no
      // check, none bundled.
      const unchecked = createPackageClient(table, { fetch }) as typeof client;
      expect(await unchecked.addBook!(addBook)).toMatchObject({ success: true });
      expect(seen).toHaveLength(1);
      // createPackageExecutor likewise; createExecutor checks, a single call or all pages.
      const add = { shelf_add_book: tools.shelf_add_book! };
      expect(await createExecutor(add, allButWrites)("shelf_add_book", addBook, { fetch })).toMatchObject(refused);
      expect(await createExecutor(add, allButWrites)("shelf_add_book", addBook, { fetch, maxPages: 1 })).toMatchObject(
        refused,
      );
      expect(seen).toHaveLength(1);
      expect(await createPackageExecutor(add, allButWrites)("shelf_add_book", addBook, { fetch })).toMatchObject({
        success: true,
      });
      expect(seen).toHaveLength(2);
    },
  );

  it("given: the same call goes out", async () => {
    const { fetch, seen } = scriptedFetch(json(201, { id: "b9", title: "Dune", state: "pending" }));
    const parts = {
      json: checkJson,
      rules: checkRules,
      strings: stringRules,
      bodies: requestBodies,
      writes: writeSafety,
      constants: placeConstants,
    };
    const result = await createExecutor(tools, parts)("shelf_add_book", addBook, { fetch });
    expect(result).toMatchObject({ success: true, output: { bookId: "b9" } });
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ meta: { isbn: "9780441013593" } });
  });

  it("a secret list: withheld item by item by the secretLists part; without it, refused before a request", async () => {
    const words = ["zqwordalpha", "zqwordbravo", "zqwordcharlie"];
    const meta = tools.shelf_add_book!.params.find((p) => p.name === "meta")!;
    const { forbiddenKeys: _keys, ...plain } = meta;
    const listed = { ...plain, secret: true, jsonType: "array", shape: { type: "array", items: { type: "string" } } };
    const tool = {
      ...tools.shelf_add_book!,
      params: tools.shelf_add_book!.params.map((p) => (p === meta ? listed : p)),
    };
    const input = { ...addBook, meta: words };
    const { secretLists: _lists, ...allButLists } = fullSupport;
    const without = scriptedFetch(json(201, { id: "b9", title: "Dune", state: "pending" }));
    const refused = await createExecutor({ [tool.id]: tool } as Record<string, ToolSpec>, allButLists)(tool.id, input, {
      fetch: without.fetch,
    });
    expect(!refused.success && refused.error).toMatchObject({ param: "meta", rule: "support" });
    expect(!refused.success && refused.error.message).toContain("needs the runtime's secretTexts");
    expect(without.seen).toHaveLength(0);
    // With the part: the reply echoing an item and the list whole, each withheld from the output.
    const given = scriptedFetch(json(201, { id: words[1], title: words.join(" "), state: "pending" }));
    const sent = await createExecutor({ [tool.id]: tool } as Record<string, ToolSpec>, fullSupport)(tool.id, input, {
      fetch: given.fetch,
    });
    expect(given.seen).toHaveLength(1);
    expect(JSON.stringify(sent)).not.toMatch(/zqword/);
  });

  it("a CSV answer of records: read by the csv part; without it, refused before a request", async () => {
    const tool: ToolSpec = { ...getBook, answerText: { csv: { title: "string" } } };
    const { csv: _csv, ...allButCsv } = fullSupport;
    const input = { apiKey: KEY, bookId: "b9" };
    const without = scriptedFetch(json(200, {}));
    const refused = await createExecutor({ [tool.id]: tool }, allButCsv)(tool.id, input, { fetch: without.fetch });
    expect(!refused.success && refused.error.message).toContain("needs the runtime's csvRecords");
    expect(without.seen).toHaveLength(0);
    const given = scriptedFetch(json(200, {}));
    await createExecutor({ [tool.id]: tool }, fullSupport)(tool.id, input, { fetch: given.fetch });
    expect(given.seen).toHaveLength(1);
  });

  it("the full support holds every part, each under the name the runtime exports it by", () => {
    expect(Object.keys(fullSupport).sort()).toEqual([
      "addresses",
      "bodies",
      "boolean",
      "constants",
      "credentials",
      "csv",
      "cursors",
      "files",
      "form",
      "formats",
      "json",
      "links",
      "nestedSecrets",
      "numbers",
      "oauth",
      "outcomes",
      "patterns",
      "problems",
      "rateLimits",
      "requestSize",
      "routes",
      "rules",
      "secretLists",
      "signing",
      "strings",
      "unions",
      "waits",
      "writes",
    ]);
    expect(Object.keys(SUPPORT_EXPORTS).sort()).toEqual(
      Object.keys(fullSupport)
        .filter((k) => k !== "rateLimits")
        .sort(),
    );
  });
});

// Each part beside the core: a tool that declares what it serves (the shelf's get_book changed in one
// respect), refused without the part before any request, and sent with the part (and `with`, what else
// the tool needs), which gives it its effect.
const PARTS: {
  part: keyof Support;
  given: Support;
  with?: Support;
  tool: ToolSpec;
  sent: (request: { method: string; url: string; headers: Headers; body: string }) => void;
}[] = [
  {
    part: "waits",
    given: { waits: rateLimitWait },
    tool: { ...getBook, rateLimits: { resetHeader: "x-ratelimit-reset" } },
    sent: (r) => expect(r.method).toBe("GET"),
  },
  {
    part: "formats",
    given: { formats: formatProblem },
    with: { strings: stringRules },
    // Declared by an optional parameter the call does not give: the part is still the tool's.
    tool: {
      ...getBook,
      params: [
        ...getBook.params,
        { ...bookId, name: "zqSince", required: false, format: "date", wire: { in: "query", name: "since" } },
      ],
    },
    sent: (r) => expect(new URL(r.url).searchParams.has("since")).toBe(false),
  },
  {
    part: "rules",
    given: { rules: checkRules },
    tool: { ...getBook, rules: [{ rule: "anyOf", groups: [["bookId"]] }] },
    sent: (r) => expect(r.method).toBe("GET"),
  },
  {
    part: "requestSize",
    given: { requestSize: requestSizeIssue },
    tool: { ...getBook, server: { ...getBook.server, requestHeadBytes: 4096 } },
    sent: (r) => expect(r.method).toBe("GET"),
  },
  {
    part: "bodies",
    given: { bodies: requestBodies },
    with: { writes: writeSafety, constants: placeConstants },
    tool: { ...getBook, method: "PUT", constants: [{ in: "body", pointer: "/fields", value: "all" }] },
    sent: (r) => expect([r.body, r.headers.get("content-type")]).toEqual(['{"fields":"all"}', "application/json"]),
  },
  {
    part: "strings",
    given: { strings: stringRules },
    tool: { ...getBook, params: getBook.params.map((p) => (p === bookId ? { ...p, pattern: "^b[0-9]+$" } : p)) },
    sent: (r) => expect(r.method).toBe("GET"),
  },
  {
    part: "numbers",
    given: { numbers: numberRules },
    // Declared by an optional parameter the call does not give: the part is still the tool's.
    tool: {
      ...getBook,
      params: [
        ...getBook.params,
        {
          ...bookId,
          name: "zqOffset",
          type: "number",
          required: false,
          multipleOf: 20,
          wire: { in: "query", name: "offset" },
        },
      ],
    },
    sent: (r) => expect(new URL(r.url).searchParams.has("offset")).toBe(false),
  },
  {
    part: "writes",
    given: { writes: writeSafety },
    tool: { ...getBook, method: "DELETE" },
    sent: (r) => expect(r.method).toBe("DELETE"),
  },
  {
    part: "credentials",
    given: { credentials: credentialKinds },
    tool: { ...getBook, auth: { type: "cookie", name: "session", param: "apiKey" } },
    sent: (r) => expect([r.headers.get("cookie"), r.headers.get("x-shelf-key")]).toEqual([`session=${KEY}`, null]),
  },
  {
    part: "credentials",
    given: { credentials: credentialKinds },
    // A key sent as its base64 (auth.encode): placed by the part, never as it is.
    tool: { ...getBook, auth: { type: "header", name: "X-Shelf-Key", param: "apiKey", encode: "base64" } },
    sent: (r) => expect(r.headers.get("x-shelf-key")).toBe(btoa(KEY)),
  },
  {
    part: "routes",
    given: { routes: chooseRoute },
    // A value the route's condition meets goes to the route's path.
    tool: {
      ...getBook,
      routes: [
        {
          when: { param: "bookId", pattern: "^b" },
          operationId: "zqGetByKey",
          method: "GET",
          path: "/zq/{key}",
          wire: { bookId: { in: "path", name: "key" } },
        },
      ],
    },
    sent: (r) => expect(new URL(r.url).pathname).toBe("/zq/b9"),
  },
  {
    part: "boolean",
    given: { boolean: booleanValue },
    // A boolean with its default (false) is checked and sent as the switch it is.
    tool: {
      ...getBook,
      params: [
        ...getBook.params,
        {
          ...bookId,
          name: "zqFull",
          type: "boolean",
          required: false,
          default: false,
          wire: { in: "query", name: "full" },
        },
      ],
    },
    sent: (r) => expect(new URL(r.url).searchParams.get("full")).toBe("false"),
  },
  {
    part: "constants",
    given: { constants: placeConstants },
    tool: { ...getBook, constants: [{ in: "query", name: "zqFields", value: "all" }] },
    sent: (r) => expect(new URL(r.url).searchParams.get("zqFields")).toBe("all"),
  },
  {
    part: "constants",
    given: { constants: placeConstants },
    // The type the answer is asked in (an operation that may answer XML too).
    tool: { ...getBook, accept: "application/json" },
    sent: (r) => expect(r.headers.get("accept")).toBe("application/json"),
  },
  {
    part: "outcomes",
    given: { outcomes: replyOutcomes },
    // A 2xx whose body says otherwise would fail: this one does not.
    tool: {
      ...getBook,
      errors: {
        ...getBook.errors,
        failureWhen: [
          { expression: "$response.body#/state", ref: { kind: "body", pointer: ["state"] }, equals: "failed" },
        ],
      },
    },
    sent: (r) => expect(r.method).toBe("GET"),
  },
];

describe.each(PARTS)("the part $part", ({ part, given, with: others = {}, tool, sent }) => {
  const call = (support: Support) => {
    const { fetch, seen } = scriptedFetch(json(200, { id: "b9", title: "Dune", state: "ready" }));
    return createExecutor({ [tool.id]: tool }, { ...others, ...support })(
      tool.id,
      { apiKey: KEY, bookId: "b9" },
      { fetch },
    ).then((result) => ({ result, seen }));
  };

  it("missing: the call fails before any request, naming the part's export", async () => {
    const { result, seen } = await call({});
    expect(result).toMatchObject({ success: false, error: { type: "validation", rule: "support" } });
    expect(!result.success && result.error.message).toContain(
      `needs the runtime's ${SUPPORT_EXPORTS[part as keyof typeof SUPPORT_EXPORTS]}, ` +
        `which this caller was made without (pass ${part}: `,
    );
    expect(seen).toHaveLength(0);
  });

  it("given alone: the call goes out, the part giving its effect", async () => {
    const { result, seen } = await call(given);
    expect(result).toMatchObject({ success: true, output: { state: "ready" } });
    expect(seen).toHaveLength(1);
    sent(seen[0]!);
  });
});
