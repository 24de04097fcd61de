// The address a workflow platform's user types beside the provider's key (n8n's credential's Base URL, a Sim
// block's user-only baseUrl): a sandbox, a mock or a proxy of the same API. Whoever holds the key chose where it
// goes, in the same form, so that https host is allowed for that key (`allowHosts`), as `--allow-host` allows one
// on the command line; neither platform has another place to allow it. The runtime's other rules stay: no
// credentials in the address, plain http only on loopback (validate-params.ts checkAddress), and no redirect to
// another origin carrying the key.
import { allowedHostProblem } from "../http/hosts.js";

/** The call options of an address typed into the credential's form; none for an input left empty. */
export function chosenAddress(value: unknown): { baseUrl?: string; allowHosts?: string[] } {
  if (typeof value !== "string" || value.trim() === "") return {};
  const baseUrl = value.trim();
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    // Not an address: the runtime refuses it, in its words.
    return { baseUrl };
  }
  // http (refused unless loopback, which needs no allowing) and an address with credentials are the runtime's to
  // refuse; a host no pattern can name (one label) keeps the runtime's refusal.
  const plain = url.protocol === "https:" && url.username === "" && url.password === "";
  return plain && allowedHostProblem(url.hostname) === undefined && url.hostname !== "*"
    ? { baseUrl, allowHosts: [url.hostname] }
    : { baseUrl };
}
