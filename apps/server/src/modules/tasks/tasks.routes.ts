import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema, IdParamsSchema, TaskDetailSchema, TaskListQuerySchema, TaskPageSchema, TaskSchema } from '@proxai/contract';
import { currentOrg, currentUser } from '../../plugins/app/auth';
import { cancelTask, getTaskDetail, listTasksOf } from './tasks.service';

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
    async (request) => listTasksOf(app.db, currentOrg(currentUser(request)), request.query),
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
          'Cancel a task that has not started yet (409 once it runs on the host); a running parent task starts no more children',
        params: IdParamsSchema,
        response: { 200: TaskSchema, ...errors, 409: ErrorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return cancelTask(app.db, user, currentOrg(user), request.params.id);
    },
  );
};
