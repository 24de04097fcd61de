// A settings record written back whole (PUT of the record a GET answers), one of whose fields is the server's own API
// key, the key an administrator sets: the document's key scheme sends the caller's key in a header. The field was
// taken for the credential repeated (auth.covers) and not drafted, so a call could not set the key; it is a field of
// the record now, drafted secret by its name, sent in the body, never the header's credential. A required key field
// of a JSON body (an RPC method's token) still repeats the credential.
import { rmSync } from "node:fs";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, type SeenRequest, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const HOST = {
  type: "object",
  properties: {
    id: { type: "integer" },
    bindAddress: { type: "string", nullable: true },
    port: { type: "integer" },
    apiKey: { type: "string", nullable: true },
  },
};

function document(required: string[] = []): Json {
  const body = { content: { "application/json": { schema: { $ref: "#/components/schemas/ZqHost" } } } };
  const doc = openapi(
    {
      "/api/zqconfig/host/{id}": {
        put: {
          operationId: "putZqHost",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          requestBody: body,
          responses: { "200": reply({ $ref: "#/components/schemas/ZqHost" }) },
        },
      },
    },
    {
      schemas: { ZqHost: { ...HOST, ...(required.length ? { required } : {}) } },
      securitySchemes: { "X-Zq-Key": { type: "apiKey", in: "header", name: "X-Zq-Key" } },
    },
    { security: [{ "X-Zq-Key": [] }] },
  );
  return doc;
}

describe("a key field of a record a call writes", () => {
  it("is the record's field, secret by its name, sent in the body beside the header's credential", async () => {
    const d = drafted(document(), ["putZqHost"]);
    const op = d.manifest.operations.acme_put_zq_host;
    expect(d.manifest.auth).toEqual({ scheme: "X-Zq-Key", param: "apiKey" });
    expect(op?.params?.bodyApiKey).toMatchObject({
      secret: true,
      visibility: "user-only",
      wire: { in: "body", pointer: "/apiKey" },
    });
    expect(notesAt(d, "operations.acme_put_zq_host").join("\n")).not.toMatch(/repeats the credential/);
    // The note says what it is: the record's field, not a credential sent beside the provider's.
    expect(notesAt(d, "operations.acme_put_zq_host.params.bodyApiKey")).toContain(
      "a field of the record the body writes, secret by its name (a key or token), not the provider's credential: " +
        "drafted secret, set by a person",
    );
    expect(await linkProblems(d)).toEqual([]);
    const tool = (await linkedTools(d)).find((t) => t.operationId === "putZqHost") as ToolSpec;
    const field = tool.params.find((p) => p.wire.in === "body" && p.wire.pointer === "/apiKey");
    expect(field?.secret).toBe(true);
    const { fetch, seen } = scriptedFetch(json(200, {}));
    const input = { id: "1", port: 8686, apiKey: "zq-caller-key-0001", [field?.name ?? ""]: "zq-new-server-key-0001" };
    const sent = await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9", fetch });
    expect(sent.success).toBe(true);
    const request = seen[0] as SeenRequest;
    expect(Object.fromEntries(request.headers)["x-zq-key"]).toBe("zq-caller-key-0001");
    expect(JSON.parse(String(request.body))).toEqual({ port: 8686, apiKey: "zq-new-server-key-0001" });
  });

  it("required by the body (an RPC method's): still the credential repeated, covered", () => {
    const d = drafted(document(["apiKey"]), ["putZqHost"]);
    expect(d.manifest.auth).toMatchObject({ covers: ["apiKey"] });
  });
});
