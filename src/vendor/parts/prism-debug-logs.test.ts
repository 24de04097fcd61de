// Prism's debug lines of a request and its answer made only when its logger writes debug lines
// (prism-debug-logs.cjs): the body is not written out as text for a line the logger drops.
import { createRequire } from "node:module";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
// Loading the mocks' Prism puts the part in Prism's place (src/vendor/prism.cjs).
const prism = require("../prism.cjs") as {
  createLogger: (name: string, options: object, destination: Writable) => unknown;
};
type Log = (args: { logger: unknown; prefix?: string; headers?: object; body?: unknown; statusCode?: number }) => void;
const prismLogs = require("@stoplight/prism-http/dist/utils/logger") as { logRequest: Log; logResponse: Log };

/** A Prism logger at `level`, its lines kept, and a body that counts how often it is written out as text. */
function logged(level: string) {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = prism.createLogger("zq-mock", { level }, destination);
  const body = {
    written: 0,
    toJSON() {
      body.written++;
      return { zqName: "zq" };
    },
  };
  return { lines, logger, body };
}

describe("Prism's debug lines of a request and its answer", () => {
  it("writes no body out as text when the logger drops debug lines", () => {
    const { lines, logger, body } = logged("error");
    prismLogs.logRequest({ logger, headers: { "x-zq": "1" }, body });
    prismLogs.logResponse({ logger, statusCode: 200, headers: { "x-zq": "1" }, body });
    expect(body.written).toBe(0);
    expect(lines).toEqual([]);
  });

  it("writes them as Prism does when the logger writes debug lines", () => {
    const { lines, logger, body } = logged("debug");
    prismLogs.logRequest({ logger, headers: { "x-zq": "1" }, body });
    prismLogs.logResponse({ logger, statusCode: 201, headers: { "x-zq": "2" }, body });
    expect(body.written).toBe(2);
    const messages = lines.map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(messages.filter((m) => m.includes("Body:") && m.includes('{"zqName":"zq"}'))).toHaveLength(2);
    expect(messages.some((m) => m.includes("Status:") && m.includes("201"))).toBe(true);
    expect(messages.some((m) => m.includes("x-zq: 2"))).toBe(true);
  });
});
