// A published document of an invented custody API whose every request carries, besides an API key header, a JWT
// signed per request with the caller's private key and bound to the request (its path and query, the hash of its
// body, a nonce, a short life): a JSON body, a query, a multipart upload and a paged list.
import type { Json } from "../../import/__fixtures__/draft-kit.js";

/** The bearer scheme's words: what `add` reads to draft auth.signedJwt (`described` false: a plain JWT bearer). */
export function zqSignedJwt(described = true): Json {
  const page = {
    type: "object",
    properties: {
      data: { type: "array", items: { $ref: "#/components/schemas/Vault" } },
      next_cursor: { type: "string", nullable: true },
    },
  };
  const ok = (schema: Json) => ({ description: "OK.", content: { "application/json": { schema } } });
  return {
    openapi: "3.0.3",
    info: { title: "Zq Vaults API", version: "1", description: "Zq keeps vaults." },
    servers: [{ url: "https://api.zqvaults.example" }],
    security: [{ zqKey: [], zqJwt: [] }],
    components: {
      securitySchemes: {
        zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key", description: "Your API key." },
        zqJwt: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: described
            ? "A JWT signed per request with your private key (ES256). Its claims: uri (the path and query), " +
              "bodyHash (the SHA-256 hex of the request body), nonce, iat, exp (iat plus 30 seconds at most) and " +
              "sub (your API key)."
            : "A JWT issued by the login endpoint.",
        },
      },
      schemas: {
        Vault: {
          type: "object",
          required: ["id"],
          properties: { id: { type: "string" }, name: { type: "string" } },
        },
      },
    },
    paths: {
      "/v1/vaults": {
        get: {
          operationId: "listVaults",
          summary: "List vaults",
          parameters: [
            { name: "status", in: "query", schema: { type: "string", enum: ["open", "closed"] } },
            { name: "cursor", in: "query", schema: { type: "string" } },
            { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } },
          ],
          responses: { "200": ok(page) },
        },
        post: {
          operationId: "createVault",
          summary: "Create a vault",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["name"],
                  properties: { name: { type: "string", maxLength: 40 }, note: { type: "string", maxLength: 80 } },
                },
              },
            },
          },
          responses: { "200": ok({ $ref: "#/components/schemas/Vault" }) },
        },
      },
      "/v1/vaults/{id}/documents": {
        post: {
          operationId: "uploadDocument",
          summary: "Upload a document",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", pattern: "^\\w+$" } }],
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  required: ["file"],
                  properties: { file: { type: "string", format: "binary" }, title: { type: "string" } },
                },
              },
            },
          },
          responses: { "200": ok({ $ref: "#/components/schemas/Vault" }) },
        },
      },
    },
  };
}
