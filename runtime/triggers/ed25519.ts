// Ed25519 signatures of deliveries, over WebCrypto (Node's node:crypto behind
// globalThis.crypto, browsers and edge runtimes alike): the provider signs with
// its private key, the receiver checks with the public key the provider
// publishes. Keys are read in the forms providers publish them: PEM, or the
// raw 32 bytes (or their DER) as hex or base64.
import { fromBase64, fromHex } from "./signature.js";

/** DER of PKCS #8 for an Ed25519 private key, before its 32-byte seed (RFC 8410, section 7). */
const PKCS8_SEED_PREFIX = Uint8Array.from([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]);
/** An Ed25519 public key as SubjectPublicKeyInfo DER is 44 bytes; its raw form 32. */
const SPKI_BYTES = 44;
const RAW_BYTES = 32;
/** A PKCS #8 private key as DER is 48 bytes. */
const PKCS8_BYTES = 48;

/** A key's bytes from PEM, hex or base64 text; undefined when it is none of them. */
function keyBytes(text: string): { pem: boolean; bytes: Uint8Array } | undefined {
  const t = text.trim();
  const pem = /^-----BEGIN [A-Z ]+-----([\s\S]*?)-----END [A-Z ]+-----$/.exec(t);
  if (pem) {
    const bytes = fromBase64((pem[1] as string).replace(/\s+/g, ""));
    return bytes && { pem: true, bytes };
  }
  // 64 hex digits also read as base64 (48 bytes, no key's length): hex first.
  const hex = /^[0-9a-fA-F]{64}$/.test(t) ? fromHex(t) : undefined;
  if (hex) return { pem: false, bytes: hex };
  const bytes = fromBase64(t);
  return bytes && { pem: false, bytes };
}

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error("WebCrypto (globalThis.crypto.subtle) is not available in this runtime");
  return s;
}

/** The public key to check with, or why the text is none. */
export async function ed25519PublicKey(text: string): Promise<CryptoKey | string> {
  const key = keyBytes(text);
  const format = key?.bytes.length === RAW_BYTES ? "raw" : key?.bytes.length === SPKI_BYTES ? "spki" : undefined;
  if (!key || !format) return "the public key is not an Ed25519 key (PEM, or its 32 bytes as hex or base64)";
  try {
    return await subtle().importKey(format, key.bytes as BufferSource, { name: "Ed25519" }, false, ["verify"]);
  } catch {
    return "the public key is not an Ed25519 key (PEM, or its 32 bytes as hex or base64)";
  }
}

/** Whether `signature` is the key's signature of `text`. */
export async function ed25519Verify(key: CryptoKey, signature: Uint8Array, text: string): Promise<boolean> {
  return subtle().verify("Ed25519", key, signature as BufferSource, new TextEncoder().encode(text) as BufferSource);
}

/** The signature of `text` with a private key (PKCS #8 PEM or DER, or its 32-byte seed, as hex or base64). */
export async function ed25519Sign(privateKey: string, text: string): Promise<Uint8Array> {
  const key = keyBytes(privateKey);
  const der =
    key?.bytes.length === RAW_BYTES
      ? Uint8Array.from([...PKCS8_SEED_PREFIX, ...key.bytes])
      : key?.bytes.length === PKCS8_BYTES
        ? key.bytes
        : undefined;
  if (!der) throw new Error("the signing key is not an Ed25519 private key (PKCS #8 PEM, or its 32-byte seed)");
  const cryptoKey = await subtle().importKey("pkcs8", der as BufferSource, { name: "Ed25519" }, false, ["sign"]);
  return new Uint8Array(await subtle().sign("Ed25519", cryptoKey, new TextEncoder().encode(text) as BufferSource));
}
