// Item 1 of issue 28 in the commands: a service that echoes the key, in every
// form an echo takes (raw, one letter JSON-escaped, percent-encoded, base64,
// upper case), in its answer and in its error message: `call` and `mcp` show
// none of them, on stdout, stderr or in a tool result. The service is a
// loopback server standing in for the fixture provider (shelf).
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamsClientTransport } from "../../test-support/streams-client-transport.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { server } from "../../test-support/runtime/loopback-server.js";
import { ROOT } from "../../test-support/repo.js";
import { serve } from "./mcp.js";
import type { CliIo } from "./support/io.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const KEY = "zqShelfKey/0123456789+abc";
const percentAll = (text: string) =>
  [...Buffer.from(text)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
/**
 * The forms as they appear in the answer's text; a form JSON.stringify leaves as it is is also looked for as it would
 * be printed.
 */
const FORMS = [
  KEY,
  encodeURIComponent(KEY),
  percentAll(KEY),
  percentAll(KEY).toLowerCase(),
  `Bearer%20${encodeURIComponent(KEY)}`,
  Buffer.from(KEY).toString("base64"),
  Buffer.from(KEY).toString("base64url"),
  Buffer.from(`user:${KEY}`).toString("base64"),
  KEY.toUpperCase(),
  KEY.replace("S", "\\u0053"),
  KEY.replace("S", "\\\\u0053"),
];
/**
 * A JSON string literal's inside holding the key with one letter as `\u0053` and `/` as `\/`: valid JSON that decodes
 * to the key.
 */
const mixedEscape = (key: string) => key.replace("S", "\\u0053").replaceAll("/", "\\/");

const tmp = mkdtempSync(join(runScratch(), "blockwright-echo-"));
let upstream: Awaited<ReturnType<typeof server>>;
let dir = "";
beforeAll(async () => {
  upstream = await server((r) => {
    const key = String(r.headers["x-shelf-key"] ?? "");
    const echoes = [
      key,
      encodeURIComponent(key),
      percentAll(key),
      percentAll(key).toLowerCase(),
      `Bearer%20${encodeURIComponent(key)}`,
      Buffer.from(key).toString("base64"),
      Buffer.from(key).toString("base64url"),
      Buffer.from(`user:${key}`).toString("base64"),
      key.toUpperCase(),
    ];
    const fields = echoes.map((e, i) => `"echo${i}":${JSON.stringify(e)}`).join(",");
    if (r.url.includes("fail"))
      return {
        status: 400,
        body: `{"error":{"code":"BadKey","message":"key ${mixedEscape(key)} ${echoes.join(" ")}"}}`,
      };
    return { status: 200, body: `{"id":"b7","title":"Dune ${mixedEscape(key)}","state":"ready","rank":1,${fields}}` };
  });
  dir = join(tmp, "project");
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
  cpSync(join(ROOT, "test-support/fixtures/specs/shelf"), join(dir, "specs/shelf"), { recursive: true });
  expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
});
afterAll(async () => {
  await upstream.close();
  rmSync(tmp, { recursive: true, force: true });
});

const noForm = (where: string, output: string) => {
  for (const form of FORMS) expect(output, `${where}: ${form}`).not.toContain(form);
};

describe("an echoed key, in every form", () => {
  it("call: not in the result, nor in the error and its details", async () => {
    const call = (bookId: string) =>
      cli(
        [
          "call",
          "shelf_get_book",
          "--base-url",
          upstream.url,
          "--param",
          "apiKey={{SHELF_KEY}}",
          "--param",
          `bookId=${bookId}`,
        ],
        { cwd: dir, env: { SHELF_KEY: KEY } },
      );
    const ok = await call("b7");
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain("[redacted]");
    noForm("call", ok.stdout + ok.stderr);
    const failed = await call("fail");
    expect(failed.code).toBe(1);
    expect(failed.stdout + failed.stderr).toContain("[redacted]");
    noForm("call failing", failed.stdout + failed.stderr);
  });

  it("mcp: not in a tool's result or error, nor on stderr", async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let stderr = "";
    const io: CliIo = {
      stdout,
      stderr: { write: (t: string) => (stderr += t) },
      env: { SHELF_API_KEY: KEY },
      cwd: dir,
      interrupted: new Promise<void>(() => {}),
      // The "mock" of shelf is the echoing service.
      startMocks: async () => ({ urls: { shelf: upstream.url }, close: async () => {} }),
    };
    const exit = serve(["--mock", "shelf"], io, { stdin, stdout });
    const client = new Client({ name: "blockwright-test", version: "0" });
    await client.connect(new StreamsClientTransport(stdin, stdout));
    const ok = await client.callTool({ name: "shelf_get_book", arguments: { bookId: "b7" } });
    const failed = await client.callTool({ name: "shelf_get_book", arguments: { bookId: "fail" } });
    await client.close();
    expect(await exit).toBe(0);
    expect(ok.isError).toBeFalsy();
    expect(failed.isError).toBe(true);
    expect(upstream.received.filter((r) => r.headers["x-shelf-key"] === KEY).length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(ok)).toContain("[redacted]");
    noForm("mcp", JSON.stringify(ok) + JSON.stringify(failed) + stderr);
  });
});
