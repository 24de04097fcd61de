// An operation (or its path item) that names a server of its own: drafted as the operation's `server`, checked by the
// link against the document, and the tool's address (host and path) is that server's.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { hostsSurface } from "../../link/server/server.js";
import type { ProviderIR } from "../../model/ir.js";
import {
  draftWorkFolder,
  drafted,
  linkProblems,
  linkedTools,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const answer = { "200": reply({ type: "object", properties: { id: { type: "string" } } }) };
const UPLOADS = "https://upload.acme.test/api/9";
const zqUploads = (server = UPLOADS) =>
  openapi({
    "/zq_sessions": {
      post: { operationId: "zqOpenSession", servers: [{ url: server }], responses: answer },
    },
    "/zq_sessions/{id}": {
      servers: [{ url: server }],
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 20 } }],
      get: { operationId: "zqGetSession", responses: answer },
    },
    "/zq_files": { get: { operationId: "zqListFiles", responses: answer } },
  });
const ALL = ["zqOpenSession", "zqGetSession", "zqListFiles"];

describe("an operation with a server of its own", () => {
  it("is drafted with that server, on the operation and on its path item alike, and noted; others are not", () => {
    const d = drafted(zqUploads(), ALL);
    for (const id of ["acme_zq_open_session", "acme_zq_get_session"]) {
      expect(d.manifest.operations[id]?.server).toBe(UPLOADS);
      expect(notesAt(d, `operations.${id}.server`).join("\n")).toContain(
        `names a server of its own (${UPLOADS}), not the document's`,
      );
    }
    expect(d.manifest.operations.acme_zq_list_files?.server).toBeUndefined();
  });

  it("links to tools at the operation's own address and path; the others at the provider's", async () => {
    const d = drafted(zqUploads(), ALL);
    expect(await linkProblems(d)).toEqual([]);
    const tools = await linkedTools(d);
    const byId = (id: string) => tools.find((t) => t.id === id)?.server;
    expect(byId("acme_zq_open_session")).toMatchObject({ default: UPLOADS, basePath: "/api/9" });
    expect(byId("acme_zq_get_session")).toMatchObject({ default: UPLOADS, basePath: "/api/9" });
    expect(byId("acme_zq_list_files")?.default).toBe("https://api.acme.test");
    expect(byId("acme_zq_list_files")?.basePath).toBeUndefined();
  });

  it("is refused by the link where the manifest and the document disagree, or where it is left out", async () => {
    const d = drafted(zqUploads(), ALL);
    const wrong = {
      ...d,
      manifestText: d.manifestText.replace(`server: ${UPLOADS}`, "server: https://upload.acme.test/api/8"),
    };
    expect((await linkProblems(wrong)).join("\n")).toMatch(
      new RegExp(
        String.raw`manifest\.yaml:\d+:\d+: .*server for operation "zqOpenSession" is ` +
          String.raw`"https://upload\.acme\.test/api/9": ` +
          String.raw`write "https://upload\.acme\.test/api/9"`,
      ),
    );
    const left = {
      ...d,
      manifestText: d.manifestText.replace(/\n( *#[^\n]*\n)* *server: https:\/\/upload\.acme\.test\/api\/9(?=\n)/, ""),
    };
    expect((await linkProblems(left)).join("\n")).toMatch(
      new RegExp(
        String.raw`manifest\.yaml:\d+:\d+: .*operation "zqOpenSession" is served at its own server ` +
          String.raw`"https://upload\.acme\.test/api/9"`,
      ),
    );
  });

  it("with a variable in its path that has no default: not drafted, a note; it links at the provider's", async () => {
    const d = drafted(zqUploads("https://upload.acme.test/{zq_version}"), ["zqOpenSession"]);
    expect(d.manifest.operations.acme_zq_open_session?.server).toBeUndefined();
    const notes = notesAt(d, "operations.acme_zq_open_session").join("\n");
    expect(notes).toContain("names a server of its own, not drafted");
    expect(notes).toMatch(/\{zq_version\} without a default.*Its calls go to the provider's address/s);
    expect(await linkProblems(d)).toEqual([]);
    // Written by hand, it is refused at the document's place.
    const written = d.manifestText.replace(
      "    operationId: zqOpenSession\n",
      "    operationId: zqOpenSession\n    server: https://upload.acme.test\n",
    );
    expect((await linkProblems({ ...d, manifestText: written })).join("\n")).toMatch(
      /openapi\.yaml:\d+:\d+: .*\{zq_version\} without a default/,
    );
  });

  it("beside a provider's address of server variables: not drafted, a note; it links there", async () => {
    const doc = zqUploads() as { servers: unknown };
    doc.servers = [{ url: "https://{zq_tenant}.acme.test/api", variables: { zq_tenant: { default: "zq" } } }];
    const d = drafted(doc, ALL);
    expect(d.manifest.server.url).toBeDefined();
    expect(d.manifest.operations.acme_zq_open_session?.server).toBeUndefined();
    expect(notesAt(d, "operations.acme_zq_open_session").join("\n")).toContain(
      "the document's own address is made of variables, which an operation's server is not combined with. Its " +
        "calls go to the provider's address",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is called at its host and path, with the credential; baseUrl gets the path; no other host", async () => {
    const tools = await linkedTools(drafted(zqUploads(), ALL));
    const tool = tools.find((t) => t.id === "acme_zq_open_session") as ToolSpec;
    const sent: { url: string; auth: string | null }[] = [];
    const fetch = async (request: Request) => {
      sent.push({ url: request.url, auth: request.headers.get("authorization") });
      return new Response(JSON.stringify({ id: "zq1" }), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    };
    const call = (options: Record<string, unknown>) =>
      executeToolDefinition(tool, { accessToken: "zq-secret-token-0123456789" }, { fetch, ...options });
    expect((await call({})).success).toBe(true);
    expect((await call({ baseUrl: "http://127.0.0.1:9" })).success).toBe(true);
    expect(sent).toEqual([
      { url: `${UPLOADS}/zq_sessions`, auth: "Bearer zq-secret-token-0123456789" },
      { url: "http://127.0.0.1:9/api/9/zq_sessions", auth: "Bearer zq-secret-token-0123456789" },
    ]);
    const elsewhere = await call({ baseUrl: "https://api.acme.test" });
    expect(elsewhere.success).toBe(false);
    expect(JSON.stringify(elsewhere)).toContain("upload.acme.test");
    expect(sent).toHaveLength(2);
  });

  it("puts its host among the provider's hosts in the surface, which diff compares", async () => {
    const tools = await linkedTools(drafted(zqUploads(), ALL));
    const ir = {
      server: tools.find((t) => t.id === "acme_zq_list_files")?.server,
      operations: tools.map((tool) => ({ tool })),
    } as unknown as ProviderIR;
    expect(hostsSurface.record(ir)).toEqual({ hosts: ["api.acme.test", "upload.acme.test"] });
  });
});
