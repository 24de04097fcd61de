// Two parameters in one path segment (`/zqtags/{id}.{format}`), a text format
// holding the literal between them (`um;.dß`): the suite's check that each
// value reached the wire intact split the segment at the last `.`, read the id
// as "0.um;" and failed a request the service reads right. It reads the split
// the request judge reads: the one that meets the document.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { linkProvider } from "../../emit/link-provider.js";
import type { Exchange } from "../exchange.js";
import { expectSent } from "./sent-value.js";

const work = mkdtempSync(join(tmpdir(), "blockwright-shared-segment-sent-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const openapi = {
  openapi: "3.0.3",
  info: { title: "zqtags", version: "1" },
  servers: [{ url: "https://api.zqtags.test" }],
  security: [{ zqKey: [] }],
  components: { securitySchemes: { zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" } } },
  paths: {
    "/zqtags/{id}.{format}": {
      get: {
        operationId: "getZqtag",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "integer" } },
          { name: "format", in: "path", required: true, schema: { type: "string" } },
        ],
        responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } },
      },
    },
  },
};

const manifest = `provider: zqtags
name: Zqtags
description: Tags.
color: "#123456"
category: tools
openapi: openapi.json
auth:
  scheme: zqKey
  param: apiKey
server:
  default: https://api.zqtags.test
errors:
  message: ["$response.body#/message"]
params:
  apiKey:
    type: string
    maxLength: 256
    required: true
    secret: true
    description: The key.
operations:
  zqtags_get_tag:
    operationId: getZqtag
    title: Get a tag
    description: Get a tag.
    params:
      id:
        type: number
        integer: true
        required: true
        description: The tag.
        wire: { in: path }
      format:
        type: string
        maxLength: 64
        required: true
        description: The format.
        wire: { in: path }
    outputs:
      data:
        type: json
        from: $response.body
        description: The tag.
`;

const dir = join(work, "specs", "zqtags");
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, "openapi.json"), JSON.stringify(openapi));
writeFileSync(join(dir, "manifest.yaml"), manifest);
const linked = await linkProvider(work, dir);
const tool = linked.ir.operations.find((o) => o.tool.id === "zqtags_get_tag")!.tool;

async function sent(input: Record<string, unknown>): Promise<Exchange> {
  let captured: Request | undefined;
  const fetch = async (r: Request) => {
    captured = r;
    return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
  };
  expect(await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9", fetch })).toMatchObject({
    success: true,
  });
  const url = new URL((captured as Request).url);
  return {
    method: "GET",
    url,
    search: url.search,
    headers: new Headers((captured as Request).headers),
    rawBody: "",
    body: undefined,
    status: 200,
    responseHeaders: new Headers(),
    responseBody: "",
    violations: [],
    at: 0,
  };
}

describe("two parameters in one path segment, a value holding the literal between them", () => {
  it("reach the wire intact, read by the split that meets the document", async () => {
    const input = { id: 0, format: "um;.dß" };
    const ex = await sent({ apiKey: "zq-key-0001", ...input });
    expect(ex.url.pathname).toBe("/zqtags/0.um%3B.d%C3%9F");
    for (const param of tool.params.filter((p) => p.name !== "apiKey"))
      expect(() => expectSent(ex, tool, linked.document, param, input[param.name as "id"])).not.toThrow();
  });
});
