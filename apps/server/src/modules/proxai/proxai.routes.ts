import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdviceQuerySchema, AdviceSchema, ErrorSchema } from '@proxai/contract';
import { getAdvice, pickLanguage } from './proxai.service';
import { currentOrg, currentUser } from '../../kernel/request-context';

export const proxaiRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, log: app.log };
  app.get(
    '/proxai/advice',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['proxai'],
        summary: "Advice on the organisation's fleet (rules, or an OpenAI-compatible model when AI_BASE_URL is set)",
        querystring: AdviceQuerySchema,
        response: { 200: AdviceSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return getAdvice(deps, user, currentOrg(user), pickLanguage(request.headers['accept-language'], user.language));
    },
  );
};
