// Header parameters whose definitions OpenAPI 3 says to ignore ("If in is
// "header" and the name field is "Accept", "Content-Type" or
// "Authorization", the parameter definition SHALL be ignored"): the media
// types and the security schemes say those headers. One record for every
// step that meets them: add does not draft them, the link does not ask for
// them, mocks do not require them.

const IGNORED_HEADER_NAMES = new Set(["accept", "content-type", "authorization"]);

/** Whether a declared parameter is one OpenAPI ignores. */
export function isIgnoredHeader(declared: { in?: unknown; name?: unknown }): boolean {
  return declared.in === "header" && typeof declared.name === "string" && IGNORED_HEADER_NAMES.has(declared.name.toLowerCase());
}
