// The typed openapi-fetch client (`create<Provider>Client`) writes a request's path, query, header and cookie values
// as the tools do (runtime/call/client.ts wireMiddleware over wire-request.ts placeValue): the same input reaches the
// wire the same way through it as through executeTool and the package's client, on a package generated from the
// request judge's fixture of every serialization rule (a path spanning segments, a reserved and an as-given link,
// label, matrix and exploded simple styles, every query style, allowReserved, JSON content, header arrays and
// objects).
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importsInChild, writeInstalled } from "../../test-support/installed-package.js";
import { generate } from "./generate-all.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), "../../test-support/fixtures");
const work = mkdtempSync(join(runScratch(), "blockwright-typed-wire-"));
let entry = "";
/** The provider with a route and an operation served at its own server (fixtures/typed-client/zqhop). */
let hop = "";
afterAll(() => rmSync(work, { recursive: true, force: true }));

beforeAll(async () => {
  cpSync(join(FIXTURES, "specs-judge/zqwire"), join(work, "specs", "zqwire"), { recursive: true });
  cpSync(join(FIXTURES, "typed-client/zqhop"), join(work, "specs", "zqhop"), { recursive: true });
  const { files } = await generate({ root: work, outDir: join(work, "generated") });
  const dir = writeInstalled(files, work).dir;
  entry = join(dir, "zqwire", "index.js");
  hop = join(dir, "zqhop", "index.js");
}, 120_000);

/** A fetch that records each request's method, address, Content-Type and body text, and answers `{"ok":true}`. */
const RECORDER = `const sent = [];
  const fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const body = request.body ? await request.text() : null;
    sent.push([request.method, request.url, request.headers.get("content-type"), body]);
    return new Response('{"ok":true}', { headers: { "content-type": "application/json" } });
  };`;

/** Each case: the tool, its input as the tools name it, and the typed client's (the document's names). */
const CASES: [string, string, string, Record<string, unknown>, Record<string, unknown>][] = [
  ["zqwire_get_file", "GET", "/zqfiles/{path}", { path: "zqdir/zqnotes.md" }, { path: { path: "zqdir/zqnotes.md" } }],
  ["zqwire_get_node", "GET", "/zqtree/{+node}", { node: "zqa/zqb:zqc?zqx=1" }, { path: { node: "zqa/zqb:zqc?zqx=1" } }],
  [
    "zqwire_get_upload",
    "GET",
    "/zquploads/{link}",
    { link: "zq7/zqb?zqstate=a1&zqn=1" },
    { path: { link: "zq7/zqb?zqstate=a1&zqn=1" } },
  ],
  ["zqwire_label", "GET", "/zqlabel/{color}", { color: "blue" }, { path: { color: "blue" } }],
  ["zqwire_matrix", "GET", "/zqmatrix/{ids}", { ids: [3, 4] }, { path: { ids: [3, 4] } }],
  ["zqwire_point", "GET", "/zqpoints/{point}", { point: { x: 3, y: 4 } }, { path: { point: { x: 3, y: 4 } } }],
  [
    "zqwire_search",
    "GET",
    "/zqsearch",
    {
      tags: ["red", "blue"],
      ids: [1, 2],
      words: ["quick", "fox"],
      codes: ["AB", "CD"],
      filter: { state: "open", owner: "ada" },
      sortBy: "name",
      q: { term: "fox", fuzzy: true },
      word: "fox",
      next: "/pages/two:next",
      term: "north/east",
      depth: 2,
      sizes: [8, 16],
      meta: { lang: "en", tier: "paid" },
    },
    {
      query: {
        tags: ["red", "blue"],
        ids: [1, 2],
        words: ["quick", "fox"],
        codes: ["AB", "CD"],
        filter: { state: "open", owner: "ada" },
        sort: { by: "name" },
        q: { term: "fox", fuzzy: true },
        word: "fox",
        next: "/pages/two:next",
        term: "north/east",
        depth: 2,
      },
      header: { "X-Zq-Sizes": [8, 16], "X-Zq-Meta": { lang: "en", tier: "paid" } },
    },
  ],
];

/** What each way of calling sent for each case: the address and the two styled headers. */
const SCRIPT = (cases: typeof CASES) => `await (async () => {
  const sent = [];
  const fetch = async (request) => {
    sent.push([request.url, request.headers.get("x-zq-sizes"), request.headers.get("x-zq-meta")]);
    return new Response('{"ok":true}', { headers: { "content-type": "application/json" } });
  };
  const cases = ${JSON.stringify(cases)};
  const apiKey = "zq-key-0123456789";
  const api = m.createZqwire({ apiKey, fetch });
  const typed = m.createZqwireClient({ credential: apiKey, fetch });
  const out = [];
  for (const [tool, method, path, input, params] of cases) {
    const tools = await m.executeTool(tool, { ...input, apiKey }, { fetch });
    const client = await api[tool.slice(7).replace(/_(\\w)/g, (_, c) => c.toUpperCase())](input);
    let error;
    await typed[method](path, { params }).catch((e) => { error = String(e); });
    out.push({ tool, results: [tools.success, client.success, error ?? null], sent: sent.splice(0) });
  }
  return out;
})()`;

/** A link the tools refuse, asked of the typed client: its errors and the requests sent. */
const REFUSED_LINKS = `await (async () => {
    let sent = 0;
    const fetch = async () => (sent++, new Response("{}"));
    const typed = m.createZqwireClient({ credential: "zq-key-0123456789", fetch });
    const errors = [];
    for (const link of ["zq7#frag", "zq/../zqadmin", "https://zq.elsewhere.test/v1/zquploads/zq9"])
      await typed.GET("/zquploads/{link}", { params: { path: { link } } }).then(
        () => errors.push(null),
        (e) => errors.push(String(e)),
      );
    return { errors, sent };
  })()`;

/** A form body through executeTool and the typed client (untyped, then typed as a form). */
const FORM_BODY = `await (async () => {
    ${RECORDER}
    const apiKey = "zq-key-0123456789";
    const input = { to: ["ada", "bob"], text: "hello there", tags: ["x", "y"], ids: [1, 2], meta: { lang: "en" } };
    const tools = await m.executeTool("zqwire_send_message", { ...input, apiKey }, { fetch });
    const typed = m.createZqwireClient({ credential: apiKey, fetch });
    const { error } = await typed.POST("/zqmessages", { body: input });
    // Typed as a form by the caller: before, openapi-fetch's URLSearchParams (\`meta=%5Bobject+Object%5D\`).
    const headers = { "Content-Type": "application/x-www-form-urlencoded" };
    const typedForm = await typed.POST("/zqmessages", { body: input, headers });
    return { ok: [tools.success, error ?? null, typedForm.error ?? null], sent };
  })()`;

/** A route's path through executeTool and the typed client. */
const ROUTE_PATH = `await (async () => {
    ${RECORDER}
    const apiKey = "zq-key-0123456789";
    const tools = await m.executeTool("zqhop_get_item", { zqId: "$zq'b", apiKey }, { fetch });
    const typed = m.createZqhopClient({ credential: apiKey, fetch });
    const { error } = await typed.GET("/zqitems('{zqKey}')", { params: { path: { zqKey: "$zq'b" } } });
    return { ok: [tools.success, error ?? null], sent };
  })()`;

/** A raw form's file and bytes, then a JSON form, through executeTool and the typed client. */
const RAW_FORM = `await (async () => {
    ${RECORDER}
    const apiKey = "zq-key-0123456789";
    const typed = m.createZqhopClient({ credential: apiKey, fetch });
    const path = "/zqnotes/{zqKey}";
    const params = { path: { zqKey: "zq1" } };
    const out = [];
    for (const file of [new Blob(["zq é text"], { type: "text/plain" }), new Uint8Array([0, 255, 7])]) {
      const tools = await m.executeTool("zqhop_put_note", { zqKey: "zq1", file, apiKey }, { fetch });
      const { error } = await typed.PUT(path, { params, body: file });
      out.push(tools.success, error ?? null);
    }
    const json = await typed.PUT(path, { params, body: { zqTitle: "zq" } });
    out.push(json.error ?? null);
    return { ok: out, sent };
  })()`;

/** An operation served at its own server, with no baseUrl, a loopback one and one of another host. */
const OWN_SERVER = `await (async () => {
    ${RECORDER}
    const apiKey = "zq-key-0123456789";
    const out = [];
    for (const baseUrl of [undefined, "http://127.0.0.1:5601"]) {
      const tools = await m.executeTool("zqhop_open_session", { zqName: "zqa", apiKey }, { fetch, baseUrl });
      const typed = m.createZqhopClient({ credential: apiKey, fetch, baseUrl });
      const { error } = await typed.POST("/zqsessions", { params: { query: { zqName: "zqa" } } });
      await typed.GET("/zqitems/{zqId}", { params: { path: { zqId: "zq1" } } });
      out.push({ ok: [tools.success, error ?? null], sent: sent.splice(0) });
    }
    const elsewhere = m.createZqhopClient({ credential: apiKey, fetch, baseUrl: "https://zq.elsewhere.test" });
    const refused = await elsewhere.POST("/zqsessions", { params: { query: { zqName: "zqa" } } }).then(
      () => null,
      (e) => String(e),
    );
    return { out, refused, after: sent.length };
  })()`;

/**
 * What each test asks the installed packages, all answered by one Node process on the first ask (each script in a
 * scope of its own, as in a process of its own): six processes each paid Node's start and the runtime's load.
 */
let answers: Map<string, () => unknown> | undefined;
function answer(name: string): unknown {
  if (!answers) {
    const jobs: [string, string, string][] = [
      ["WIRE", entry, SCRIPT(CASES)],
      ["REFUSED_LINKS", entry, REFUSED_LINKS],
      ["FORM_BODY", entry, FORM_BODY],
      ["ROUTE_PATH", hop, ROUTE_PATH],
      ["RAW_FORM", hop, RAW_FORM],
      ["OWN_SERVER", hop, OWN_SERVER],
    ];
    const results = importsInChild(jobs.map(([, file, script]) => [file, script] as const));
    answers = new Map(jobs.map(([n], i) => [n, results[i] as () => unknown]));
  }
  return (answers.get(name) as () => unknown)();
}

describe("the typed openapi-fetch client", () => {
  it("sends each path, query and header value as executeTool and the package's client send it", async () => {
    const out = answer("WIRE") as {
      tool: string;
      results: unknown[];
      sent: string[][];
    }[];
    expect(out.length).toBe(CASES.length);
    for (const { tool, results, sent } of out) {
      expect(results, tool).toEqual([true, true, null]);
      expect(sent.length, tool).toBe(3);
      expect(sent[1], `${tool}: the package's client`).toEqual(sent[0]);
      expect(sent[2], `${tool}: the typed client`).toEqual(sent[0]);
    }
    // What the tools send, for the record: the reserved link its own query, the file path its `/`.
    expect(out[0]!.sent[0]![0]).toBe("https://api.zqwire.test/v1/zqfiles/zqdir/zqnotes.md");
    expect(out[1]!.sent[0]![0]).toBe("https://api.zqwire.test/v1/zqtree/zqa/zqb:zqc?zqx=1");
    expect(out[2]!.sent[0]![0]).toBe("https://api.zqwire.test/v1/zquploads/zq7/zqb?zqstate=a1&zqn=1");
  }, 60_000);

  it("refuses a link the tools refuse, before any request", async () => {
    const { errors, sent } = answer("REFUSED_LINKS") as { errors: string[]; sent: number };
    expect(sent).toBe(0);
    expect(errors[0]).toMatch(/^Error: link: must not hold "#"/);
    expect(errors[1]).toMatch(/^Error: link: must not be or hold a segment .*"\.\."/);
    expect(errors[2]).toMatch(/^Error: link: is an address at https:\/\/zq\.elsewhere\.test, not at the call's own/);
  }, 60_000);
});

describe("the typed openapi-fetch client, beyond the address's values", () => {
  it("writes a form body with the tools' form writer: each field's JSON, style and explode", async () => {
    const { ok, sent } = answer("FORM_BODY") as { ok: unknown[]; sent: (string | null)[][] };
    expect(ok).toEqual([true, null, null]);
    expect(sent.length).toBe(3);
    // `to` JSON, `ids` unexploded, `meta` deepObject: before, the typed client sent the body as JSON.
    expect(sent[0]![3]).toBe("to=%22ada%22&to=%22bob%22&text=hello%20there&tags=x&tags=y&ids=1,2&meta%5Blang%5D=en");
    expect(sent[1], "the typed client").toEqual(sent[0]);
    expect(sent[2], "the typed client, typed as a form").toEqual(sent[0]);
  }, 60_000);

  it("sends a route's path with the route's wire, as the tool's call that the route takes there", async () => {
    const { ok, sent } = answer("ROUTE_PATH") as { ok: unknown[]; sent: (string | null)[][] };
    expect(ok).toEqual([true, null]);
    // The route's escape doubles the quote (before: openapi-fetch's `%24zq'b`).
    expect(sent[0]![1]).toBe("https://api.zqhop.test/zqitems('%24zq%27%27b')");
    expect(sent[1], "the typed client").toEqual(sent[0]);
  }, 60_000);

  it("sends a raw form as its bytes under its type as the tools send the file, the JSON form as JSON", async () => {
    const { ok, sent } = answer("RAW_FORM") as { ok: unknown[]; sent: (string | null)[][] };
    expect(ok).toEqual([true, null, true, null, null]);
    // Before, openapi-fetch's JSON of a Blob: \`{}\` as application/json.
    expect(sent[0]).toEqual(["PUT", "https://api.zqhop.test/zqnotes/zq1", "text/plain", "zq é text"]);
    expect(sent[1], "the typed client, a text file").toEqual(sent[0]);
    expect(sent[2]?.slice(2)).toEqual(["application/octet-stream", "\u0000\uFFFD\u0007"]);
    expect(sent[3], "the typed client, bytes").toEqual(sent[2]);
    expect(sent[4]?.slice(2)).toEqual(["application/json", '{"zqTitle":"zq"}']);
  }, 60_000);

  it("sends an operation served at its own server there, and a given baseUrl's only to hosts it may", async () => {
    const { out, refused, after } = answer("OWN_SERVER") as {
      out: { ok: unknown[]; sent: (string | null)[][] }[];
      refused: string | null;
      after: number;
    };
    const [own, given] = out;
    expect(own!.ok).toEqual([true, null]);
    expect(own!.sent.map((s) => s[1])).toEqual([
      "https://upload.zqhop.test/zq8/zqsessions?zqName=zqa",
      "https://upload.zqhop.test/zq8/zqsessions?zqName=zqa",
      "https://api.zqhop.test/zqitems/zq1",
    ]);
    expect(given!.ok).toEqual([true, null]);
    expect(given!.sent.map((s) => s[1])).toEqual([
      "http://127.0.0.1:5601/zq8/zqsessions?zqName=zqa",
      "http://127.0.0.1:5601/zq8/zqsessions?zqName=zqa",
      "http://127.0.0.1:5601/zqitems/zq1",
    ]);
    // A host the provider is not reached at gets no credential: refused before any request, as a call refuses it.
    expect(refused).toMatch(/^Error: baseUrl: zqhop sends its credential only to .*not to zq\.elsewhere\.test/);
    expect(after).toBe(0);
  }, 60_000);
});
