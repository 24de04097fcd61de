// Credentials holding characters a header cannot carry alike everywhere. A bearer token or a key sent as it is in a
// header must be ASCII: `é` went as one Latin-1 byte (a server reading UTF-8 sees another key), `€` threw in fetch.
// Such a value is refused before any request, naming the parameter and the rule, the value withheld. HTTP basic goes
// base64 of UTF-8 (RFC 7617), a query key percent-encoded UTF-8: any text but control characters.
import { rmSync } from "node:fs";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, openapi, reply, type Json } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

async function toolWith(schemes: Json): Promise<ToolSpec> {
  const name = Object.keys(schemes)[0] as string;
  const op = {
    operationId: "getZqThing",
    security: [{ [name]: [] }],
    responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "t1" }) },
  };
  const doc = openapi({ "/zqthing": { get: op } }, { securitySchemes: schemes }, { security: null });
  delete doc.security;
  return (await linkedTools(drafted(doc, ["getZqThing"]))).find((t) => t.operationId === "getZqThing") as ToolSpec;
}

/** One call: what it sent (its address and the header named), or its refusal with the number of requests sent. */
async function call(tool: ToolSpec, input: Json, header: string): Promise<Json> {
  const { fetch, seen } = scriptedFetch(json(200, { id: "t1" }));
  const result = await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9", fetch });
  if (!result.success) {
    const { rule, param, message } = result.error;
    return { refused: { rule, param, message, requests: seen.length } };
  }
  return { url: seen[0]?.url, [header]: seen[0]?.headers.get(header) };
}

const SECRET = "zq-secret-";

describe("a credential with characters a header cannot carry", () => {
  it("a bearer token or a header key outside ASCII: refused before any request, the value withheld", async () => {
    const bearer = await toolWith({ zqBearer: { type: "http", scheme: "bearer" } });
    const header = await toolWith({ zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" } });
    for (const [tool, param] of [
      [bearer, "accessToken"],
      [header, "apiKey"],
    ] as const) {
      for (const bad of [`${SECRET}é`, `${SECRET}€`, `${SECRET}a\r\nX-Zq: 1`]) {
        const result = await call(tool, { [param]: bad }, "authorization");
        expect(result.refused).toMatchObject({ param, rule: "characters", requests: 0 });
        expect(result.refused.message).toMatch(new RegExp(`^${param}: must`));
        expect(JSON.stringify(result)).not.toContain(SECRET);
      }
    }
    expect((await call(bearer, { accessToken: `${SECRET}é` }, "authorization")).refused.message).toMatch(
      new RegExp(
        "^accessToken: must be ASCII text \\(it is sent as it is in Authorization, which carries no other " +
          "character alike on every server; character 11 is outside ASCII\\), got ",
      ),
    );
    expect(await call(header, { apiKey: `${SECRET}~!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}` }, "x-zq-key")).toMatchObject({
      "x-zq-key": `${SECRET}~!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}`,
    });
  });

  it("HTTP basic: é and € go as UTF-8 before base64 (RFC 7617); a line break is refused", async () => {
    const basic = await toolWith({ zqBasic: { type: "http", scheme: "basic" } });
    const sent = await call(basic, { username: "zqé", password: `${SECRET}é€` }, "authorization");
    const text = new TextDecoder().decode(
      Uint8Array.from(atob(String(sent.authorization).replace(/^Basic /, "")), (c) => c.charCodeAt(0)),
    );
    expect(text).toBe(`zqé:${SECRET}é€`);
    const refused = await call(basic, { username: "zq", password: `${SECRET}\n` }, "authorization");
    expect(refused.refused).toMatchObject({ param: "password", rule: "characters", requests: 0 });
    expect(JSON.stringify(refused)).not.toContain(SECRET);
  });

  it("a query key: é and € percent-encoded UTF-8", async () => {
    const query = await toolWith({ zqQuery: { type: "apiKey", in: "query", name: "zq_key" } });
    expect((await call(query, { apiKey: `${SECRET}é€` }, "authorization")).url).toBe(
      "http://127.0.0.1:9/zqthing?zq_key=zq-secret-%C3%A9%E2%82%AC",
    );
  });
});
