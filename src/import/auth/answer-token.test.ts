// A document declaring no security scheme whose sign-in answers a field named as an identifier (`uid`) that it calls
// "token for future authorized calls", and whose every other operation takes that field in its body (a public
// directory's card-sending API). add assumed a bearer token and drafted the field a plain text: the session's token was
// taken on the command line and a refused one shown whole. A parameter named as a field an answer hands out as a token
// for later calls is that credential: drafted secret, set by a person, with a note quoting the document. A page's token
// for the next request is no credential.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = (description: string) => ({ type: "string", description });
const body = (properties: Record<string, unknown>) => ({
  required: true,
  content: { "application/json": { schema: { type: "object", properties } } },
});
const answered = reply({ type: "object", properties: { zqStatus: { type: "string" } } });
const document = openapi(
  {
    "/zqauth/signin": {
      post: {
        operationId: "zqSignIn",
        requestBody: body({ zqLogin: text("the account's login") }),
        responses: {
          "200": reply({
            type: "object",
            properties: {
              zquid: text("token for future authorized calls"),
              zqUserId: { type: "integer" },
              zqPaging: { $ref: "#/components/schemas/ZqPaging" },
            },
          }),
        },
      },
    },
    "/zqcards/send": {
      post: {
        operationId: "zqSendCard",
        requestBody: body({
          zquid: text("the zq of the session"),
          zqNext: text("where the list goes on"),
          zqMessage: text("the card's message"),
        }),
        responses: { "200": answered },
      },
    },
  },
  {
    schemas: {
      ZqPaging: {
        type: "object",
        properties: { zqNext: text("a token for subsequent requests, to fetch the next page of results") },
      },
    },
  },
  { security: null },
);

describe("a parameter named as a field an answer hands out as a token for later calls", () => {
  it("is drafted secret, set by a person, quoting the document; a page's token and the rest stay plain", async () => {
    const d = drafted(document, ["zqSendCard"], "zqcards");
    const params = d.manifest.operations.zqcards_zq_send_card!.params!;
    expect(params.zquid).toMatchObject({ type: "string", secret: true, visibility: "user-only" });
    expect(params.zqNext?.secret).toBeUndefined();
    expect(params.zqMessage?.secret).toBeUndefined();
    expect(notesAt(d, "operations.zqcards_zq_send_card.params.zquid").join(" ")).toContain(
      "POST /zqauth/signin answers, which the document calls a token for later calls " +
        '("token for future authorized calls")',
    );
    expect(await linkProblems(d, "zqcards")).toEqual([]);
  });
});

describe("a key field every operation's request body has, the document declaring no security scheme", () => {
  // Found in the public directory (seed 285): a mail API of 90 operations, each taking `{"key": …, …}` in its JSON
  // body, no scheme, the field undescribed: `key` was drafted a plain text beside a made-up bearer token.
  // The fixture declares a bearer scheme: left out, unless the test gives its own.
  const keyed = (bodies: Record<string, Record<string, unknown>>, securitySchemes?: Record<string, unknown>) => {
    const doc = openapi(
      Object.fromEntries(
        Object.entries(bodies).map(([id, properties]) => [
          `/zq/${id}.json`,
          { post: { operationId: id, requestBody: body(properties), responses: { "200": answered } } },
        ]),
      ),
      {},
      { security: null },
    );
    doc.components = securitySchemes ? { securitySchemes } : {};
    return doc;
  };
  const key = { type: "string" };

  it("is the API's key: drafted secret, set by a person, with a note; the other fields stay plain", async () => {
    const d = drafted(keyed({ zqSend: { key, zqTo: key }, zqInfo: { key } }), ["zqSend"], "zqmail");
    const params = d.manifest.operations.zqmail_zq_send!.params!;
    expect(params.key).toMatchObject({ type: "string", secret: true, visibility: "user-only" });
    expect(params.zqTo?.secret).toBeUndefined();
    expect(notesAt(d, "operations.zqmail_zq_send.params.key").join(" ")).toContain(
      "a field key every request body of the document has, and the document declares no security scheme",
    );
    expect(await linkProblems(d, "zqmail")).toEqual([]);
  });

  it("stays plain when one operation's body lacks it, or the document declares a scheme", () => {
    const some = drafted(keyed({ zqSend: { key, zqTo: key }, zqInfo: { zqTo: key } }), ["zqSend"], "zqmail");
    expect(some.manifest.operations.zqmail_zq_send!.params!.key?.secret).toBeUndefined();
    const schemed = keyed(
      { zqSend: { key, zqTo: key }, zqInfo: { key } },
      { zqKey: { type: "apiKey", in: "header", name: "x-zq-key" } },
    );
    schemed.security = [{ zqKey: [] }];
    const d = drafted(schemed, ["zqSend"], "zqmail");
    expect(d.manifest.operations.zqmail_zq_send!.params!.key?.secret).toBeUndefined();
  });

  // Found in the public directory (seed 286): a licence API, no scheme, whose every request body is a one-way union
  // of a schema named `ApiKey` or `…Credentials` holding `key`, and whose key checks by serial take no body: `key` was
  // drafted a plain text (a required one on its list), the operations with no body hiding it from the rule above.
  const licence = (schema: string) => {
    const wrapped = (name: string) => ({
      required: true,
      content: {
        "application/json": { schema: { nullable: true, oneOf: [{ $ref: `#/components/schemas/${name}` }] } },
      },
    });
    const doc = openapi(
      {
        "/zq/list": { post: { operationId: "zqList", requestBody: wrapped(schema), responses: { "200": answered } } },
        "/zq/save": {
          post: { operationId: "zqSave", requestBody: wrapped("ZqSaved"), responses: { "200": answered } },
        },
        "/zq/check/{zqSerial}": {
          get: {
            operationId: "zqCheck",
            parameters: [{ name: "zqSerial", in: "path", required: true, schema: key }],
            responses: { "200": answered },
          },
        },
      },
      {},
      { security: null },
    );
    doc.components = {
      schemas: {
        [schema]: { type: "object", properties: { key } },
        ZqSaved: { type: "object", properties: { key, zqName: key } },
      },
    };
    return doc;
  };

  it("is the API's key when a body schema holding it is named a key or credentials, beside bodiless operations", () => {
    for (const schema of ["ApiKey", "ZqFindCredentials"]) {
      const d = drafted(licence(schema), ["zqList", "zqSave"], "zqlic");
      const ops = d.manifest.operations;
      expect(ops.zqlic_zq_list!.params!.key).toMatchObject({ type: "string", secret: true, visibility: "user-only" });
      expect(ops.zqlic_zq_save!.params!.key).toMatchObject({ secret: true, visibility: "user-only" });
      expect(ops.zqlic_zq_save!.params!.zqName?.secret).toBeUndefined();
      expect(notesAt(d, "operations.zqlic_zq_list.params.key").join(" ")).toContain(
        "a field key every request body of the document has, and the document declares no security scheme",
      );
    }
  });

  it("stays plain beside bodiless operations when no schema holding it is named so (an entry's key)", () => {
    const d = drafted(licence("ZqEntry"), ["zqList", "zqSave"], "zqlic");
    expect(d.manifest.operations.zqlic_zq_list!.params!.key?.secret).toBeUndefined();
    expect(d.manifest.operations.zqlic_zq_save!.params!.key?.secret).toBeUndefined();
  });
});

// Review of the rule: plain values it drafted secret, each refused under a secret's 8 characters before any request.
describe("a name an answer hands out as a token, taken by a parameter that is no token", () => {
  const param = (name: string, where: string, description?: string) => ({
    name,
    in: where,
    required: where === "path",
    schema: { type: "string" },
    ...(description ? { description } : {}),
  });
  const signIn = (properties: Record<string, unknown>) => ({
    post: { operationId: "zqSignIn", responses: { "200": reply({ type: "object", properties }) } },
  });
  const get = (operationId: string, parameters: unknown[], answer = answered) => ({
    get: { operationId, parameters, responses: { "200": answer } },
  });
  const secretOf = (doc: Record<string, unknown>, id: string, op: string, name: string) =>
    drafted(doc, [id], "zqids").manifest.operations[`zqids_${op}`]!.params![name]?.secret;

  it("keeps a record's id plain: a path parameter named as an id, or one its own words call an id", () => {
    const doc = openapi(
      {
        "/zqauth/signin": signIn({ zq_id: text("The session token for subsequent calls.") }),
        "/zqitems/{zq_id}": get("zqItem", [param("zq_id", "path")]),
        "/zqfind": get("zqFind", [param("zq_id", "query", "The item's id.")]),
        "/zqsession": get("zqSession", [param("zq_id", "query", "the session's id, from the sign-in")]),
      },
      {},
      { security: null },
    );
    expect(secretOf(doc, "zqItem", "zq_item", "zq_id")).toBeUndefined();
    expect(secretOf(doc, "zqFind", "zq_find", "zq_id")).toBeUndefined();
    expect(secretOf(doc, "zqSession", "zq_session", "zq_id")).toBe(true);
  });

  it("keeps a cursor or a sync token plain, and any parameter of the operation answering the field", () => {
    const list = (properties: Record<string, unknown>, parameters: unknown[]) =>
      get("zqList", parameters, reply({ type: "object", properties }));
    const doc = openapi(
      {
        "/zqlist": list(
          {
            zqMarker: text("A token to pass on subsequent calls to fetch more items"),
            zqSync: text("A token to pass on subsequent requests to receive only the changes since this one"),
            zqState: text("A token to pass on subsequent calls"),
          },
          [param("zqState", "query"), param("zqMarker", "query")],
        ),
        "/zqother": get("zqOther", [param("zqMarker", "query"), param("zqSync", "query"), param("zqState", "query")]),
      },
      {},
      { security: null },
    );
    expect(secretOf(doc, "zqList", "zq_list", "zqState")).toBeUndefined();
    expect(secretOf(doc, "zqList", "zq_list", "zqMarker")).toBeUndefined();
    expect(secretOf(doc, "zqOther", "zq_other", "zqMarker")).toBeUndefined();
    expect(secretOf(doc, "zqOther", "zq_other", "zqSync")).toBeUndefined();
    expect(secretOf(doc, "zqOther", "zq_other", "zqState")).toBe(true);
  });
});

describe("a key field every body has, described as a record's name", () => {
  const store = (said: string) => {
    const doc = openapi(
      {
        "/zqkv/put": {
          post: { operationId: "zqPut", requestBody: body({ key: text(said) }), responses: { "200": answered } },
        },
        "/zqkv/get": {
          post: { operationId: "zqGet", requestBody: body({ key: text(said) }), responses: { "200": answered } },
        },
      },
      {},
      { security: null },
    );
    doc.components = {};
    return drafted(doc, ["zqPut"], "zqkv").manifest;
  };

  it("stays plain; one described as the account's key is the credential, secret, sent there", () => {
    expect(store("The name of the entry").operations.zqkv_zq_put!.params!.key?.secret).toBeUndefined();
    // The document declares no scheme: the key is its only credential (places-only-draft.ts), given once.
    const keyed = store("Your API key");
    expect(keyed.operations.zqkv_zq_put!.params?.key).toBeUndefined();
    expect(keyed.auth).toEqual({ param: "apiKey", alsoSends: [{ in: "body", name: "key" }] });
    expect(keyed.params?.apiKey?.secret).toBe(true);
  });

  // Seed 1338: a converter's only operation, its body's `key` "The license key required to use the API", was drafted a
  // bearer scheme the API does not take beside a plain `key`.
  it("is the credential when described as the key required to use the API", () => {
    const keyed = store("The license key required to use the API");
    expect(keyed.auth).toEqual({ param: "apiKey", alsoSends: [{ in: "body", name: "key" }] });
    expect(keyed.params?.apiKey?.secret).toBe(true);
  });
});
