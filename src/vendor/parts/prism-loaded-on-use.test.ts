// The built Prism bundle (dist/vendor/prism.cjs: scripts/build/vendor.mjs) loads what a mock uses only when it uses
// it: loading it reads no faker, no proxy agent (tls, https) and no node-fetch (zlib), and a dynamic answer
// (`Prefer: dynamic=true`) still draws as Prism configures its generator (optional fields always, faker's values),
// faker and json-schema-faker loaded then. In a Node process of its own: what it loads is the process's.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { REPOSITORY } from "../../../test-support/neutral-copy.js";

const DOCUMENT = {
  openapi: "3.0.3",
  info: { title: "Zq dynamic", version: "1" },
  paths: {
    "/zq-owners": {
      get: {
        operationId: "zqOwner",
        responses: {
          "200": {
            description: "ok",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["id"],
                  properties: {
                    id: { type: "integer", minimum: 1, maximum: 9 },
                    email: { type: "string", "x-faker": "internet.email" },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

/** Loads the bundle, says what that loaded, asks one dynamic answer and says what is loaded then. */
const CHILD = String.raw`
const bundle = process.argv[1];
const prism = require(bundle);
const loaded = () => ({
  builtins: process.moduleLoadList.filter((m) => m.startsWith("NativeModule ")).map((m) => m.slice(13)),
  files: Object.keys(require.cache).filter((f) => f !== bundle),
});
const atLoad = loaded();
const server = prism.createServer(prism.transformOas3Operations(JSON.parse(process.argv[2])), {
  cors: false,
  components: { logger: prism.createLogger("zq", { level: "silent" }) },
  config: {
    isProxy: false, upstreamProxy: undefined, validateRequest: true, validateResponse: true, checkSecurity: true,
    errors: true, mock: { dynamic: false },
  },
});
(async () => {
  const address = await server.listen(0, "127.0.0.1");
  const answer = await fetch(address.replace(/\/+$/, "") + "/zq-owners", { headers: { prefer: "dynamic=true" } });
  const body = await answer.json();
  await server.close();
  process.stdout.write(JSON.stringify({ atLoad, status: answer.status, body, afterDynamic: loaded() }));
})();
`;

describe("the built Prism bundle", () => {
  it("loads no faker, proxy agent or node-fetch until a dynamic answer, which Prism's options shape", async () => {
    const bundle = join(REPOSITORY, "dist/vendor/prism.cjs");
    const { stdout } = await promisify(execFile)(process.execPath, ["-e", CHILD, bundle, JSON.stringify(DOCUMENT)]);
    const seen = JSON.parse(stdout) as {
      atLoad: { builtins: string[]; files: string[] };
      status: number;
      body: { id?: unknown; email?: unknown };
      afterDynamic: { builtins: string[]; files: string[] };
    };
    expect(seen.atLoad.builtins.filter((m) => ["tls", "https", "zlib"].includes(m))).toEqual([]);
    expect(seen.atLoad.files).toEqual([]);
    expect(seen.status).toBe(200);
    // Prism's generator options (alwaysFakeOptionals), given before json-schema-faker was loaded, and faker's draw.
    expect(seen.body).toEqual({ id: expect.any(Number), email: expect.stringMatching(/^\S+@\S+$/) });
    expect(seen.afterDynamic.files).toContain(join(REPOSITORY, "dist/vendor/faker.cjs"));
  });
});
