// A required query value that is a text or a list of texts (`anyOf: [string, array of string]`, form, not exploded):
// its list form has no empty form in the address either. `[""]` sent `?zqnames=` (a value the upstream reads as
// missing: the mock refused the request as lacking a required parameter) and `["a", ""]` sent `?zqnames=a,`. So the
// list form takes one item at least, each of one character at least, as a plain required list does, refused before
// any request; an optional one is untouched.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { validateParams } from "@blockwright/runtime/internal";
import { draftWorkFolder, drafted, linkedTools, openapi, reply } from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const names = { anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] };
const checkZqNames = (required: boolean) =>
  openapi({
    "/zqnames/status": {
      get: {
        operationId: "checkZqNames",
        parameters: [{ name: "zqnames", in: "query", required, style: "form", explode: false, schema: names }],
        responses: { "200": reply({ type: "object", properties: { ok: { type: "boolean" } } }) },
      },
    },
  });

describe("a required query value whose one form is a list", () => {
  it("the list takes one item at least, none empty; refused before any request", async () => {
    const [tool] = await linkedTools(drafted(checkZqNames(true), ["checkZqNames"]));
    const check = (zqnames: unknown) => validateParams(tool!, { accessToken: "zq-token-0001", zqnames });
    for (const refused of [[""], ["a.zq", ""], []]) expect(check(refused)).toMatchObject({ ok: false });
    expect(check([""])).toMatchObject({ issues: [{ param: "zqnames", rule: "minLength" }] });
    for (const given of [["a.zq"], ["a.zq", "b.zq"], "a.zq"]) expect(check(given)).toMatchObject({ ok: true });
  });

  it("an optional one is left as the document says", async () => {
    const [tool] = await linkedTools(drafted(checkZqNames(false), ["checkZqNames"]));
    const list = tool!.params.find((p) => p.name === "zqnames")?.anyOf?.find((b) => b.type === "json");
    expect(list?.minItems).toBeUndefined();
  });
});
