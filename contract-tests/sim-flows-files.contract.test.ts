// A Sim tool whose request only an asynchronous preparation gives runs in Sim:
// one whose access token an OAuth 2 flow obtains (auth.flows: a token request
// before the call) and one that uploads a file (a multipart body, the file read
// before the request). Sim's request builders are synchronous, so such a tool's
// ToolConfig is Sim's directExecution, which Sim's executor calls instead of
// sending a request, and the provider's package makes the call. Two invented
// providers drafted from documents of the test's own (zqvault: a client
// credentials flow; zqdocs: a multipart upload), generated as packages and as
// Sim's files: both type-check against Sim's own types; each tool, run as Sim's
// executor runs one (test-support/platforms/tools.ts simExecuteTool), reaches a
// loopback server that is also the token endpoint. The token is obtained once
// and reused from the package's token cache, the client secret goes to the token
// endpoint only and is in no result; Sim's files (its UserFile objects) arrive
// as the multipart part with their name, type and bytes, and a file Sim's tool
// cannot read is refused naming the parameter, nothing sent.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { generate } from "../src/emit/generate-all.js";
import { drafted, type Json, openapi, reply } from "../src/import/__fixtures__/draft-kit.js";
import type { ProviderIR } from "../src/model/ir.js";
import { packageName } from "../test-support/platforms/round-trips.js";
import {
  type SimToolConfig,
  simExecuteTool,
  simTree,
  typeCheckSim,
  writeFiles,
} from "../test-support/platforms/tools.js";

const CLIENT = { clientId: "zq-client-6d1e", clientSecret: "zq-client-secret-93f0a7c2b4" };
const UPLOAD_KEY = "zq-docs-key-51b8e2";
const NOTE = "zq note, fetched from its address\n";

/** The zqvault document: one operation behind an OAuth 2 client credentials flow. */
const VAULT = openapi(
  {
    "/zqSecrets": {
      get: {
        operationId: "listZqSecrets",
        parameters: [{ name: "prefix", in: "query", schema: { type: "string", maxLength: 20 } }],
        security: [{ zqOauth: ["zq.read"] }],
        responses: {
          "200": reply({ type: "object", properties: { names: { type: "array", items: { type: "string" } } } }),
        },
      },
    },
  },
  {
    securitySchemes: {
      zqOauth: {
        type: "oauth2",
        flows: {
          clientCredentials: { tokenUrl: "https://login.zqvault.test/oauth/token", scopes: { "zq.read": "Read." } },
        },
      },
    },
  },
  { security: [], servers: [{ url: "https://api.zqvault.test" }] },
);

/** The zqdocs document: a multipart upload of one file and a text field. */
const DOCS = openapi(
  {
    "/zqDocs": {
      post: {
        operationId: "uploadZqDoc",
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["file"],
                properties: { file: { type: "string", format: "binary" }, title: { type: "string", maxLength: 40 } },
              },
            },
          },
        },
        responses: {
          "201": reply({ type: "object", properties: { id: { type: "string" }, size: { type: "integer" } } }),
        },
      },
    },
  },
  {},
  { servers: [{ url: "https://api.zqdocs.test" }] },
);

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

let work: string;
let irs: ProviderIR[];
let server: Server;
let address: string;
let simFiles: string[];
const received: Received[] = [];
let issued = 0;

/** What the loopback server answers: the token endpoint, the two APIs, and a file at an address. */
async function answer(r: Received, response: ServerResponse): Promise<void> {
  const json = (status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  if (r.path === "/oauth/token") return json(200, { access_token: `zq-token-${++issued}`, expires_in: 3600 });
  // A token endpoint that refuses the client, echoing what it was sent.
  if (r.path === "/oauth/refusing")
    return json(401, { error: "invalid_client", error_description: `no client ${r.headers.authorization}` });
  if (r.path.startsWith("/zqSecrets"))
    return r.headers.authorization === `Bearer zq-token-${issued}` && issued > 0
      ? json(200, { names: ["zq-a", "zq-b"] })
      : json(401, { message: "no valid token" });
  if (r.path === "/zqDocs") {
    const form = await multipart(r);
    const file = form.get("file") as File;
    return json(201, { id: `zq-doc-${file.name}`, size: file.size });
  }
  if (r.path === "/files/zq-note.txt") {
    response.writeHead(200, { "content-type": "text/plain" });
    return void response.end(NOTE);
  }
  json(404, { message: "no such path" });
}

/** A multipart body as received, read by the platform's own parser. */
function multipart(r: Received): Promise<FormData> {
  const headers = { "content-type": String(r.headers["content-type"]) };
  return new Request("http://127.0.0.1/", { method: "POST", headers, body: new Uint8Array(r.body) }).formData();
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "blockwright-sim-flows-files-"));
  writeFileSync(join(work, "package.json"), JSON.stringify({ name: "zq-sim-flows-files", license: "MIT" }));
  const documents: Record<string, [Json, string]> = {
    zqvault: [VAULT, "listZqSecrets"],
    zqdocs: [DOCS, "uploadZqDoc"],
  };
  for (const [provider, [document, operation]] of Object.entries(documents)) {
    const d = drafted(document, [operation], provider);
    mkdirSync(join(work, "specs", provider), { recursive: true });
    writeFileSync(join(work, "specs", provider, "openapi.yaml"), d.openapiText);
    writeFileSync(join(work, "specs", provider, "manifest.yaml"), d.manifestText);
  }
  const specsDir = join(work, "specs");
  const packages = await generate({ root: work, specsDir, outDir: join(work, "generated") });
  writeFiles(join(work, "generated"), packages.files);
  const sim = await generate({
    root: work,
    specsDir,
    target: "sim",
    outDir: join(work, "generated-sim"),
    packagesDir: join(work, "generated"),
  });
  writeFiles(join(work, "generated-sim"), sim.files);
  irs = sim.irs;
  simFiles = simTree(
    join(work, "sim"),
    join(work, "generated-sim"),
    irs.map((ir) => {
      const dir = join(work, "generated", ir.provider);
      return { id: ir.provider, name: packageName(dir), dir };
    }),
  );
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const r = {
        method: request.method ?? "",
        path: request.url ?? "/",
        headers: request.headers,
        body: Buffer.concat(chunks),
      };
      received.push(r);
      void answer(r, response);
    });
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => vi.unstubAllEnvs());
afterAll(async () => {
  await new Promise((closed) => (server ? server.close(closed) : closed(undefined)));
  rmSync(work, { recursive: true, force: true });
});

/** The ToolConfig of the provider's one tool, and its file's text. */
async function simTool(provider: string, file: string): Promise<{ config: SimToolConfig; text: string }> {
  const path = join(work, "sim", "apps/sim/tools", provider, `${file}.ts`);
  const module = (await import(/* @vite-ignore */ path)) as Record<string, SimToolConfig>;
  const config = Object.values(module)[0] as SimToolConfig;
  return { config, text: readFileSync(path, "utf8") };
}

/** What Sim's executor gives for the tool with `values` (and Sim's own keys), and the requests the server received. */
async function runInSim(provider: string, file: string, values: Record<string, unknown>) {
  const { config } = await simTool(provider, file);
  const before = received.length;
  const result = await simExecuteTool(config, { ...values, baseUrl: address, _context: { workflowId: "zq-wf" } });
  return { result, requests: received.slice(before) };
}

describe("Sim tools whose request an OAuth 2 flow or a file prepares", () => {
  it("type-check against Sim's types, each as directExecution, the token endpoint a user-only parameter", async () => {
    // Per provider: its tool, its tools' index, its block.
    expect(simFiles.length).toBe(6);
    expect(await typeCheckSim(join(work, "sim"), simFiles)).toEqual([]);
    const vault = await simTool("zqvault", "list_zq_secrets");
    expect(vault.text).toContain("directExecution: request.directExecution");
    expect(vault.text).toMatch(/tokenUrl: \{\n\s+type: "string",\n\s+required: false,\n\s+visibility: "user-only"/);
    const docs = await simTool("zqdocs", "upload_zq_doc");
    expect(docs.text).toContain("directExecution: request.directExecution");
    expect(docs.text).toMatch(/file: \{\n\s+type: "file",/);
    expect(docs.text).not.toContain("tokenUrl");
  });

  it("obtains the token by the flow, once, and calls with it; the client secret in no result", async () => {
    const tokenUrl = `${address}/oauth/token`;
    const first = await runInSim("zqvault", "list_zq_secrets", { ...CLIENT, tokenUrl, prefix: "zq" });
    expect(first.result).toEqual({ success: true, output: { data: { names: ["zq-a", "zq-b"] } } });
    expect(first.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /oauth/token",
      "GET /zqSecrets?prefix=zq",
    ]);
    const [token, call] = first.requests as [Received, Received];
    // The drafted flow authenticates the client with HTTP Basic (clientAuth: basic).
    const basic = `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString("base64")}`;
    expect(token.headers.authorization).toBe(basic);
    expect(Object.fromEntries(new URLSearchParams(token.body.toString("utf8")))).toMatchObject({
      grant_type: "client_credentials",
      scope: "zq.read",
    });
    expect(call.headers.authorization).toBe("Bearer zq-token-1");
    // The client secret goes to the token endpoint only.
    expect(JSON.stringify(call.headers) + call.path).not.toContain(CLIENT.clientSecret);
    // A second run of the tool: the token from the package's token cache, no second token request.
    const second = await runInSim("zqvault", "list_zq_secrets", { ...CLIENT, tokenUrl, prefix: "zq" });
    expect(second.result).toMatchObject({ success: true });
    expect(second.requests.map((r) => r.path)).toEqual(["/zqSecrets?prefix=zq"]);
    expect(JSON.stringify([first.result, second.result])).not.toContain(CLIENT.clientSecret);
  });

  it("refuses a token endpoint the flow may not use, before any request, the secret in no message", async () => {
    const { result, requests } = await runInSim("zqvault", "list_zq_secrets", {
      ...CLIENT,
      clientId: "zq-client-other",
      tokenUrl: "http://zq-elsewhere.test/oauth/token",
    });
    expect(result).toMatchObject({ success: false, output: {}, error: expect.stringMatching(/^tokenUrl: .*https/) });
    expect(requests).toEqual([]);
    expect(result.error).not.toContain(CLIENT.clientSecret);
  });

  it("gives a token endpoint's refusal as the tool's error, the secret withheld, the API not called", async () => {
    const { result, requests } = await runInSim("zqvault", "list_zq_secrets", {
      ...CLIENT,
      clientId: "zq-client-refused",
      tokenUrl: `${address}/oauth/refusing`,
    });
    expect(requests.map((r) => r.path)).toEqual(["/oauth/refusing"]);
    expect(result).toMatchObject({ success: false, output: {}, error: expect.stringMatching(/invalid_client/) });
    const basic = Buffer.from(`zq-client-refused:${CLIENT.clientSecret}`).toString("base64");
    expect(result.error).not.toContain(CLIENT.clientSecret);
    expect(result.error).not.toContain(basic);
  });

  it("sends a Sim file with its content as the multipart part: its name, type and bytes", async () => {
    const bytes = Buffer.from("zq report: \u00e9t\u00e9, \u0000 and more bytes");
    const file = {
      id: "zq-file-1",
      name: "zq-report.txt",
      url: "/api/files/serve/zq-ws/zq-report.txt?context=execution",
      key: "zq-ws/zq-report.txt",
      size: bytes.length,
      type: "text/plain",
      base64: bytes.toString("base64"),
    };
    // As Sim hands it, and as the JSON text a short input holding it gives (Sim's own tools parse that too).
    for (const given of [file, JSON.stringify(file)]) {
      const { result, requests } = await runInSim("zqdocs", "upload_zq_doc", {
        accessToken: UPLOAD_KEY,
        file: given,
        title: "Zq report",
      });
      expect(result).toEqual({
        success: true,
        output: {
          data: { id: "zq-doc-zq-report.txt", size: bytes.length },
          metadata: { id: "zq-doc-zq-report.txt", size: bytes.length },
        },
      });
      const [upload] = requests as [Received];
      expect(upload.headers.authorization).toBe(`Bearer ${UPLOAD_KEY}`);
      const form = await multipart(upload);
      expect(form.get("title")).toBe("Zq report");
      const part = form.get("file") as File;
      // The part's type is the file's own: the document's binary part names no encoding, which limits it to none.
      expect({ name: part.name, type: part.type }).toEqual({ name: "zq-report.txt", type: "text/plain" });
      expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes);
    }
  });

  it("fetches a Sim file at an absolute address (a storage link) the operator allows, and sends it", async () => {
    // A file address is held to the public internet (Sim cannot tell a model's from a workflow's): this storage's
    // loopback host is allowed as a Sim server's operator would allow a private storage host.
    vi.stubEnv("BLOCKWRIGHT_FILE_HOSTS", "127.0.0.1");
    const file = { id: "zq-file-2", name: "zq-note.txt", url: `${address}/files/zq-note.txt`, key: "zq-ws/zq-note" };
    const { result, requests } = await runInSim("zqdocs", "upload_zq_doc", { accessToken: UPLOAD_KEY, file: [file] });
    // Fetched without the tool's credential, then uploaded.
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /files/zq-note.txt", "POST /zqDocs"]);
    expect(requests[0]?.headers.authorization).toBeUndefined();
    expect(result).toMatchObject({ success: true, output: { data: { size: Buffer.byteLength(NOTE) } } });
    const part = (await multipart(requests[1] as Received)).get("file") as File;
    expect(await part.text()).toBe(NOTE);
  });

  it("refuses, naming the parameter, a file it cannot read, and sends nothing", async () => {
    const cases: [unknown, RegExp][] = [
      // Sim's own address, read only by a person signed in to Sim, and no content with it.
      [{ id: "zq-3", name: "zq-a.pdf", url: "/api/files/serve/zq-a.pdf", key: "k" }, /^file: .*without its content/],
      // A path: never read from Sim's server's disk.
      [join(work, "package.json"), /^file: .*not read as a path/],
      [{ id: "zq-4", name: "zq-b.bin", url: "", key: "k", base64: "not base64!" }, /^file: .*not base64/],
      [42, /^file: must be a Sim file .*got number/],
      // An address off the public internet (the cloud's metadata service), as a model could give it.
      [
        { id: "zq-5", name: "zq-c.txt", url: "https://169.254.169.254/latest/meta-data/", key: "k" },
        /^file: a model's file address must be on the public internet, got host 169\.254\.169\.254 /,
      ],
    ];
    for (const [file, message] of cases) {
      const { result, requests } = await runInSim("zqdocs", "upload_zq_doc", { accessToken: UPLOAD_KEY, file });
      expect(result, JSON.stringify(file)).toMatchObject({
        success: false,
        output: {},
        error: expect.stringMatching(message),
      });
      expect(requests).toEqual([]);
      expect(result.error).not.toContain(UPLOAD_KEY);
    }
  });
});
