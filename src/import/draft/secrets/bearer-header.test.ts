// A header named as a bearer token of its own (a chat service's participant `X-Zq-Bearer`, "The authentication token
// associated with the participant's connection", beside the API's own signed credential) and an OAuth code written as
// one word (`zqSalesforceAuthcode`, undescribed): add drafted both plain inputs (a secret audit of 150 documents of the
// public directory, seed 1314). Whoever holds the first speaks as the participant, the second takes a token: both are
// drafted secret and user-only now; the header's plain neighbour stays plain.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, jsonBody, linkProblems, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { zqOk: { type: "boolean" } } }, { zqOk: true }) };
const header = (name: string, description: string) => ({
  name,
  in: "header",
  required: true,
  description,
  schema: { type: "string" },
});
const doc = openapi({
  "/zqparticipant/message": {
    post: {
      operationId: "zqSendMessage",
      parameters: [
        header("X-Zq-Bearer", "The authentication token associated with the participant's connection."),
        header("X-Zq-Client-Name", "The name of the client sending the message."),
      ],
      requestBody: jsonBody({ type: "object", properties: { zqContent: { type: "string" } } }),
      responses: ok,
    },
  },
  "/zqintegrations": {
    post: {
      operationId: "zqConnect",
      requestBody: jsonBody({ type: "object", properties: { zqSalesforceAuthcode: { type: "string" } } }),
      responses: ok,
    },
  },
});

describe("a bearer header of its own, and an auth code written as one word", () => {
  it("are drafted secret and user-only; a header beside them stays plain; the draft links", async () => {
    const d = drafted(doc, ["zqSendMessage", "zqConnect"]);
    const secret = { secret: true, visibility: "user-only" };
    const message = d.manifest.operations.acme_zq_send_message?.params ?? {};
    const at = (header: string) => Object.values(message).find((p) => JSON.stringify(p.wire).includes(`"${header}"`));
    const bearer = at("X-Zq-Bearer");
    const client = at("X-Zq-Client-Name");
    expect(bearer).toMatchObject(secret);
    expect(client?.secret).toBeFalsy();
    expect(d.manifest.operations.acme_zq_connect?.params?.zqSalesforceAuthcode).toMatchObject(secret);
    expect(await linkProblems(d)).toEqual([]);
  });
});
