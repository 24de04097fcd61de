// The drafted manifest, on small documents of the tests' own: outputs per
// kind of reply, where errors keep their message, the server, the provider's
// metadata and operation ids — and each draft of a well-formed document links
// as generate links it, without an edit (paging: pagination.test.ts; the
// credential: auth/credential.test.ts).
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
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
import { snakeCase } from "./words/operation-words.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const order = { type: "object", required: ["id"], properties: { id: { type: "string" }, total: { type: "integer" } } };

describe("outputs, per kind of reply", () => {
  const get = (schema: Json | undefined, example?: unknown, status = "200") =>
    openapi({
      "/x": {
        get: {
          operationId: "getX",
          responses: { [status]: schema ? reply(schema, example) : { description: "Nothing." } },
        },
      },
    });

  it("a list beside other fields: the list, its count, the fields that can vary", async () => {
    const d = drafted(
      get(
        {
          type: "object",
          required: ["data", "object"],
          properties: {
            data: { type: "array", items: order },
            has_more: { type: "boolean", description: "More follow." },
            object: { type: "string", enum: ["list"] },
          },
        },
        { data: [], object: "list" },
      ),
      ["getX"],
    );
    expect(d.manifest.operations.acme_get_x!.outputs).toEqual({
      data: { type: "array", from: "$response.body#/data", description: "The items of this reply." },
      "metadata.count": {
        type: "number",
        from: "$response.body#/data",
        count: true,
        description: "How many items this reply holds.",
      },
      "metadata.hasMore": {
        type: "boolean",
        from: "$response.body#/has_more",
        optional: true,
        description: "More follow.",
      },
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("a top-level list", () => {
    const d = drafted(get({ type: "array", items: order }, []), ["getX"]);
    expect(Object.keys(d.manifest.operations.acme_get_x!.outputs)).toEqual(["data", "metadata.count"]);
  });

  it("no JSON body: the status", async () => {
    const d = drafted(get(undefined, undefined, "204"), ["getX"]);
    expect(d.manifest.operations.acme_get_x!.outputs).toEqual({
      "metadata.status": {
        type: "number",
        from: "$statusCode",
        description: "The HTTP status of the reply (it has no JSON body).",
      },
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("one of several shapes: the whole body, and the id every shape carries, read through the anyOf", async () => {
    const d = drafted(
      get(
        {
          anyOf: [
            order,
            { type: "object", title: "Deleted", properties: { id: { type: "string" }, deleted: { type: "boolean" } } },
          ],
        },
        { id: "1" },
      ),
      ["getX"],
    );
    expect(d.manifest.operations.acme_get_x!.outputs).toEqual({
      data: expect.objectContaining({ type: "json", from: "$response.body" }),
      "metadata.id": { type: "string", from: "$response.body#/id", description: "The id of the reply's record." },
    });
    expect(notesAt(d, "operations.acme_get_x.outputs")).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`^the 200 reply is one of several shapes \(anyOf: .+, Deleted\): data and the id they all ` +
            "carry drafted; an output only some carry is absent from the others$",
        ),
      ),
    ]);
    expect(await linkProblems(d)).toEqual([]);
    // A shape without an id: the whole body only.
    const e = drafted(
      get({ anyOf: [order, { type: "object", properties: { gone: { type: "boolean" } } }] }, { id: "1" }),
      ["getX"],
    );
    expect(Object.keys(e.manifest.operations.acme_get_x!.outputs)).toEqual(["data"]);
  });
});

describe("errors, the server, the provider", () => {
  const withError = (schema: Json, success: Json = { type: "object", properties: { id: { type: "string" } } }) =>
    openapi({
      "/x": { get: { operationId: "getX", responses: { "200": reply(success, { id: "1" }), default: reply(schema) } } },
    });

  it("an error object with a message, a code and a type", () => {
    expect(
      drafted(
        withError({
          type: "object",
          properties: {
            error: {
              type: "object",
              properties: { message: { type: "string" }, code: { type: "string" }, type: { type: "string" } },
            },
          },
        }),
        ["getX"],
      ).manifest.errors,
    ).toEqual({
      code: ["$response.body#/error/code", "$response.body#/error/type"],
      message: ["$response.body#/error/message"],
    });
  });

  it("a message at the top", () => {
    expect(
      drafted(
        withError({
          type: "object",
          properties: { message: { type: "string" }, documentation_url: { type: "string" } },
        }),
        ["getX"],
      ).manifest.errors,
    ).toEqual({ message: ["$response.body#/message"] });
  });

  it("a list of errors, each with its field and a reason (or a JSON:API detail)", () => {
    const list = (item: Json) =>
      withError({
        type: "object",
        properties: { errors: { type: "array", items: { type: "object", properties: item } } },
      });
    expect(
      drafted(list({ field: { type: "string" }, reason: { type: "string" } }), ["getX"], "zqerr").manifest.errors,
    ).toEqual({ message: ["$response.body#/errors/0/reason"] });
    expect(
      drafted(list({ title: { type: "string" }, detail: { type: "string" } }), ["getX"], "zqerr").manifest.errors,
    ).toEqual({ message: ["$response.body#/errors/0/detail"] });
  });

  it(
    "a message under a name of its own where none of the usual places is one (zq error_message, " + "error-code-label)",
    () => {
      const named = (properties: Json) =>
        drafted(withError({ type: "object", properties }), ["getX"]).manifest.errors.message;
      expect(
        named({
          error_type: { type: "string" },
          display_message: { type: "string", nullable: true },
          error_message: { type: "string" },
          request_id: { type: "string" },
        }),
      ).toEqual(["$response.body#/error_message"]);
      expect(named({ "error-code": { type: "string" }, "error-code-label": { type: "string" } })).toEqual([
        "$response.body#/error-code-label",
      ]);
      expect(
        named({
          error: { type: "object", properties: { zqcode: { type: "integer" }, description: { type: "string" } } },
        }),
      ).toEqual(["$response.body#/error/description"]);
    },
  );

  it(
    "the first message of a list where no text field is one (zq errorMessages; a validation " + "error's detail[].msg)",
    () => {
      const named = (properties: Json) =>
        drafted(withError({ type: "object", properties }), ["getX"]).manifest.errors.message;
      expect(
        named({
          errorMessages: { type: "array", items: { type: "string" } },
          errors: { type: "object", additionalProperties: { type: "string" } },
          status: { type: "integer" },
        }),
      ).toEqual(["$response.body#/errorMessages/0"]);
      const location = { type: "array", items: { anyOf: [{ type: "string" }, { type: "integer" }] } };
      expect(
        named({
          detail: {
            type: "array",
            items: {
              type: "object",
              required: ["loc", "msg", "type"],
              properties: { loc: location, msg: { type: "string" }, type: { type: "string" } },
            },
          },
        }),
      ).toEqual(["$response.body#/detail/0/msg"]);
    },
  );

  it(
    "the one text field beside a status where nothing names the message (zq err), and each " +
      "shape's place where the operations answer errors in two shapes",
    () => {
      const named = (properties: Json) =>
        drafted(withError({ type: "object", properties }), ["getX"]).manifest.errors.message;
      expect(named({ status: { type: "number" }, err: { type: "string" } })).toEqual(["$response.body#/err"]);
      expect(
        named({
          status: { type: "number" },
          err: { type: "string" },
          request_id: { type: "string" },
          error_type: { type: "string" },
        }),
      ).toEqual(["$response.body#/err"]);
      // Two texts, neither named as a message: no guess (the common places are drafted, for review).
      expect(named({ zqa: { type: "string" }, zqb: { type: "string" } })).toEqual([
        "$response.body#/message",
        "$response.body#/error/message",
        "$response.body#/error_description",
        "$response.body#/error_message",
        "$response.body#/error",
        "$response.body#/errors/0/message",
        "$response.body#/fault/faultstring",
      ]);
      const twoShapes = openapi({
        "/x": {
          get: {
            operationId: "getX",
            responses: {
              "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }),
              "403": reply({
                allOf: [
                  {
                    type: "object",
                    required: ["status", "err"],
                    properties: { status: { type: "number" }, err: { type: "string" } },
                  },
                  { type: "object", properties: { status: { enum: [403] } } },
                ],
              }),
              "404": reply({ type: "object", properties: { status: { type: "number" }, err: { type: "string" } } }),
              "400": reply({
                type: "object",
                properties: { error: { type: "boolean" }, status: { type: "number" }, message: { type: "string" } },
              }),
            },
          },
        },
      });
      expect(drafted(twoShapes, ["getX"]).manifest.errors.message).toEqual([
        "$response.body#/err",
        "$response.body#/message",
      ]);
    },
  );

  it("a failure answered with ok: false", () => {
    const d = drafted(
      withError(
        { type: "object", properties: { ok: { type: "boolean", enum: [false] }, error: { type: "string" } } },
        { type: "object", properties: { ok: { type: "boolean", enum: [true] }, id: { type: "string" } } },
      ),
      ["getX"],
    );
    expect(d.manifest.errors).toEqual({
      code: ["$response.body#/error"],
      message: ["$response.body#/error"],
      failureWhen: [{ from: "$response.body#/ok", equals: false }],
    });
  });

  it("no error schema: the common places, marked for review", () => {
    const d = drafted(
      openapi({ "/x": { get: { operationId: "getX", responses: { "200": reply({ type: "object" }) } } } }),
      ["getX"],
    );
    expect(d.manifest.errors.message).toEqual([
      "$response.body#/message",
      "$response.body#/error/message",
      "$response.body#/error_description",
      "$response.body#/error_message",
      "$response.body#/error",
      "$response.body#/errors/0/message",
      "$response.body#/fault/faultstring",
    ]);
    expect(notesAt(d, "errors.message")).toHaveLength(1);
  });

  it(
    "the server's address template, its variable an input at the document's default; other " + "hosts are noted",
    async () => {
      const doc = withError({ type: "object" });
      doc.servers = [
        { url: "https://{region}.acme.test/api/", variables: { region: { default: "eu" } } },
        { url: "https://sandbox.acme.test/api" },
      ];
      const d = drafted(doc, ["getX"]);
      expect(d.manifest.server).toEqual({
        url: "https://{region}.acme.test/api/",
        variables: { region: "region" },
        hosts: ["sandbox.acme.test"],
      });
      expect(d.manifest.params?.region).toMatchObject({ default: "eu", visibility: "user-only" });
      expect(notesAt(d, "server.default")).toEqual([]);
      expect(await linkProblems(d)).toEqual([]);
    },
  );

  it(
    "a relative first server (or none): each call names the instance's address, the relative " +
      "path appended; it links",
    async () => {
      const doc = withError({ type: "object" });
      doc.servers = [{ url: "/api/v1" }, { url: "https://zqdemo.test" }];
      const d = drafted(doc, ["getX"], "zqself");
      expect(d.manifest.server).toEqual({ param: "instanceUrl", hosts: ["zqdemo.test"] });
      expect(d.manifest.params?.instanceUrl).toMatchObject({
        type: "string",
        format: "base-url",
        required: true,
        visibility: "user-only",
        placeholder: "https://zqdemo.test",
      });
      expect(notesAt(d, "server.param")[0]).toContain('relative ("/api/v1")');
      expect(await linkProblems(d, "zqself")).toEqual([]);
      expect((await linkedTools(d, "zqself"))[0]?.server).toMatchObject({ param: "instanceUrl", basePath: "/api/v1" });
      doc.servers = undefined;
      const none = drafted(doc, ["getX"], "zqself");
      expect(none.manifest.server).toEqual({ param: "instanceUrl" });
      expect(none.manifest.params?.instanceUrl?.placeholder).toBeUndefined();
      expect(await linkProblems(none, "zqself")).toEqual([]);
    },
  );

  it(
    "a server made of variables ({protocol}://{hostname}:{port}, self-hosted): the instance " +
      "address, its defaults the input's default, which a call may override; never a path",
    async () => {
      const doc = withError({ type: "object" });
      const variables = {
        protocol: { default: "http", enum: ["http", "https"] },
        hostname: { default: "localhost" },
        port: { default: "8108" },
      };
      doc.servers = [{ url: "{protocol}://{hostname}:{port}", variables }];
      const d = drafted(doc, ["getX"], "zqsearch");
      expect(d.manifest.server).toEqual({ param: "instanceUrl" });
      expect(d.manifest.params?.instanceUrl).toMatchObject({
        format: "base-url",
        default: "http://localhost:8108",
        visibility: "user-only",
      });
      expect(notesAt(d, "server.param")).toEqual([
        expect.stringMatching(
          new RegExp(
            String.raw`^the document's server "\{protocol\}:\/\/\{hostname\}:\{port\}" is wherever the API is ` +
              String.raw`installed .+ default the document's http:\/\/localhost:8108\.`,
          ),
        ),
      ]);
      expect(await linkProblems(d, "zqsearch")).toEqual([]);
      const tool = (await linkedTools(d, "zqsearch"))[0]!;
      expect(tool.server).toEqual({ param: "instanceUrl" });
      const urls: string[] = [];
      const fetch = async (request: Request) => {
        urls.push(request.url);
        return new Response("{}", { headers: { "content-type": "application/json" } });
      };
      const secret = Object.fromEntries(
        Object.entries(d.manifest.params ?? {}).flatMap(([name]) =>
          name === "instanceUrl" ? [] : [[name, "zq-key-0001"]],
        ),
      );
      for (const options of [{ fetch }, { fetch, baseUrl: "http://127.0.0.1:18108" }])
        expect((await executeToolDefinition(tool, secret, options)).success).toBe(true);
      expect(urls).toEqual(["http://localhost:8108/x", "http://127.0.0.1:18108/x"]);
    },
  );

  it("the provider's metadata from info, every guess marked", () => {
    const d = drafted(withError({ type: "object" }), ["getX"]);
    expect(d.manifest).toMatchObject({
      provider: "acme",
      name: "Acme API",
      description: "Acme keeps orders.",
      color: "#6B7280",
      category: "tools",
      openapi: "openapi.yaml",
    });
    expect(d.manifestText).toMatch(/^# Drafted by blockwright add from acme\.json on 2026-01-02\.\n/);
    expect(d.manifestText).toContain('# review: a neutral grey: use the brand\'s colour\ncolor: "#6B7280"\n');
  });

  it("operation ids: the provider, then the operationId in snake case", () => {
    expect(
      ["chat_postMessage", "issues/list-for-repo", "GetCustomersCustomer", "getHTTPStatus", "list.v2"].map(snakeCase),
    ).toEqual(["chat_post_message", "issues_list_for_repo", "get_customers_customer", "get_http_status", "list_v2"]);
  });
});

// An operation whose description is markup alone (`<p/>`, as some converted documents write an empty one) and that has
// no summary: the draft's description was the empty plain text, which generate refused ("must NOT have fewer than 1
// characters"). It is described as it is titled, from the operation's name.
describe("an operation whose description is markup alone, without a summary", () => {
  it("is described from its name, and links", async () => {
    const d = drafted(
      openapi({
        "/zqwarmup/{zq_ip}": {
          put: {
            operationId: "PutZqWarmup",
            description: "<p/>",
            parameters: [{ name: "zq_ip", in: "path", required: true, schema: { type: "string", maxLength: 40 } }],
            responses: { "200": reply({ type: "object", properties: { zqDone: { type: "boolean" } } }) },
          },
        },
      }),
      ["PutZqWarmup"],
    );
    const op = Object.values(d.manifest.operations)[0]!;
    expect(op.description).toBe(op.title);
    expect(op.description?.length).toBeGreaterThan(0);
    expect(await linkProblems(d)).toEqual([]);
  });
});
