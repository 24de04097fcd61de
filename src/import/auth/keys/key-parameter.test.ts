// A document with no security scheme whose operations take the key as a
// parameter of their own (key-parameter.ts): that parameter's place is
// the credential's, drafted secret, and the linked tool sends the key there.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, notesAt, reply } from "../../__fixtures__/draft-kit.js";
import { keyParameter } from "./key-parameter.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const KEY = {
  name: "xi-zq-api-key",
  in: "header",
  required: false,
  description: "Your API key.",
  schema: { type: "string" },
};
const op = (operationId: string, parameters: unknown[]) => ({
  operationId,
  parameters,
  responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
});
/** A document that declares no security scheme at all. */
const noSchemes = (paths: Record<string, unknown>, parameters: Record<string, unknown> = {}) => ({
  openapi: "3.0.3",
  info: { title: "Zq Voices", version: "1" },
  servers: [{ url: "https://api.zq-voices.test" }],
  paths,
  components: { parameters },
});

describe("keyParameter", () => {
  it(
    "finds the key parameter most operations take (a $ref to a shared one included); none taken " +
      "by fewer than half, nor a paging token",
    () => {
      const doc = noSchemes({}, { key: KEY });
      const ops = [
        { op: op("a", [{ $ref: "#/components/parameters/key" }]) },
        { op: op("b", [KEY, { name: "voice", in: "query", schema: { type: "string" } }]) },
        { op: op("c", []) },
      ];
      expect(keyParameter(doc, ops)).toEqual({
        in: "header",
        name: "xi-zq-api-key",
        description: "Your API key.",
        optional: true,
      });
      expect(keyParameter(doc, [...ops, { op: op("d", []) }, { op: op("e", []) }])).toBeUndefined();
      expect(
        keyParameter(doc, [{ op: op("f", [{ name: "voice_key_name", in: "query", schema: { type: "string" } }]) }]),
      ).toBeUndefined();
      // A paging token on every operation is no credential.
      expect(
        keyParameter(doc, [
          { op: op("g", [{ name: "page_token", in: "query", schema: { type: "string" } }]) },
          { op: op("h", [{ name: "next_token", in: "query", schema: { type: "string" } }]) },
        ]),
      ).toBeUndefined();
    },
  );
});

describe("a drafted document with no security scheme whose operations take a key header", () => {
  const doc = noSchemes({
    "/voices": { get: op("listVoices", [KEY]) },
    "/voices/{id}": {
      get: op("getVoice", [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 40 } }, KEY]),
    },
  });

  it(
    "drafts that header as the credential, secret, added to the cut as an API key scheme, and " + "sends the key there",
    async () => {
      const d = drafted(doc, ["listVoices", "getVoice"]);
      expect(d.manifest.auth).toEqual({ scheme: "apiKeyAuth", param: "apiKey" });
      // The document leaves the key optional: so is the credential (sent when given, none when not).
      expect(d.manifest.params?.apiKey).toMatchObject({ secret: true, required: false });
      expect(Object.keys(d.manifest.operations.acme_get_voice!.params!)).toEqual(["id"]);
      expect(notesAt(d, "auth")[0]).toMatch(
        new RegExp(
          "^the document declares no security scheme, but its operations take the key as the header " +
            "parameter xi-zq-api-key: drafted as the credential",
        ),
      );
      expect(d.openapiText).toContain("apiKeyAuth");
      expect(await linkProblems(d)).toEqual([]);
      const tool = (await linkedTools(d)).find((t) => t.operationId === "getVoice");
      const { fetch, seen } = scriptedFetch(json(200, { id: "v1" }));
      expect(
        await executeToolDefinition(
          tool!,
          { apiKey: "zq-voices-key-0001", id: "v1" },
          { baseUrl: "http://127.0.0.1:9", fetch },
        ),
      ).toMatchObject({ success: true });
      expect(seen[0]?.headers.get("xi-zq-api-key")).toBe("zq-voices-key-0001");
    },
  );
});

describe("a required header named as a token or key of some kind, on every operation", () => {
  const header = (name: string, required = true) => ({ name, in: "header", required, schema: { type: "string" } });

  it(
    "is the credential (X-Zqmail-Server-Token, Private-Token); not an idempotency key, a page's " +
      "token, nor an optional header",
    () => {
      const doc = noSchemes({});
      const every = (p: unknown) => [{ op: op("a", [p]) }, { op: op("b", [p]) }];
      expect(keyParameter(doc, every(header("X-Zqmail-Server-Token")))).toEqual({
        in: "header",
        name: "X-Zqmail-Server-Token",
        optional: false,
      });
      expect(keyParameter(doc, every(header("Private-Token")))?.name).toBe("Private-Token");
      expect(keyParameter(doc, every(header("Idempotency-Key")))).toBeUndefined();
      expect(keyParameter(doc, every(header("X-Page-Token")))).toBeUndefined();
      expect(keyParameter(doc, every(header("X-Zqmail-Server-Token", false)))).toBeUndefined();
    },
  );

  // Found in the public directory (seed 287): an API gateway's document, no scheme, whose every operation but one
  // requires `x-tyk-authorization` ("tyk gateway shared secret"): drafted a plain header beside a made-up bearer token.
  it("is the credential when named as an authorization of its own (X-Zqgate-Authorization), not the bare word", () => {
    const doc = noSchemes({});
    const every = (p: unknown) => [{ op: op("a", [p]) }, { op: op("b", [p]) }];
    expect(keyParameter(doc, every(header("X-Zqgate-Authorization")))).toEqual({
      in: "header",
      name: "X-Zqgate-Authorization",
      optional: false,
    });
    expect(keyParameter(doc, every(header("Zqauthorization")))).toBeUndefined();
    expect(keyParameter(doc, every(header("X-Zqgate-Authorization", false)))).toBeUndefined();
  });

  // Review55: a required `X-Zq-Payment-Authorization`, "the payment's authorization reference returned by the card
  // network", was drafted as the API's key (secret, the key sent there): its description says another thing.
  it("reads an authorization header's description: a credential's words or none carry the key, a reference not", () => {
    const doc = noSchemes({});
    const every = (p: unknown) => [{ op: op("a", [p]) }, { op: op("b", [p]) }];
    const named = (description: string) => ({ ...header("X-Zq-Payment-Authorization"), description });
    const reference = named("The payment's authorization reference returned by the card network.");
    expect(keyParameter(doc, every(reference))).toBeUndefined();
    expect(keyParameter(doc, every(named("The id of the payment's authorization.")))).toBeUndefined();
    expect(keyParameter(doc, every(named("Status of the card authorization")))).toBeUndefined();
    for (const words of ["zqgate gateway shared secret", "The API key of your account.", "Your access token."])
      expect(keyParameter(doc, every(named(words)))?.name, words).toBe("X-Zq-Payment-Authorization");
    expect(keyParameter(doc, every(header("X-Zq-Payment-Authorization")))?.name).toBe("X-Zq-Payment-Authorization");
  });

  it("drafts an authorization header described as a reference as a plain input, not the credential", () => {
    const ref = {
      ...header("X-Zq-Payment-Authorization"),
      description: "The payment's authorization reference returned by the card network.",
    };
    const d = drafted(noSchemes({ "/zqrefunds": { post: op("createZqrefund", [ref]) } }), ["createZqrefund"]);
    expect(d.manifest.auth).not.toMatchObject({ param: "apiKey" });
    expect(d.manifest.operations.acme_create_zqrefund?.params?.xZqPaymentAuthorization).toMatchObject({
      required: true,
      wire: { in: "header", name: "X-Zq-Payment-Authorization" },
    });
    expect(d.manifest.operations.acme_create_zqrefund?.params?.xZqPaymentAuthorization?.secret).toBeFalsy();
  });

  it("drafts as the credential, secret, in a document that links", async () => {
    const token = { ...header("X-Zqmail-Server-Token"), description: "The token of the server." };
    const d = drafted(noSchemes({ "/zqbounces": { get: op("listZqbounces", [token]) } }), ["listZqbounces"]);
    expect(d.manifest.auth).toMatchObject({ param: "apiKey" });
    expect(d.manifest.params?.apiKey).toMatchObject({ secret: true });
    expect(await linkProblems(d)).toEqual([]);
  });
});

describe("an Authorization header parameter whose example is a bare key, on every operation", () => {
  const authorization = (example: string | undefined) => ({
    name: "Authorization",
    in: "header",
    required: false,
    ...(example === undefined ? {} : { example }),
    schema: { type: "string" },
  });

  it("is the credential, sent bare; not one whose example names a scheme, nor one with no example", () => {
    const doc = noSchemes({});
    const every = (p: unknown) => [{ op: op("a", [p]) }, { op: op("b", [p]) }];
    expect(keyParameter(doc, every(authorization("zq30Nlbs0DjvsdFIne934")))).toEqual({
      in: "header",
      name: "Authorization",
      optional: true,
    });
    expect(keyParameter(doc, every(authorization("Bearer zq30Nlbs0Djvsd")))).toBeUndefined();
    expect(keyParameter(doc, every(authorization(undefined)))).toBeUndefined();
  });

  it("drafts it as an API key in Authorization, and the linked tool sends the key with no prefix", async () => {
    const d = drafted(noSchemes({ "/zqhello": { get: op("getZqhello", [authorization("zq30Nlbs0Djvsd")]) } }), [
      "getZqhello",
    ]);
    expect(d.manifest.auth).toEqual({ scheme: "apiKeyAuth", param: "apiKey" });
    expect(await linkProblems(d)).toEqual([]);
    const tool = (await linkedTools(d)).find((t) => t.operationId === "getZqhello");
    const { fetch, seen } = scriptedFetch(json(200, { id: "h1" }));
    expect(
      await executeToolDefinition(tool!, { apiKey: "zq-key-0001" }, { baseUrl: "http://127.0.0.1:9", fetch }),
    ).toMatchObject({ success: true });
    expect(seen[0]?.headers.get("authorization")).toBe("zq-key-0001");
  });
});

describe("a key header whose name parts its words with dots, on every operation", () => {
  const header = (name: string, description: string) => ({
    name,
    in: "header",
    required: true,
    description,
    schema: { type: "string" },
  });
  const token = header("ZQ_SEC.ACCESS_TOKEN", "The access token the token call gave.");
  const correlation = header("ZQ_QOS.CORRELATION_ID", "A unique id of each call.");

  it("is the credential (ZQ_SEC.ACCESS_TOKEN); not a correlation id, nor a dotted page token", () => {
    const doc = noSchemes({});
    const every = (...p: unknown[]) => [{ op: op("a", p) }, { op: op("b", p) }];
    expect(keyParameter(doc, every(correlation, token))).toEqual({
      in: "header",
      name: "ZQ_SEC.ACCESS_TOKEN",
      description: "The access token the token call gave.",
      optional: false,
    });
    expect(keyParameter(doc, every(correlation))).toBeUndefined();
    expect(keyParameter(doc, every(header("ZQ.PAGE.TOKEN", "The next page.")))).toBeUndefined();
  });

  it("drafts as the credential, secret, where the operations say security: [], and sends it there", async () => {
    const doc = {
      ...noSchemes({
        "/zqprices": { put: { ...op("updateZqprice", [token, correlation]), security: [] } },
      }),
      security: [{}],
    };
    const d = drafted(doc, ["updateZqprice"]);
    expect(d.manifest.auth).toEqual({ scheme: "apiKeyAuth", param: "apiKey" });
    expect(d.manifest.params?.apiKey).toMatchObject({ secret: true });
    expect(Object.keys(d.manifest.operations.acme_update_zqprice!.params!)).toEqual(["zqQosCorrelationId"]);
    expect(await linkProblems(d)).toEqual([]);
    const tool = (await linkedTools(d)).find((t) => t.operationId === "updateZqprice");
    const { fetch, seen } = scriptedFetch(json(200, { id: "p1" }));
    expect(
      await executeToolDefinition(
        tool!,
        { apiKey: "zq-token-0001", zqQosCorrelationId: "c-1" },
        { baseUrl: "http://127.0.0.1:9", fetch },
      ),
    ).toMatchObject({ success: true });
    expect(seen[0]?.headers.get("zq_sec.access_token")).toBe("zq-token-0001");
    expect(seen[0]?.headers.get("zq_qos.correlation_id")).toBe("c-1");
  });
});
