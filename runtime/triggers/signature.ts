// Signatures of deliveries, over WebCrypto (browsers, edge runtimes and Node
// alike): the text a provider signs, built from a declared template, and an
// HMAC of it compared in constant time.
import type { SignedText } from "../spec/trigger-types.js";

/** What a signed-text template may refer to. */
export interface SigningParts {
  body: string;
  timestamp?: string;
  id?: string;
  url?: string;
  headers: Record<string, string>;
}

const PLACEHOLDER = /\{(body|timestamp|id|url|form|header:[^}]+)\}/g;

/** The text to sign: the template with each placeholder replaced. */
export function signedText(template: SignedText, parts: SigningParts): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    if (name === "body") return parts.body;
    if (name === "timestamp") return parts.timestamp ?? "";
    if (name === "id") return parts.id ?? "";
    if (name === "url") return parts.url ?? "";
    if (name === "form") return sortedForm(parts.body);
    return parts.headers[name.slice("header:".length).toLowerCase()] ?? "";
  });
}

/** A form body's parameters sorted by name, each name followed by its value (how form-posting providers sign). */
function sortedForm(body: string): string {
  const pairs = [...new URLSearchParams(body)];
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return pairs.map(([k, v]) => k + v).join("");
}

export type HmacAlgorithm = "SHA-256" | "SHA-1";

/** The HMAC of `text` with `key`, as bytes. */
export async function hmac(algorithm: HmacAlgorithm, key: Uint8Array, text: string): Promise<Uint8Array> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error("WebCrypto (globalThis.crypto.subtle) is not available in this runtime");
  const cryptoKey = await subtle.importKey("raw", key as BufferSource, { name: "HMAC", hash: algorithm }, false, [
    "sign",
  ]);
  return new Uint8Array(await subtle.sign("HMAC", cryptoKey, new TextEncoder().encode(text) as BufferSource));
}

export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

/** Base64 of bytes (btoa takes a text of one character per byte: made in slices, as a spread of a file would overflow
 * the stack and a character at a time is slow). */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Base64 (standard or URL alphabet) to bytes; undefined when it is not base64. */
export function fromBase64(text: string): Uint8Array | undefined {
  const normal = text.replace(/-/g, "+").replace(/_/g, "/");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(normal)) return undefined;
  try {
    const binary = atob(normal);
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** Hex to bytes; undefined when it is not hex of whole bytes. */
export function fromHex(text: string): Uint8Array | undefined {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(text)) return undefined;
  return Uint8Array.from(text.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
}

/** Equal strings, compared without stopping at the first difference (no timing hint to a forger). */
export function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}
