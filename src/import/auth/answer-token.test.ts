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
