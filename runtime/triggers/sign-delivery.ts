// The provider's side of a trigger's authentication: the headers (or the
// echoed secret) that make a delivery verify. `blockwright emit` and the
// contract cases rehearse deliveries with it; verify-event.ts is the check.
import type { TriggerSpec } from "../spec/trigger-types.js";
import { ed25519Sign } from "./ed25519.js";
import { fromBase64, hmac, signedText, toBase64, toHex } from "./signature.js";

export interface SignOptions {
  secret: string;
  /** The signing time (default: now). */
  now?: Date | number;
  /** The event id (Standard Webhooks' `webhook-id`; default: a random one). */
  id?: string;
  url: string;
  contentType?: string;
}

/** The headers a delivery of `body` carries when the provider sends it. */
export async function signDelivery(
  spec: TriggerSpec,
  body: string,
  options: SignOptions,
): Promise<Record<string, string>> {
  const auth = spec.authentication;
  const nowMs =
    options.now === undefined ? Date.now() : typeof options.now === "number" ? options.now : options.now.getTime();
  const seconds = String(Math.floor(nowMs / 1000));
  const headers: Record<string, string> = { "content-type": options.contentType ?? "application/json" };
  if (auth.kind === "shared-secret") return headers;
  if (auth.kind === "standard-webhooks") {
    const id = options.id ?? `msg_${crypto.randomUUID()}`;
    const key = fromBase64(options.secret.startsWith("whsec_") ? options.secret.slice(6) : options.secret);
    if (!key) throw new Error("the secret is not base64 (Standard Webhooks secrets are `whsec_` and base64)");
    const signature = toBase64(await hmac("SHA-256", key, `${id}.${seconds}.${body}`));
    return { ...headers, "webhook-id": id, "webhook-timestamp": seconds, "webhook-signature": `v1,${signature}` };
  }
  if (auth.kind === "ed25519") {
    // The provider's side signs with its private key: `secret` is that key here, never the public one serve holds.
    const lowered = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    const timestamp = auth.timestamp ? seconds : undefined;
    const text = signedText(auth.signedText, { body, timestamp, url: options.url, headers: lowered });
    const signature = await ed25519Sign(options.secret, text);
    if (auth.timestamp) headers[auth.timestamp.header] = seconds;
    return { ...headers, [auth.header]: auth.encoding === "hex" ? toHex(signature) : toBase64(signature) };
  }
  const secret =
    auth.secret?.encoding === "base64"
      ? fromBase64(
          auth.secret.prefix && options.secret.startsWith(auth.secret.prefix)
            ? options.secret.slice(auth.secret.prefix.length)
            : options.secret,
        )
      : new TextEncoder().encode(options.secret);
  if (!secret) throw new Error("the secret is not base64, as the trigger declares");
  const timestamp = auth.timestamp ? seconds : undefined;
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const digest = await hmac(
    auth.algorithm,
    secret,
    signedText(auth.signedText, { body, timestamp, url: options.url, headers: lower }),
  );
  const signature = auth.encoding === "hex" ? toHex(digest) : toBase64(digest);
  if (auth.pairs) {
    const parts = [
      ...(auth.pairs.timestamp && timestamp ? [`${auth.pairs.timestamp}=${timestamp}`] : []),
      `${auth.pairs.signature}=${signature}`,
    ];
    return { ...headers, [auth.header]: parts.join(",") };
  }
  if (auth.timestamp?.header && timestamp) headers[auth.timestamp.header] = timestamp;
  return { ...headers, [auth.header]: `${auth.prefix ?? ""}${signature}` };
}
