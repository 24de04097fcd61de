// The `--mock` token endpoint answers a flow's token request whether it is the form RFC 6749 says or, for a flow whose
// document takes JSON (`tokenFormat: json`), one JSON object; a body that is neither, or names no known grant, gets the
// error a real endpoint gives.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTokenMock, type TokenMock } from "./token-mock.js";

let tokens: TokenMock;
const logs: string[] = [];
beforeAll(async () => {
  tokens = await startTokenMock("127.0.0.1", (line) => logs.push(line));
});
afterAll(async () => {
  await tokens?.close();
});

const post = (type: string, body: string) =>
  fetch(tokens.tokenUrl("zqmock"), { method: "POST", headers: { "content-type": type }, body });

describe("the mock token endpoint", () => {
  it("issues a token for a JSON request of a known grant, under a vendor's JSON type too", async () => {
    for (const type of ["application/json", "application/vnd.zq.auth+json; charset=utf-8"]) {
      const answer = await post(type, JSON.stringify({ grant_type: "client_credentials", client_id: "zq" }));
      expect(answer.status, type).toBe(200);
      expect(await answer.json()).toMatchObject({ token_type: "Bearer", access_token: expect.any(String) });
    }
  });

  it("refuses a JSON body that is no object or names no known grant, and a body of another type", async () => {
    const refused = [
      ["application/json", "[]", "invalid_request"],
      ["application/json", "{not json", "invalid_request"],
      ["application/json", '{"grant_type":"password"}', "unsupported_grant_type"],
      ["text/plain", "grant_type=client_credentials", "invalid_request"],
    ] as const;
    for (const [type, body, error] of refused) {
      const answer = await post(type, body);
      expect(answer.status, body).toBe(400);
      expect(await answer.json(), body).toMatchObject({ error });
    }
  });
});
