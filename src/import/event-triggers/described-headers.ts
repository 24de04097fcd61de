// The signature headers a document describes only in words: a delivery's (its operation's or path item's) summary or
// description, or the document's info.description, which often says once for every webhook how it is signed
// ("Each request carries an `X-Zq-Signature` header: the hex HMAC SHA-256 of the raw body"). Each header named there
// is read with the words around it (its sentence and the two after, in its paragraph), as a header parameter is read
// with its description (delivery-signing.ts).

type Json = Record<string, unknown>;

/** A header the words name, with those words and where they are. */
export interface DescribedHeader {
  name: string;
  words: string;
  /** Where the words are, for the review note: `info.description`, `the delivery's description`. */
  saidIn: string;
}

/** A header's name as written in prose: words joined by hyphens (`X-Zq-Signature`, `webhook-id`). */
const HEADER_NAME = /(?<![\w-])[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+(?![\w-])/g;
/** Words saying a paragraph of the document's own description is about what it delivers, not the calls it takes. */
const ABOUT_DELIVERIES = /\b(webhooks?|callbacks?|notifications?|events?|deliver(y|ies|ed|s)?)\b/i;
/** How many sentences after the one naming the header are read with it. */
const SENTENCES_AFTER = 2;

/** The headers named in the delivery's words and the document's, the delivery's first. */
export function describedHeaders(data: Json, operation: Json, pathItem: Json, named: RegExp): DescribedHeader[] {
  const info = data.info && typeof data.info === "object" ? (data.info as Json) : {};
  const texts: [unknown, string, boolean][] = [
    [operation.description, "the delivery's description", false],
    [operation.summary, "the delivery's summary", false],
    [pathItem.description, "the delivery's description", false],
    // The document's own words may say how its calls are signed: read only where they speak of deliveries.
    [info.description, "info.description", true],
  ];
  const found: DescribedHeader[] = [];
  for (const [text, saidIn, ofDeliveries] of texts) {
    if (typeof text !== "string") continue;
    for (const paragraph of text.split(/\n\s*\n/)) {
      if (ofDeliveries && !ABOUT_DELIVERIES.test(paragraph)) continue;
      const sentences = paragraph.split(/(?<=[.!?])\s+/);
      sentences.forEach((sentence, i) => {
        for (const [name] of sentence.matchAll(HEADER_NAME)) {
          if (!named.test(name) || found.some((h) => h.name.toLowerCase() === name.toLowerCase())) continue;
          const words = sentences.slice(i, i + 1 + SENTENCES_AFTER).join(" ");
          found.push({ name, words, saidIn });
        }
      });
    }
  }
  return found;
}
