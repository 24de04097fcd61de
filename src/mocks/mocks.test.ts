// The mocks' connections: a connection left idle stays usable until its
// client closes it. Node's default server closed it after 5 s idle while
// fetch reused it for up to 4 s: on a loaded machine a request went out on a
// connection the mock had just closed ("other side closed"). Checked on a raw
// socket, so no client's own pool decides anything.
import { connect, type Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MALFORMED_HEADS, rawRequest, statusOf } from "../../test-support/raw-request.js";
import { startMocks, type MockServers } from "./mocks.js";
import { startTokenMock } from "./token-mock.js";

const specsDir = fileURLToPath(new URL("../../test-support/fixtures/specs/", import.meta.url));

let mocks: MockServers;
const logs: string[] = [];
beforeAll(async () => {
  mocks = await startMocks(["shelf"], { specsDir, log: (line) => logs.push(line) });
});
afterAll(async () => {
  await mocks?.close();
});

/** Send one GET on the socket and read its whole reply (the mock gives a Content-Length). */
function get(socket: Socket, path: string): Promise<{ head: string; body: string }> {
  return new Promise((resolve, reject) => {
    let data = "";
    const onData = (d: Buffer) => {
      data += d;
      const end = data.indexOf("\r\n\r\n");
      const length = end < 0 ? undefined : Number(/\r\ncontent-length: *(\d+)/i.exec(data.slice(0, end))?.[1] ?? 0);
      if (length !== undefined && Buffer.byteLength(data.slice(end + 4)) >= length) {
        socket.off("data", onData);
        resolve({ head: data.slice(0, end), body: data.slice(end + 4) });
      }
    };
    socket.on("data", onData);
    socket.once("error", reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: mock\r\nX-Shelf-Key: test-key-0001\r\nConnection: keep-alive\r\n\r\n`);
  });
}

describe("a mock's connection", () => {
  it(
    "advertises no idle time-out and stays open past the " + "5 s Node's server gave it, for the client to reuse",
    async () => {
      const { hostname, port } = new URL(mocks.urls.shelf!);
      const socket = connect(Number(port), hostname);
      let closedByServer = false;
      socket.once("end", () => (closedByServer = true));
      try {
        const first = await get(socket, "/v2/books/b1");
        expect(first.head).toMatch(/^HTTP\/1\.1 200 /);
        expect(first.head).not.toMatch(/\r\nkeep-alive:/i);
        expect(first.head).not.toMatch(/\r\nconnection: close/i);
        await new Promise((resolve) => setTimeout(resolve, 6000));
        expect(closedByServer).toBe(false);
        expect((await get(socket, "/v2/books/b2")).head).toMatch(/^HTTP\/1\.1 200 /);
      } finally {
        socket.destroy();
      }
    },
  );
});

describe("a request naming no address (a request line or Host no URL holds)", () => {
  it("gets 400 and a log line from a mock, which goes on answering", async () => {
    for (const head of MALFORMED_HEADS) expect(statusOf(await rawRequest(mocks.urls.shelf!, head)), head).toBe(400);
    expect(logs.filter((l) => l.includes("refused a request naming no address"))).toHaveLength(MALFORMED_HEADS.length);
    const answer = await fetch(`${mocks.urls.shelf}/v2/books/b1`, { headers: { "x-shelf-key": "test-key-0001" } });
    expect(answer.status).toBe(200);
  });

  it("gets 400 and a log line from the token mock, which goes on answering", async () => {
    const tokenLogs: string[] = [];
    const tokens = await startTokenMock("127.0.0.1", (line) => tokenLogs.push(line));
    try {
      for (const head of MALFORMED_HEADS)
        expect(statusOf(await rawRequest(tokens.tokenUrl("zq"), head)), head).toBe(400);
      expect(tokenLogs.filter((l) => l.includes("refused a request naming no address"))).toHaveLength(
        MALFORMED_HEADS.length,
      );
      const answer = await fetch(tokens.tokenUrl("zq"), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
      });
      expect(answer.status).toBe(200);
    } finally {
      await tokens.close();
    }
  });
});
