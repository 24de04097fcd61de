// For tests: a token endpoint and an API on two loopback servers (two
// origins), each recording what it received, each answering from a script.
// Every test that starts them stops them (`close`).
import { afterEach } from "vitest";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface OAuthServers {
  /**
   * The token endpoint's address (`http://127.0.0.1:<port>/<tenant>/token` style: `{tenant}` kept for the caller to
   * fill).
   */
  tokenOrigin: string;
  baseUrl: string;
  token: Received[];
  api: Received[];
  close(): Promise<void>;
}

export type Script = (n: number, request: Received) => Reply | Promise<Reply>;

/** Tokens `access-<n>` valid `expiresIn` seconds; the API answers 200 `{ok: true}` to any bearer. */
export const issueTokens =
  (expiresIn?: number, extra: Record<string, unknown> = {}): Script =>
  (n) => ({
    status: 200,
    body: {
      access_token: `access-token-${n}`,
      token_type: "Bearer",
      ...(expiresIn ? { expires_in: expiresIn } : {}),
      ...extra,
    },
  });

export const answerOk: Script = () => ({ status: 200, body: { ok: true } });

export async function startOAuthServers(tokenScript: Script, apiScript: Script = answerOk): Promise<OAuthServers> {
  const token: Received[] = [];
  const api: Received[] = [];
  const servers = await Promise.all([serve(tokenScript, token), serve(apiScript, api)]);
  const [tokenServer, apiServer] = servers;
  return {
    tokenOrigin: origin(tokenServer!),
    baseUrl: origin(apiServer!),
    token,
    api,
    async close() {
      for (const s of servers) {
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
  };
}

function origin(server: Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function serve(script: Script, seen: Received[]): Promise<Server> {
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", async () => {
      const received: Received = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
      seen.push(received);
      const reply = await script(seen.length, received);
      res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
      res.end(reply.body === undefined ? "" : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

/**
 * Servers a test starts through the function returned, each stopped after its test (the `afterEach` is registered
 * here, in the calling file).
 */
export function oauthServersPerTest(): (tokenScript: Script, apiScript?: Script) => Promise<OAuthServers> {
  let started: OAuthServers[] = [];
  afterEach(async () => {
    const stopping = started;
    started = [];
    await Promise.all(stopping.map((s) => s.close()));
  });
  return async (tokenScript, apiScript) => {
    const servers = await startOAuthServers(tokenScript, apiScript);
    started.push(servers);
    return servers;
  };
}
