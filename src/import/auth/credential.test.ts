// The drafted credential, per kind of security scheme, on small documents of
// the tests' own: a bearer token, an API key in a header or the query, HTTP
// basic, none declared (a bearer token added), requirements of several schemes
// and alternatives — each draft links as generate links it.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkProblems,
  notesAt,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const query = (name: string, schema: Json, extra: Json = {}) => ({ name, in: "query", schema, ...extra });

describe("the credential, per kind of security scheme", () => {
  const one = (schemes: Json, security: Json[] | undefined, params: Json[] = []) =>
    openapi(
      {
        "/me": {
          get: {
            operationId: "me",
            parameters: params,
            ...(security ? { security } : {}),
            responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "u1" }) },
          },
        },
      },
      { securitySchemes: schemes },
      { security: null },
    );

  it("an HTTP bearer token", async () => {
    const d = drafted(
      one({ token: { type: "http", scheme: "bearer", description: "A personal token." } }, [{ token: [] }]),
      ["me"],
    );
    expect(d.manifest.auth).toEqual({ scheme: "token", param: "accessToken" });
    expect(d.manifest.params!.accessToken).toEqual({
      type: "string",
      title: "Access token",
      required: true,
      secret: true,
      maxLength: 2048,
      description: "A personal token. The access token, sent as a bearer token.",
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it(
    "an API key in a header, where a parameter of the same header is the credential's own slot, " + "not drafted",
    async () => {
      const d = drafted(
        one(
          { key: { type: "apiKey", in: "header", name: "X-Api-Key" } },
          [{ key: [] }],
          [{ name: "x-api-key", in: "header", required: false, schema: { type: "string" } }],
        ),
        ["me"],
      );
      expect(d.manifest.auth).toEqual({ scheme: "key", param: "apiKey" });
      expect(d.manifest.params!.apiKey!.description).toBe("The API key, sent as the X-Api-Key header.");
      expect(d.manifest.operations.acme_me!.params).toBeUndefined();
      expect(notesAt(d, "operations.acme_me")).toEqual([
        "header parameter x-api-key is where the credential goes (auth: key)",
      ]);
      expect(await linkProblems(d)).toEqual([]);
    },
  );

  it("an API key in the query", async () => {
    const d = drafted(one({ key: { type: "apiKey", in: "query", name: "key" } }, [{ key: [] }]), ["me"]);
    expect(d.credential.placement).toEqual({ type: "query", name: "key" });
    expect(await linkProblems(d)).toEqual([]);
  });

  for (const type of ["oauth2", "openIdConnect"]) {
    it(
      `an ${type} scheme: its access token as a bearer token; a required token parameter beside ` +
        "it is covered by it, not drafted",
      async () => {
        const scheme =
          type === "oauth2"
            ? {
                type,
                flows: {
                  authorizationCode: {
                    authorizationUrl: "https://acme.test/a",
                    tokenUrl: "https://acme.test/t",
                    scopes: {},
                  },
                },
              }
            : { type, openIdConnectUrl: "https://acme.test/.well-known/openid-configuration" };
        const d = drafted(
          one(
            { login: scheme },
            [{ login: [] }],
            [
              query(
                "token",
                { type: "string" },
                { required: true, description: "Authentication token. Requires scope: `me:read`" },
              ),
              query("fields", { type: "string", maxLength: 100 }, { description: "A token list of fields." }),
            ],
          ),
          ["me"],
        );
        expect(d.credential).toMatchObject({ scheme: "login", param: "accessToken", placement: { type: "bearer" } });
        expect(Object.keys(d.manifest.operations.acme_me!.params!)).toEqual(["fields"]);
        expect(notesAt(d, "auth")).toEqual([
          `security scheme login is ${type}: its access token is sent as a bearer token; obtaining it (the OAuth ` +
            "flow) is the caller's",
        ]);
        expect(notesAt(d, "operations.acme_me")).toEqual([
          'query parameter "token" repeats the credential that security scheme login sends (auth.param ' +
            "accessToken): covered by it (auth.covers), not drafted",
        ]);
        expect(d.manifest.auth).toEqual({ scheme: "login", param: "accessToken", covers: ["token"] });
        expect(await linkProblems(d)).toEqual([]);
        // Without the cover, the required token is missing.
        const uncovered = { ...d, manifestText: d.manifestText.replace(/\n {2}covers:\n {4}- token\n/, "\n") };
        expect(uncovered.manifestText).not.toMatch(/^ +covers:/m);
        expect(await linkProblems(uncovered)).toEqual([
          expect.stringMatching(/requires query parameter "token" for "me", but no parameter or constant supplies it$/),
        ]);
      },
    );
  }

  it(
    "a token form field of an operation that declares the credential's own Authorization header is the token it " +
      "acts on (a revocation's): drafted as the body requires it, not covered by the credential",
    async () => {
      const doc = openapi(
        {
          "/zq/revoke": {
            post: {
              operationId: "revokeZq",
              parameters: [
                {
                  name: "Authorization",
                  in: "header",
                  required: true,
                  description: "A client's access token, as Bearer and the token.",
                  schema: { type: "string" },
                },
              ],
              requestBody: {
                required: true,
                content: {
                  "application/x-www-form-urlencoded": {
                    schema: {
                      type: "object",
                      required: ["token"],
                      properties: {
                        token: { type: "string", description: "The access token the client wants revoked." },
                        hint: { type: "string", enum: ["access_token", "refresh_token"] },
                      },
                    },
                  },
                },
              },
              responses: { "200": reply({ type: "object" }, {}) },
            },
          },
        },
        {
          securitySchemes: {
            login: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "https://acme.test/t", scopes: {} } } },
          },
        },
        { security: [{ login: [] }] },
      );
      const d = drafted(doc, ["revokeZq"]);
      expect(d.manifest.auth).toMatchObject({ scheme: "login", param: "accessToken" });
      expect(d.manifest.auth.covers).toBeUndefined();
      expect(d.manifest.operations.acme_revoke_zq!.params!.token).toMatchObject({
        type: "string",
        required: true,
        wire: { in: "body" },
      });
      expect(notesAt(d, "operations.acme_revoke_zq")).toContain(
        "header parameter Authorization is where the credential goes (auth: login)",
      );
      expect(await linkProblems(d)).toEqual([]);
    },
  );

  it("no scheme at all: a bearer token, added to the cut as such, with a security requirement", async () => {
    const doc = one({}, undefined);
    delete doc.components.securitySchemes;
    const d = drafted(doc, ["me"]);
    expect(d.manifest.auth).toEqual({ scheme: "bearerAuth", param: "accessToken" });
    expect(d.added).toEqual(["components.securitySchemes.bearerAuth", "security"]);
    expect(d.openapiText).toContain(
      "# Added by blockwright add, not published: components.securitySchemes.bearerAuth and security",
    );
    // Optional: a public API works as drafted, one that takes a token works when given one.
    expect(d.openapiText).toMatch(/\nsecurity:\n {2}- \{\}\n {2}- bearerAuth: \[\]\npaths:/);
    expect(d.manifest.params?.accessToken).toMatchObject({ secret: true, required: false });
    expect(notesAt(d, "auth")[0]).toMatch(
      /^the document declares no security scheme; drafted an optional bearer token .*sent when a call gives one, none/,
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it(
    "no scheme at all and security: [] (authentication left to the deployment): the added " +
      "bearer token takes the empty requirements' place",
    async () => {
      const doc = one({}, []);
      delete doc.components.securitySchemes;
      doc.security = [];
      const d = drafted(doc, ["me"], "zqopen");
      expect(d.manifest.auth).toEqual({ scheme: "bearerAuth", param: "accessToken" });
      expect(d.added).toEqual(["components.securitySchemes.bearerAuth", "security"]);
      expect(d.openapiText).toMatch(/\nsecurity:\n {2}- \{\}\n {2}- bearerAuth: \[\]\npaths:/);
      expect(d.openapiText).not.toMatch(/security: \[\]/);
      // The published document is not changed.
      expect(doc.paths["/me"].get.security).toEqual([]);
      expect(await linkProblems(d, "zqopen")).toEqual([]);
    },
  );

  it(
    "security: [] beside declared schemes (authentication left to the deployment): the best " +
      "declared scheme, in the empty requirements' place",
    async () => {
      const doc = one(
        {
          zqKerberos: { type: "http", scheme: "negotiate" },
          zqBasic: { type: "http", scheme: "basic" },
          zqOidc: { type: "openIdConnect", openIdConnectUrl: "https://zq.test/.well-known" },
        },
        [],
      );
      doc.security = [];
      const d = drafted(doc, ["me"], "zqopen");
      expect(d.manifest.auth).toEqual({ scheme: "zqBasic", param: "password", user: "username" });
      expect(d.added).toEqual(["security"]);
      expect(d.openapiText).toMatch(/\nsecurity:\n {2}- zqBasic: \[\]\npaths:/);
      expect(notesAt(d, "auth")[0]).toMatch(
        /^me names no security scheme \(security: \[\]\), which says no credential is needed/,
      );
      expect(await linkProblems(d, "zqopen")).toEqual([]);
    },
  );

  it("of several schemes every operation accepts, each a way, the one the runtime sends best first", () => {
    const d = drafted(
      one({ basic: { type: "http", scheme: "basic" }, bearer: { type: "http", scheme: "bearer" } }, [
        { basic: [] },
        { bearer: [] },
      ]),
      ["me"],
    );
    expect(d.manifest.auth).toEqual({
      scheme: "bearer",
      param: "accessToken",
      alternatives: [{ scheme: "basic", param: "password", user: "username" }],
    });
    expect(notesAt(d, "auth")).toEqual([
      "the operations accept any of 2 security requirements: each drafted as a way to authenticate " +
        "(auth.alternatives), a call sending the first whose parameters it gives all of, every credential parameter " +
        "optional; first bearer (http bearer), as the runtime sends it most simply (a key or a token before basic, " +
        "an OAuth token a browser gives last): reorder or remove ways as the API's callers hold them",
    ]);
  });

  it("HTTP basic: a user name and a password (secret), which link as drafted", async () => {
    const d = drafted(one({ basic: { type: "http", scheme: "basic" } }, [{ basic: [] }]), ["me"]);
    expect(d.manifest.auth).toEqual({ scheme: "basic", param: "password", user: "username" });
    expect(d.manifest.params!.username).toMatchObject({ type: "string", required: true });
    expect(d.manifest.params!.username!.secret).toBeUndefined();
    expect(d.manifest.params!.password).toMatchObject({ type: "string", required: true, secret: true });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("a scheme the runtime does not send: add refuses the operation, naming its scheme (generate would)", () => {
    expect(() => drafted(one({ digest: { type: "http", scheme: "digest" } }, [{ digest: [] }]), ["me"])).toThrow(
      /^me \(digest: http digest\): it accepts no security requirement the runtime sends .*leave it out of --op/,
    );
  });

  it("a requirement of two schemes: one way of two credentials, named after their keys", async () => {
    const schemes = {
      cid: { type: "apiKey", in: "header", name: "ZQ-CLIENT-ID" },
      sec: { type: "apiKey", in: "header", name: "ZQ-SECRET" },
    };
    const d = drafted(one(schemes, [{ cid: [], sec: [] }]), ["me"]);
    // The secret first (the credential kept secret), the client id sent with it, not secret.
    expect(d.manifest.auth).toEqual({
      scheme: "sec",
      param: "zqSecret",
      also: [{ scheme: "cid", param: "zqClientId" }],
    });
    expect(d.manifest.params!.zqSecret).toMatchObject({ required: true, secret: true });
    expect(d.manifest.params!.zqClientId).toMatchObject({ required: true });
    expect(d.manifest.params!.zqClientId!.secret).toBeUndefined();
    expect(await linkProblems(d)).toEqual([]);
  });

  it(
    "keys sent together before an OAuth scheme whose flows all need a person's consent; a flow " +
      "a program runs alone before them",
    () => {
      const code = {
        type: "oauth2",
        flows: {
          authorizationCode: { authorizationUrl: "https://zq.test/a", tokenUrl: "https://zq.test/t", scopes: {} },
        },
      };
      const keys = {
        zqApi: { type: "apiKey", in: "header", name: "ZQ-API-KEY" },
        zqApp: { type: "apiKey", in: "header", name: "ZQ-APPLICATION-KEY" },
      };
      expect(
        drafted(one({ ...keys, zqCode: code }, [{ zqApi: [], zqApp: [] }, { zqCode: [] }]), ["me"]).manifest.auth
          .scheme,
      ).toMatch(/^zqA(pi|pp)$/);
      const machine = { type: "oauth2", flows: { clientCredentials: { tokenUrl: "https://zq.test/t", scopes: {} } } };
      expect(
        drafted(one({ ...keys, zqMachine: machine }, [{ zqApi: [], zqApp: [] }, { zqMachine: [] }]), ["me"]).manifest
          .auth.scheme,
      ).toBe("zqMachine");
    },
  );

  it("operations accepting different requirements: alternatives, every credential optional", async () => {
    const schemes = {
      tok: { type: "http", scheme: "bearer" },
      mail: { type: "apiKey", in: "header", name: "X-Zq-Email" },
      key: { type: "apiKey", in: "header", name: "X-Zq-Key" },
    };
    const doc = one(schemes, [{ tok: [] }, { mail: [], key: [] }]);
    doc.paths["/other"] = { get: { ...doc.paths["/me"].get, operationId: "other", security: [{ mail: [], key: [] }] } };
    const d = drafted(doc, ["me", "other"]);
    // The requirement both operations accept first; the one only `me` accepts an alternative still.
    expect(d.manifest.auth).toEqual({
      scheme: "key",
      param: "xZqKey",
      also: [{ scheme: "mail", param: "xZqEmail" }],
      alternatives: [{ scheme: "tok", param: "accessToken" }],
    });
    const d2 = drafted(one(schemes, [{ tok: [] }, { mail: [], key: [] }]), ["me"]);
    expect(d2.manifest.auth).toEqual({
      scheme: "tok",
      param: "accessToken",
      alternatives: [{ scheme: "key", param: "xZqKey", also: [{ scheme: "mail", param: "xZqEmail" }] }],
    });
    doc.paths["/third"] = { get: { ...doc.paths["/me"].get, operationId: "third", security: [{ tok: [] }] } };
    const d3 = drafted(doc, ["me", "other", "third"]);
    expect(d3.manifest.auth).toMatchObject({ alternatives: [expect.any(Object)] });
    expect(Object.values(d3.manifest.params!).every((p) => p.required === false)).toBe(true);
    expect(d3.manifest.params!.xZqEmail!.secret).toBeUndefined();
    expect(await linkProblems(d3)).toEqual([]);
  });
});
