// A length bound no value meets, because the pattern's shortest match is longer (a resource name's pattern, 31 at
// least, under `minLength: 20`) or its longest shorter (an anchored 11-character id under `maxLength: 64`): the limit
// case sought a value of the declared length, found none, and the suite failed with "could not be derived". The
// bound probed is the effective one, the step past it one character beyond, which the pattern refuses. A repeated
// group of bounded parts (a domain of labels of 63 at most, 253 in all) reaches its bound only with the group repeated;
// a sequence of bounded parts (a resource name's four fields) only with each part at its longest.
import { describe, expect, it } from "vitest";
import { shelfListBooks } from "../../../test-support/contract/shelf-list-books.js";
import { checkValue, type ParamSpec, type ToolSpec } from "@blockwright/runtime/internal";
import type { ObservedCall } from "../types.js";
import { limitKind } from "./limit.js";

const { listBooks, doc, text } = await shelfListBooks();

/** shelf_list_books with an optional query text `zqRole` of the given rules. */
function withRole(rules: Partial<ParamSpec>): ToolSpec {
  const role = {
    ...text,
    name: "zqRole",
    title: "zqRole",
    required: false,
    example: undefined,
    placeholder: undefined,
    ...rules,
    wire: { in: "query", name: "zqRole" },
  } as ParamSpec;
  return { ...listBooks, params: [...listBooks.params, role] };
}

const derive = (tool: ToolSpec) => limitKind.derive(tool, { provider: "shelf", tools: [tool], document: doc });

/** The value the case sent for zqRole, the case having run against nothing listening (port 1). */
async function sentBy(tool: ToolSpec, name: string): Promise<{ value: string; refused: boolean }> {
  const found = derive(tool).find((c) => c.name === name);
  expect(found, `no case "${name}" among ${derive(tool).map((c) => c.name)}`).toBeDefined();
  const calls: ObservedCall[] = [];
  const refused = await found!
    .run({ mockUrl: () => "http://127.0.0.1:1", seed: 1, runs: 1, observe: (call) => calls.push(call) })
    .then(
      () => calls.every((c) => c.exchanges.length === 0),
      () => false,
    );
  return { value: String(calls[0]?.input.zqRole), refused };
}

describe("a length bound the pattern moves", () => {
  const arn = withRole({ minLength: 20, maxLength: 2048, pattern: "arn:zq(-[^:]+)?:iam::[0-9]{12}:role/.+" });

  it("a minLength under the pattern's shortest match: probed at that match's length, refused one shorter", async () => {
    const names = derive(arn).map((c) => c.name);
    expect(names).not.toContain("cases derived");
    expect(names).toContain("zqRole minLength 20 (31 with its pattern) at the boundary");
    const at = await sentBy(arn, "zqRole minLength 20 (31 with its pattern) at the boundary");
    expect(at.value).toHaveLength(31);
    const role = arn.params.find((p) => p.name === "zqRole")!;
    expect(checkValue(role, at.value, arn)).toEqual({ value: at.value });
    // Refused before any request (it resolves only so), for its pattern.
    const past = await sentBy(arn, "zqRole minLength 20 (31 with its pattern) one step past it");
    expect([past.value.length, past.refused]).toEqual([30, true]);
  });

  it("a maxLength over an anchored pattern's longest match: probed at that length, refused one longer", async () => {
    const id = withRole({ minLength: 2, maxLength: 64, pattern: "^zq-[a-f0-9]{8}$" });
    const names = derive(id).map((c) => c.name);
    expect(names).not.toContain("cases derived");
    expect(names).toContain("zqRole maxLength 64 (11 with its pattern) at the boundary");
    expect(names).toContain("zqRole minLength 2 (11 with its pattern) at the boundary");
    const past = await sentBy(id, "zqRole maxLength 64 (11 with its pattern) one step past it");
    expect([past.value.length, past.refused]).toEqual([12, true]);
  });

  it("a maxLength a repeated group of bounded parts reaches (a domain's labels, 63 at most): probed", async () => {
    const domain = withRole({
      maxLength: 253,
      pattern: "^(((?!-)[A-Za-z0-9-]{0,62}[A-Za-z0-9])\\.)+((?!-)[A-Za-z0-9-]{1,62}[A-Za-z0-9])$",
      example: "zq-a.example.test",
    });
    const names = derive(domain).map((c) => c.name);
    expect(names).not.toContain("cases derived");
    const at = await sentBy(domain, "zqRole maxLength 253 at the boundary");
    expect(at.value).toHaveLength(253);
    const role = domain.params.find((p) => p.name === "zqRole")!;
    expect(checkValue(role, at.value, domain)).toEqual({ value: at.value });
  });

  it("a minLength no value of the pattern has (even lengths): the nearest longer value, one less refused", async () => {
    const even = withRole({ minLength: 3, maxLength: 64, pattern: "^(zq)+$" });
    const names = derive(even).map((c) => c.name);
    expect(names).not.toContain("cases derived");
    const at = await sentBy(even, "zqRole minLength 3 at the boundary");
    expect(at.value).toBe("zqzq");
    const past = await sentBy(even, "zqRole minLength 3 one step past it");
    expect([past.value.length, past.refused]).toEqual([2, true]);
  });

  it("a maxLength a pattern fixing both ends reaches (no padding at an end meets it): a value that long", async () => {
    const address = withRole({
      maxLength: 255,
      pattern: "^zq://h@(([a-z0-9-]*[a-z0-9])\\.)*([a-z0-9-]*[a-z0-9]):[0-9]{1,5}/zq$",
    });
    const names = derive(address).map((c) => c.name);
    expect(names).not.toContain("cases derived");
    const at = await sentBy(address, "zqRole maxLength 255 at the boundary");
    expect(at.value).toHaveLength(255);
    const role = address.params.find((p) => p.name === "zqRole")!;
    expect(checkValue(role, at.value, address)).toEqual({ value: at.value });
  });

  it("a maxLength only each bounded part at its longest reaches (a resource name of four fields): probed", async () => {
    // 7 + 63 + 1 + 63 + 1 + 201 = 336: no stretched example reaches it (each part stops at its own bound).
    const name = withRole({
      maxLength: 2048,
      pattern: "^zq:aws:[A-Za-z0-9][A-Za-z0-9_/.-]{0,62}:[A-Za-z0-9_/.-]{0,63}:[A-Za-z0-9][A-Za-z0-9:_/+=,@.-]{0,200}$",
      example: "zq:aws:zqsvc:zqregion:zqres/1",
    });
    const names = derive(name).map((c) => c.name);
    expect(names).not.toContain("cases derived");
    const at = await sentBy(name, "zqRole maxLength 2048 (336 with its pattern) at the boundary");
    expect(at.value).toHaveLength(336);
    const role = name.params.find((p) => p.name === "zqRole")!;
    expect(checkValue(role, at.value, name)).toEqual({ value: at.value });
    const past = await sentBy(name, "zqRole maxLength 2048 (336 with its pattern) one step past it");
    expect([past.value.length, past.refused]).toEqual([337, true]);
  });

  it("a minLength under what a lookahead needs (a resource name's service and account): probed at that", async () => {
    // "zq:" then the lookahead's `[^:]+:zqsvc:[^:]+:\d{6}:`, 17 at least: 20, where the elements after it take 7.
    const named = withRole({
      minLength: 6,
      maxLength: 256,
      pattern: "^zq:(?=[^:]+:zqsvc:[^:]+:\\d{6}:)((|[a-z0-9].*(?<!-)):){4}(?!/).{0,64}$",
    });
    const names = derive(named).map((c) => c.name);
    expect(names).not.toContain("cases derived");
    const at = await sentBy(named, "zqRole minLength 6 (20 with its pattern) at the boundary");
    expect(at.value).toHaveLength(20);
    const role = named.params.find((p) => p.name === "zqRole")!;
    expect(checkValue(role, at.value, named)).toEqual({ value: at.value });
    const past = await sentBy(named, "zqRole minLength 6 (20 with its pattern) one step past it");
    expect([past.value.length, past.refused]).toEqual([19, true]);
  });

  it("a bound the pattern does not move keeps its name and rule", () => {
    const plain = withRole({ minLength: 3, maxLength: 64, pattern: "[a-z]+" });
    const names = derive(plain).map((c) => c.name);
    expect(names).toContain("zqRole minLength 3 at the boundary");
    expect(names).toContain("zqRole maxLength 64 at the boundary");
  });
});
