// An OAuth 2 scheme with a client credentials flow (a payments API's token endpoint, relative to its server):
// drafted as auth.flows, so that the runtime obtains the token itself — the token URL resolved against the API's
// address, the scopes the chosen operations name, the client's id and secret as parameters, and the client
// authenticated as the document says, else with HTTP Basic (RFC 6749 §2.3.1). Before, the flow was not drafted
// (the access token was the caller's to obtain) and client authentication by Basic could not be declared.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { oauthCases } from "../../contract/oauth-cases.js";
import type { Subject } from "../../contract/types.js";
import { loadProvider } from "../../emit/link-provider.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { swaggerToOpenApi } from "../document/convert.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { startMocks } from "../../mocks/mocks.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const order = reply({ type: "object", properties: { id: { type: "string" } } });
const scheme = (flow: Record<string, unknown>, description?: string) => ({
  zqOauth: {
    type: "oauth2",
    ...(description ? { description } : {}),
    flows: { clientCredentials: { scopes: { "zq/orders": "Orders", "zq/refunds": "Refunds" }, ...flow } },
  },
});
const doc = (flow: Record<string, unknown>, description?: string, server = "https://api-m.zqpay.test") =>
  openapi(
    {
      "/v2/zq-orders": {
        post: {
          operationId: "createOrder",
          security: [{ zqOauth: ["zq/orders"] }],
          requestBody: {
            content: {
              "application/json": {
                schema: { type: "object", properties: { note: { type: "string", maxLength: 9 } } },
              },
            },
          },
          responses: { "201": order },
        },
      },
      "/v2/zq-orders/{id}": {
        get: {
          operationId: "getOrder",
          security: [{ zqOauth: ["zq/orders", "zq/refunds"] }],
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 36 } }],
          responses: { "200": order },
        },
      },
    },
    { securitySchemes: scheme(flow, description) },
    { servers: [{ url: server }], security: [{ zqOauth: [] }] },
  );

describe("an OAuth 2 scheme with a client credentials flow", () => {
  it(
    "is drafted as auth.flows: the token URL resolved against the server, the operations' " +
      "scopes, HTTP Basic by default; the access token optional; it links",
    async () => {
      const d = drafted(doc({ tokenUrl: "/v1/oauth2/token" }), ["createOrder", "getOrder"]);
      expect(d.manifest.auth).toEqual({
        scheme: "zqOauth",
        param: "accessToken",
        flows: {
          clientCredentials: {
            tokenUrl: "https://api-m.zqpay.test/v1/oauth2/token",
            scope: "zq/orders zq/refunds",
            clientId: "clientId",
            clientSecret: "clientSecret",
            clientAuth: "basic",
          },
        },
      });
      expect(d.manifest.params?.accessToken?.required).toBeUndefined();
      expect(d.manifest.params?.clientSecret).toMatchObject({ secret: true, visibility: "user-only" });
      expect(notesAt(d, "auth.flows.clientCredentials")[0]).toMatch(
        new RegExp(
          String.raw`the client authenticates with HTTP Basic \(clientAuth: basic\), which RFC 6749 §2\.3\.1 ` +
            "requires every token endpoint to accept",
        ),
      );
      expect(notesAt(d, "auth").join("\n")).not.toMatch(/obtaining it \(the OAuth flow\) is the caller's/);
      expect(await linkProblems(d)).toEqual([]);
      const tools = await linkedTools(d);
      expect(tools[0]?.oauth?.flows).toEqual([
        {
          grant: "clientCredentials",
          tokenUrl: "https://api-m.zqpay.test/v1/oauth2/token",
          scope: "zq/orders zq/refunds",
          clientId: "clientId",
          clientSecret: "clientSecret",
          clientAuth: "basic",
        },
      ]);
    },
  );

  it(
    "passes its contract auth cases: the client's id and secret in an Authorization: Basic " +
      "header, not the form (the case wanted no header at all)",
    async () => {
      const d = drafted(doc({ tokenUrl: "/v1/oauth2/token" }), ["getOrder"]);
      const root = mkdtempSync(join(tmpdir(), "blockwright-zq-flow-"));
      const dir = join(root, "specs", "acme");
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
      writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
      const loaded = await loadProvider(root, dir);
      const tools = loaded.operations.map((o) => o.tool);
      const subject: Subject = {
        provider: "acme",
        tools,
        document: new OpenApiDocument(loadYamlSource(join(dir, "openapi.yaml"))),
      };
      const mocks = await startMocks(["acme"], { specsDir: join(root, "specs"), root });
      try {
        const cases = oauthCases(tools[0]!, subject);
        expect(cases.length).toBeGreaterThan(0);
        for (const c of cases) await c.run({ mockUrl: () => mocks.urls.acme!, seed: 1, runs: 1 });
      } finally {
        await mocks.close();
        rmSync(root, { recursive: true, force: true });
      }
    },
  );

  it("authenticates the client in the form where the document says so", () => {
    const d = drafted(
      doc(
        { tokenUrl: "https://auth.zqpay.test/token" },
        "Send client_id and client_secret in the request body (client_secret_post).",
      ),
      ["getOrder"],
    );
    expect(d.manifest.auth.flows?.clientCredentials?.clientAuth).toBe("body");
  });

  it("authenticates the client in the form where the document's own token operation takes client_secret there", () => {
    // A Swagger 2.0 document's `POST /connect/token` of `formData` grant_type, client_id and client_secret, its
    // scheme's tokenUrl that operation's address: the endpoint reads the client from the form (client_secret_post).
    const field = { type: "string" };
    const form = (fields: string[]) => ({
      post: {
        operationId: "zqToken",
        security: [],
        requestBody: {
          required: true,
          content: {
            "application/x-www-form-urlencoded": {
              schema: { type: "object", properties: Object.fromEntries(fields.map((f) => [f, field])) },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { access_token: field } }) },
      },
    });
    const withToken = (fields: string[], tokenUrl: string, description?: string) => {
      const d = doc({ tokenUrl }, description, "https://api.zqpay.test/v3.0");
      d.paths["/connect/token"] = form(fields);
      return drafted(d, ["getOrder"]);
    };
    const posted = withToken(["grant_type", "client_id", "client_secret"], "https://api.zqpay.test/connect/token");
    expect(posted.manifest.auth.flows?.clientCredentials?.clientAuth).toBe("body");
    expect(notesAt(posted, "auth.flows.clientCredentials").join("\n")).toContain("own operation at the token URL");
    // Under the API's base path too; not when the form has no secret, nor when the token URL is another host's.
    const based = withToken(["client_id", "client_secret"], "https://api.zqpay.test/v3.0/connect/token");
    expect(based.manifest.auth.flows?.clientCredentials?.clientAuth).toBe("body");
    for (const other of [
      withToken(["grant_type", "scope"], "https://api.zqpay.test/connect/token"),
      withToken(["client_id", "client_secret"], "https://auth.zqpay.test/connect/token"),
    ])
      expect(other.manifest.auth.flows?.clientCredentials?.clientAuth).toBe("basic");
    // The document's words come first: it says HTTP Basic, so Basic, though its token form lists the secret too.
    const saysBasic = withToken(
      ["grant_type", "client_id", "client_secret"],
      "https://api.zqpay.test/connect/token",
      "Authenticate the client with HTTP Basic authentication.",
    );
    expect(saysBasic.manifest.auth.flows?.clientCredentials?.clientAuth).toBe("basic");
  });

  it("reads a Swagger 2.0 application flow whose own token operation takes formData client_secret as the form", () => {
    // As published: basePath `/v3.0`, `POST /connect/token` of `formData` client_id and client_secret, the flow's
    // tokenUrl that operation's address; converted by add, drafted.
    const formField = (name: string) => ({ name, in: "formData", type: "string", required: true });
    const swagger = {
      swagger: "2.0",
      info: { title: "Zq", version: "1" },
      host: "api.zqpay.test",
      basePath: "/v3.0",
      schemes: ["https"],
      securityDefinitions: {
        zqOauth: {
          type: "oauth2",
          flow: "application",
          tokenUrl: "https://api.zqpay.test/v3.0/connect/token",
          scopes: { "zq/orders": "Orders" },
        },
      },
      paths: {
        "/connect/token": {
          post: {
            operationId: "zqToken",
            consumes: ["application/x-www-form-urlencoded"],
            parameters: ["grant_type", "client_id", "client_secret"].map(formField),
            responses: { "200": { description: "token", schema: { type: "object" } } },
          },
        },
        "/zq-orders/{id}": {
          get: {
            operationId: "getOrder",
            security: [{ zqOauth: ["zq/orders"] }],
            parameters: [{ name: "id", in: "path", required: true, type: "string", maxLength: 36 }],
            responses: { "200": { description: "order", schema: { type: "object" } } },
          },
        },
      },
    };
    const d = drafted(swaggerToOpenApi(swagger, "zq.json"), ["getOrder"]);
    expect(d.manifest.auth.flows?.clientCredentials).toMatchObject({
      tokenUrl: "https://api.zqpay.test/v3.0/connect/token",
      clientAuth: "body",
    });
  });

  it("finds the token operation's form through local references (its body's schema a component)", () => {
    const field = { type: "string" };
    const d = doc({ tokenUrl: "/zq-oauth/token" });
    d.components = {
      ...d.components,
      schemas: { ZqTokenForm: { type: "object", properties: { client_id: field, client_secret: field } } },
      requestBodies: {
        ZqTokenBody: {
          content: { "application/x-www-form-urlencoded": { schema: { $ref: "#/components/schemas/ZqTokenForm" } } },
        },
      },
    };
    d.paths["/zq-oauth/token"] = {
      post: {
        operationId: "zqToken",
        security: [],
        requestBody: { $ref: "#/components/requestBodies/ZqTokenBody" },
        responses: { "200": reply({ type: "object", properties: { access_token: field } }) },
      },
    };
    const d2 = drafted(d, ["getOrder"]);
    expect(d2.manifest.auth.flows?.clientCredentials?.tokenUrl).toBe("https://api-m.zqpay.test/zq-oauth/token");
    expect(d2.manifest.auth.flows?.clientCredentials?.clientAuth).toBe("body");
  });

  it("leaves out of scope a scope written as a template (`zq_orders:{zqProject}`): no token request fills it", () => {
    const templated = doc({ tokenUrl: "https://auth.zqpay.test/token" }) as {
      paths: Record<string, Record<string, { security: unknown }>>;
    };
    templated.paths["/v2/zq-orders/{id}"]!.get!.security = [
      { zqOauth: ["zq_orders:{zqProject}", "zq/refunds", "zq_orders:{zqProject}:{zqStore}"] },
    ];
    const d = drafted(templated, ["getOrder"]);
    expect(d.manifest.auth.flows?.clientCredentials?.scope).toBe("zq/refunds");
    const note = notesAt(d, "auth.flows.clientCredentials").join("\n");
    expect(note).toContain(
      "left out of scope: 2 scopes written as a template (zq_orders:{zqProject}, zq_orders:{zqProject}:{zqStore})",
    );
    templated.paths["/v2/zq-orders/{id}"]!.get!.security = [{ zqOauth: ["zq_orders:{zqProject}"] }];
    const none = drafted(templated, ["getOrder"]);
    expect(none.manifest.auth.flows?.clientCredentials).toBeDefined();
    expect(none.manifest.auth.flows?.clientCredentials?.scope).toBeUndefined();
  });

  it("is not drafted when the token URL is no fixed https address: a note says why", () => {
    const d = drafted(doc({ tokenUrl: "http://auth.zqpay.test/token" }), ["getOrder"]);
    expect(d.manifest.auth.flows).toBeUndefined();
    expect(d.manifest.params?.accessToken?.required).toBe(true);
    expect(notesAt(d, "auth").join("\n")).toMatch(/obtaining it \(the OAuth flow\) is the caller's/);
    expect(notesAt(d, "auth").join("\n")).toMatch(
      new RegExp(
        String.raw`declares a client credentials flow, not drafted as auth\.flows: its token URL ` +
          String.raw`\(http:\/\/auth\.zqpay\.test\/token\) is not https`,
      ),
    );
  });
});
