import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AlertCountSchema,
  AlertListQuerySchema,
  AlertPageSchema,
  AlertRuleSetInputSchema,
  AlertRuleSetSchema,
  AlertSchema,
  AlertSilenceSchema,
  ErrorSchema,
  IdParamsSchema,
} from '@proxai/contract';
import { acknowledgeAlert, countAlertsOf, getRules, listAlertsOf, putRules, silenceAlert } from './alerts.service';
import { requestContext } from '../../kernel/request-context';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/**
 * Alert rules and alerts (DESIGN.md §13), on every plan. Every member reads them; operators and above change
 * the rules, acknowledge and silence alerts.
 */
export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['alerts'];

  app.get(
    '/alert-rules',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: "The organisation's alert rules (the defaults until someone changes them)",
        response: { 200: AlertRuleSetSchema, ...errors },
      },
    },
    async (request) => getRules(db, requestContext(request)),
  );

  app.put(
    '/alert-rules',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary:
          'Replace the rule set: rules with an id are kept and changed, rules left out deleted (their alerts resolved), rules without an id added',
        body: AlertRuleSetInputSchema,
        response: { 200: AlertRuleSetSchema, ...errors },
      },
    },
    async (request) => putRules(db, requestContext(request), request.body),
  );

  app.get(
    '/alerts',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Alerts, newest first: active ones and history (filters; pages through next_cursor)',
        querystring: AlertListQuerySchema,
        response: { 200: AlertPageSchema, ...errors },
      },
    },
    async (request) => listAlertsOf(db, requestContext(request), request.query),
  );

  app.get(
    '/alerts/count',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'How many alerts are active, and not acknowledged (the header bell)',
        response: { 200: AlertCountSchema, ...errors },
      },
    },
    async (request) => countAlertsOf(db, requestContext(request)),
  );

  app.post(
    '/alerts/:id/ack',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Acknowledge an active alert: it stops escalating',
        params: IdParamsSchema,
        response: { 200: AlertSchema, ...errors, 409: ErrorSchema },
      },
    },
    async (request) => acknowledgeAlert(db, requestContext(request), request.params.id),
  );

  app.post(
    '/alerts/:id/silence',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Silence an active alert for some minutes: no escalation or resolve message meanwhile',
        params: IdParamsSchema,
        body: AlertSilenceSchema,
        response: { 200: AlertSchema, ...errors, 409: ErrorSchema },
      },
    },
    async (request) => silenceAlert(db, requestContext(request), request.params.id, request.body.minutes),
  );
};
