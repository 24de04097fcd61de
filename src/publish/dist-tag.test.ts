import { describe, expect, it } from "vitest";
import { defaultDistTag } from "./dist-tag.js";

describe("the dist-tag a version goes out under when publish is given none", () => {
  it.each([
    ["1.0.0", undefined],
    ["1.0.0+build.7", undefined],
    ["1.0.0-beta.2", "beta"],
    ["2.0.0-rc1+sha.5a1", "rc1"],
    ["1.0.0-0", "next"],
    ["1.0.0-v2", "next"],
  ])("%s: %s", (version, tag) => {
    expect(defaultDistTag(version)).toBe(tag);
  });
});
