import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorSchema,
  IdParamsSchema,
  MessageSchema,
  ScheduleInputSchema,
  SchedulePageSchema,
  SchedulePatchSchema,
  SchedulePlanQuerySchema,
  SchedulePlanSchema,
  ScheduleSchema,
  TaskAcceptedSchema,
  WindowInputSchema,
  WindowPageSchema,
  WindowPatchSchema,
  WindowSchema,
} from '@proxai/contract';
import { planGate } from '../licenses/licenses.service';
import { planOf } from './plan.service';
import type { AutomationContext } from './schedule-checks';
import { AutomationListQuerySchema } from './schedule-dto';
import {
  createSchedule,
  getSchedule,
  listSchedulesOf,
  patchSchedule,
  removeSchedule,
  runScheduleNow,
  scheduleChangeStopsGuests,
} from './schedules.service';
import { createWindow, listWindowsOf, patchWindow, removeWindow } from './windows.service';
import { requestContext } from '../../kernel/request-context';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/** The request's context, always with the language its answers are written in. */
const context = (request: FastifyRequest): AutomationContext => requestContext(request);

/**
 * Maintenance windows, schedules and the week planner (DESIGN.md §12). Every member of the organisation reads them;
 * owners and admins change them; operators may also run a schedule now.
 */
export const schedulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['automation'];
  // Automation is in the Essential plan and above (SPEC.md §6): 403 plan_required below it.
  app.addHook('preHandler', planGate(db, 'nightly_automation'));

  app.get(
    '/windows',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: "The organisation's maintenance windows, by name (pages through next_cursor)",
        querystring: AutomationListQuerySchema,
        response: { 200: WindowPageSchema, ...errors },
      },
    },
    async (request) => listWindowsOf(db, context(request), request.query),
  );

  app.post(
    '/windows',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Add a maintenance window: on its days, from start (HH:MM in its time zone) for duration_minutes',
        body: WindowInputSchema,
        response: { 201: WindowSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createWindow(db, context(request), request.body)),
  );

  app.patch(
    '/windows/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Change a maintenance window (it must still fit the schedules that use it)',
        params: IdParamsSchema,
        body: WindowPatchSchema,
        response: { 200: WindowSchema, ...errors },
      },
    },
    async (request) => patchWindow(db, context(request), request.params.id, request.body),
  );

  app.delete(
    '/windows/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Delete a maintenance window (409 naming the schedules that still use it)',
        params: IdParamsSchema,
        response: { 200: MessageSchema, ...errors, 409: ErrorSchema },
      },
    },
    async (request) => {
      await removeWindow(db, context(request), request.params.id);
      return { message: 'Maintenance window deleted' };
    },
  );

  app.get(
    '/schedules',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: "The organisation's schedules, by name, with their next and last run (pages through next_cursor)",
        querystring: AutomationListQuerySchema,
        response: { 200: SchedulePageSchema, ...errors },
      },
    },
    async (request) => listSchedulesOf(db, context(request), request.query),
  );

  app.get(
    '/schedules/plan',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary:
          'Every occurrence of the enabled schedules in [from, to) (31 days at most, 2000 occurrences), with hosts, estimate, window and conflicts',
        querystring: SchedulePlanQuerySchema,
        response: { 200: SchedulePlanSchema, ...errors },
      },
    },
    async (request) => planOf(db, context(request), request.query),
  );

  app.get(
    '/schedules/:id',
    {
      onRequest: [app.authenticate],
      schema: { tags, summary: 'A schedule', params: IdParamsSchema, response: { 200: ScheduleSchema, ...errors } },
    },
    async (request) => getSchedule(db, context(request), request.params.id),
  );

  app.post(
    '/schedules',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Add a schedule: a snapshot policy or a guest action on the guests its selector picks, at each cron occurrence',
        body: ScheduleInputSchema,
        response: { 201: ScheduleSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createSchedule(db, context(request), request.body)),
  );

  app.patch(
    '/schedules/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Change a schedule (merged, then checked as a whole; the kind cannot change)',
        params: IdParamsSchema,
        body: SchedulePatchSchema,
        response: { 200: ScheduleSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = context(request);
      const stops = await scheduleChangeStopsGuests(db, ctx, request.params.id, request.body);
      if (stops && (await app.sensitiveGate(request, reply, { stepUp: true, approval: 'guests.bulk_stop' }))) return reply;
      return patchSchedule(db, ctx, request.params.id, request.body);
    },
  );

  app.delete(
    '/schedules/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Delete a schedule (its past tasks stay)',
        params: IdParamsSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await removeSchedule(db, context(request), request.params.id);
      return { message: 'Schedule deleted' };
    },
  );

  app.post(
    '/schedules/:id/run',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Run a schedule now, whatever its window: 202 with its task (GET /api/tasks/{id})',
        params: IdParamsSchema,
        response: { 202: TaskAcceptedSchema, ...errors, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const ctx = context(request);
      const stops = await scheduleChangeStopsGuests(db, ctx, request.params.id);
      if (stops && (await app.sensitiveGate(request, reply, { stepUp: true, approval: 'guests.bulk_stop' }))) return reply;
      const deps = { db, log: request.log, dispatch: app.jobs.send.bind(app.jobs) };
      return reply.code(202).send(await runScheduleNow(deps, ctx, request.params.id));
    },
  );
};
