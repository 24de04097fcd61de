// Prism's server of one provider's operations, as the mocks make it (mocks.ts): requests, answers and credentials
// checked, answers made statically, and each request routed by Prism's router among the operations its path can
// reach (reachable-operations.ts).
import type { PrismSteps } from "../mock-operations.js";
import { reachingRoute } from "./reachable-operations.js";

/** Prism's entry points, as the build bundles them (src/vendor/prism.cjs). */
export type Prism = PrismSteps &
  typeof import("@stoplight/prism-http-server") &
  typeof import("@stoplight/prism-core") & {
    route: typeof import("@stoplight/prism-http/dist/router/index.js").default;
    isTemplated: (segment: string) => boolean;
  };

/** What the mocks use of Prism's server. */
export interface PrismServer {
  listen(port: number, address?: string): Promise<string>;
  close(): Promise<void>;
}

/** Prism's server of one provider's operations: requests, answers and credentials checked, answers made statically. */
export function prismServer(
  prism: Prism,
  operations: Parameters<Prism["createServer"]>[0],
  logger: ReturnType<Prism["createLogger"]>,
  provider: string,
): PrismServer {
  return prism.createServer(operations, {
    cors: false,
    components: { logger: logger.child({ name: provider }), route: reachingRoute(prism.route, prism.isTemplated) },
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
}
