// Operations without an operationId on an RPC-style API, each path a method's name written as a call in code
// (`POST /getZqChatAdmins`, `POST /setZqMyCommands`), were named as a POST to a collection: `create_get_zq_chat_admin`,
// `create_set_zq_my_command` (a verb before the verb, the plural made singular), beside `post_get_zq_chat`. Such a
// segment says the whole action: it is the tool id as written (`get_zq_chat_admins`), under any method.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { drafted, draftWorkFolder, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const answer = { responses: { "200": reply({ type: "object", properties: { ok: { type: "boolean" } } }) } };
const doc = openapi({
  "/getZqChatAdmins": { post: answer },
  "/getZqChat": { post: answer },
  "/setZqMyCommands": { post: answer },
  "/zqbots/{bot}/sendZqMessage": {
    get: { ...answer, parameters: [{ name: "bot", in: "path", required: true, schema: { type: "string" } }] },
  },
  "/zqwidgets": { post: answer },
});

describe("a path whose last segment is a method's name written as a call", () => {
  it("is the tool id as written, its nouns kept; other paths are named as before; the draft links", async () => {
    const d = drafted(doc, [
      "POST /getZqChatAdmins",
      "POST /getZqChat",
      "POST /setZqMyCommands",
      "GET /zqbots/{bot}/sendZqMessage",
      "POST /zqwidgets",
    ]);
    expect(Object.keys(d.manifest.operations).sort()).toEqual([
      "acme_create_zqwidget",
      "acme_get_zq_chat",
      "acme_get_zq_chat_admins",
      "acme_set_zq_my_commands",
      "acme_zqbots_send_zq_message",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });
});
