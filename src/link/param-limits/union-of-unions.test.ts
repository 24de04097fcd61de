// A JSON body whose schema is a union one member of which is itself a union of objects: `oneOf: [{oneOf: [A, B]}, C]`
// (a chat service's reply: a contact's reply, by one of three ids, each extending a base by allOf, or an admin's). The
// inner union is neither an object nor has fields, so the link took the one object member, C, as the value's shape: a
// value of A was refused for lacking C's required field, add's own example included (add exit 1, BW2009; found by
// `npm run corpus -- --sdk`). The inner union's members are now the outer union's.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  openapi,
  reply,
  sentOrRefused,
} from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const zqBase = {
  type: "object",
  required: ["zqKind", "zqBody"],
  properties: { zqKind: { type: "string", enum: ["zquser"] }, zqBody: text },
};
const byId = { type: "object", allOf: [zqBase], required: ["zqUserId"], properties: { zqUserId: text } };
const byEmail = { type: "object", allOf: [zqBase], required: ["zqEmail"], properties: { zqEmail: text } };
const zqAdmin = {
  type: "object",
  required: ["zqKind", "zqAdminId"],
  properties: { zqKind: { type: "string", enum: ["zqadmin"] }, zqAdminId: text, zqBody: text },
};

const document = openapi({
  "/zqreply": {
    post: {
      operationId: "replyZqThread",
      requestBody: {
        required: true,
        content: {
          "application/json": { schema: { oneOf: [{ title: "Zq contact", oneOf: [byId, byEmail] }, zqAdmin] } },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "zq1" }) },
    },
  },
});

describe("a JSON body that is a union one member of which is a union of objects", () => {
  it("links add's own example, and sends a value of any inner or outer member; refuses one meeting none", async () => {
    const d = drafted(document, ["replyZqThread"], "zqunions");
    expect(await linkProblems(d, "zqunions")).toEqual([]);
    const tool = (await linkedTools(d, "zqunions")).find((t) => t.id === "zqunions_reply_zq_thread")!;
    const body = tool.params.find((p) => p.wire.in === "body")!;
    const send = (value: unknown) => sentOrRefused(tool, { [body.name]: value }, { id: "zq1" });
    expect(await send({ zqKind: "zquser", zqBody: "hi", zqUserId: "u1" })).toEqual({ message: "sent", sent: 1 });
    expect(await send({ zqKind: "zquser", zqBody: "hi", zqEmail: "zq@example.com" })).toEqual({
      message: "sent",
      sent: 1,
    });
    expect(await send({ zqKind: "zqadmin", zqAdminId: "a1" })).toEqual({ message: "sent", sent: 1 });
    expect(await send({ zqBody: "hi" })).toMatchObject({ sent: 0 });
  });
});
