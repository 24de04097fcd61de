// The runtime's support (support.ts), call by call: a tool declaring no part goes out with none, a basic
// credential's user id checked by the credential kinds part, the outcomes part's effect, and the parts a
// declaration needs only for some calls. (The parts a caller made without them refuses: support.test.ts.)
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { createPackageClient } from "../client/client.js";
import { createExecutor } from "../execute/executor.js";
import { fullSupport } from "../execute/full-support.js";
import { pageLinks } from "./next-address.js";
import { pageCursors } from "./page-cursors.js";
import { instanceAddresses } from "./instance-address.js";
import { credentialKinds } from "./credential.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { replyOutcomes } from "./outcomes.js";

const shelf = irFixture("shelf");
const tools: Record<string, ToolSpec> = Object.fromEntries(shelf.operations.map((o) => [o.tool.id, o.tool]));
const KEY = "shelf-key-7f3a9c2e51";
const addBook = { apiKey: KEY, shelfId: "fiction", title: "Dune", meta: '{"isbn":"9780441013593"}' };
// The shelf's get_book without its route: a GET with one header credential, declaring no part.
const getBook: ToolSpec = { ...tools.shelf_get_book!, routes: [] };
const bookId = getBook.params.find((p) => p.name === "bookId")!;

it(
  "a tool that declares none of them (the shelf's get_book: a GET, one header credential, no enum, " +
    "pattern or list) goes out with no part",
  async () => {
    const { fetch, seen } = scriptedFetch(json(200, { id: "b9", title: "Dune", state: "ready" }));
    const result = await createExecutor({ [getBook.id]: getBook })(
      getBook.id,
      { apiKey: KEY, bookId: "b9" },
      { fetch },
    );
    expect(result).toMatchObject({ success: true, output: { state: "ready" } });
    expect(seen.map((r) => [r.method, r.headers.get("x-shelf-key"), r.body])).toEqual([["GET", KEY, ""]]);
  },
);

it(
  'a basic credential\'s user id with a ":" is refused with the parameters, ' +
    "by the credential kinds support (which a basic credential needs)",
  async () => {
    const { fetch, seen } = scriptedFetch(json(200, { id: "b9", title: "Dune", state: "ready" }));
    const tool = { ...getBook, auth: { type: "basic" as const, user: "bookId", param: "apiKey" } };
    const bookIdAuth = {
      ...tool,
      params: tool.params.map((p) => (p === bookId ? { ...p, wire: { in: "auth" as const } } : p)),
    };
    const result = await createExecutor({ [tool.id]: bookIdAuth }, { credentials: credentialKinds })(
      tool.id,
      { apiKey: KEY, bookId: "b:9" },
      { fetch },
    );
    expect(result).toMatchObject({
      success: false,
      error: { type: "validation", param: "bookId", rule: "characters" },
    });
    expect(!result.success && result.error.message).toBe(
      'bookId: must not contain ":" (HTTP basic puts it between the user id and the password), got "b:9"',
    );
    expect(seen).toHaveLength(0);
  },
);

describe("the outcomes part's effect", () => {
  const failing: ToolSpec = {
    ...getBook,
    errors: {
      ...getBook.errors,
      failureWhen: [
        { expression: "$response.body#/state", ref: { kind: "body", pointer: ["state"] }, equals: "failed" },
      ],
    },
  };
  const missing: ToolSpec = {
    ...getBook,
    outcomes: [
      { status: 404, description: "No such book.", outputs: [{ path: "state", source: { value: "absent" } }] },
    ],
  };

  it(
    "a 2xx its failureWhen reads as failed is an upstream " +
      "failure; a status mapped to outputs is a success with them",
    async () => {
      const { fetch } = scriptedFetch(
        json(200, { id: "b9", title: "Dune", state: "failed" }),
        json(404, { error: { code: "zq_gone", message: "gone" } }),
      );
      const execute = createExecutor(
        { [failing.id]: failing, zq_get_missing: { ...missing, id: "zq_get_missing" } },
        { outcomes: replyOutcomes },
      );
      expect(await execute(failing.id, { apiKey: KEY, bookId: "b9" }, { fetch })).toMatchObject({
        success: false,
        error: { type: "upstream", status: 200, retryable: false },
      });
      expect(await execute("zq_get_missing", { apiKey: KEY, bookId: "b9" }, { fetch })).toEqual({
        success: true,
        output: { state: "absent" },
      });
    },
  );
});

describe("a part a declaration needs only for some calls", () => {
  const paged: ToolSpec = {
    ...getBook,
    pagination: { next: { style: "linkHeader" }, items: ["data"] },
    outputs: [
      {
        path: "data",
        type: "json",
        description: "The book.",
        optional: false,
        source: { expression: "$response.body", ref: { kind: "body", pointer: [] }, required: true },
      },
    ],
  };

  it(
    "links: one page goes out without it; all pages are refused before any request, naming pageLinks; with it, " +
      "they go out",
    async () => {
      const { fetch, seen } = scriptedFetch(json(200, { id: "b9" }), json(200, { id: "b9" }));
      const execute = createExecutor({ [paged.id]: paged });
      expect(await execute(paged.id, { apiKey: KEY, bookId: "b9" }, { fetch })).toMatchObject({ success: true });
      const refused = await execute(paged.id, { apiKey: KEY, bookId: "b9" }, { fetch, allPages: true });
      expect(!refused.success && refused.error.message).toContain("needs the runtime's pageLinks");
      expect(seen).toHaveLength(1);
      expect(
        await createExecutor({ [paged.id]: paged }, { links: pageLinks })(
          paged.id,
          { apiKey: KEY, bookId: "b9" },
          { fetch, allPages: true },
        ),
      ).toMatchObject({ success: true });
      expect(seen).toHaveLength(2);
    },
  );

  it(
    "cursors: one page goes out without it; all pages are refused before any request, naming pageCursors; " +
      "with it, the reply's cursor is sent and its flag ends the pages",
    async () => {
      const cursorPaged: ToolSpec = {
        ...paged,
        pagination: {
          next: {
            style: "cursor",
            cursor: { expression: "$response.body#/zqNext", ref: { kind: "body", pointer: ["zqNext"] } },
            send: { in: "query", name: "zqAfter" },
          },
          more: { expression: "$response.body#/zqMore", ref: { kind: "body", pointer: ["zqMore"] }, equals: true },
          items: ["data"],
        },
        outputs: [
          {
            path: "data",
            type: "json",
            description: "The books.",
            optional: false,
            source: { expression: "$response.body#/data", ref: { kind: "body", pointer: ["data"] }, required: true },
          },
        ],
      };
      const { fetch, seen } = scriptedFetch(
        json(200, { data: ["b1"], zqNext: "c2", zqMore: true }),
        json(200, { data: ["b1"], zqNext: "c2", zqMore: true }),
        json(200, { data: ["b2"], zqNext: "c3", zqMore: false }),
      );
      const execute = createExecutor({ [cursorPaged.id]: cursorPaged });
      expect(await execute(cursorPaged.id, { apiKey: KEY, bookId: "b9" }, { fetch })).toMatchObject({ success: true });
      const refused = await execute(cursorPaged.id, { apiKey: KEY, bookId: "b9" }, { fetch, allPages: true });
      expect(!refused.success && refused.error.message).toContain("needs the runtime's pageCursors");
      expect(seen).toHaveLength(1);
      const all = await createExecutor({ [cursorPaged.id]: cursorPaged }, { cursors: pageCursors })(
        cursorPaged.id,
        { apiKey: KEY, bookId: "b9" },
        { fetch, allPages: true },
      );
      expect(all).toMatchObject({ success: true, output: { data: ["b1", "b2"] }, pages: { count: 2 } });
      expect(seen.map((r) => new URL(r.url).searchParams.get("zqAfter"))).toEqual([null, null, "c2"]);
    },
  );

  it(
    "addresses: a provider reached at the caller's instance (server.param) is refused without it, " +
      "naming instanceAddresses and the parameter; with it, the call goes to the address given",
    async () => {
      const { fetch, seen } = scriptedFetch(json(200, { id: "b9", title: "Dune", state: "ready" }));
      const instance = {
        ...bookId,
        name: "zqInstance",
        required: true,
        format: "base-url" as const,
        wire: { in: "server" as const },
      };
      const tool: ToolSpec = { ...getBook, server: { param: "zqInstance" }, params: [...getBook.params, instance] };
      const input = { apiKey: KEY, bookId: "b9", zqInstance: "http://127.0.0.1:9/" };
      const refused = await createExecutor({ [tool.id]: tool })(tool.id, input, { fetch });
      expect(refused).toMatchObject({
        success: false,
        error: { type: "validation", param: "zqInstance", rule: "support" },
      });
      expect(!refused.success && refused.error.message).toContain("needs the runtime's instanceAddresses");
      expect(seen).toHaveLength(0);
      expect(
        await createExecutor({ [tool.id]: tool }, { addresses: instanceAddresses })(tool.id, input, { fetch }),
      ).toMatchObject({ success: true });
      expect(seen.map((r) => new URL(r.url).origin)).toEqual(["http://127.0.0.1:9"]);
    },
  );

  it(
    "a part a generated package lacks (its tool changed after it was made) is refused where it is used, " +
      "before any request, naming the part",
    async () => {
      const { fetch, seen } = scriptedFetch(json(201, { id: "b9", title: "Dune", state: "pending" }));
      const { json: _json, ...allButJson } = fullSupport;
      const client = createPackageClient(
        { methods: { addBook: tools.shelf_add_book! }, credentials: ["apiKey"], support: allButJson },
        { fetch },
      ) as Record<string, (input: object) => Promise<unknown>>;
      expect(await client.addBook!(addBook)).toMatchObject({
        success: false,
        error: {
          type: "validation",
          param: "meta",
          rule: "support",
          message: "meta: needs the runtime's json support, which this call lacks",
        },
      });
      expect(seen).toHaveLength(0);
    },
  );
});
