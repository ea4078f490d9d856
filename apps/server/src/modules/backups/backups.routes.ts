import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BackupCoverageQuerySchema,
  BackupCoverageSchema,
  BackupListQuerySchema,
  BackupNowSchema,
  BackupPageSchema,
  CriticalFlagSchema,
  ErrorSchema,
  GuestCriticalSchema,
  IdParamsSchema,
  RestoreRequestSchema,
  TaskAcceptedSchema,
} from '@proxai/contract';
import { queueBackupNow, queueRestore } from './backup-actions.service';
import { backupCoverage, guestCritical, listBackupsPage, setGuestCritical } from './backups.service';
import { requestContext } from '../../kernel/request-context';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };
const actionErrors = { ...errors, 409: ErrorSchema };

/**
 * The backup inventory (every plan can read it), "Back up now" and restores (tasks, 202), and the critical flag of
 * a guest.
 */
export const backupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const jobDeps = { db: app.db, config: app.config, log: app.log, jobs: app.jobs };
  const tags = ['backups'];

  app.get(
    '/backups',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Backups of the inventory, newest first (keyset pages), and which storages could be read',
        querystring: BackupListQuerySchema,
        response: { 200: BackupPageSchema, ...errors },
      },
    },
    async (request) => listBackupsPage(db, requestContext(request), request.query),
  );

  app.get(
    '/backups/coverage',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: "Guests without a backup within `hours`, PVE's not-backed-up list and backup jobs, failed backup tasks",
        querystring: BackupCoverageQuerySchema,
        response: { 200: BackupCoverageSchema, ...errors },
      },
    },
    async (request) => backupCoverage(db, requestContext(request), request.query.hours),
  );

  app.post(
    '/backups/restore',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Restore a backup to a new VMID, or over its stopped original guest (admin): 202 with the task to follow',
        body: RestoreRequestSchema,
        response: { 202: TaskAcceptedSchema, ...actionErrors },
      },
    },
    async (request, reply) => reply.code(202).send(await queueRestore(jobDeps, requestContext(request), request.body)),
  );

  app.post(
    '/vms/:id/backup',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Back up the guest now (vzdump): 202 with the task to follow',
        params: IdParamsSchema,
        body: BackupNowSchema,
        response: { 202: TaskAcceptedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await queueBackupNow(jobDeps, requestContext(request), request.params.id, request.body)),
  );

  app.get(
    '/vms/:id/critical',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Whether the guest is critical: marked in ProxAI, or tagged `critical` in Proxmox',
        params: IdParamsSchema,
        response: { 200: GuestCriticalSchema, ...errors },
      },
    },
    async (request) => guestCritical(db, requestContext(request), request.params.id),
  );

  app.patch(
    '/vms/:id/critical',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Mark the guest critical in ProxAI, or not (operator or higher)',
        params: IdParamsSchema,
        body: CriticalFlagSchema,
        response: { 200: GuestCriticalSchema, ...errors },
      },
    },
    async (request) => setGuestCritical(db, requestContext(request), request.params.id, request.body.critical),
  );
};
