// A delivery signed with Ed25519, read from what the document says of its headers (their words and examples, as
// delivery-signing.ts reads them): the signature's header and encoding, the timestamp's header, and what is signed
// (the timestamp, a separator the words show, the raw body). The trigger's input is the public key the provider
// publishes. Undefined when the words leave any of it unsaid: a trigger is never drafted unchecked.
import type { Manifest } from "../../load/precompiled/manifest-types.js";

type Authentication = NonNullable<NonNullable<Manifest["triggers"]>[string]["authentication"]>;
type Ed25519 = NonNullable<Authentication["ed25519"]>;

/** A header of the delivery as the document describes it (delivery-signing.ts's). */
export interface SignedHeader {
  name: string;
  words: string;
  example?: string;
  saidIn?: string;
}

const ED25519 = /\bed-?25519\b/i;
const SIGNATURE = /signature|\bsigned\b/i;
const TIMESTAMP = /timestamp/i;
/** An Ed25519 signature is 64 bytes: 128 hex digits, 88 base64 characters. */
const HEX_SIGNATURE = /^[0-9a-f]{128}$/i;
const BASE64_SIGNATURE = /^[A-Za-z0-9+/]{86}==$/;
/** The separator the words put between the timestamp and the body: a quoted character, or one named. */
const SEPARATOR = new RegExp(
  String.raw`timestamp\W{0,4}(?:(?:and|then|followed by|\+)\s+)?(?:an?\s+)?` +
    String.raw`(?:["'\x60]([|.:,])["'\x60]|(pipe|period|dot|colon|comma)\b)`,
  "i",
);
const NAMED: Record<string, string> = { pipe: "|", period: ".", dot: ".", colon: ":", comma: "," };

/** How the delivery is signed with Ed25519, when its headers' words say it. */
export function ed25519Signing(
  headers: SignedHeader[],
): { authentication: Authentication; secret: string; note: string } | undefined {
  const signature = headers.find((h) => SIGNATURE.test(h.name) && ED25519.test(`${h.name} ${h.words}`));
  if (!signature) return undefined;
  const encoding = encodingOf(signature);
  if (!encoding) return undefined;
  const timestamp = headers.find((h) => h !== signature && TIMESTAMP.test(h.name));
  // A signed timestamp whose header no word names cannot be checked: not drafted.
  if (!timestamp && TIMESTAMP.test(signature.words)) return undefined;
  const said = SEPARATOR.exec(signature.words);
  const separator = said ? (said[1] ?? NAMED[(said[2] as string).toLowerCase()] ?? "") : "";
  const ed25519: Ed25519 = {
    encoding,
    header: signature.name,
    signedText: timestamp ? `{timestamp}${separator}{body}` : "{body}",
    ...(timestamp ? { timestamp: { header: timestamp.name, toleranceSeconds: 300 } } : {}),
  };
  const where = signature.saidIn ? `${signature.saidIn}'s words` : `the delivery's ${signature.name} header`;
  return {
    authentication: { ed25519 },
    secret: "publicKey",
    note:
      `drafted from ${where} as an Ed25519 signature (${encoding}) of ${ed25519.signedText}` +
      `${timestamp ? `, the time in ${timestamp.name} within 5 minutes` : ""}: the trigger's input publicKey is the ` +
      "public key the provider publishes (PEM, or its 32 bytes as hex or base64); check what is signed and the " +
      "separator",
  };
}

function encodingOf(header: SignedHeader): Ed25519["encoding"] | undefined {
  if (header.example && HEX_SIGNATURE.test(header.example)) return "hex";
  if (header.example && BASE64_SIGNATURE.test(header.example)) return "base64";
  if (/\bhex(adecimal)?(-encoded)?\b/i.test(header.words)) return "hex";
  if (/\bbase-?64(-encoded)?\b/i.test(header.words)) return "base64";
  return undefined;
}
