// A token endpoint for `--mock` runs (OAuth 2 flows, manifest `auth.flows`):
// one loopback listener answering each form-encoded token request of a
// known grant (or a JSON one, a flow's `tokenFormat: json`) with a new
// short-lived bearer token, as a real endpoint would, so that mock runs
// renew tokens too. A request that is neither, or names no known grant, gets the error a real endpoint
// gives (400 invalid_request / unsupported_grant_type). It checks no
// credential: any client id, secret, refresh token or assertion is accepted.
import type { AddressInfo } from "node:net";
import { guardedListener, nodeHttp } from "../common/request-guard.js";
import { isJsonMediaType } from "../load/media-types.js";

/** How long a mock token lives, in seconds: short, so that long mock runs renew. */
export const MOCK_TOKEN_SECONDS = 300;

const GRANTS = new Set(["client_credentials", "refresh_token", "urn:ietf:params:oauth:grant-type:jwt-bearer"]);

/** The grant a token request names: a form's field, or a JSON object's; undefined when the body is neither. */
function grantOf(type: string, body: string): string | undefined {
  if (type === "application/x-www-form-urlencoded") return new URLSearchParams(body).get("grant_type") ?? "";
  if (!isJsonMediaType(type)) return undefined;
  try {
    const fields: unknown = JSON.parse(body);
    if (!fields || typeof fields !== "object" || Array.isArray(fields)) return undefined;
    const grant = (fields as Record<string, unknown>).grant_type;
    return typeof grant === "string" ? grant : "";
  } catch {
    return undefined;
  }
}

export interface TokenMock {
  /** The token URL of a provider on this mock. */
  tokenUrl(provider: string): string;
  close(): Promise<void>;
}

/** The token mock on `host`; a refused request is logged through `log` (default stderr). */
export async function startTokenMock(
  host = "127.0.0.1",
  log: (line: string) => void = (line) => void process.stderr.write(`${line}\n`),
): Promise<TokenMock> {
  let issued = 0;
  const listener = guardedListener(
    (req, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => {
        body += chunk;
        if (body.length > 64 * 1024) req.destroy();
      });
      req.on("end", () => {
        const answer = (status: number, value: object) => {
          res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
          res.end(JSON.stringify(value));
        };
        const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
        const grant = req.method === "POST" ? grantOf(type, body) : undefined;
        if (grant === undefined) {
          return answer(400, {
            error: "invalid_request",
            error_description:
              "a token request is a POST of an application/x-www-form-urlencoded form (or, where its flow says " +
              "tokenFormat: json, of one JSON object)",
          });
        }
        if (!GRANTS.has(grant))
          return answer(400, {
            error: "unsupported_grant_type",
            error_description: `grant_type ${JSON.stringify(grant)} is not supported`,
          });
        issued++;
        answer(200, {
          access_token: `mock-access-token-${issued}-${Date.now().toString(36)}`,
          token_type: "Bearer",
          expires_in: MOCK_TOKEN_SECONDS,
        });
      });
    },
    (line) => log(`token mock: ${line}`),
  );
  const server = nodeHttp().createServer(listener);
  // Like the API mocks: never close an idle connection first (mocks.ts says why).
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, resolve);
  });
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    tokenUrl: (provider) => `${origin}/${encodeURIComponent(provider)}/oauth2/token`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
