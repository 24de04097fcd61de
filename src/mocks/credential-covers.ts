// The parameters a provider's credential stands in for, from its manifest's
// `auth` as read: the mock does not require them of a request (it carries the
// credential instead), and the request judge judges the credential there.
import { credentialCovers } from "../link/auth/credential-places.js";

/**
 * What a manifest's `auth` (as read, unchecked) says the credential covers: the parameters it names in `covers`,
 * and the slots of its schemes (the first's, those sent with it, the alternatives'); nothing for an `auth` that
 * names no scheme (generation reports why).
 */
export function credentialCoversOf(raw: unknown, document: object): (slot: { in: string; name: string }) => boolean {
  const auth = raw as { scheme?: unknown; covers?: unknown; also?: unknown; alternatives?: unknown } | undefined;
  if (typeof auth?.scheme !== "string") return () => false;
  const covers = Array.isArray(auth.covers) ? auth.covers.filter((c): c is string => typeof c === "string") : undefined;
  const schemes = ((document as { components?: { securitySchemes?: object } }).components?.securitySchemes ??
    {}) as Parameters<typeof credentialCovers>[1];
  // The other schemes' places too (sent with the first, or instead of it); a malformed list is generation's to report.
  const ways = (list: unknown) =>
    Array.isArray(list)
      ? list.filter((w): w is { scheme: string; param: string } => typeof w?.scheme === "string")
      : undefined;
  const also = ways(auth.also);
  // Not a way's alsoSends: the credential is sent there, so the mock holds a request to carry it as the document says.
  const alternatives = ways(auth.alternatives)?.map((w) => ({
    scheme: w.scheme,
    param: w.param,
    also: ways((w as { also?: unknown }).also) ?? [],
  }));
  return credentialCovers(
    {
      scheme: auth.scheme,
      ...(covers ? { covers } : {}),
      ...(also ? { also } : {}),
      ...(alternatives ? { alternatives } : {}),
    },
    schemes,
  );
}
