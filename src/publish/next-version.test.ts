// Next versions as semver and changesets' pre mode have them: releases bump
// by the largest change (0.x: breaking → minor), prereleases count up while
// the change fits the release they preview, build metadata stays.
import { describe, expect, it } from "vitest";
import { nextVersion } from "./next-version.js";

describe("nextVersion", () => {
  it("bumps a release by the largest change, the minor standing for breaking in 0.x", () => {
    expect([nextVersion("1.4.2", "breaking"), nextVersion("1.4.2", "minor"), nextVersion("1.4.2", "patch")]).toEqual([
      "2.0.0",
      "1.5.0",
      "1.4.3",
    ]);
    expect([nextVersion("0.1.0", "breaking"), nextVersion("0.1.0", "minor"), nextVersion("0.1.0", "patch")]).toEqual([
      "0.2.0",
      "0.1.1",
      "0.1.1",
    ]);
  });

  it("counts a prerelease up while the change fits the release it previews", () => {
    expect(nextVersion("1.0.0-beta.1", "breaking")).toBe("1.0.0-beta.2");
    expect(nextVersion("1.2.0-rc.3", "minor")).toBe("1.2.0-rc.4");
    expect(nextVersion("1.2.3-0", "patch")).toBe("1.2.3-1");
    expect(nextVersion("0.2.0-beta.0", "breaking")).toBe("0.2.0-beta.1");
  });

  it("moves a prerelease to the larger release's first prerelease, under the same identifier", () => {
    expect(nextVersion("1.2.0-rc.3", "breaking")).toBe("2.0.0-rc.0");
    expect(nextVersion("1.2.3-rc.1", "minor")).toBe("1.3.0-rc.0");
    expect(nextVersion("0.2.1-beta.0", "breaking")).toBe("0.3.0-beta.0");
    expect(nextVersion("1.2.3-0", "breaking")).toBe("2.0.0-0");
  });

  it("keeps build metadata, and leaves a version alone when nothing changed or semver does not read it", () => {
    expect(nextVersion("1.0.0-beta.1+exp.sha.5114f85", "patch")).toBe("1.0.0-beta.2+exp.sha.5114f85");
    expect(nextVersion("1.0.0+build.7", "minor")).toBe("1.1.0+build.7");
    expect(nextVersion("1.0.0-beta.1", undefined)).toBe("1.0.0-beta.1");
    expect(nextVersion("v-next", "breaking")).toBe("v-next");
  });
});
