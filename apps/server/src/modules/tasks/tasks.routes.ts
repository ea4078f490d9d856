import { narrowTasks } from '../api-keys/scoped-lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema, IdParamsSchema, TaskDetailSchema, TaskListQuerySchema, TaskPageSchema, TaskSchema } from '@proxai/contract';
import { acceptedLanguage } from '../../i18n/messages';
import { cancelTask, getTaskDetail, listTasksOf } from './tasks.service';
import { currentOrg, currentUser } from '../../kernel/request-context';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/** The organisation's tasks: every long operation, newest first, with its progress, log and outcome. */
export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tasks'];

  app.get(
    '/tasks',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: "The organisation's tasks, newest first (filters; pages through next_cursor)",
        querystring: TaskListQuerySchema,
        response: { 200: TaskPageSchema, ...errors },
      },
    },
    async (request) => {
      const page = await listTasksOf(app.db, currentOrg(currentUser(request)), request.query);
      return { ...page, items: await narrowTasks(app.db, request.user, page.items) };
    },
  );

  app.get(
    '/tasks/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'A task with its log and, for a parent task, its children',
        params: IdParamsSchema,
        response: { 200: TaskDetailSchema, ...errors },
      },
    },
    async (request) => getTaskDetail(app.db, currentOrg(currentUser(request)), request.params.id),
  );

  app.post(
    '/tasks/:id/cancel',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary:
          'Cancel a task: a queued one at once; a running guest or snapshot task is stopped on its host and ends cancelled (409 when Proxmox refuses or it already finished there); a running parent task starts no more children and stops its running ones',
        params: IdParamsSchema,
        response: { 200: TaskSchema, ...errors, 409: ErrorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const deps = {
        db: app.db,
        config: app.config,
        log: app.log,
        language: acceptedLanguage(request.headers['accept-language']),
      };
      return cancelTask(deps, user, currentOrg(user), request.params.id);
    },
  );
};
