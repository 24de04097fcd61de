// The AWS SDK for JavaScript v3 (@aws-sdk/client-secrets-manager) as the second judge of the corpus's Secrets Manager
// operations: AWS's own client of its JSON protocol, signing with AWS's own signer. A client is the recorder as its
// endpoint, the call's access key id, secret key, session token and region, one attempt; each command takes the
// JSON body's fields as they are named on the wire (the JSON protocol has no path or query of its own).
import {
  CreateSecretCommand,
  DescribeSecretCommand,
  GetSecretValueCommand,
  ListSecretsCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from "@aws-sdk/client-secrets-manager";
import type { SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";
import type { LogicalCall } from "../../scripts/corpus/sdk/logical-call.js";

/** The operations that write a secret's value. */
const writes = ["CreateSecret", "PutSecretValue"];

const input = (c: LogicalCall) => (c.body && typeof c.body === "object" ? c.body : {}) as never;

const adapter: SdkAdapter<SecretsManagerClient> = {
  vendor: "secretsmanager",
  sdk: "@aws-sdk/client-secrets-manager",
  base: "https://secretsmanager.us-east-1.amazonaws.com",
  client: (base, call) =>
    new SecretsManagerClient({
      endpoint: base,
      region: call.credential.signing?.region ?? "us-east-1",
      credentials: {
        accessKeyId: call.credential.signing?.accessKeyId ?? "",
        secretAccessKey: call.credential.secret ?? "",
        ...(call.credential.signing?.sessionToken ? { sessionToken: call.credential.signing.sessionToken } : {}),
      },
      maxAttempts: 1,
    }),
  operations: {
    ListSecrets: (s, c) => s.send(new ListSecretsCommand(input(c))),
    DescribeSecret: (s, c) => s.send(new DescribeSecretCommand(input(c))),
    CreateSecret: (s, c) => s.send(new CreateSecretCommand(input(c))),
    GetSecretValue: (s, c) => s.send(new GetSecretValueCommand(input(c))),
    PutSecretValue: (s, c) => s.send(new PutSecretValueCommand(input(c))),
  },
  answer: { status: 200, headers: { "content-type": "application/x-amz-json-1.1" }, body: "{}" },
  quirks: [
    {
      kind: "document",
      at: "media type",
      why:
        "the SDK sends AWS's JSON protocol's own media type, application/x-amz-json-1.1 (its service model says the " +
        "protocol and its version); the document, converted from that model, types every body application/json, " +
        "which Blockwright sends as the document says",
    },
    ...writes.map((operation) => ({
      kind: "document" as const,
      operation,
      at: "body /SecretBinary",
      why:
        "SecretBinary is a blob in AWS's model, which the JSON protocol writes as base64: the SDK encodes the bytes " +
        "it is given; the document types it a string (format password) and says nothing of base64, so Blockwright " +
        "sends the text it is given: a caller gives the base64 text",
    })),
    ...writes.map((operation) => ({
      kind: "document" as const,
      operation,
      at: "body /ClientRequestToken",
      why:
        "the SDK fills an idempotency token the caller leaves out with a fresh UUID (the model's idempotencyToken " +
        "trait); the document says so in words only (a raw request must generate one itself), so Blockwright sends " +
        "none unless the caller gives it",
    })),
  ],
};

export default adapter;
