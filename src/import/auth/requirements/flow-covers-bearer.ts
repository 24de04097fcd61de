// Two ways that send one credential alike: an OAuth 2 scheme whose client credentials flow a program runs alone, and
// an HTTP bearer scheme (often a JWT, the very token that flow issues), both a bearer token in the Authorization
// header. Drafted as two ways, the bearer one ranked first, the flow was never drafted (auth.flows are the first
// way's) and the OAuth way got a second parameter that sends what the first one sends: a caller holding a client id
// and secret could not call. The OAuth way is drafted in the bearer way's place, its flow with it, and the bearer way
// goes: the OAuth way's access token, given as it is, is sent as the bearer way's would be.
import { fieldOf } from "@blockwright/runtime/internal";
import { credentialOf, type SecurityScheme } from "../../../load/security-schemes.js";
import type { Accepted } from "./accepted-ways.js";

type Json = Record<string, unknown>;

/** Whether a scheme is OAuth 2 with a client credentials flow whose token URL is written. */
function runsAlone(scheme: Json): boolean {
  if (scheme.type !== "oauth2" || scheme.flows === null || typeof scheme.flows !== "object") return false;
  const flow = (scheme.flows as Json).clientCredentials as Json | undefined;
  return flow !== null && typeof flow === "object" && typeof flow.tokenUrl === "string" && flow.tokenUrl.trim() !== "";
}

/** Whether a scheme is HTTP bearer: its token sent as `Authorization: Bearer`, as an OAuth 2 token is. */
function plainBearer(scheme: Json): boolean {
  return scheme.type === "http" && credentialOf(scheme as unknown as SecurityScheme)?.type === "bearer";
}

/**
 * The ways `chosen` (requirements as add keys them, best first) with each one-scheme HTTP bearer way that every
 * operation accepting it accepts a one-scheme OAuth 2 client credentials way for too replaced by that way (in the
 * place of the first one replaced); `dropped`, the bearer ways gone; a note for each.
 */
export function flowCoversBearer(
  chosen: readonly string[],
  required: readonly Accepted[],
  declared: Record<string, Json>,
  notes: string[],
): { chosen: string[]; dropped: string[] } {
  const single = (key: string) => !key.includes(" + ");
  const flow = chosen.find((k) => single(k) && runsAlone(fieldOf(declared, k)));
  if (flow === undefined) return { chosen: [...chosen], dropped: [] };
  const dropped = chosen.filter(
    (k) =>
      single(k) &&
      plainBearer(fieldOf(declared, k)) &&
      required.every((a) => !a.ways?.includes(k) || a.ways.includes(flow)),
  );
  if (!dropped.length) return { chosen: [...chosen], dropped: [] };
  // The OAuth way in the place of the first of it and the ways it replaces.
  const at = Math.min(chosen.indexOf(flow), ...dropped.map((k) => chosen.indexOf(k)));
  const ways = chosen.flatMap((k, i) => (i === at ? [flow] : k === flow || dropped.includes(k) ? [] : [k]));
  const several = dropped.length > 1;
  notes.push(
    `security scheme${several ? "s" : ""} ${dropped.join(", ")} (http bearer) send${several ? "" : "s"} ` +
      `a token as security scheme ${flow}'s access token is sent (Authorization: Bearer): drafted as ${flow}'s way ` +
      "alone, whose access token a call may give as it is, or whose client credentials flow obtains it",
  );
  return { chosen: ways, dropped };
}
