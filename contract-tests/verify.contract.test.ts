// Issue 23's checks of `blockwright verify` on the providers they name: a
// loopback server plays Google Books, faithful to our spec or not (the volume
// read without its required `id`, the search's `totalItems` as a string), and
// one plays Salesforce, to show that nothing that writes is sent unasked.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OpenApiDocument } from "../src/load/openapi-document.js";
import { loadYamlSource } from "../src/load/yaml-source.js";
import { cli } from "../test-support/cli-harness.js";
import { issueTokens, startOAuthServers } from "../test-support/runtime/oauth-servers.js";
import { server } from "../test-support/runtime/loopback-server.js";
import { SPECS_DIR } from "../test-support/repo.js";

const KEY = "AIza-books-key/0123456789+x";
const env = { BOOKS_API_KEY: KEY, CRM_TOKEN: "00Dcrm-session-token!0123456789" };

/** The first named example of an operation's 200 answer in our spec. */
function answerOf(provider: string, operationId: string): Record<string, unknown> {
  const doc = new OpenApiDocument(loadYamlSource(join(SPECS_DIR, provider, "openapi.yaml")));
  const response = doc.operations.get(operationId)?.responses.find((r) => r.status === "200");
  const [first] = Object.values(response?.examples ?? {});
  if (!first) throw new Error(`${provider} ${operationId} has no example of its 200 answer`);
  return structuredClone(first) as Record<string, unknown>;
}

function lineOf(file: string, text: string, after: string): number {
  const lines = readFileSync(file, "utf8").split("\n");
  const start = lines.findIndex((l) => l.includes(after));
  return lines.findIndex((l, i) => i > start && l.includes(text)) + 1;
}

describe("verify books against a server that plays it", () => {
  let deviate = false;
  let books: Awaited<ReturnType<typeof server>>;
  beforeAll(async () => {
    books = await server((r) => {
      const path = new URL(r.url, "http://x").pathname;
      if (path === "/books/v1/volumes") {
        const answer = answerOf("books", "searchVolumes");
        if (deviate) answer.totalItems = String(answer.totalItems);
        return { status: 200, body: JSON.stringify(answer) };
      }
      const { id, ...rest } = answerOf("books", "getVolume");
      return { status: 200, body: JSON.stringify(deviate ? rest : { id, ...rest }) };
    });
  });
  afterAll(() => books.close());
  const run = (...more: string[]) =>
    cli(
      ["verify", "books", "--base-url", books.url, "--param", "apiKey={{BOOKS_API_KEY}}", "--interval", "0", ...more],
      { env },
    );

  it("exits 0 against a faithful server", async () => {
    deviate = false;
    const r = await run();
    expect(r.stdout).toMatch(/^drift: 0 differences in 0 of \d+ calls$/m);
    expect(r.code).toBe(0);
  });

  it(
    "exits 1 against a deviating one and reports exactly its two deviations, each with its pointer and spec " +
      "line; the key in no output",
    async () => {
      deviate = true;
      const r = await run("--json");
      expect(r.code).toBe(1);
      const report = JSON.parse(r.stdout);
      const failing = report.results.flatMap((x: { drifts: { informational?: boolean }[] }) =>
        x.drifts.filter((d) => !d.informational),
      );
      const spec = join(SPECS_DIR, "books/openapi.yaml");
      const kinds = failing.map(
        (d: { operation: string; kind: string; pointer: string }) => `${d.operation} ${d.kind} ${d.pointer}`,
      );
      // Each probe of an operation meets the same deviation: the distinct ones are exactly two.
      expect([...new Set(kinds)].sort()).toEqual([
        "books_get_volume missing-required /id",
        "books_search_volumes type-mismatch /totalItems",
      ]);
      for (const d of failing) {
        expect(d.at.file).toBe("specs/books/openapi.yaml");
        if (d.kind === "missing-required") expect(d.at.line).toBe(lineOf(spec, "required: [kind, id]", "    Volume:"));
        else expect(d.at.line).toBe(lineOf(spec, "type:", "        totalItems:"));
      }
      const text = await run();
      expect(text.stdout).toMatch(/missing-required \/id: .*\n {6}spec: specs\/books\/openapi\.yaml:\d+:\d+/);
      expect(text.stdout).toMatch(/^drift: 2 differences( \(met \d+ times\))? in \d+ of \d+ calls$/m);
      for (const out of [r.stdout, r.stderr, text.stdout, text.stderr]) {
        for (const form of [KEY, encodeURIComponent(KEY), JSON.stringify(KEY).slice(1, -1)])
          expect(out).not.toContain(form);
      }
      // Every request a GET with the key, but the one call made without a credential.
      expect(books.received.every((q) => q.method === "GET")).toBe(true);
      expect(
        books.received
          .filter((q) => !q.url.includes(`key=${encodeURIComponent(KEY)}`))
          .every((q) => !q.url.includes("key=")),
      ).toBe(true);
    },
  );
});

describe("verify crm against a server that plays it", () => {
  let crm: Awaited<ReturnType<typeof server>>;
  beforeAll(async () => {
    crm = await server((r) =>
      r.method === "GET"
        ? { status: 200, body: JSON.stringify(answerOf("crm", r.url.includes("/query") ? "query" : "getRecord")) }
        : { status: 201, body: JSON.stringify({ id: "001000000000001AAA", success: true, errors: [] }) },
    );
  });
  afterAll(() => crm.close());

  it("sends no POST, PATCH or DELETE without --allow-writes, and names what it left out", async () => {
    const r = await cli(
      ["verify", "crm", "--base-url", crm.url, "--param", "apiKey={{CRM_TOKEN}}", "--interval", "0"],
      { env },
    );
    expect(crm.received.length).toBeGreaterThan(0);
    expect(crm.received.map((q) => q.method)).toEqual(crm.received.map(() => "GET"));
    expect(r.stdout).toMatch(
      /^left out \(may change data; name them with --allow-writes to call them\): .*crm_create_record/m,
    );
    expect(r.stdout).toMatch(/crm_update_record/);
  });

  it("sends the write it is allowed", async () => {
    const before = crm.received.length;
    await cli(
      [
        "verify",
        "crm",
        "--base-url",
        crm.url,
        "--param",
        "apiKey={{CRM_TOKEN}}",
        "--interval",
        "0",
        "--allow-writes",
        "crm_create_record",
        "--operation",
        "crm_create_record",
      ],
      { env },
    );
    expect(crm.received.slice(before).map((q) => q.method)).toEqual(["POST"]);
  });
});

describe("verify directory with its OAuth 2 client credentials, recorded and replayed", () => {
  const SECRET = "graph-client-secret-5f1c9e";
  const recordings = mkdtempSync(join(tmpdir(), "blockwright-verify-oauth-"));
  afterAll(() => rmSync(recordings, { recursive: true, force: true }));

  it(
    "gets a token first, calls only GETs, records neither the secret nor the issued token, and " + "replays offline",
    async () => {
      const answers: Record<string, string> = { users: "listUsers", groups: "listGroups" };
      const servers = await startOAuthServers(issueTokens(3600), (_n, r) => {
        // One user by id (`/users/{id}`) or by key (`/users('{key}')`), else a list.
        const [, , collection = "", id] = new URL(r.url, "http://x").pathname.split("/");
        const one = id !== undefined || collection.includes("(");
        // Graph's answers carry the request ids our spec marks required.
        const headers = {
          "request-id": "7d2c1b7e-0000-4000-8000-000000000001",
          "client-request-id": "7d2c1b7e-0000-4000-8000-000000000002",
        };
        // `/users/delta` is the delta query's, not a user's.
        if (id === "delta") return { status: 200, headers, body: answerOf("directory", "usersDelta") };
        return {
          status: 200,
          headers,
          body: answerOf("directory", one ? "getUser" : (answers[collection] ?? "listUsers")),
        };
      });
      try {
        const args = [
          "--param",
          "tenantId=contoso.onmicrosoft.com",
          "--param",
          "clientId=app-1",
          "--param",
          "clientSecret={{GRAPH_CLIENT_SECRET}}",
        ];
        const r = await cli(
          [
            "verify",
            "directory",
            "--base-url",
            servers.baseUrl,
            "--token-url",
            `${servers.tokenOrigin}/{tenantId}/token`,
            ...args,
            "--interval",
            "0",
            "--record",
            recordings,
          ],
          { env: { GRAPH_CLIENT_SECRET: SECRET } },
        );
        expect(r.stdout + r.stderr).not.toContain(SECRET);
        expect(r.code).toBe(0);
        expect(servers.token.length).toBeGreaterThan(0);
        expect(
          servers.token.every((q) => q.method === "POST" && q.body.includes("grant_type=client_credentials")),
        ).toBe(true);
        expect(servers.api.length).toBeGreaterThan(0);
        expect(
          servers.api.every(
            (q) => q.method === "GET" && /^Bearer access-token-\d+$/.test(String(q.headers.authorization)),
          ),
        ).toBe(true);
        expect(r.stdout).toMatch(
          /^left out \(may change data; name them with --allow-writes to call them\): .*directory_create_user/m,
        );
        const files = readdirSync(join(recordings, "directory"), { recursive: true })
          .map(String)
          .filter((f) => f.endsWith(".json"));
        expect(files.length).toBeGreaterThan(0);
        for (const f of files) {
          const text = readFileSync(join(recordings, "directory", f), "utf8");
          expect(text).not.toContain(SECRET);
          expect(text).not.toMatch(/access-token-\d/);
        }
      } finally {
        await servers.close();
      }
      // Offline: the servers are gone, no secret is given.
      const replay = await cli(["test", "directory", "--replay", recordings]);
      expect(replay.stdout).toMatch(/^contract: \d+ passed, 0 failed$/m);
      expect(replay.code).toBe(0);
    },
  );
});
