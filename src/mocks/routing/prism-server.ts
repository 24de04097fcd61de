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
    components: {
      logger: childrenOnce(logger.child({ name: provider })),
      route: reachingRoute(prism.route, prism.isTemplated),
    },
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

/** What childrenOnce reads of a Prism (pino) logger. */
interface ChildMaker {
  child(bindings: object, options?: object): object;
}

/** The most child loggers kept for one logger (Prism asks for a handful of names). */
const CHILDREN_KEPT = 100;

/**
 * `logger` with each child of one name (`child({ name })`, no options) made once: Prism asks its logger for a child
 * named `NEGOTIATOR` at every request, and pino makes each child anew (its formatters built, its level set), for lines
 * a quiet mock mostly drops. A child's own children are made as pino makes them.
 */
export function childrenOnce<L extends ChildMaker>(logger: L): L {
  const make = logger.child;
  const made = new Map<string, object>();
  logger.child = function (this: ChildMaker, bindings: object, options?: object) {
    const keys = Object.keys(bindings ?? {});
    const name = (bindings as { name?: unknown } | undefined)?.name;
    // Pino's children inherit this method: theirs, and any child but a named one, are made as pino makes them.
    if (this !== logger || options !== undefined || keys.length !== 1 || typeof name !== "string")
      return make.call(this, bindings, options);
    let child = made.get(name);
    if (!child) {
      child = make.call(this, bindings);
      if (made.size < CHILDREN_KEPT) made.set(name, child);
    }
    return child;
  };
  return logger;
}
