// A client where the process has an environment (issue 61): its credential from
// the provider's variables when none is given, BLOCKWRIGHT_LOG's level, and a
// User-Agent saying the runtime's and the package's versions — none of which a
// browser's bundle carries (the plain entry's client has none: client.test.ts).
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { REDACTED } from "../common/redact.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { createPackageClient, envVariableName } from "./environment.js";
import type { RequestInfo } from "./types.js";
import { RUNTIME_VERSION } from "./version.js";

const payments = irFixture("zqpayments");
const list: ToolSpec = payments.operations.find((o) => o.tool.id === "zqpayments_list_customers")!.tool;
const table = { methods: { listCustomers: list }, credentials: ["apiKey"], version: "1.2.3" };
const KEY = "sk_test_zq_widgets_4eC39HqLyjW";
const empty = () => json(200, { object: "list", has_more: false, data: [] });
type Client = Record<
  string,
  (input: object, options?: object) => Promise<{ success: boolean; error?: { param?: string } }>
>;
const client = (options?: object) => createPackageClient(table, options as never) as unknown as Client;

afterEach(() => vi.unstubAllEnvs());

describe("a client's credential from the environment", () => {
  it("names each variable after the provider and the parameter", () => {
    expect(envVariableName("zqpayments", "apiKey")).toBe("ZQPAYMENTS_API_KEY");
    expect(envVariableName("zq-mail", "clientSecret")).toBe("ZQ_MAIL_CLIENT_SECRET");
    expect(envVariableName("zqpeople", "token")).toBe("ZQPEOPLE_TOKEN");
  });

  it("is taken when the client is given none, and never shown to its hooks or logger", async () => {
    vi.stubEnv("ZQPAYMENTS_API_KEY", KEY);
    const { fetch, seen } = scriptedFetch(empty());
    const shown: string[] = [];
    const c = client({
      fetch,
      hooks: { onRequest: (r: RequestInfo) => shown.push(JSON.stringify(r)) },
      logger: { debug: (m: string) => shown.push(m) },
    });
    expect(await c.listCustomers!({})).toMatchObject({ success: true });
    expect(seen[0]!.headers.get("authorization")).toBe(`Bearer ${KEY}`);
    expect(shown.join("\n")).not.toContain(KEY);
    expect(shown.join("\n")).toContain(REDACTED);
  });

  it(
    "is not taken when the client is given one; nor made without a variable (the call says the parameter is " +
      "required)",
    async () => {
      vi.stubEnv("ZQPAYMENTS_API_KEY", KEY);
      const given = "sk_test_zq_widgets_given_9876";
      const { fetch, seen } = scriptedFetch(empty());
      await client({ apiKey: given, fetch }).listCustomers!({});
      expect(seen[0]!.headers.get("authorization")).toBe(`Bearer ${given}`);
      vi.stubEnv("ZQPAYMENTS_API_KEY", "");
      expect(await client({ fetch }).listCustomers!({})).toMatchObject({ success: false, error: { param: "apiKey" } });
    },
  );
});

describe("BLOCKWRIGHT_LOG", () => {
  it("says the lines of its level and above, to the logger given or the console; off says none", async () => {
    const { fetch } = scriptedFetch(json(503, {}), empty(), json(503, {}), empty());
    const lines: string[] = [];
    const logger = {
      debug: (m: string) => lines.push(`debug ${m}`),
      info: (m: string) => lines.push(`info ${m}`),
      warn: (m: string) => lines.push(`warn ${m}`),
    };
    vi.stubEnv("BLOCKWRIGHT_LOG", "info");
    await client({ apiKey: KEY, fetch, logger, retries: 1 }).listCustomers!({});
    expect(lines.map((l) => l.split(":")[0])).toEqual(["info retry 1"]);
    vi.stubEnv("BLOCKWRIGHT_LOG", "off");
    lines.length = 0;
    await client({ apiKey: KEY, fetch, logger, retries: 1 }).listCustomers!({});
    expect(lines).toEqual([]);
  });

  it("at debug without a logger, writes to the console, the credential redacted", async () => {
    vi.stubEnv("BLOCKWRIGHT_LOG", "debug");
    const said = vi.spyOn(console, "debug").mockImplementation(() => undefined);
    try {
      const { fetch } = scriptedFetch(empty());
      await client({ apiKey: KEY, fetch }).listCustomers!({ startingAfter: KEY });
      expect(said).toHaveBeenCalledTimes(2);
      expect(JSON.stringify(said.mock.calls)).not.toContain(KEY);
    } finally {
      said.mockRestore();
    }
  });

  it(
    "of a level that is none is said once on the console, " + "naming the variable and the value, and read as unset",
    async () => {
      vi.stubEnv("BLOCKWRIGHT_LOG", "verbose");
      const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      try {
        const lines: string[] = [];
        const { fetch } = scriptedFetch(empty());
        await client({ apiKey: KEY, fetch, logger: { debug: (m: string) => lines.push(m) } }).listCustomers!({});
        expect(warned.mock.calls).toEqual([
          ['BLOCKWRIGHT_LOG: must be debug, info, warn, off, got "verbose": the client logs as if it were unset'],
        ]);
        expect(lines).toHaveLength(2);
      } finally {
        warned.mockRestore();
      }
    },
  );
});

describe("the User-Agent", () => {
  it(
    "says the runtime's and the package's versions unless a header of the client's or the call's sets one (any " +
      "case)",
    async () => {
      const { fetch, seen } = scriptedFetch(empty(), empty(), empty());
      const c = client({ apiKey: KEY, fetch });
      await c.listCustomers!({});
      await c.listCustomers!({}, { headers: { "User-Agent": "zq-app/2" } });
      await client({ apiKey: KEY, fetch, headers: { "user-agent": "zq-app/3" } }).listCustomers!({});
      expect(seen.map((s) => s.headers.get("user-agent"))).toEqual([
        `blockwright/${RUNTIME_VERSION} zqpayments/1.2.3`,
        "zq-app/2",
        "zq-app/3",
      ]);
    },
  );

  it("says the runtime's version as its package.json does", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
    expect(RUNTIME_VERSION).toBe(pkg.version);
  });
});
