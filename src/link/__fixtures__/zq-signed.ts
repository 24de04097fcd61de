// For tests: an invented service documented as AWS's are (the public API directory's amazonaws.com documents): a
// security scheme that signs (the Authorization header's apiKey, x-amazon-apigateway-authtype), a {region} server,
// the X-Amz-* headers declared on its operation.
import { type Json, openapi, reply } from "../../import/__fixtures__/draft-kit.js";

const SIGNATURE_HEADERS = ["X-Amz-Date", "X-Amz-Content-Sha256", "X-Amz-Security-Token", "X-Amz-Algorithm"];

/**
 * The document; `info` adds to its info (a signing name), `server` replaces its server URL, `more` adds servers after
 * it, `authtype` replaces the scheme's.
 */
export function zqSigned(extra: { info?: Json; server?: string; more?: string[]; authtype?: string } = {}): Json {
  const headers = SIGNATURE_HEADERS.map((name) => ({
    name,
    in: "header",
    required: false,
    schema: { type: "string" },
  }));
  return openapi(
    {
      "/zqWidgets": {
        get: {
          operationId: "ListZqWidgets",
          parameters: [{ name: "prefix", in: "query", schema: { type: "string", maxLength: 20 } }, ...headers],
          responses: {
            "200": reply({ type: "object", properties: { names: { type: "array", items: { type: "string" } } } }),
          },
        },
      },
    },
    {
      securitySchemes: {
        hmac: {
          type: "apiKey",
          name: "Authorization",
          in: "header",
          description: "Amazon Signature authorization v4",
          "x-amazon-apigateway-authtype": extra.authtype ?? "awsSigv4",
        },
      },
    },
    {
      info: { title: "ZQ Widgets", version: "2026-01-01", ...(extra.info ?? {}) },
      servers: [
        {
          url: extra.server ?? "https://zqwidgets.{region}.amazonaws.com",
          variables: { region: { default: "us-east-1", enum: ["us-east-1", "eu-west-1"], description: "The region" } },
        },
        ...(extra.more ?? []).map((url) => ({ url })),
      ],
      security: [{ hmac: [] }],
    },
  );
}
