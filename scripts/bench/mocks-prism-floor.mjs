// Prism's own floor for five mocks: require its packages, read five specs,
// start a server per spec, one request each, stop. Nothing of ours runs.
//   node scripts/bench/mocks-prism-floor.mjs <specs-dir> <provider>...
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const { getHttpOperationsFromSpec } = require("@stoplight/prism-http");
const { createServer } = require("@stoplight/prism-http-server");
const { createLogger } = require("@stoplight/prism-core");
const [specsDir, ...providers] = process.argv.slice(2);
const logger = createLogger("floor", { level: "error" });
const servers = await Promise.all(
  providers.map(async (p) => {
    const operations = await getHttpOperationsFromSpec(join(specsDir, p, "openapi.yaml"));
    const server = createServer(operations, {
      cors: false,
      components: { logger },
      config: {
        isProxy: false,
        upstreamProxy: undefined,
        validateRequest: true,
        validateResponse: true,
        checkSecurity: true,
        errors: true,
        mock: { dynamic: false },
      },
    });
    const url = await server.listen(0, "127.0.0.1");
    return { server, url };
  }),
);
await Promise.all(servers.map(({ url }) => fetch(url).then((r) => r.body?.cancel())));
await Promise.all(servers.map(({ server }) => server.close()));
