import { z } from 'zod';
import { DomainEventDataSchemas } from '@proxai/contract';

// The domain events as the OpenAPI 3.1 `webhooks` of the document (ADR 017): one per type of
// DomainEventDataSchemas, read when the document is built, in the Standard Webhooks envelope the organisation's
// webhook channels receive (notifications/formatters.ts webhookRequest).

type Json = Record<string, unknown>;

/** The Standard Webhooks headers of every delivery. */
export const WEBHOOK_PARAMETERS = {
  WebhookId: {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'Unique id of the message; the same on every retry (deduplicate on it).',
    schema: { type: 'string' },
    example: 'msg_evt_18342',
  },
  WebhookTimestamp: {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix time in seconds of this attempt; refuse messages too far from your clock (replays).',
    schema: { type: 'string', pattern: '^[0-9]+$' },
    example: '1795503302',
  },
  WebhookSignature: {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the ' +
      "channel's secret (two while a rotated secret is still valid): accept the message when one matches.",
    schema: { type: 'string' },
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
} as const;
const parameterRef = (name: keyof typeof WEBHOOK_PARAMETERS) => ({ $ref: `#/components/parameters/${name}` });

/** A domain event's JSON Schema, referencing the document's components for schemas with an id (Task). */
export function eventDataJsonSchema(schema: z.ZodType): Json {
  const placeholder = '__component__';
  const registry = z.registry<{ id: string }>();
  registry.add(schema, { id: 'EventData' });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io: 'output',
    metadata: z.globalRegistry,
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    uri: () => placeholder,
  });
  const { $schema: _schema, $id: _id, ...json } = schemas.EventData as Json;
  const text = JSON.stringify(json).replaceAll(`"${placeholder}#/$defs/`, '"#/components/schemas/');
  return JSON.parse(text) as Json;
}

/** One webhook per domain event type: the Standard Webhooks request an organisation's receiver gets. */
export function domainEventWebhooks(): Json {
  const parameters = [parameterRef('WebhookId'), parameterRef('WebhookTimestamp'), parameterRef('WebhookSignature')];
  const webhooks: Json = {};
  for (const [type, schema] of Object.entries(DomainEventDataSchemas)) {
    webhooks[type] = {
      post: {
        tags: ['webhooks'],
        summary: `Domain event ${type}`,
        description:
          'Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, ' +
          'answer 2xx quickly; other answers and timeouts are retried with back-off.',
        parameters,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  type: { type: 'string', const: type },
                  timestamp: { type: 'string', format: 'date-time', description: 'When the event happened' },
                  data: eventDataJsonSchema(schema),
                },
                required: ['type', 'timestamp', 'data'],
                additionalProperties: false,
              },
            },
          },
        },
        responses: { '2XX': { description: 'Received' } },
      },
    };
  }
  return webhooks;
}
