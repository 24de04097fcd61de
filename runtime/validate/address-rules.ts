// The rules every base address follows (a parameter such as instanceUrl, or the baseUrl option), checked once per
// address text; validate-params.ts gives them to a parameter's value.
import { isLoopback } from "../http/hosts.js";

/**
 * The rules every base address follows, whether a parameter (instanceUrl) or
 * the baseUrl option: https (http only for loopback), scheme and host only,
 * no credentials, query or fragment. Returns the origin, or the problem.
 */
export function checkAddress(text: string): { origin: string } | { problem: string; withhold?: boolean } {
  const known = checkInstanceAddress(text);
  return (known as { path?: string }).path ? { problem: "must be scheme and host only, without a path" } : known;
}

type Checked = { origin: string; path: string } | { problem: string; withhold?: boolean };

/**
 * An instance's address (a parameter of format base-url: a self-hosted service a reverse proxy serves under a path,
 * `https://example.com/gitlab`, as GitLab's relative URL, Jira's context path and Grafana's sub-path settings make
 * it): the rules of checkAddress but a path, which is kept (`path`: its segments as written, no trailing slash; ""
 * for none). The credential still goes only to the origin.
 */
export function checkInstanceAddress(text: string): Checked {
  // A pure function of the text, called on every call with the same few addresses: remembered.
  let known = checkedAddresses.get(text);
  if (!known) {
    if (checkedAddresses.size >= 64) checkedAddresses.clear();
    known = parseAddress(text);
    checkedAddresses.set(text, known);
  }
  return known;
}

const checkedAddresses = new Map<string, Checked>();

function parseAddress(text: string): Checked {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { problem: "must be an absolute address such as https://api.example.com" };
  }
  if (url.username || url.password) return { problem: "must not contain credentials", withhold: true };
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopback(url.hostname))) {
    return { problem: "must use https (http is allowed only for loopback hosts)" };
  }
  if (url.search || url.hash || text.includes("?") || text.includes("#"))
    return { problem: "must not contain a query or fragment" };
  // The path as the URL parser writes it (dot segments resolved, unsafe characters escaped), its trailing "/" and any
  // empty segments left out: `https://h//zq//base/` is `/zq/base`.
  return { origin: url.origin, path: url.pathname.replace(/\/+(?=\/|$)/g, "") };
}
