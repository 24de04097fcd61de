// Which dist-tag a version goes out under when `publish` is given none. npm
// points `latest` at whatever is published without a tag, so a prerelease
// published plainly would become what `npm install` picks for everyone; it
// goes to a tag named after its prerelease identifier instead (1.0.0-beta.2 →
// beta; a bare number, 1.0.0-0 → next). Versions are read by npm's own semver.
import semver from "semver";

/** The dist-tag for `version` when the user named none: undefined (npm's `latest`) for a release. */
export function defaultDistTag(version: string): string | undefined {
  const pre = semver.prerelease(version);
  if (!pre?.length) return undefined;
  const first = String(pre[0]);
  // npm refuses a tag that reads as a version or a range; an identifier such as `rc1` is fine.
  return /^[A-Za-z][A-Za-z0-9._-]*$/.test(first) && !/^v\d/i.test(first) ? first : "next";
}
