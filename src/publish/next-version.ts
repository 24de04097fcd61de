// The version a package takes for its largest change, read and written by
// npm's own semver. A release follows semver (in 0.x, where npm's caret
// ranges treat the minor as breaking, a breaking change bumps the minor and
// anything else the patch). A prerelease follows changesets' pre mode: it is
// a preview of the release it names (1.0.0-beta.1 previews 1.0.0, a major),
// so a change no larger than that release's bump takes the next prerelease
// (1.0.0-beta.1 + a breaking change → 1.0.0-beta.2), and a larger one moves to
// the larger release's first prerelease under the same identifier
// (1.2.0-rc.3 + a breaking change → 2.0.0-rc.0). Leaving the prerelease
// (1.0.0-beta.4 → 1.0.0) is a choice made by hand, as changesets' `pre exit`.
// Build metadata (+…) describes a build, not the API: it is kept as it is.
import semver from "semver";

export type BumpLevel = "patch" | "minor" | "breaking";

const RANK: Record<BumpLevel, number> = { patch: 0, minor: 1, breaking: 2 };

/** What a release bumps in semver's terms: in 0.x the minor is the breaking place. */
function releaseType(version: semver.SemVer, level: BumpLevel): "major" | "minor" | "patch" {
  if (version.major === 0) return level === "breaking" ? "minor" : "patch";
  return level === "breaking" ? "major" : level === "minor" ? "minor" : "patch";
}

/**
 * The level of change the release a prerelease previews already makes room for (1.0.0-x: breaking; 1.2.0-x: minor;
 * 1.2.3-x: patch).
 */
function previewedLevel(version: semver.SemVer): BumpLevel {
  if (version.major === 0) return version.patch === 0 ? "breaking" : "patch";
  return version.minor === 0 && version.patch === 0 ? "breaking" : version.patch === 0 ? "minor" : "patch";
}

/**
 * The next version of `version` for a change of `level` (none: unchanged; a version semver does not read: unchanged).
 */
export function nextVersion(version: string, level: BumpLevel | undefined): string {
  const parsed = semver.parse(version);
  if (!parsed || level === undefined) return version;
  const build = parsed.build.length ? `+${parsed.build.join(".")}` : "";
  let next: string | null;
  if (parsed.prerelease.length) {
    const identifier = typeof parsed.prerelease[0] === "string" ? parsed.prerelease[0] : undefined;
    const type =
      RANK[level] <= RANK[previewedLevel(parsed)]
        ? "prerelease"
        : (`pre${releaseType(new semver.SemVer(`${parsed.major}.${parsed.minor}.${parsed.patch}`), level)}` as const);
    next = semver.inc(
      parsed.version,
      type,
      undefined,
      identifier,
      identifier && type !== "prerelease" ? "0" : undefined,
    );
  } else next = semver.inc(parsed, releaseType(parsed, level));
  return next ? `${next}${build}` : version;
}
