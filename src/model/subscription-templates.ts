// The values `blockwright serve` fills in the inputs of a trigger's
// subscription steps (`{{trigger.url}}`, …): one list, read by the link step
// (a manifest may use only these, where they have a value) and by serve's
// subscription keeper (which fills them).

export interface SubscriptionTemplate {
  /** What the value is, for messages. */
  means: string;
  /** A value of its kind, to check it against the parameter it is passed as; none where the user gives it. */
  sample?: (triggerId: string) => string;
  /** The subscription field the trigger must declare for the value to exist. */
  needs?: "lifetimeMinutes" | "lifecycle";
  /** The steps where it has no value yet. */
  notIn?: readonly ("create" | "renew" | "delete")[];
}

const TEMPLATES: Record<string, SubscriptionTemplate> = {
  "trigger.url": { means: "the address deliveries go to", sample: (id) => `https://hooks.example.com/triggers/${id}` },
  "trigger.secret": { means: "the trigger's secret (the trigger block's input)" },
  "trigger.expiresAt": {
    means: "now plus lifetimeMinutes, an ISO 8601 time",
    sample: () => "2026-01-01T00:00:00.000Z",
    needs: "lifetimeMinutes",
  },
  "trigger.lifecycleUrl": {
    means: "the address lifecycle notifications go to",
    sample: (id) => `https://hooks.example.com/triggers/${id}/lifecycle`,
    needs: "lifecycle",
  },
  "subscription.id": { means: "the id the create step answered", notIn: ["create"] },
};

/** The template of this name (`trigger.url`), if serve fills one. */
export function subscriptionTemplate(name: string): SubscriptionTemplate | undefined {
  return Object.hasOwn(TEMPLATES, name) ? TEMPLATES[name] : undefined;
}

/** `{{trigger.url}}, {{trigger.secret}}, …`: the list, for messages. */
export function subscriptionTemplateList(): string {
  return Object.keys(TEMPLATES)
    .map((name) => `{{${name}}}`)
    .join(", ");
}
