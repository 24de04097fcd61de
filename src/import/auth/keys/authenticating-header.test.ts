// A document with no security scheme whose operations require a header named as nothing but an authentication, its
// description saying the value is the token that authenticates the call (a bank's `X-Zq-Client-Authentication`, "The
// authentication token is used to authenticate the source of the API call. It is required by all API calls except for
// POST /v1/installation"; found in the public directory, link audit 1290). add drafted a bearer token the API never
// reads as the credential, and the header as a plain input of every operation, written in clear in logs, errors and
// recordings. The header is the credential now, as a header named as a key is.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, reply } from "../../__fixtures__/draft-kit.js";
import { describedAsTheToken } from "../../../load/schemas/api-key-words.js";
import { namesSecret } from "../../../load/schemas/secrets/secret-names.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const SAID =
  "The authentication token is used to authenticate the source of the API call. It is required by all API calls " +
  "except for POST /v1/zqinstallation.";
const HEADER = { name: "X-Zq-Client-Authentication", in: "header", required: true, description: SAID };
const op = (operationId: string, parameters: unknown[]) => ({
  operationId,
  parameters: parameters.map((p) => ({ ...(p as object), schema: { type: "string" } })),
  responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
});
const doc = {
  openapi: "3.0.3",
  info: { title: "Zq Bank", version: "1" },
  servers: [{ url: "https://api.zq-bank.test" }],
  paths: {
    "/v1/zqinstallation": { post: op("zqInstall", []) },
    "/v1/zqusers": { get: op("zqListUsers", [HEADER]) },
    "/v1/zqusers/{zqid}": { get: op("zqGetUser", [{ name: "zqid", in: "path", required: true }, HEADER]) },
  },
};

describe("a description saying the value is the token that authenticates the call", () => {
  it("says the caller's token, not one the call acts on or another's", () => {
    expect(describedAsTheToken(SAID)).toBe(true);
    expect(describedAsTheToken("The session token authenticates each request.")).toBe(true);
    expect(describedAsTheToken("The access token to revoke.")).toBe(false);
    expect(describedAsTheToken("The access token is used to authenticate the user at the partner's site.")).toBe(false);
    expect(namesSecret("X-Zq-Client-Authentication", SAID)).toBe(true);
  });
});

describe("a required header of such a description on most operations, no scheme declared", () => {
  const d = drafted(doc, ["zqInstall", "zqListUsers", "zqGetUser"]);

  it("is drafted as the credential, an API key in that header, and no operation's own input", async () => {
    expect(d.manifest.auth).toMatchObject({ param: "apiKey" });
    expect(d.manifest.params?.apiKey).toMatchObject({ secret: true });
    expect(Object.keys(d.manifest.operations.acme_zq_get_user?.params ?? {})).toEqual(["zqid"]);
    expect(d.openapiText).toContain("X-Zq-Client-Authentication");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("sends the token in that header", async () => {
    const tool = (await linkedTools(d)).find((t) => t.operationId === "zqGetUser");
    const { fetch, seen } = scriptedFetch(json(200, { id: "zq1" }));
    const input = { apiKey: "zq-session-token-0042", zqid: "zq1" };
    const run = await executeToolDefinition(tool!, input, { baseUrl: "http://127.0.0.1:9", fetch });
    expect(run).toMatchObject({ success: true });
    expect(seen[0]?.headers.get("X-Zq-Client-Authentication")).toBe("zq-session-token-0042");
    expect(seen[0]?.headers.get("authorization")).toBeNull();
  });
});
