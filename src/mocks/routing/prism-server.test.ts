// A mock's Prism logger gives the same child for the same name (prism-server.ts childrenOnce): Prism asked for a new
// `NEGOTIATOR` child at every request. Each child's lines still carry their names, and a child's children are its own.
import { createRequire } from "node:module";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { childrenOnce, type Prism, prismServer } from "./prism-server.js";

const prism = createRequire(import.meta.url)("../../vendor/prism.cjs") as Prism;
type Logger = ReturnType<Prism["createLogger"]>;

/** A Prism logger at `level` whose lines are kept. */
function logger(level = "info"): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: prism.createLogger("mock", { level }, destination as unknown as NodeJS.WritableStream), lines };
}

/** The lines of a mock's logger, its children and theirs, as `wrap` gives the mock's logger. */
function linesOf(wrap: (log: Logger) => Logger): string[] {
  const { log, lines } = logger();
  const mock = wrap(log.child({ name: "zq" }));
  const negotiator = mock.child({ name: "NEGOTIATOR" });
  negotiator.info("zq one");
  negotiator.child({ name: "VALIDATOR" }).info("zq two");
  mock.child({ name: "NEGOTIATOR" }).child({ name: "VALIDATOR" }).error("zq three");
  mock.child({ name: "zqOther", zqMore: 1 } as { name: string }).info("zq four");
  return lines;
}

describe("a mock's Prism logger, children made once a name", () => {
  it("gives the same child for the same name, and names each child's lines as pino does", () => {
    const { log } = logger();
    const mock = childrenOnce(log.child({ name: "zq" }));
    const negotiator = mock.child({ name: "NEGOTIATOR" });
    expect(mock.child({ name: "NEGOTIATOR" })).toBe(negotiator);
    expect(mock.child({ name: "PROXY" })).not.toBe(negotiator);
    expect(negotiator.child({ name: "VALIDATOR" })).not.toBe(negotiator.child({ name: "VALIDATOR" }));
    const once = linesOf(childrenOnce);
    expect(once).toEqual(linesOf((l) => l));
    expect(once[1]).toContain('"name":"mock","name":"zq","name":"NEGOTIATOR","name":"VALIDATOR"');
  });

  it("is the logger a mock's Prism server is given", () => {
    const { log } = logger();
    let given: Logger | undefined;
    const fake = {
      ...prism,
      createServer: (_operations: unknown, options: { components: { logger: Logger } }) => {
        given = options.components.logger;
        return {};
      },
    } as unknown as Prism;
    prismServer(fake, [], log, "zq");
    expect(given!.child({ name: "NEGOTIATOR" })).toBe(given!.child({ name: "NEGOTIATOR" }));
  });
});
