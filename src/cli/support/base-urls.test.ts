// `--base-url <provider>=<url>` and `--allow-host` (serve --live): each entry
// checked before anything is sent, with the runtime's host rules: a credential
// goes to the provider's own hosts, a loopback host, or a host named by
// --allow-host, never elsewhere.
import type { ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { allowHostsOption, baseUrlsOption } from "./base-urls.js";
import { UsageError } from "./io.js";

const tool = {
  provider: "zqshelf",
  server: { default: "https://api.zqshelf.example", hosts: ["*.zqshelf.example"] },
} as unknown as ToolSpec;
const tools = { zqshelf: tool };

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return `${(e as UsageError).code} ${(e as Error).message}`;
  }
  throw new Error("not refused");
};

describe("--base-url <provider>=<url>", () => {
  it("takes a loopback address, the provider's own hosts, and a host --allow-host names, as origins", () => {
    expect(baseUrlsOption(["zqshelf=http://127.0.0.1:4010/"], tools, [])).toEqual({ zqshelf: "http://127.0.0.1:4010" });
    expect(baseUrlsOption(["zqshelf=https://eu.zqshelf.example"], tools, [])).toEqual({
      zqshelf: "https://eu.zqshelf.example",
    });
    expect(baseUrlsOption(["zqshelf=https://sandbox.zqother.example"], tools, ["sandbox.zqother.example"])).toEqual({
      zqshelf: "https://sandbox.zqother.example",
    });
  });

  it("refuses a host the provider does not list unless --allow-host names it, saying how to allow it", () => {
    expect(refusal(() => baseUrlsOption(["zqshelf=https://sandbox.zqother.example"], tools, []))).toBe(
      "BW3003 --base-url zqshelf: zqshelf sends its credential only to api.zqshelf.example, " +
        "*.zqshelf.example or a loopback host, not to sandbox.zqother.example; to send it there, " +
        "allow the host (--allow-host sandbox.zqother.example)",
    );
    expect(
      refusal(() => baseUrlsOption(["zqshelf=https://sandbox.zqother.example"], tools, ["other.zqother.example"])),
    ).toContain("not to sandbox.zqother.example");
  });

  it(
    "refuses http off loopback, a path, credentials (withheld), no provider, " +
      "an unknown provider and a provider given twice",
    () => {
      expect(refusal(() => baseUrlsOption(["zqshelf=http://api.zqshelf.example"], tools, []))).toBe(
        "BW3003 --base-url zqshelf: must use https (http is allowed only for loopback hosts), " +
          'got "http://api.zqshelf.example"',
      );
      expect(refusal(() => baseUrlsOption(["zqshelf=https://api.zqshelf.example/v1"], tools, []))).toContain(
        "must be scheme and host only",
      );
      const withheld = refusal(() =>
        baseUrlsOption(["zqshelf=https://zquser:zq-secret-91@api.zqshelf.example"], tools, []),
      );
      expect(withheld).toContain("(address with credentials withheld)");
      expect(withheld).not.toContain("zq-secret-91");
      expect(
        refusal(() => baseUrlsOption(["https://zquser:zq-secret-91@api.zqshelf.example"], tools, [])),
      ).not.toContain("zq-secret-91");
      expect(refusal(() => baseUrlsOption(["http://127.0.0.1:4010"], tools, []))).toMatch(
        /^BW3003 --base-url takes <provider>=<url>/,
      );
      expect(refusal(() => baseUrlsOption(["zqnone=http://127.0.0.1:4010"], tools, []))).toBe(
        'BW3005 --base-url: "zqnone" is not a provider this workflow calls (zqshelf)',
      );
      expect(
        refusal(() => baseUrlsOption(["zqshelf=http://127.0.0.1:1", "zqshelf=http://127.0.0.1:2"], tools, [])),
      ).toBe("BW3004 --base-url: zqshelf is given twice");
    },
  );
});

describe("--allow-host", () => {
  it("takes names, one-label wildcards, * and IP addresses; refuses anything else, naming it", () => {
    expect(allowHostsOption(["api.zqother.example", "*.zqother.example", "*", "10.0.0.7"])).toHaveLength(4);
    expect(refusal(() => allowHostsOption(["https://api.zqother.example"]))).toMatch(
      /^BW3003 --allow-host: .*got "https:\/\/api.zqother.example"$/,
    );
  });
});
