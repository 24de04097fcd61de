import { describe, expect, it } from "vitest";
import { chromiumExecutable } from "./page.js";

describe("chromiumExecutable", () => {
  it("launches the executable CHROMIUM names, whatever is installed", () => {
    expect(chromiumExecutable("zq pages", { CHROMIUM: process.execPath })).toBe(process.execPath);
  });

  it("refuses a CHROMIUM that does not exist, naming it and how to install one, before any launch", () => {
    expect(() => chromiumExecutable("zq pages", { CHROMIUM: "/zq/none/chromium" })).toThrow(
      "/zq/none/chromium does not exist: this test renders zq pages in Debian's chromium. Install it " +
        "(apt-get install chromium-headless-shell, or chromium) or set CHROMIUM to a chromium executable.",
    );
  });
});
