import type { FastifyInstance } from 'fastify';

/** Demo organisation with simulated PVE nodes (dashboard issue). Returns a function that stops it. */
export async function startDemo(_app: FastifyInstance): Promise<() => Promise<void>> {
  return async () => {};
}
