// A throwaway npm registry on loopback: Verdaccio, in-process, with no uplinks
// (a package that was not published to it is a 404, never a download) and its
// storage in a folder the caller owns.
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

const require = createRequire(import.meta.url);

export interface LocalRegistry {
  /** e.g. `http://127.0.0.1:43125/` */
  url: string;
  close(): Promise<void>;
}

/** What anyone may do with the packages a pattern matches: read, and publish unless `publish: false`. */
export type PackageRules = Record<string, { publish: boolean }>;

/**
 * A registry in `dir`; `rules` (Verdaccio package patterns, e.g. `@refused/*`) go before the catch-all rule that lets
 * anyone read and publish.
 */
export async function startLocalRegistry(dir: string, rules: PackageRules = {}): Promise<LocalRegistry> {
  const { runServer } = require("verdaccio") as typeof import("verdaccio");
  const config = {
    self_path: join(dir, "config.yaml"),
    storage: join(dir, "storage"),
    uplinks: {},
    // Anyone may read and publish (the registry lives as long as the tests
    // that use it), except where a rule says no: only a group nobody is in may.
    packages: {
      ...Object.fromEntries(
        Object.entries(rules).map(([pattern, rule]) => [
          pattern,
          { access: "$all", publish: rule.publish ? "$all" : "nobody-may-publish" },
        ]),
      ),
      "**": { access: "$all", publish: "$all" },
    },
    web: { enable: false },
    // TypeScript's tarballs (published for the consumers' type checks) are over the default 10 MB.
    max_body_size: "200mb",
    // Its errors as JSON lines: the pretty format runs pino's prettifier in a worker thread, whose start and the wait
    // for it at exit (thread-stream spins until the thread ends) cost the process that runs the registry (Vitest's)
    // about 0.25 s of CPU (docs/contributing/performance.md).
    log: { type: "stdout", format: "json", level: "error" },
  };
  const server = (await runServer(config as unknown as Parameters<typeof runServer>[0])) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // npm keeps connections alive; close() alone would wait for them.
        server.closeAllConnections();
      }),
  };
}

/** A package as `npm pack --json` describes its tarball, and the tarball's folder. */
export interface Packed {
  name: string;
  version: string;
  filename: string;
  integrity: string;
  shasum: string;
}

/**
 * Put packed packages on the registry as `npm publish` sends one (a PUT of the
 * manifest with the tarball attached), from this process: for a set-up that
 * needs packages there and does not test their publishing (an npm process
 * each cost about 0.6 s of CPU). `manifests` are the packed folders'
 * package.json, by name.
 */
export async function putPackages(
  registry: LocalRegistry,
  token: string,
  packed: Packed[],
  folder: string,
  manifests: Record<string, object>,
): Promise<void> {
  for (const p of packed) {
    const data = readFileSync(join(folder, p.filename));
    const attachment = `${p.name}-${p.version}.tgz`;
    const body = {
      _id: p.name,
      name: p.name,
      "dist-tags": { latest: p.version },
      versions: {
        [p.version]: {
          ...manifests[p.name],
          _id: `${p.name}@${p.version}`,
          dist: { integrity: p.integrity, shasum: p.shasum, tarball: `${registry.url}${p.name}/-/${attachment}` },
        },
      },
      _attachments: {
        [attachment]: { content_type: "application/octet-stream", data: data.toString("base64"), length: data.length },
      },
    };
    const response = await fetch(`${registry.url}${p.name.replace("/", "%2f")}`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`the registry refused ${p.name}@${p.version}: ${response.status} ${await response.text()}`);
  }
}
