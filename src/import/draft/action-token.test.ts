// review: a body's `token` described as a one-time token that lets its holder act ("The move-in token from Move
// Requested email") was drafted a plain text, shown wherever an input shows and filled by an agent. The secret-name
// reading (load/schemas/secret-names.ts) reads the description: a token that grants an action is drafted secret; a
// continuation token, a count of tokens and a token's type stay plain.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = (description: string) => ({ type: "string", maxLength: 200, description });
const post = (operationId: string, properties: Record<string, unknown>) => ({
  post: {
    operationId,
    requestBody: { required: true, content: { "application/json": { schema: { type: "object", properties } } } },
    responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "z1" }) },
  },
});
const zqDoc = openapi({
  "/zqmoves": post("zqConfirmMove", { token: text("The move-in token from Move Requested email.") }),
  "/zqinvites": post("zqAcceptInvite", {
    invite_token: text("The invitation token that grants access to the zq team."),
  }),
  "/zqlists": post("zqListMore", { token: text("The continuation token of the zq list.") }),
  "/zqusage": post("zqReportUsage", { token_type: text("The token type."), token: text("The number of tokens used.") }),
});

describe("a body token described as one that grants an action", () => {
  const d = drafted(zqDoc, ["zqConfirmMove", "zqAcceptInvite", "zqListMore", "zqReportUsage"], "zqtokens");
  const params = (tool: string) => d.manifest.operations[`zqtokens_${tool}`]?.params ?? {};
  it("is drafted secret; a continuation token, a token count and a token's type stay plain", () => {
    expect(params("zq_confirm_move").token).toMatchObject({ secret: true });
    expect(params("zq_accept_invite").invite_token).toMatchObject({ secret: true });
    expect(params("zq_list_more").token?.secret).toBeFalsy();
    expect(params("zq_report_usage").token?.secret).toBeFalsy();
    expect(params("zq_report_usage").token_type?.secret).toBeFalsy();
  });
});
