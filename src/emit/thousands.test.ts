// The README's numbers written as en-US writes them, without Intl's formatter where it is not needed: making one loads
// its locale data (7–18 ms of a process's CPU), which generate paid at the README emitter's load.
import { afterEach, describe, expect, it, vi } from "vitest";

const IntlNumberFormat = Intl.NumberFormat;

afterEach(() => {
  Intl.NumberFormat = IntlNumberFormat;
});

describe("thousands", () => {
  it("writes each number as Intl's en-US formatter does", async () => {
    const { thousands } = await import("./thousands.js");
    const en = new Intl.NumberFormat("en-US");
    const numbers = [0, -0, 1, -1, 999, 1000, -1000, 16_384, 65_536, 123_456_789, 2 ** 53 - 1, -(2 ** 53 - 1)];
    numbers.push(2 ** 53, 1e21, 1.5, -1234.5678, Number.NaN, Number.POSITIVE_INFINITY);
    for (let digits = 1; digits <= 16; digits++) numbers.push(Number("9".repeat(digits)), 10 ** (digits - 1));
    expect(numbers.map((n) => thousands(n))).toEqual(numbers.map((n) => en.format(n)));
  });

  it("makes no Intl formatter, loading or writing a whole number, but for another number", async () => {
    let made = 0;
    Intl.NumberFormat = class extends IntlNumberFormat {
      constructor(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        super(...args);
        made++;
      }
    } as typeof Intl.NumberFormat;
    vi.resetModules();
    await import("./emit-readme.js");
    const { thousands } = await import("./thousands.js");
    expect([thousands(16_384), thousands(1_000_000), thousands(-0)]).toEqual(["16,384", "1,000,000", "-0"]);
    expect(made).toBe(0);
    expect(thousands(1.5)).toBe("1.5");
    expect(made).toBe(1);
  });
});
