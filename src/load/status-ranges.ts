// A response keyed by a range of statuses (`2XX`, OpenAPI 3's wildcard), read
// as the status a mock answers for it: the range's first (`200`), as Prism
// serves a range, unless the document also declares that status itself,
// which then wins (a range covers only the statuses not declared).

/**
 * The responses of an operation, each range keyed by its first status; a range whose first status is declared is left
 * out.
 */
export function withRangesAsStatuses<T>(responses: [string, T][]): [string, T][] {
  const declared = new Set(responses.map(([status]) => status));
  return responses.flatMap(([status, response]): [string, T][] => {
    // The uppercase X only, as OpenAPI writes a range (and Prism serves one): `4xx` is no range to either.
    if (!/^[1-5]XX$/.test(status)) return [[status, response]];
    const first = `${status[0]}00`;
    return declared.has(first) ? [] : [[first, response]];
  });
}
