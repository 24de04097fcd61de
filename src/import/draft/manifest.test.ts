// The drafted manifest, on small documents of the tests' own: paging
// recognised per known shape, the credential per kind of security scheme,
// outputs per kind of reply, where errors keep their message, the server,
// operation ids — and each draft of a well-formed document links as
// generate links it, without an edit.
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
import { snakeCase } from "./manifest.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const order = { type: "object", required: ["id"], properties: { id: { type: "string" }, total: { type: "integer" } } };
const list = (params: Json[], schema: Json, example: unknown, headers?: Json): Json => ({
  "/orders": {
    get: {
      operationId: "listOrders",
      summary: "List orders",
      parameters: params,
      responses: { "200": reply(schema, example, headers) },
    },
  },
});
const query = (name: string, schema: Json, extra: Json = {}) => ({ name, in: "query", schema, ...extra });

describe("paging, per known shape", () => {
  it("a cursor in the reply sent back as a parameter (response_metadata.next_cursor → cursor)", async () => {
    const doc = openapi(
      list(
        [
          query("limit", { type: "integer", minimum: 1, maximum: 200 }),
          query("cursor", { type: "string", maxLength: 500 }),
        ],
        {
          type: "object",
          required: ["orders"],
          properties: {
            orders: { type: "array", items: order },
            response_metadata: { type: "object", properties: { next_cursor: { type: "string" } } },
          },
        },
        { orders: [{ id: "o1" }], response_metadata: { next_cursor: "" } },
      ),
    );
    const d = drafted(doc, ["listOrders"]);
    expect(d.manifest.operations.acme_list_orders!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/response_metadata/next_cursor",
      send: { in: "query", name: "cursor" },
      items: ["data"],
      pageSize: "limit",
    });
    expect(notesAt(d, "operations.acme_list_orders.pagination")).toEqual([
      "paging recognised as a cursor: response_metadata.next_cursor of the reply, sent back as cursor",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("a page token (nextPageToken → pageToken)", () => {
    const doc = openapi(
      list(
        [query("pageToken", { type: "string", maxLength: 100 })],
        { type: "object", properties: { items: { type: "array", items: order }, nextPageToken: { type: "string" } } },
        { items: [] },
      ),
    );
    expect(drafted(doc, ["listOrders"]).manifest.operations.acme_list_orders!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/nextPageToken",
      send: { in: "query", name: "pageToken" },
      items: ["data"],
    });
  });

  it("has_more beside a list of records, the last id sent back as starting_after", async () => {
    const doc = openapi(
      list(
        [query("limit", { type: "integer" }), query("starting_after", { type: "string", maxLength: 5000 })],
        {
          type: "object",
          required: ["data", "has_more", "object"],
          properties: {
            data: { type: "array", items: order },
            has_more: { type: "boolean" },
            object: { type: "string", enum: ["list"] },
            url: { type: "string" },
          },
        },
        { data: [{ id: "o1" }], has_more: false, object: "list", url: "/orders" },
      ),
    );
    const d = drafted(doc, ["listOrders"]);
    expect(d.manifest.operations.acme_list_orders!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/data/-1/id",
      send: { in: "query", name: "starting_after" },
      more: { from: "$response.body#/has_more", equals: true },
      items: ["data"],
      pageSize: "limit",
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("a Link header on the reply (page and per_page beneath it)", async () => {
    const doc = openapi(
      list(
        [query("per_page", { type: "integer", default: 30 }), query("page", { type: "integer", default: 1 })],
        { type: "array", items: order },
        [{ id: "o1" }],
        { Link: { schema: { type: "string" } } },
      ),
    );
    const d = drafted(doc, ["listOrders"]);
    expect(d.manifest.operations.acme_list_orders!.pagination).toEqual({ style: "linkHeader", items: ["data"] });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("the address of the next page in the reply", async () => {
    const doc = openapi(
      list(
        [],
        {
          type: "object",
          properties: {
            results: { type: "array", items: order },
            next: { type: "string", format: "uri", nullable: true },
          },
        },
        { results: [], next: null },
      ),
    );
    const d = drafted(doc, ["listOrders"]);
    expect(d.manifest.operations.acme_list_orders!.pagination).toEqual({
      style: "nextUrl",
      url: "$response.body#/next",
      items: ["data"],
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("an offset, with the page size and the total", async () => {
    const doc = openapi(
      list(
        [
          query("offset", { type: "integer", minimum: 0 }),
          query("limit", { type: "integer", minimum: 1, maximum: 100 }),
        ],
        { type: "object", properties: { results: { type: "array", items: order }, total: { type: "integer" } } },
        { results: [], total: 0 },
      ),
    );
    const d = drafted(doc, ["listOrders"]);
    expect(d.manifest.operations.acme_list_orders!.pagination).toEqual({
      style: "offset",
      send: { in: "query", name: "offset" },
      total: "$response.body#/total",
      items: ["data"],
      pageSize: "limit",
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("page numbers without a Link header: the page style, from page 1", async () => {
    const doc = openapi(
      list(
        [query("page", { type: "integer", minimum: 1 }), query("per_page", { type: "integer", maximum: 100 })],
        { type: "array", items: order },
        [],
      ),
    );
    const d = drafted(doc, ["listOrders"]);
    expect(d.manifest.operations.acme_list_orders!.pagination).toEqual({
      style: "page",
      send: { in: "query", name: "page" },
      items: ["data"],
      pageSize: "per_page",
    });
    expect(notesAt(d, "operations.acme_list_orders.pagination")).toEqual([
      "paging recognised as a page number sent as page, the first page 1, per_page the page size; the list ends " +
        "at an empty page",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("a reply that is no list has no paging", () => {
    const doc = openapi({
      "/orders/{id}": {
        get: {
          operationId: "getOrder",
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string" } },
            query("cursor", { type: "string" }),
          ],
          responses: {
            "200": reply({ type: "object", properties: { id: { type: "string" }, cursor: { type: "string" } } }),
          },
        },
      },
    });
    expect(drafted(doc, ["getOrder"]).manifest.operations.acme_get_order!.pagination).toBeUndefined();
  });
});

describe("the credential, per kind of security scheme", () => {
  const one = (schemes: Json, security: Json[] | undefined, params: Json[] = []) =>
    openapi(
      {
        "/me": {
          get: {
            operationId: "me",
            parameters: params,
            ...(security ? { security } : {}),
            responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "u1" }) },
          },
        },
      },
      { securitySchemes: schemes },
      { security: null },
    );

  it("an HTTP bearer token", async () => {
    const d = drafted(
      one({ token: { type: "http", scheme: "bearer", description: "A personal token." } }, [{ token: [] }]),
      ["me"],
    );
    expect(d.manifest.auth).toEqual({ scheme: "token", param: "accessToken" });
    expect(d.manifest.params!.accessToken).toEqual({
      type: "string",
      title: "Access token",
      required: true,
      secret: true,
      maxLength: 2048,
      description: "A personal token. The access token, sent as a bearer token.",
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("an API key in a header, where a parameter of the same header is the credential's own slot, not drafted", async () => {
    const d = drafted(
      one(
        { key: { type: "apiKey", in: "header", name: "X-Api-Key" } },
        [{ key: [] }],
        [{ name: "x-api-key", in: "header", required: false, schema: { type: "string" } }],
      ),
      ["me"],
    );
    expect(d.manifest.auth).toEqual({ scheme: "key", param: "apiKey" });
    expect(d.manifest.params!.apiKey!.description).toBe("The API key, sent as the X-Api-Key header.");
    expect(d.manifest.operations.acme_me!.params).toBeUndefined();
    expect(notesAt(d, "operations.acme_me")).toEqual([
      "header parameter x-api-key is where the credential goes (auth: key)",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("an API key in the query", async () => {
    const d = drafted(one({ key: { type: "apiKey", in: "query", name: "key" } }, [{ key: [] }]), ["me"]);
    expect(d.credential.placement).toEqual({ type: "query", name: "key" });
    expect(await linkProblems(d)).toEqual([]);
  });

  for (const type of ["oauth2", "openIdConnect"]) {
    it(`an ${type} scheme: its access token as a bearer token; a required token parameter beside it is covered by it, not drafted`, async () => {
      const scheme =
        type === "oauth2"
          ? {
              type,
              flows: {
                authorizationCode: {
                  authorizationUrl: "https://acme.test/a",
                  tokenUrl: "https://acme.test/t",
                  scopes: {},
                },
              },
            }
          : { type, openIdConnectUrl: "https://acme.test/.well-known/openid-configuration" };
      const d = drafted(
        one(
          { login: scheme },
          [{ login: [] }],
          [
            query(
              "token",
              { type: "string" },
              { required: true, description: "Authentication token. Requires scope: `me:read`" },
            ),
            query("fields", { type: "string", maxLength: 100 }, { description: "A token list of fields." }),
          ],
        ),
        ["me"],
      );
      expect(d.credential).toMatchObject({ scheme: "login", param: "accessToken", placement: { type: "bearer" } });
      expect(Object.keys(d.manifest.operations.acme_me!.params!)).toEqual(["fields"]);
      expect(notesAt(d, "auth")).toEqual([
        `security scheme login is ${type}: its access token is sent as a bearer token; obtaining it (the OAuth ` +
          "flow) is the caller's",
      ]);
      expect(notesAt(d, "operations.acme_me")).toEqual([
        'query parameter "token" repeats the credential that security scheme login sends (auth.param accessToken): covered by it (auth.covers), not drafted',
      ]);
      expect(d.manifest.auth).toEqual({ scheme: "login", param: "accessToken", covers: ["token"] });
      expect(await linkProblems(d)).toEqual([]);
      // Without the cover, the required token is missing.
      const uncovered = { ...d, manifestText: d.manifestText.replace(/\n {2}covers:\n {4}- token\n/, "\n") };
      expect(uncovered.manifestText).not.toMatch(/^ +covers:/m);
      expect(await linkProblems(uncovered)).toEqual([
        expect.stringMatching(/requires query parameter "token" for "me", but no parameter or constant supplies it$/),
      ]);
    });
  }

  it("no scheme at all: a bearer token, added to the cut as such, with a security requirement", async () => {
    const doc = one({}, undefined);
    delete doc.components.securitySchemes;
    const d = drafted(doc, ["me"]);
    expect(d.manifest.auth).toEqual({ scheme: "bearerAuth", param: "accessToken" });
    expect(d.added).toEqual(["components.securitySchemes.bearerAuth", "security"]);
    expect(d.openapiText).toContain(
      "# Added by blockwright add, not published: components.securitySchemes.bearerAuth and security",
    );
    expect(d.openapiText).toMatch(/\nsecurity:\n {2}- bearerAuth: \[\]\npaths:/);
    expect(notesAt(d, "auth")[0]).toMatch(/^the document declares no security scheme; drafted a bearer token/);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("no scheme at all and security: [] (authentication left to the deployment): the added bearer token takes the empty requirements' place", async () => {
    const doc = one({}, []);
    delete doc.components.securitySchemes;
    doc.security = [];
    const d = drafted(doc, ["me"], "zqopen");
    expect(d.manifest.auth).toEqual({ scheme: "bearerAuth", param: "accessToken" });
    expect(d.added).toEqual(["components.securitySchemes.bearerAuth", "security"]);
    expect(d.openapiText).toMatch(/\nsecurity:\n {2}- bearerAuth: \[\]\npaths:/);
    expect(d.openapiText).not.toMatch(/security: \[\]/);
    // The published document is not changed.
    expect(doc.paths["/me"].get.security).toEqual([]);
    expect(await linkProblems(d, "zqopen")).toEqual([]);
  });

  it("security: [] beside declared schemes (authentication left to the deployment): the best declared scheme, in the empty requirements' place", async () => {
    const doc = one(
      {
        zqKerberos: { type: "http", scheme: "negotiate" },
        zqBasic: { type: "http", scheme: "basic" },
        zqOidc: { type: "openIdConnect", openIdConnectUrl: "https://zq.test/.well-known" },
      },
      [],
    );
    doc.security = [];
    const d = drafted(doc, ["me"], "zqopen");
    expect(d.manifest.auth).toEqual({ scheme: "zqBasic", param: "password", user: "username" });
    expect(d.added).toEqual(["security"]);
    expect(d.openapiText).toMatch(/\nsecurity:\n {2}- zqBasic: \[\]\npaths:/);
    expect(notesAt(d, "auth")[0]).toMatch(
      /^me names no security scheme \(security: \[\]\), which says no credential is needed/,
    );
    expect(await linkProblems(d, "zqopen")).toEqual([]);
  });

  it("of several schemes every operation accepts, the one the runtime sends", () => {
    const d = drafted(
      one({ basic: { type: "http", scheme: "basic" }, bearer: { type: "http", scheme: "bearer" } }, [
        { basic: [] },
        { bearer: [] },
      ]),
      ["me"],
    );
    expect(d.manifest.auth.scheme).toBe("bearer");
    expect(notesAt(d, "auth")).toEqual([
      "chose security scheme bearer (http bearer) of basic (http basic), bearer (http bearer); another can be " +
        "added under auth.alternatives",
    ]);
  });

  it("HTTP basic: a user name and a password (secret), which link as drafted", async () => {
    const d = drafted(one({ basic: { type: "http", scheme: "basic" } }, [{ basic: [] }]), ["me"]);
    expect(d.manifest.auth).toEqual({ scheme: "basic", param: "password", user: "username" });
    expect(d.manifest.params!.username).toMatchObject({ type: "string", required: true });
    expect(d.manifest.params!.username!.secret).toBeUndefined();
    expect(d.manifest.params!.password).toMatchObject({ type: "string", required: true, secret: true });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("a scheme the runtime does not send: a bearer token added, and the note says which", async () => {
    const d = drafted(one({ digest: { type: "http", scheme: "digest" } }, [{ digest: [] }]), ["me"]);
    expect(notesAt(d, "auth")).toEqual([
      expect.stringMatching(
        /^the operations require security schemes the runtime cannot send or the document does not declare \(digest: http digest\); drafted a bearer token/,
      ),
    ]);
    expect(d.manifest.auth).toEqual({ scheme: "bearerAuth", param: "accessToken" });
  });

  it("a requirement of two schemes: one way of two credentials, named after their keys", async () => {
    const schemes = {
      cid: { type: "apiKey", in: "header", name: "ZQ-CLIENT-ID" },
      sec: { type: "apiKey", in: "header", name: "ZQ-SECRET" },
    };
    const d = drafted(one(schemes, [{ cid: [], sec: [] }]), ["me"]);
    // The secret first (the credential kept secret), the client id sent with it, not secret.
    expect(d.manifest.auth).toEqual({
      scheme: "sec",
      param: "zqSecret",
      also: [{ scheme: "cid", param: "zqClientId" }],
    });
    expect(d.manifest.params!.zqSecret).toMatchObject({ required: true, secret: true });
    expect(d.manifest.params!.zqClientId).toMatchObject({ required: true });
    expect(d.manifest.params!.zqClientId!.secret).toBeUndefined();
    expect(await linkProblems(d)).toEqual([]);
  });

  it("keys sent together before an OAuth scheme whose flows all need a person's consent; a flow a program runs alone before them", () => {
    const code = {
      type: "oauth2",
      flows: {
        authorizationCode: { authorizationUrl: "https://zq.test/a", tokenUrl: "https://zq.test/t", scopes: {} },
      },
    };
    const keys = {
      zqApi: { type: "apiKey", in: "header", name: "ZQ-API-KEY" },
      zqApp: { type: "apiKey", in: "header", name: "ZQ-APPLICATION-KEY" },
    };
    expect(
      drafted(one({ ...keys, zqCode: code }, [{ zqApi: [], zqApp: [] }, { zqCode: [] }]), ["me"]).manifest.auth.scheme,
    ).toMatch(/^zqA(pi|pp)$/);
    const machine = { type: "oauth2", flows: { clientCredentials: { tokenUrl: "https://zq.test/t", scopes: {} } } };
    expect(
      drafted(one({ ...keys, zqMachine: machine }, [{ zqApi: [], zqApp: [] }, { zqMachine: [] }]), ["me"]).manifest.auth
        .scheme,
    ).toBe("zqMachine");
  });

  it("operations accepting different requirements: alternatives, every credential optional", async () => {
    const schemes = {
      tok: { type: "http", scheme: "bearer" },
      mail: { type: "apiKey", in: "header", name: "X-Zq-Email" },
      key: { type: "apiKey", in: "header", name: "X-Zq-Key" },
    };
    const doc = one(schemes, [{ tok: [] }, { mail: [], key: [] }]);
    doc.paths["/other"] = { get: { ...doc.paths["/me"].get, operationId: "other", security: [{ mail: [], key: [] }] } };
    const d = drafted(doc, ["me", "other"]);
    expect(d.manifest.auth).toEqual({ scheme: "key", param: "xZqKey", also: [{ scheme: "mail", param: "xZqEmail" }] });
    const d2 = drafted(one(schemes, [{ tok: [] }, { mail: [], key: [] }]), ["me"]);
    expect(d2.manifest.auth).toEqual({ scheme: "tok", param: "accessToken" });
    doc.paths["/third"] = { get: { ...doc.paths["/me"].get, operationId: "third", security: [{ tok: [] }] } };
    const d3 = drafted(doc, ["me", "other", "third"]);
    expect(d3.manifest.auth).toMatchObject({ alternatives: [expect.any(Object)] });
    expect(Object.values(d3.manifest.params!).every((p) => p.required === false)).toBe(true);
    expect(d3.manifest.params!.xZqEmail!.secret).toBeUndefined();
    expect(await linkProblems(d3)).toEqual([]);
  });
});

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
      data: { type: "array", from: "$response.body#/data", description: "The data of this reply." },
      "metadata.count": {
        type: "number",
        from: "$response.body#/data",
        count: true,
        description: "How many data this reply holds.",
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
        /^the 200 reply is one of several shapes \(anyOf: .+, Deleted\): data and the id they all carry drafted; an output only some carry is absent from the others$/,
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

  it("a message under a name of its own where none of the usual places is one (zq error_message, error-code-label)", () => {
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
  });

  it("the first message of a list where no text field is one (zq errorMessages; a validation error's detail[].msg)", () => {
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
  });

  it("the one text field beside a status where nothing names the message (zq err), and each shape's place where the operations answer errors in two shapes", () => {
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
      "$response.body#/error",
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
  });

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
      "$response.body#/error",
    ]);
    expect(notesAt(d, "errors.message")).toHaveLength(1);
  });

  it("the server's address template, its variable an input at the document's default; other hosts are noted", async () => {
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
  });

  it("a relative first server (or none): each call names the instance's address, the relative path appended; it links", async () => {
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
  });

  it("a server made of variables ({protocol}://{hostname}:{port}, self-hosted): the instance address, its defaults the input's default, which a call may override; never a path", async () => {
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
        /^the document's server "\{protocol\}:\/\/\{hostname\}:\{port\}" is wherever the API is installed .+ default the document's http:\/\/localhost:8108\./,
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
  });

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
