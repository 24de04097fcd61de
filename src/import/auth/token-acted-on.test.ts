// A required body field named as a token whose words say it is the token the operation acts on ("An access token to
// introspect.", "The refresh token to revoke.", "The access token issued to the client that called the zq endpoint."):
// the operation's own input, drafted secret, sent in the body. Before, it was taken as the caller's bearer credential
// repeated in the body (auth.covers), so no call sent it: an introspection checked nothing, while the draft linked and
// its tests passed. So is a token of a kind no bearer credential is (a refresh token, a client's registration access
// token). A field that says it repeats the caller's own credential stays covered.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const body = (field: string, description: string) => ({
  required: true,
  content: {
    "application/json": {
      schema: {
        type: "object",
        required: [field],
        properties: {
          [field]: { type: "string", description },
          zqScopes: { type: "array", items: { type: "string" } },
        },
      },
    },
  },
});
const post = (operationId: string, field: string, description: string) => ({
  post: {
    operationId,
    requestBody: body(field, description),
    responses: { "200": reply({ type: "object", properties: { zqActive: { type: "boolean" } } }, { zqActive: true }) },
  },
});

describe("a body token the operation acts on", () => {
  const acted = [
    ["zqInspect", "/zqshelf/inspect", "token", "An access token to introspect."],
    ["zqRevoke", "/zqshelf/revoke", "token", "The refresh token to revoke."],
    ["zqUserinfo", "/zqshelf/userinfo", "token", "The access token issued to the client that called the zq endpoint."],
    ["zqRegistration", "/zqshelf/registration", "token", "The client registration access token. Used only for GET."],
    ["zqPassed", "/zqshelf/passed", "token", "The access token that has been passed to the zq endpoint by the client."],
  ] as const;

  it.each(acted)(
    "%s: is drafted as the operation's secret input and sent in the body",
    async (id, path, field, words) => {
      const d = drafted(openapi({ [path]: post(id, field, words) }), [id]);
      expect(d.manifest.auth.covers).toBeUndefined();
      const tool = Object.values(d.manifest.operations)[0];
      expect(tool?.params?.[field]).toMatchObject({ type: "string", required: true, secret: true });
      expect(await linkProblems(d)).toEqual([]);
      const [linked] = await linkedTools(d);
      const { fetch, seen } = scriptedFetch(json(200, { zqActive: true }));
      const result = await executeToolDefinition(
        linked!,
        { accessToken: "zq-caller-credential-0001", [field]: "zq-inspected-token-0002" },
        { fetch, baseUrl: "http://127.0.0.1:9" },
      );
      expect(result.success).toBe(true);
      expect(JSON.parse(seen[0]!.body ?? "{}")).toMatchObject({ [field]: "zq-inspected-token-0002" });
      expect(seen[0]?.headers.get("authorization")).toBe("Bearer zq-caller-credential-0001");
    },
  );

  it.each(["Your access token, for authentication.", "The access token issued to your application."])(
    "a body token that says it is the caller's credential still repeats it (covered): %s",
    (words) => {
      const d = drafted(openapi({ "/zqshelf/call": post("zqCall", "token", words) }), ["zqCall"]);
      expect(d.manifest.auth.covers).toEqual(["token"]);
    },
  );
});
