// For `npm run bench -- verify`: what checking a live answer against a large
// published document costs. A loopback server plays GitHub with the
// document's own example of repos/get; `blockwright verify` calls it once and
// checks the answer against the whole document.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";

type Node = Record<string, unknown>;

export type OpenApiLike = { security?: unknown; components?: { securitySchemes?: Record<string, unknown> } };

/**
 * The whole published document with what add wrote into the cut and the document lacks: the cut is otherwise
 * a part of it, so a top-level security and security schemes it alone has are add's (GitHub publishes none).
 */
export function withAdditions(whole: OpenApiLike, cut: OpenApiLike): OpenApiLike {
  const schemes = { ...cut.components?.securitySchemes, ...whole.components?.securitySchemes };
  return { ...whole, ...(whole.security === undefined && cut.security !== undefined ? { security: cut.security } : {}), components: { ...whole.components, securitySchemes: schemes } };
}

/** A loopback server answering every request with the first example of `path`'s GET 200 answer in the JSON document `file`. */
export async function exampleServer(file: string, path: string): Promise<{ url: string; close: () => Promise<void> }> {
  const doc = JSON.parse(readFileSync(file, "utf8")) as Node;
  const at = (ref: string) =>
    ref
      .slice(2)
      .split("/")
      .reduce<unknown>((n, k) => (n as Node)?.[k.replaceAll("~1", "/").replaceAll("~0", "~")], doc);
  const deref = (x: unknown): Node | undefined => ((x as Node)?.$ref ? deref(at((x as Node).$ref as string)) : (x as Node | undefined));
  const ok = deref((((doc.paths as Node)[path] as Node).get as Node & { responses: Node }).responses["200"]);
  const media = (ok?.content as Record<string, Node> | undefined)?.["application/json"];
  const body = JSON.stringify(media?.example ?? deref(Object.values((media?.examples ?? {}) as Node)[0])?.value);
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
