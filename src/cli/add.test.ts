// `blockwright add`: a provider started from a published document, as a user
// runs it — from a file or a loopback address, then generate and the
// derived suite with no edit, `upstream` from day one. The cuts of real
// published documents: add-real-documents.test.ts.
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import jsyaml from "js-yaml";
import { cli, failedCases, runtimeProject } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { startMocks } from "../mocks/mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-add-"));
const fixtures = join(ROOT, "src/import/__fixtures__");
const chatDocument = join(fixtures, "chat-swagger2.yaml");
const zqpayments = join(ROOT, "test-support/fixtures/specs-wild/zqpayments/openapi.yaml");
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A project folder with a specs folder and the runtime resolvable (as after `npm install`). */
const project = (name: string) => runtimeProject(join(tmp, name), "specs");

let server: Server;
let base = "";
/** Called when a request for /trickle has had its first byte: the test interrupts the command then. */
let onTrickle = () => {};
const trickling = new Set<import("node:http").ServerResponse>();
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/zqpayments/openapi.yaml")
      return response.writeHead(200, { "content-type": "application/yaml" }).end(readFileSync(zqpayments));
    if (request.url === "/trickle") {
      response.writeHead(200, { "content-type": "application/json" });
      response.write("{", () => onTrickle());
      trickling.add(response);
      return;
    }
    if (request.url === "/moved") return response.writeHead(301, { location: "http://example.com/openapi.yaml" }).end();
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const response of trickling) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(tmp, { recursive: true, force: true });
});

describe("blockwright add", () => {
  it(
    "starts a provider from a Swagger 2.0 file: generate " + "and the derived suite pass on the draft, with no edit",
    async () => {
      const dir = project("chat");
      const r = await cli(["add", "chat", "--from", chatDocument, "--operations", "messages.post, channels.list"], {
        cwd: dir,
      });
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(
        new RegExp(
          String.raw`^add chat: wrote specs\/chat\/ from \S+chat-swagger2\.yaml \(Swagger 2\.0, converted to` +
            String.raw` OpenAPI 3\.0\)\n {2}cut: {6}2 of 3 operations; `,
        ),
      );
      expect(r.stdout).toContain(
        "            chat_channels_list (channels_list): 2 parameters, 2 outputs, cursor paging\n",
      );
      expect(r.stdout).toContain("  check:    the draft links: generate accepts it\n");
      expect(r.stderr).toContain("add: converting Swagger 2.0 to OpenAPI 3.0…\n");

      const text = readFileSync(chatDocument, "utf8");
      expect(readFileSync(join(dir, "specs/chat/upstream/published.yaml"), "utf8")).toBe(text);
      expect(jsyaml.load(readFileSync(join(dir, "specs/chat/upstream/source.yaml"), "utf8"))).toEqual({
        format: "swagger",
        file: "published.yaml",
        source: chatDocument,
        retrieved: new Date().toISOString().slice(0, 10),
        sha256: sha256(text),
      });
      const cut = jsyaml.load(readFileSync(join(dir, "specs/chat/openapi.yaml"), "utf8")) as Record<
        string,
        Record<string, unknown>
      >;
      expect(Object.keys(cut.paths!)).toEqual(["/messages.post", "/channels.list"]);
      expect(Object.keys((cut.components!.schemas as object) ?? {})).not.toContain("unused");

      expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
      const suite = await cli(["test", "--seed", "7", "--runs", "5", "--reporter", "json"], { cwd: dir, startMocks });
      const report = JSON.parse(suite.stdout);
      expect(failedCases(suite.stdout)).toEqual([]);
      expect(new Set(report.cases.map((c: { operation: string }) => c.operation))).toEqual(
        new Set(["chat_messages_post", "chat_channels_list"]),
      );
      expect(suite.code).toBe(0);

      // The pinned document is what `upstream` compares a newer one with, from day one.
      const same = await cli(["upstream", "chat", chatDocument], { cwd: dir });
      expect(same).toMatchObject({
        code: 0,
        stdout:
          "chat: 0 changes to the operations we call (0 breaking, 0 non-breaking, 0 informational); " +
          "0 to 0 operations we do not call\n",
      });
      const newer = join(tmp, "chat-newer.yaml");
      writeFileSync(newer, text.replace("maxLength: 80\n", "maxLength: 40\n"));
      const changed = await cli(["upstream", "chat", newer], { cwd: dir });
      expect(changed.code).toBe(1);
      expect(changed.stdout).toContain("request.body /channel · request-property-limit-tightened");
    },
  );

  it("fetches an OpenAPI document from an address, and pins it with that address", async () => {
    const dir = project("fetched");
    const r = await cli(
      ["add", "pay", "--from", `${base}/zqpayments/openapi.yaml`, "--operations", "GetCustomers", "--json"],
      { cwd: dir },
    );
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({
      provider: "pay",
      from: `${base}/zqpayments/openapi.yaml`,
      document: {
        format: "openapi",
        version: "3.0.3",
        converted: false,
        sha256: sha256(readFileSync(zqpayments, "utf8")),
      },
      pinned: ["specs/pay/upstream/published.yaml", "specs/pay/upstream/source.yaml"],
      check: { problems: [] },
    });
    expect(summary.cut.operations).toEqual({ kept: 1, total: 2 });
    expect(summary.drafted.operations).toEqual([
      { id: "pay_get_customers", operationId: "GetCustomers", params: 3, outputs: 4, paging: "cursor" },
    ]);
    expect(readFileSync(join(dir, "specs/pay/upstream/published.yaml"))).toEqual(readFileSync(zqpayments));
    expect(readFileSync(join(dir, "specs/pay/upstream/source.yaml"), "utf8")).toContain(
      `source: ${base}/zqpayments/openapi.yaml\n`,
    );
    expect(r.stderr).toMatch(
      new RegExp(`^add: fetching ${base}/zqpayments/openapi\\.yaml…\\nadd: fetched \\d+\\.\\d kB\\n`),
    );
  });

  it("stops at once when interrupted while fetching, and writes nothing", async () => {
    const dir = project("interrupted");
    let interrupt = () => {};
    const interrupted = new Promise<void>((resolve) => (interrupt = resolve));
    onTrickle = interrupt;
    const r = await cli(["add", "slow", "--from", `${base}/trickle`, "--operations", "x"], { cwd: dir, interrupted });
    expect(r).toMatchObject({ code: 130, stdout: "" });
    expect(r.stderr).toBe(`add: fetching ${base}/trickle…\n\nadd: interrupted: nothing written\n`);
    expect(existsSync(join(dir, "specs/slow"))).toBe(false);
  });

  it("says the folder is written when interrupted during the final link check", async () => {
    const dir = project("interrupted-check");
    const r = await cli(
      ["add", "zqhalt", "--from", `${base}/zqpayments/openapi.yaml`, "--operations", "GetCustomers"],
      {
        cwd: dir,
        interruptOn: /checking that the draft links…\n$/,
      },
    );
    expect(r).toMatchObject({ code: 130, stdout: "" });
    expect(r.stderr).toMatch(/\nadd: interrupted: specs\/zqhalt\/ is written; blockwright generate checks it\n$/);
    expect(existsSync(join(dir, "specs/zqhalt/manifest.yaml"))).toBe(true);
  });

  it("lists a document's operations", async () => {
    const r = await cli(["add", "--from", chatDocument, "--list"], { cwd: tmp });
    expect(r).toMatchObject({
      code: 0,
      stdout:
        "messages_post\tPOST /messages.post\tPost a message\nchannels_list\tGET /channels.list\tList " +
        "channels\nchannels_info\tGET /channels.info\tOne channel\n",
    });
  });

  it(
    "lists a document's text escaped: an operationId with a line break starts no line of its own, " +
      "nor a CI workflow command",
    async () => {
      const document = join(tmp, "hostile-ids.json");
      writeFileSync(
        document,
        JSON.stringify({
          openapi: "3.0.3",
          info: { title: "Zq", version: "1" },
          paths: {
            "/x": {
              get: {
                operationId: "x\n::add-mask::y\u001b[2J",
                summary: "s\r\n::error::z",
                responses: { "200": { description: "ok" } },
              },
            },
          },
        }),
      );
      const r = await cli(["add", "--from", document, "--list"], { cwd: tmp });
      expect(r).toMatchObject({ code: 0, stdout: "x\\n::add-mask::y\\u001b[2J\tGET /x\ts ::error::z\n" });
    },
  );

  it("replaces a provider only with --force, and writes nothing when it refuses", async () => {
    const dir = project("again");
    expect(
      (await cli(["add", "chat", "--from", chatDocument, "--operations", "messages_post"], { cwd: dir })).code,
    ).toBe(0);
    const before = readFileSync(join(dir, "specs/chat/manifest.yaml"), "utf8");
    const again = await cli(["add", "chat", "--from", chatDocument, "--operations", "channels_list"], { cwd: dir });
    expect(again).toMatchObject({
      code: 2,
      stderr:
        "blockwright add: specs/chat/ already holds manifest.yaml, openapi.yaml, upstream/source.yaml: " +
        "add starts a new provider (pass --force to replace them) [BW3007]\n" +
        USAGE_LINE,
    });
    expect(readFileSync(join(dir, "specs/chat/manifest.yaml"), "utf8")).toBe(before);
    expect(
      (await cli(["add", "chat", "--from", chatDocument, "--operations", "channels_list", "--force"], { cwd: dir }))
        .code,
    ).toBe(0);
    expect(readFileSync(join(dir, "specs/chat/manifest.yaml"), "utf8")).toContain("chat_channels_list:");
  });

  it(
    "takes operations by tag and by path prefix (--tag, --path-prefix) besides those named; " +
      "a tag no operation has is refused, naming the document's",
    async () => {
      const dir = project("groups");
      const doc = join(tmp, "zqgroups.json");
      const ok = {
        "200": {
          description: "ok",
          content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } } } } },
        },
      };
      const id = [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 9 } }];
      const paths = {
        "/v1/zqnotes": { get: { operationId: "listZqNotes", tags: ["zqnotes"], responses: ok } },
        "/v1/zqnotes/{id}": { get: { operationId: "getZqNote", tags: ["zqnotes"], parameters: id, responses: ok } },
        "/v1/zqother": { get: { operationId: "getZqOther", responses: ok } },
        "/v2/zqtags": { get: { operationId: "listZqTags", responses: ok } },
      };
      writeFileSync(
        doc,
        JSON.stringify({
          openapi: "3.0.3",
          info: { title: "zq", version: "1" },
          servers: [{ url: "https://api.zq.test" }],
          paths,
        }),
      );
      const r = await cli(["add", "zq", "--from", doc, "--tag", "zqnotes", "--path-prefix", "/v2"], { cwd: dir });
      expect(r.code, r.stderr).toBe(0);
      const operations = Object.keys(
        (jsyaml.load(readFileSync(join(dir, "specs/zq/manifest.yaml"), "utf8")) as { operations: object }).operations,
      );
      expect(operations).toEqual(["zq_list_zq_notes", "zq_get_zq_note", "zq_list_zq_tags"]);
      const refused = await cli(["add", "zq", "--from", doc, "--tag", "zqnote", "--force"], { cwd: dir });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/no operation has the tag "zqnote" \(its tags: "zqnotes"\)/);
    },
  );

  it("refuses bad input in one line, before reading or writing anything it need not", async () => {
    const dir = project("refusals");
    const discovery = join(tmp, "discovery.json");
    writeFileSync(discovery, JSON.stringify({ kind: "discovery#restDescription", resources: {} }));
    const table: [string[], number, string][] = [
      [
        ["add", "chat", "--operations", "x"],
        2,
        "blockwright add: needs --from <document> (a file, or an https address)\n",
      ],
      [
        ["add", "--from", chatDocument, "--operations", "x"],
        2,
        "blockwright add: needs <provider>: the id of the new provider (lower-case letters and digits, such as acme)\n",
      ],
      [
        ["add", "Chat", "--from", chatDocument, "--operations", "x"],
        2,
        "blockwright add: <provider> is the provider id: lower-case letters and digits, " +
          'starting with a letter (it names the folder, the package and every operation), got "Chat"\n',
      ],
      [
        ["add", "chat", "--from", chatDocument],
        2,
        "blockwright add: needs --operations <id,...> (or --tag, --path-prefix): " +
          "the operations to keep (--list prints the document's operations)\n",
      ],
      [
        ["add", "chat", "--from", chatDocument, "--path-prefix", "v1"],
        2,
        'blockwright add: --path-prefix is a path of the document, starting with /, got "v1"\n',
      ],
      [
        ["add", "chat", "--from", chatDocument, "--operations", "messages_pots"],
        2,
        'blockwright add: no operation "messages_pots" in the document (closest: "messages_post"); ' +
          "--list prints them all\n",
      ],
      [
        ["add", "chat", "--from", "missing.yaml", "--operations", "x"],
        2,
        "blockwright add: missing.yaml: no such file\n",
      ],
      [
        ["add", "chat", "--from", discovery, "--operations", "x"],
        2,
        `blockwright add: ${discovery} is an API Discovery document: add reads OpenAPI 3.0, 3.1, ` +
          `3.2 and Swagger 2.0 (write the OpenAPI by hand; blockwright upstream compares Discovery documents)\n`,
      ],
      [
        ["add", "chat", "--from", "http://api.example.com/openapi.yaml", "--operations", "x"],
        2,
        "blockwright add: --from http://api.example.com/openapi.yaml: must use https (http only for a loopback host)\n",
      ],
      [
        ["add", "chat", "--from", "ftp://api.example.com/openapi.yaml", "--operations", "x"],
        2,
        "blockwright add: --from ftp://api.example.com/openapi.yaml: add reads a file, " +
          "or an https address (http only on loopback)\n",
      ],
      [
        ["add", "chat", "--from", `${base}/moved`, "--operations", "x"],
        2,
        `blockwright add: ${base}/moved redirects to http://example.com/openapi.yaml, ` +
          `which must use https (http only for a loopback host)\n`,
      ],
      [
        ["add", "chat", "--from", `${base}/gone.yaml`, "--operations", "x"],
        1,
        `blockwright add: ${base}/gone.yaml answered 404 Not Found\n`,
      ],
      [
        ["add", "chat", "--from", chatDocument, "--operations", "x", "--timeout", "0"],
        2,
        'blockwright add: --timeout takes a positive whole number, got "0"\n',
      ],
      [
        ["add", "chat", "--from", chatDocument, "--operations", "x", "--specs", "nowhere"],
        2,
        "blockwright add: no specs folder nowhere (pass --specs, or run blockwright init)\n",
      ],
    ];
    for (const [argv, code, message] of table) {
      const r = await cli(argv, { cwd: dir });
      expect({ argv, code: r.code }).toEqual({ argv, code });
      // After any progress lines, one line saying what is wrong, ending with its problem code where it has one (and,
      // for a usage error, the usage line).
      const line = message.replace(/\n$/, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      expect(r.stderr, argv.join(" ")).toMatch(new RegExp(`^(add: [^\n]*\n)*${line}( \\[BW\\d{4}\\])?\n`));
      expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    }
    expect(existsSync(join(dir, "specs/chat"))).toBe(false);
  });

  it(
    "refuses a document whose chosen operation $refs an address or another file: " +
      "exit 2 naming the ref and the rule, nothing written",
    async () => {
      const dir = project("outside-refs");
      for (const ref of [
        "https://schemas.example.com/thing.json",
        "http://schemas.example.com/x.json#/Thing",
        "other.yaml#/Thing",
      ]) {
        const document = join(tmp, `outside-${ref.length}.yaml`);
        const schema = { $ref: ref };
        writeFileSync(
          document,
          JSON.stringify({
            openapi: "3.0.3",
            info: { title: "Zq", version: "1" },
            servers: [{ url: "https://api.example.com" }],
            paths: {
              "/things": {
                get: {
                  operationId: "listThings",
                  responses: { "200": { description: "ok", content: { "application/json": { schema } } } },
                },
              },
            },
          }),
        );
        const r = await cli(["add", "zqthings", "--from", document, "--operations", "listThings"], { cwd: dir });
        expect({ ref, code: r.code }).toEqual({ ref, code: 2 });
        // An address is never fetched; a file is bundled when it is there (multi-file.test.ts), and named when it is
        // not.
        if (ref.startsWith("http"))
          expect(r.stderr).toContain(
            `blockwright add: the chosen operations cannot be drafted: $ref ${JSON.stringify(ref)} ` +
              `points outside the document; add follows only local $refs ("#/…")`,
          );
        else
          expect(r.stderr).toMatch(
            /blockwright add: \S+:\d+:\d+: \$ref "other\.yaml#\/Thing" does not resolve: \S*other\.yaml: no such file/,
          );
        expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
        expect(existsSync(join(dir, "specs/zqthings"))).toBe(false);
      }
    },
  );
});

const USAGE_LINE =
  "Usage: blockwright add <provider> --from <document> --operations <id,...> [--tag <t>] [--path-prefix <p>] " +
  "[--source <address>] [--refs-in <folder>] [--force] [--json] [--timeout <s>] [--specs <dir>]\n";
