// A secret inside a required JSON value's object (a relay's `zqlogin.password`) was hidden from a model and refused
// from one, but nothing joined the person's value in: every call a model made lacked it, refused as "is required" for
// a field the model may not give. The connection's value is joined now, under the field's place, into a copy of the
// model's object; a call that needs it and has none is refused naming the place and where the person sets it.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import type { ParamSpec, ToolSpec } from "../spec/tool-types.js";
import { llmCallParams } from "./llm-tools.js";
import { connectionPlaces } from "./nested-connection.js";

const zqlogin = {
  name: "zqlogin",
  type: "json",
  title: "Login",
  description: "The login.",
  required: true,
  secret: false,
  visibility: "user-or-llm",
  wire: { in: "body", pointer: "/zqlogin" },
  jsonType: "object",
  object: {
    type: "object",
    fields: {
      zquser: { type: "string" },
      zqpassword: { type: "string", secret: true },
      zqtls: { type: "object", fields: { zqkey: { type: "string", secret: true } }, required: ["zqkey"] },
    },
    required: ["zquser", "zqpassword"],
  },
} satisfies ParamSpec;
const zqtokens = {
  ...zqlogin,
  name: "zqtokens",
  required: false,
  jsonType: "array",
  object: undefined,
  items: { type: "object", fields: { zqvalue: { type: "string", secret: true } } },
} satisfies ParamSpec;
const tool: ToolSpec = {
  ...irFixture("shelf").operations[0]!.tool,
  id: "zqrelay_add",
  params: [zqlogin, zqtokens],
  rules: [],
  routes: [],
};
const PASSWORD = "zq-Pa55word-0077";

describe("a secret inside a JSON value's object, from the connection", () => {
  it("is a connection place where it has one value; a list's items are the model's", () => {
    expect(connectionPlaces(tool).map((p) => [p.name, p.required])).toEqual([
      ["zqlogin.zqpassword", true],
      ["zqlogin.zqtls.zqkey", false],
    ]);
  });

  it("is joined into a copy of the object the model gave, as an object or as JSON text", () => {
    const connection = { "zqlogin.zqpassword": PASSWORD, "zqlogin.zqtls.zqkey": "zq-tls-key-0078" };
    for (const given of [{ zquser: "zqann", zqtls: {} }, JSON.stringify({ zquser: "zqann", zqtls: {} })]) {
      const args = { zqlogin: given };
      const built = llmCallParams(tool, args, connection);
      expect(built).toEqual({
        params: { zqlogin: { zquser: "zqann", zqpassword: PASSWORD, zqtls: { zqkey: "zq-tls-key-0078" } } },
      });
      expect(JSON.stringify(args)).not.toContain(PASSWORD);
    }
    // An object the model left out stays out (the tool's check says it is required); an optional one's field too.
    expect(llmCallParams(tool, {}, connection)).toEqual({ params: {} });
    expect(llmCallParams(tool, { zqlogin: { zquser: "zqann" } }, { "zqlogin.zqpassword": PASSWORD })).toEqual({
      params: { zqlogin: { zquser: "zqann", zqpassword: PASSWORD } },
    });
  });

  it("is refused before any request when a call needs it and the host's place for it is unset, naming it", () => {
    const built = llmCallParams(
      tool,
      { zqlogin: { zquser: "zqann" } },
      {},
      { connectionNames: { "zqlogin.zqpassword": "environment variable ZQRELAY_ZQLOGIN_ZQPASSWORD" } },
    );
    expect(built).toMatchObject({ error: { type: "validation", param: "zqlogin", rule: "connection" } });
    expect((built as { error: { message: string } }).error.message).toBe(
      "zqlogin.zqpassword: is a secret the person running the tools sets (environment variable " +
        "ZQRELAY_ZQLOGIN_ZQPASSWORD), not a tool argument, and it is not set: ask the user to set it",
    );
    // A host that says no such place (an adapter, whose client holds the connection) leaves it to the tool's check.
    expect(llmCallParams(tool, { zqlogin: { zquser: "zqann" } }, {})).toEqual({
      params: { zqlogin: { zquser: "zqann" } },
    });
  });
});
