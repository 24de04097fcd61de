// The stateful mock (mock-state.ts, resources from mock-resources.ts): what a
// create sent is what a get answers, an update changes it, the list answers
// what was made as its last page, a delete removes it; the records live for
// the mock's process, or in a state file from one to the next; a document
// whose paths make no resource says so once and answers as it did.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { MockStartError, type MockOptions, startMocks, type MockServers } from "./mocks.js";
import { resourcesOf } from "./mock-resources.js";

const root = fileURLToPath(new URL("__fixtures__/", import.meta.url));
const specsDir = `${root}mock-state/`;
const HEADERS = { authorization: "Bearer zq-token-0001", "content-type": "application/json" };
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function withMock<T>(
  options: Partial<MockOptions>,
  use: (call: Call, lines: string[]) => Promise<T>,
  provider = "zqshop",
  specs = specsDir,
): Promise<T> {
  const lines: string[] = [];
  const mocks: MockServers = await startMocks([provider], {
    specsDir: specs,
    root,
    log: (line) => lines.push(line),
    ...options,
  });
  try {
    const base = mocks.urls[provider] as string;
    return await use(async (method, path, body) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: HEADERS,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      return {
        status: res.status,
        text,
        body: text ? JSON.parse(text) : undefined,
        violations: res.headers.get("sl-violations"),
      };
    }, lines);
  } finally {
    await mocks.close();
  }
}
type Call = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; text: string; body: Record<string, unknown>; violations: string | null }>;

describe("resources recognised from paths and methods", () => {
  it(
    "a collection that creates and an item that reads, its id field the path parameter's (else id), " +
      "the RPC path aside",
    () => {
      const document = parse(readFileSync(`${specsDir}zqshop/openapi.yaml`, "utf8")) as Record<string, unknown>;
      expect(resourcesOf(document)).toEqual([
        {
          collection: "/orders",
          item: "/orders/{orderId}",
          idParam: "orderId",
          idField: "id",
          madeId: true,
          methods: { create: "POST", read: "GET", list: "GET", update: "PATCH", delete: "DELETE" },
        },
      ]);
    },
  );
});

describe("an id field named by the path parameter", () => {
  it("is the field its name ends with (task_gid → gid), inside the envelope the read answers with", () => {
    const record = { type: "object", properties: { gid: { type: "string" }, name: { type: "string" } } };
    const answer = (schema: unknown) => ({
      responses: { "200": { description: "ok", content: { "application/json": { schema } } } },
    });
    const document = {
      paths: {
        "/zqtasks": { post: answer({ type: "object", properties: { data: record } }) },
        "/zqtasks/{task_gid}": { get: answer({ type: "object", properties: { data: record } }) },
      },
    };
    expect(resourcesOf(document)).toEqual([
      {
        collection: "/zqtasks",
        item: "/zqtasks/{task_gid}",
        idParam: "task_gid",
        idField: "gid",
        envelope: "data",
        madeId: true,
        methods: { create: "POST", read: "GET" },
      },
    ]);
  });
});

describe("a record whose id the path parameter names is written as an object (photoId: {id})", () => {
  it("is no resource: no path segment spells it back (the read got [object Object]); a text id makes one", () => {
    const answer = (photoId: unknown) => ({
      responses: {
        "200": {
          description: "ok",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { photoId, caption: { type: "string" }, views: { type: "integer" } },
              },
            },
          },
        },
      },
    });
    const wrapped = answer({ type: "object", properties: { id: { type: "string" } } });
    expect(resourcesOf({ paths: { "/zqphotos": { post: wrapped }, "/zqphotos/{photoId}": { get: wrapped } } })).toEqual(
      [],
    );
    const plain = answer({ type: "string" });
    expect(
      resourcesOf({ paths: { "/zqphotos": { post: plain }, "/zqphotos/{photoId}": { get: plain } } }),
    ).toMatchObject([{ idField: "photoId", madeId: true }]);
  });

  // A directory sample (seed 1281): a project API answers `{project: {allOf: [{$ref: Project}, {description}]}}`,
  // and the round trip read the wrapped record as the id, `[object Object]`.
  it("is no resource either where an allOf wraps the object to give it a description", () => {
    const record = { type: "object", properties: { zqname: { type: "string" }, zqarn: { type: "string" } } };
    const photoId = { allOf: [{ $ref: "#/components/schemas/ZqPhoto" }, { description: "The photo." }] };
    const schema = { type: "object", properties: { photoId } };
    const wrapped = { responses: { "200": { description: "ok", content: { "application/json": { schema } } } } };
    const document = {
      components: { schemas: { ZqPhoto: record } },
      paths: { "/zqphotos": { post: wrapped }, "/zqphotos/{photoId}": { get: wrapped } },
    };
    expect(resourcesOf(document)).toEqual([]);
  });
});

describe("a create and a read that answer different things", () => {
  it("are no resource (a checkout session made, its result read: they share only the id)", () => {
    const answer = (properties: Record<string, unknown>) => ({
      responses: {
        "200": { description: "ok", content: { "application/json": { schema: { type: "object", properties } } } },
      },
    });
    const made = answer({
      id: { type: "string" },
      amount: { type: "integer" },
      currency: { type: "string" },
      expiresAt: { type: "string" },
    });
    const result = answer({ id: { type: "string" }, status: { type: "string" } });
    expect(
      resourcesOf({ paths: { "/zqsessions": { post: made }, "/zqsessions/{sessionId}": { get: result } } }),
    ).toEqual([]);
    expect(
      resourcesOf({ paths: { "/zqsessions": { post: made }, "/zqsessions/{sessionId}": { get: made } } }),
    ).toHaveLength(1);
  });

  it("are no resource when the same envelope holds a receipt in one and the record in the other", () => {
    const enveloped = (properties: Record<string, unknown>) => ({
      responses: {
        "200": {
          description: "ok",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  success: { type: "boolean" },
                  message: { type: "string" },
                  response: { type: "object", properties },
                },
              },
            },
          },
        },
      },
    });
    const receipt = enveloped({ id: { type: "string" }, message: { type: "string" } });
    const record = enveloped({
      id: { type: "string" },
      status: { type: "string" },
      owner: { type: "string" },
      url: { type: "string" },
    });
    expect(resourcesOf({ paths: { "/zqrenders": { post: receipt }, "/zqrenders/{id}": { get: record } } })).toEqual([]);
    expect(
      resourcesOf({ paths: { "/zqrenders": { post: record }, "/zqrenders/{id}": { get: record } } }),
    ).toMatchObject([{ envelope: "response", idField: "id", madeId: true }]);
  });

  it("are a resource whose create answers no id when the create answers nothing (a bare 201)", () => {
    const read = {
      responses: {
        "200": {
          description: "ok",
          content: {
            "application/json": { schema: { type: "object", properties: { zqKeywordId: { type: "string" } } } },
          },
        },
      },
    };
    const created = { responses: { "201": { description: "made; its address in Location" } } };
    expect(
      resourcesOf({ paths: { "/zqkeywords": { post: created }, "/zqkeywords/{zqKeywordId}": { get: read } } }),
    ).toMatchObject([{ idField: "zqKeywordId", madeId: false }]);
  });
});

describe("a stateful mock", () => {
  it(
    "answers a get with what the create sent, an update with the change, the list with what was made, " +
      "then the document's 404 once deleted",
    async () => {
      await withMock({ state: {} }, async (call) => {
        const made = await call("POST", "/v1/orders", {
          customer_email: "ann@zq.example",
          amount: 1234,
          note: "first",
        });
        expect(made).toMatchObject({
          status: 201,
          violations: null,
          body: { customer_email: "ann@zq.example", amount: 1234, note: "first", id: expect.any(String) },
        });
        const id = String(made.body.id);
        const got = await call("GET", `/v1/orders/${id}`);
        expect(got.status).toBe(200);
        expect(got.body).toEqual(made.body);
        const changed = await call("PATCH", `/v1/orders/${id}`, { note: "changed", status: "paid" });
        expect(changed.body).toEqual({ ...made.body, note: "changed", status: "paid" });
        expect((await call("GET", `/v1/orders/${id}`)).body).toEqual(changed.body);
        const second = await call("POST", "/v1/orders", { customer_email: "bo@zq.example", amount: 5 });
        expect(second.body.id).not.toBe(id);
        const listed = await call("GET", "/v1/orders");
        expect(listed).toMatchObject({ status: 200, violations: null });
        expect(listed.body).toEqual({ _links: expect.any(Array), data: [changed.body, second.body], has_more: false });
        // The page after a record: the records after it.
        expect((await call("GET", `/v1/orders?starting_after=${id}`)).body.data).toEqual([second.body]);
        expect((await call("DELETE", `/v1/orders/${id}`)).status).toBe(204);
        const gone = await call("GET", `/v1/orders/${id}`);
        expect(gone).toMatchObject({ status: 404, body: { message: expect.any(String) } });
        expect((await call("GET", "/v1/orders")).body.data).toEqual([second.body]);
      });
    },
  );

  it(
    "keeps the realistic answer for an id no create made, and still refuses a request the document does not " + "allow",
    async () => {
      await withMock({ state: {} }, async (call) => {
        await call("POST", "/v1/orders", { customer_email: "ann@zq.example", amount: 1 });
        const other = await call("GET", "/v1/orders/zq-never-made");
        expect(other).toMatchObject({
          status: 200,
          violations: null,
          body: { id: expect.any(String), customer_email: expect.any(String) },
        });
        expect((await call("POST", "/v1/orders", { amount: 0 })).status).toBe(422);
        // An answer asked for (a block's `mock: {code: 404}`) is given, as without state.
        const made = await call("POST", "/v1/orders", { customer_email: "bo@zq.example", amount: 2 });
        expect((await call("GET", `/v1/orders/${String(made.body.id)}?__code=404`)).status).toBe(404);
      });
    },
  );

  it("gives the same bytes for the same seed and the same requests", async () => {
    const session = (seed: number) =>
      withMock({ state: {}, seed }, async (call) => {
        const made = await call("POST", "/v1/orders", { customer_email: "ann@zq.example", amount: 7 });
        return [
          made.text,
          (await call("GET", `/v1/orders/${String(made.body.id)}`)).text,
          (await call("GET", "/v1/orders")).text,
        ].join("\n");
      });
    const first = await session(11);
    expect(await session(11)).toBe(first);
    expect(await session(12)).not.toBe(first);
  });

  it("without state, answers each request alone (a get does not read back a create)", async () => {
    await withMock({}, async (call) => {
      const made = await call("POST", "/v1/orders", { customer_email: "ann@zq.example", amount: 1234 });
      expect((await call("GET", `/v1/orders/${String(made.body.id)}`)).body).not.toEqual(made.body);
    });
  });
});

describe("a stateful mock of a document whose schema gives an example id", () => {
  it(
    "gives each record its own id, made from the example's, and answers a deleted one with the document's 404, " +
      "which has no body",
    async () => {
      await withMock(
        { state: {} },
        async (call) => {
          const ids = [];
          for (const text of ["one", "two", "three"])
            ids.push(String((await call("POST", "/notes", { text })).body.id));
          expect(new Set(ids).size).toBe(3);
          expect(ids[0]).toBe("note-a1");
          for (const [i, id] of ids.entries())
            expect((await call("GET", `/notes/${id}`)).body).toEqual({ id, text: ["one", "two", "three"][i] });
          expect((await call("DELETE", `/notes/${ids[1]}`)).status).toBe(204);
          expect(await call("GET", `/notes/${ids[1]}`)).toMatchObject({ status: 404, text: "" });
        },
        "zqnotes",
      );
    },
  );
});

describe("a created record's id", () => {
  it("is the one the create sent (a record the caller names), unless taken or refused by the read's path", async () => {
    await withMock(
      { state: {} },
      async (call) => {
        const made = await call("POST", "/zqgroups", { GroupName: "zq-first", Description: "one" });
        expect(made).toMatchObject({
          status: 200,
          violations: null,
          body: { GroupName: "zq-first", Description: "one" },
        });
        expect((await call("GET", "/zqgroups/zq-first")).body).toEqual(made.body);
        // A name taken, or one the read's path does not take: a name of the mock's own.
        const again = await call("POST", "/zqgroups", { GroupName: "zq-first", Description: "two" });
        const spaced = await call("POST", "/zqgroups", { GroupName: "zq second", Description: "three" });
        for (const other of [again, spaced]) {
          expect(other.status).toBe(200);
          expect(other.body.GroupName).not.toMatch(/^zq[- ](first|second)$/);
          expect((await call("GET", `/zqgroups/${String(other.body.GroupName)}`)).body).toEqual(other.body);
        }
      },
      "zqgroups",
    );
  });

  it("is one the read's path parameter takes (its pattern), where the record's own id field states none", async () => {
    await withMock(
      { state: {} },
      async (call) => {
        const made = await call("POST", "/cards", { front: "zq front" });
        expect(made.status).toBe(201);
        expect(String(made.body.id)).toMatch(/^c_[a-z0-9]{6}$/);
        expect((await call("GET", `/cards/${String(made.body.id)}`)).body).toEqual({
          id: made.body.id,
          front: "zq front",
        });
      },
      "zqcards",
    );
  });

  it("is in the list where the list sits inside the answer's data (data.results), not only at its top", async () => {
    await withMock(
      { state: {} },
      async (call) => {
        const made = await call("POST", "/cards", { front: "zq listed" });
        const listed = await call("GET", "/cards");
        expect(listed).toMatchObject({ status: 200, violations: null });
        expect((listed.body.data as { results: unknown[] }).results).toEqual([made.body]);
      },
      "zqcards",
    );
  });
});

describe("a state file", () => {
  it("keeps the records from one mock process to the next, written whole", async () => {
    const dir = mkdtempSync(join(tmpdir(), "zq-state-"));
    dirs.push(dir);
    const file = join(dir, "state.json");
    const made = await withMock(
      { state: { file } },
      async (call) => (await call("POST", "/v1/orders", { customer_email: "ann@zq.example", amount: 3 })).body,
    );
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({
      format: "blockwright-mock-state",
      providers: { zqshop: { "/v1/orders": { records: [made] } } },
    });
    await withMock({ state: { file } }, async (call) => {
      expect((await call("GET", `/v1/orders/${String(made.id)}`)).body).toEqual(made);
    });
  });

  it("that is not one the mock wrote refuses the mock, naming the file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "zq-state-"));
    dirs.push(dir);
    const file = join(dir, "state.json");
    writeFileSync(file, '{"zq": 1}');
    await expect(startMocks(["zqshop"], { specsDir, root, state: { file }, log: () => {} })).rejects.toThrow(
      MockStartError,
    );
    await expect(startMocks(["zqshop"], { specsDir, root, state: { file }, log: () => {} })).rejects.toThrow(
      `--state ${file}: not a state file the mock wrote`,
    );
  });
});

describe("a document whose paths make no resource (RPC-style)", () => {
  it("is said once, and its answers stay realistic", async () => {
    const lines = await withMock(
      { state: {} },
      async (call, logged) => {
        expect((await call("GET", "/items")).status).toBe(200);
        return logged;
      },
      "pages",
      `${root}mock-paging/`,
    );
    expect(lines.filter((l) => l.includes("no resource recognised"))).toEqual([
      "mock of pages: no resource recognised in its paths (POST /things creating, GET /things/{id} reading): " +
        "its answers are realistic, none kept",
    ]);
  });
});
