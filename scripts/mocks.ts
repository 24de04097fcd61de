// Prism mock servers built from specs/<provider>/openapi.yaml, run in-process
// (one listener per provider on a free loopback port). In-process start-up is
// ~1 s for all providers, against ~1.7 s per spec for the Prism CLI, and
// stopping needs no child process to be reaped.
import { createRequire } from "node:module";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";

const require = createRequire(import.meta.url);
export const SPECS_DIR = fileURLToPath(new URL("../specs/", import.meta.url));

export interface MockServers {
  /** Base address of each provider's mock, e.g. `http://127.0.0.1:41234`. */
  urls: Record<string, string>;
  close(): Promise<void>;
}

export interface MockOptions {
  /** Folder with one sub-folder per provider. Default: the project's specs/. */
  specsDir?: string;
  host?: string;
  /** Fixed port per provider; default: a free port. */
  ports?: Record<string, number>;
  /** Prism log level; default `error` (quiet). */
  logLevel?: "silent" | "error" | "warn" | "info" | "debug";
}

interface PrismServer {
  listen(port: number, address?: string): Promise<string>;
  close(): Promise<void>;
}

export async function startMocks(providers: string[], options: MockOptions = {}): Promise<MockServers> {
  const { getHttpOperationsFromSpec } = require("@stoplight/prism-http") as typeof import("@stoplight/prism-http");
  const { createServer } = require("@stoplight/prism-http-server") as typeof import("@stoplight/prism-http-server");
  const { createLogger } = require("@stoplight/prism-core") as typeof import("@stoplight/prism-core");
  const specsDir = options.specsDir ?? SPECS_DIR;
  const host = options.host ?? "127.0.0.1";
  const logger = createLogger("mock", { level: options.logLevel ?? "error" });
  const servers: PrismServer[] = [];
  const urls: Record<string, string> = {};
  const close = async () => {
    await Promise.allSettled(servers.map((s) => s.close()));
  };
  try {
    const started = await Promise.all(
      providers.map(async (provider) => {
        const file = join(specsDir, provider, "openapi.yaml");
        if (!existsSync(file)) throw new Error(`no OpenAPI document for provider "${provider}" (${file})`);
        const operations = await getHttpOperationsFromSpec(file);
        const server = createServer(operations, {
          cors: false,
          components: { logger: logger.child({ name: provider }) },
          config: {
            isProxy: false,
            upstreamProxy: undefined,
            validateRequest: true,
            validateResponse: true,
            checkSecurity: true,
            errors: true,
            mock: { dynamic: false },
          },
        }) as PrismServer;
        servers.push(server);
        const address = await server.listen(options.ports?.[provider] ?? 0, host);
        return [provider, address.replace(/\/+$/, "")] as const;
      }),
    );
    for (const [provider, url] of started) urls[provider] = url;
  } catch (e) {
    await close();
    throw e;
  }
  return { urls, close };
}
