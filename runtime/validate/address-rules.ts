// The rules every base address follows (a parameter such as instanceUrl, or the baseUrl option), checked once per
// address text; validate-params.ts gives them to a parameter's value.
import { isLoopback } from "../http/hosts.js";

/**
 * The rules every base address follows, whether a parameter (instanceUrl) or
 * the baseUrl option: https (http only for loopback), scheme and host only,
 * no credentials, query or fragment. Returns the origin, or the problem.
 */
export function checkAddress(text: string): { origin: string } | { problem: string; withhold?: boolean } {
  // A pure function of the text, called on every call with the same few addresses: remembered.
  let known = checkedAddresses.get(text);
  if (!known) {
    if (checkedAddresses.size >= 64) checkedAddresses.clear();
    known = parseAddress(text);
    checkedAddresses.set(text, known);
  }
  return known;
}

const checkedAddresses = new Map<string, { origin: string } | { problem: string; withhold?: boolean }>();

function parseAddress(text: string): { origin: string } | { problem: string; withhold?: boolean } {
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
  if (url.pathname.replace(/\/+$/, "") !== "") return { problem: "must be scheme and host only, without a path" };
  return { origin: url.origin };
}
