// A loopback server playing an upstream from its OpenAPI document: each
// operation answered with the first example of its first 2xx answer, as the
// document publishes it (for verify's benchmark and tests, where what the
// document says of itself is what is checked). Its user stops it (`close`).
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import jsYaml from "js-yaml";
import { pathPattern } from "../../../src/mocks/routing/path-templates.js";

type Node = Record<string, unknown>;

export async function exampleServer(document: string) {
  const doc = jsYaml.load(readFileSync(document, "utf8")) as Node;
  const at = (ref: string) =>
    ref
      .slice(2)
      .split("/")
      .reduce<unknown>((n, k) => (n as Node)?.[k.replaceAll("~1", "/").replaceAll("~0", "~")], doc);
  const deref = (x: unknown): Node | undefined =>
    (x as Node)?.$ref ? deref(at((x as Node).$ref as string)) : (x as Node | undefined);
  const base = new URL(
    ((doc.servers as Node[] | undefined)?.[0]?.url as string | undefined) ?? "http://x",
  ).pathname.replace(/\/$/, "");
  const routes: { method: string; path: RegExp; status: number; body: unknown }[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Node>)) {
    for (const [method, op] of Object.entries(item)) {
      const responses = (op as Node)?.responses as Record<string, unknown> | undefined;
      const [status, response] = Object.entries(responses ?? {}).find(([s]) => s.startsWith("2")) ?? [];
      if (!status) continue;
      const media = (deref(response)?.content as Record<string, Node> | undefined)?.["application/json"];
      const body = media?.example ?? deref(Object.values((media?.examples ?? {}) as Node)[0])?.value;
      routes.push({ method: method.toUpperCase(), path: pathPattern(base + path), status: Number(status), body });
    }
  }
  /** What it received, for a test's asserts (method, address, headers). */
  const received: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];
  const srv = createServer((req, res) => {
    received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    req.resume();
    req.on("end", () => {
      const route = routes.find(
        (x) => x.method === req.method && x.path.test(new URL(req.url ?? "/", "http://x").pathname),
      );
      res.writeHead(route?.status ?? 404, { "content-type": "application/json" });
      res.end(route ? JSON.stringify(route.body) : "{}");
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  return {
    received,
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => srv.close(() => resolve())),
  };
}
