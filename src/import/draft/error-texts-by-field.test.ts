// An error answer that keeps its texts by field in an object named for errors (`{error_messages: {email: "…"}}`),
// shown only by that field's own example (no example of the answer): its first field's text drafted as the message's
// place, with the note that other fields' errors are not read there; a map of codes is no message. A never-used
// published document's 400 found no message place, and its derived case was red.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import { draftWorkFolder, drafted, linkedTools, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const withError = (answer: Record<string, unknown>) =>
  openapi({ "/zqgadgets": { get: { operationId: "listZqGadgets", responses: { ...ok, "400": answer } } } });

/** The message the runtime reads from `body`, answered with a 400 to the drafted tool. */
async function messageOf(d: ReturnType<typeof drafted>, body: unknown): Promise<unknown> {
  const [tool] = await linkedTools(d);
  const result = await executeToolDefinition(
    tool!,
    { accessToken: "zq-token-0001" },
    {
      baseUrl: "https://api.acme.test",
      fetch: async () =>
        new Response(JSON.stringify(body), { status: 400, headers: { "content-type": "application/json" } }),
      retries: 0,
    },
  );
  return result.success ? undefined : result.error.message;
}

describe("an error answer's texts by field", () => {
  it("in an object of texts by field named for errors, shown by its example: {error_messages: {a: text}}", async () => {
    // A map of the fields at fault to their messages (additionalProperties: string), its example on the property.
    const byField = { type: "object", additionalProperties: { type: "string" } };
    const example = { zqEmail: "must be unique", zqPassword: "can't be blank" };
    const schema = { type: "object", properties: { zq_error_messages: { ...byField, example } } };
    const d = drafted(withError({ description: "Refused.", content: { "application/json": { schema } } }), [
      "listZqGadgets",
    ]);
    expect(d.manifest.errors.message).toEqual(["$response.body#/zq_error_messages/zqEmail"]);
    expect(notesAt(d, "errors.message")).toEqual([
      expect.stringMatching(/^\$response\.body#\/zq_error_messages\/zqEmail reads the errors of zqEmail only/),
    ]);
    expect(await messageOf(d, { zq_error_messages: example })).toBe("must be unique");
    // A map whose texts are codes is no message: not read as one.
    const coded = { type: "object", properties: { zq_errors: { ...byField, example: { code: "E1", type: "x" } } } };
    const c = drafted(withError({ description: "Refused.", content: { "application/json": { schema: coded } } }), [
      "listZqGadgets",
    ]);
    expect(c.manifest.errors.message).not.toContain("$response.body#/zq_errors/code");
  });
});
