// The typed openapi-fetch client (`create<Provider>Client`) sends a multipart part's headers (`partHeaders`: a
// constant, an `in: part` parameter's value given at `params.part[field][header]`) as executeTool sends them, from the
// same linked record, to a loopback server; a value the tools refuse (a line break, one the header's rule refuses, a
// required one left out) it refuses too, naming the parameter, before any request. Before, it sent the caller's
// FormData as it was: no part header.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { handManifest, handWritten } from "../link/__fixtures__/hand-written.js";
import { importsInChild, writeInstalled } from "../../test-support/installed-package.js";
import { runScratch } from "../../test-support/run/run-scratch.js";
import { generate } from "./generate-all.js";

const work = mkdtempSync(join(runScratch(), "blockwright-typed-parts-"));
let entry = "";
afterAll(() => rmSync(work, { recursive: true, force: true }));

const DOCUMENT = openapi({
  "/zqscans": {
    post: {
      operationId: "zqAddScan",
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              required: ["scan"],
              properties: { scan: { type: "string", format: "binary" }, zqLabel: { type: "string" } },
            },
            encoding: {
              scan: {
                headers: {
                  "X-Zq-Scanner": { required: true, schema: { type: "string", enum: ["zq-a1", "zq-b2"] } },
                  "X-Zq-Note": { schema: { type: "string" } },
                },
              },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

const MANIFEST = handManifest("zqscans", "Scans of a made-up scanning service.", {
  operations: {
    zqscans_add: {
      operationId: "zqAddScan",
      title: "Add",
      description: "Adds a scan.",
      params: {
        scan: { type: "file", required: true, description: "The scan.", wire: { in: "body" } },
        zqLabel: { type: "string", description: "A label.", wire: { in: "body" } },
        scanner: { type: "string", required: true, description: "Which scanner.", enum: ["zq-a1", "zq-b2"] },
      },
      partHeaders: { scan: { "X-Zq-Scanner": { param: "scanner" }, "X-Zq-Note": { value: "zq-note-1" } } },
      outputs: { id: { type: "string", description: "The id.", from: "$response.body#/id" } },
    },
  },
});

beforeAll(async () => {
  const dir = join(work, "specs", "zqscans");
  mkdirSync(dir, { recursive: true });
  const texts = handWritten(DOCUMENT, MANIFEST);
  writeFileSync(join(dir, "openapi.yaml"), texts.openapiText);
  writeFileSync(join(dir, "manifest.yaml"), texts.manifestText);
  const { files } = await generate({ root: work, outDir: join(work, "generated") });
  entry = join(writeInstalled(files, work).dir, "zqscans", "index.js");
}, 120_000);

/**
 * A loopback server recording each request's body with its boundary made one, then the same scan sent by executeTool
 * and by the typed client, then the typed client's refusals.
 */
const SCRIPT = `await (async () => {
  const { createServer } = await import("node:http");
  const seen = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const boundary = /boundary=(.+)$/.exec(req.headers["content-type"] ?? "")?.[1] ?? "";
      seen.push(Buffer.concat(chunks).toString("latin1").replaceAll(boundary, "B"));
      res.writeHead(200, { "content-type": "application/json" }).end('{"id":"zq1"}');
    });
  });
  await new Promise((done) => server.listen(47311, "127.0.0.1", done));
  const baseUrl = "http://127.0.0.1:47311";
  const accessToken = "zq-token-0000000001";
  const scan = () => new File([new Uint8Array([137, 80, 78, 71])], "zq.png", { type: "image/png" });
  const body = () => { const f = new FormData(); f.append("zqLabel", "zq front"); f.append("scan", scan()); return f; };
  const viaTools = (input) => m.executeTool("zqscans_add", { accessToken, scan: scan(), ...input }, { baseUrl });
  const tools = await viaTools({ zqLabel: "zq front", scanner: "zq-b2" });
  const typed = m.createZqscansClient({ credential: accessToken, baseUrl });
  const asked = (scanner) => typed.POST("/zqscans", {
    body: body(),
    params: scanner === undefined ? {} : { part: { scan: { "x-zq-scanner": scanner } } },
  });
  const ok = await asked("zq-b2");
  const errors = [];
  for (const scanner of ["zq-b2\\r\\nX-Zq-Admin: 1", "zq-c3", undefined])
    errors.push(await asked(scanner).then(() => null, (e) => String(e)));
  const toolsErrors = [];
  for (const scanner of ["zq-b2\\r\\nX-Zq-Admin: 1", "zq-c3"])
    toolsErrors.push((await viaTools({ scanner })).error?.message);
  server.close();
  return { results: [tools.success, ok.error ?? null, ok.data], errors, toolsErrors, seen };
})()`;

describe("the typed openapi-fetch client's multipart part headers", () => {
  it("sends them as executeTool does, and refuses what the tools refuse before any request", async () => {
    const [answer] = importsInChild([[entry, SCRIPT]]);
    const out = answer!() as {
      results: unknown[];
      errors: (string | null)[];
      toolsErrors: string[];
      seen: string[];
    };
    expect(out.results).toEqual([true, null, { id: "zq1" }]);
    // Two requests only: the refused ones sent nothing.
    expect(out.seen.length).toBe(2);
    expect(out.seen[0]).toMatch(/filename="zq\.png"\r\nContent-Type: image\/png\r\nX-Zq-Scanner: zq-b2\r\n/);
    expect(out.seen[0]).toMatch(/\r\nX-Zq-Note: zq-note-1\r\n\r\n/);
    expect(out.seen[1], "the typed client").toBe(out.seen[0]);
    // A line break and a value the header's rule refuses: the tools' own refusals, naming the parameter.
    expect(out.errors[0]).toMatch(/^Error: scanner: must not contain line breaks/);
    expect(out.errors[1]).toMatch(/^Error: scanner: /);
    expect(out.errors.slice(0, 2)).toEqual(out.toolsErrors.map((m) => `Error: ${m}`));
    expect(out.errors[2]).toMatch(/^Error: scanner: is required/);
  }, 120_000);
});
