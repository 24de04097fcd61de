// A required parameter or body field the document gives its own example as a `default` (an account name
// `apiexamples`, a seller id `seller123` in the path and again in the body): the draft sent that default whenever a
// call left the value out, so a call acted on the document's example account or seller instead of the caller's, and a
// body carried the example seller id beside the caller's in the path. Such a default is drafted as the value's
// example and the call asks for it; a required default that is the API's constant (a version, a media type, a flag,
// a type tag, a header, a listed value) is still sent with every call.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  openapi,
  reply,
} from "../../__fixtures__/draft-kit.js";
import { executeToolDefinition } from "@blockwright/runtime";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const required = (name: string, where: string, schema: Record<string, unknown>) => ({
  name,
  in: where,
  required: true,
  description: `The ${name}.`,
  schema,
});
const document = openapi({
  "/zqsellers/{zqSellerId}/{zqVersion}": {
    put: {
      operationId: "putSeller",
      parameters: [
        required("zqSellerId", "path", { type: "string", default: "zqseller123" }),
        required("zqVersion", "path", { type: "string", default: "v4" }),
        required("zqAccount", "query", { type: "string", default: "zqexamples" }),
        required("zqModelId", "query", { type: "integer", default: 222980000 }),
        required("zqPage", "query", { type: "integer", default: 1 }),
        required("zqMode", "query", { type: "string", enum: ["zqfast", "zqslow"], default: "zqfast" }),
        required("X-Zq-Tenant", "header", { type: "string", default: "zqtenant" }),
        required("Accept", "header", { type: "string", default: "application/json" }),
      ],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["id", "name", "isActive", "type"],
              properties: {
                id: { type: "string", default: "zqseller123", description: "The seller's id." },
                name: { type: "string", default: "Zq Seller Name", description: "The seller's name." },
                isActive: { type: "boolean", default: true, description: "Whether the seller is active." },
                type: { type: "string", default: "zqseller", description: "What the body is." },
              },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

describe("a required value whose default is an example of the caller's data", () => {
  const d = drafted(document, ["putSeller"]);
  const params = d.manifest.operations.acme_put_seller?.params ?? {};

  it("is drafted as its example, with a note; a default that is the API's constant stays", async () => {
    for (const [name, example] of [
      ["zqSellerId", "zqseller123"],
      ["zqAccount", "zqexamples"],
      ["zqModelId", 222980000],
      ["id", "zqseller123"],
      ["name", "Zq Seller Name"],
    ] as const) {
      expect(params[name], name).toMatchObject({ required: true, example });
      expect(params[name]?.default, name).toBeUndefined();
    }
    for (const [name, value] of [
      ["zqVersion", "v4"],
      ["zqPage", 1],
      ["zqMode", "zqfast"],
      ["xZqTenant", "zqtenant"],
      ["isActive", true],
      ["type", "zqseller"],
    ] as const)
      expect(params[name], name).toMatchObject({ default: value });
    const notes = d.notes.map((n) => n.note).join("\n");
    expect(notes).toContain(
      'the path parameter zqSellerId is required and the spec gives it the default "zqseller123", which reads as an ' +
        "example (an identifier, which names the caller's own record): drafted as its example, not sent for the " +
        "caller; every call gives its own",
    );
    expect(notes).toContain('the body field name is required and the spec gives it the default "Zq Seller Name"');
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is asked of the call, and the call sends what the caller gives in the path, the query and the body", async () => {
    const [tool] = await linkedTools(d);
    const left = await executeToolDefinition(
      tool!,
      { accessToken: "zq-token-0001", zqSellerId: "zqmine" },
      { baseUrl: "https://api.acme.test", fetch: async () => new Response("{}") },
    );
    expect(left.success).toBe(false);
    const given = await judgedCall(d, tool!, {
      accessToken: "zq-token-0001",
      zqSellerId: "zqmine",
      zqAccount: "zqacct",
      zqModelId: 7,
      id: "zqmine",
      name: "Zq Mine",
    });
    const url = new URL(given.sent.url);
    expect(url.pathname).toBe("/zqsellers/zqmine/v4");
    expect(url.searchParams.get("zqAccount")).toBe("zqacct");
    expect(url.searchParams.get("zqPage")).toBe("1");
    expect(given.sent.headers.get("x-zq-tenant")).toBe("zqtenant");
    expect(JSON.parse(new TextDecoder().decode(given.sent.body))).toEqual({
      id: "zqmine",
      name: "Zq Mine",
      isActive: true,
      type: "zqseller",
    });
    expect(given.judged.refusals).toEqual([]);
  });
});
