// An operation whose only success is a redirect (a 3xx whose Location is the
// file's temporary address, as export downloads and storage-backed files
// answer) declares the file itself nowhere: its answer comes from another
// host. The runtime follows such a redirect to the file (runtime/call/
// download.ts), but the manifest's `download: true` needs the file's answer:
// `add` (and `upstream --accept`'s re-cut) adds a 200 of bytes to the cut,
// said in its header and noted. The mocks and the contract suite then answer
// the file as such; a real call follows the redirect.
type Json = Record<string, unknown>;

const FILE_ANSWER: Json = {
  description:
    "Added by blockwright add: the file the redirect points to (the published document declares no 2xx answer).",
  content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
};

/**
 * Give each chosen operation that answers only by redirect a 200 of bytes, first among its answers. Returns those given
 * one.
 */
export function withRedirectFileAnswers(chosen: readonly { id: string; op: Json }[]): string[] {
  const given: string[] = [];
  for (const { id, op } of chosen) {
    const responses = op.responses;
    if (!responses || typeof responses !== "object") continue;
    const statuses = Object.keys(responses);
    if (statuses.some((s) => /^2(\d\d|XX)$/i.test(s)) || !statuses.some((s) => /^3\d\d$/.test(s) && s !== "304"))
      continue;
    op.responses = { "200": structuredClone(FILE_ANSWER), ...(responses as Json) };
    given.push(`${id} 200`);
  }
  return given;
}
