// How a delivery (a webhook's or a callback's POST) proves its sender, read from what the document says of its
// header parameters (their names, words and examples), or of a header its words or info.description name
// (described-headers.ts), and its body's fields: the Standard Webhooks headers, an Ed25519 signature
// (ed25519-signing.ts), an HMAC of the raw body in a header, or a secret the subscriber chose echoed in the body.
// Undefined when the document does not say enough to check a delivery: a trigger is never drafted unauthenticated.
import { formatPointer } from "@blockwright/runtime/internal";
import type { Manifest } from "../../load/precompiled/manifest-types.js";
import { followLocalRefs } from "../../load/json-ref.js";
import { describedHeaders } from "./described-headers.js";
import { ed25519Signing } from "./ed25519-signing.js";

type Json = Record<string, unknown>;
type Authentication = NonNullable<NonNullable<Manifest["triggers"]>[string]["authentication"]>;
type Hmac = NonNullable<Authentication["hmac"]>;

export interface DeliverySigning {
  authentication: Authentication;
  /** The trigger's input holding the secret. */
  secret: string;
  /** What was read from where, and what to check: the review note. */
  note: string;
}

/** A header of the delivery as the document describes it. */
interface Header {
  name: string;
  words: string;
  example?: string;
  /** Where the document describes it in words only (info.description), not as a header parameter. */
  saidIn?: string;
}

/** A header carrying a signature, by its name or its words. */
const SIGNATURE_HEADER = /signature|hmac|\bsigned\b/i;
/** Words saying the raw body is what is signed. */
const BODY_SIGNED = new RegExp(
  String.raw`\b(body|payload)\b[^.]{0,40}\bsign|` +
    String.raw`\b(sign(ed|ing|ature)?|hmac|hash|digest)\b[^.]{0,60}\b(body|payload)\b|` +
    String.raw`\b(body|payload)\b[^.]{0,20}\b(hmac|hash)`,
  "i",
);
/** A signed text holding more than the body (a time, an address): not drafted from words alone. */
const MORE_SIGNED = /\btimestamp\b|\burl\b|\bnonce\b/i;
const HEX = /^[0-9a-f]+$/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** A body field holding a secret the subscriber chose, echoed in every event. */
const ECHOED_SECRET = /^(client[_-]?state|(webhook[_-]?|shared[_-]?|signing[_-]?)?secret|verification[_-]?token)$/i;

/** How the delivery `operation` (a POST of a webhook or callback) is signed, when the document says so. */
export function deliverySigning(
  data: Json,
  operation: Json,
  pathItem: Json,
  bodyFields: Json,
): DeliverySigning | undefined {
  const declared = deliveryHeaders(data, operation, pathItem);
  // A header the words name (the document's or the delivery's) counts where no parameter declares it.
  const described = describedHeaders(
    data,
    operation,
    pathItem,
    /signature|hmac|\bsigned\b|^webhook-|timestamp/i,
  ).filter((h) => !declared.some((d) => d.name.toLowerCase() === h.name.toLowerCase()));
  const headers = [...declared, ...described];
  const names = new Map(headers.map((h) => [h.name.toLowerCase(), h]));
  if (names.has("webhook-signature") && (names.has("webhook-id") || names.has("webhook-timestamp")))
    return {
      authentication: { standardWebhooks: { toleranceSeconds: 300 } },
      secret: "signingSecret",
      note:
        "the delivery's headers are the Standard Webhooks ones (webhook-id, webhook-timestamp, webhook-signature): " +
        "drafted standardWebhooks with a 5-minute tolerance; check the provider follows the standard (a whsec_ " +
        "secret, v1, signatures) and how far from now its timestamp may be",
    };
  const ed25519 = ed25519Signing(headers);
  if (ed25519) return ed25519;
  // A header described in words only is read by its name: HMAC words near another header (webhook-id) say no more.
  const signatures = [
    ...declared.filter((h) => SIGNATURE_HEADER.test(h.name) || /\bhmac\b/i.test(h.words)),
    ...described.filter((h) => SIGNATURE_HEADER.test(h.name)),
  ];
  for (const header of signatures) {
    const hmac = hmacOf(header);
    if (hmac) return hmac;
  }
  const echoed = Object.keys(bodyFields).find((name) => ECHOED_SECRET.test(name));
  if (echoed)
    return {
      authentication: { sharedSecret: { pointer: formatPointer([echoed]) } },
      secret: "sharedSecret",
      note:
        `the delivery's body has a field ${echoed}: drafted as a secret the subscriber chose when subscribing, ` +
        "echoed in every event; check the document says so (the subscription must set it)",
    };
  return undefined;
}

/** An HMAC of the raw body in `header`, when its words or example say the algorithm, encoding and what is signed. */
function hmacOf(header: Header): DeliverySigning | undefined {
  const { name, words } = header;
  const prefixed = /^(sha(256|1))=(.+)$/i.exec(header.example ?? "");
  const prefix = prefixed ? `${prefixed[1]?.toLowerCase()}=` : undefined;
  const example = prefixed ? prefixed[3] : header.example;
  const encoding = encodingOf(words, example);
  const algorithm = algorithmOf(`${words} ${prefix ?? ""}`, encoding, example);
  const saysHmac =
    /\bhmac\b/i.test(`${name} ${words}`) || (SIGNATURE_HEADER.test(name) && /\bsha-?(256|1)\b/i.test(words));
  if (!saysHmac || !encoding || !algorithm || !BODY_SIGNED.test(words) || MORE_SIGNED.test(words)) return undefined;
  const hmac: Hmac = { algorithm, encoding, header: name, ...(prefix ? { prefix } : {}), signedText: "{body}" };
  const example_ = example ? `its example's ${example.length} ${encoding} characters` : "its words";
  const from = header.saidIn
    ? `drafted from the ${name} header that ${header.saidIn} describes in words (no header parameter declares it) ` +
      "as an HMAC of the raw body"
    : `drafted from the delivery's ${name} header, whose description says it is an HMAC of the raw body`;
  return {
    authentication: { hmac },
    secret: "signingSecret",
    note:
      `${from}: ` +
      `${algorithm} read from its words${prefix ? ` and its example's ${prefix} prefix` : ""}, ${encoding} from ` +
      `${example_}; check the secret is the one the provider gives for this webhook, and that nothing else (a ` +
      "timestamp) is signed",
  };
}

function encodingOf(words: string, example: string | undefined): Hmac["encoding"] | undefined {
  if (example && HEX.test(example) && (example.length === 64 || example.length === 40)) return "hex";
  if (example && BASE64.test(example) && (example.length === 44 || example.length === 28)) return "base64";
  if (/\bhex(adecimal)?\b/i.test(words)) return "hex";
  if (/\bbase-?64\b/i.test(words)) return "base64";
  return undefined;
}

function algorithmOf(
  words: string,
  encoding: Hmac["encoding"] | undefined,
  example: string | undefined,
): Hmac["algorithm"] | undefined {
  if (/\bsha-?256\b|sha256=/i.test(words)) return "sha256";
  if (/\bsha-?1\b|sha1=/i.test(words)) return "sha1";
  // The example's length alone: 32 bytes for SHA-256, 20 for SHA-1.
  const bytes =
    example && encoding === "hex" ? example.length / 2 : example ? Math.floor((example.length * 3) / 4) - 1 : 0;
  return bytes === 32 ? "sha256" : bytes === 20 ? "sha1" : undefined;
}

/** The delivery's header parameters (the path item's and the operation's), with their words and first example. */
function deliveryHeaders(data: Json, operation: Json, pathItem: Json): Header[] {
  const params = [pathItem.parameters, operation.parameters].flatMap((list) => (Array.isArray(list) ? list : []));
  return params.flatMap((raw) => {
    const p = followLocalRefs(data, raw);
    if (p?.in !== "header" || typeof p.name !== "string") return [];
    const schema = followLocalRefs(data, p.schema) ?? {};
    const words = [p.description, schema.description].filter((w) => typeof w === "string").join(" ");
    const examples = Object.values((p.examples ?? {}) as Json).map((e) => followLocalRefs(data, e)?.value);
    const example = [p.example, schema.example, ...examples].find((e) => typeof e === "string") as string | undefined;
    return [{ name: p.name, words, ...(example ? { example } : {}) }];
  });
}
