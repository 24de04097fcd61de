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
      "a field key every operation's request body has, and the document declares no security scheme",
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
});
