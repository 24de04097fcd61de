// Fetching a published document from its address, against a loopback server
// the test starts and stops: the size cap, the time limit, redirects, the
// user's interrupt, and addresses refused before any request.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressProblem, FetchFailed, FetchRefused, fetchDocument, recordableAddress } from "./fetch-document.js";

const MiB = 1024 * 1024;
let server: Server;
let base = "";
const hanging = new Set<ServerResponse>();

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    switch (url.pathname) {
      case "/doc.json":
        return response.writeHead(200, { "content-type": "application/json" }).end('{"openapi":"3.0.3","paths":{}}');
      case "/moved":
        return response.writeHead(302, { location: "/doc.json" }).end();
      case "/away":
        return response.writeHead(301, { location: "http://example.com/doc.json" }).end();
      case "/declared-large":
        return response.writeHead(200, { "content-length": String(3 * MiB) }).end();
      case "/streamed-large":
        response.writeHead(200, { "content-type": "application/json" });
        for (let i = 0; i < 3; i++) response.write(Buffer.alloc(MiB, 32));
        return response.end();
      case "/latin1":
        return response.writeHead(200).end(Buffer.from([0x7b, 0xe9, 0x7d]));
      case "/silent":
        hanging.add(response);
        return;
      case "/trickle":
        response.writeHead(200);
        response.write("{");
        hanging.add(response);
        return;
      default:
        return response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const options = (extra: Partial<Parameters<typeof fetchDocument>[1]> = {}) => ({
  signal: new AbortController().signal,
  timeoutMs: 10_000,
  maxBytes: 2 * MiB,
  ...extra,
});

describe("fetchDocument", () => {
  it("reads the document, following a redirect on the same terms, and reports the bytes as they come", async () => {
    const seen: number[] = [];
    expect(await fetchDocument(`${base}/moved`, options({ onProgress: (received) => seen.push(received) }))).toBe(
      '{"openapi":"3.0.3","paths":{}}',
    );
    expect(seen.at(-1)).toBe(30);
  });

  it(
    "refuses an address that is not https (http only on loopback), or that holds credentials, " + "before any request",
    async () => {
      expect(addressProblem("http://api.example.com/doc.json")).toBe("must use https (http only for a loopback host)");
      expect(addressProblem("https://user:secret@api.example.com/doc.json")).toBe(
        "must not contain credentials (they would be recorded in source.yaml)",
      );
      expect(addressProblem("https://api.example.com/doc.json")).toBeUndefined();
      expect(addressProblem("http://localhost:8080/doc.json")).toBeUndefined();
      await expect(fetchDocument(`${base}/away`, options())).rejects.toThrow(
        new FetchRefused(
          `${base}/away redirects to http://example.com/doc.json, which must use https (http only for a loopback host)`,
        ),
      );
    },
  );

  it("refuses a document over the size limit: a declared one before reading, a streamed one once past it", async () => {
    await expect(fetchDocument(`${base}/declared-large`, options())).rejects.toThrow(
      new FetchFailed(
        `${base}/declared-large is 3.0 MiB, over the 2 MiB limit for a published document: refused before reading`,
      ),
    );
    await expect(fetchDocument(`${base}/streamed-large`, options())).rejects.toThrow(
      new FetchFailed(
        `${base}/streamed-large sent more than the 2 MiB limit for a published document: stopped reading`,
      ),
    );
  });

  it("says what the server answered, and when the answer is not text", async () => {
    await expect(fetchDocument(`${base}/missing.json`, options())).rejects.toThrow(
      new FetchFailed(`${base}/missing.json answered 404 Not Found`),
    );
    await expect(fetchDocument(`${base}/latin1`, options())).rejects.toThrow(
      new FetchFailed(`${base}/latin1 is not UTF-8 text`),
    );
  });

  it("gives up at the time limit, whether the server is silent or slow", async () => {
    await expect(fetchDocument(`${base}/silent`, options({ timeoutMs: 300 }))).rejects.toThrow(
      new FetchFailed(`${base}/silent: no whole answer within 0.3 s (--timeout sets the limit)`),
    );
    await expect(fetchDocument(`${base}/trickle`, options({ timeoutMs: 300 }))).rejects.toThrow(
      new FetchFailed(`${base}/trickle: no whole answer within 0.3 s (--timeout sets the limit)`),
    );
  });

  it("stops at once when the user interrupts, with the interrupt's own reason", async () => {
    const controller = new AbortController();
    const stop = new Error("interrupted");
    const fetching = fetchDocument(`${base}/trickle`, options({ signal: controller.signal }));
    setTimeout(() => controller.abort(stop), 50);
    await expect(fetching).rejects.toBe(stop);
  });

  it("says where nothing listens", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(fetchDocument(`http://127.0.0.1:${port}/doc.json`, options())).rejects.toThrow(
      new FetchFailed(`http://127.0.0.1:${port}/doc.json: cannot be fetched (ECONNREFUSED)`),
    );
  });
});

describe("recordableAddress", () => {
  it("keeps the address, with query values that look secret replaced and no fragment", () => {
    expect(
      recordableAddress("https://raw.example.com/api/openapi.yaml?ref=main&token=ghp_abc&X-Amz-Signature=s1#top"),
    ).toBe("https://raw.example.com/api/openapi.yaml?ref=main&token=REDACTED&X-Amz-Signature=REDACTED");
  });
});
