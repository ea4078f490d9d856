// The whole database schema; drizzle-kit reads this file to generate migrations.
export * from './auth';
export * from './hosts';
export * from './licenses';
export * from './public';
export * from './jobs';
export * from './automation';
export * from './metrics';
export * from './alerts';
export * from './notifications';
export * from './metrics-collect';
export * from './backups';
export * from './pbs';
export * from './restore-tests';
export * from './teams';
export * from './api-keys';
export * from './secret-check';
